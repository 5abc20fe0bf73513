"""The response checker itself: it must catch what it claims to catch.

A stub app answers like the service would, but wrong, on paths the contract declares.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask, Response

from tests.service.contract_check import ContractChecker, ContractClient

ACTION = {"id": "advance", "type": "advance", "player": "alice"}
BAD_ACTION = {"id": "advance", "type": "advance", "player": ""}  # minLength 1


def _stub(checker: ContractChecker, status: int, mimetype: str, body: Any) -> ContractClient:
    app = Flask("stub")

    @app.get("/readyz")
    def readyz() -> Response:
        return Response(json.dumps(body), status=status, mimetype=mimetype)

    @app.post("/v1/games/patchwork/legal-actions")
    def legal() -> Response:
        return Response(json.dumps(body), status=status, mimetype=mimetype)

    @app.after_request
    def request_id(resp: Response) -> Response:
        resp.headers["X-Request-Id"] = "stub"
        return resp

    return ContractClient(app.test_client(), checker)


def _legal(actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "to_move": ["alice"],
        "legal_actions": actions,
        "pending_chance": None,
        "meta": {"game": "patchwork", "engine_version": "1", "rules_version": "1"},
    }


def test_a_valid_answer_passes(checker: ContractChecker) -> None:
    client = _stub(checker, 200, "application/json", _legal([ACTION] * 3))
    assert client.post("/v1/games/patchwork/legal-actions").status_code == 200


def test_one_bad_item_among_remembered_good_ones_is_caught(checker: ContractChecker) -> None:
    _stub(checker, 200, "application/json", _legal([ACTION])).post(
        "/v1/games/patchwork/legal-actions"
    )
    client = _stub(checker, 200, "application/json", _legal([ACTION, BAD_ACTION, ACTION]))
    with pytest.raises(AssertionError, match="/legal_actions/1"):
        client.post("/v1/games/patchwork/legal-actions")


@pytest.mark.parametrize(
    ("status", "mimetype", "body", "message"),
    [
        (200, "application/json", {"status": "ready"}, "'games' is a required property"),
        (201, "application/json", {"status": "ready", "games": []}, "201 is not declared"),
        (200, "text/plain", {"status": "ready", "games": []}, "'text/plain' is not declared"),
    ],
)
def test_a_wrong_answer_is_caught(
    checker: ContractChecker, status: int, mimetype: str, body: Any, message: str
) -> None:
    with pytest.raises(AssertionError, match=message):
        _stub(checker, status, mimetype, body).get("/readyz")


def test_an_error_that_is_not_a_problem_is_caught(checker: ContractChecker) -> None:
    client = _stub(checker, 422, "application/json", {"error": "nope"})
    with pytest.raises(AssertionError, match="media type 'application/json' is not declared"):
        client.post("/v1/games/patchwork/legal-actions")
    with pytest.raises(AssertionError, match="must be application/problem\\+json"):
        client.get("/nowhere")  # not in the contract: a 404 must still be a problem
    problem = {
        "type": "http://localhost:8000/problems/invalid-state",
        "title": "Invalid state",
        "status": 400,  # not the HTTP status
        "detail": "x",
        "instance": "urn:request:stub",
        "code": "INVALID_STATE",
    }
    client = _stub(checker, 422, "application/problem+json", problem)
    with pytest.raises(AssertionError, match="'status': 400"):
        client.post("/v1/games/patchwork/legal-actions")
