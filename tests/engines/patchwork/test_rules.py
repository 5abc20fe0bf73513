"""One test per Patchwork rule, each with a hand-checked value."""

from __future__ import annotations

import copy

import pytest

from engines.core.errors import IllegalAction, InvalidState, Reason
from engines.core.rng import CounterRng
from engines.patchwork import PATCHWORK, rules
from engines.patchwork.catalogue import PATCHES
from engines.patchwork.setup import shuffled_circle
from engines.patchwork.state import LeatherDue

from .helpers import ORDER, act, fresh, mask, position, square

ALL_BUT_TWO = square(0, 0, 7) & ~mask((0, 0), (0, 1))


# --- components and setup -----------------------------------------------------------------------


def test_components_are_the_33_reference_patches() -> None:
    assert len(PATCHES) == 33
    assert sum(len(p.cells) for p in PATCHES) == 166
    assert sum(p.buttons_cost for p in PATCHES) == 133
    assert sum(p.time_cost for p in PATCHES) == 107
    assert sum(p.income for p in PATCHES) == 38
    assert (PATCHES[0].buttons_cost, PATCHES[0].time_cost, len(PATCHES[0].cells)) == (2, 1, 2)


def test_setup_gives_five_buttons_and_both_markers_on_the_start_space() -> None:
    state = fresh()
    assert [(q.position, q.buttons, q.covered) for q in state.quilts] == [(0, 5, 0), (0, 5, 0)]


def test_setup_circle_is_seeded_and_ends_with_the_1x2() -> None:
    state = PATCHWORK.setup(["alice", "bob"], {}, "demo")
    assert state.circle == shuffled_circle(CounterRng("demo", 0))
    assert state.circle[-1] == 0
    assert sorted(state.circle) == list(range(33))
    assert state.circle[:3] == (11, 28, 4)  # sha256-ctr-v1, seed "demo": fixed forever
    assert PATCHWORK.setup(["alice", "bob"], {}, "demo").circle == state.circle
    assert PATCHWORK.setup(["alice", "bob"], {}, "other").circle != state.circle


def test_setup_external_takes_the_circle_from_the_table() -> None:
    state = PATCHWORK.setup(
        ["alice", "bob"], {"randomness": "external", "patch_order": ORDER}, None
    )
    assert state.circle == tuple(ORDER)
    assert PATCHWORK.encode_state(state)["rng"] == {"mode": "external"}


def test_setup_rejects_a_circle_that_does_not_end_with_the_1x2() -> None:
    with pytest.raises(InvalidState) as err:
        PATCHWORK.setup(["alice", "bob"], {"patch_order": list(range(33))}, None)
    assert [v.code for v in err.value.violations] == ["INVALID_PATCH_ORDER"]


def test_setup_external_without_a_circle_is_invalid() -> None:
    with pytest.raises(InvalidState) as err:
        PATCHWORK.setup(["alice", "bob"], {"randomness": "external"}, None)
    assert [v.code for v in err.value.violations] == ["MISSING_PATCH_ORDER"]


def test_setup_needs_exactly_two_players() -> None:
    with pytest.raises(InvalidState) as err:
        PATCHWORK.setup(["alice"], {}, "x")
    assert [(v.code, v.pointer) for v in err.value.violations] == [("PLAYER_COUNT", "/players")]


def test_first_player_option_chooses_who_starts() -> None:
    assert PATCHWORK.to_move(fresh()) == ["alice"]
    assert PATCHWORK.to_move(fresh(first_player="bob")) == ["bob"]


def test_leather_positions_default_and_alternative() -> None:
    assert fresh().leather_positions == (20, 26, 32, 44, 50)
    alt = fresh(leather_positions=[26, 32, 38, 44, 50])
    assert alt.leather_on_board == (26, 32, 38, 44, 50)


# --- turn order ---------------------------------------------------------------------------------


def test_turn_order_player_further_behind_moves() -> None:
    state = position(fresh(), alice={"position": 9}, bob={"position": 4})
    assert PATCHWORK.to_move(state) == ["bob"]


def test_turn_order_same_space_the_last_to_arrive_moves() -> None:
    # alice buys patch 8 (cost 3, time 2) and lands on bob's space.
    state = position(fresh(), alice={"position": 2}, bob={"position": 4}, circle=(8, 1, 2))
    state, _ = act(
        state,
        {
            "type": "buy_patch",
            "player": "alice",
            "patch": 8,
            "cells": [[0, 0], [0, 1], [1, 1], [1, 2]],
        },
    )
    assert [q.position for q in state.quilts] == [4, 4]
    assert PATCHWORK.to_move(state) == ["alice"]  # she arrived last: her marker is on top


# --- advance ------------------------------------------------------------------------------------


def test_advance_moves_just_past_the_opponent_one_button_per_space() -> None:
    state = position(fresh(), alice={"position": 0}, bob={"position": 3})
    state, events = act(state, {"id": "advance"})
    assert state.quilts[0].position == 4
    assert state.quilts[0].buttons == 5 + 4
    assert events[0] == {"type": "advanced", "player": "alice", "from": 0, "to": 4, "buttons": 4}


def test_advance_is_capped_at_the_final_space() -> None:
    state = position(fresh(), alice={"position": 50}, bob={"position": 53}, first_to_finish=1)
    state, _ = act(state, {"id": "advance"})
    assert state.quilts[0].position == 53
    assert state.quilts[0].buttons == 5 + 3  # 3 spaces moved, income 0 at mark 53


# --- buying a patch -----------------------------------------------------------------------------


def test_buy_patch_pays_the_cost_and_moves_time_and_the_neutral_token() -> None:
    state = position(fresh(), alice={"buttons": 10})
    # patch 2: cost 3, time 6, income 2 — the second of the next three (1, 2, 3).
    cells = [[0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [2, 1]]
    state, _ = act(state, {"type": "buy_patch", "player": "alice", "patch": 2, "cells": cells})
    alice = state.quilts[0]
    assert (alice.buttons, alice.position) == (10 - 3 + 2, 6)  # income mark 5 pays 2
    assert state.circle[:3] == (3, 4, 5)
    assert state.circle[-1] == 1  # the patch skipped over is now the farthest away
    assert len(state.circle) == 32


def test_buy_patch_only_from_the_next_three() -> None:
    state = position(fresh(), alice={"buttons": 50})
    cells = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]]  # patch 4's shape
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "buy_patch", "player": "alice", "patch": 4, "cells": cells})
    assert err.value.code == "PATCH_NOT_AVAILABLE"


def test_buy_patch_cannot_afford() -> None:
    state = fresh()  # 5 buttons; patch 1 costs 7
    with pytest.raises(IllegalAction) as err:
        act(
            state,
            {
                "type": "buy_patch",
                "player": "alice",
                "patch": 1,
                "cells": [[0, 0], [0, 1], [1, 1], [1, 2]],
            },
        )
    assert err.value.code == "CANNOT_AFFORD"


def test_buy_patch_may_be_rotated_or_flipped_but_must_keep_its_shape() -> None:
    state = position(fresh(), alice={"buttons": 20})
    mirrored = [[0, 1], [0, 2], [1, 0], [1, 1]]  # patch 1 (an S) flipped
    new, _ = act(state, {"type": "buy_patch", "player": "alice", "patch": 1, "cells": mirrored})
    assert new.quilts[0].patches == ((1, mask((0, 1), (0, 2), (1, 0), (1, 1))),)
    with pytest.raises(IllegalAction) as err:
        act(
            state,
            {
                "type": "buy_patch",
                "player": "alice",
                "patch": 1,
                "cells": [[0, 0], [0, 1], [0, 2], [0, 3]],
            },
        )
    assert err.value.code == "SHAPE_MISMATCH"


def test_patches_may_not_overlap() -> None:
    state = position(fresh(), alice={"buttons": 20, "leather": mask((1, 1))})
    with pytest.raises(IllegalAction) as err:
        act(
            state,
            {
                "type": "buy_patch",
                "player": "alice",
                "patch": 1,
                "cells": [[0, 0], [0, 1], [1, 1], [1, 2]],
            },
        )
    assert err.value.code == "OVERLAPS"


def test_circle_wraps_around() -> None:
    state = position(fresh(), alice={"buttons": 50}, circle=(30, 31, 32, 0))
    # patch 32 (an L of 3) is the third; the next three are then 0, then 30 and 31 behind the token.
    state, _ = act(
        state,
        {"type": "buy_patch", "player": "alice", "patch": 32, "cells": [[0, 0], [1, 0], [1, 1]]},
    )
    assert state.circle == (0, 30, 31)


def test_with_fewer_than_three_patches_left_all_are_choosable() -> None:
    state = position(fresh(), alice={"buttons": 50}, circle=(19, 0))
    buys = {a[2] for a in PATCHWORK.legal_actions(state) if a[0] == "buy_patch"}
    assert buys == {19, 0}


def test_symmetric_orientations_are_one_action() -> None:
    # The 2×2 square (27) has one orientation: 8 × 8 = 64 placements; the 1×2 (0): 2 × 72 = 144.
    state = position(fresh(), alice={"buttons": 50}, circle=(27, 0, 19))
    counts = {pid: 0 for pid in (27, 0, 19)}
    for kind, _, pid, _ in PATCHWORK.legal_actions(state):
        if kind == "buy_patch":
            counts[pid] += 1
    assert counts == {27: 64, 0: 144, 19: 2 * 7 * 9}


# --- time board events --------------------------------------------------------------------------


def test_income_mark_pays_the_buttons_on_the_quilt() -> None:
    # alice owns patch 1 (income 3) and moves from 4 to 6 over the mark at 5.
    state = position(
        fresh(),
        alice={"position": 4, "patches": ((1, mask((0, 0), (0, 1), (1, 1), (1, 2))),)},
        bob={"position": 5},
    )
    state, events = act(state, {"id": "advance"})
    assert state.quilts[0].buttons == 5 + 2 + 3
    assert {"type": "button_income", "player": "alice", "mark": 5, "buttons": 3} in events


def test_two_income_marks_in_one_move_pay_twice() -> None:
    state = position(
        fresh(),
        alice={"position": 4, "patches": ((1, mask((0, 0), (0, 1), (1, 1), (1, 2))),)},
        bob={"position": 11},
    )
    state, events = act(state, {"id": "advance"})  # 4 -> 12: marks 5 and 11
    assert state.quilts[0].buttons == 5 + 8 + 3 + 3
    assert [e["mark"] for e in events if e["type"] == "button_income"] == [5, 11]


def test_income_counts_the_patch_placed_this_turn() -> None:
    # alice at 3 buys patch 3 (cost 10, time 4, income 3): 3 -> 7 passes mark 5 and pays 3.
    state = position(
        fresh(), alice={"position": 3, "buttons": 10}, bob={"position": 8}, circle=(3, 1, 2)
    )
    cells = [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]]
    state, _ = act(state, {"type": "buy_patch", "player": "alice", "patch": 3, "cells": cells})
    assert (state.quilts[0].position, state.quilts[0].buttons) == (7, 0 + 3)


def test_landing_exactly_on_a_mark_triggers_it() -> None:
    state = position(
        fresh(),
        alice={"position": 3, "patches": ((1, mask((0, 0), (0, 1), (1, 1), (1, 2))),)},
        bob={"position": 4},
    )
    state, events = act(state, {"id": "advance"})  # 3 -> 5 lands on the mark
    assert [e["mark"] for e in events if e["type"] == "button_income"] == [5]


def test_leather_patch_passed_must_be_placed_before_anything_else() -> None:
    state = position(fresh(), alice={"position": 18}, bob={"position": 19})
    state, events = act(state, {"id": "advance"})  # 18 -> 20 lands on the leather patch at 20
    assert {"type": "leather_patch_won", "player": "alice", "mark": 20} in events
    assert PATCHWORK.to_move(state) == ["alice"]
    assert {a[0] for a in PATCHWORK.legal_actions(state)} == {"place_leather_patch"}
    assert len(PATCHWORK.legal_actions(state)) == 81
    with pytest.raises(IllegalAction) as err:
        act(state, {"id": "advance"})
    assert err.value.code == "LEATHER_PATCH_PENDING"
    state, _ = act(state, {"id": "leather:4,4"})
    assert state.quilts[0].leather == mask((4, 4))
    assert state.leather_on_board == (26, 32, 44, 50)
    assert PATCHWORK.to_move(state) == ["bob"]


def test_two_leather_patches_in_one_move_are_both_placed() -> None:
    # A marker takes every leather patch it passes. An advance stops just past the opponent, who
    # already took what lies behind, so two at once needs a buy whose time spans two positions:
    # possible when the configured positions are closer than a patch's time (here 2 apart).
    state = position(
        fresh(leather_positions=[20, 22]),
        alice={"position": 18, "buttons": 10},
        bob={"position": 19},
    )
    state, events = act(
        state,
        {
            "type": "buy_patch",
            "player": "alice",
            "patch": 1,
            "cells": [[0, 0], [0, 1], [1, 1], [1, 2]],
        },
    )
    assert [e["mark"] for e in events if e["type"] == "leather_patch_won"] == [20, 22]
    assert state.leather_due is not None and state.leather_due.count == 2
    state, _ = act(state, {"id": "leather:5,5"})
    state, _ = act(state, {"id": "leather:8,8"})
    assert state.quilts[0].leather == mask((5, 5), (8, 8))
    assert state.leather_due is None


def test_leather_patch_is_taken_only_by_the_first_to_pass_it() -> None:
    state = position(fresh(), alice={"position": 21, "leather": mask((0, 0))}, bob={"position": 19})
    state, events = act(state, {"id": "advance"})  # bob 19 -> 22: the patch at 20 is gone
    assert not [e for e in events if e["type"] == "leather_patch_won"]


def test_leather_patch_on_a_full_quilt_is_discarded() -> None:
    full = (1 << 81) - 1
    state = position(fresh(), alice={"position": 18, "leather": full}, bob={"position": 19})
    state, events = act(state, {"id": "advance"})
    assert state.leather_due is None
    assert {
        "type": "leather_patch_discarded",
        "player": "alice",
        "reason": "the quilt is full",
    } in events
    assert PATCHWORK.to_move(state) == ["bob"]


def test_second_leather_patch_is_discarded_when_the_first_fills_the_quilt() -> None:
    one_hole = ((1 << 81) - 1) & ~mask((8, 8))
    state = position(
        fresh(leather_positions=[20, 22]),
        alice={
            "position": 18,
            "buttons": 10,
            "leather": one_hole & ~mask((0, 0), (0, 1), (1, 1), (1, 2)),
        },
        bob={"position": 19},
    )
    state, _ = act(
        state,
        {
            "type": "buy_patch",
            "player": "alice",
            "patch": 1,
            "cells": [[0, 0], [0, 1], [1, 1], [1, 2]],
        },
    )
    assert state.leather_due is not None and state.leather_due.count == 2
    state, events = act(state, {"id": "leather:8,8"})
    assert state.leather_due is None
    assert [e["type"] for e in events].count("leather_patch_discarded") == 1


# --- the 7×7 bonus tile -------------------------------------------------------------------------


def test_bonus_tile_goes_to_the_first_to_fill_a_7x7_square() -> None:
    state = position(fresh(), alice={"leather": ALL_BUT_TWO}, bob={"position": 3}, circle=(0, 1, 2))
    state, events = act(
        state, {"type": "buy_patch", "player": "alice", "patch": 0, "cells": [[0, 0], [0, 1]]}
    )
    assert state.bonus_tile == 0
    assert {"type": "bonus_tile_won", "player": "alice"} in events


def test_bonus_tile_is_taken_only_once() -> None:
    state = position(
        fresh(), alice={"position": 5}, bob={"leather": ALL_BUT_TWO}, circle=(0, 1, 2), bonus_tile=0
    )
    state, events = act(
        state, {"type": "buy_patch", "player": "bob", "patch": 0, "cells": [[0, 0], [0, 1]]}
    )
    assert state.bonus_tile == 0
    assert not [e for e in events if e["type"] == "bonus_tile_won"]


# --- end and score ------------------------------------------------------------------------------


def test_game_ends_when_both_markers_reach_the_final_space() -> None:
    state = position(fresh(), alice={"position": 52}, bob={"position": 53}, first_to_finish=1)
    assert not PATCHWORK.is_finished(state)
    state, events = act(state, {"id": "advance"})
    assert PATCHWORK.is_finished(state)
    assert PATCHWORK.to_move(state) == []
    assert events[-1]["type"] == "game_over"
    with pytest.raises(IllegalAction) as err:
        act(state, {"id": "advance"})
    assert err.value.code == "GAME_OVER"


def test_score_is_buttons_plus_bonus_minus_two_per_empty_square() -> None:
    state = position(fresh(), alice={"buttons": 20, "leather": square(0, 0, 7)}, bonus_tile=0)
    alice = PATCHWORK.score(state).to_json()["players"][0]
    # 81 - 49 = 32 empty squares: 20 + 7 - 64 = -37
    assert alice["total"] == -37
    assert [(c["id"], c["points"]) for c in alice["components"]] == [
        ("buttons", 20),
        ("empty_squares", -64),
        ("bonus_tile", 7),
    ]


def test_tie_goes_to_whoever_reached_the_final_space_first() -> None:
    state = position(fresh(), alice={"position": 53}, bob={"position": 53}, first_to_finish=1)
    score = PATCHWORK.score(state).to_json()
    assert [p["total"] for p in score["players"]] == [5 - 162, 5 - 162]
    assert score["ranking"] == [{"player": "bob", "rank": 1}, {"player": "alice", "rank": 2}]
    assert score["tie_break"] == {"rule": "first_to_reach_final_space", "decided_by": "bob"}
    assert score["final"] is True


def test_first_to_finish_is_recorded_when_a_marker_reaches_the_final_space() -> None:
    state = position(fresh(), alice={"position": 50}, bob={"position": 53}, first_to_finish=1)
    state, events = act(state, {"id": "advance"})
    assert state.first_to_finish == 1
    assert {"type": "reached_final_space", "player": "alice", "first": False} in events


# --- what each rule reports -------------------------------------------------------------------


S_PATCH_1 = mask((0, 0), (0, 1), (1, 1), (1, 2))
"""Patch 1, the S tetromino, in the top-left corner."""


# --- what a move reports ------------------------------------------------------------------------


def test_advance_past_no_mark_reports_the_advance_alone() -> None:
    # alice 0 -> 4, just past bob on 3: the first income mark is 5 and the first leather patch 20.
    state = position(fresh(), alice={"position": 0}, bob={"position": 3})
    _, events = act(state, {"id": "advance"})
    assert events == [{"type": "advanced", "player": "alice", "from": 0, "to": 4, "buttons": 4}]


def test_first_marker_on_the_final_space_is_recorded_as_first() -> None:
    # bob (50, behind alice on 52) advances to 53 = min(52 + 1, 53): 3 spaces, 3 buttons; he
    # passes the income mark 53 with no patch (0 buttons) and arrives first.
    state = position(fresh(), alice={"position": 52}, bob={"position": 50})
    state, events = act(state, {"id": "advance"})
    assert events == [
        {"type": "advanced", "player": "bob", "from": 50, "to": 53, "buttons": 3},
        {"type": "button_income", "player": "bob", "mark": 53, "buttons": 0},
        {"type": "reached_final_space", "player": "bob", "first": True},
    ]
    assert state.first_to_finish == 1


def test_buying_a_patch_reports_the_buttons_paid_and_the_time_spent() -> None:
    # patch 2 (3 buttons, 6 time, income 2): alice 0 -> 6 passes mark 5, which pays her 2.
    state = position(fresh(), alice={"buttons": 10})
    cells = [[0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [2, 1]]
    _, events = act(state, {"type": "buy_patch", "player": "alice", "patch": 2, "cells": cells})
    assert events == [
        {
            "type": "patch_bought",
            "player": "alice",
            "patch": 2,
            "cells": cells,
            "buttons_paid": 3,
            "time": 6,
        },
        {"type": "button_income", "player": "alice", "mark": 5, "buttons": 2},
    ]


def test_leather_patch_that_completes_a_7x7_square_wins_the_bonus_tile() -> None:
    # alice's 7×7 corner lacks only (0, 0); her leather patch fills it.
    state = position(
        fresh(),
        alice={"position": 20, "leather": square(0, 0, 7) & ~mask((0, 0))},
        bob={"position": 19},
        leather_due=LeatherDue(0, 1),
    )
    state, events = act(state, {"id": "leather:0,0"})
    assert events == [
        {"type": "leather_patch_placed", "player": "alice", "cells": [[0, 0]]},
        {"type": "bonus_tile_won", "player": "alice"},
    ]
    assert (state.bonus_tile, state.leather_due) == (0, None)


# --- the actions offered ------------------------------------------------------------------------


def test_advance_is_offered_first_with_no_patch_and_no_cells() -> None:
    state = fresh()
    assert rules.legal_actions(state)[0] == ("advance", 0, -1, 0)
    assert rules.legal_actions(state, 0)[0] == ("advance", 0, -1, 0)
    assert rules.legal_actions(state, 1) == []  # bob is not the one to move


def test_leather_placements_take_no_patch_one_per_empty_cell() -> None:
    # An empty quilt: 81 cells, from (0, 0) = bit 0 to (8, 8) = bit 80.
    state = position(fresh(), alice={"position": 20}, bob={"position": 19})
    state = position(state, leather_due=LeatherDue(0, 1))
    actions = rules.legal_actions(state)
    assert len(actions) == 81
    assert actions[0] == ("place_leather_patch", 0, -1, 1)
    assert actions[-1] == ("place_leather_patch", 0, -1, 1 << 80)


# --- refusals: the code and the sentence --------------------------------------------------------


def test_no_action_once_both_markers_are_on_the_final_space() -> None:
    state = position(fresh(), alice={"position": 53}, bob={"position": 53}, first_to_finish=1)
    assert rules.check(state, ("advance", 0, -1, 0)) == [
        Reason("GAME_OVER", "the game is over: both markers are on the final space")
    ]


def test_only_the_player_to_move_acts() -> None:
    assert rules.check(fresh(), ("advance", 1, -1, 0)) == [
        Reason("NOT_YOUR_TURN", "it is the turn of “alice”")
    ]


def test_leather_patches_won_are_placed_before_anything_else() -> None:
    state = position(
        fresh(), alice={"position": 20}, bob={"position": 19}, leather_due=LeatherDue(0, 2)
    )
    assert rules.check(state, ("advance", 0, -1, 0)) == [
        Reason("LEATHER_PATCH_PENDING", "2 leather patch(es) must be placed before anything else")
    ]


def test_no_leather_patch_is_placed_unless_one_was_won() -> None:
    assert rules.check(fresh(), ("place_leather_patch", 0, -1, mask((4, 4)))) == [
        Reason("NO_LEATHER_PATCH_PENDING", "no leather patch is waiting to be placed")
    ]


def test_a_patch_beyond_the_next_three_is_refused_naming_the_three() -> None:
    # The helpers' circle starts 1, 2, 3; patch 4 is fourth.
    patch_4 = mask((0, 0), (0, 1), (0, 2), (0, 3), (1, 0))
    assert rules.check(fresh(), ("buy_patch", 0, 4, patch_4)) == [
        Reason("PATCH_NOT_AVAILABLE", "patch 4 is not among the next three patches (1, 2 and 3)")
    ]


def test_cost_and_shape_are_both_reported() -> None:
    # patch 1 costs 7 and alice has 5; four cells in a row are not its S shape.
    line = mask((0, 0), (0, 1), (0, 2), (0, 3))
    assert rules.check(fresh(), ("buy_patch", 0, 1, line)) == [
        Reason("CANNOT_AFFORD", "patch 1 costs 7 buttons; you have 5"),
        Reason("SHAPE_MISMATCH", "the cells given do not form patch 1"),
    ]


def test_an_overlap_names_the_cells_already_covered() -> None:
    state = position(fresh(), alice={"buttons": 20, "leather": mask((1, 1))})
    assert rules.check(state, ("buy_patch", 0, 1, S_PATCH_1)) == [
        Reason("OVERLAPS", "already covered: [1, 1]")
    ]


def test_editing_an_answer_changes_no_later_answer() -> None:
    """What the engine hands out is the caller's: editing a listed action, its cells or a
    state's JSON changes nothing the engine answers afterwards."""
    state = fresh()
    listed = PATCHWORK.legal_entries(state)
    encoded = PATCHWORK.encode_state(state)
    buy = next(a for a in PATCHWORK.legal_actions(state) if a[0] == "buy_patch")
    first = PATCHWORK.encode_action(state, buy)
    snapshot = copy.deepcopy((listed, encoded, first))
    first["cells"][0][0] = 99
    first["cells"].append([5, 5])
    first["id"] = "edited"
    listed[0].clear()
    encoded["public"]["players"]["alice"]["quilt"].append({"patch": 0, "cells": []})
    assert (
        PATCHWORK.legal_entries(state),
        PATCHWORK.encode_state(state),
        PATCHWORK.encode_action(state, buy),
    ) == snapshot
