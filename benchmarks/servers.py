"""Start and stop gunicorn on a free loopback port, with the service's own config file."""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "service" / "gunicorn_conf.py"
HOST = "127.0.0.1"
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0


@dataclass(frozen=True)
class Server:
    name: str
    host: str
    port: int
    workers: int
    pid: int
    log: Path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def gunicorn_path() -> Path:
    """The gunicorn of the interpreter running the benchmarks (the project's virtualenv)."""
    path = Path(sys.executable).parent / "gunicorn"
    if not path.exists():
        found = shutil.which("gunicorn")
        if found is None:
            raise FileNotFoundError(f"no gunicorn next to {sys.executable} or on PATH")
        path = Path(found)
    return path


def _log_tail(log: Path, lines: int = 30) -> str:
    try:
        return "\n".join(log.read_text("utf-8", "replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait_ready(proc: subprocess.Popen[bytes], port: int, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {proc.returncode}:\n{_log_tail(log)}")
        conn = http.client.HTTPConnection(HOST, port, timeout=2)
        try:
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            conn.close()
        time.sleep(0.1)
    raise TimeoutError(f"gunicorn not ready on port {port} after {timeout}s:\n{_log_tail(log)}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group we started (arbiter and its workers), then SIGKILL."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    with contextlib.suppress(ProcessLookupError):  # make sure no worker is left behind
        os.killpg(proc.pid, signal.SIGKILL)


@contextmanager
def gunicorn(
    name: str,
    app: str,
    workers: int = 2,
    env: Mapping[str, str] | None = None,
    *,
    config: Path = CONFIG,
    cwd: Path = REPO,
    wrapper: Sequence[str] = (),
    ready_timeout: float = READY_TIMEOUT,
) -> Iterator[Server]:
    """Run ``gunicorn --config service/gunicorn_conf.py APP`` on 127.0.0.1 until the block ends;
    ``env`` adds to or overrides the environment (the config reads its settings there).
    ``wrapper`` runs gunicorn under another command (valgrind), from ``cwd`` with ``config``."""
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix=f"referee-bench-{name}-"))
    log = workdir / "gunicorn.log"
    metrics = workdir / "metrics"
    metrics.mkdir()
    env = {
        **os.environ,
        "PORT": str(port),
        "BIND": f"{HOST}:{port}",  # BIND wins over PORT in the config; pin it to loopback
        "WEB_CONCURRENCY": str(workers),
        "ACCESS_LOG": "",  # the config turns an empty value into no access log
        "LOG_LEVEL": "WARNING",
        "PROMETHEUS_MULTIPROC_DIR": str(metrics),
        **(env or {}),
    }
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [*wrapper, str(gunicorn_path()), "--config", str(config), app],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so stopping it reaches the workers
        )
    try:
        _wait_ready(proc, port, log, ready_timeout)
        yield Server(name, HOST, port, workers, proc.pid, log)
    finally:
        _stop(proc)
        shutil.rmtree(workdir, ignore_errors=True)


def check(server: Server, path: str, body: bytes) -> None:
    """One POST before the load: it must answer 200 with JSON, or the figures would be of errors."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    if resp.status != 200:
        raise RuntimeError(f"{server.name} {path}: HTTP {resp.status}: {data[:300]!r}")
