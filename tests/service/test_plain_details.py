"""Every game's problem details, violations and reasons read as plain words, never Python.

A set of bad inputs goes through the service for each game: the same malformed, unknown and
illegal requests for all, and a few the game's own rules refuse. Every ``detail`` in the answers
(the problem's, each violation's, reason's and schema error's) is checked for Python's notation,
and some are compared in full with the words worked out by hand from the seeded opening.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest

from engines import registry
from tests.clients.choose import first_action
from tests.service.contract_check import ContractClient

PYTHON_NOTATION = re.compile(r"\['|\('|\{'|'\]|'\)|(?:^|[\s(\[{:,])'[^'\s]*'(?=$|[\s,;.:)\]}'])")
"""A list, tuple or dict as Python prints it, or a value in Python's single quotes."""

PLAYERS = ["ann", "bob"]
SEED = "7"
Case = tuple[str, dict[str, Any]]


def _details(body: Any, out: list[str]) -> list[str]:
    """Every string ``detail`` in a body (a score component's ``detail`` is an object)."""
    if isinstance(body, dict):
        for key, value in body.items():
            if key == "detail" and isinstance(value, str):
                out.append(value)
            else:
                _details(value, out)
    elif isinstance(body, list):
        for value in body:
            _details(value, out)
    return out


def _common(state: dict[str, Any], action: dict[str, Any]) -> list[Case]:
    """Bad requests every game refuses: ``state`` is its opening, ``action`` ann's first move."""

    def altered(**fields: Any) -> dict[str, Any]:
        return {"state": {**copy.deepcopy(state), **fields}}

    stranger = {**state["options"], "first_player": "zed"}
    anonymous = {k: v for k, v in action.items() if k != "id"}
    return [
        ("setup", {"players": ["ann", "ann"], "seed": SEED}),
        ("setup", {"players": ["ann", "chance"], "seed": SEED}),
        ("setup", {"players": PLAYERS, "seed": SEED, "options": {"first_player": "zed"}}),
        ("setup", {"players": PLAYERS, "seed": SEED, "options": {"colour": "red"}}),
        ("setup", {"players": ["a", "b", "c", "d", "e", "f"], "seed": SEED}),
        ("setup", {"players": ["", "b"], "seed": SEED}),
        ("apply", {"state": state, "action": {"type": "fly", "player": "ann"}}),
        ("apply", {"state": state, "action": {"id": "no such id"}}),
        ("apply", {"state": state, "action": {**action, "player": "zed"}}),
        ("apply", {"state": state, "action": {**anonymous, "player": "bob"}}),
        ("apply", {"state": state, "action": {**action, "id": "advance:x"}}),
        ("legal-actions", {"state": state, "player": "carol"}),
        ("view", {"state": state, "viewer": "carol"}),
        ("validate-action", {"state": state, "action": {**action, "player": "zed"}}),
        ("validate-state", altered(to_move=["bob"])),
        ("validate-state", altered(players=["ann", "ann"])),
        ("validate-state", altered(game="chess")),
        ("validate-state", altered(rules_version="1999")),
        ("validate-state", altered(turn="x")),
        ("validate-state", altered(options=stranger)),
        ("validate-state", altered(phase="nowhere")),
        ("validate-state", {"state": {k: v for k, v in state.items() if k != "public"}}),
        ("score", {"position": {}}),
    ]


def _patchwork(state: dict[str, Any]) -> list[Case]:
    circle = state["public"]["circle"]  # 22, 11, 21 lead; 6 and 0 end it
    short = copy.deepcopy(state)
    short["public"]["circle"] = circle[:-2]
    buy = {"type": "buy_patch", "player": "ann", "patch": 2, "cells": [[0, 0], [0, 1]]}
    return [("apply", {"state": state, "action": buy}), ("validate-state", {"state": short})]


def _calico(state: dict[str, Any]) -> list[Case]:
    # ann was offered AAA-BB-C, all_different, AA-BB-C-D and AA-BB-CC; AAA-BBB went to bob.
    goals = {"2,3": "AAA-BBB", "3,4": "all_different", "4,2": "AA-BB-C-D"}
    choose = {"type": "choose_goals", "player": "ann", "goals": goals}
    unknown = copy.deepcopy(state)
    unknown["private"]["ann"]["goal_offer"][0] = "ABC"
    return [("apply", {"state": state, "action": choose}), ("validate-state", {"state": unknown})]


def _castle_combo(state: dict[str, Any]) -> list[Case]:
    # The messenger is at the village (beekeeper, sculptor, stable_boy); princess is at the castle.
    buy = {"type": "buy_card", "player": "ann", "card": "princess", "cell": [0, 0]}
    twice = copy.deepcopy(state)
    twice["public"]["displays"]["castle"][0] = "beekeeper"
    return [("apply", {"state": state, "action": buy}), ("validate-state", {"state": twice})]


def _isle_of_cats(state: dict[str, Any]) -> list[Case]:
    # ann's draft hand is 93, 4, 82, 95, 134, 22 and 7; her first listed pick is "draft:ann:4,7".
    draft = {"id": "draft:ann:4,7", "type": "draft", "player": "ann", "cards": [4, 7]}
    yellow_boat = copy.deepcopy(state)
    yellow_boat["public"]["players"]["ann"]["boat"] = "yellow"
    return [
        ("apply", {"state": state, "action": {"id": "draft:ann:1,2"}}),
        ("apply", {"state": state, "action": {**draft, "player": "bob"}}),
        ("validate-state", {"state": yellow_boat}),
    ]


GAMES: dict[str, Callable[[dict[str, Any]], list[Case]]] = {
    "patchwork": _patchwork,
    "calico": _calico,
    "castle_combo": _castle_combo,
    "isle_of_cats": _isle_of_cats,
}

EXPECTED: dict[str, list[str]] = {
    "patchwork": [
        "player ids must be distinct: “ann” and “ann”",
        "the player id “chance” is reserved for chance",
        "“zed” is not playing",
        "it is the turn of “ann”",
        "“no such id” is not a Patchwork action id (advance, buy:…, leather:…)",
        "“carol” is not one of the players, “ann” and “bob”",
        'to_move should be ["ann"] for this position, not ["bob"]',
        "rules version “1999” is not 2014-lookout",
        "this property is not allowed here: “colour”",
        "“x” is not of type integer",
        "the property “public” is required",
        "“nowhere” is not play, place_leather_patch or finished",
        "patchwork was expected, not “chess”",
        "patch 2 is not among the next three patches (22, 11 and 21)",
        "patches 0 and 6 are neither in the circle nor placed",
    ],
    "calico": [
        "the player id “chance” is reserved for chance",
        "“carol” is not one of the players, “ann” and “bob”",
        'to_move should be ["ann", "bob"] for this position, not ["bob"]',
        "rules version “1999” is not 2020-aeg",
        "AAA-BBB is not among the tiles revealed (AAA-BB-C, all_different, AA-BB-C-D and AA-BB-CC)",
        "“ABC” is not all_different, AAA-BBB, AA-BB-CC, AAAA-BB, AAA-BB-C or AA-BB-C-D",
        "AA-BB-C-D is not among the tiles revealed (AAA-BB-C, AA-BB-CC, AAA-BBB and all_different)",
    ],
    "castle_combo": [
        "the player id “chance” is reserved for chance",
        "it is the turn of “ann”",
        "“carol” is not one of the players, “ann” and “bob”",
        "rules version “1999” is not 2024-catch-up",
        "princess is not among the cards at the village (beekeeper, sculptor and stable_boy)",
        "beekeeper is also at /public/displays/castle/0: every card is unique",
    ],
    "isle_of_cats": [
        "player ids must be distinct: “ann” and “ann”",
        "the player id “chance” is reserved for chance",
        "“zed” is not playing",
        "“no such id” is not an Isle of Cats action id (see the action types)",
        "“carol” is not one of the players, “ann” and “bob”",
        'to_move should be ["ann", "bob"] for this position, not ["bob"]',
        "rules version “1999” is not 2019-city-of-games",
        "keep 2 different cards of 4, 7, 22, 82, 93, 95 and 134",
        "the id “draft:ann:4,7” does not match the action: its player is “ann”, not “bob”",
        "“yellow” is not blue, green, red or purple",
    ],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_detail_is_in_plain_words(api: ContractClient, game: str) -> None:
    base = f"/v1/games/{game}"
    opening = api.post(f"{base}/setup", json={"players": PLAYERS, "seed": SEED}).get_json()
    state, first = opening["state"], opening["legal_actions"][0]
    if "choose" in first:  # a choice: its first values, as the complete action listed
        engine = registry.get(game)
        position = engine.decode_state(state)
        first = engine.encode_action(position, engine.decode_action(position, first_action(first)))
    assert first["player"] == "ann"
    details: list[str] = []
    for operation, body in [*_common(state, first), *GAMES[game](state)]:
        resp = api.post(f"{base}/{operation}", json=body)
        found = _details(resp.get_json(), [])
        assert found, (operation, body, resp.get_json())  # each bad input is answered in words
        assert resp.status_code >= 400 or operation.startswith("validate-"), resp.get_json()
        details += found
    assert [d for d in details if PYTHON_NOTATION.search(d)] == []
    missing = [d for d in EXPECTED[game] if d not in details]
    assert missing == []


def test_the_notation_check_catches_what_python_prints() -> None:
    printed = [
        "'carol' is not one of ['alice', 'bob']",
        "it is 'alice''s turn",
        "the cells (1, 2) and ('a', 'b')",
        "placing these patches earns [{'kind': 'button'}]",
        "Additional properties are not allowed ('colour' was unexpected)",
        "'x' is not of type 'integer'",
    ]
    plain = [
        "“carol” is not one of the players, “alice” and “bob”",
        "it is the turn of “alice”; ann's table's cards",
        "already covered: [1, 1] and [1, 2]",
        'to_move should be ["ann"] for this position, not ["bob"]',
    ]
    assert [p for p in printed if not PYTHON_NOTATION.search(p)] == []
    assert [p for p in plain if PYTHON_NOTATION.search(p)] == []
