"""CORS: off by default; an allow-list of origins from ``REFEREE_CORS_ORIGINS``; preflights."""

from __future__ import annotations

import pytest
from flask import Flask

from service import create_app
from service.config import Settings
from service.contract import Contract
from service.cors import CorsPolicy

APP_ORIGIN = "https://app.example"
OTHER_ORIGIN = "https://evil.example"
SETUP = "/v1/games/patchwork/setup"
BODY = {"players": ["alice", "bob"], "seed": "cors"}


def app_with(monkeypatch: pytest.MonkeyPatch, contract: Contract, spec: str | None) -> Flask:
    if spec is None:
        monkeypatch.delenv("REFEREE_CORS_ORIGINS", raising=False)
    else:
        monkeypatch.setenv("REFEREE_CORS_ORIGINS", spec)
    return create_app(Settings(), contract)


def test_policy_parses_a_comma_separated_list() -> None:
    policy = CorsPolicy.parse(" https://a.example , http://localhost:5173/ ,, ")
    assert policy.origins == frozenset({"https://a.example", "http://localhost:5173"})
    assert not policy.any_origin
    assert policy.allow_origin("https://a.example") == "https://a.example"
    assert policy.allow_origin("https://a.example.evil") is None
    assert policy.allow_origin(None) is None


def test_policy_star_allows_any_origin() -> None:
    policy = CorsPolicy.parse("*")
    assert policy.allow_origin("https://anything.example") == "*"


def test_empty_policy_is_disabled() -> None:
    assert not CorsPolicy.parse("").enabled
    assert not CorsPolicy.parse(" , ").enabled


def test_cors_is_off_by_default(monkeypatch: pytest.MonkeyPatch, contract: Contract) -> None:
    client = app_with(monkeypatch, contract, None).test_client()
    resp = client.post(SETUP, json=BODY, headers={"Origin": APP_ORIGIN})
    assert resp.status_code == 200
    assert "Access-Control-Allow-Origin" not in resp.headers
    assert "Origin" not in resp.vary


def test_allowed_origin_is_echoed(monkeypatch: pytest.MonkeyPatch, contract: Contract) -> None:
    client = app_with(monkeypatch, contract, APP_ORIGIN).test_client()
    resp = client.post(SETUP, json=BODY, headers={"Origin": APP_ORIGIN})
    assert resp.status_code == 200
    assert resp.headers["Access-Control-Allow-Origin"] == APP_ORIGIN
    assert resp.headers["Access-Control-Expose-Headers"] == "X-Request-Id"
    assert "Origin" in resp.vary
    assert "Access-Control-Allow-Credentials" not in resp.headers


def test_problems_carry_cors_headers_too(
    monkeypatch: pytest.MonkeyPatch, contract: Contract
) -> None:
    client = app_with(monkeypatch, contract, APP_ORIGIN).test_client()
    resp = client.post(SETUP, json={"players": []}, headers={"Origin": APP_ORIGIN})
    assert resp.status_code == 400
    assert resp.mimetype == "application/problem+json"
    assert resp.headers["Access-Control-Allow-Origin"] == APP_ORIGIN


def test_other_origin_gets_no_cors_header(
    monkeypatch: pytest.MonkeyPatch, contract: Contract
) -> None:
    client = app_with(monkeypatch, contract, APP_ORIGIN).test_client()
    resp = client.post(SETUP, json=BODY, headers={"Origin": OTHER_ORIGIN})
    assert resp.status_code == 200  # the browser, not the service, withholds the answer
    assert "Access-Control-Allow-Origin" not in resp.headers
    assert "Origin" in resp.vary


def test_preflight_of_an_allowed_origin(
    monkeypatch: pytest.MonkeyPatch, contract: Contract
) -> None:
    client = app_with(monkeypatch, contract, APP_ORIGIN).test_client()
    resp = client.options(
        SETUP,
        headers={
            "Origin": APP_ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type, X-Request-Id, X-Unknown",
        },
    )
    assert resp.status_code == 204
    assert resp.data == b""
    assert resp.headers["Access-Control-Allow-Origin"] == APP_ORIGIN
    assert resp.headers["Access-Control-Allow-Methods"] == "GET, POST, OPTIONS"
    # Only the headers the API reads are granted; X-Unknown is not, so a browser would refuse.
    assert resp.headers["Access-Control-Allow-Headers"] == "content-type, x-request-id"
    assert resp.headers["Access-Control-Max-Age"] == "600"


def test_preflight_of_another_origin_is_not_granted(
    monkeypatch: pytest.MonkeyPatch, contract: Contract
) -> None:
    client = app_with(monkeypatch, contract, APP_ORIGIN).test_client()
    resp = client.options(
        SETUP, headers={"Origin": OTHER_ORIGIN, "Access-Control-Request-Method": "POST"}
    )
    assert resp.status_code == 204  # the plain OPTIONS answer, with Allow
    assert resp.headers["Allow"] == "POST, OPTIONS"
    assert "Access-Control-Allow-Origin" not in resp.headers
    assert "Access-Control-Allow-Methods" not in resp.headers


def test_star_answers_any_origin(monkeypatch: pytest.MonkeyPatch, contract: Contract) -> None:
    client = app_with(monkeypatch, contract, "*").test_client()
    resp = client.get("/v1/games", headers={"Origin": OTHER_ORIGIN})
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
