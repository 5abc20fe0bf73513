"""``make contract-live``: schemathesis ``st run`` against the real server, gunicorn on loopback.

1. Start gunicorn with the repository's config on a free 127.0.0.1 port (``WEB_CONCURRENCY=2``).
2. Wait until ``/readyz`` answers 200.
3. Run ``st run openapi.yaml --url http://127.0.0.1:<port>`` with ``schemathesis.toml``, a fixed
   seed, deterministic generation and bounded examples (``ST_SEED`` and ``ST_MAX_EXAMPLES``
   override them), in the phases ``ST_PHASES`` names. ``make test`` runs the examples, fuzzing
   and stateful phases; ``make fuzz`` adds the coverage phase (every boundary and negative value
   of every schema: some five minutes of CPU for the four games). The operations are split
   between ``ST_SHARDS`` (default 2) st processes running side by side, one per core.
4. Stop gunicorn whatever happened, and exit with st's status (the first failing shard's).

Run it from anywhere: ``.venv/bin/python tests/contract/run_live.py``; extra arguments go to
``st run`` (for example ``--report junit``).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
SEED = int(os.environ.get("ST_SEED", "20251129"))
MAX_EXAMPLES = int(os.environ.get("ST_MAX_EXAMPLES", "30"))
SHARDS = max(1, int(os.environ.get("ST_SHARDS", "2")))
PHASES = os.environ.get("ST_PHASES", "examples,fuzzing,stateful")
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 25.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def wait_ready(url: str, server: subprocess.Popen[bytes], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with status {server.returncode} before ready")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer 200 within {timeout:.0f}s")


def stop(server: subprocess.Popen[bytes]) -> None:
    """TERM the gunicorn master (it stops its workers), then KILL its process group if needed."""
    if server.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)  # the group the master leads, nothing else
        server.wait(timeout=5)


@contextlib.contextmanager
def gunicorn(port: int, log: Path, metrics_dir: str) -> Iterator[subprocess.Popen[bytes]]:
    env = {
        **os.environ,
        "PORT": str(port),
        "BIND": f"{HOST}:{port}",
        "WEB_CONCURRENCY": "2",
        "PROMETHEUS_MULTIPROC_DIR": metrics_dir,
        "ACCESS_LOG": "",  # thousands of requests; errors still go to the log
    }
    with log.open("wb") as out:
        server = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "--config",
                str(ROOT / "service" / "gunicorn_conf.py"),
                "service:create_app()",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so a stuck one can be killed whole
        )
        try:
            yield server
        finally:
            stop(server)


def st_command(base_url: str, extra: list[str]) -> list[str]:
    return [
        str(BIN / "st"),
        "--config-file",
        str(ROOT / "schemathesis.toml"),
        "run",
        str(ROOT / "openapi.yaml"),
        "--url",
        base_url,
        "--seed",
        str(SEED),
        "--generation-deterministic",
        "--max-examples",
        str(MAX_EXAMPLES),
        "--phases",
        PHASES,
        # One worker: st's threads share CPython 3.11's AST parser state, which breaks under
        # concurrency ("AST constructor recursion depth mismatch", python/cpython#106905).
        "--workers",
        "1",
        "--no-color",
        *extra,
    ]


def shard_filters(shards: int) -> list[list[str]]:
    """st filter arguments splitting the contract's operations into ``shards`` groups.

    Each game's operations stay together, so the stateful phase finds every link's target (a
    ``setup`` links to its game's ``apply``); the games, the costly part, and then the other
    operations are dealt round robin in document order.
    """
    doc = yaml.load((ROOT / "openapi.yaml").read_text("utf-8"), Loader=yaml.CSafeLoader)
    groups: dict[str, list[str]] = {}
    for path, item in doc["paths"].items():
        parts = path.split("/")
        key = parts[3] if len(parts) > 4 and parts[2] == "games" else path
        for op in item.values():
            if isinstance(op, dict) and "responses" in op:
                groups.setdefault(key, []).append(op.get("operationId"))
    ids = [i for group in groups.values() for i in group]
    if shards == 1 or len(groups) < shards or not all(ids):
        return [[]]  # one st for everything (an operation without an id could not be selected)
    games = [g for k, g in groups.items() if not k.startswith("/")]
    others = [g for k, g in groups.items() if k.startswith("/")]
    dealt: list[list[str]] = [[] for _ in range(shards)]
    for n, group in enumerate([*games, *others]):
        dealt[n % shards].extend(group)
    return [
        ["--include-operation-id-regex", "^(" + "|".join(re.escape(i) for i in chosen) + ")$"]
        for chosen in dealt
    ]


ST_ENV = {**os.environ, "SCHEMATHESIS_HOOKS": str(ROOT / "tests" / "contract" / "links.py")}
"""st loads the hook that gives each link its body (links.py)."""


def run_st(base_url: str, extra: list[str], tmp: Path) -> int:
    """Run the shards side by side; print each one's output in turn; the first failure wins."""
    filters = shard_filters(SHARDS)
    if len(filters) == 1:
        command = st_command(base_url, extra)
        print("$", " ".join(command), flush=True)
        return subprocess.call(command, cwd=ROOT, env=ST_ENV)
    running: list[tuple[list[str], Path, subprocess.Popen[bytes]]] = []
    try:
        for n, shard in enumerate(filters):
            command = st_command(base_url, [*shard, *extra])
            out = tmp / f"st-{n}.log"
            with out.open("wb") as sink:
                proc = subprocess.Popen(
                    command, cwd=ROOT, env=ST_ENV, stdout=sink, stderr=subprocess.STDOUT
                )
            running.append((command, out, proc))
        codes = [proc.wait() for _, _, proc in running]
    finally:
        for _, _, proc in running:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=STOP_TIMEOUT)
    for n, ((command, out, _), code) in enumerate(zip(running, codes, strict=True)):
        print(f"=== st shard {n + 1}/{len(running)} (exit {code}) ===", flush=True)
        print("$", " ".join(command), flush=True)
        print(out.read_text("utf-8", "replace"), flush=True)
    return next((code for code in codes if code != 0), 0)


def main(argv: list[str]) -> int:
    port = free_port()
    base_url = f"http://{HOST}:{port}"
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="contract-live-") as tmp:
        log = Path(tmp) / "gunicorn.log"
        status = 1
        try:
            with gunicorn(port, log, tmp) as server:
                wait_ready(f"{base_url}/readyz", server, READY_TIMEOUT)
                print(f"gunicorn ready on {base_url} (pid {server.pid})", flush=True)
                status = run_st(base_url, argv, Path(tmp))
        except (RuntimeError, KeyboardInterrupt) as err:
            print(f"contract-live: {err or 'interrupted'}", file=sys.stderr)
            status = status or 1
        finally:
            errors = [
                line
                for line in log.read_text("utf-8", "replace").splitlines()
                if "ERROR" in line or "Traceback" in line or "CRITICAL" in line
            ]
            if status != 0 or errors:
                print("--- gunicorn log (tail) ---", file=sys.stderr)
                print(log.read_text("utf-8", "replace")[-6000:], file=sys.stderr)
            if errors and status == 0:
                print("contract-live: warning: gunicorn logged errors (above)", file=sys.stderr)
    print(f"contract-live: st exited {status} after {time.monotonic() - started:.0f}s")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
