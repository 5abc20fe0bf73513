"""The Isle of Cats over HTTP: setup, simultaneous hidden decisions, errors, positions."""

from __future__ import annotations

from typing import Any

from tests.engines.isle_of_cats.helpers import DEAL_2P, FILL_2P, position
from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

ISLE = "/v1/games/isle_of_cats"
EXTERNAL = {"randomness": "external", "boats": {"ann": "blue", "bob": "red"}}


def apply(api: ContractClient, state: dict[str, Any], action_id: str, **query: str) -> Any:
    path = f"{ISLE}/apply" + (f"?include={query['include']}" if "include" in query else "")
    return api.post(path, json={"state": state, "action": {"id": action_id}})


def dealt(api: ContractClient) -> dict[str, Any]:
    step = api.post(f"{ISLE}/setup", json={"players": ["ann", "bob"], "options": EXTERNAL})
    state = step.get_json()["state"]
    state = apply(api, state, "chance:fill:" + ",".join(FILL_2P), include="").get_json()["state"]
    deal = "chance:deal:" + ",".join(map(str, DEAL_2P))
    step_json: dict[str, Any] = apply(api, state, deal).get_json()
    return step_json


def test_setup_external_asks_the_table_for_the_fields(api: ContractClient) -> None:
    step = api.post(f"{ISLE}/setup", json={"players": ["ann", "bob"], "options": EXTERNAL})
    body = step.get_json()
    assert body["to_move"] == ["chance"]
    assert body["pending_chance"]["kind"] == "fill" and body["pending_chance"]["cats"] == 8
    assert body["legal_actions"] == []


def test_draft_lists_both_players_and_hides_the_pick(api: ContractClient) -> None:
    step = dealt(api)
    assert step["to_move"] == ["ann", "bob"]
    # 7 cards, keep 2: C(7,2) = 21 picks each.
    assert len(step["legal_actions"]) == 42
    after = apply(api, step["state"], "draft:ann:55,56").get_json()
    assert after["to_move"] == ["bob"]
    view = api.post(f"{ISLE}/view", json={"state": after["state"], "viewer": "bob"}).get_json()
    assert view["view"]["public"]["players"]["ann"]["decided"] is True
    assert list(view["view"]["private"]) == ["bob"]


def test_an_illegal_action_is_a_422_problem_with_a_stable_code(api: ContractClient) -> None:
    step = dealt(api)
    resp = apply(api, step["state"], "draft:ann:55,7")  # 7 is in bob's hand
    body = problem(resp, 422, "illegal-action", "INVALID_DRAFT")
    assert body["reasons"][0]["code"] == "INVALID_DRAFT"


def test_a_malformed_action_id_is_a_422_problem(api: ContractClient) -> None:
    step = dealt(api)
    resp = apply(api, step["state"], "fly:away")
    problem(resp, 422, "illegal-action", "MALFORMED_ACTION")


def test_score_of_a_position(api: ContractClient) -> None:
    body = api.post(f"{ISLE}/score", json={"position": position()}).get_json()
    ann = body["players"][0]
    # The base boat of the engine tests: 8 + 3 - 17 - 35 = -41.
    assert ann["total"] == -41
    assert [c["id"] for c in ann["components"]] == ["family:1", "rare_treasures", "rats", "rooms"]


def test_validate_state_of_a_position_reports_every_violation(api: ContractClient) -> None:
    pos = position()
    pos["players"][0]["pieces"].append(
        {"kind": "cat", "shape": 401, "color": "purple", "cells": [[8, c] for c in range(9, 14)]}
    )
    pos["players"][1]["boat"] = "blue"
    verdict = api.post(f"{ISLE}/validate-state", json={"position": pos}).get_json()
    assert verdict["valid"] is False
    assert [(v["code"], v["pointer"]) for v in verdict["violations"]] == [
        ("SHAPE_MISMATCH", "/position/players/0/pieces/6/cells"),
        ("DUPLICATE_BOAT", "/position/players"),
    ]
