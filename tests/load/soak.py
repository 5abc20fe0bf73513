"""``make load``: whole games of every engine plus 25 % bad requests at saturation, and faults.

wrk (Debian package ``wrk``) replays, over 16 keep-alive connections, the ``setup`` and every
``apply`` of seeded random games of every engine, with one bad request after every three good
ones (malformed JSON, an unknown action, a tampered state, a wrong media type, an oversized list,
a lone surrogate, a duplicate key, a bidi player id, an unknown game, a wrong method). Each
request is first sent once on its own: a good one must answer 200, a bad one a 4xx.

Four phases, each against gunicorn started with the repository's config:

1. ``soak``: ``--seconds`` (``LOAD_SECONDS``, default 600) on one instance, recycling off
   (``MAX_REQUESTS=0``) so that each worker's resident memory at the start and the end can be
   compared: no 5xx, p50/p99, RSS per worker flat within 10 %.
2. ``worker-kill``: one worker SIGKILLed half-way through ``--fault-seconds``: the failed
   requests are at most the connections that worker held.
3. ``instance-kill``: two instances behind nginx on loopback, one instance (arbiter and workers)
   SIGKILLed half-way: the failed requests are at most the connections it held.
4. ``slow-clients``: the production pod (nginx with ``deploy/nginx.conf`` in front of gunicorn)
   for ``--slow-seconds`` while 200 connections send nothing and 64 send a byte every 5 s:
   ``/healthz`` p99 at most 100 ms and every normal ``apply`` answered
   (``tests/load/slow_clients.py``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from benchmarks import games, servers, wrk
from benchmarks.tables import heading, table
from engines import registry
from engines.registry import AnyGame
from tests.load import nginx, slow_clients

CONNECTIONS = wrk.CONNECTIONS
BAD_EVERY = 4
"""One request in four is a bad one (issue 6: 25 %)."""
RSS_FLAT = 0.10
SAMPLE_SECONDS = 60
"""Resident memory is read this often during the soak."""
SEEDS = ("load-1", "load-2", "load-3")

# Each line of the requests file is METHOD, path, media type and body, separated by tabs (compact
# JSON has none). Each thread starts at its own place in the list; ``done`` adds up the statuses
# every thread saw and prints one JSON line.
SCRIPT = """
local threads = {}
function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end
function init(args)
  reqs = {}
  for line in io.lines(os.getenv("WRK_REQUESTS")) do
    local m, p, ct, b = line:match("^([^\\t]*)\\t([^\\t]*)\\t([^\\t]*)\\t(.*)$")
    local h = {}
    if ct ~= "" then h["Content-Type"] = ct end
    if b == "" then b = nil end
    table.insert(reqs, wrk.format(m, p, h, b))
  end
  idx = math.floor(#reqs * tid / tonumber(os.getenv("WRK_THREADS")))
  statuses = {}
end
function request()
  idx = idx % #reqs + 1
  return reqs[idx]
end
function response(status, headers, body)
  local k = tostring(status)
  statuses[k] = (statuses[k] or 0) + 1
end
done = function(s, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("statuses")) do total[k] = (total[k] or 0) + v end
  end
  local parts = {}
  for k, v in pairs(total) do table.insert(parts, string.format('"%s":%d', k, v)) end
  io.write(string.format(
    '%s{"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,'
    .. '"p50_us":%d,"p99_us":%d,"max_us":%d,"statuses":{%s}}\\n',
    os.getenv("WRK_MARK"), s.requests, s.duration, s.errors.connect, s.errors.read,
    s.errors.write, s.errors.timeout, latency:percentile(50), latency:percentile(99),
    latency.max, table.concat(parts, ",")))
end
"""


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    media_type: str
    body: str
    bad: str = ""
    """What is wrong with it (empty for a good request)."""

    def line(self) -> str:
        return f"{self.method}\t{self.path}\t{self.media_type}\t{self.body}"


def _json(body: object) -> str:
    return json.dumps(body, separators=(",", ":"))


def game_requests(game: AnyGame, seed: str) -> tuple[list[Request], Request]:
    """The ``setup`` and every ``apply`` of one seeded random game, and an ``apply`` body from
    its middle (to make bad requests from)."""
    players = games.players(game, games.entry(game.id).players)
    base = f"/v1/games/{game.id}"
    out = [
        Request(
            "POST", f"{base}/setup", "application/json", _json({"players": players, "seed": seed})
        )
    ]
    rnd = random.Random(seed)  # each action a seeded choice among the legal ones (as games.play)
    state = game.setup(players, {}, seed)
    while not game.is_finished(state):
        chosen = rnd.choice(game.legal_actions(state))
        body = {"state": game.encode_state(state), "action": game.encode_action(state, chosen)}
        out.append(Request("POST", f"{base}/apply", "application/json", _json(body)))
        state, _ = game.apply(state, chosen)
    return out, out[len(out) // 2]


def bad_requests(game: AnyGame, middle: Request) -> list[Request]:
    base = f"/v1/games/{game.id}"
    body = json.loads(middle.body)
    state = body["state"]
    tampered = {**state, "tampered": 1} if isinstance(state, dict) else f"{state}x"
    j = "application/json"
    return [
        Request("POST", f"{base}/apply", j, middle.body[: len(middle.body) // 2], "malformed JSON"),
        Request("POST", f"{base}/apply", j, _json({"state": state, "action": {"id": "zzz"}}),
                "unknown action"),
        Request("POST", f"{base}/apply", j, _json({"state": tampered, "action": body["action"]}),
                "tampered state"),
        Request("POST", f"{base}/apply", "text/plain", middle.body, "wrong media type"),
        Request("POST", f"{base}/apply", j, _json({"state": {}, "actions": [{}] * 10_000}),
                "10,000-item list"),
        Request("POST", f"{base}/setup", j, '{"players":["\\ud800","b"],"seed":"d"}',
                "lone surrogate"),
        Request("POST", f"{base}/setup", j, '{"players":["a","b"],"seed":"d","seed":"e"}',
                "duplicate key"),
        Request("POST", f"{base}/setup", j, _json({"players": ["a\u202e\u200b", "a"], "seed": "d"}),
                "bidi player id"),
        Request("POST", "/v1/games/no-such-game/apply", j, middle.body, "unknown game"),
        Request("GET", f"{base}/apply", "", "", "wrong method"),
    ]  # fmt: skip


def mix(games: list[AnyGame]) -> list[Request]:
    """Every good request, with one bad request after every ``BAD_EVERY - 1`` good ones."""
    good: list[Request] = []
    bad: list[Request] = []
    for game in games:
        middle = None
        for seed in SEEDS:
            got, middle = game_requests(game, seed)
            good += got
        assert middle is not None
        bad += bad_requests(game, middle)
    out: list[Request] = []
    for i, r in enumerate(good):
        out.append(r)
        if i % (BAD_EVERY - 1) == BAD_EVERY - 2:
            out.append(bad[(i // (BAD_EVERY - 1)) % len(bad)])
    return out


def precheck(server: servers.Server, requests: list[Request]) -> dict[str, set[int]]:
    """Each distinct request once: good ones answer 200, bad ones a 4xx (their statuses)."""
    import http.client

    seen: dict[str, set[int]] = {}
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    for r in dict.fromkeys(requests):
        headers = {"Content-Type": r.media_type} if r.media_type else {}
        conn.request(r.method, r.path, body=r.body.encode() or None, headers=headers)
        resp = conn.getresponse()
        resp.read()
        if r.bad:
            if not 400 <= resp.status < 500:
                raise RuntimeError(f"{r.bad} {r.path}: HTTP {resp.status}, not a 4xx")
            seen.setdefault(r.bad, set()).add(resp.status)
        elif resp.status != 200:
            raise RuntimeError(f"{r.method} {r.path}: HTTP {resp.status}")
        if resp.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    conn.close()
    return seen


@dataclass(frozen=True)
class Mixed:
    requests: int
    seconds: float
    socket_errors: int
    statuses: dict[int, int]
    p50_ms: float
    p99_ms: float
    max_ms: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def count(self, lo: int, hi: int) -> int:
        return sum(n for s, n in self.statuses.items() if lo <= s < hi)

    @property
    def failed(self) -> int:
        """Requests without an answer, or answered 5xx."""
        return self.socket_errors + self.count(500, 600)


def run_mix(server: servers.Server, requests_file: Path, seconds: int) -> Mixed:
    with tempfile.TemporaryDirectory(prefix="referee-load-") as tmp:
        script = Path(tmp) / "mix.lua"
        script.write_text(SCRIPT)
        env = {
            "WRK_REQUESTS": str(requests_file),
            "WRK_MARK": wrk.MARK,
            "WRK_THREADS": str(wrk.THREADS),
            "PATH": "/usr/bin:/bin",
        }
        cmd = [
            wrk.binary(),
            f"-t{wrk.THREADS}",
            f"-c{CONNECTIONS}",
            f"-d{seconds}s",
            "--timeout",
            "10s",
            "-s",
            str(script),
            f"http://{server.host}:{server.port}/",
        ]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    line = next((x for x in done.stdout.splitlines() if x.startswith(wrk.MARK)), None)
    if done.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({done.returncode}): {done.stderr.strip()[:300]}")
    got = json.loads(line[len(wrk.MARK) :])
    return Mixed(
        requests=got["requests"],
        seconds=got["duration_us"] / 1e6,
        socket_errors=got["connect"] + got["read"] + got["write"] + got["timeout"],
        statuses={int(k): v for k, v in got["statuses"].items()},
        p50_ms=got["p50_us"] / 1e3,
        p99_ms=got["p99_us"] / 1e3,
        max_ms=got["max_us"] / 1e3,
    )


def held_connections(pids: list[int], port: int) -> int:
    """Established TCP connections on ``port`` owned by ``pids`` (``/proc``): the requests in
    flight on them, at most."""
    inodes: set[str] = set()
    for pid in pids:
        fds = Path(f"/proc/{pid}/fd")
        try:
            links = [os.readlink(fd) for fd in fds.iterdir()]
        except OSError:
            continue
        inodes |= {link[8:-1] for link in links if link.startswith("socket:[")}
    held = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        f = line.split()
        if f[3] == "01" and int(f[1].split(":")[1], 16) == port and f[9] in inodes:
            held += 1
    return held


@contextmanager
def background(server: servers.Server, requests_file: Path, seconds: int) -> Iterator[list[Mixed]]:
    """wrk in a thread for ``seconds``; the list holds its result once the block ends."""
    out: list[Mixed] = []
    t = threading.Thread(target=lambda: out.append(run_mix(server, requests_file, seconds)))
    t.start()
    try:
        yield out
    finally:
        t.join()
    if not out:
        raise RuntimeError("wrk did not report")


@dataclass(frozen=True)
class Soak:
    mixed: Mixed
    rss_start_mib: dict[int, float]
    rss_end_mib: dict[int, float]
    timeline: list[tuple[float, dict[int, float]]]
    """Seconds into the run, and each worker's RSS then."""

    @property
    def flat(self) -> bool:
        return all(
            abs(self.rss_end_mib[p] / self.rss_start_mib[p] - 1) <= RSS_FLAT
            for p in self.rss_start_mib
        )


def children_of(pid: int) -> list[int]:
    """The live direct children of ``pid`` (a gunicorn arbiter's workers)."""
    out = []
    for entry in Path("/proc").iterdir():
        f = wrk.stat_fields(entry.name) if entry.name.isdigit() else None
        if f is not None and int(f[1]) == pid:
            out.append(int(entry.name))
    return sorted(out)


def rss_mib(arbiter: int) -> dict[int, float]:
    return {pid: _rss_kib(pid) / 1024 for pid in children_of(arbiter)}


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, _, rest = line.partition(":")
        if key == "Rss":
            return int(rest.split()[0])
    return 0


def soak(requests_file: Path, seconds: int, warmup: int, workers: int, env: dict[str, str]) -> Soak:
    with servers.gunicorn("soak", servers.REFEREE_APP, workers, {"MAX_REQUESTS": "0", **env}) as sv:
        run_mix(sv, requests_file, warmup)  # every code path and cache touched once
        start = rss_mib(sv.pid)
        timeline = [(0.0, start)]
        with background(sv, requests_file, seconds) as out:
            began = time.monotonic()
            while (left := seconds - 2 - (time.monotonic() - began)) > 0:
                time.sleep(min(SAMPLE_SECONDS, left))
                timeline.append((time.monotonic() - began, rss_mib(sv.pid)))
            end = timeline[-1][1]  # read under load, before wrk stops
    if set(end) != set(start):
        raise RuntimeError(f"workers changed during the soak: {sorted(start)} -> {sorted(end)}")
    return Soak(out[0], start, end, timeline)


@dataclass(frozen=True)
class Fault:
    name: str
    mixed: Mixed
    held: int
    """Connections the killed process(es) held when killed: the requests in flight, at most."""

    @property
    def met(self) -> bool:
        return self.mixed.failed <= self.held


def worker_kill(requests_file: Path, seconds: int, workers: int) -> Fault:
    with ExitStack() as stack:
        server = stack.enter_context(servers.gunicorn("worker-kill", servers.REFEREE_APP, workers))
        out = stack.enter_context(background(server, requests_file, seconds))
        time.sleep(seconds / 2)
        victim = children_of(server.pid)[0]
        held = held_connections([victim], server.port)
        os.kill(victim, signal.SIGKILL)
    return Fault("one worker SIGKILLed", out[0], held)


def instance_kill(requests_file: Path, seconds: int, workers: int) -> Fault:
    with ExitStack() as stack:
        a = stack.enter_context(servers.gunicorn("instance-a", servers.REFEREE_APP, workers))
        b = stack.enter_context(servers.gunicorn("instance-b", servers.REFEREE_APP, workers))
        front = stack.enter_context(nginx.proxy([a, b]))
        with background(front, requests_file, seconds) as out:
            time.sleep(seconds / 2)
            pids = [b.pid, *children_of(b.pid)]
            held = held_connections(pids, b.port)
            os.killpg(b.pid, signal.SIGKILL)
    return Fault("one of two instances behind nginx SIGKILLed", out[0], held)


def report_slow_clients(d: slow_clients.Deployed) -> bool:
    h, a = d.phase.healthz, d.phase.apply
    front = "through nginx (deploy/nginx.conf)" if d.proxy else "against gunicorn alone"
    print(
        heading(
            f"Slow clients {front}, {round(a.seconds)} s: {slow_clients.DEPLOYED_IDLE} idle, "
            f"{slow_clients.DEPLOYED_SLOW} sending a byte every "
            f"{slow_clients.DEPLOYED_BYTE_INTERVAL:g} s"
        )
    )
    print(table(
        ["healthz answers", "healthz p50 ms", "healthz p99 ms", "apply answers", "apply p99 ms",
         "errors (no answer or not 2xx)", "attack conns opened", "dropped",
         "other work, cores", "target"],
        [[h.requests, h.p50_ms, h.p99_ms, a.requests, a.p99_ms, h.errors + a.errors,
          d.seen.connected, d.seen.dropped, max(h.other_cores, a.other_cores),
          "met" if d.met else "missed"]],
    ), flush=True)  # fmt: skip
    return d.met


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m tests.load.soak", description=__doc__)
    ap.add_argument("--seconds", type=int, default=int(os.environ.get("LOAD_SECONDS", "600")))
    ap.add_argument("--fault-seconds", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=60)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--slow-seconds", type=int, default=60)
    ap.add_argument(
        "--phases",
        default="soak,worker-kill,instance-kill,slow-clients",
        help="also slow-clients-bare: the slow-client scenario against gunicorn alone",
    )
    ap.add_argument(
        "--env", action="append", default=[], help="KEY=VALUE for gunicorn (soak phase)"
    )
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    signal.signal(signal.SIGTERM, lambda signum, _: sys.exit(128 + signum))  # servers stop
    phases = set(args.phases.split(","))
    games = registry.all_games()
    requests = mix(games)
    bad = sum(1 for r in requests if r.bad)
    print(
        f"# Load and faults\n\n{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC · {wrk.CORES} cores"
        f" · machine busy before: {wrk.busy_cores():.2f} cores · {args.workers} workers per "
        f"instance · wrk {wrk.THREADS} threads, {CONNECTIONS} connections · {len(requests):,} "
        f"requests in the cycle ({len(games)} engines × {len(SEEDS)} seeded games, "
        f"{100 * bad / len(requests):.1f} % bad)",
        flush=True,
    )
    ok = True
    with tempfile.TemporaryDirectory(prefix="referee-load-") as tmp:
        requests_file = Path(tmp) / "requests.tsv"
        requests_file.write_text("".join(r.line() + "\n" for r in requests))
        with servers.gunicorn("precheck", servers.REFEREE_APP, 1) as server:
            statuses = precheck(server, requests)
        print(heading("Bad requests and their answers"))
        print(table(["bad request", "statuses"], [[k, ", ".join(map(str, sorted(v)))]
                                                  for k, v in statuses.items()]))  # fmt: skip
        if "soak" in phases:
            env = dict(kv.split("=", 1) for kv in args.env)
            s = soak(requests_file, args.seconds, args.warmup, args.workers, env)
            m = s.mixed
            ok &= m.failed == 0 and s.flat
            extra = f", {' '.join(args.env)}" if args.env else ""
            print(heading(f"Saturation, {args.seconds} s, one instance, recycling off{extra}"))
            print(
                table(
                    ["requests", "req/s", "2xx", "4xx", "5xx", "socket errors", "4xx %",
                     "p50 ms", "p99 ms", "max ms"],
                    [[m.requests, m.rps, m.count(200, 300), m.count(400, 500),
                      m.count(500, 600), m.socket_errors,
                      100 * m.count(400, 500) / max(1, m.requests), m.p50_ms, m.p99_ms,
                      m.max_ms]],
                )
            )  # fmt: skip
            rows = [
                [str(p), s.rss_start_mib[p], s.rss_end_mib.get(p),
                 100 * (s.rss_end_mib.get(p, 0) / s.rss_start_mib[p] - 1)]
                for p in sorted(s.rss_start_mib)
            ]  # fmt: skip
            print(heading("Resident memory per worker (MiB)", 3))
            print(table(["worker pid", "start", "end", "change %"], rows))
            pids = sorted(s.rss_start_mib)
            print(heading("Resident memory over time (MiB)", 3))
            print(
                table(
                    ["seconds", *map(str, pids)],
                    [[round(t), *(r.get(p) for p in pids)] for t, r in s.timeline],
                )
            )
            print(f"\nRSS flat within {RSS_FLAT:.0%}: {'yes' if s.flat else 'NO'}", flush=True)
        faults = []
        if "worker-kill" in phases:
            faults.append(worker_kill(requests_file, args.fault_seconds, args.workers))
        if "instance-kill" in phases:
            faults.append(instance_kill(requests_file, args.fault_seconds, args.workers))
        if faults:
            print(heading(f"Faults, {args.fault_seconds} s each, the kill half-way"))
            rows = [
                [f.name, f.mixed.requests, f.mixed.rps, f.mixed.count(500, 600),
                 f.mixed.socket_errors, f.held, f.mixed.p99_ms, "met" if f.met else "missed"]
                for f in faults
            ]  # fmt: skip
            print(table(["fault", "requests", "req/s", "5xx", "socket errors",
                         "connections held by the killed", "p99 ms", "target"], rows))  # fmt: skip
            ok &= all(f.met for f in faults)
        if "slow-clients" in phases:
            ok &= report_slow_clients(slow_clients.deployed(args.slow_seconds, args.workers))
        if "slow-clients-bare" in phases:  # for comparison only: not a target
            report_slow_clients(slow_clients.deployed(args.slow_seconds, args.workers, False))
    print(f"\n{'PASS' if ok else 'FAIL'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
