"""schemathesis against the WSGI app in-process: every operation of ``openapi.yaml``, every check.

The checks every run enables, the links and the stateful workflow, and:

- ``test_real_states_meet_the_contract``: random schema-valid states are almost never possible
  games, so the generated requests rarely reach a 200. This test sends each game operation a
  real state (from a seeded setup, and a few moves in) and runs the same checks on the answers.

It covers new games as soon as their paths are in ``openapi.yaml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
import yaml
from flask import Flask
from schemathesis.config import SchemathesisConfig

from service import create_app
from service.config import Settings
from service.contract import Contract
from tests.contract import links
from tests.contract.examples import sent

ROOT = Path(__file__).resolve().parents[2]
CONFIG = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
APP: Flask = create_app(Settings(), Contract.load(ROOT / "openapi.yaml"))
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=CONFIG)
PLAIN = {"Accept-Encoding": "identity"}
"""Werkzeug's test client hands back the bytes as sent and schemathesis would read gzip as JSON:
in-process calls ask for plain answers (the live run in ``run_live.py`` gets and decodes gzip)."""

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "response_headers_conformance",
    "negative_data_rejection",
    "positive_data_acceptance",
    "unsupported_method",
)


def test_the_required_checks_are_enabled() -> None:
    checks = CONFIG.projects.get_default().checks
    for name in CHECKS:
        assert getattr(checks, name).enabled, name
    assert {"2xx", "409", "422"} <= {
        str(s) for s in checks.positive_data_acceptance.expected_statuses
    }


# --- real states ----------------------------------------------------------------------------------

MOVES_IN = 3
"""How many first legal actions lead from the opening to the mid-game state."""


def _game_operations() -> list[Any]:
    """``(game, operation name, path)`` for every POST under ``/v1/games/<game>/``."""
    out = []
    for path, item in schema.raw_schema["paths"].items():
        parts = path.strip("/").split("/")
        if len(parts) == 4 and parts[:2] == ["v1", "games"] and "{" not in path and "post" in item:
            out.append(pytest.param(parts[2], parts[3], path, id=f"{parts[2]}-{parts[3]}"))
    assert out, "no game operation in openapi.yaml"
    return out


def _positions(game: str) -> list[dict[str, Any]]:
    """The setup request, the opening step and a step a few moves in, for ``game``."""
    client = APP.test_client()
    info = client.get(f"/v1/games/{game}").get_json()
    setup = {"players": [f"p{i}" for i in range(1, info["players"]["min"] + 1)], "seed": "real"}
    step = client.post(f"/v1/games/{game}/setup", json=setup).get_json()
    found = [{"setup": setup, "step": step, "actions": []}]
    actions = []
    for _ in range(MOVES_IN):
        if step["finished"]:
            break
        actions.append(sent(step["legal_actions"][0]))
        step = client.post(
            f"/v1/games/{game}/apply", json={"state": step["state"], "action": actions[-1]}
        ).get_json()
    found.append({"setup": setup, "step": step, "actions": actions})
    return found


def _body(operation: str, setup: dict[str, Any], step: dict[str, Any], actions: list[Any]) -> Any:
    state = step["state"]
    action = sent(step["legal_actions"][0]) if step["legal_actions"] else {"id": "none"}
    bodies = {
        "setup": setup,
        "apply": {"state": state, "action": action, "expected_turn": state["turn"]},
        "legal-actions": {"state": state},
        "validate-action": {"state": state, "action": action},
        "score": {"state": state},
        "validate-state": {"state": state},
        "view": {"state": state, "viewer": state["players"][0]},
        "render": {"state": state},
        "replay": {"setup": setup, "actions": actions},
    }
    assert operation in bodies, f"no real-state body for {operation!r}: add one to _body()"
    return bodies[operation]


@pytest.mark.parametrize(("game", "operation", "path"), _game_operations())
def test_real_states_meet_the_contract(game: str, operation: str, path: str) -> None:
    api_operation = schema[path]["POST"]
    for position in _positions(game):
        body = _body(operation, position["setup"], position["step"], position["actions"])
        case = api_operation.Case(body=body, media_type="application/json")
        response = case.call_and_validate(headers=PLAIN)
        assert response.status_code == 200, (path, response.text[:500])
        if operation in ("setup", "apply", "replay"):
            trimmed = api_operation.Case(body=body, query={"include": ""})
            assert set(trimmed.call_and_validate(headers=PLAIN).json()) >= {
                "state",
                "state_hash",
                "meta",
            }


# --- stateful: setup → apply → apply, through the contract's links ----------------------------


def test_every_link_carries_its_body_to_schemathesis() -> None:
    """The hook in links.py gave schemathesis each link's body: a state and an action."""
    written = yaml.safe_load((ROOT / "openapi.yaml").read_text("utf-8"))
    loaded = schema.raw_schema
    moved = 0
    for path, item in written["paths"].items():
        for method, op in item.items():
            for status, response in op.get("responses", {}).items():
                for name, link in response.get("links", {}).items():
                    seen = loaded["paths"][path][method]["responses"][status]["links"][name]
                    assert links.EXTENSION not in seen, (path, name)
                    assert seen["requestBody"] == link[links.EXTENSION], (path, name)
                    assert set(seen["requestBody"]) == {"state", "action"}
                    moved += 1
    assert moved > 0


class Workflow(schema.as_state_machine()):  # type: ignore[misc]
    """Each step's ``ApplyTheFirstLegalAction`` link feeds its state and first legal action to the
    next ``apply``, so schemathesis plays real games as well as generating requests."""

    def call(self, case: schemathesis.Case, **kwargs: Any) -> Any:
        return case.call(**{**kwargs, "headers": {**kwargs.get("headers", {}), **PLAIN}})


class TestWorkflow(Workflow.TestCase):  # type: ignore[name-defined,misc]
    settings = hypothesis.settings(
        max_examples=6,
        stateful_step_count=5,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(hypothesis.HealthCheck),
    )
