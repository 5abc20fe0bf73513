"""Section 2: the service over HTTP on loopback, against a Flask echo app as the ceiling."""

from __future__ import annotations

import http.client
import json
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from benchmarks import loadgen, servers
from benchmarks.tables import Cell, heading, table

REFEREE_APP = "service:create_app()"
ECHO_APP = "benchmarks.echo_app:create_app()"
TARGET_FRACTION = 0.5


@dataclass(frozen=True)
class HttpSettings:
    processes: int = 2
    threads: int = 2
    warmup_s: float = 0.5
    duration_s: float = 5.0
    """Measured seconds per scenario, split evenly over the rounds."""
    rounds: int = 3
    """Scenarios take turns ``rounds`` times, so a burst of other work hits all of them alike."""
    workers: int = 2


@dataclass
class GameHttp:
    game: str
    body_bytes: int
    legal_after: int
    results: dict[str, loadgen.LoadResult] = field(default_factory=dict)
    error: str = ""

    @property
    def fraction(self) -> float | None:
        echo, apply = self.results.get("echo"), self.results.get("apply ?include=")
        if echo is None or apply is None or echo.rps == 0:
            return None
        return apply.rps / echo.rps

    @property
    def fraction_cpu(self) -> float | None:
        """The same share computed from server CPU per request, which other load skews less."""
        echo, apply = self.results.get("echo"), self.results.get("apply ?include=")
        if echo is None or apply is None:
            return None
        if not echo.server_cpu_us_per_request or not apply.server_cpu_us_per_request:
            return None
        return echo.server_cpu_us_per_request / apply.server_cpu_us_per_request


def _check(server: servers.Server, sc: loadgen.Scenario) -> int:
    """One request before the load: the scenario must answer 200 with JSON; returns its size."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        conn.request(sc.method, sc.path, body=sc.body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    if resp.status != sc.expect_status:
        raise RuntimeError(f"{sc.name}: HTTP {resp.status}: {data[:300]!r}")
    json.loads(data)
    return len(data)


def run(bodies: dict[str, tuple[dict[str, Any], int]], settings: HttpSettings) -> list[GameHttp]:
    """``bodies``: game id -> (apply body, legal actions in its answer)."""
    out: list[GameHttp] = []
    with ExitStack() as stack:
        echo = stack.enter_context(servers.gunicorn("echo", ECHO_APP, settings.workers))
        referee = stack.enter_context(servers.gunicorn("referee", REFEREE_APP, settings.workers))
        for game_id, (body, legal_after) in bodies.items():
            raw = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
            apply = f"/v1/games/{game_id}/apply"
            plan: list[tuple[servers.Server, loadgen.Scenario]] = [
                (echo, loadgen.Scenario("echo", "/echo", raw)),
                (referee, loadgen.Scenario("apply ?include=", apply + "?include=", raw)),
                (
                    referee,
                    loadgen.Scenario(
                        "apply ?include=legal_actions", apply + "?include=legal_actions", raw
                    ),
                ),
            ]
            report = GameHttp(game_id, len(raw), legal_after)
            out.append(report)
            try:
                for server, sc in plan:
                    _check(server, sc)
            except (RuntimeError, OSError, ValueError) as err:
                report.error = f"{err}"[:300]
                continue
            rounds: dict[str, list[loadgen.LoadResult]] = {sc.name: [] for _, sc in plan}
            for _ in range(max(1, settings.rounds)):
                for server, sc in plan:
                    rounds[sc.name].append(
                        loadgen.run(
                            server.host,
                            server.port,
                            sc,
                            settings.processes,
                            settings.threads,
                            settings.warmup_s,
                            settings.duration_s / max(1, settings.rounds),
                            server.pid,
                        )
                    )
            report.results = {name: loadgen.merge(parts) for name, parts in rounds.items()}
    return out


def render(reports: list[GameHttp], settings: HttpSettings) -> str:
    out = [heading("2. Over HTTP (gunicorn, loopback)")]
    out.append(
        f"gunicorn --config service/gunicorn_conf.py, {settings.workers} sync workers per app, "
        f"127.0.0.1 only, access log off. Load: {settings.processes} processes × "
        f"{settings.threads} threads = {settings.processes * settings.threads} closed-loop "
        f"http.client connections; scenarios take turns in {settings.rounds} rounds of "
        f"{settings.warmup_s:g} s warm-up + {settings.duration_s / settings.rounds:.3g} s measured "
        f"({settings.duration_s:g} s measured per scenario in all), on the same "
        f"{loadgen.cores()} cores as the servers. "
        "CPU columns come from /proc over the measured window: server = gunicorn arbiter and "
        "workers, client = the load generator, other = everything else on the machine.\n"
    )
    rows: list[list[Cell]] = []
    for r in reports:
        for name, res in r.results.items():
            rows.append(
                [
                    r.game,
                    name,
                    r.body_bytes,
                    res.response_bytes,
                    res.requests,
                    res.rps,
                    " / ".join(f"{x:,.0f}" for x in res.round_rps),
                    res.p50_ms,
                    res.p99_ms,
                    res.errors,
                    res.connects,
                    res.server_cpu_us_per_request,
                    res.client_cpu_us_per_request,
                    res.server_cpu_cores,
                    res.client_cpu_cores,
                    res.other_cpu_cores,
                ]
            )
    out.append(
        table(
            [
                "game",
                "scenario",
                "body B",
                "answer B",
                "requests",
                "req/s",
                "req/s by round",
                "p50 ms",
                "p99 ms",
                "errors",
                "connections opened",
                "server CPU µs/req",
                "client CPU µs/req",
                "server cores",
                "client cores",
                "other cores",
            ],
            rows,
            digits=2,
        )
    )
    errors = [f"- {r.game}: not measured: {r.error}" for r in reports if r.error] + [
        f"- {r.game} / {name}: {res.first_error}"
        for r in reports
        for name, res in r.results.items()
        if res.first_error
    ]
    if errors:
        out.append("\nFirst error per scenario:\n" + "\n".join(errors))
    out.append(heading("apply without legal actions vs. the echo ceiling", 3))
    rows = []
    for r in reports:
        if r.error:
            continue
        echo = r.results.get("echo")
        frac = r.fraction
        frac_cpu = r.fraction_cpu
        rows.append(
            [
                r.game,
                r.results["apply ?include="].rps if "apply ?include=" in r.results else None,
                echo.rps if echo else None,
                None if frac is None else 100 * frac,
                None if frac_cpu is None else 100 * frac_cpu,
                f"≥ {100 * TARGET_FRACTION:.0f}%",
                "–" if frac is None else ("met" if frac >= TARGET_FRACTION else "missed"),
            ]
        )
    out.append(
        table(
            [
                "game",
                "apply ?include= req/s",
                "echo req/s",
                "% of echo",
                "% of echo by server CPU/req",
                "target",
                "verdict",
            ],
            rows,
        )
    )
    return "\n".join(out)


def to_json(reports: list[GameHttp]) -> list[dict[str, Any]]:
    return [
        {
            "game": r.game,
            "body_bytes": r.body_bytes,
            "legal_actions_in_answer": r.legal_after,
            "fraction_of_echo": r.fraction,
            "fraction_of_echo_by_server_cpu": r.fraction_cpu,
            "scenarios": {
                name: {
                    "requests": res.requests,
                    "rps": res.rps,
                    "round_rps": list(res.round_rps),
                    "p50_ms": res.p50_ms,
                    "p99_ms": res.p99_ms,
                    "errors": res.errors,
                    "connects": res.connects,
                    "response_bytes": res.response_bytes,
                    "server_cpu_us_per_request": res.server_cpu_us_per_request,
                    "client_cpu_us_per_request": res.client_cpu_us_per_request,
                    "server_cpu_cores": res.server_cpu_cores,
                    "client_cpu_cores": res.client_cpu_cores,
                    "other_cpu_cores": res.other_cpu_cores,
                }
                for name, res in r.results.items()
            },
        }
        for r in reports
    ]
