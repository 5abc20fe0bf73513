"""``python -m benchmarks.cold``: one request back to back, and after something else ran.

Timed in a loop, a request runs on a core that has just run the same code on the same data.
Under gunicorn it seldom does: wrk, the other worker and the worker's own threads take turns on
the same 2 cores between two requests, and a core may idle meanwhile. Here the lean ``apply``
of each game (``include=``) and the echo of the same body go through their WSGI apps
in-process, in alternating calls, in three conditions:

- *back to back*: nothing between two calls;
- *after 8 MiB written*: one byte of every cache line of an 8 MiB buffer is written before each
  call (more than a core's own caches hold);
- *after a 2 ms sleep*: the thread sleeps before each call, and the core may idle or run
  other work meanwhile.

Figures are medians of single calls in µs (the preparation is not timed), and the echo's time
as a share of the referee's.

``make bench`` runs this as its ``cold`` section.
"""

from __future__ import annotations

import argparse
import io
import json
import time
from collections.abc import Callable

from flask import Flask
from werkzeug.test import EnvironBuilder

from benchmarks import echo_app, inputs
from benchmarks.games import entry
from benchmarks.inprocess import Row
from benchmarks.tables import table
from engines import registry
from engines.registry import AnyGame

EVICTION_BYTES = 8 << 20
"""Larger than the L2 cache of the cores this runs on, and a good part of a shared L3."""
PAUSE_S = 0.002

_evictor = bytearray(EVICTION_BYTES)


def _evict() -> None:
    _evictor[::64] = b"\x01" * (EVICTION_BYTES // 64)  # one byte per cache line


def _pause() -> None:
    time.sleep(PAUSE_S)


CONDITIONS: dict[str, Callable[[], None] | None] = {
    "back to back": None,
    "after 8 MiB written": _evict,
    "after a 2 ms sleep": _pause,
}


def wsgi_call(app: Flask, path: str, query: str, raw: bytes) -> Callable[[], object]:
    """One whole request through the app's WSGI interface, its answer read to the end."""
    environ = EnvironBuilder(
        path=path, query_string=query, method="POST", data=raw, content_type="application/json"
    ).get_environ()

    def call() -> object:
        env = dict(environ)
        env["wsgi.input"] = io.BytesIO(raw)
        status: list[str] = []
        answer = app(env, lambda s, h, e=None: status.append(s))
        body = b"".join(answer)
        getattr(answer, "close", lambda: None)()
        assert status[0].startswith("200"), (status, body[:200])
        return body

    return call


def run(referee: Flask, games: list[AnyGame], calls: int) -> list[Row]:
    echo = echo_app.create_app()
    rows: list[Row] = []
    for game in games:
        playout = inputs.play(game, entry(game.id).players, inputs.REFERENCE_SEED, 0)
        raw = json.dumps(inputs.bodies(game, playout).apply).encode()
        apply = wsgi_call(referee, f"/v1/games/{game.id}/apply", "include=", raw)
        mirror = wsgi_call(echo, "/echo", "", raw)
        for label, prepare in CONDITIONS.items():
            ref_us, echo_us = _medians(prepare, [apply, mirror], calls)
            rows.append(
                Row(
                    game.id,
                    label,
                    f"{ref_us:,.0f} / {echo_us:,.0f} µs",
                    echo_us / ref_us * 100,
                    "%",
                )
            )
    return rows


def _medians(
    prepare: Callable[[], None] | None, calls: list[Callable[[], object]], n: int
) -> list[float]:
    """Medians in µs of ``calls`` taken in turns, ``prepare`` before each (not timed)."""
    clock = time.perf_counter_ns
    samples: list[list[int]] = [[] for _ in calls]
    for call in calls:
        call()
    for _ in range(n):
        for call, out in zip(calls, samples, strict=True):
            if prepare is not None:
                prepare()
            t0 = clock()
            call()
            out.append(clock() - t0)
    return [sorted(s)[len(s) // 2] / 1e3 for s in samples]


HEADERS = ["game", "condition", "referee / echo, median", "echo as a share of the referee", ""]


def render(rows: list[Row]) -> str:
    return table(HEADERS, [[r.game, r.measure, r.where, r.value, r.unit] for r in rows], digits=1)


def main() -> None:
    from dataclasses import replace

    from service import create_app
    from service.config import Settings

    ap = argparse.ArgumentParser(prog="python -m benchmarks.cold", description=__doc__)
    ap.add_argument("--calls", type=int, default=300, help="calls per app and condition")
    args = ap.parse_args()
    app = create_app(replace(Settings.from_env(), log_level="WARNING"))
    print(render(run(app, registry.all_games(), args.calls)))


if __name__ == "__main__":
    main()
