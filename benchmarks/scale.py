"""Scale: requests per server CPU-second with 1 and with 2 workers, and memory per worker.

On 2 cores the load generator shares the CPU with the server, so requests per second cannot
double with a second worker; requests per CPU-second of the server can stay level, and a drop
would show serialisation inside the service (a lock, a shared cache thrashing).
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks import proc, servers, wrk
from benchmarks.inprocess import Check
from benchmarks.load import REFEREE_APP

LEVEL = 0.9
"""Target: with 2 workers, at least this share of 1 worker's requests per server CPU-second."""


@dataclass(frozen=True)
class ScaleReport:
    per_cpu_s: dict[int, float]
    """Workers -> requests per server CPU-second."""
    rps: dict[int, float]
    requests: int
    """Requests the 2-worker server had answered when its memory was read at the end."""
    memory_start: list[proc.Memory]
    memory_end: list[proc.Memory]
    other_cores: float

    @property
    def check(self) -> Check:
        ratio = self.per_cpu_s[2] / self.per_cpu_s[1]
        return Check(
            "all",
            "requests per server CPU-second, 2 workers / 1 worker",
            ratio,
            LEVEL,
            "×",
            at_least=True,
        )


def run(scenarios: list[wrk.Scenario], rounds: int, seconds: float, requests: int) -> ScaleReport:
    """Rounds of every scenario on a 1-worker and a 2-worker server in turn; then the 2-worker
    server alone until it has answered ``requests``; its workers' memory after the first round
    and at the end."""
    # Workers are not recycled here, so the memory read at the end is after every request.
    keep = {"MAX_REQUESTS": "0"}
    with (
        servers.gunicorn("one", REFEREE_APP, 1, keep) as one,
        servers.gunicorn("two", REFEREE_APP, 2, keep) as two,
    ):
        for sc in scenarios:
            servers.check(one, sc.path, sc.body)
            servers.check(two, sc.path, sc.body)
        runs: dict[int, list[wrk.Run]] = {1: [], 2: []}
        start: list[proc.Memory] = []
        for _ in range(rounds):
            for sc in scenarios:
                runs[1].append(wrk.run(one, sc, seconds))
                runs[2].append(wrk.run(two, sc, seconds))
            # Memory at start: after one round, once each worker has served every scenario.
            start = start or [proc.memory(pid) for pid in proc.children_of(two.pid)]
        served = sum(r.requests for r in runs[2])
        while served < requests:
            for sc in scenarios:
                got = wrk.run(two, sc, 10)
                runs[2].append(got)
                served += got.requests
        end = [proc.memory(pid) for pid in proc.children_of(two.pid)]
    merged = {w: wrk.Merged(tuple(r)) for w, r in runs.items()}
    paired = wrk.Merged(tuple(runs[2][: len(runs[1])]))
    return ScaleReport(
        per_cpu_s={1: 1e6 / merged[1].server_us_per_request, 2: 1e6 / paired.server_us_per_request},
        rps={1: merged[1].rps, 2: paired.rps},
        requests=served + 2 * len(scenarios),
        memory_start=start,
        memory_end=end,
        other_cores=merged[2].other_cores,
    )
