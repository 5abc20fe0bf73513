"""HTTP load with wrk (Debian package ``wrk``), and the CPU every side used meanwhile.

Each run is one scenario (one request, sent again and again) for whole seconds. The machine is
shared, so every figure carries the CPU of the server (its process group, from ``/proc``), of wrk
(this process's reaped children) and of everything else (what is left of ``/proc/stat``).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.servers import Server

PROC = Path("/proc")
HZ = os.sysconf("SC_CLK_TCK")
CORES = len(os.sched_getaffinity(0))

THREADS = 2
CONNECTIONS = 16
MARK = "WRK_RESULT "

# wrk runs this script in each of its threads; ``done`` prints one JSON line to parse. A GET sends
# no body; ``WRK_DELAY_MS`` makes each connection pause between requests (a probe, not load).
SCRIPT = """
wrk.method = os.getenv("WRK_METHOD") or "POST"
if wrk.method == "POST" then
  wrk.headers["Content-Type"] = "application/json"
  local f = assert(io.open(os.getenv("WRK_BODY"), "rb"))
  wrk.body = f:read("*a")
  f:close()
end
local pause = tonumber(os.getenv("WRK_DELAY_MS") or "0")
if pause > 0 then
  delay = function() return pause end
end
done = function(s, latency, requests)
  io.write(string.format(
    '%s{"requests":%d,"duration_us":%d,"bytes":%d,"errors":%d,"non_2xx":%d,'
    .. '"p50_us":%d,"p99_us":%d}\\n',
    os.getenv("WRK_MARK"), s.requests, s.duration, s.bytes,
    s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout, s.errors.status,
    latency:percentile(50), latency:percentile(99)))
end
"""


@dataclass(frozen=True)
class Scenario:
    name: str
    path: str
    body: bytes
    method: str = "POST"
    delay_ms: int = 0
    """Pause of each connection between two requests (0: as fast as the server answers)."""


@dataclass(frozen=True)
class Run:
    requests: int
    seconds: float
    errors: int
    """Connection errors, timeouts and non-2xx answers."""
    response_bytes: int
    p50_ms: float
    p99_ms: float
    server_cpu_s: float
    client_cpu_s: float
    machine_busy_s: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def server_us_per_request(self) -> float:
        return 1e6 * self.server_cpu_s / max(1, self.requests)

    @property
    def client_us_per_request(self) -> float:
        return 1e6 * self.client_cpu_s / max(1, self.requests)

    @property
    def other_cores(self) -> float:
        """Cores' worth of work that was neither the server nor wrk (other people's jobs)."""
        other = self.machine_busy_s - self.server_cpu_s - self.client_cpu_s
        return max(0.0, other) / self.seconds if self.seconds else 0.0


def merged(rounds: list[Run]) -> Run:
    """Rounds of one scenario as one run: the sums, the median p50 and the largest p99."""
    return Run(
        sum(r.requests for r in rounds),
        sum(r.seconds for r in rounds),
        sum(r.errors for r in rounds),
        rounds[0].response_bytes,
        statistics.median_high(r.p50_ms for r in rounds),
        max(r.p99_ms for r in rounds),
        sum(r.server_cpu_s for r in rounds),
        sum(r.client_cpu_s for r in rounds),
        sum(r.machine_busy_s for r in rounds),
    )


def busy_s() -> float:
    """CPU-seconds of the whole machine since boot, summed over every core."""
    fields = [int(x) for x in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:9]]
    user, nice, system, _, _, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / HZ


def busy_cores(seconds: float = 1.0) -> float:
    """How many cores' worth of work ran on the machine over the next ``seconds``."""
    before = busy_s()
    time.sleep(seconds)
    return (busy_s() - before) / seconds


def stat_fields(pid: str) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (the state first)."""
    try:
        text = (PROC / pid / "stat").read_text()
    except OSError:
        return None
    return text[text.rfind(")") + 2 :].split()


def group_cpu_s(pgid: int) -> float:
    """CPU-seconds of every live process in the process group ``pgid`` and of the children
    they have reaped (a gunicorn arbiter and its workers, even a worker that was replaced)."""
    ticks = 0
    for entry in PROC.iterdir():
        f = stat_fields(entry.name) if entry.name.isdigit() else None
        if f is not None and int(f[2]) == pgid:
            ticks += sum(int(x) for x in f[11:15])  # utime, stime, cutime, cstime
    return ticks / HZ


def binary() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise FileNotFoundError("wrk is not installed: `make bench` installs it with apt-get")
    return found


def _children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(server: Server, sc: Scenario, seconds: float, connections: int = CONNECTIONS) -> Run:
    """``sc`` against ``server`` for ``seconds`` (whole seconds: wrk's resolution)."""
    with tempfile.TemporaryDirectory(prefix="referee-wrk-") as tmp:
        body, script = Path(tmp) / "body.json", Path(tmp) / "post.lua"
        body.write_bytes(sc.body)
        script.write_text(SCRIPT)
        env = {"WRK_BODY": str(body), "WRK_MARK": MARK, "PATH": "/usr/bin:/bin"}
        env |= {"WRK_METHOD": sc.method, "WRK_DELAY_MS": str(sc.delay_ms)}
        cmd = [binary(), f"-t{min(THREADS, connections)}", f"-c{connections}"]
        cmd += [f"-d{max(1, round(seconds))}s", "--timeout", "10s", "-s", str(script)]
        cmd += [f"http://{server.host}:{server.port}{sc.path}"]
        cpu0, client0, busy0 = group_cpu_s(server.pid), _children_cpu_s(), busy_s()
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        cpu1, client1, busy1 = group_cpu_s(server.pid), _children_cpu_s(), busy_s()
    line = next((x for x in done.stdout.splitlines() if x.startswith(MARK)), None)
    if done.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({done.returncode}): {done.stderr.strip()[:300]}")
    got = json.loads(line[len(MARK) :])
    return Run(
        requests=got["requests"],
        seconds=got["duration_us"] / 1e6,
        errors=got["errors"] + got["non_2xx"],
        response_bytes=got["bytes"] // max(1, got["requests"]),
        p50_ms=got["p50_us"] / 1e3,
        p99_ms=got["p99_us"] / 1e3,
        server_cpu_s=cpu1 - cpu0,
        client_cpu_s=client1 - client0,
        machine_busy_s=busy1 - busy0,
    )
