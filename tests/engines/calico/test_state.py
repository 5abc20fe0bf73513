"""The state JSON: round trips, what each viewer sees, and every violation reported at once."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engines.calico import CALICO
from engines.core.errors import InvalidState

from .helpers import external, place, tile


def played(players: int, actions: int, seed: str = "state", **options: Any) -> Any:
    state = CALICO.setup([f"p{i}" for i in range(players)], {"setup": "beginner", **options}, seed)
    for i in range(actions):
        legal = CALICO.legal_actions(state)
        state, _ = CALICO.apply(state, legal[i % len(legal)])
    return state


def violations(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidState) as err:
        CALICO.decode_state(data)
    return sorted((v.code, v.pointer) for v in err.value.violations)


def test_state_json_round_trip_is_the_identity() -> None:
    for state in (played(2, 0), played(3, 57), played(1, 43), external(["a", "b"])):
        data = json.loads(json.dumps(CALICO.encode_state(state)))
        assert CALICO.encode_state(CALICO.decode_state(data)) == data


def test_state_shape_public_private_hidden() -> None:
    data = CALICO.encode_state(played(2, 5, record_log=True))
    assert set(data["public"]) == {"cats", "market", "discarded", "players"}
    assert set(data["public"]["players"]["p0"]) == {"board", "goals", "patches", "tokens"}
    assert set(data["private"]["p0"]) == {"hand"}
    assert set(data["hidden"]) == {"bag"}
    assert len(data["hidden"]["bag"]) == 108 - 4 - 3 - 2  # two takes refilled the market
    assert data["hidden"]["bag"][0].count("-") == 1
    assert len(data["log"]) == data["turn"] == 5


def test_hidden_information_each_viewer_sees_their_own_hand_only() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "secret-seed")
    ann = CALICO.view(state, "ann")
    assert "rng" not in ann and "hidden" not in ann
    assert list(ann["private"]) == ["ann"] and "goal_offer" in ann["private"]["ann"]
    spectator = CALICO.view(state, None)
    assert spectator["private"] == {} and spectator["viewer"] is None
    assert "secret-seed" not in json.dumps(spectator)
    assert spectator["public"] == CALICO.encode_state(state)["public"]


def test_state_tokens_must_be_those_the_placements_earn() -> None:
    state = external(
        ["ann"],
        hands={"ann": [tile("yellow", "ferns"), tile("pink", "vines")]},
    )
    data = CALICO.encode_state(place(state, "yellow", "ferns", (4, 1)))
    forged = copy.deepcopy(data)
    forged["public"]["players"]["ann"]["tokens"] = [
        {"kind": "button", "color": "yellow", "cells": [[4, 1], [5, 0], [5, 1]]}
    ]
    assert violations(forged) == [("TOKENS_MISMATCH", "/public/players/ann/tokens")]


def test_state_every_violation_is_reported_at_once() -> None:
    data = CALICO.encode_state(played(2, 6))
    broken = copy.deepcopy(data)
    broken["private"]["p1"]["hand"].append(tile("pink", "dots"))  # a third tile in hand
    broken["public"]["players"]["p0"]["patches"][0]["cell"] = [2, 3]  # a goal space
    broken["phase"] = "finished"
    broken["public"]["cats"][0]["cat"] = "oliver"
    # The two that make the state unreadable are reported together; the hand of three and the
    # phase are rules of a readable state, checked only once it reads.
    assert violations(broken) == [
        ("NOT_A_PATCH_SPACE", "/public/players/p0/patches/0/cell"),
        ("UNKNOWN_CAT", "/public/cats/0/cat"),
    ]


def test_state_turn_order_hands_and_tiles_are_checked() -> None:
    data = CALICO.encode_state(played(2, 6))  # p0 and p1 have placed 2 and 1
    extra = copy.deepcopy(data)
    extra["public"]["players"]["p1"]["patches"] += [  # p1 three ahead of p0's two
        {"cell": [5, 5], "color": "pink", "pattern": "dots"},
        {"cell": [5, 4], "color": "pink", "pattern": "ferns"},
    ]
    # The two tiles are also still in the bag (one tile too many of each kind in play), and
    # five placements need a later turn than the state's.
    assert violations(extra) == [
        ("TOO_MANY_TILES", "/public"),
        ("TURN_ORDER", "/public/players/p0/patches"),
        ("TURN_ORDER", "/public/players/p1/patches"),
        ("TURN_TOO_LOW", "/turn"),
    ]
    lost = copy.deepcopy(data)
    lost["hidden"]["bag"].pop()
    assert violations(lost) == [("TILES_MISSING", "/hidden/bag")]
    moved = copy.deepcopy(data)
    moved["to_move"] = ["p0"]
    assert violations(moved) == [("INCONSISTENT_STATE", "/to_move")]


def test_state_options_must_be_stored_normalized() -> None:
    data = CALICO.encode_state(played(1, 0))
    bad = copy.deepcopy(data)
    bad["options"]["setup"] = "quick"
    assert violations(bad) == [("INVALID_OPTION", "/options/setup")]
    short = copy.deepcopy(data)
    del short["options"]["family_variant"]
    assert violations(short) == [("OPTIONS_NOT_NORMALIZED", "/options")]
