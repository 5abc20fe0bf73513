"""The Calico schemas (schema_draft.yaml, then openapi.yaml) accept what the engine produces."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from engines.calico import CALICO

from .helpers import table
from .test_positions import finished, position_of

ROOT = Path(__file__).resolve().parents[3]
DRAFT = Path(__file__).with_name("schema_draft.yaml")


def _schemas() -> dict[str, Any]:
    """openapi.yaml's schemas, with the draft's Calico ones on top until they move in there."""
    schemas: dict[str, Any] = yaml.load(
        (ROOT / "openapi.yaml").read_text("utf-8"), Loader=yaml.CSafeLoader
    )["components"]["schemas"]
    if DRAFT.exists():
        schemas.update(yaml.safe_load(DRAFT.read_text("utf-8"))["components"]["schemas"])
    return schemas


SCHEMAS = _schemas()


@cache
def validator(name: str) -> Draft202012Validator:
    root = {"components": {"schemas": SCHEMAS}, "$ref": f"#/components/schemas/{name}"}
    return Draft202012Validator(root)


def check(name: str, instance: Any) -> None:
    errors = sorted(validator(name).iter_errors(instance), key=lambda e: list(e.path))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].path)}"


def test_schema_draft_is_valid_json_schema() -> None:
    Draft202012Validator.check_schema({"components": {"schemas": SCHEMAS}})


GAMES = [
    (["ann"], "s1", {"record_log": True}),
    (["ann", "bob"], "s2", {"setup": "beginner"}),
    (["ann", "bob", "cy"], "s3", {"first_player": "cy", "shape_cats_in_larger_area": False}),
    (["ann", "bob", "cy", "dee"], "s4", {"lower_variance_variant": False}),
    (["ann"], "s5", {"solo_scenario": 3}),
    (["ann", "bob"], None, table(["ann", "bob"])),
    (["ann"], None, table(["ann"], record_log=True)),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_schema_draft_accepts_every_step_of_a_game(
    players: list[str], seed: str | None, options: dict[str, Any]
) -> None:
    check(
        "CalicoSetupRequest",
        {"players": players, "options": options, **({"seed": seed} if seed else {})},
    )
    chooser = random.Random(str(seed))
    state = CALICO.setup(players, options, seed)
    step = 0
    while True:
        legal = CALICO.legal_actions(state)
        # Validating is slow (pure Python): every state of the opening, then a sample.
        if step < 12 or step % 9 == 0 or not legal:
            data = CALICO.encode_state(state)
            check("CalicoState", data)
            check("CalicoOptions", data["options"])
            check("CalicoPendingChance", CALICO.pending_chance(state))
            check("CalicoView", CALICO.view(state, players[0]))
            check("CalicoView", CALICO.view(state, None))
            check("CalicoScore", CALICO.score(state).to_json())
        if not legal:
            break
        for action in legal[:: max(1, len(legal) // 5)]:
            encoded = CALICO.encode_action(state, action)
            check("CalicoListedAction", encoded)
            check("CalicoAction", encoded)
            check("CalicoAction", {"id": encoded["id"]})
        state, events = CALICO.apply(state, chooser.choice(legal))
        for event in events:
            check("CalicoEvent", event)
        step += 1
    check("CalicoScore", CALICO.score(state).to_json())


def test_schema_draft_accepts_positions_and_their_scores() -> None:
    position = position_of(finished(4, "schema"))
    position["options"] = {"shape_cats_in_larger_area": True, "family_variant": False}
    check("CalicoPosition", position)
    check("CalicoScore", CALICO.score_position(position).to_json())


def test_schema_draft_rejects_what_the_engine_never_writes() -> None:
    bad_tile = {"color": "red", "pattern": "dots"}
    assert list(validator("CalicoTile").iter_errors(bad_tile))
    assert list(validator("CalicoCell").iter_errors([7, 0]))
    assert list(validator("CalicoGoalLayout").iter_errors({"2,3": "all_different"}))
    assert list(validator("CalicoAction").iter_errors({"type": "place_tile", "player": "a"}))
