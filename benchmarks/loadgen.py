"""A small closed-loop HTTP load generator: a few processes, a few threads each, ``http.client``.

Each thread owns one ``HTTPConnection`` and sends the next request as soon as the last answer is
read. Connections are HTTP/1.1 keep-alive on the client side, but gunicorn's *sync* workers close
every connection after one response, so ``http.client`` reconnects for each request; the count
of connections opened is reported, and echo and the referee pay the same cost.

Its own overhead is measured, not guessed: the CPU time of the load-generator processes during
the measured window, per request. On a small machine it shares the cores with the server, so the
requests per second it reports are a lower bound for the server alone.
"""

from __future__ import annotations

import http.client
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchmarks import cpu
from benchmarks.stats import percentile

MAX_REQUESTS_PER_THREAD = 100_000
START_DELAY_S = 0.3
"""Time for the worker processes to start before the clock starts."""


@dataclass(frozen=True)
class Scenario:
    name: str
    path: str
    body: bytes
    method: str = "POST"
    expect_status: int = 200


@dataclass(frozen=True)
class Plan:
    host: str
    port: int
    scenario: Scenario
    threads: int
    start_ns: int
    measure_ns: int
    """When warm-up ends and recording starts (``time.monotonic_ns``)."""
    end_ns: int


@dataclass
class _ThreadResult:
    latencies_ns: list[int]
    errors: int = 0
    connects: int = 0
    response_bytes: int = 0
    first_error: str = ""


@dataclass(frozen=True)
class ProcessResult:
    latencies_ns: list[int]
    errors: int
    connects: int
    response_bytes: int
    cpu_s: float
    first_error: str


@dataclass(frozen=True)
class LoadResult:
    """One scenario's measured window(s); several rounds merge into one result."""

    scenario: str
    connections: int
    seconds: float
    latencies_ns: list[int] = field(repr=False)
    errors: int
    connects: int
    response_bytes: int
    client_cpu_s: float
    server_cpu_s: float | None
    other_cpu_s: float | None
    """CPU-seconds of everything else on the machine (neither server nor load generator)."""
    first_error: str
    round_rps: tuple[float, ...]

    @property
    def requests(self) -> int:
        return len(self.latencies_ns)

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    @property
    def p50_ms(self) -> float:
        return percentile(self.latencies_ns, 50) / 1e6

    @property
    def p99_ms(self) -> float:
        return percentile(self.latencies_ns, 99) / 1e6

    @property
    def client_cpu_us_per_request(self) -> float:
        return self.client_cpu_s / max(self.requests, 1) * 1e6

    @property
    def client_cpu_cores(self) -> float:
        return self.client_cpu_s / self.seconds

    @property
    def server_cpu_us_per_request(self) -> float | None:
        if self.server_cpu_s is None:
            return None
        return self.server_cpu_s / max(self.requests, 1) * 1e6

    @property
    def server_cpu_cores(self) -> float | None:
        return None if self.server_cpu_s is None else self.server_cpu_s / self.seconds

    @property
    def other_cpu_cores(self) -> float | None:
        return None if self.other_cpu_s is None else self.other_cpu_s / self.seconds


def merge(parts: list[LoadResult]) -> LoadResult:
    """Rounds of the same scenario as one result (latencies pooled, CPU summed)."""

    def total(values: list[float | None]) -> float | None:
        return None if any(v is None for v in values) else sum(v or 0.0 for v in values)

    return LoadResult(
        scenario=parts[0].scenario,
        connections=parts[0].connections,
        seconds=sum(p.seconds for p in parts),
        latencies_ns=[x for p in parts for x in p.latencies_ns],
        errors=sum(p.errors for p in parts),
        connects=sum(p.connects for p in parts),
        response_bytes=max(p.response_bytes for p in parts),
        client_cpu_s=sum(p.client_cpu_s for p in parts),
        server_cpu_s=total([p.server_cpu_s for p in parts]),
        other_cpu_s=total([p.other_cpu_s for p in parts]),
        first_error=next((p.first_error for p in parts if p.first_error), ""),
        round_rps=tuple(r for p in parts for r in p.round_rps),
    )


def _sleep_until(t_ns: int) -> None:
    while (left := t_ns - time.monotonic_ns()) > 0:
        time.sleep(min(left / 1e9, 0.05))


def _thread(plan: Plan, out: _ThreadResult) -> None:
    sc = plan.scenario
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    conn = http.client.HTTPConnection(plan.host, plan.port, timeout=10)
    clock = time.monotonic_ns
    _sleep_until(plan.start_ns)
    sent = 0
    try:
        while sent < MAX_REQUESTS_PER_THREAD:
            t0 = clock()
            if t0 >= plan.end_ns:
                break
            sent += 1
            if conn.sock is None and t0 >= plan.measure_ns:
                out.connects += 1
            try:
                conn.request(sc.method, sc.path, body=sc.body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                ok = resp.status == sc.expect_status
                if not ok and not out.first_error:
                    out.first_error = f"HTTP {resp.status}: {data[:200]!r}"
            except (OSError, http.client.HTTPException) as err:
                conn.close()
                ok = False
                data = b""
                if not out.first_error:
                    out.first_error = repr(err)
            t1 = clock()
            if t0 >= plan.measure_ns:
                if ok:
                    out.latencies_ns.append(t1 - t0)
                    out.response_bytes = len(data)
                else:
                    out.errors += 1
    finally:
        conn.close()


def _process(plan: Plan) -> ProcessResult:
    results = [_ThreadResult([]) for _ in range(plan.threads)]
    threads = [threading.Thread(target=_thread, args=(plan, r), daemon=True) for r in results]
    for t in threads:
        t.start()
    _sleep_until(plan.measure_ns)
    cpu0 = time.process_time()
    _sleep_until(plan.end_ns)
    cpu1 = time.process_time()
    for t in threads:
        t.join(timeout=15)
    return ProcessResult(
        latencies_ns=[x for r in results for x in r.latencies_ns],
        errors=sum(r.errors for r in results),
        connects=sum(r.connects for r in results),
        response_bytes=max((r.response_bytes for r in results), default=0),
        cpu_s=cpu1 - cpu0,
        first_error=next((r.first_error for r in results if r.first_error), ""),
    )


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run(
    host: str,
    port: int,
    scenario: Scenario,
    processes: int,
    threads: int,
    warmup_s: float,
    duration_s: float,
    server_pid: int | None = None,
) -> LoadResult:
    """Drive ``scenario`` with ``processes × threads`` connections for warm-up + duration.

    With ``server_pid`` (and ``/proc``), the CPU of the server's process tree and of the whole
    machine are read at the start and end of the measured window.
    """
    start = time.monotonic_ns() + int(START_DELAY_S * 1e9)
    measure = start + int(warmup_s * 1e9)
    end = measure + int(duration_s * 1e9)
    plan = Plan(host, port, scenario, threads, start, measure, end)
    probe = server_pid is not None and cpu.available()
    with ProcessPoolExecutor(max_workers=processes, mp_context=_context()) as pool:
        futures = [pool.submit(_process, plan) for _ in range(processes)]
        _sleep_until(measure)
        if probe:
            assert server_pid is not None
            server0, machine0 = cpu.tree_seconds(server_pid), cpu.machine()
        _sleep_until(end)
        if probe:
            assert server_pid is not None
            server1, machine1 = cpu.tree_seconds(server_pid), cpu.machine()
        parts = [f.result() for f in futures]
    latencies = [x for p in parts for x in p.latencies_ns]
    client = sum(p.cpu_s for p in parts)
    server_s = other_s = None
    if probe:
        server_s = server1 - server0
        other_s = max(0.0, (machine1.busy_s - machine0.busy_s) - server_s - client)
    return LoadResult(
        scenario=scenario.name,
        connections=processes * threads,
        seconds=duration_s,
        latencies_ns=latencies,
        errors=sum(p.errors for p in parts),
        connects=sum(p.connects for p in parts),
        response_bytes=max((p.response_bytes for p in parts), default=0),
        client_cpu_s=client,
        server_cpu_s=server_s,
        other_cpu_s=other_s,
        first_error=next((p.first_error for p in parts if p.first_error), ""),
        round_rps=(len(latencies) / duration_s,),
    )


def cores() -> int:
    return os.cpu_count() or 1
