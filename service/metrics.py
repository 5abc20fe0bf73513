"""Prometheus metrics: requests by game, operation and status, latency, problems by code, workers
recycled by reason.

Labels name the game (empty outside a game's endpoints, and for a game the registry does not
know: a label never takes a value from the client) and the operation (``apply``, ``healthz``,
``unmatched`` for no route, ``server`` for what gunicorn answered itself), not the raw route.

Under gunicorn each worker is a process; when ``PROMETHEUS_MULTIPROC_DIR`` is set (the gunicorn
config sets it) the workers share their samples through that directory, so ``/metrics`` reports
the whole server whichever worker answers.
"""

from __future__ import annotations

import os
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUESTS = Counter("referee_requests_total", "Requests answered", ["game", "operation", "status"])
LATENCY = Histogram(
    "referee_request_seconds",
    "Time to answer a request",
    ["game", "operation"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
PROBLEMS = Counter("referee_problems_total", "Problem answers by code", ["code"])
RECYCLED = Counter(
    "referee_worker_recycled_total", "Workers told to finish after a request, by reason", ["reason"]
)
MEMORY = "memory"
"""The reason of a worker whose resident memory grew past its limit (``service/worker.py``)."""
RECYCLED.labels(MEMORY)  # reported as 0 before the first, so that a rate over it has a series

_CHILDREN: dict[tuple[str, str, int], tuple[Any, Any]] = {}
"""The request counter's and the latency histogram's series by (game, operation, status): keyed
by a finite catalogue (the games, the endpoints, the statuses; a few dozen), never handed out.
``labels()`` takes a lock and checks its values on every call: counting a request took 30.5 µs
through ``labels()`` and 12.9 µs through this memo (``timeit``, 20,000 calls each, 2026-12-04,
load average about 10 on 2 cores)."""


def count_request(game: str, operation: str, status: int, seconds: float) -> None:
    """One answered request: its count and its latency."""
    key = (game, operation, status)
    series = _CHILDREN.get(key)
    if series is None:
        series = REQUESTS.labels(game, operation, str(status)), LATENCY.labels(game, operation)
        _CHILDREN[key] = series
    series[0].inc()
    series[1].observe(seconds)


SERVER = "server"
"""The operation of an answer gunicorn gave itself (a request it refused, an aborted worker)."""


def count_server_problem(status: int, code: str) -> None:
    REQUESTS.labels("", SERVER, str(status)).inc()
    PROBLEMS.labels(code).inc()


def count_recycle(reason: str) -> None:
    """One worker told to finish: under gunicorn its sample stays in the shared directory after
    the worker has gone (a counter's file is kept; only live gauges are removed at its exit)."""
    RECYCLED.labels(reason).inc()


def exposition() -> tuple[bytes, str]:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    from prometheus_client import REGISTRY

    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
