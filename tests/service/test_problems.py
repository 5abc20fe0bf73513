"""Every malformed request answers a precise RFC 9457 problem, never a 500.

Each response is checked against ``openapi.yaml`` by the ``api`` client (see contract_check.py).
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from flask import Flask

from engines import registry
from service import create_app
from service.config import Settings
from service.contract import Contract
from service.problem_types import public_origin
from tests.service.conftest import PATCHWORK, PLAYERS, SEED
from tests.service.contract_check import ContractChecker, ContractClient

SETUP = f"{PATCHWORK}/setup"


def problem(resp: Any, status: int, type_: str, code: str) -> dict[str, Any]:
    """The problem body, after checking its status, type and code."""
    assert resp.status_code == status, resp.get_data(as_text=True)[:500]
    assert resp.mimetype == "application/problem+json"
    body: dict[str, Any] = resp.get_json()
    assert body["type"] == f"{public_origin('')}/problems/{type_}", body
    assert body["status"] == status
    assert body["code"] == code, body
    assert body["title"] and body["detail"]
    return body


# --- bodies that are not JSON ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "detail"),
    [
        pytest.param(b"", "Expecting value", id="empty"),
        pytest.param(b"{players: [alice, bob]}", "Expecting property name", id="js-object"),
        pytest.param(b'{"players": ["alice", "bob"]', "Expecting", id="truncated"),
        pytest.param(b"\xff\xfe\x00garbage", "not valid JSON", id="binary"),
        pytest.param(b'{"players": ["alice", "bob"]} trailing', "Extra data", id="trailing"),
    ],
)
def test_a_body_that_is_not_json_is_a_400(api: ContractClient, raw: bytes, detail: str) -> None:
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "malformed-json",
        "MALFORMED_JSON",
    )
    assert detail in body["detail"]


@pytest.mark.parametrize(
    ("opening", "closing"),
    [("[", "]"), ('{"a":', "}")],
    ids=["arrays", "objects"],
)
def test_json_nested_20k_deep_is_a_400_not_a_500(
    api: ContractClient, opening: str, closing: str
) -> None:
    # 20,000 brackets are under the 50,000 values counted before parsing, so the parser sees them.
    raw = opening * 20_000 + "1" + closing * 20_000
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "malformed-json",
        "MALFORMED_JSON",
    )
    assert body["detail"] == "the JSON is nested too deeply"


def test_json_nested_100k_deep_is_refused_before_parsing(api: ContractClient) -> None:
    # 100,000 '[' are 100,000 values before the first ']' is read: over the 50,000 limit.
    raw = "[" * 100_000 + "1" + "]" * 100_000
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "limit-exceeded",
        "LIMIT_EXCEEDED",
    )
    assert body["limit"] == 50_000


def test_json_nested_deeper_than_32_is_refused_before_validation(api: ContractClient) -> None:
    # The parser takes 900 levels; the limit walk stops at the 32nd nested array inside the body
    # object (depth 0), whose pointer is /players then 31 times /0.
    raw = '{"players": ' + "[" * 900 + "]" * 900 + ', "seed": "x"}'
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "limit-exceeded",
        "LIMIT_EXCEEDED",
    )
    assert body["pointer"] == "/players" + "/0" * 31
    assert body["limit"] == 32


def test_json_nested_30_deep_is_a_schema_error(api: ContractClient) -> None:
    raw = '{"players": ' + "[" * 30 + "]" * 30 + ', "seed": "x"}'
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "schema-validation",
        "SCHEMA_VALIDATION",
    )
    assert body["errors"][0]["pointer"].startswith("/players")


@pytest.mark.parametrize(
    ("number", "detail"),
    [
        pytest.param("1" * 5000, "Exceeds the limit (4300 digits)", id="5000-digit-integer"),
        pytest.param("1e999", "the number 1e999 is out of range", id="1e999"),
        pytest.param("-1e999", "the number -1e999 is out of range", id="minus-1e999"),
        pytest.param("NaN", "NaN is not a JSON number", id="NaN"),
        pytest.param("Infinity", "Infinity is not a JSON number", id="Infinity"),
        pytest.param("-Infinity", "-Infinity is not a JSON number", id="minus-Infinity"),
    ],
)
def test_numbers_json_cannot_carry_are_malformed(
    api: ContractClient, number: str, detail: str
) -> None:
    raw = f'{{"players": ["alice", "bob"], "options": {{"leather_positions": [{number}]}}}}'
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "malformed-json",
        "MALFORMED_JSON",
    )
    assert detail in body["detail"]


def test_a_large_integer_within_the_parser_limit_is_a_schema_error(api: ContractClient) -> None:
    raw = '{"players": ["alice", "bob"], "options": {"leather_positions": [' + "9" * 4000 + "]}}"
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        400,
        "schema-validation",
        "SCHEMA_VALIDATION",
    )
    assert body["errors"][0]["pointer"] == "/options/leather_positions/0"
    # The value is shown cut at QUOTE_LIMIT (64) characters.
    assert body["errors"][0]["detail"] == "9" * 64 + "… is greater than the maximum of 52"
    assert len(body["detail"]) <= 400


def test_an_integral_float_is_an_integer(api: ContractClient) -> None:
    """JSON Schema counts 3.0 as an integer; the engines must never see it as a float.

    Regression: ``[[0.0, 0]]`` as a cell used to reach the engine as a float and answer a 500
    (``1 << float``), found by schemathesis on ``score`` and ``validate-state``.
    """
    position = {
        "players": [
            {"player": "alice", "buttons": 20.0, "quilt": [], "leather": [[0.0, 1.0]]},
            {"player": "bob", "buttons": 31, "quilt": [], "leather": []},
        ]
    }
    for operation in ("score", "validate-state"):
        resp = api.post(f"{PATCHWORK}/{operation}", json={"position": position})
        assert resp.status_code == 200, resp.get_json()
    score = api.post(f"{PATCHWORK}/score", json={"position": position}).get_json()
    alice = score["players"][0]
    assert alice["player"] == "alice"
    assert {c["id"]: c["points"] for c in alice["components"]}["buttons"] == 20
    assert type(alice["total"]) is int
    setup = api.post(
        SETUP,
        data='{"players": ["alice", "bob"], "seed": "x", '
        '"options": {"leather_positions": [20.0, 26, 32, 44, 5.0e1]}}',
        content_type="application/json",
    )
    assert setup.status_code == 200
    assert setup.get_json()["state"]["options"]["leather_positions"] == [20, 26, 32, 44, 50]
    assert "20.0" not in setup.get_data(as_text=True)


# --- bodies that are JSON but not what the contract allows ------------------------------------


def test_an_unknown_field_is_a_schema_error(api: ContractClient) -> None:
    body = problem(
        api.post(SETUP, json={"players": PLAYERS, "seed": SEED, "colour": "red"}),
        400,
        "schema-validation",
        "SCHEMA_VALIDATION",
    )
    assert body["errors"] == [
        {"pointer": "", "detail": "this property is not allowed here: “colour”"}
    ]
    assert body["detail"] == "/: this property is not allowed here: “colour”"


def test_an_unknown_field_deep_in_a_state_names_its_pointer(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    state = {**opening["state"], "public": {**opening["state"]["public"], "market": [1, 2]}}
    body = problem(
        api.post(f"{PATCHWORK}/legal-actions", json={"state": state}),
        400,
        "schema-validation",
        "SCHEMA_VALIDATION",
    )
    assert {
        "pointer": "/state/public",
        "detail": "this property is not allowed here: “market”",
    } in body["errors"]


def test_every_schema_error_is_reported_with_its_pointer(api: ContractClient) -> None:
    body = problem(
        api.post(SETUP, json={"players": ["alice"], "seed": "", "options": {"randomness": "dice"}}),
        400,
        "schema-validation",
        "SCHEMA_VALIDATION",
    )
    pointers = sorted(e["pointer"] for e in body["errors"])
    assert pointers == ["/options/randomness", "/players", "/seed"]


@pytest.mark.parametrize(
    ("content_type", "named"),
    [
        ("text/plain", "not text/plain"),
        ("application/x-www-form-urlencoded", "not application/x-www-form-urlencoded"),
        ("application/xml", "not application/xml"),
        (None, "application/json: the request names no content type"),
    ],
)
def test_a_body_that_is_not_application_json_is_a_415(
    api: ContractClient, content_type: str | None, named: str
) -> None:
    kwargs: dict[str, Any] = {"data": '{"players": ["alice", "bob"]}'}
    if content_type:
        kwargs["content_type"] = content_type
    body = problem(
        api.post(SETUP, **kwargs), 415, "unsupported-media-type", "UNSUPPORTED_MEDIA_TYPE"
    )
    assert named in body["detail"]


def test_json_with_a_charset_or_a_json_suffix_is_accepted(api: ContractClient) -> None:
    raw = '{"players": ["alice", "bob"], "seed": "x"}'
    for content_type in ("application/json; charset=utf-8", "application/vnd.referee+json"):
        resp = api.post(SETUP, data=raw, content_type=content_type, query_string={"include": ""})
        assert resp.status_code == 200, (content_type, resp.get_json())


# --- sizes ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small(contract: Contract, checker: ContractChecker) -> ContractClient:
    app: Flask = create_app(Settings(max_content_length=1024), contract)
    return ContractClient(app.test_client(), checker)


def test_a_body_over_the_limit_is_a_413_with_the_limit(small: ContractClient) -> None:
    raw = '{"players": ["alice", "bob"], "seed": "' + "x" * 2000 + '"}'
    body = problem(
        small.post(SETUP, data=raw, content_type="application/json"),
        413,
        "payload-too-large",
        "PAYLOAD_TOO_LARGE",
    )
    assert body["limit"] == 1024


def test_a_chunked_body_over_the_limit_is_a_413(small: ContractClient) -> None:
    raw = b'{"players": ["alice", "bob"], "seed": "' + b"x" * 5000 + b'"}'
    resp = small.post(
        SETUP,
        input_stream=io.BytesIO(raw),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},  # as gunicorn sets it
    )
    assert problem(resp, 413, "payload-too-large", "PAYLOAD_TOO_LARGE")["limit"] == 1024


def test_a_chunked_body_of_exactly_the_limit_is_read(small: ContractClient) -> None:
    """Regression: werkzeug cuts a body without Content-Length at the limit instead of refusing
    it, so a chunked 5 kB body used to reach the parser truncated (a 400, not a 413)."""
    raw = b'{"players": ["alice", "bob"], "seed": "x"}'
    raw = raw[:-1] + b" " * (1024 - len(raw)) + b"}"
    assert len(raw) == 1024
    resp = small.post(
        SETUP,
        query_string={"include": ""},
        input_stream=io.BytesIO(raw),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["state"]["rng"]["seed"] == "x"


def test_a_body_just_under_the_limit_is_read(small: ContractClient) -> None:
    prefix, suffix = '{"players": ["alice", "bob"], "seed": "', '"}'
    raw = prefix + "x" * (1024 - len(prefix) - len(suffix)) + suffix
    assert len(raw) == 1024
    body = problem(
        small.post(SETUP, data=raw, content_type="application/json"),
        400,
        "schema-validation",  # read and parsed: the seed is over maxLength 256
        "SCHEMA_VALIDATION",
    )
    assert body["errors"][0]["pointer"] == "/seed"


def test_the_default_limit_is_one_mebibyte(api: ContractClient) -> None:
    raw = '{"players": ["alice", "bob"], "seed": "' + "x" * (1 << 20) + '"}'
    body = problem(
        api.post(SETUP, data=raw, content_type="application/json"),
        413,
        "payload-too-large",
        "PAYLOAD_TOO_LARGE",
    )
    assert body["limit"] == 1 << 20


# --- paths, games and methods -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/v1/games/chess/setup"), ("GET", "/v1/games/chess"), ("POST", "/v1/games/x/apply")],
)
def test_an_unknown_game_is_a_404_unknown_game(api: ContractClient, method: str, path: str) -> None:
    body = problem(api.open(method, path, json={}), 404, "unknown-game", "UNKNOWN_GAME")
    name = path.split("/")[3]
    assert body["detail"] == (
        f"there is no game “{name}”; the games are calico, calico_simplified, castle_combo, "
        "isle_of_cats and patchwork"
    )


@pytest.mark.parametrize(
    "path", ["/", "/v2/games", "/v1/games/patchwork/frobnicate", "/v1/games/patchwork/setup/x"]
)
def test_an_unknown_path_is_a_404_problem(api: ContractClient, path: str) -> None:
    resp = api.get(path)
    problem(resp, 404, "not-found", "NOT_FOUND")


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("GET", f"{PATCHWORK}/setup", {"POST", "OPTIONS"}),
        ("DELETE", f"{PATCHWORK}/apply", {"POST", "OPTIONS"}),
        ("PUT", f"{PATCHWORK}/replay", {"POST", "OPTIONS"}),
        ("POST", "/v1/games", {"GET", "HEAD", "OPTIONS"}),
        ("PATCH", "/healthz", {"GET", "HEAD", "OPTIONS"}),
        ("POST", "/openapi.yaml", {"GET", "HEAD", "OPTIONS"}),
    ],
)
def test_a_wrong_method_is_a_405_problem_with_allow(
    api: ContractClient, method: str, path: str, allow: set[str]
) -> None:
    resp = api.open(method, path)
    problem(resp, 405, "method-not-allowed", "METHOD_NOT_ALLOWED")
    assert set(re.split(r",\s*", resp.headers["Allow"])) == allow


# --- request ids --------------------------------------------------------------------------------


def test_a_request_id_is_echoed_and_carried_in_problems(api: ContractClient) -> None:
    resp = api.post(
        SETUP,
        data="nope",
        content_type="application/json",
        headers={"X-Request-Id": "client-42.a:b_c"},
    )
    assert resp.headers["X-Request-Id"] == "client-42.a:b_c"
    assert resp.get_json()["instance"] == "urn:request:client-42.a:b_c"
    ok = api.get("/healthz", headers={"X-Request-Id": "abc"})
    assert ok.headers["X-Request-Id"] == "abc"


def test_a_request_id_is_generated_when_absent(api: ContractClient) -> None:
    first = api.get("/v1/nothing-here")
    second = api.get("/v1/nothing-here")
    ids = [r.headers["X-Request-Id"] for r in (first, second)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids), ids
    assert ids[0] != ids[1]
    assert first.get_json()["instance"] == f"urn:request:{ids[0]}"


@pytest.mark.parametrize(
    "given", ["has space", "x" * 129, "semi;colon", "ünïcode"], ids=["space", "long", ";", "utf8"]
)
def test_an_unsafe_request_id_is_replaced(api: ContractClient, given: str) -> None:
    resp = api.get("/healthz", headers={"X-Request-Id": given.encode().decode("latin-1")})
    assert re.fullmatch(r"[0-9a-f]{32}", resp.headers["X-Request-Id"])


# --- bugs ---------------------------------------------------------------------------------------


def test_a_bug_is_a_500_problem_without_a_stack_trace(
    api: ContractClient, opening: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = registry.get("patchwork")

    def broken(state: Any) -> Any:
        raise RuntimeError("secret internals: /etc/passwd")

    monkeypatch.setattr(game, "score", broken)
    resp = api.post(
        f"{PATCHWORK}/score", json={"state": opening["state"]}, headers={"X-Request-Id": "bug-1"}
    )
    body = problem(resp, 500, "internal", "INTERNAL")
    assert body["instance"] == "urn:request:bug-1"
    assert body["detail"] == "the service failed; quote the request id when reporting it"
    text = resp.get_data(as_text=True)
    assert "secret" not in text
    assert "RuntimeError" not in text
