"""The request's body and query, read without werkzeug's machinery, read as werkzeug reads them.

``service.body`` reads a body declared ``application/json`` with a plain ``Content-Length``
straight from the WSGI stream, and ``service.routes`` splits a query without escapes itself;
every other request goes through werkzeug. These tests put both readers to the same requests.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Flask, request
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.exceptions import HTTPException
from werkzeug.test import EnvironBuilder

from service import body, routes

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


QUERY_TEXT = st.text(alphabet=st.sampled_from("ab=&,._-%+;2F"), max_size=16)


@given(QUERY_TEXT, st.sampled_from(["a", "b", "ab", "include", ""]))
def test_a_query_parameter_reads_as_werkzeug_reads_it(query: str, name: str) -> None:
    app = Flask(__name__)
    with app.test_request_context(f"/?{query}"):
        assert routes._arg(name) == request.args.get(name)


@pytest.mark.parametrize(
    ("query", "include", "viewer"),
    [
        ("include=", "", None),
        ("include=score,events&viewer=p1", "score,events", "p1"),
        ("viewer=p1&viewer=p2", None, "p1"),  # the first value, as request.args.get gives it
        ("include", "", None),
        ("viewer=%70%31", None, "p1"),  # escaped: read by werkzeug
        ("include=score%2Cevents", "score,events", None),
    ],
)
def test_the_query_parameters_the_service_takes(
    query: str, include: str | None, viewer: str | None
) -> None:
    app = Flask(__name__)
    with app.test_request_context(f"/?{query}"):
        assert (routes._arg("include"), routes._arg("viewer")) == (include, viewer)
