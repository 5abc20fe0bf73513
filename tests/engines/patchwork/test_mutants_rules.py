"""Patchwork's rules pinned exactly: every event of a move and every refusal, field by field.

Each expected value is worked out by hand from the rulebook and the catalogue
(`engines/patchwork/data/patches.json`: income marks 5, 11, …, 53; leather at 20, 26, 32, 44, 50;
patch 1 costs 7 buttons, patch 2 costs 3 buttons and 6 time with income 2), never by the engine.
"""

from __future__ import annotations

from engines.core.errors import Reason
from engines.patchwork import rules
from engines.patchwork.state import LeatherDue

from .helpers import act, fresh, mask, position, square

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
