"""``python -m benchmarks``: every figure the issues set a target for, for every game.

Sections: ``engine`` (the engines in-process), ``worst`` (the largest legal-action answers),
``request`` (a picture against a score of the same state, Flask's test client),
``instructions`` (instructions per request, callgrind), ``http`` (gunicorn loaded by wrk,
against the echo ceiling), ``bounded`` (The Isle of Cats' largest decisions over HTTP). The last
table lists every target, its figure and met/missed (see docs/performance.md).
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import signal
import subprocess
import sys
import time
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path

from benchmarks import bounded, inprocess, instructions, load, servers, wrk
from benchmarks.tables import Check, heading, targets
from engines import registry
from engines.registry import AnyGame
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
    ap.add_argument("--quick", action="store_true", help="a short smoke run; rough figures")
    args = ap.parse_args(argv)
    if args.quick:
        args.seconds, args.whole_games, args.rounds, args.round_seconds = 0.1, 5, 1, 1
    return args


def section(
    name: str, games: list[AnyGame], paths: dict[str, object], args: argparse.Namespace
) -> tuple[str, str, list[Check]] | None:
    """(title, text, targets) of the section ``name``, or None where no game has it."""
    served = [g for g in games if f"/v1/games/{g.id}/apply" in paths]
    if name == "engine":
        title = "Engines, in-process (median of single calls)"
        return title, *inprocess.engines(games, args.seconds, args.whole_games)
    if name == "worst":
        title = "Worst cases: the largest legal-action answers (engine, in-process)"
        return title, bounded.worst([g.id for g in games]), []
    if name == "request" and served:
        drawn = [
            g for g in served
            if f"/v1/games/{g.id}/render" in paths and find_spec(f"engines.{g.id}.render")
        ]  # fmt: skip
        # request log lines off, as in the HTTP servers: what is measured is the referee
        app = create_app(replace(Settings.from_env(), log_level="WARNING"))
        title = "A picture against a score of the same state (Flask test client)"
        return title, *inprocess.pictures(app, drawn, 4 * args.seconds)
    if name == "instructions":
        title = "Instructions per request (callgrind): lean apply of every game, and the echo"
        return title, instructions.render(instructions.measure(servers.REPO)), []
    if name == "http" and served:
        title = "Over HTTP: gunicorn, wrk"
        return title, *load.run(served, args.rounds, args.round_seconds)
    if name == "bounded" and any(g.id == bounded.GAME.id for g in served):
        return "Bounded answers over HTTP: The Isle of Cats' largest decisions", *bounded.run()
    return None


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    signal.signal(signal.SIGTERM, lambda signum, _: sys.exit(128 + signum))  # servers stop
    games = registry.all_games()
    if args.games:
        games = [g for g in games if g.id in args.games.split(",")]
    paths = Contract.load().doc.get("paths", {})
    print(header(), flush=True)
    checks: list[Check] = []
    started = time.monotonic()
    for name in SECTIONS:
        found = section(name, games, paths, args) if name in args.sections.split(",") else None
        if found is not None:
            title, text, more = found
            print(heading(title))
            print(text, flush=True)
            checks += more
    print(heading("Targets"))
    print(targets(checks))
    missed = sum(c.verdict != "met" for c in checks)
    print(
        f"\n{len(checks) - missed} of {len(checks)} targets met "
        f"in {time.monotonic() - started:.0f} s. "
        f"Machine busy after the run: {wrk.busy_cores():.2f} of {wrk.CORES} cores."
    )
    return 0


def header() -> str:
    cpuinfo = Path("/proc/cpuinfo").read_text().splitlines()
    names = (line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    revision = subprocess.run(
        ["git", "describe", "--always", "--dirty"], capture_output=True, text=True, check=False
    ).stdout.strip()
    busy = wrk.busy_cores()
    warn = " (other work is running: figures will be low and noisy)" if busy > 0.2 else ""
    return (
        f"# Referee benchmarks\n\n{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC · {wrk.CORES} "
        f"cores · {next(names, platform.processor())} · Python {platform.python_version()} · "
        f"revision {revision or '?'}\nMachine busy before the run: {busy:.2f} of {wrk.CORES} "
        f"cores{warn}."
    )


if __name__ == "__main__":
    sys.exit(main())
