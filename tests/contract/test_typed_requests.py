"""The typed parts of the requests: exactly one of ``state``, ``state_token`` (and ``position``)
as a ``oneOf`` of whole schemas, and The Isle of Cats' actions one schema per ``type``.

The contract is read as the service reads it; whole seeded games of The Isle of Cats in each mode
check that every listed entry, and the action a client sends for it, is of its type's schema.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient

from engines import registry
from engines.isle_of_cats import actions as isle_actions
from service import create_app
from service.config import Settings
from service.contract import Contract
from tests.clients.choose import first_action
from tests.contract.examples import OPENAPI

DOC: dict[str, Any] = Contract.load(OPENAPI).doc
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]
GAMES = {
    "patchwork": "Patchwork",
    "calico": "Calico",
    "calico_simplified": "CalicoSimplified",
    "castle_combo": "CastleCombo",
    "isle_of_cats": "IsleOfCats",
}
STATE = ["state", "state_token"]
CHOICES = {
    "Apply": [STATE, ["action", "actions"]],
    "LegalActions": [STATE],
    "ValidateAction": [STATE],
    "View": [STATE],
    "Score": [[*STATE, "position"]],
}
"""The groups of each operation's choice: a body holds exactly one property of each group."""

ISLE_TYPES = {
    "draft": "Draft",
    "buy": "Buy",
    "rescue_cards": "RescueCards",
    "rescue": "Rescue",
    "play": "Play",
    "pass": "Pass",
    "end_turn": "EndTurn",
    "place": "Place",
    "skip": "Skip",
    "keep": "Keep",
    "fields": "Fields",
    "chance": "Chance",
}


def named(ref: dict[str, str]) -> str:
    return ref["$ref"].removeprefix("#/components/schemas/")


def validator(name: str) -> jsonschema_rs.Draft202012Validator:
    lean = {**DOC, "components": {"schemas": SCHEMAS}}
    return jsonschema_rs.Draft202012Validator({**lean, "$ref": f"#/components/schemas/{name}"})


@pytest.mark.parametrize("game", sorted(GAMES.values()))
@pytest.mark.parametrize("operation", sorted(CHOICES))
def test_a_body_taking_a_state_is_one_schema_per_choice(game: str, operation: str) -> None:
    """A branch for each combination of a property of each group (in order: the state's group
    first), requiring its own properties and naming none of the others of the choice."""
    branches = [SCHEMAS[named(b)] for b in SCHEMAS[f"{game}{operation}Request"]["oneOf"]]
    groups = CHOICES[operation]
    every = {name for group in groups for name in group}
    combinations = list(itertools.product(*groups))
    assert len(branches) == len(combinations)
    for branch, own in zip(branches, combinations, strict=True):
        assert branch["additionalProperties"] is False
        assert set(own) <= set(branch["required"])
        assert every & set(branch["properties"]) == set(own)


def test_an_apply_branch_is_named_by_its_combination() -> None:
    assert [named(b) for b in SCHEMAS["CalicoApplyRequest"]["oneOf"]] == [
        "CalicoApplyWithStateAndAction",
        "CalicoApplyWithStateAndActions",
        "CalicoApplyWithTokenAndAction",
        "CalicoApplyWithTokenAndActions",
    ]


@pytest.fixture(scope="module")
def client() -> Iterator[FlaskClient]:
    logging.getLogger("service.requests").disabled = True  # one log line per request otherwise
    yield create_app(Settings()).test_client()
    logging.getLogger("service.requests").disabled = False


def errors(client: FlaskClient, path: str, body: dict[str, Any]) -> list[dict[str, str]]:
    resp = client.post(path, json=body)
    problem = resp.get_json()
    assert (resp.status_code, problem["code"]) == (400, "SCHEMA_VALIDATION"), problem
    found: list[dict[str, str]] = problem["errors"]
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_body_with_none_of_the_choice_is_told_the_choice(client: FlaskClient, game: str) -> None:
    assert errors(client, f"/v1/games/{game}/score", {}) == [
        {
            "pointer": "",
            "detail": "one of the properties “state”, “state_token” or “position” is required",
        }
    ]
    assert errors(client, f"/v1/games/{game}/legal-actions", {"player": "ann"}) == [
        {"pointer": "", "detail": "one of the properties “state” or “state_token” is required"}
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_body_with_two_of_the_choice_is_told_only_one(client: FlaskClient, game: str) -> None:
    step = client.post(f"/v1/games/{game}/setup", json={"players": ["ann", "bob"], "seed": 7})
    state = step.get_json()["state"]
    body = {"state": state, "state_token": "v1.k1.x", "action": {"id": "pass"}}
    assert errors(client, f"/v1/games/{game}/apply", body) == [
        {
            "pointer": "",
            "detail": "only one of the properties “state” and “state_token” may be given",
        }
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_apply_with_neither_or_both_of_action_and_actions_is_told_so(
    client: FlaskClient, game: str
) -> None:
    step = client.post(f"/v1/games/{game}/setup", json={"players": ["ann", "bob"], "seed": 7})
    state = step.get_json()["state"]
    neither = {"state": state, "expected_turn": 0}
    assert errors(client, f"/v1/games/{game}/apply", neither) == [
        {"pointer": "", "detail": "one of the properties “action” or “actions” is required"}
    ]
    both = {"state_token": "v1.k1.x", "action": {"id": "x"}, "actions": [{"id": "x"}]}
    assert errors(client, f"/v1/games/{game}/apply", both) == [
        {"pointer": "", "detail": "only one of the properties “action” and “actions” may be given"}
    ]
    # the state's group is told first
    assert errors(client, f"/v1/games/{game}/apply", {"viewer": None}) == [
        {"pointer": "", "detail": "one of the properties “state” or “state_token” is required"}
    ]


@pytest.fixture(scope="module")
def isle_state(client: FlaskClient) -> dict[str, Any]:
    step = client.post("/v1/games/isle_of_cats/setup", json={"players": ["ann", "bob"], "seed": 7})
    state: dict[str, Any] = step.get_json()["state"]
    return state


@pytest.mark.parametrize(
    ("action", "detail"),
    [
        ({"type": "draft", "player": "ann"}, "the property “cards” is required"),
        (
            {"type": "draft", "player": "ann", "cards": [4, 7], "colors": {"4": "red"}},
            "this property is not allowed here: “colors”",
        ),
        (
            {
                "type": "rescue",
                "field": "left",
                "piece": {"kind": "cat", "shape": 400, "cells": [[0, 0]]},
            },
            "the property “tile” is required",
        ),
    ],
)
def test_an_isle_of_cats_action_is_checked_against_its_type(
    client: FlaskClient, isle_state: dict[str, Any], action: dict[str, Any], detail: str
) -> None:
    body = {"state": isle_state, "action": action}
    found = errors(client, "/v1/games/isle_of_cats/validate-action", body)
    assert found[0] == {"pointer": "/action", "detail": detail}


def test_an_isle_of_cats_action_of_no_type_is_told_every_type(
    client: FlaskClient, isle_state: dict[str, Any]
) -> None:
    body = {"state": isle_state, "action": {"type": "trade", "player": "ann"}}
    assert errors(client, "/v1/games/isle_of_cats/validate-action", body) == [
        {
            "pointer": "/action/type",
            "detail": "“trade” is not draft, buy, rescue_cards, rescue, play, pass, end_turn, "
            "place, skip, keep, fields or chance",
        }
    ]


def test_the_isle_of_cats_has_a_schema_for_each_action_type_with_its_fields() -> None:
    """Each type of the engine's codec: a schema to send (its fields, `id` and `player`
    optional) and a listed one (`id` and `player` required), in the game's two unions."""
    sent = [named(b) for b in SCHEMAS["IsleOfCatsAction"]["oneOf"]]
    listed = [named(b) for b in SCHEMAS["IsleOfCatsListedAction"]["oneOf"]]
    assert sorted(ISLE_TYPES) == sorted(isle_actions.TYPES)
    assert sent == ["ActionRef", *(f"IsleOfCats{stem}" for stem in ISLE_TYPES.values())]
    assert listed == [*(f"IsleOfCatsListed{s}" for s in ISLE_TYPES.values()), "IsleOfCatsChoice"]
    for kind, stem in ISLE_TYPES.items():
        fields = {"id", "type", "player", *isle_actions._FIELDS_OF[kind]}
        for name in (f"IsleOfCats{stem}", f"IsleOfCatsListed{stem}"):
            schema = SCHEMAS[name]
            assert schema["properties"]["type"]["enum"] == [kind]
            assert set(schema["properties"]) == fields, name
            assert schema["additionalProperties"] is False
        assert {"id", "player"} <= set(SCHEMAS[f"IsleOfCatsListed{stem}"]["required"])
        assert not {"id", "player"} & set(SCHEMAS[f"IsleOfCats{stem}"]["required"])


MODES = [
    (["ann", "bob"], {}),
    (["ann"], {"mode": "solo"}),
    (["ann", "bob", "cat"], {"mode": "family"}),
]


@pytest.mark.parametrize(("players", "options"), MODES, ids=["standard", "solo", "family"])
def test_every_isle_of_cats_entry_and_action_is_of_its_types_schema(
    players: list[str], options: dict[str, Any]
) -> None:
    """A whole seeded game (the first entry each step): every entry listed is valid as its
    type's listed schema or as a choice, and the action sent for it as its type's schema."""
    game = registry.get("isle_of_cats")
    of_listed = {k: validator(f"IsleOfCatsListed{s}") for k, s in ISLE_TYPES.items()}
    of_sent = {k: validator(f"IsleOfCats{s}") for k, s in ISLE_TYPES.items()}
    choice = validator("IsleOfCatsChoice")
    state = game.setup(players, options, "7")
    seen: set[str] = set()
    while not game.is_finished(state):
        entries = game.legal_entries(state)
        for entry in entries:
            if "choose" in entry:
                assert choice.is_valid(entry), entry
            else:
                assert of_listed[entry["type"]].is_valid(entry), entry
            action = first_action(entry)
            without_id = {k: v for k, v in action.items() if k != "id"}
            assert of_sent[entry["type"]].is_valid(without_id), without_id
            seen.add(entry["type"])
        state, _ = game.apply_checked(state, game.decode_action(state, first_action(entries[0])))
    assert {"draft", "rescue"} <= seen


def test_a_reported_draw_is_of_the_chance_schema() -> None:
    action = isle_actions.decode_id(("ann", "bob"), 0, None, "chance:colour:red")
    listed = isle_actions.encode_action(("ann", "bob"), action)
    assert listed == {
        "id": "chance:colour:red",
        "type": "chance",
        "player": "chance",
        "option": "colour",
        "items": ["red"],
    }
    assert validator("IsleOfCatsListedChance").is_valid(listed)
    assert validator("IsleOfCatsChance").is_valid({"type": "chance", "option": "colour"})
