"""Setup: beginner and regular, seeded and external, solo scenarios."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.catalogue import CATS, GOAL_INDEX
from engines.calico.state import CalicoState
from engines.core.errors import InvalidState

from .helpers import BEGINNER_GOALS, act, external, table, tile

PLAYERS = ["ann", "bob", "cy", "dee"]


def encoded(state: CalicoState) -> dict[str, Any]:
    return CALICO.encode_state(state)


def test_setup_beginner_uses_millie_tibbit_coconut_and_the_fixed_goals() -> None:
    state = CALICO.setup(PLAYERS[:2], {"setup": "beginner"}, "beginner")
    data = encoded(state)
    cats = data["public"]["cats"]
    assert sorted(c["cat"] for c in cats) == ["coconut", "millie", "tibbit"]
    patterns = [p for c in cats for p in c["patterns"]]
    assert sorted(patterns) == ["dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"]
    for name in PLAYERS[:2]:
        assert data["public"]["players"][name]["goals"] == BEGINNER_GOALS
        assert "goal_offer" not in data["private"][name]
    assert data["phase"] == "place_tile" and data["to_move"] == ["ann"]


def test_setup_regular_draws_one_cat_per_dot_group() -> None:
    for seed in range(20):
        state = CALICO.setup(PLAYERS[:2], {}, f"cats-{seed}")
        assert sorted(CATS[c.cat].dots for c in state.cats) == [1, 2, 3]


def test_setup_regular_reveals_four_goal_tiles_and_each_player_chooses_three() -> None:
    state = CALICO.setup(PLAYERS[:3], {}, "goals")
    data = encoded(state)
    assert data["phase"] == "choose_goals"
    assert data["to_move"] == PLAYERS[:3]
    offers = {p: data["private"][p]["goal_offer"] for p in PLAYERS[:3]}
    assert all(len(set(o)) == 4 for o in offers.values())
    # 4 tiles, 3 kept, each on one of 3 spaces: 4 × 3 × 2 = 24 choices per player.
    assert len(CALICO.legal_actions(state, "bob")) == 24
    assert len(CALICO.legal_actions(state)) == 72
    chosen = dict(zip(["2,3", "3,4", "4,2"], offers["bob"][:3], strict=True))
    state, events = act(state, {"type": "choose_goals", "player": "bob", "goals": chosen})
    assert events == [{"type": "goals_chosen", "player": "bob", "goals": chosen}]
    data = encoded(state)
    assert data["public"]["players"]["bob"]["goals"] == chosen
    assert "goal_offer" not in data["private"]["bob"]
    assert data["to_move"] == ["ann", "cy"]


def test_setup_choose_goals_rejects_an_unrevealed_tile() -> None:
    state = CALICO.setup(["ann"], {}, "goals")
    offer = encoded(state)["private"]["ann"]["goal_offer"]
    missing = sorted(set(GOAL_INDEX) - set(offer))[0]
    action = {
        "type": "choose_goals",
        "player": "ann",
        "goals": dict(zip(["2,3", "3,4", "4,2"], [missing, *offer[:2]], strict=True)),
    }
    reasons = CALICO.check(state, CALICO.decode_action(state, action))
    assert [r.code for r in reasons] == ["GOAL_NOT_OFFERED"]


def test_setup_nobody_places_before_every_goal_is_chosen() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "goals")
    action = CALICO.decode_action(
        state,
        {"type": "place_tile", "player": "ann", "tile": tile("pink", "dots"), "cells": [[1, 1]]},
    )
    assert [r.code for r in CALICO.check(state, action)] == ["WRONG_PHASE"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_two_tiles_in_each_hand_and_a_market_of_three(players: int) -> None:
    state = CALICO.setup(PLAYERS[:players], {"setup": "beginner"}, "deal")
    assert [len(h) for h in state.hands] == [2] * players
    assert len(state.market) == 3
    assert state.bag is not None and len(state.bag) == 108 - 2 * players - 3
    assert len({q.board for q in state.quilts}) == players  # each player has their own board
    assert CALICO.pending_chance(state) is None  # seeded mode draws at once


def test_setup_first_player_places_first_and_play_goes_round_in_listed_order() -> None:
    state = CALICO.setup(PLAYERS[:3], {"setup": "beginner", "first_player": "bob"}, "first")
    order = []
    for _ in range(4):
        order.append(CALICO.to_move(state)[0])
        state, _ = CALICO.apply(state, CALICO.legal_actions(state)[0])
        state, _ = CALICO.apply(state, CALICO.legal_actions(state)[0])
    assert order == ["bob", "cy", "ann", "bob"]
    assert CALICO.to_move(CALICO.setup(PLAYERS[:3], {"setup": "beginner"}, "x")) == ["ann"]


def test_setup_seeded_is_reproducible_and_seed_dependent() -> None:
    a = encoded(CALICO.setup(PLAYERS, {}, "same"))
    assert a == encoded(CALICO.setup(PLAYERS, {}, "same"))
    assert a["hidden"] != encoded(CALICO.setup(PLAYERS, {}, "other"))["hidden"]
    # sha256-ctr-v1 with seed "demo": the cats, boards and first market are fixed forever.
    demo = encoded(CALICO.setup(["ann", "bob"], {}, "demo"))
    assert [c["cat"] for c in demo["public"]["cats"]] == ["tibbit", "coconut", "gwenivere"]
    assert [demo["public"]["players"][p]["board"] for p in ["ann", "bob"]] == ["yellow", "green"]


def test_setup_external_takes_everything_from_the_table() -> None:
    state = external(["ann", "bob"])
    data = encoded(state)
    assert data["rng"] == {"mode": "external"}
    assert data["hidden"] == {}
    assert data["public"]["market"] == table(["ann"])["market"]
    assert data["private"]["bob"]["hand"] == [tile("yellow", "stripes"), tile("purple", "vines")]
    assert data["public"]["players"]["bob"]["board"] == "green"
    assert data["public"]["cats"][0] == {"cat": "millie", "patterns": ["dots", "ferns"]}


def test_setup_external_reports_every_missing_table_option() -> None:
    with pytest.raises(InvalidState) as err:
        CALICO.setup(["ann"], {"randomness": "external"}, None)
    assert sorted(v.pointer for v in err.value.violations) == [
        "/options/boards",
        "/options/cats",
        "/options/goals",
        "/options/hands",
        "/options/market",
    ]


def test_setup_external_refuses_more_copies_than_the_box_holds() -> None:
    three = [tile("pink", "dots")] * 3
    with pytest.raises(InvalidState) as err:
        external(["ann"], market=three)  # ann's hand already holds a pink dots
    assert [v.code for v in err.value.violations] == ["TOO_MANY_TILES"]


def test_setup_regular_cats_must_come_one_per_dot_group() -> None:
    cats = [
        {"cat": "millie", "patterns": ["dots", "ferns"]},
        {"cat": "tibbit", "patterns": ["flowers", "vines"]},
        {"cat": "leo", "patterns": ["quatrefoil", "stripes"]},
    ]
    with pytest.raises(InvalidState) as err:
        external(["ann"], cats=cats)
    assert [v.code for v in err.value.violations] == ["WRONG_CATS"]


def test_setup_seeded_mode_draws_hands_and_market_itself() -> None:
    with pytest.raises(InvalidState) as err:
        CALICO.setup(["ann"], {"market": [tile("pink", "dots")] * 3}, "x")
    assert [v.code for v in err.value.violations] == ["DRAWN_IN_SEEDED_MODE"]


def test_setup_solo_scenario_fixes_cats_and_goals() -> None:
    state = CALICO.setup(["ann"], {"solo_scenario": 5}, "scenario")
    data = encoded(state)
    assert [c["cat"] for c in data["public"]["cats"]] == ["callie", "coconut", "cira"]
    assert data["public"]["players"]["ann"]["goals"] == {
        "2,3": "all_different",
        "3,4": "AAAA-BB",
        "4,2": "AA-BB-C-D",
    }
    with pytest.raises(InvalidState) as err:
        CALICO.setup(["ann", "bob"], {"solo_scenario": 5}, "scenario")
    assert [v.code for v in err.value.violations] == ["INVALID_OPTION"]


def test_setup_lower_variance_variant_uses_72_tiles_and_at_most_three_players() -> None:
    state = CALICO.setup(["ann", "bob", "cy"], {"lower_variance_variant": True}, "lv")
    # 2 copies × 36 kinds = 72, all still in the bag while the goals are being chosen.
    assert state.bag is not None and len(state.bag) == 72
    state = CALICO.setup(
        ["ann", "bob", "cy"], {"lower_variance_variant": True, "setup": "beginner"}, "lv"
    )
    # Beginner goals are fixed, so the deal is at once: 72 − 3 hands × 2 − 3 market = 63.
    assert state.bag is not None and len(state.bag) == 63
    with pytest.raises(InvalidState) as err:
        CALICO.setup(PLAYERS, {"lower_variance_variant": True}, "lv")
    assert [v.code for v in err.value.violations] == ["NOT_ENOUGH_TILES"]


def test_setup_rejects_bad_players_and_options_all_at_once() -> None:
    with pytest.raises(InvalidState) as err:
        CALICO.setup(["a", "b", "c", "d", "e"], {"setup": "quick", "colour": "red"}, None)
    assert sorted(v.code for v in err.value.violations) == [
        "INVALID_OPTION",
        "PLAYER_COUNT",
        "UNKNOWN_OPTION",
    ]


def test_setup_every_goal_arrangement_is_a_distinct_legal_action() -> None:
    state = CALICO.setup(["ann"], {}, "goals")
    offer = encoded(state)["private"]["ann"]["goal_offer"]
    ids = {CALICO.encode_action(state, a)["id"] for a in CALICO.legal_actions(state)}
    assert ids == {"goals:ann:" + ",".join(p) for p in permutations(offer, 3)}
