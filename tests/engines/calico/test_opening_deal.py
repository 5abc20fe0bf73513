"""Regular setup: the goals are chosen before the hands are drawn and the market is revealed.

Rulebook, "Preparação Regular": 6. each player reveals 4 of their goal tiles and keeps 3; 7. each
player draws 2 tiles into their hand; 8. 3 tiles are revealed to form the market. Nobody chooses
goals knowing their first tiles.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.state import CalicoState
from engines.core.errors import InvalidState

from .helpers import BEGINNER_GOALS, act, table, tile

ANN_GOALS = {"2,3": "AAAA-BB", "3,4": "all_different", "4,2": "AA-BB-CC"}
BOB_GOALS = {"2,3": "AA-BB-CC", "3,4": "all_different", "4,2": "AAA-BBB"}
"""Three of each player's four tiles revealed with the seed "demo" (see the first test)."""
BEGINNER_CATS = [
    {"cat": "millie", "patterns": ["dots", "ferns"]},
    {"cat": "tibbit", "patterns": ["flowers", "vines"]},
    {"cat": "coconut", "patterns": ["quatrefoil", "stripes"]},
]


def encoded(state: CalicoState) -> dict[str, Any]:
    return CALICO.encode_state(state)


def choose(state: CalicoState, player: str, goals: dict[str, str]) -> CalicoState:
    return act(state, {"type": "choose_goals", "player": player, "goals": goals})[0]


def offers_table(players: list[str], **overrides: Any) -> dict[str, Any]:
    """External mode where the players choose: each one's four revealed goal tiles."""
    options = table(players)
    for key in ("goals", "hands", "market"):
        del options[key]
    options["goal_offers"] = {
        p: ["AAAA-BB", "all_different", "AA-BB-CC", "AAA-BBB"] for p in players
    }
    options.update(overrides)
    return options


# --- seeded mode --------------------------------------------------------------------------------


def test_regular_setup_no_tile_leaves_the_bag_while_goals_are_chosen() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "demo")
    data = encoded(state)
    assert data["phase"] == "choose_goals" and data["to_move"] == ["ann", "bob"]
    assert data["private"]["ann"] == {
        "hand": [],
        "goal_offer": ["AAAA-BB", "all_different", "AA-BB-CC", "AAA-BB-C"],
    }
    assert data["private"]["bob"] == {
        "hand": [],
        "goal_offer": ["AA-BB-CC", "all_different", "AAA-BBB", "AAAA-BB"],
    }
    assert data["public"]["market"] == []
    # 36 kinds × 3 copies = 108 tiles, every one still in the bag.
    assert len(data["hidden"]["bag"]) == 108
    assert state.bag_size() == 108 and state.bag_counts() == [3] * 36
    assert CALICO.pending_chance(state) is None


def test_regular_setup_no_view_during_choose_goals_shows_a_hand_or_the_market() -> None:
    state = CALICO.setup(["ann", "bob", "cy"], {}, "views")
    states = [state, choose(state, "bob", _first_three(state, "bob"))]
    states.append(choose(states[1], "cy", _first_three(states[1], "cy")))
    for s in states:
        assert s.phase.value == "choose_goals"
        for viewer in ["ann", "bob", "cy", None]:
            view = CALICO.view(s, viewer)
            assert view["public"]["market"] == []
            assert all(mine["hand"] == [] for mine in view["private"].values())
            assert "hidden" not in view
    # ann chooses last: only now are hands and market drawn.
    after = encoded(choose(states[2], "ann", _first_three(states[2], "ann")))
    assert after["phase"] == "place_tile"
    assert [len(after["private"][p]["hand"]) for p in ["ann", "bob", "cy"]] == [2, 2, 2]
    assert len(after["public"]["market"]) == 3


def _first_three(state: CalicoState, player: str) -> dict[str, str]:
    offer = encoded(state)["private"][player]["goal_offer"]
    return dict(zip(["2,3", "3,4", "4,2"], offer[:3], strict=True))


def test_regular_setup_last_choice_draws_the_hands_in_seat_order_then_the_market() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "demo")
    bag = encoded(state)["hidden"]["bag"]
    # The bag's first seven tiles with the seed "demo" (sha256-ctr-v1): fixed forever.
    assert bag[:7] == [
        "pink-vines",
        "purple-quatrefoil",
        "purple-flowers",
        "dark_blue-quatrefoil",
        "dark_blue-vines",
        "light_blue-stripes",
        "yellow-quatrefoil",
    ]
    state = choose(state, "bob", BOB_GOALS)
    assert encoded(state)["hidden"]["bag"] == bag  # one choice is not all: nothing drawn yet
    state, events = act(state, {"type": "choose_goals", "player": "ann", "goals": ANN_GOALS})
    data = encoded(state)
    # Two tiles to ann (seat 0), two to bob (seat 1), then three to the market.
    assert data["private"]["ann"]["hand"] == [tile("pink", "vines"), tile("purple", "quatrefoil")]
    assert data["private"]["bob"]["hand"] == [
        tile("purple", "flowers"),
        tile("dark_blue", "quatrefoil"),
    ]
    assert data["public"]["market"] == [
        tile("dark_blue", "vines"),
        tile("light_blue", "stripes"),
        tile("yellow", "quatrefoil"),
    ]
    # 108 − 2 × 2 − 3 = 101 tiles left, in the same order.
    assert data["hidden"]["bag"] == bag[7:] and len(data["hidden"]["bag"]) == 101
    market = [
        tile("dark_blue", "vines"),
        tile("light_blue", "stripes"),
        tile("yellow", "quatrefoil"),
    ]
    assert events == [
        {"type": "goals_chosen", "player": "ann", "goals": ANN_GOALS},
        {"type": "hand_dealt", "player": "ann"},
        {"type": "hand_dealt", "player": "bob"},
        {"type": "market_refilled", "tiles": market},
    ]
    assert data["phase"] == "place_tile" and data["to_move"] == ["ann"]


def test_regular_setup_the_deal_does_not_depend_on_who_chooses_last() -> None:
    start = CALICO.setup(["ann", "bob"], {}, "demo")
    bob_last = choose(choose(start, "ann", ANN_GOALS), "bob", BOB_GOALS)
    ann_last = choose(choose(start, "bob", BOB_GOALS), "ann", ANN_GOALS)
    assert bob_last.hands == ann_last.hands and bob_last.market == ann_last.market
    assert bob_last.bag == ann_last.bag


def test_regular_setup_solo_chooses_goals_before_drawing() -> None:
    state = CALICO.setup(["ann"], {}, "solo")
    assert state.phase.value == "choose_goals"
    assert state.hands == ((),) and state.market == ()
    assert state.bag is not None and len(state.bag) == 108
    state = choose(state, "ann", _first_three(state, "ann"))
    # One hand of 2 and a market of 3: 108 − 5 = 103 left.
    assert len(state.hands[0]) == 2 and len(state.market) == 3
    assert state.bag is not None and len(state.bag) == 103
    assert state.phase.value == "place_tile"


@pytest.mark.parametrize(
    "options",
    [
        {"setup": "beginner"},
        {"solo_scenario": 1},
        {"goals": {"ann": BEGINNER_GOALS}},
    ],
)
def test_regular_setup_without_a_goal_choice_deals_at_setup(options: dict[str, Any]) -> None:
    state = CALICO.setup(["ann"], options, "at-once")
    assert state.phase.value == "place_tile"
    assert len(state.hands[0]) == 2 and len(state.market) == 3
    assert state.bag is not None and len(state.bag) == 103  # 108 − 2 − 3


# --- external mode ------------------------------------------------------------------------------


def test_external_goal_offers_choose_first_then_the_table_reports_each_hand() -> None:
    state = CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None)
    data = encoded(state)
    assert data["phase"] == "choose_goals" and data["to_move"] == ["ann", "bob"]
    assert data["public"]["market"] == [] and data["private"]["ann"]["hand"] == []
    assert CALICO.pending_chance(state) is None
    reasons = CALICO.check(state, CALICO.decode_action(state, {"id": "chance:pink-dots,pink-dots"}))
    assert [r.code for r in reasons] == ["NO_CHANCE_PENDING"]

    state = choose(choose(state, "ann", ANN_GOALS), "bob", BOB_GOALS)
    assert CALICO.to_move(state) == ["chance"] and state.phase.value == "draw"
    pending = CALICO.pending_chance(state)
    assert pending is not None
    assert {k: pending[k] for k in ("kind", "count", "to", "player", "ordered")} == {
        "kind": "draw_from_bag",
        "count": 2,
        "to": "hand",
        "player": "ann",
        "ordered": False,
    }
    assert pending["support"]["items"]["pink-dots"] == 3 and len(pending["support"]["items"]) == 36
    # A hand has no order: the pairs of 36 kinds, each kind having 2+ copies: 36 × 35 / 2 + 36.
    assert len(CALICO.legal_actions(state)) == 666
    place = {"type": "place_tile", "player": "ann", "tile": tile("pink", "dots"), "cells": [[1, 1]]}
    reasons = CALICO.check(state, CALICO.decode_action(state, place))
    assert [r.code for r in reasons] == ["CHANCE_PENDING"]

    state, events = act(state, {"id": "chance:pink-dots,green-ferns"})
    assert events == [{"type": "hand_dealt", "player": "ann"}]
    # green (1) × 6 + ferns (1) = 7 comes before pink (3) × 6 + dots (0) = 18.
    assert encoded(state)["private"]["ann"]["hand"] == [
        tile("green", "ferns"),
        tile("pink", "dots"),
    ]
    pending = CALICO.pending_chance(state)
    assert pending is not None and (pending["to"], pending["player"]) == ("hand", "bob")
    assert pending["support"]["items"]["pink-dots"] == 2


def test_external_goal_offers_a_hand_in_either_order_is_one_action() -> None:
    state = CALICO.setup(["ann"], offers_table(["ann"]), None)
    state = choose(state, "ann", ANN_GOALS)
    one = CALICO.decode_action(state, {"id": "chance:pink-dots,green-ferns"})
    other = CALICO.decode_action(
        state, {"type": "chance", "drawn": [tile("green", "ferns"), tile("pink", "dots")]}
    )
    assert one == other
    assert CALICO.encode_action(state, one)["id"] == "chance:green-ferns,pink-dots"


def test_external_goal_offers_market_is_revealed_after_every_hand_two_then_one() -> None:
    state = CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None)
    state = choose(choose(state, "ann", ANN_GOALS), "bob", BOB_GOALS)
    state = act(state, {"id": "chance:pink-dots,green-ferns"})[0]
    state = act(state, {"id": "chance:yellow-stripes,purple-vines"})[0]
    pending = CALICO.pending_chance(state)
    assert pending is not None
    assert (pending["count"], pending["to"], pending["ordered"]) == (2, "market", True)
    assert "player" not in pending
    # Ordered pairs from 36 kinds, each with 2 or 3 copies left: 36 × 36.
    assert len(CALICO.legal_actions(state)) == 1296
    state, events = act(state, {"id": "chance:dark_blue-dots,light_blue-flowers"})
    assert events == [
        {
            "type": "market_refilled",
            "tiles": [tile("dark_blue", "dots"), tile("light_blue", "flowers")],
        }
    ]
    pending = CALICO.pending_chance(state)
    assert pending is not None and (pending["count"], pending["to"]) == (1, "market")
    assert len(CALICO.legal_actions(state)) == 36
    state = act(state, {"id": "chance:pink-vines"})[0]
    data = encoded(state)
    assert data["public"]["market"] == [
        tile("dark_blue", "dots"),
        tile("light_blue", "flowers"),
        tile("pink", "vines"),
    ]
    assert data["phase"] == "place_tile" and data["to_move"] == ["ann"]
    # 108 − 4 in hands − 3 in the market = 101 in the bag.
    assert state.bag_size() == 101
    # Two choices and four draws, one turn each.
    assert data["turn"] == 6


def test_external_goal_offers_solo_draws_the_hand_then_the_market() -> None:
    state = choose(CALICO.setup(["ann"], offers_table(["ann"]), None), "ann", ANN_GOALS)
    pending = CALICO.pending_chance(state)
    assert pending is not None and (pending["to"], pending["player"]) == ("hand", "ann")
    state = act(state, {"id": "chance:pink-dots,pink-dots"})[0]
    pending = CALICO.pending_chance(state)
    assert pending is not None and (pending["to"], pending["count"]) == ("market", 2)
    # pink-dots: 3 − 2 = 1 left, so it cannot be drawn twice now.
    reasons = CALICO.check(state, CALICO.decode_action(state, {"id": "chance:pink-dots,pink-dots"}))
    assert [r.code for r in reasons] == ["ILLEGAL_CHANCE_OUTCOME"]


@pytest.mark.parametrize(
    ("overrides", "codes"),
    [
        ({"hands": table(["ann"])["hands"]}, ["DRAWN_AFTER_GOALS"]),
        ({"market": table(["ann"])["market"]}, ["DRAWN_AFTER_GOALS"]),
        ({"goals": {"ann": BEGINNER_GOALS}}, ["GOALS_AND_OFFERS"]),
        ({"setup": "beginner", "cats": BEGINNER_CATS}, ["GOALS_FIXED"]),
        (
            {"goal_offers": {"ann": ["AAAA-BB", "all_different", "AA-BB-CC"]}},
            ["INVALID_GOAL_OFFER"],
        ),
        (
            {"goal_offers": {"bob": ["AAAA-BB", "all_different", "AA-BB-CC", "AAA-BBB"]}},
            ["INVALID_TABLE_OPTION"],
        ),
    ],
)
def test_external_goal_offers_setup_rejects_what_is_drawn_after_the_choice(
    overrides: dict[str, Any], codes: list[str]
) -> None:
    with pytest.raises(InvalidState) as err:
        CALICO.setup(["ann"], offers_table(["ann"], **overrides), None)
    assert [v.code for v in err.value.violations] == codes


def test_seeded_mode_refuses_goal_offers() -> None:
    offers = {"ann": ["AAAA-BB", "all_different", "AA-BB-CC", "AAA-BBB"]}
    with pytest.raises(InvalidState) as err:
        CALICO.setup(["ann"], {"goal_offers": offers}, "x")
    assert [v.code for v in err.value.violations] == ["DRAWN_IN_SEEDED_MODE"]


# --- state validation ---------------------------------------------------------------------------


def _codes(data: dict[str, Any]) -> list[str]:
    with pytest.raises(InvalidState) as err:
        CALICO.decode_state(data)
    return sorted(v.code for v in err.value.violations)


def test_state_while_choosing_goals_round_trips_in_both_modes() -> None:
    seeded = CALICO.setup(["ann", "bob"], {}, "demo")
    external = CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None)
    for state in [seeded, choose(seeded, "ann", ANN_GOALS), external]:
        assert CALICO.decode_state(encoded(state)) == state


def test_state_during_the_external_deal_round_trips() -> None:
    state = CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None)
    state = choose(choose(state, "ann", ANN_GOALS), "bob", BOB_GOALS)
    for draw in ["pink-dots,green-ferns", "yellow-stripes,purple-vines", "pink-vines,pink-vines"]:
        assert CALICO.decode_state(encoded(state)) == state
        state = act(state, {"id": f"chance:{draw}"})[0]
    assert CALICO.decode_state(encoded(state)) == state  # a market of 2, the last tile owed


def test_state_rejects_a_hand_present_while_goals_are_chosen() -> None:
    data = encoded(CALICO.setup(["ann", "bob"], {}, "demo"))
    bag = data["hidden"]["bag"]
    # The bag's first two tiles moved into ann's hand: every tile is still accounted for.
    data["private"]["ann"]["hand"] = [tile("pink", "vines"), tile("purple", "quatrefoil")]
    data["hidden"]["bag"] = bag[2:]
    assert _codes(data) == ["DEALT_BEFORE_GOALS"]


def test_state_rejects_a_market_present_while_goals_are_chosen() -> None:
    data = encoded(CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None))
    data["public"]["market"] = [tile("pink", "dots")]
    assert _codes(data) == ["DEALT_BEFORE_GOALS"]


def test_state_rejects_seeded_hands_left_undealt_after_the_choice() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "demo")
    undealt = encoded(state)
    state = choose(choose(state, "ann", ANN_GOALS), "bob", BOB_GOALS)
    data = encoded(state)
    data["private"]["ann"]["hand"] = data["private"]["bob"]["hand"] = []
    data["public"]["market"] = []
    data["hidden"]["bag"] = undealt["hidden"]["bag"]
    assert _codes(data) == ["HAND_SIZE"]


def test_state_rejects_external_hands_drawn_out_of_seat_order() -> None:
    state = CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None)
    data = encoded(choose(choose(state, "ann", ANN_GOALS), "bob", BOB_GOALS))
    data["private"]["bob"]["hand"] = [tile("pink", "dots"), tile("green", "ferns")]
    data["to_move"], data["phase"] = ["chance"], "draw"
    assert _codes(data) == ["DEAL_ORDER"]


def test_state_rejects_an_external_market_before_every_hand() -> None:
    state = CALICO.setup(["ann", "bob"], offers_table(["ann", "bob"]), None)
    state = choose(choose(state, "ann", ANN_GOALS), "bob", BOB_GOALS)
    data = encoded(act(state, {"id": "chance:pink-dots,green-ferns"})[0])
    data["public"]["market"] = [tile("pink", "vines")]
    assert _codes(data) == ["DEAL_ORDER"]


def test_state_rejects_empty_hands_where_the_setup_fixes_the_goals() -> None:
    data = encoded(
        CALICO.setup(["ann"], table(["ann"], setup="beginner", cats=BEGINNER_CATS), None)
    )
    data["private"]["ann"]["hand"] = []
    data["public"]["market"] = []
    data["to_move"], data["phase"] = ["chance"], "draw"
    assert _codes(data) == ["HAND_SIZE"]


def test_external_goal_offers_the_log_shows_a_dealt_hand_to_its_owner_only() -> None:
    # The table reports ann's hand, bob's hand, then the market (two tiles, then one); the log
    # of a view names a hand's tiles to its owner, and to the others says only that a hand was
    # dealt. The market is open: everyone sees its draws.
    options = {**offers_table(["ann", "bob"]), "record_log": True}
    state = choose(
        choose(CALICO.setup(["ann", "bob"], options, None), "ann", ANN_GOALS), "bob", BOB_GOALS
    )
    for drawn in [
        "pink-dots,green-ferns",
        "yellow-stripes,purple-vines",
        "dark_blue-dots,pink-vines",
        "green-dots",
    ]:
        state = act(state, {"id": f"chance:{drawn}"})[0]
    state = act(state, {"id": "place:pink-dots:2,2"})[0]
    deals = ["chance:green-ferns,pink-dots", "chance:purple-vines,yellow-stripes"]
    market = ["chance:dark_blue-dots,pink-vines", "chance:green-dots"]

    def chance_ids(viewer: str | None) -> list[str]:
        return [e["id"] for e in CALICO.view(state, viewer)["log"] if e["player"] == "chance"]

    assert [e["id"] for e in encoded(state)["log"] if e["player"] == "chance"] == deals + market
    assert chance_ids("ann") == [deals[0], "chance:hand", *market]
    assert chance_ids("bob") == ["chance:hand", deals[1], *market]
    assert chance_ids(None) == ["chance:hand", "chance:hand", *market]
