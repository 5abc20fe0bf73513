"""The problem types, each described by a page the service serves at ``/problems/<slug>``.

A problem's ``type`` is the absolute URI of that page (RFC 9457 §3.1.1: a URI a person can
dereference to read what the problem means). It is built on ``PUBLIC_URL``, the address clients
reach the service at, which the operator sets; unset, on ``http://localhost:<PORT>``, right for
a service run on one's own machine. Never on the request's ``Host``: a client would choose the
URI the service hands out. Clients switch on ``code``; ``type`` is where a developer reads about
it. New types may appear in later versions, so the contract leaves the list open.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import current_app, has_app_context

PUBLIC_URL_KEY = "REFEREE_PUBLIC_URL"
"""``app.config`` key of the origin problem types are built on (see :func:`public_origin`)."""


@dataclass(frozen=True)
class ProblemType:
    slug: str
    title: str
    statuses: tuple[int, ...]
    codes: str
    meaning: str
    remedy: str


_TYPES = (
    ProblemType(
        "malformed-json",
        "Malformed JSON",
        (400,),
        "MALFORMED_JSON",
        "The body is not JSON: a syntax error, a number out of range, or nesting too deep.",
        "Send the body as JSON (RFC 8259) encoded in UTF-8.",
    ),
    ProblemType(
        "schema-validation",
        "Request does not match the contract",
        (400,),
        "SCHEMA_VALIDATION",
        "The body or the query is JSON but not what the contract allows for this operation. "
        "`errors` lists each mismatch with a JSON Pointer into the body.",
        "Compare the body with the operation's request schema in /openapi.yaml.",
    ),
    ProblemType(
        "duplicate-key",
        "Duplicate key",
        (400,),
        "DUPLICATE_KEY",
        "One JSON object has the same key twice; the service does not guess which one you meant.",
        "Send each key once per object.",
    ),
    ProblemType(
        "invalid-unicode",
        "Invalid Unicode",
        (400,),
        "INVALID_UNICODE",
        "A string holds a lone surrogate (such as \\ud800), which is not a character.",
        "Send well-formed UTF-8; `pointer` names the string.",
    ),
    ProblemType(
        "limit-exceeded",
        "Limit exceeded",
        (400,),
        "LIMIT_EXCEEDED",
        "The body is over one of the limits checked before validation (values, depth, string "
        "length). `pointer` names where and `limit` the limit passed.",
        "Send less; docs/api.md, “Limits”, lists every limit.",
    ),
    ProblemType(
        "bad-request",
        "Bad request",
        (400, 403, 417, 501),
        "BAD_REQUEST",
        "The HTTP server refused the request before the service saw it: not valid HTTP/1.1, an "
        "unsupported transfer coding or expectation.",
        "Send a plain HTTP/1.1 request with a Content-Length.",
    ),
    ProblemType(
        "unknown-game",
        "Unknown game",
        (404,),
        "UNKNOWN_GAME",
        "The path names a game this service does not adjudicate.",
        "GET /v1/games lists the games.",
    ),
    ProblemType(
        "not-found",
        "Not found",
        (404,),
        "NOT_FOUND",
        "No operation has this path. The service never redirects, so a doubled or trailing "
        "slash is not found either.",
        "Use a path from /openapi.yaml as it is written there.",
    ),
    ProblemType(
        "method-not-allowed",
        "Method not allowed",
        (405,),
        "METHOD_NOT_ALLOWED",
        "The path exists but does not take this method; the `Allow` header lists those it takes.",
        "Use a method from `Allow`.",
    ),
    ProblemType(
        "stale-state",
        "Stale state",
        (409,),
        "STALE_STATE",
        "`expected_turn` differs from the state's `turn`: someone else moved first. "
        "`expected_turn` and `actual_turn` say both.",
        "Fetch the current state and decide again.",
    ),
    ProblemType(
        "payload-too-large",
        "Payload too large",
        (413,),
        "PAYLOAD_TOO_LARGE",
        "The body is over the configured size limit; `limit` gives it in bytes.",
        "Send a smaller body, or split a batch of actions.",
    ),
    ProblemType(
        "uri-too-long",
        "URI too long",
        (414,),
        "URI_TOO_LONG",
        "The request line is longer than the HTTP server accepts.",
        "Send the data in the body, not the query.",
    ),
    ProblemType(
        "unsupported-media-type",
        "Unsupported media type",
        (415,),
        "UNSUPPORTED_MEDIA_TYPE",
        "The body is not sent as application/json.",
        "Send `Content-Type: application/json`.",
    ),
    ProblemType(
        "unsupported-content-encoding",
        "Unsupported content encoding",
        (415,),
        "UNSUPPORTED_CONTENT_ENCODING",
        "The body is sent with a `Content-Encoding` (gzip, br, …); the service reads bodies only "
        "as they are, and says so in the answer's `Accept-Encoding: identity`.",
        "Send the body without `Content-Encoding`. Answers are still compressed for a client "
        "that sends `Accept-Encoding: gzip`.",
    ),
    ProblemType(
        "invalid-state",
        "Invalid state",
        (422,),
        "INVALID_STATE and the other violation codes of each game",
        "The state, setup or position matches the contract but breaks the rules; `violations` "
        "lists every violation at once, each with a code and a JSON Pointer.",
        "Send a state the service answered, unchanged; the game's page in docs/rules lists the "
        "violation codes.",
    ),
    ProblemType(
        "illegal-action",
        "Illegal action",
        (422,),
        "the first reason's code, such as NOT_YOUR_TURN or GAME_OVER",
        "The action is not legal in this state; `reasons` says every reason, and `action_index` "
        "which action of a batch or replay failed (nothing of it is applied).",
        "Choose from `legal_actions`, or ask validate-action for the reasons first.",
    ),
    ProblemType(
        "unknown-player",
        "Unknown player",
        (422,),
        "UNKNOWN_PLAYER",
        "A `viewer` or `player` names no player of this game; `pointer` says where.",
        "Use one of the state's `players`, or null for a spectator.",
    ),
    ProblemType(
        "invalid-state-token",
        "Invalid state token",
        (422,),
        "TOKEN_MALFORMED, TOKEN_UNKNOWN_KEY, TOKEN_WRONG_GAME, TOKEN_INVALID or TOKEN_EXPIRED",
        "The `state_token` cannot be opened: malformed, sealed under a key this service does not "
        "have, for another game, altered, or expired.",
        "Send the latest token the service gave for this game; docs/api.md, “State tokens”.",
    ),
    ProblemType(
        "tokens-disabled",
        "State tokens disabled",
        (422,),
        "TOKENS_DISABLED",
        "A state token, or `include=view`, was sent to a service configured without state keys.",
        "Send `state` in the clear, or configure REFEREE_STATE_KEYS.",
    ),
    ProblemType(
        "header-fields-too-large",
        "Request header fields too large",
        (431,),
        "HEADER_FIELDS_TOO_LARGE",
        "Too many header fields, or one too large, for the HTTP server.",
        "Send fewer or shorter headers.",
    ),
    ProblemType(
        "internal",
        "Internal error",
        (500,),
        "INTERNAL",
        "The service failed. The answer never carries a stack trace.",
        "Report it with the `X-Request-Id` (also in `instance`).",
    ),
    ProblemType(
        "worker-failed",
        "Worker failed",
        (500,),
        "WORKER_ABORTED",
        "A worker was stopped before it answered (it ran past the server's timeout).",
        "Report it with the `X-Request-Id`; send fewer actions at once.",
    ),
    ProblemType(
        "deadline-exceeded",
        "Deadline exceeded",
        (503,),
        "DEADLINE_EXCEEDED",
        "A batch or replay needs more than the request's time budget; nothing was applied.",
        "Send fewer actions per request.",
    ),
    ProblemType(
        "draining",
        "Draining",
        (503,),
        "DRAINING",
        "GET /readyz while this worker shuts down: it finishes its request and takes no more.",
        "Route new requests to another instance.",
    ),
    ProblemType(
        "http-error",
        "HTTP error",
        (400,),
        "the status's name in capitals, such as REQUEST_TIMEOUT",
        "An HTTP error without a type of its own.",
        "The `title` and `status` say which.",
    ),
)
TYPES: dict[str, ProblemType] = {t.slug: t for t in _TYPES}

_HOST = re.compile(
    r"^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
    r"[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$"
)
"""A host and optional port, as a URL carries them."""


def check_public_url(url: str) -> str:
    """``PUBLIC_URL`` without its trailing slash; a ValueError (at startup) unless it is an
    ``http``/``https`` URL with a host and at most a path."""
    parts = urlsplit(url)
    if (
        parts.scheme not in ("http", "https")
        or not _HOST.match(parts.netloc)
        or parts.query
        or parts.fragment
    ):
        raise ValueError(
            f"PUBLIC_URL must be an http or https URL such as https://referee.example: {url}"
        )
    return url.rstrip("/")


def public_origin(public_url: str) -> str:
    """The origin of every problem type: ``public_url`` (``PUBLIC_URL``), else the address
    ``make run`` and the console script listen on by default (``PORT``, 8000)."""
    if public_url:
        return check_public_url(public_url)
    return f"http://localhost:{os.environ.get('PORT', '8000')}"


def origin() -> str:
    """The origin for a problem answered now (by the app, or outside it)."""
    if has_app_context():
        configured: str = current_app.config.get(PUBLIC_URL_KEY, "")
        if configured:
            return configured
    return public_origin(os.environ.get("PUBLIC_URL", ""))


def type_uri(slug: str, base: str) -> str:
    return f"{base}/problems/{slug}"
