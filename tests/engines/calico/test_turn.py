"""A turn: place a hand tile, take a market tile, refill the market (solo: discard the oldest)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.catalogue import tile_json
from engines.calico.rules import (
    CHANCE_SEAT,
    CHOOSE_GOALS,
    DRAW,
    PLACE,
    TAKE,
    Action,
    apply,
    check,
    legal_actions,
    player_index,
)
from engines.calico.state import CalicoState
from engines.core.errors import IllegalAction, Reason

from .helpers import act, code, draw, external, index, place, quilt_after, table, take, tile
from .table_driver import DEFAULT_CATS, GOALS, Place, Table, t


def reasons(state: CalicoState, action: dict[str, Any]) -> list[str]:
    return [r.code for r in CALICO.check(state, CALICO.decode_action(state, action))]


def test_turn_place_then_take_then_the_market_is_refilled() -> None:
    state = CALICO.setup(["ann", "bob"], {"setup": "beginner"}, "turn")
    hand = list(state.hands[0])
    bag = state.bag
    assert bag is not None
    state, events = act(
        state,
        {"type": "place_tile", "player": "ann", "tile": tile_json(hand[0]), "cells": [[1, 1]]},
    )
    assert events[0] == {
        "type": "tile_placed",
        "player": "ann",
        "tile": tile_json(hand[0]),
        "cell": [1, 1],
    }
    assert CALICO.encode_state(state)["phase"] == "take_tile"
    assert CALICO.to_move(state) == ["ann"] and len(state.hands[0]) == 1
    market = list(state.market)
    state, events = act(state, CALICO.encode_action(state, CALICO.legal_actions(state)[0]))
    assert state.hands[0] == (hand[1], market[0])
    # The taken tile leaves the market; the bag's next tile joins it at the end (newest).
    assert state.market == (market[1], market[2], bag[0])
    assert state.bag == bag[1:]
    assert [e["type"] for e in events] == ["tile_taken", "market_refilled"]
    assert CALICO.to_move(state) == ["bob"]


def test_turn_solo_discards_the_tile_that_waited_longest_and_draws_two() -> None:
    state = external(
        ["ann"]
    )  # market: dark blue dots, light blue flowers, pink vines (oldest first)
    state = place(state, "pink", "dots", (1, 1))
    state, events = act(state, {"id": "take:1:light_blue-flowers"})
    assert events[1] == {"type": "tile_discarded", "tile": tile("dark_blue", "dots")}
    assert CALICO.to_move(state) == ["chance"]
    assert (CALICO.pending_chance(state) or {}).get("count") == 2
    state = draw(state, ("yellow", "dots"), ("green", "vines"))
    data = CALICO.encode_state(state)
    assert data["public"]["market"] == [
        tile("pink", "vines"),
        tile("yellow", "dots"),
        tile("green", "vines"),
    ]
    assert data["public"]["discarded"] == [tile("dark_blue", "dots")]
    # Next turn the oldest is pink vines: taking the newest discards it.
    state = place(state, "green", "ferns", (1, 2))
    state, events = act(state, {"id": "take:2:green-vines"})
    assert events[1] == {"type": "tile_discarded", "tile": tile("pink", "vines")}


def test_turn_seeded_solo_keeps_three_in_the_market_and_discards_one_per_take() -> None:
    state = CALICO.setup(["ann"], {"setup": "beginner"}, "solo")
    for turn in range(1, 4):
        state, _ = CALICO.apply(state, CALICO.legal_actions(state)[0])
        state, _ = CALICO.apply(state, CALICO.legal_actions(state)[0])
        assert len(state.market) == 3 and len(state.discarded) == turn
        assert state.bag is not None and len(state.bag) == 103 - 2 * turn


def test_turn_external_draw_waits_for_the_table() -> None:
    state = external(["ann", "bob"])
    state = take(place(state, "pink", "dots", (1, 1)), 0)
    assert CALICO.to_move(state) == ["chance"]
    assert CALICO.encode_state(state)["phase"] == "draw"
    pending = CALICO.pending_chance(state)
    assert pending is not None and pending["count"] == 1
    items = pending["support"]["items"]
    # On the table: ann placed pink dots and holds green ferns + dark blue dots; bob holds
    # yellow stripes + purple vines; the market holds light blue flowers + pink vines.
    assert items["pink-dots"] == 2 and items["dark_blue-dots"] == 2 and items["green-ferns"] == 2
    assert items["pink-ferns"] == 3
    assert sum(items.values()) == 108 - 7
    assert len(CALICO.legal_actions(state)) == 36
    assert reasons(state, {"id": "place:yellow-stripes:1,1"}) == ["CHANCE_PENDING"]
    state = draw(state, ("pink", "ferns"))
    assert CALICO.to_move(state) == ["bob"] and len(state.market) == 3


def test_turn_impossible_draws_are_illegal() -> None:
    state = external(["ann", "bob"], market=[tile("pink", "dots")] * 2 + [tile("green", "ferns")])
    state = take(place(state, "green", "ferns", (1, 1)), 2)
    # All three pink dots are out (ann's hand, two in the market): none is left in the bag.
    assert reasons(state, {"id": "chance:pink-dots"}) == ["ILLEGAL_CHANCE_OUTCOME"]
    assert reasons(state, {"id": "chance:pink-ferns,pink-vines"}) == ["ILLEGAL_CHANCE_OUTCOME"]
    with pytest.raises(IllegalAction) as err:
        act(state, {"id": "chance:pink-dots"})
    assert err.value.code == "ILLEGAL_CHANCE_OUTCOME"
    state = draw(state, ("pink", "ferns"))
    assert reasons(state, {"id": "chance:pink-ferns"}) == ["NO_CHANCE_PENDING"]


def test_turn_solo_draw_counts_are_hand_checked() -> None:
    # Ann holds two yellow dots and the market a third: yellow dots are gone from the bag.
    state = external(
        ["ann"],
        hands={"ann": [tile("yellow", "dots")] * 2},
        market=[tile("yellow", "dots"), tile("pink", "ferns"), tile("green", "vines")],
    )
    state = take(place(state, "yellow", "dots", (1, 1)), 1)
    # 35 kinds left, each with at least 2 copies: 35 × 35 ordered pairs.
    assert len(CALICO.legal_actions(state)) == 35 * 35


def test_turn_illegal_placements_say_why() -> None:
    state = external(["ann", "bob"])
    bobs = {"type": "place_tile", "player": "bob", "tile": tile("yellow", "stripes")}
    assert reasons(state, {**bobs, "cells": [[1, 1]]}) == ["NOT_YOUR_TURN"]
    # An id names no player: it is the move of whoever's turn it is (ann lacks that tile).
    assert reasons(state, {"id": "place:yellow-stripes:1,1"}) == ["TILE_NOT_IN_HAND"]
    assert reasons(state, {"id": "place:pink-ferns:1,1"}) == ["TILE_NOT_IN_HAND"]
    assert reasons(state, {"id": "place:pink-dots:2,3"}) == ["NOT_A_PATCH_SPACE"]
    assert reasons(state, {"id": "place:pink-dots:0,3"}) == ["NOT_A_PATCH_SPACE"]
    assert reasons(state, {"id": "take:0:dark_blue-dots"}) == ["WRONG_PHASE"]
    state = place(state, "pink", "dots", (1, 1))
    assert reasons(state, {"id": "place:green-ferns:1,2"}) == ["WRONG_PHASE"]
    assert reasons(state, {"id": "take:1:dark_blue-dots"}) == ["TILE_NOT_AT_INDEX"]
    assert reasons(state, {"id": "take:3:dark_blue-dots"}) == ["NO_SUCH_MARKET_SLOT"]
    state = draw(take(state, 0), ("pink", "ferns"))
    state = take(place(state, "yellow", "stripes", (3, 3)), 0)
    state = draw(state, ("pink", "ferns"))
    assert reasons(state, {"id": "place:green-ferns:1,1"}) == ["SPACE_TAKEN"]


def test_turn_taking_identical_market_tiles_is_one_action() -> None:
    twins = [tile("pink", "ferns"), tile("pink", "ferns"), tile("green", "vines")]
    state = place(external(["ann"], market=twins), "pink", "dots", (1, 1))
    ids = [CALICO.encode_action(state, a)["id"] for a in CALICO.legal_actions(state)]
    assert ids == ["take:0:pink-ferns", "take:2:green-vines"]
    # Naming the second twin is the same action.
    assert (
        CALICO.decode_action(state, {"id": "take:1:pink-ferns"}) == CALICO.legal_actions(state)[0]
    )


def test_turn_last_placement_fills_the_quilt_and_takes_nothing() -> None:
    state = CALICO.setup(["ann", "bob"], {"setup": "beginner"}, "end")
    kinds: list[str] = []
    while not CALICO.is_finished(state):
        action = CALICO.legal_actions(state)[0]
        kinds.append(action.kind)
        state, events = CALICO.apply(state, action)
    assert kinds.count("place_tile") == 44  # 22 turns each
    assert kinds.count("take_tile") == 42  # nothing taken after a 22nd placement
    assert events[-1]["type"] == "game_over"
    assert [len(h) for h in state.hands] == [1, 1]
    data = CALICO.encode_state(state)
    assert (data["phase"], data["finished"], data["to_move"]) == ("finished", True, [])
    assert CALICO.legal_actions(state) == []
    assert reasons(state, {"id": "take:0:pink-dots"}) == ["GAME_OVER"]


def test_turn_game_ends_only_when_every_quilt_is_full() -> None:
    state = CALICO.setup(["ann", "bob", "cy"], {"setup": "beginner", "first_player": "cy"}, "e")
    while not CALICO.is_finished(state):
        full = [q.is_full for q in state.quilts]
        if full == [False, False, True]:
            # cy went first and is done; ann and bob still have their last turn.
            assert CALICO.to_move(state) == ["ann"]
            break
        state, _ = CALICO.apply(state, CALICO.legal_actions(state)[0])
    else:
        pytest.fail("cy never finished first")


def test_solo_taking_the_newer_of_two_identical_tiles_discards_the_older() -> None:
    # Market, oldest first: yellow-vines, purple-stripes, yellow-vines. Taking the newer
    # yellow-vines (slot 2) leaves the older one to be discarded, which taking slot 0 cannot do:
    # the two takes are different actions.
    market = [tile("yellow", "vines"), tile("purple", "stripes"), tile("yellow", "vines")]
    state = place(external(["ann"], market=market), "pink", "dots", (1, 1))
    takes = [a for a in CALICO.legal_actions(state) if a.kind == "take_tile"]
    assert sorted(a.slot for a in takes) == [0, 1, 2]
    newer, _ = act(state, {"id": "take:2:yellow-vines"})
    assert CALICO.encode_state(newer)["public"]["market"] == [tile("purple", "stripes")]
    assert CALICO.encode_state(newer)["public"]["discarded"] == [tile("yellow", "vines")]
    older, _ = act(state, {"id": "take:0:yellow-vines"})
    assert CALICO.encode_state(older)["public"]["market"] == [tile("yellow", "vines")]
    assert CALICO.encode_state(older)["public"]["discarded"] == [tile("purple", "stripes")]


def test_with_several_players_identical_market_tiles_are_one_take() -> None:
    market = [tile("yellow", "vines"), tile("purple", "stripes"), tile("yellow", "vines")]
    state = place(external(["ann", "bob"], market=market), "pink", "dots", (1, 1))
    takes = [a for a in CALICO.legal_actions(state) if a.kind == "take_tile"]
    assert sorted(a.slot for a in takes) == [0, 1]


# --- what each rule of a turn reports ---------------------------------------------------------


PINK_DOTS, GREEN_FERNS = code("pink", "dots"), code("green", "ferns")
YELLOW_STRIPES, YELLOW_DOTS = code("yellow", "stripes"), code("yellow", "dots")
OFFER = ["AAAA-BB", "all_different", "AA-BB-CC", "AAA-BBB"]
"""Each player's four revealed goal tiles: goals 3, 0, 2, 1."""


def choosing(players: list[str]) -> CalicoState:
    """External mode with goal offers: everyone still chooses, no tile is out of the bag."""
    options = table(players)
    for key in ("goals", "hands", "market"):
        del options[key]
    options["goal_offers"] = {p: OFFER for p in players}
    return CALICO.setup(players, options, None)


def chance(*tiles: int) -> Action:
    return Action(DRAW, CHANCE_SEAT, drawn=tiles)


# --- who may act --------------------------------------------------------------------------------


def test_a_seat_outside_the_table_is_told_whose_turn_it_is() -> None:
    state = external(["ann", "bob"])
    for seat in (2, 7):
        assert check(state, Action(PLACE, seat, tile=PINK_DOTS, cell=index((1, 1)))) == [
            Reason("NOT_YOUR_TURN", "it is the turn of “ann”")
        ]
    # Seat 0 is a seat: ann's placement is legal.
    assert check(state, Action(PLACE, 0, tile=PINK_DOTS, cell=index((1, 1)))) == []


def test_the_other_seat_is_told_whose_turn_it_is() -> None:
    state = external(["ann", "bob"])
    assert check(state, Action(PLACE, 1, tile=YELLOW_STRIPES, cell=index((1, 1)))) == [
        Reason("NOT_YOUR_TURN", "it is the turn of “ann”")
    ]


def test_only_the_mover_is_offered_actions() -> None:
    state = external(["ann", "bob"])
    assert legal_actions(state, 1) == []
    assert legal_actions(state, CHANCE_SEAT) == []
    # ann's hand sorted by code: green-ferns (1 × 6 + 1 = 7), pink-dots (3 × 6 + 0 = 18); the
    # first patch space of the blue board is (1, 1), bit 8.
    offered = legal_actions(state, 0)
    assert len(offered) == 44
    assert offered[0] == Action(PLACE, 0, tile=GREEN_FERNS, cell=8)
    assert offered[22] == Action(PLACE, 0, tile=PINK_DOTS, cell=8)
    taking = place(state, "pink", "dots", (1, 1))
    assert legal_actions(taking, 1) == []
    assert legal_actions(taking, 0) == [
        Action(TAKE, 0, tile=code("dark_blue", "dots"), slot=0),
        Action(TAKE, 0, tile=code("light_blue", "flowers"), slot=1),
        Action(TAKE, 0, tile=code("pink", "vines"), slot=2),
    ]


def test_while_goals_are_chosen_only_those_still_choosing_act() -> None:
    state = choosing(["ann", "bob"])
    # 4 tiles revealed, 3 kept in order: 4 × 3 × 2 = 24 choices each.
    assert len(legal_actions(state)) == 48
    bobs = legal_actions(state, 1)
    assert len(bobs) == 24 and {a.player for a in bobs} == {1}
    assert bobs[0] == Action(CHOOSE_GOALS, 1, goals=(3, 0, 2))
    assert legal_actions(state, CHANCE_SEAT) == []
    state, _ = apply(state, Action(CHOOSE_GOALS, 0, goals=(3, 0, 2)))
    assert legal_actions(state, 0) == []
    assert {a.player for a in legal_actions(state)} == {1}


def test_placing_before_the_goals_are_chosen_names_who_still_chooses() -> None:
    state = choosing(["ann", "bob"])
    assert check(state, Action(PLACE, 0, tile=PINK_DOTS, cell=index((1, 1)))) == [
        Reason("WRONG_PHASE", "design goals come first; still choosing: “ann” and “bob”")
    ]
    assert check(state, Action(CHOOSE_GOALS, 2, goals=(3, 0, 2))) == [
        Reason("NOT_YOUR_TURN", "it is the turn of “ann” and “bob”")
    ]


# --- choosing goals -----------------------------------------------------------------------------


def test_each_wrong_goal_choice_says_why() -> None:
    state = choosing(["ann", "bob"])
    assert check(state, Action(CHOOSE_GOALS, 0, goals=(3, 0))) == [
        Reason("INVALID_GOALS", "one goal for each of the spaces “2,3”, “3,4” and “4,2”")
    ]
    assert check(state, Action(CHOOSE_GOALS, 0, goals=(3, 3, 3, 3))) == [
        Reason("INVALID_GOALS", "one goal for each of the spaces “2,3”, “3,4” and “4,2”"),
        Reason("DUPLICATE_GOAL", "each goal tile can go on one goal space only"),
    ]
    revealed = "(AAAA-BB, all_different, AA-BB-CC and AAA-BBB)"
    assert check(state, Action(CHOOSE_GOALS, 0, goals=(3, 3, 5))) == [
        Reason("DUPLICATE_GOAL", "each goal tile can go on one goal space only"),
        Reason("GOAL_NOT_OFFERED", f"AA-BB-C-D is not among the tiles revealed {revealed}"),
    ]
    assert check(state, Action(CHOOSE_GOALS, 1, goals=(4, 5, 0))) == [
        Reason(
            "GOAL_NOT_OFFERED",
            f"AAA-BB-C and AA-BB-C-D are not among the tiles revealed {revealed}",
        )
    ]
    assert check(state, Action(CHOOSE_GOALS, 1, goals=(1, 0, 2))) == []


def test_goals_are_chosen_once() -> None:
    state = choosing(["ann", "bob"])
    state, events = apply(state, Action(CHOOSE_GOALS, 0, goals=(3, 0, 2)))
    assert events == [
        {
            "type": "goals_chosen",
            "player": "ann",
            "goals": {"2,3": "AAAA-BB", "3,4": "all_different", "4,2": "AA-BB-CC"},
        }
    ]
    assert state.offers == (None, (3, 0, 2, 1))
    assert state.quilts[0].goals == (3, 0, 2)
    already = Reason("GOALS_ALREADY_CHOSEN", "“ann” has placed their design goals already")
    assert check(state, Action(CHOOSE_GOALS, 0, goals=(3, 0, 2))) == [already]
    # Outside the choosing phase too (goals given with the table).
    assert check(external(["ann", "bob"]), Action(CHOOSE_GOALS, 0, goals=(3, 0, 2))) == [already]


# --- draws --------------------------------------------------------------------------------------


def test_a_draw_before_the_market_is_short_is_refused_and_a_placement_while_one_is_due() -> None:
    state = external(["ann", "bob"])
    assert check(state, chance(PINK_DOTS)) == [
        Reason("NO_CHANCE_PENDING", "no draw is due: the market is full")
    ]
    state = take(place(state, "pink", "dots", (1, 1)), 0)
    assert check(state, Action(PLACE, 1, tile=YELLOW_STRIPES, cell=index((1, 1)))) == [
        Reason("CHANCE_PENDING", "the table must first report the 1 tile(s) drawn")
    ]
    assert legal_actions(state, 1) == []
    assert len(legal_actions(state, CHANCE_SEAT)) == 36


def test_a_draw_of_the_wrong_size_or_of_tiles_gone_from_the_bag_is_refused() -> None:
    # The market holds two pink dots, ann the third: none is left in the bag.
    state = external(["ann", "bob"], market=[tile("pink", "dots")] * 2 + [tile("green", "ferns")])
    state = take(place(state, "green", "ferns", (1, 1)), 2)
    assert check(state, chance(PINK_DOTS, GREEN_FERNS)) == [
        Reason("ILLEGAL_CHANCE_OUTCOME", "1 tile(s) are drawn now, not 2")
    ]
    assert check(state, chance()) == [
        Reason("ILLEGAL_CHANCE_OUTCOME", "1 tile(s) are drawn now, not 0")
    ]
    assert check(state, chance(PINK_DOTS)) == [
        Reason("ILLEGAL_CHANCE_OUTCOME", "the bag holds no more of pink-dots")
    ]
    assert check(state, chance(GREEN_FERNS)) == []


def test_a_draw_of_two_names_every_kind_the_bag_lacks() -> None:
    # Three players choose, then the hands are drawn: ann two pink dots, bob pink dots and yellow
    # dots, cy two yellow dots. All 3 of each kind are out; the market's first two are drawn next.
    state = choosing(["ann", "bob", "cy"])
    for seat in range(3):
        state, _ = apply(state, Action(CHOOSE_GOALS, seat, goals=(3, 0, 2)))
    for hand in ((PINK_DOTS, PINK_DOTS), (PINK_DOTS, YELLOW_DOTS), (YELLOW_DOTS, YELLOW_DOTS)):
        state, _ = apply(state, chance(*hand))
    for drawn in ((YELLOW_DOTS, PINK_DOTS), (PINK_DOTS, YELLOW_DOTS)):
        assert check(state, chance(*drawn)) == [
            Reason("ILLEGAL_CHANCE_OUTCOME", "the bag holds no more of pink-dots and yellow-dots")
        ]
    assert check(state, chance(GREEN_FERNS, YELLOW_DOTS)) == [
        Reason("ILLEGAL_CHANCE_OUTCOME", "the bag holds no more of yellow-dots")
    ]
    assert check(state, chance(GREEN_FERNS, GREEN_FERNS)) == []
    # 34 kinds left, 3 copies each: 34 × 34 ordered pairs.
    assert len(legal_actions(state)) == 34 * 34


def test_the_last_copy_of_a_kind_can_be_drawn_once_not_twice() -> None:
    # Solo: ann holds two yellow dots; she places one, takes green vines, and pink ferns (the
    # oldest) is discarded. Out of the bag: yellow dots × 2 (one left), green vines, purple
    # stripes, pink ferns. Two tiles are drawn in order: 36 × 36 ordered pairs less yellow dots
    # twice.
    state = external(
        ["ann"],
        hands={"ann": [tile("yellow", "dots")] * 2},
        market=[tile("pink", "ferns"), tile("green", "vines"), tile("purple", "stripes")],
    )
    state = take(place(state, "yellow", "dots", (1, 1)), 1)
    draws = [a.drawn for a in legal_actions(state)]
    assert len(draws) == 36 * 36 - 1
    assert (YELLOW_DOTS, YELLOW_DOTS) not in draws
    assert (YELLOW_DOTS, PINK_DOTS) in draws and (PINK_DOTS, YELLOW_DOTS) in draws
    # Ordered: the first drawn joins the market first.
    assert draws[:2] == [(0, 0), (0, 1)]


def test_a_hand_draw_is_listed_once_in_tile_code_order() -> None:
    state = choosing(["ann", "bob"])
    state, _ = apply(state, Action(CHOOSE_GOALS, 0, goals=(3, 0, 2)))
    state, _ = apply(state, Action(CHOOSE_GOALS, 1, goals=(3, 0, 2)))
    state, events = apply(state, chance(PINK_DOTS, PINK_DOTS))
    assert events == [{"type": "hand_dealt", "player": "ann"}]
    # bob's hand: unordered pairs of 36 kinds (36 × 35 / 2 + 36 = 666), less pink dots twice
    # (one left).
    draws = [a.drawn for a in legal_actions(state)]
    assert len(draws) == 665
    assert all(a <= b for a, b in draws)
    assert draws[:3] == [(0, 0), (0, 1), (0, 2)]
    assert (PINK_DOTS, PINK_DOTS) not in draws and (PINK_DOTS, PINK_DOTS + 1) in draws


def test_a_hand_reported_in_any_order_is_kept_in_tile_code_order() -> None:
    state = choosing(["ann"])
    state, _ = apply(state, Action(CHOOSE_GOALS, 0, goals=(3, 0, 2)))
    assert check(state, chance(PINK_DOTS, GREEN_FERNS)) == []
    state, events = apply(state, chance(PINK_DOTS, GREEN_FERNS))
    assert events == [{"type": "hand_dealt", "player": "ann"}]
    assert state.hands == ((GREEN_FERNS, PINK_DOTS),)
    # The market is then drawn in the order reported: oldest first.
    state, events = apply(state, chance(YELLOW_DOTS, GREEN_FERNS))
    assert events == [
        {"type": "market_refilled", "tiles": [tile("yellow", "dots"), tile("green", "ferns")]}
    ]
    assert state.market == (YELLOW_DOTS, GREEN_FERNS)


# --- placing and taking -------------------------------------------------------------------------


def test_each_wrong_placement_says_why() -> None:
    state = external(["ann", "bob"])
    assert check(state, Action(PLACE, 0, tile=YELLOW_STRIPES, cell=index((2, 3)))) == [
        # The hand as the table gave it (pink dots first).
        Reason("TILE_NOT_IN_HAND", "yellow-stripes is not in hand (pink-dots and green-ferns)"),
        Reason("NOT_A_PATCH_SPACE", "[2, 3] is a border patch or a goal space, not a patch space"),
    ]
    assert check(state, Action(PLACE, 0, tile=PINK_DOTS, cell=index((0, 3)))) == [
        Reason("NOT_A_PATCH_SPACE", "[0, 3] is a border patch or a goal space, not a patch space")
    ]
    state = draw_one(take(place(state, "pink", "dots", (1, 1)), 0), "pink", "ferns")
    state = draw_one(take(place(state, "yellow", "stripes", (1, 1)), 0), "pink", "ferns")
    # ann's own (1, 1) is taken; bob's placement there did not touch her quilt.
    assert check(state, Action(PLACE, 0, tile=GREEN_FERNS, cell=index((1, 1)))) == [
        Reason("SPACE_TAKEN", "[1, 1] already holds a patch")
    ]
    assert check(state, Action(PLACE, 0, tile=GREEN_FERNS, cell=index((1, 2)))) == []


def draw_one(state: CalicoState, color: str, pattern: str) -> CalicoState:
    return act(state, {"id": f"chance:{color}-{pattern}"})[0]


def test_placing_then_placing_again_and_taking_first_are_refused() -> None:
    state = external(["ann", "bob"])
    assert check(state, Action(TAKE, 0, tile=code("dark_blue", "dots"), slot=0)) == [
        Reason("WRONG_PHASE", "place a tile from your hand before taking one")
    ]
    state = place(state, "pink", "dots", (1, 1))
    assert check(state, Action(PLACE, 0, tile=GREEN_FERNS, cell=index((1, 2)))) == [
        Reason("WRONG_PHASE", "take a tile from the market before placing again")
    ]


def test_each_wrong_take_says_why() -> None:
    state = place(external(["ann", "bob"]), "pink", "dots", (1, 1))
    dark_blue_dots = code("dark_blue", "dots")
    assert check(state, Action(TAKE, 0, tile=dark_blue_dots, slot=3)) == [
        Reason("NO_SUCH_MARKET_SLOT", "the market has slots 0 to 2, not 3")
    ]
    assert check(state, Action(TAKE, 0, tile=dark_blue_dots, slot=-1)) == [
        Reason("NO_SUCH_MARKET_SLOT", "the market has slots 0 to 2, not -1")
    ]
    assert check(state, Action(TAKE, 0, tile=dark_blue_dots, slot=2)) == [
        Reason("TILE_NOT_AT_INDEX", "market slot 2 holds pink-vines, not dark_blue-dots")
    ]
    assert check(state, Action(TAKE, 0, tile=dark_blue_dots, slot=0)) == []
    twins = [tile("pink", "ferns"), tile("pink", "ferns"), tile("green", "vines")]
    state = place(external(["ann", "bob"], market=twins), "pink", "dots", (1, 1))
    assert check(state, Action(TAKE, 0, tile=code("pink", "ferns"), slot=1)) == [
        Reason("SAME_AS_EARLIER_SLOT", "slots 0 and 1 hold the same tile; taking it is slot 0")
    ]


def test_a_placement_reports_the_tile_and_each_token_it_earns() -> None:
    # Solo on the blue board: pink dots at (2,1), pink ferns at (2,2), pink flowers at (3,1) touch
    # each other (row 3 is shifted right: (3,1) touches (2,1) and (2,2)) and no pink border patch
    # (those are (0,0), (0,3), (6,2), (6,5)): the third placement makes a group of three and earns
    # a pink button. Each pattern stays alone, so no cat.
    state = external(
        ["ann"],
        hands={"ann": [tile("pink", "dots"), tile("pink", "ferns")]},
        market=[tile("pink", "flowers"), tile("green", "vines"), tile("purple", "stripes")],
    )
    state, events = apply(state, Action(PLACE, 0, tile=PINK_DOTS, cell=index((2, 1))))
    assert events == [
        {"type": "tile_placed", "player": "ann", "tile": tile("pink", "dots"), "cell": [2, 1]}
    ]
    assert state.hands == ((code("pink", "ferns"),),)
    state = draw_two(take(state, 0), ("green", "dots"), ("green", "ferns"))
    state = take(place(state, "pink", "ferns", (2, 2)), 0)
    state = draw_two(state, ("green", "flowers"), ("green", "stripes"))
    state, events = apply(state, Action(PLACE, 0, tile=code("pink", "flowers"), cell=index((3, 1))))
    assert events == [
        {"type": "tile_placed", "player": "ann", "tile": tile("pink", "flowers"), "cell": [3, 1]},
        {
            "type": "token_earned",
            "player": "ann",
            "token": {"kind": "button", "color": "pink", "cells": [[2, 1], [2, 2], [3, 1]]},
        },
    ]


def draw_two(state: CalicoState, *tiles: tuple[str, str]) -> CalicoState:
    return act(state, {"id": "chance:" + ",".join(f"{c}-{p}" for c, p in tiles)})[0]


def test_a_take_reports_the_tile_and_its_slot_and_seeded_mode_refills_from_the_bag() -> None:
    state = CALICO.setup(["ann", "bob"], {"setup": "beginner"}, "take")
    bag, market = state.bag, state.market
    assert bag is not None
    state = apply(state, legal_actions(state)[0])[0]
    state, events = apply(state, Action(TAKE, 0, tile=market[1], slot=1))
    assert events == [
        {"type": "tile_taken", "player": "ann", "tile": tile_of(market[1]), "index": 1},
        {"type": "market_refilled", "tiles": [tile_of(bag[0])]},
    ]
    assert state.market == (market[0], market[2], bag[0]) and state.bag == bag[1:]


def test_a_solo_take_discards_the_oldest_and_draws_two() -> None:
    state = CALICO.setup(["ann"], {"setup": "beginner"}, "take")
    bag, market = state.bag, state.market
    assert bag is not None
    state = apply(state, legal_actions(state)[0])[0]
    state, events = apply(state, Action(TAKE, 0, tile=market[2], slot=2))
    assert events == [
        {"type": "tile_taken", "player": "ann", "tile": tile_of(market[2]), "index": 2},
        {"type": "tile_discarded", "tile": tile_of(market[0])},
        {"type": "market_refilled", "tiles": [tile_of(bag[0]), tile_of(bag[1])]},
    ]
    assert state.market == (market[1], bag[0], bag[1]) and state.bag == bag[2:]
    assert state.discarded == (market[0],)


def tile_of(code_: int) -> dict[str, str]:
    colors = ["dark_blue", "green", "light_blue", "pink", "purple", "yellow"]
    patterns = ["dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"]
    return tile(colors[code_ // 6], patterns[code_ % 6])


# --- the end ------------------------------------------------------------------------------------


def test_nothing_is_legal_once_every_quilt_is_full() -> None:
    state = CALICO.setup(["ann"], {"setup": "beginner"}, "end")
    while not CALICO.is_finished(state):
        state = apply(state, legal_actions(state)[0])[0]
    over = [Reason("GAME_OVER", "the game is over: every quilt is full")]
    for action in (
        Action(PLACE, 0, tile=state.hands[0][0], cell=index((1, 1))),
        chance(PINK_DOTS),
        Action(CHOOSE_GOALS, 0, goals=(0, 1, 2)),
    ):
        assert check(state, action) == over
    assert legal_actions(state) == [] and legal_actions(state, CHANCE_SEAT) == []


def test_player_index_of_the_chance_player_and_of_a_seat() -> None:
    state = external(["ann", "bob"])
    assert player_index(state, "chance") == CHANCE_SEAT == -1
    assert player_index(state, "bob") == 1


RUMI_CATS = [
    {"cat": "rumi", "patterns": ["dots", "ferns"]},
    {"cat": "coconut", "patterns": ["flowers", "vines"]},
    {"cat": "leo", "patterns": ["quatrefoil", "stripes"]},
]
BENT_DOTS = [((2, 1), "pink", "dots"), ((1, 1), "yellow", "dots"), ((1, 2), "purple", "dots")]
"""Three dots turning at (1,1) (row 2 is not shifted: (2,1) touches (1,0) and (1,1)): no straight
line, so Rumi (a straight line of three) is not attracted yet."""


def test_a_placement_follows_the_shape_cat_option_of_the_game() -> None:
    # Green dots at (1,3) makes the dots area (2,1), (1,1), (1,2), (1,3): four cells holding the
    # straight line (1,1)-(1,3). By default a shape cat takes an area that holds its shape: Rumi
    # comes. With shape_cats_in_larger_area off the area must be the shape exactly: no cat.
    earned = {}
    for larger in (True, False):
        state = external(
            ["ann"],
            cats=RUMI_CATS,
            shape_cats_in_larger_area=larger,
            hands={"ann": [tile("green", "dots"), tile("pink", "vines")]},
        )
        quilt = quilt_after(BENT_DOTS, cats=[("rumi", ("dots", "ferns"))], strict=not larger)
        assert quilt.tokens == ()
        state = replace(state, quilts=(quilt,))
        _, events = apply(state, Action(PLACE, 0, tile=code("green", "dots"), cell=index((1, 3))))
        earned[larger] = [e["token"] for e in events if e["type"] == "token_earned"]
    cells = [[1, 1], [1, 2], [1, 3], [2, 1]]
    assert earned == {
        True: [{"kind": "cat", "cat": "rumi", "pattern": "dots", "cells": cells}],
        False: [],
    }


# --- a table played by hand: turns and ties ---------------------------------------------------


PATCH_SPACES = [
    (r, c) for r in range(1, 6) for c in range(1, 6) if (r, c) not in {(2, 3), (3, 4), (4, 2)}
]


def hand_table(players: list[str], market: list[dict[str, str]]) -> CalicoState:
    hands = [
        [t("pink", "dots"), t("green", "ferns")],
        [t("yellow", "stripes"), t("purple", "vines")],
    ]
    options = {
        "randomness": "external",
        "boards": {p: b for p, b in zip(players, ["blue", "green"][: len(players)], strict=True)},
        "cats": [{"cat": c, "patterns": list(ps)} for c, ps in DEFAULT_CATS],
        "goals": {p: dict(GOALS) for p in players},
        "hands": {p: hands[i] for i, p in enumerate(players)},
        "market": market,
    }
    return CALICO.setup(players, options, None)


def act_checked(
    state: CalicoState, data: dict[str, Any]
) -> tuple[CalicoState, list[dict[str, Any]]]:
    return CALICO.apply_checked(state, CALICO.decode_action(state, data))


M = [t("dark_blue", "dots"), t("light_blue", "flowers"), t("pink", "vines")]


def market(state: CalicoState) -> list[str]:
    return [f"{x['color']}-{x['pattern']}" for x in CALICO.encode_state(state)["public"]["market"]]


def test_a_turn_is_place_then_take_then_refill_in_seat_order() -> None:
    s = hand_table(["ann", "bob"], M)
    assert CALICO.to_move(s) == ["ann"]
    with pytest.raises(IllegalAction):  # taking first is not allowed
        act_checked(s, {"id": "take:0:dark_blue-dots"})
    s, _ = act_checked(s, {"id": "place:pink-dots:1,1"})
    with pytest.raises(IllegalAction):  # a second placement is not allowed
        act_checked(s, {"id": "place:green-ferns:1,2"})
    s, _ = act_checked(s, {"id": "take:1:light_blue-flowers"})
    assert market(s) == ["dark_blue-dots", "pink-vines"]  # no discard with 2+ players
    assert CALICO.to_move(s) == ["chance"]
    s, _ = act_checked(s, {"id": "chance:green-dots"})
    assert market(s) == ["dark_blue-dots", "pink-vines", "green-dots"]
    assert CALICO.to_move(s) == ["bob"]
    hand = CALICO.view(s, "ann")["private"]["ann"]["hand"]
    assert sorted((x["color"], x["pattern"]) for x in hand) == [
        ("green", "ferns"),
        ("light_blue", "flowers"),
    ]


@pytest.mark.parametrize(
    ("slot", "left"),
    [
        (0, ["pink-vines"]),  # take the oldest: the next oldest (light blue) is discarded
        (1, ["pink-vines"]),  # take the middle: the oldest (dark blue) is discarded
        (2, ["light_blue-flowers"]),  # take the newest: the oldest (dark blue) is discarded
    ],
)
def test_solo_discards_the_tile_that_waited_longest_then_draws_two(
    slot: int, left: list[str]
) -> None:
    s = hand_table(["ann"], M)
    s, _ = act_checked(s, {"id": "place:pink-dots:1,1"})
    tile = market(s)[slot]
    s, events = act_checked(s, {"id": f"take:{slot}:{tile}"})
    assert market(s) == left
    assert len([e for e in events if e["type"] == "tile_discarded"]) == 1
    s, _ = act_checked(s, {"id": "chance:green-dots,yellow-ferns"})
    assert market(s) == [*left, "green-dots", "yellow-ferns"]


def test_hands_are_private() -> None:
    s = hand_table(["ann", "bob"], M)
    assert set(CALICO.view(s, "ann")["private"]) == {"ann"}
    assert set(CALICO.view(s, "bob")["private"]) == {"bob"}
    assert CALICO.view(s, None)["private"] == {}
    text = str(CALICO.view(s, None))
    assert "hand" not in text


def full_sequence(offset: int) -> list[Place]:
    colors = ["dark_blue", "green", "light_blue", "pink", "purple", "yellow"]
    patterns = ["dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"]
    kinds = [(colors[k // 6], patterns[k % 6]) for k in range(36)]
    return [(cell, *kinds[(i * 5 + offset) % 36]) for i, cell in enumerate(PATCH_SPACES)]


def test_the_game_ends_when_every_quilt_has_22_patches() -> None:
    tb = Table({"ann": full_sequence(0), "bob": full_sequence(7)})
    for _ in range(43):
        tb.step()
    assert not CALICO.is_finished(tb.state)
    assert CALICO.to_move(tb.state) == ["bob"]
    pub = tb.public()["players"]
    assert len(pub["ann"]["patches"]) == 22 and len(pub["bob"]["patches"]) == 21
    tb.step()
    assert CALICO.is_finished(tb.state)
    assert CALICO.legal_actions(tb.state) == []
    assert any(e["type"] == "game_over" for e in tb.events)


# --- ranking ------------------------------------------------------------------------------------

TIE_CATS = (
    ("millie", ("dots", "ferns")),
    ("coconut", ("stripes", "vines")),
    ("leo", ("flowers", "quatrefoil")),
)
# ann (blue board, interior cells): a pink button on (2,2),(3,2),(3,3) and Coconut on five
# stripes: 3 + 7 = 10 (1 cat, 1 button)
ANN = [
    ((2, 2), "pink", "stripes"),
    ((3, 2), "pink", "stripes"),
    ((3, 3), "pink", "stripes"),
    ((4, 3), "yellow", "stripes"),
    ((4, 4), "green", "stripes"),
    ((5, 5), "light_blue", "vines"),
]
# bob (green board; no border patch next to these cells matches them): the ring of goal (2,3) in
# ring order P Y P Y P G (AAA-BB-C by colour, no three pinks touch), patterns dots dots dots
# flowers quatrefoil stripes: Millie (3) + goal 7 = 10 (1 cat, 0 buttons)
BOB = [
    ((1, 2), "pink", "dots"),
    ((1, 3), "yellow", "dots"),
    ((2, 4), "pink", "dots"),
    ((3, 3), "yellow", "flowers"),
    ((3, 2), "pink", "quatrefoil"),
    ((2, 2), "green", "stripes"),
]
BOB_GOALS = {"2,3": "AAA-BB-C", "3,4": "AA-BB-CC", "4,2": "AAA-BBB"}


def ranking(tb: Table) -> tuple[dict[str, int], dict[str, int], Any]:
    score = CALICO.score(tb.state).to_json()
    totals = {p["player"]: p["total"] for p in score["players"]}
    ranks = {r["player"]: r["rank"] for r in score["ranking"]}
    return totals, ranks, score["tie_break"]["decided_by"]


def test_equal_points_and_cats_more_buttons_wins() -> None:
    tb = Table(
        {"ann": ANN, "bob": BOB}, cats=TIE_CATS, goals={"ann": dict(GOALS), "bob": BOB_GOALS}
    ).run()
    totals, ranks, decided = ranking(tb)
    assert totals == {"ann": 10, "bob": 10}
    assert ranks == {"ann": 1, "bob": 2}
    assert decided == "ann"


def test_equal_points_more_cats_wins_even_with_fewer_buttons() -> None:
    # ann: one button (3); bob: Millie (3)
    ann = [((2, 2), "pink", "stripes"), ((3, 2), "pink", "quatrefoil"), ((3, 3), "pink", "vines")]
    bob = [((2, 2), "pink", "dots"), ((3, 2), "yellow", "dots"), ((3, 3), "green", "dots")]
    tb = Table({"ann": ann, "bob": bob}, cats=TIE_CATS).run()
    totals, ranks, decided = ranking(tb)
    assert totals == {"ann": 3, "bob": 3}
    assert ranks == {"ann": 2, "bob": 1}
    assert decided == "bob"


def test_equal_points_cats_and_buttons_share_the_win() -> None:
    ann = [((2, 2), "pink", "stripes"), ((3, 2), "pink", "quatrefoil"), ((3, 3), "pink", "vines")]
    bob = [
        ((2, 2), "green", "stripes"),
        ((3, 2), "green", "quatrefoil"),
        ((3, 3), "green", "vines"),
    ]
    tb = Table({"ann": ann, "bob": bob}, cats=TIE_CATS).run()
    totals, ranks, decided = ranking(tb)
    assert totals == {"ann": 3, "bob": 3}
    assert ranks == {"ann": 1, "bob": 1}
    assert decided is None
