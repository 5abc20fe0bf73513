"""Hostile input: every body of the adversarial corpus gets its 4xx problem, and the cheap limits
checked before validation never refuse a body the contract accepts.

The corpus (``tests/load/hostile.py``) holds the issue's reproducers and bodies built to give the
validator as much work as possible at every endpoint; ``make bench-hostile`` times the same
bodies (these tests check answers, never time).
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service import body as limits
from service import create_app
from service.config import Settings
from service.contract import MAX_REPORTED_ERRORS, Contract
from service.problem_types import public_origin
from tests.clients.choose import first_action
from tests.load.hostile import Case, corpus
from tests.service.conftest import OPENAPI, PATCHWORK, PLAYERS, SEED
from tests.service.contract_check import ContractChecker, ContractClient

APP = create_app(Settings(), Contract.load(OPENAPI))
CORPUS = corpus(APP)
SETUP = f"{PATCHWORK}/setup"


def problem(resp: Any, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_data(as_text=True)[:500]
    assert resp.mimetype == "application/problem+json"
    body: dict[str, Any] = resp.get_json()
    assert body["code"] == code, body
    return body


@pytest.fixture(scope="module")
def hostile(checker: ContractChecker) -> ContractClient:
    return ContractClient(APP.test_client(), checker)


# --- the corpus ---------------------------------------------------------------------------------


def test_the_corpus_covers_every_game_and_operation() -> None:
    # Two games, nine operations each: every operation has its two "every field wrong" bodies.
    covered = {c.path for c in CORPUS if c.name == "every-field-wrong"}
    assert covered == {
        f"/v1/games/{game}/{op}"
        for game in ("patchwork", "calico")
        for op in (
            "setup",
            "apply",
            "legal-actions",
            "validate-action",
            "score",
            "validate-state",
            "view",
            "replay",
            "render",
        )
    } | {p for p in covered if not p.startswith(("/v1/games/patchwork/", "/v1/games/calico/"))}


@pytest.mark.parametrize("case", CORPUS, ids=lambda c: c.id)
def test_a_hostile_body_gets_its_problem(hostile: ContractClient, case: Case) -> None:
    resp = hostile.post(case.path, data=case.body, content_type="application/json")
    body = problem(resp, case.status, case.code)
    assert len(body.get("errors", [])) <= MAX_REPORTED_ERRORS


# --- the reproducers, answer by answer --------------------------------------------------


def test_ten_thousand_empty_actions_are_refused_by_their_count(api: ContractClient) -> None:
    resp = api.post(f"{PATCHWORK}/apply", json={"state": {}, "actions": [{}] * 10_000})
    body = problem(resp, 400, "LIMIT_EXCEEDED")
    assert body["pointer"] == "/actions"
    assert body["limit"] == 1000
    assert body["detail"] == "/actions: an array of 10000 items; at most 1000"


def test_a_thousand_empty_actions_report_twenty_errors(api: ContractClient) -> None:
    # 1000 actions within the limit, each missing `id`: the first 20 errors, not 1000.
    resp = api.post(f"{PATCHWORK}/apply", json={"state": {}, "actions": [{}] * 1000})
    body = problem(resp, 400, "SCHEMA_VALIDATION")
    assert len(body["errors"]) == MAX_REPORTED_ERRORS


@pytest.mark.parametrize(
    ("raw", "pointer"),
    [
        (b'{"players": ["\\ud800", "b"], "seed": "d"}', "/players/0"),
        (b'{"players": ["a", "b"], "seed": "x\\udc00"}', "/seed"),
        (
            b'{"players": ["a", "b"], "options": {"first_player": "\\udbff"}}',
            "/options/first_player",
        ),
    ],
    ids=["player", "seed", "option"],
)
def test_a_lone_surrogate_is_a_400_invalid_unicode(
    api: ContractClient, raw: bytes, pointer: str
) -> None:
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"), 400, "INVALID_UNICODE"
    )
    assert body["pointer"] == pointer


def test_a_lone_surrogate_in_a_calico_setup_and_a_replay(api: ContractClient) -> None:
    calico = b'{"players": ["\\ud800"]}'
    replay = b'{"setup": {"players": ["a", "\\ude00"]}, "actions": []}'
    for path, raw, pointer in [
        ("/v1/games/calico/setup", calico, "/players/0"),
        (f"{PATCHWORK}/replay", replay, "/setup/players/1"),
    ]:
        resp = api.post(path, data=raw, content_type="application/json")
        assert problem(resp, 400, "INVALID_UNICODE")["pointer"] == pointer


def test_a_surrogate_pair_is_one_character_and_accepted(api: ContractClient) -> None:
    # "\ud83d\ude00" is U+1F600 written as its UTF-16 pair: valid, and a valid player id.
    raw = b'{"players": ["\\ud83d\\ude00", "bob"], "seed": "s"}'
    resp = api.post(SETUP, data=raw, content_type="application/json")
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["state"]["players"] == ["\U0001f600", "bob"]


def test_a_key_given_twice_is_a_400_duplicate_key(api: ContractClient) -> None:
    raw = b'{"players": ["a", "b"], "seed": "s", "players": ["c", "d"]}'
    body = problem(api.post(SETUP, data=raw, content_type="application/json"), 400, "DUPLICATE_KEY")
    assert body["type"] == public_origin("") + "/problems/duplicate-key"
    assert body["detail"] == (
        "the key “players” appears twice in one object; JSON objects here have unique keys"
    )


def test_a_key_given_twice_deep_in_a_state_is_found(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    import json

    raw = json.dumps({"state": opening["state"], "action": {"id": "advance"}})
    raw = raw.replace('"turn": 0', '"turn": 0, "turn": 5', 1)
    assert raw.count('"turn"') == 2
    resp = api.post(f"{PATCHWORK}/apply", data=raw, content_type="application/json")
    assert "“turn”" in problem(resp, 400, "DUPLICATE_KEY")["detail"]


# --- player ids ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player",
    [
        "a\u0000",
        "a\u202e\u200b",
        "\u200ba",
        "a\u2066",
        "\ufeffa",
        "a\u00a0b",
        "a\tb",
        " a",
        "a ",
        "a\u2028",
        "a\ue000",
        "a\U000e0041",
        "a\u00ad",
    ],
    ids=[
        "nul",
        "rlo-zwsp",
        "zwsp",
        "lri",
        "bom",
        "nbsp",
        "tab",
        "leading-space",
        "trailing-space",
        "line-separator",
        "private-use",
        "tag",
        "soft-hyphen",
    ],
)
def test_a_player_id_outside_the_safe_set_is_a_schema_error(
    api: ContractClient, player: str
) -> None:
    resp = api.post(SETUP, json={"players": [player, "bob"], "seed": SEED})
    body = problem(resp, 400, "SCHEMA_VALIDATION")
    assert body["errors"][0]["pointer"] == "/players/0"


@pytest.mark.parametrize(
    "player", ["Zoë", "李 雷", "O'Brien-2", "\U0001f600", "a\u0301", "x" * 64, "chance!"]
)
def test_a_player_id_in_the_safe_set_is_accepted(api: ContractClient, player: str) -> None:
    resp = api.post(SETUP, json={"players": [player, "bob"], "seed": SEED})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["state"]["players"] == [player, "bob"]


def test_a_player_id_outside_the_safe_set_is_refused_in_a_state_too(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    state = {**opening["state"], "players": ["alice\u200b", "bob"]}
    resp = api.post(f"{PATCHWORK}/apply", json={"state": state, "action": {"id": "advance"}})
    errors = problem(resp, 400, "SCHEMA_VALIDATION")["errors"]
    assert {"/state/players/0"} <= {e["pointer"] for e in errors}


# --- routing: no redirects, OPTIONS on purpose --------------------------------------------------


@pytest.mark.parametrize("path", ["//v1//games", "/v1//games", "/v1/games/", "//healthz"])
def test_a_path_with_extra_slashes_is_a_404_problem_not_a_redirect(
    api: ContractClient, path: str
) -> None:
    resp = api.get(path, headers={"Host": "evil.example"})
    problem(resp, 404, "NOT_FOUND")
    assert "Location" not in resp.headers


@pytest.mark.parametrize(
    ("path", "allow"),
    [(SETUP, {"POST", "OPTIONS"}), ("/v1/games", {"GET", "HEAD", "OPTIONS"})],
)
def test_options_answers_204_with_allow_and_no_body(
    api: ContractClient, path: str, allow: set[str]
) -> None:
    resp = api.open("OPTIONS", path)
    assert resp.status_code == 204
    assert set(resp.headers["Allow"].split(", ")) == allow
    assert resp.get_data() == b""
    assert "Access-Control-Allow-Origin" not in resp.headers


def test_options_on_an_unknown_path_is_a_404_problem(api: ContractClient) -> None:
    problem(api.open("OPTIONS", "/v1/nowhere"), 404, "NOT_FOUND")


# --- the request deadline -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def no_budget(contract: Contract, checker: ContractChecker) -> ContractClient:
    """An app whose request budget is spent before the second action of any batch."""
    app: Flask = create_app(Settings(request_budget_s=0.0), contract)
    return ContractClient(app.test_client(), checker)


def test_a_batch_past_its_budget_is_a_503_deadline_exceeded(
    no_budget: ContractClient, opening: dict[str, Any]
) -> None:
    actions = [{"id": "advance"}, {"id": "advance"}]
    resp = no_budget.post(
        f"{PATCHWORK}/apply", json={"state": opening["state"], "actions": actions}
    )
    body = problem(resp, 503, "DEADLINE_EXCEEDED")
    assert body["type"] == public_origin("") + "/problems/deadline-exceeded"


def test_a_replay_past_its_budget_is_a_503(no_budget: ContractClient) -> None:
    body = {"setup": {"players": PLAYERS, "seed": SEED}, "actions": [{"id": "advance"}] * 2}
    problem(no_budget.post(f"{PATCHWORK}/replay", json=body), 503, "DEADLINE_EXCEEDED")


def test_one_action_is_never_stopped_by_the_budget(
    no_budget: ContractClient, opening: dict[str, Any]
) -> None:
    # The budget is checked between actions, so a single action always completes.
    resp = no_budget.post(
        f"{PATCHWORK}/apply", json={"state": opening["state"], "actions": [{"id": "advance"}]}
    )
    assert resp.status_code == 200
    assert resp.get_json()["state"]["turn"] == 1


def test_the_default_budget_lets_a_long_replay_finish(api: ContractClient) -> None:
    body = {"setup": {"players": PLAYERS, "seed": SEED}, "actions": [{"id": "advance"}] * 3}
    assert api.post(f"{PATCHWORK}/replay", json=body).status_code == 200


# --- the limits against the contract ------------------------------------------------------------


def _request_schemas(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema reachable from a request body or parameter, with where it was found."""
    schemas = doc["components"]["schemas"]
    seen: set[str] = set()
    todo: list[tuple[str, Any]] = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if isinstance(op, dict) and "requestBody" in op:
                body = op["requestBody"]["content"]["application/json"]["schema"]
                todo.append((f"{method} {path}", body))
    while todo:
        where, node = todo.pop()
        if isinstance(node, list):
            todo.extend((f"{where}[{i}]", v) for i, v in enumerate(node))
            continue
        if not isinstance(node, dict):
            continue
        ref = node.get("$ref", "")
        if ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[-1]
            if name not in seen:
                seen.add(name)
                todo.append((name, schemas[name]))
        yield where, node
        for key, value in node.items():
            if key == "properties":
                todo.extend((f"{where}.{k}", v) for k, v in value.items())
            elif key not in ("description", "examples", "example", "enum", "const", "default"):
                todo.append((f"{where}.{key}", value))


def _over(where: str, node: dict[str, Any], keyword: str, limit: int) -> list[str]:
    """``[where: keyword]`` unless ``node`` sets ``keyword`` to at most ``limit``."""
    return [] if node.get(keyword, limit + 1) <= limit else [f"{where}: {keyword}"]


def test_every_array_string_and_object_of_a_request_is_bounded_within_the_limits(
    contract: Contract,
) -> None:
    unbounded = []
    for where, node in _request_schemas(contract.doc):
        kind = node.get("type")
        if kind == "array" and node.get("items") is not False:
            unbounded += _over(where, node, "maxItems", limits.MAX_ITEMS)
        if kind == "string" and "enum" not in node:
            unbounded += _over(where, node, "maxLength", limits.MAX_STRING)
        if kind == "object" and node.get("additionalProperties", True) is not False:
            unbounded += _over(where, node, "maxProperties", limits.MAX_PROPERTIES)
            if node.get("maxProperties") != 0 and "propertyNames" not in node:
                unbounded.append(f"{where}: propertyNames")
        if kind == "object" and len(node.get("properties", {})) > limits.MAX_PROPERTIES:
            unbounded.append(f"{where}: more properties than the limit")
    assert unbounded == []


def test_a_full_game_state_with_its_log_is_far_within_the_limits(api: ContractClient) -> None:
    # A whole Calico game for four players, logged: the largest state a real table makes.
    import json

    players = ["p1", "p2", "p3", "p4"]
    setup = {"players": players, "seed": SEED, "options": {"record_log": True}}
    step = api.post("/v1/games/calico/setup", json=setup).get_json()
    while not step["finished"]:
        action = first_action(step["legal_actions"][0])
        step = api.post(
            "/v1/games/calico/apply", json={"state": step["state"], "action": action}
        ).get_json()
    raw = json.dumps({"state": step["state"], "actions": step["state"]["log"]}).encode()
    values = 1 + sum(raw.count(c) for c in (b",", b"[", b"{", b":"))
    assert values < limits.MAX_NODES / 2
    limits.check_limits(json.loads(raw))  # raises on any limit
    assert len(step["state"]["log"]) < limits.MAX_ITEMS / 2


class _Unbounded(Exception):
    """A schema that accepts values nested without end (no type, or free extra members)."""


def _literal_depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_literal_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_literal_depth(v) for v in value.values()), default=0)
    return 0


def _depth(doc: dict[str, Any], node: Any, where: str, refs: tuple[str, ...] = ()) -> float:
    """The deepest nesting of arrays and objects in a value ``node`` accepts: a scalar is 0, a
    container one more than its deepest member. Every constraint of a node bounds it, so the
    smallest bound holds; ``anyOf``/``oneOf`` take their deepest branch."""
    if node is True:
        raise _Unbounded(where)
    if node is False:
        return -math.inf
    bounds: list[float] = []
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name in refs:
            raise _Unbounded(f"{where}: {name} contains itself")
        target = doc["components"]["schemas"][name]
        bounds.append(_depth(doc, target, name, (*refs, name)))
    if "const" in node:
        bounds.append(_literal_depth(node["const"]))
    if "enum" in node:
        bounds.append(max(_literal_depth(v) for v in node["enum"]))
    for key in ("anyOf", "oneOf"):
        if key in node:
            branches = enumerate(node[key])
            bounds.append(max(_depth(doc, b, f"{where}.{key}[{i}]", refs) for i, b in branches))
    for i, branch in enumerate(node.get("allOf", [])):
        with contextlib.suppress(_Unbounded):
            bounds.append(_depth(doc, branch, f"{where}.allOf[{i}]", refs))
    if "type" in node:
        types = {node["type"]} if isinstance(node["type"], str) else set(node["type"])
        deepest = 0.0
        if "object" in types:
            empty = node.get("maxProperties") == 0
            extra = False if empty else node.get("additionalProperties", True)
            members = [*node.get("properties", {}).items(), ("*", extra)]
            deepest = 1 + max(0, *(_depth(doc, v, f"{where}.{k}", refs) for k, v in members))
        if "array" in types:
            items = False if node.get("maxItems") == 0 else node.get("items", True)
            members = [*enumerate(node.get("prefixItems", [])), ("*", items)]
            below = (_depth(doc, v, f"{where}[{k}]", refs) for k, v in members)
            deepest = max(deepest, 1 + max(0, *below))
        bounds.append(deepest)
    if not bounds:
        raise _Unbounded(f"{where}: any value")
    return min(bounds)


def test_every_request_body_the_contract_accepts_is_nested_within_the_limit(
    contract: Contract,
) -> None:
    # With the bounds above, this lets the service skip the limits' walk for a body the
    # contract's compiled check accepts (service/routes.py, _body).
    depths = {}
    for path, item in contract.doc["paths"].items():
        for method, op in item.items():
            if isinstance(op, dict) and "requestBody" in op:
                schema = op["requestBody"]["content"]["application/json"]["schema"]
                depths[f"{method} {path}"] = _depth(contract.doc, schema, f"{method} {path}")
    # five games with nine operations with a body each
    assert len(depths) == 5 * 9
    assert max(depths.values()) == 9  # a state's deepest arrays: a quilt's cells, a log's
    assert max(depths.values()) <= limits.MAX_DEPTH


def test_a_schema_that_accepts_any_value_has_no_depth() -> None:
    doc: dict[str, Any] = {
        "components": {"schemas": {"Loop": {"$ref": "#/components/schemas/Loop"}}}
    }
    for free in (
        True,
        {},
        {"type": "object", "properties": {"a": {"type": "integer"}}},
        {"type": "array"},
        {"$ref": "#/components/schemas/Loop"},
    ):
        with pytest.raises(_Unbounded):
            _depth(doc, free, "free")
    bounded = {
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"enum": [[1]]}},
    }
    assert _depth(doc, bounded, "bounded") == 3


def test_a_body_over_a_limit_that_the_contract_refuses_gets_the_limit_problem(
    api: ContractClient,
) -> None:
    # The limits' walk happens after the compiled check here: the answer is the reader's.
    deep: Any = 0
    for _ in range(limits.MAX_DEPTH + 5):
        deep = [deep]
    resp = api.post(SETUP, json={"players": PLAYERS, "options": {"deep": deep}})
    body = problem(resp, 400, "LIMIT_EXCEEDED")
    assert body["pointer"] == "/options/deep" + "/0" * (limits.MAX_DEPTH - 2)  # the 33rd container
    assert body["limit"] == limits.MAX_DEPTH


def test_a_float_in_a_state_is_read_by_the_exact_reader(api: ContractClient) -> None:
    # 3.0 where an integer is due is the integer 3 for the contract (JSON has one number type).
    setup = api.post(SETUP, json={"players": PLAYERS, "seed": SEED}).get_json()
    body = {"state": setup["state"], "action": {"id": "advance"}}
    raw = json.dumps(body).replace('"turn": 0', '"turn": 0.0')
    assert '"turn": 0.0' in raw
    resp = api.post(f"{PATCHWORK}/apply?include=", data=raw, content_type="application/json")
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    assert b'"turn":1,' in resp.get_data()  # an integer, not 1.0
