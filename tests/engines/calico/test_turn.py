"""A turn: place a hand tile, take a market tile, refill the market (solo: discard the oldest)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.catalogue import tile_json
from engines.calico.state import CalicoState
from engines.core.errors import IllegalAction

from .helpers import act, draw, external, place, take, tile


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
