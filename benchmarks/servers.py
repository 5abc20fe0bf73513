"""gunicorn with the service's own config file on a free loopback port, and POSTs to it."""

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
REFEREE_APP = "service:create_app()"
ECHO_APP = "benchmarks.echo_app:create_app()"


@dataclass(frozen=True)
class Server:
    name: str
    host: str
    port: int
    pid: int
    """The arbiter's, which leads the server's process group."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _wait_ready(proc: subprocess.Popen[bytes], port: int, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
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
    tail = "\n".join(log.read_text("utf-8", "replace").splitlines()[-30:])
    raise RuntimeError(f"gunicorn not ready on port {port} (exit code {proc.poll()}):\n{tail}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group started (the arbiter and its workers), then SIGKILL."""
    with contextlib.suppress(ProcessLookupError):
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        os.killpg(proc.pid, signal.SIGKILL)  # no worker left behind


@contextmanager
def gunicorn(
    name: str, app: str, workers: int = 2, env: Mapping[str, str] | None = None, *,
    config: Path = CONFIG, cwd: Path = REPO, wrapper: Sequence[str] = (), ready_timeout: float = 30,
) -> Iterator[Server]:  # fmt: skip
    """``gunicorn --config service/gunicorn_conf.py APP`` on 127.0.0.1 until the block ends, in
    its own process group; ``env`` adds to the environment (the config reads its settings
    there); ``wrapper`` runs gunicorn under another command (valgrind), from ``cwd``."""
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix=f"referee-bench-{name}-"))
    log, metrics = workdir / "gunicorn.log", workdir / "metrics"
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
    gunicorn = Path(sys.executable).parent / "gunicorn"  # the project's virtualenv
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [*wrapper, str(gunicorn), "--config", str(config), app], cwd=cwd, env=env,
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        _wait_ready(proc, port, log, ready_timeout)
        yield Server(name, HOST, port, proc.pid)
    finally:
        _stop(proc)
        shutil.rmtree(workdir, ignore_errors=True)


def post_on(conn: http.client.HTTPConnection, path: str, body: bytes) -> bytes:
    """One POST of a JSON body; an answer other than 200 is an error (a figure of errors would
    mean nothing)."""
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status != 200:
        raise RuntimeError(f"{conn.host}:{conn.port}{path}: HTTP {resp.status}: {data[:300]!r}")
    return data


def post(server: Server, path: str, body: bytes) -> bytes:
    """One POST on a new connection (each scenario is sent once before its load)."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        return post_on(conn, path, body)
    finally:
        conn.close()
