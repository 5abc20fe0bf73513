"""Every request's id, clock, metrics and log line, kept around the Flask app (WSGI middleware).

Around the app rather than in Flask's ``before_request`` and ``after_request`` hooks: each hook
costs a dispatch through Flask and a context-local lookup per value, which a request of the
lean ``apply`` paid about 20 µs for (docs/performance.md). The app leaves here, in the WSGI
environ, what only it knows: which operation answered (``OPERATION``), for which game (``GAME``,
set once the registry knows the game, so a label never takes a value from the client) and the
code of the problem it answered (``PROBLEM``).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from service import logs, metrics
from service.metrics import PROBLEMS

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

REQUEST_ID = "referee.request_id"
"""environ key: the request id, the client's ``X-Request-Id`` if safe, else a random one."""
STARTED = "referee.started"
"""environ key: ``time.perf_counter()`` when the request reached the app."""
OPERATION = "referee.operation"
"""environ key: the answering endpoint's name (``apply``, ``healthz``); absent: ``unmatched``."""
GAME = "referee.game"
"""environ key: the game's id, for a game's endpoints."""
PROBLEM = "referee.problem"
"""environ key: the code of the problem the app answers (``service.problems``), if any."""

_SAFE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


class Instrumented:
    """The app, with an ``X-Request-Id`` on every answer and each answer counted and logged."""

    def __init__(self, app: WSGIApp, log_sample: float) -> None:
        self.app = app
        self.log_sample = log_sample

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        given = environ.get("HTTP_X_REQUEST_ID", "")
        # 16 random bytes in hex, as uuid4().hex without building a UUID: a third of its cost
        request_id = environ[REQUEST_ID] = given if _SAFE_ID.match(given) else os.urandom(16).hex()
        started = environ[STARTED] = time.perf_counter()
        statuses: list[str] = []

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.append(("X-Request-Id", request_id))
            statuses.append(status)
            return start_response(status, headers, exc_info)

        body = self.app(environ, start)
        elapsed = time.perf_counter() - started
        status = int(statuses[-1][:3])
        game: str = environ.get(GAME, "")
        operation: str = environ.get(OPERATION, "unmatched")
        metrics.count_request(game, operation, status, elapsed)
        code: str | None = environ.get(PROBLEM)
        if code is not None:
            PROBLEMS.labels(code).inc()
        fields = {
            "request_id": request_id,
            "game": game,
            "operation": operation,
            "status": status,
            "code": code,
            "duration_ms": round(elapsed * 1000, 3),
        }
        logs.log_request(fields, self.log_sample)
        return body
