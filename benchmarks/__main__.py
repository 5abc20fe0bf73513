"""``python -m benchmarks``: every figure the issues set a target for, for every game.

Sections: ``engine`` (in-process engine calls), ``worst`` (the largest legal-action answers,
``benchmarks.worst_cases``), ``request`` (the service through Flask's test client; a picture
against a score of the same state), ``instructions`` (instructions per request counted by
callgrind, ``benchmarks.instructions``), ``http`` (gunicorn loaded by wrk, against the echo
ceiling), ``bounded`` (The Isle of Cats' largest decisions over HTTP, ``benchmarks.bounded``).
The last table lists every target, its figure and met/missed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import signal
import subprocess
import sys
import time
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path

from benchmarks import bounded, inprocess, instructions, load, proc, servers, worst_cases, wrk
from benchmarks.games import entry
from benchmarks.inprocess import Check
from benchmarks.tables import Cell, heading, table
from engines import registry
from service import create_app
from service.config import Settings
from service.contract import Contract

SECTIONS = ("engine", "worst", "request", "instructions", "http", "bounded")


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    ap.add_argument("--games", help="comma-separated game ids (default: every registered game)")
    ap.add_argument("--sections", default=",".join(SECTIONS), help=", ".join(SECTIONS))
    ap.add_argument("--seconds", type=float, default=0.5, help="per in-process measurement")
    ap.add_argument("--whole-games", type=int, default=50, help="random games timed per count")
    ap.add_argument("--rounds", type=int, default=7, help="HTTP rounds of every scenario")
    ap.add_argument("--round-seconds", type=int, default=2, help="wrk seconds per scenario/round")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers (http section)")
    ap.add_argument("--quick", action="store_true", help="a short smoke run; rough figures")
    args = ap.parse_args(argv)
    if args.quick:
        args.seconds, args.whole_games, args.rounds = 0.1, 5, 1
        args.round_seconds = 1
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    signal.signal(signal.SIGTERM, lambda signum, _: sys.exit(128 + signum))  # servers stop
    sections = set(args.sections.split(","))
    games = registry.all_games()
    if args.games:
        games = [g for g in games if g.id in args.games.split(",")]
    paths = Contract.load().doc.get("paths", {})
    served = [g for g in games if f"/v1/games/{g.id}/apply" in paths]
    print(header(), flush=True)
    checks: list[Check] = []
    started = time.monotonic()

    if "engine" in sections:
        rows: list[list[Cell]] = []
        for game in games:
            got = inprocess.engine(game, entry(game.id), args.seconds, args.whole_games)
            rows += [[r.game, r.measure, r.where, r.value, r.unit] for r in got.rows]
            checks += got.checks
        print(heading("Engines, in-process (median of single calls)"))
        print(table(["game", "measure", "input", "median", "unit"], rows, digits=2), flush=True)

    if "worst" in sections:
        print(heading("Worst cases: the largest legal-action answers (engine, in-process)"))
        print(worst_cases.render([g.id for g in games if g.id in worst_cases.CASES]), flush=True)

    if "request" in sections and served:
        # Request log lines off, as in the HTTP servers (servers.py): what is measured is the
        # referee, not the writing of logs.
        app = create_app(replace(Settings.from_env(), log_level="WARNING"))
        rows = []
        for game in served:
            if f"/v1/games/{game.id}/render" in paths and find_spec(f"engines.{game.id}.render"):
                got = inprocess.render_vs_score(app, game, entry(game.id), 4 * args.seconds)
                rows += [[r.game, r.measure, r.where, r.value, r.unit] for r in got.rows]
                checks += got.checks
        print(heading("A picture against a score of the same state (Flask test client)"))
        print(table(["game", "measure", "input", "median", "unit"], rows, digits=2), flush=True)

    if "instructions" in sections:
        print(
            heading("Instructions per request (callgrind): lean apply of every game, and the echo")
        )
        print(instructions.render(instructions.measure(servers.REPO)), flush=True)

    if "http" in sections and served:
        plans = [p for g in served for p in load.plan(g, entry(g.id))]
        measured = load.run(plans, args.rounds, args.round_seconds, args.workers)
        print(heading("Over HTTP: gunicorn, wrk"))
        print(
            f"wrk -t{wrk.THREADS} -c{wrk.CONNECTIONS}, {args.rounds} rounds of "
            f"{args.round_seconds} s per scenario, scenarios interleaved; gunicorn with "
            f"service/gunicorn_conf.py and its defaults (worker class "
            f"{os.environ.get('WORKER_CLASS', 'default')}), {args.workers} workers per app, "
            f"request logs off, on the same {proc.CORES} cores as wrk. Server CPU: the gunicorn "
            "process group, from /proc; other cores: machine busy minus server minus wrk.\n"
        )
        print(table(HTTP_HEADERS, [http_row(m) for m in measured], digits=2), flush=True)
        checks += load.checks(measured)

    if "bounded" in sections and any(g.id == "isle_of_cats" for g in served):
        with servers.gunicorn("bounded", "service:create_app()", workers=2) as server:
            text, found = bounded.run(f"http://{server.host}:{server.port}")
        print(heading("Bounded answers over HTTP: The Isle of Cats' largest decisions"))
        print(text, flush=True)
        checks += found

    print(heading("Targets"))
    print(targets(checks))
    missed = sum(c.verdict != "met" for c in checks)
    print(
        f"\n{len(checks) - missed} of {len(checks)} targets met "
        f"in {time.monotonic() - started:.0f} s. "
        f"Machine busy after the run: {proc.busy_cores():.2f} of {proc.CORES} cores."
    )
    return 0


def targets(checks: list[Check]) -> str:
    rows: list[list[Cell]] = [
        [
            c.game,
            c.target,
            "–" if c.verdict == "not measured" else f"{c.value:,.2f} {c.unit}",
            f"{'≥' if c.at_least else '≤'} {c.limit:g} {c.unit}",
            c.verdict,
        ]
        for c in sorted(checks, key=lambda c: c.game)
    ]
    return table(["game", "target", "figure", "limit", "verdict"], rows)


def header() -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    revision = subprocess.run(
        ["git", "describe", "--always", "--dirty"], capture_output=True, text=True, check=False
    ).stdout.strip()
    busy = proc.busy_cores()
    warn = " (other work is running: figures will be low and noisy)" if busy > 0.2 else ""
    return (
        f"# Referee benchmarks\n\n{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC · {proc.CORES} "
        f"cores · {model} · Python {platform.python_version()} · revision {revision or '?'}\n"
        f"Machine busy before the run: {busy:.2f} of {proc.CORES} cores{warn}."
    )


HTTP_HEADERS = [
    "game",
    "scenario",
    "answer B",
    "legal actions",
    "req/s",
    "req/s by round",
    "p50 ms",
    "p99 ms",
    "errors",
    "server CPU µs/req",
    "wrk CPU µs/req",
    "other cores",
]


def http_row(m: load.Measured) -> list[Cell]:
    r = m.merged
    return [
        m.planned.game,
        m.planned.scenario.name,
        r.response_bytes,
        m.planned.legal_actions,
        r.rps,
        " / ".join(f"{x.rps:,.0f}" for x in r.rounds),
        r.p50_ms,
        r.p99_ms,
        r.errors,
        r.server_us_per_request,
        r.client_us_per_request,
        r.other_cores,
    ]


if __name__ == "__main__":
    sys.exit(main())
