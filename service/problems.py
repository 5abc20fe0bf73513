"""RFC 9457 problem details: every error the service answers, framework errors included.

Each problem has a ``type`` (the absolute URI of the page describing it, see
``service.problem_types``), ``title``, ``status``, ``detail`` in plain words (no Python
notation), ``instance`` (the request id) and a stable ``code`` a client can switch on.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, json, request
from werkzeug.exceptions import HTTPException

from engines.core.errors import IllegalAction, InvalidState, MalformedAction
from engines.core.errors import listing as listing  # details in words: one helper for all
from engines.core.errors import quoted as quoted
from engines.registry import UnknownGame
from service.instrument import PROBLEM, REQUEST_ID
from service.problem_types import origin, type_uri

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("service")

_HTTP_TYPES: dict[int, tuple[str, str]] = {
    400: ("malformed-json", "Malformed JSON"),
    404: ("not-found", "Not found"),
    405: ("method-not-allowed", "Method not allowed"),
    413: ("payload-too-large", "Payload too large"),
    415: ("unsupported-media-type", "Unsupported media type"),
}

MAX_DETAIL = 300
"""Longest ``detail``: a detail may quote the client's input, which is the client's to bound."""


class Problem(Exception):
    """An error answered as problem+json; ``extra`` members are added to the body."""

    def __init__(
        self,
        status: int,
        type_: str,
        title: str,
        detail: str,
        code: str,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.type = type_
        self.title = title
        self.detail = detail
        self.code = code
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": type_uri(self.type, origin()),
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "instance": f"urn:request:{request.environ.get(REQUEST_ID, 'unknown')}",
            "code": self.code,
        }
        out.update(self.extra)
        return out

    def response(self) -> Response:
        request.environ[PROBLEM] = self.code  # for the metrics and the request log
        resp = Response(json.dumps(self.body()), status=self.status, mimetype=PROBLEM_JSON)
        for name, value in self.headers.items():
            resp.headers[name] = value
        return resp


def schema_validation(errors: list[dict[str, str]]) -> Problem:
    first = errors[0]
    return Problem(
        400,
        "schema-validation",
        "Request does not match the contract",
        f"{first['pointer'] or '/'}: {first['detail']}",
        "SCHEMA_VALIDATION",
        errors=errors,
    )


def malformed_json(detail: str) -> Problem:
    return Problem(400, "malformed-json", "Malformed JSON", detail, "MALFORMED_JSON")


def duplicate_key(key: str) -> Problem:
    shown = key if len(key) <= 64 else key[:64] + "…"
    return Problem(
        400,
        "duplicate-key",
        "Duplicate key",
        f"the key {quoted(shown)} appears twice in one object; JSON objects here have unique keys",
        "DUPLICATE_KEY",
    )


def invalid_unicode(pointer: str, detail: str) -> Problem:
    return Problem(
        400,
        "invalid-unicode",
        "Invalid Unicode",
        f"{pointer or '/'}: {detail}",
        "INVALID_UNICODE",
        pointer=pointer,
    )


def limit_exceeded(pointer: str, detail: str, limit: int) -> Problem:
    """A body over one of the cheap limits checked before validation (see ``service.body``)."""
    return Problem(
        400,
        "limit-exceeded",
        "Limit exceeded",
        f"{pointer[:MAX_DETAIL] or '/'}: {detail}",
        "LIMIT_EXCEEDED",
        pointer=pointer[:MAX_DETAIL],
        limit=limit,
    )


def deadline_exceeded(budget_s: float) -> Problem:
    return Problem(
        503,
        "deadline-exceeded",
        "Deadline exceeded",
        f"the request needs more than its {budget_s:g} s of work; send fewer actions at once",
        "DEADLINE_EXCEEDED",
    )


def unknown_game(game: str, known: list[str]) -> Problem:
    return Problem(
        404,
        "unknown-game",
        "Unknown game",
        f"there is no game {quoted(game)}; the games are {listing(known)}",
        "UNKNOWN_GAME",
    )


def stale_state(expected: int, actual: int) -> Problem:
    return Problem(
        409,
        "stale-state",
        "Stale state",
        f"expected_turn is {expected} but the state is at turn {actual}",
        "STALE_STATE",
        expected_turn=expected,
        actual_turn=actual,
    )


def invalid_state(err: InvalidState, pointer_prefix: str = "") -> Problem:
    violations = [{**v.to_json(), "pointer": pointer_prefix + v.pointer} for v in err.violations]
    return Problem(
        422,
        "invalid-state",
        "Invalid state",
        f"{len(violations)} violation(s); first: {violations[0]['detail']}",
        err.code,
        violations=violations,
    )


def illegal_action(
    err: IllegalAction | MalformedAction, action_index: int | None = None
) -> Problem:
    if isinstance(err, MalformedAction):
        reasons = [{"code": err.code, "detail": err.detail}]
    else:
        reasons = [r.to_json() for r in err.reasons]
    extra: dict[str, Any] = {"reasons": reasons}
    if action_index is not None:
        extra["action_index"] = action_index
    where = "" if action_index is None else f" (action {action_index})"
    return Problem(
        422,
        "illegal-action",
        "Illegal action",
        reasons[0]["detail"] + where,
        reasons[0]["code"],
        **extra,
    )


def register_error_handlers(app: Flask) -> None:
    """One place turns every error into problem+json; the framework's own pages included."""

    @app.errorhandler(Problem)
    def _problem(err: Problem) -> Response:
        return err.response()

    @app.errorhandler(UnknownGame)
    def _unknown(err: UnknownGame) -> Response:
        from engines.registry import all_games

        return unknown_game(str(err.args[0]), [g_.id for g_ in all_games()]).response()

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> Response:
        status = err.code or 500
        if status < 400:
            # Werkzeug's routing redirects (a merged slash, a trailing slash) would build their
            # Location from the client's Host header: the service never redirects.
            return Problem(
                404,
                "not-found",
                "Not found",
                "no such path (the service never redirects)",
                "NOT_FOUND",
            ).response()
        type_, title = _HTTP_TYPES.get(status, ("http-error", err.name))
        headers = {k: v for k, v in err.get_headers() if k.lower() != "content-type"}
        if status == 405:
            headers["Allow"] = ", ".join([*headers.get("Allow", "").split(", "), "OPTIONS"])
        if status == 405 and request.method == "OPTIONS":
            # OPTIONS on an existing path: which methods it takes, no body (no CORS: the
            # service is called by backends, not browsers).
            options = Response(status=204, headers={"Allow": headers.get("Allow", "")})
            del options.headers["Content-Type"]
            return options
        extra: dict[str, Any] = {}
        if status == 413:
            extra["limit"] = app.config["MAX_CONTENT_LENGTH"]
        code = type_.upper().replace("-", "_")
        return Problem(
            status, type_, title, err.description or title, code, headers, **extra
        ).response()

    @app.errorhandler(Exception)
    def _internal(err: Exception) -> Response:
        log.exception("unhandled error in request %s", request.environ.get(REQUEST_ID, "?"))
        return Problem(
            500,
            "internal",
            "Internal error",
            "the service failed; quote the request id when reporting it",
            "INTERNAL",
        ).response()
