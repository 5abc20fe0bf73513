"""``python -m tests.load.slow_clients``: idle and slow clients against each server candidate.

For each candidate, gunicorn starts with the repository's config (``service/gunicorn_conf.py``)
plus the candidate's settings; then, in rounds, wrk loads ``apply`` at saturation while a second
wrk probes ``/healthz`` at a steady pace, first undisturbed and then while ``--idle`` connections
send nothing (reconnecting whenever the server drops one) and ``--slow`` clients send an ``apply``
request one byte every ``--byte-interval`` seconds. Targets (issue 6): ``/healthz`` p99 at most
100 ms, ``apply`` throughput at least 80 % of the undisturbed figure of the same run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import selectors
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field

from benchmarks import games, servers, wrk
from benchmarks.tables import Cell, heading, table
from engines import registry
from tests.load import nginx

HEALTHZ_P99_MS = 100.0
APPLY_SHARE = 0.80
HEALTHZ_CONNECTIONS = 2
HEALTHZ_PAUSE_MS = 10
"""Each probe connection sends a ``/healthz`` every 10 ms or so: a steady probe, not load."""


@dataclass(frozen=True)
class Candidate:
    name: str
    env: dict[str, str] = field(default_factory=dict)
    proxy: bool = False


CANDIDATES = {
    "gthread": Candidate("gthread, 32 threads, 5 s first-byte wait", {"FIRST_BYTE_WAIT": "5"}),
    "gthread-short-wait": Candidate(
        "gthread, 32 threads, 0.1 s first-byte wait", {"FIRST_BYTE_WAIT": "0.1"}
    ),
    "gthread-128": Candidate(
        "gthread, 128 threads, 5 s first-byte wait",
        {"WORKER_THREADS": "128", "FIRST_BYTE_WAIT": "5"},
    ),
    "nginx-short-wait": Candidate(
        "nginx in front of gthread, 32 threads, 0.1 s first-byte wait",
        {"FIRST_BYTE_WAIT": "0.1"},
        proxy=True,
    ),
    "nginx": Candidate(
        "nginx in front of gthread, 32 threads, 5 s first-byte wait",
        {"FIRST_BYTE_WAIT": "5"},
        proxy=True,
    ),
}


def apply_body(game_id: str) -> bytes:
    """An ``apply`` body from the middle of the reference game."""
    game = registry.get(game_id)
    playout = games.play(game, 2, games.REFERENCE_SEED, 0)
    ply = playout.plies // 2
    state = playout.states[ply]
    body = {
        "state": game.encode_state(state),
        "action": game.encode_action(state, playout.legal[ply][0]),
    }
    return json.dumps(body, separators=(",", ":")).encode()


def _connect(host: str, port: int) -> socket.socket | None:
    try:
        return socket.create_connection((host, port), timeout=5)
    except OSError:
        return None


@dataclass
class Attack:
    """Counts of what the attackers saw: connections the server dropped, and reconnections."""

    dropped: int = 0
    connected: int = 0


def _idle(host: str, port: int, count: int, stop: threading.Event, seen: Attack) -> None:
    """``count`` connections that never send a byte; one the server drops is opened again."""
    sel = selectors.DefaultSelector()

    def open_one() -> None:
        sock = _connect(host, port)
        if sock is not None:
            sock.setblocking(False)
            sel.register(sock, selectors.EVENT_READ)
            seen.connected += 1

    for _ in range(count):
        open_one()
    while not stop.is_set():
        for key, _ in sel.select(0.1):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            if not data:
                sel.unregister(sock)
                sock.close()
                seen.dropped += 1
                open_one()
        while len(sel.get_map()) < count and not stop.is_set():
            open_one()
    for key in list(sel.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]
    sel.close()


def _slow(
    host: str,
    port: int,
    count: int,
    request: bytes,
    interval: float,
    stop: threading.Event,
    seen: Attack,
) -> None:
    """``count`` clients sending ``request`` one byte every ``interval`` seconds."""
    socks: list[tuple[socket.socket | None, int]] = [(None, 0)] * count
    while not stop.is_set():
        for i, (sock, sent) in enumerate(socks):
            if sock is None or sent >= len(request):
                if sock is not None:
                    sock.close()
                sock, sent = _connect(host, port), 0
                seen.connected += sock is not None
            if sock is None:
                continue
            try:
                sock.sendall(request[sent : sent + 1])
                socks[i] = (sock, sent + 1)
            except OSError:
                sock.close()
                seen.dropped += 1
                socks[i] = (None, 0)
        stop.wait(interval)
    for sock, _ in socks:
        if sock is not None:
            sock.close()


@contextmanager
def attack(
    server: servers.Server, idle: int, slow: int, body: bytes, path: str, interval: float
) -> Iterator[Attack]:
    request = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    stop, seen = threading.Event(), Attack()
    threads = [
        threading.Thread(target=_idle, args=(server.host, server.port, idle, stop, seen)),
        threading.Thread(
            target=_slow, args=(server.host, server.port, slow, request, interval, stop, seen)
        ),
    ]
    for t in threads:
        t.start()
    try:
        yield seen
    finally:
        stop.set()
        for t in threads:
            t.join()


@dataclass(frozen=True)
class Phase:
    apply: wrk.Run
    healthz: wrk.Run


def measure(
    server: servers.Server,
    path: str,
    body: bytes,
    seconds: int,
    conns: int = wrk.CONNECTIONS,
    pause_ms: int = 0,
) -> Phase:
    """wrk on ``apply`` (at saturation unless each of ``conns`` pauses ``pause_ms``) and wrk
    probing ``/healthz``, at the same time."""
    out: dict[str, wrk.Run] = {}
    load = wrk.Scenario("apply", path, body, delay_ms=pause_ms)
    probe = wrk.Scenario("healthz", "/healthz", b"", method="GET", delay_ms=HEALTHZ_PAUSE_MS)

    def go(name: str, sc: wrk.Scenario, conns: int) -> None:
        out[name] = wrk.run(server, sc, seconds, conns)

    threads = [
        threading.Thread(target=go, args=("apply", load, conns)),
        threading.Thread(target=go, args=("healthz", probe, HEALTHZ_CONNECTIONS)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return Phase(out["apply"], out["healthz"])


@dataclass(frozen=True)
class Result:
    candidate: Candidate
    quiet: list[Phase]
    attacked: list[Phase]
    seen: Attack

    @staticmethod
    def _rps(phases: list[Phase]) -> float:
        return sum(p.apply.requests for p in phases) / sum(p.apply.seconds for p in phases)

    @property
    def share(self) -> float:
        return self._rps(self.attacked) / self._rps(self.quiet)

    def p99(self, phases: list[Phase]) -> float:
        """The worst round's p99; a probe that got no answer at all counts as unbounded (wrk
        records the latency of answered requests only)."""
        if any(p.healthz.requests == 0 for p in phases):
            return float("inf")
        return max(p.healthz.p99_ms for p in phases)

    @staticmethod
    def probes(phases: list[Phase]) -> int:
        return sum(p.healthz.requests for p in phases)

    def errors(self, phases: list[Phase]) -> int:
        return sum(p.apply.errors + p.healthz.errors for p in phases)

    @property
    def met(self) -> bool:
        return (
            self.p99(self.attacked) <= HEALTHZ_P99_MS
            and self.share >= APPLY_SHARE
            and self.errors(self.attacked) == 0
        )


def run_candidate(c: Candidate, args: argparse.Namespace, body: bytes) -> Result:
    path = f"/v1/games/{args.game}/apply"
    quiet: list[Phase] = []
    attacked: list[Phase] = []
    seen = Attack()
    with ExitStack() as stack:
        server = stack.enter_context(
            servers.gunicorn(c.name, "service:create_app()", args.workers, c.env)
        )
        if c.proxy:
            server = stack.enter_context(nginx.proxy([server]))
        servers.post(server, path, body)
        for _ in range(args.rounds):
            quiet.append(measure(server, path, body, args.seconds))
            with attack(server, args.idle, args.slow, body, path, args.byte_interval) as s:
                time.sleep(args.settle)  # every idle connection opened and held
                attacked.append(measure(server, path, body, args.seconds))
            seen.dropped += s.dropped
            seen.connected += s.connected
    return Result(c, quiet, attacked, seen)


DEPLOYED_IDLE = 200
DEPLOYED_SLOW = 64
DEPLOYED_BYTE_INTERVAL = 5.0
NORMAL_CONNECTIONS = 4
NORMAL_PAUSE_MS = 100
"""Normal clients: 4 connections, each sending an ``apply`` and pausing 100 ms (about 40 a
second): ordinary traffic, not saturation, so the ``/healthz`` p99 is the attack's."""


@dataclass(frozen=True)
class Deployed:
    """The production deployment under attack: the probe, the normal requests, the attackers."""

    phase: Phase
    seen: Attack
    proxy: bool

    @property
    def met(self) -> bool:
        """``/healthz`` p99 at most 100 ms, and every normal ``apply`` and probe answered 2xx."""
        h, a = self.phase.healthz, self.phase.apply
        return (
            h.requests > 0
            and a.requests > 0
            and h.p99_ms <= HEALTHZ_P99_MS
            and (h.errors + a.errors == 0)
        )


def deployed(seconds: int, workers: int = 2, proxy: bool = True) -> Deployed:
    """gunicorn with the repository's config behind nginx with ``deploy/nginx.conf`` (the pod of
    ``deploy/deployment.yaml``; without ``proxy``, gunicorn alone), while 200 connections send
    nothing and 64 clients send an ``apply`` one byte every 5 s (each one the server drops is
    opened again at once)."""
    path, body = "/v1/games/patchwork/apply", apply_body("patchwork")
    with ExitStack() as stack:
        front = stack.enter_context(servers.gunicorn("deployed", "service:create_app()", workers))
        if proxy:
            front = stack.enter_context(nginx.proxy([front]))
        servers.post(front, path, body)
        interval = DEPLOYED_BYTE_INTERVAL
        with attack(front, DEPLOYED_IDLE, DEPLOYED_SLOW, body, path, interval) as seen:
            time.sleep(interval + 1)  # every attacker connected and trickling
            phase = measure(front, path, body, seconds, NORMAL_CONNECTIONS, NORMAL_PAUSE_MS)
    return Deployed(phase, seen, proxy)


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m tests.load.slow_clients", description=__doc__)
    ap.add_argument("--candidates", default=",".join(CANDIDATES), help=", ".join(CANDIDATES))
    ap.add_argument("--game", default="patchwork")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--idle", type=int, default=100)
    ap.add_argument("--slow", type=int, default=20)
    ap.add_argument("--byte-interval", type=float, default=0.5)
    ap.add_argument("--seconds", type=int, default=10, help="wrk seconds per phase")
    ap.add_argument("--rounds", type=int, default=2, help="quiet/attacked pairs per candidate")
    ap.add_argument("--settle", type=float, default=2.0, help="seconds before measuring")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    body = apply_body(args.game)
    print(
        f"# Slow and idle clients\n\n{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC · "
        f"{wrk.CORES} cores · machine busy before: {wrk.busy_cores():.2f} cores · "
        f"{args.workers} workers · {args.idle} idle + {args.slow} slow clients "
        f"(1 byte / {args.byte_interval} s) · {args.rounds} × {args.seconds} s per phase",
        flush=True,
    )
    results = []
    for key in args.candidates.split(","):
        results.append(run_candidate(CANDIDATES[key], args, body))
        r = results[-1]
        print(f"{key}: done ({r.share:.0%} of quiet apply)", file=sys.stderr, flush=True)
    rows: list[list[Cell]] = []
    for r in results:
        quiet_rps = Result._rps(r.quiet)
        rows.append(
            [
                r.candidate.name,
                quiet_rps,
                Result._rps(r.attacked),
                100 * r.share,
                r.p99(r.quiet),
                r.p99(r.attacked),
                Result.probes(r.quiet),
                Result.probes(r.attacked),
                r.errors(r.attacked),
                r.seen.dropped,
                max(p.apply.other_cores for p in r.quiet + r.attacked),
                "met" if r.met else "missed",
            ]
        )
    print(heading(f"`{args.game}` apply and /healthz, quiet and under attack"))
    print(
        table(
            [
                "candidate",
                "apply req/s quiet",
                "apply req/s attacked",
                "share %",
                "healthz p99 ms quiet",
                "healthz p99 ms attacked",
                "healthz answers quiet",
                "healthz answers attacked",
                "errors attacked",
                "attack conns dropped",
                "other work, cores (max)",
                "targets",
            ],
            rows,
        ),
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
