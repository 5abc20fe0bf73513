"""Over HTTP (section ``http``): gunicorn with the service's config loaded by wrk, against the
echo ceiling (``benchmarks.echo_app``) sent each game's ``apply`` body. Every scenario takes its
turn once a round, so a burst of other work on the machine hits them all alike."""

from __future__ import annotations

import json
import os
from contextlib import ExitStack
from dataclasses import dataclass

from benchmarks import servers, wrk
from benchmarks.games import REFERENCE_SEED, bodies, entry, play
from benchmarks.tables import Cell, Check, table
from engines.registry import AnyGame

SHARE_OF_ECHO = 0.60
"""Target: ``apply?include=`` reaches this share of the echo app's requests per second."""
HEAVY, HEAVY_COST = 200, 1.5
"""Target: an answer of ``HEAVY`` legal actions or more costs at most ``HEAVY_COST`` times the
server CPU of ``apply?include=``."""
LEAN = "apply ?include="
WORKERS = 2
HEADERS = [
    "game", "scenario", "answer B", "legal actions", "req/s", "req/s by round", "p50 ms", "p99 ms",
    "errors", "server CPU µs/req", "wrk CPU µs/req", "other cores",
]  # fmt: skip


@dataclass(frozen=True)
class Planned:
    game: str
    scenario: wrk.Scenario
    app: str
    legal_actions: int = 0
    """Entries of the answer's ``legal_actions``."""


def plan(game: AnyGame) -> list[Planned]:
    e = entry(game.id)
    playout = play(game, e.players, REFERENCE_SEED, 0)
    b = bodies(game, playout)
    base, raw, referee = f"/v1/games/{game.id}/", _raw(b.apply), servers.REFEREE_APP
    scenarios = [
        ("echo", "/echo", raw, servers.ECHO_APP, 0),
        (LEAN, f"{base}apply?include=", raw, referee, 0),
        (f"{LEAN}legal_actions", f"{base}apply?include=legal_actions", raw, referee, b.legal_after),
        ("legal-actions", f"{base}legal-actions", _raw(b.busiest), referee, b.legal_busiest),
    ]
    if e.position is not None:
        body = _raw({"position": e.position(game.encode_state(playout.states[-1]))})
        scenarios.append(("score a position", f"{base}score", body, referee, 0))
    return [Planned(game.id, wrk.Scenario(*s[:3]), s[3], s[4]) for s in scenarios]


def _raw(body: object) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def run(games: list[AnyGame], rounds: int, seconds: float) -> tuple[str, list[Check]]:
    """Every scenario of every game ``rounds`` times; the table and the targets."""
    plans = [p for game in games for p in plan(game)]
    runs: list[list[wrk.Run]] = [[] for _ in plans]
    with ExitStack() as stack:
        up = {
            app: stack.enter_context(servers.gunicorn(name, app, WORKERS))
            for name, app in (("echo", servers.ECHO_APP), ("referee", servers.REFEREE_APP))
        }
        for p in plans:
            servers.post(up[p.app], p.scenario.path, p.scenario.body)
        for _ in range(rounds):
            for p, out in zip(plans, runs, strict=True):
                out.append(wrk.run(up[p.app], p.scenario, seconds))
    note = (
        f"wrk -t{wrk.THREADS} -c{wrk.CONNECTIONS}, {rounds} rounds of {seconds} s per scenario, "
        "scenarios interleaved; gunicorn with service/gunicorn_conf.py and its defaults (worker "
        f"class {os.environ.get('WORKER_CLASS', 'default')}), {WORKERS} workers per app, request "
        f"logs off, on the same {wrk.CORES} cores as wrk. Server CPU: the gunicorn process "
        "group, from /proc; other cores: machine busy minus server minus wrk.\n\n"
    )
    rows = [_row(p, r) for p, r in zip(plans, runs, strict=True)]
    return note + table(HEADERS, rows, digits=2), checks(plans, [wrk.merged(r) for r in runs])


def _row(p: Planned, rounds: list[wrk.Run]) -> list[Cell]:
    r = wrk.merged(rounds)
    by_round = " / ".join(f"{x.rps:,.0f}" for x in rounds)
    return [
        p.game, p.scenario.name, r.response_bytes, p.legal_actions, r.rps, by_round, r.p50_ms,
        r.p99_ms, r.errors, r.server_us_per_request, r.client_us_per_request, r.other_cores,
    ]  # fmt: skip


def checks(plans: list[Planned], merged: list[wrk.Run]) -> list[Check]:
    out: list[Check] = []
    by = {(p.game, p.scenario.name): r for p, r in zip(plans, merged, strict=True)}
    for game in dict.fromkeys(p.game for p in plans):
        echo, lean = by[(game, "echo")], by[(game, LEAN)]  # every game's plan has both
        share, target = 100 * lean.rps / echo.rps, f"{LEAN} req/s, share of echo"
        out.append(Check(game, target, share, 100 * SHARE_OF_ECHO, "%", at_least=True))
        for p, r in zip(plans, merged, strict=True):
            if p.game == game and p.legal_actions >= HEAVY:
                target = f"{p.scenario.name} ({p.legal_actions} entries), server CPU / {LEAN}"
                cost = r.server_us_per_request / lean.server_us_per_request
                out.append(Check(game, target, cost, HEAVY_COST, "×"))
    return out
