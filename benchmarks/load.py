"""Over HTTP: gunicorn with the service's config, loaded by wrk, against the echo ceiling.

Every scenario of every game takes its turn once per round, so a burst of other work on the
machine hits them all alike; the echo app (the framework's ceiling) runs in the same rounds
with each game's ``apply`` body.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from dataclasses import dataclass

from benchmarks import inputs, servers, wrk
from benchmarks.games import Entry
from benchmarks.inprocess import Check
from engines.registry import AnyGame

REFEREE_APP = "service:create_app()"
ECHO_APP = "benchmarks.echo_app:create_app()"
SHARE_OF_ECHO = 0.60
"""Target: ``apply?include=`` reaches this share of the echo app's requests per second."""
HEAVY = 200
"""An answer with this many legal actions or more is held to :data:`HEAVY_COST`."""
HEAVY_COST = 1.5
"""Target: such an answer costs at most this many times the server CPU of ``apply?include=``."""
LEAN = "apply ?include="


@dataclass(frozen=True)
class Planned:
    game: str
    scenario: wrk.Scenario
    server: str
    """``echo`` or ``referee``."""
    legal_actions: int = 0
    """Legal actions in the answer."""


def plan(game: AnyGame, entry: Entry) -> list[Planned]:
    playout = inputs.play(game, entry.players, inputs.REFERENCE_SEED, 0)
    b = inputs.bodies(game, playout)
    raw = _raw(b.apply)
    base = f"/v1/games/{game.id}"
    out = [
        Planned(game.id, wrk.Scenario("echo", "/echo", raw), "echo"),
        Planned(game.id, wrk.Scenario(LEAN, f"{base}/apply?include=", raw), "referee"),
        Planned(
            game.id,
            wrk.Scenario(
                "apply ?include=legal_actions", f"{base}/apply?include=legal_actions", raw
            ),
            "referee",
            b.legal_after,
        ),
        Planned(
            game.id,
            wrk.Scenario("legal-actions", f"{base}/legal-actions", _raw(b.busiest)),
            "referee",
            b.legal_busiest,
        ),
    ]
    if entry.position is not None:
        position = entry.position(game.encode_state(playout.states[-1]))
        body = _raw({"position": position})
        out.append(
            Planned(game.id, wrk.Scenario("score a position", f"{base}/score", body), "referee")
        )
    return out


def _raw(body: object) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass(frozen=True)
class Measured:
    planned: Planned
    merged: wrk.Merged


def run(plans: list[Planned], rounds: int, seconds: float, workers: int) -> list[Measured]:
    with ExitStack() as stack:
        up = {
            "echo": stack.enter_context(servers.gunicorn("echo", ECHO_APP, workers)),
            "referee": stack.enter_context(servers.gunicorn("referee", REFEREE_APP, workers)),
        }
        for p in plans:
            servers.check(up[p.server], p.scenario.path, p.scenario.body)
        runs: list[list[wrk.Run]] = [[] for _ in plans]
        for _ in range(rounds):
            for p, out in zip(plans, runs, strict=True):
                out.append(wrk.run(up[p.server], p.scenario, seconds))
    return [Measured(p, wrk.Merged(tuple(r))) for p, r in zip(plans, runs, strict=True)]


def checks(measured: list[Measured]) -> list[Check]:
    out: list[Check] = []
    by = {(m.planned.game, m.planned.scenario.name): m for m in measured}
    for game in dict.fromkeys(m.planned.game for m in measured):
        echo, lean = by.get((game, "echo")), by.get((game, LEAN))
        if echo is None or lean is None:
            continue
        out.append(
            Check(
                game,
                "apply ?include= req/s, share of echo",
                100 * lean.merged.rps / echo.merged.rps,
                100 * SHARE_OF_ECHO,
                "%",
                at_least=True,
            )
        )
        for m in measured:
            if m.planned.game == game and m.planned.legal_actions >= HEAVY:
                cost = m.merged.server_us_per_request / lean.merged.server_us_per_request
                out.append(
                    Check(
                        game,
                        f"{m.planned.scenario.name} ({m.planned.legal_actions} actions), "
                        "server CPU / apply ?include=",
                        cost,
                        HEAVY_COST,
                        "×",
                    )
                )
    return out
