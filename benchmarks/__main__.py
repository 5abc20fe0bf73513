"""``python -m benchmarks``: every section for every registered game, printed as tables."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from benchmarks import cpu, http_bench, inprocess, playouts, request_path, validators
from benchmarks.stats import Budget
from benchmarks.tables import Cell, heading, table
from engines.core import registry
from engines.core.registry import AnyGame
from service import create_app
from service.contract import Contract

T = TypeVar("T")
SECTIONS = ("inprocess", "http", "profile", "validators")
LEGAL_TARGET_US = 100.0
GAME_TARGET_MS = 20.0


@dataclass(frozen=True)
class Inputs:
    game: AnyGame
    positions: list[playouts.Position]
    body: playouts.Body


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git_revision() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" + uncommitted changes" if dirty else "")


def machine() -> dict[str, Any]:
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpus": os.cpu_count(),
        "cpus_usable": affinity,
        "cpu_model": cpu_model(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "revision": git_revision(),
    }


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    ap.add_argument("--games", help="comma-separated game ids (default: every registered game)")
    ap.add_argument(
        "--sections",
        default=",".join(SECTIONS),
        help=f"comma-separated subset of {','.join(SECTIONS)}",
    )
    ap.add_argument("--quick", action="store_true", help="short smoke run (numbers are rough)")
    ap.add_argument("--random-games", type=int, default=50, help="whole games timed per engine")
    ap.add_argument(
        "--duration", type=float, default=5.0, help="seconds measured per HTTP scenario"
    )
    ap.add_argument("--rounds", type=int, default=3, help="HTTP rounds the duration is split into")
    ap.add_argument("--warmup", type=float, default=0.5, help="HTTP warm-up seconds per round")
    ap.add_argument("--processes", type=int, default=2, help="load-generator processes")
    ap.add_argument("--threads", type=int, default=2, help="connections per load-generator process")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers per app")
    ap.add_argument("--profile-requests", type=int, default=1000, help="requests under cProfile")
    ap.add_argument("--json", type=Path, help="also write every number to this JSON file")
    args = ap.parse_args(argv)
    if args.quick:
        args.random_games = min(args.random_games, 10)
        args.duration = min(args.duration, 1.0)
        args.warmup = min(args.warmup, 0.3)
        args.rounds = 1
        args.profile_requests = min(args.profile_requests, 100)
    return args


def _exit_on_signal(signum: int, _frame: object) -> None:
    # Raising SystemExit unwinds the stack, so every `finally` stops the servers it started.
    sys.exit(128 + signum)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _exit_on_signal)
    started = time.monotonic()
    sections = [s for s in args.sections.split(",") if s]
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        print(f"unknown sections: {sorted(unknown)}", file=sys.stderr)
        return 2
    budget = Budget().scaled(0.2) if args.quick else Budget(seconds=0.4)
    failures: list[str] = []
    results: dict[str, Any] = {"machine": machine()}

    def guarded(what: str, fn: Callable[[], T]) -> T | None:
        try:
            return fn()
        except Exception:
            failures.append(what)
            print(f"\n!! {what} failed:\n{traceback.format_exc()}", flush=True)
            return None

    m = results["machine"]
    print("# Referee benchmarks")
    print(
        f"\n{m['date']} · {m['cpus']} CPUs ({m['cpus_usable']} usable) · {m['cpu_model']} · "
        f"Python {m['python']} · {m['platform']} · revision {m['revision']}"
    )
    games = registry.all_games()
    if args.games:
        wanted = set(args.games.split(","))
        games = [g for g in games if g.id in wanted]
    print(f"games: {', '.join(g.id for g in games) or '(none)'}", flush=True)
    results["background_busy_before"] = background("before the run")

    contract_doc = Contract.load().doc
    inputs: dict[str, Inputs] = {}
    for game in games:
        got = guarded(f"{game.id}: inputs", partial(build_inputs, game))
        if got is not None:
            inputs[game.id] = got

    served: dict[str, Inputs] = {}
    for gid, i in inputs.items():
        if f"/v1/games/{gid}/apply" in contract_doc.get("paths", {}):
            served[gid] = i
        else:
            print(
                f"\n{gid}: openapi.yaml has no /v1/games/{gid}/apply, so the HTTP, request-path "
                "and validator sections skip it",
                flush=True,
            )

    in_reports: list[inprocess.GameReport] = []
    if "inprocess" in sections:
        t0, c0 = time.monotonic(), time.process_time()
        for game in games:
            in_report = guarded(
                f"{game.id}: in-process",
                partial(inprocess.bench_game, game, contract_doc, budget, args.random_games),
            )
            if in_report is not None:
                in_reports.append(in_report)
        print(inprocess.render(in_reports))
        print(section_footer(t0, c0))
        results["inprocess"] = inprocess.to_json(in_reports)

    http_reports: list[http_bench.GameHttp] = []
    settings = http_bench.HttpSettings(
        processes=args.processes,
        threads=args.threads,
        warmup_s=args.warmup,
        duration_s=args.duration,
        rounds=args.rounds,
        workers=args.workers,
    )
    if "http" in sections and served:
        t0, c0 = time.monotonic(), time.process_time()
        bodies = {gid: (i.body.json, i.body.legal_after) for gid, i in served.items()}
        for gid, i in served.items():
            print(
                f"\n{gid}: apply body = state at ply {i.body.position.ply} + one action; "
                f"the answer lists {i.body.legal_after} legal actions when they are included",
            )
        got_http = guarded("http", lambda: http_bench.run(bodies, settings))
        http_reports = got_http or []
        print(http_bench.render(http_reports, settings))
        print(section_footer(t0, c0, in_process=False))
        results["http"] = http_bench.to_json(http_reports)

    if "profile" in sections and served:
        t0, c0 = time.monotonic(), time.process_time()
        path_reports: list[request_path.PathReport] = []
        app = guarded("profile: create app", create_app)
        if app is not None:
            for gid, i in served.items():
                path_report = guarded(
                    f"{gid}: profile",
                    partial(
                        request_path.profile,
                        app,
                        i.game,
                        i.body.json,
                        args.profile_requests,
                        budget,
                    ),
                )
                if path_report is not None:
                    path_reports.append(path_report)
        print(request_path.render(path_reports))
        print(section_footer(t0, c0))
        results["request_path"] = request_path.to_json(path_reports)

    if "validators" in sections and served:
        t0, c0 = time.monotonic(), time.process_time()
        v_reports: list[validators.ValidatorReport] = []
        for gid, i in served.items():
            v_report = guarded(
                f"{gid}: validators", partial(validators.compare, gid, i.body.json, budget)
            )
            if v_report is not None:
                v_reports.append(v_report)
        print(validators.render(v_reports))
        print(section_footer(t0, c0))
        results["validators"] = validators.to_json(v_reports)

    print(targets(in_reports, http_reports))
    results["background_busy_after"] = background("after the run")
    elapsed = time.monotonic() - started
    print(f"\nTotal {elapsed:.0f} s." + (f" FAILED: {', '.join(failures)}" if failures else ""))
    results["elapsed_s"] = elapsed
    results["failures"] = failures
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", "utf-8")
        print(f"Numbers written to {args.json}")
    return 1 if failures else 0


def section_footer(t0: float, c0: float, in_process: bool = True) -> str:
    """How long a section took, and how much of that time this process had a core."""
    wall = time.monotonic() - t0
    if not in_process:
        return f"\n(section took {wall:.0f} s)"
    share = (time.process_time() - c0) / wall if wall > 0 else 0.0
    return (
        f"\n(section took {wall:.0f} s; this process was on a CPU {100 * share:.0f}% of it — "
        "well under 100% in an in-process section means other work took the core)"
    )


def background(when: str) -> float | None:
    """How busy the machine is with other work (1 s sample), printed with a warning if busy."""
    if not cpu.available():
        return None
    busy = cpu.busy_fraction(1.0)
    cores = os.cpu_count() or 1
    warn = "  ⚠ other work is running: numbers will be low and noisy" if busy > 0.1 else ""
    print(f"\nCPU busy {when}: {100 * busy:.0f}% of {cores} cores{warn}", flush=True)
    return busy


def build_inputs(game: AnyGame) -> Inputs:
    ref = playouts.play(game, playouts.REFERENCE_SEED, 0)
    positions = playouts.fixed_positions(game, ref)
    return Inputs(game, positions, playouts.apply_body(game, positions))


def targets(in_reports: list[inprocess.GameReport], http_reports: list[http_bench.GameHttp]) -> str:
    rows: list[list[Cell]] = []

    def verdict(ok: bool) -> str:
        return "met" if ok else "missed"

    for r in in_reports:
        if r.legal:
            worst = max(st.median_us for _, st in r.legal)
            rows.append(
                [
                    r.game,
                    "legal actions, median in-process (worst fixed position)",
                    f"≤ {LEGAL_TARGET_US:g} µs",
                    f"{worst:,.1f} µs",
                    verdict(worst <= LEGAL_TARGET_US),
                ]
            )
        if r.whole is not None:
            ms = r.whole.stats.median_ms
            rows.append(
                [
                    r.game,
                    "whole seeded random game, median",
                    f"≤ {GAME_TARGET_MS:g} ms",
                    f"{ms:,.2f} ms",
                    verdict(ms <= GAME_TARGET_MS),
                ]
            )
    for h in http_reports:
        frac = h.fraction
        if frac is not None:
            rows.append(
                [
                    h.game,
                    "apply ?include= req/s as a share of echo",
                    f"≥ {100 * http_bench.TARGET_FRACTION:.0f}%",
                    f"{100 * frac:.1f}%",
                    verdict(frac >= http_bench.TARGET_FRACTION),
                ]
            )
    if not rows:
        return ""
    return heading("Targets") + table(["game", "measure", "target", "result", "verdict"], rows)


if __name__ == "__main__":
    sys.exit(main())
