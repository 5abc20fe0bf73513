"""The request's body, read without werkzeug's machinery, read as werkzeug reads it.

``service.body`` reads a body declared ``application/json`` with a plain ``Content-Length``
straight from the WSGI stream (docs/performance.md, "Request path", gives what it saves); every
other request goes through werkzeug. These tests put both readers to the same requests.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Flask, request
from werkzeug.exceptions import HTTPException
from werkzeug.test import EnvironBuilder

from service import body

BODY = b'{"state": {"turn": 3}, "action": {"type": "pass"}}'


def environ(raw: bytes, **overrides: Any) -> dict[str, Any]:
    env = EnvironBuilder(method="POST", data=raw, content_type="application/json").get_environ()
    env.update(overrides)
    return {k: v for k, v in env.items() if v is not None}


def read(app: Flask, reader: Any, env: dict[str, Any]) -> tuple[str, Any]:
    """What a reader makes of a request: its bytes, or the HTTP error it raises."""
    with app.request_context(dict(env, **{"wsgi.input": io.BytesIO(env["wsgi.input"].getvalue())})):
        try:
            return "bytes", reader()
        except HTTPException as err:
            return "error", err.code


def direct(app: Flask, env: dict[str, Any]) -> tuple[str, Any]:
    return read(app, lambda: body._declared_json_body(request.environ), env)


def general(app: Flask, env: dict[str, Any]) -> tuple[str, Any]:
    return read(app, body._general_body, env)


@pytest.mark.parametrize("terminated", [False, True], ids=["stream-as-is", "server-terminated"])
def test_a_declared_json_body_is_read_whole_by_either_reader(app: Flask, terminated: bool) -> None:
    env = environ(BODY, **({"wsgi.input_terminated": True} if terminated else {}))
    assert direct(app, env) == ("bytes", BODY)
    assert general(app, env) == ("bytes", BODY)


def test_a_body_shorter_than_declared_is_a_client_gone_for_either_reader(app: Flask) -> None:
    env = environ(BODY, CONTENT_LENGTH=str(len(BODY) + 10))
    assert direct(app, env) == ("error", 400)
    assert general(app, env) == ("error", 400)


class _Stalled(io.BytesIO):
    """A client that stops sending: the socket's read timeout ends the read."""

    def read(self, size: int | None = -1) -> bytes:
        raise TimeoutError("timed out")

    readinto = read  # type: ignore[assignment]


@pytest.mark.parametrize("terminated", [False, True], ids=["stream-as-is", "server-terminated"])
def test_a_client_that_stops_sending_is_gone_for_either_reader(
    app: Flask, terminated: bool
) -> None:
    env = environ(BODY, **({"wsgi.input_terminated": True} if terminated else {}))
    for reader in (lambda: body._declared_json_body(request.environ), body._general_body):
        with app.request_context({**env, "wsgi.input": _Stalled(BODY)}):
            with pytest.raises(HTTPException) as caught:
                reader()
            assert caught.value.code == 400


@pytest.mark.parametrize(
    "overrides",
    [
        {"CONTENT_TYPE": "application/json; charset=utf-8"},
        {"CONTENT_TYPE": "application/merge-patch+json"},
        {"CONTENT_TYPE": "text/plain"},
        {"CONTENT_TYPE": None},
        {"CONTENT_LENGTH": None},
        {"CONTENT_LENGTH": "+51"},
        {"CONTENT_LENGTH": "５１"},  # full-width digits: str.isdigit() says yes, HTTP says no
        {"HTTP_TRANSFER_ENCODING": "chunked", "CONTENT_LENGTH": None},
        {"CONTENT_LENGTH": str(2 << 20)},  # over MAX_CONTENT_LENGTH: the general reader's 413
    ],
    ids=[
        "media-type-parameter",
        "json-suffix",
        "not-json",
        "no-content-type",
        "no-length",
        "signed-length",
        "unicode-digits",
        "chunked",
        "over-the-limit",
    ],
)
def test_every_other_request_goes_to_werkzeug(app: Flask, overrides: dict[str, Any]) -> None:
    assert direct(app, environ(BODY, **overrides)) == ("bytes", None)


def test_the_service_answers_a_body_over_the_limit_with_413(app: Flask) -> None:
    client = app.test_client()
    resp = client.post(
        "/v1/games/patchwork/apply",
        data=b"[" + b" " * (2 << 20) + b"]",
        content_type="application/json",
    )
    assert resp.status_code == 413
    assert resp.get_json()["code"] == "PAYLOAD_TOO_LARGE"
