"""Hostile clients against a real gunicorn: what gunicorn answers itself is problem+json, idle and
unfinished connections do not block anyone, SIGTERM loses no request in flight, and the server
cleans up after itself.

Each test starts gunicorn with the repository's config (``service/gunicorn_conf.py``) on a free
loopback port, as ``make run`` does.
"""

from __future__ import annotations

import contextlib
import http.client
import importlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gunicorn.workers import gthread  # type: ignore[import-untyped]
from jsonschema import Draft202012Validator

from service import create_app, worker
from service.config import Settings
from service.contract import Contract
from service.worker import problem_response
from tests.clients.choose import first_action
from tests.contract.run_live import free_port, wait_ready

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
SOCKET_TIMEOUT = 20.0
"""How long a test waits for an answer before it fails (never a measure of speed)."""


@contextlib.contextmanager
def server(tmp: Path, **env: str) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """gunicorn on a free port with ``env`` added; its temp files (metrics) under ``tmp``."""
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    environ.update({"PORT": str(port), "BIND": f"{HOST}:{port}", "TMPDIR": str(tmp), **env})
    log = (tmp / "gunicorn.log").open("wb")
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "--config",
         str(ROOT / "service" / "gunicorn_conf.py"), "service:create_app()"],
        cwd=ROOT, env=environ, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    try:
        wait_ready(f"http://{HOST}:{port}/readyz", proc, 30)
        yield proc, port
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        log.close()


@pytest.fixture(scope="module")
def live() -> Iterator[int]:
    with (
        tempfile.TemporaryDirectory(prefix="hostile-") as tmp,
        server(Path(tmp), WEB_CONCURRENCY="2", CLIENT_READ_TIMEOUT="1") as (_, port),
    ):
        yield port


def raw_exchange(port: int, data: bytes) -> bytes:
    """Send ``data`` as is and read until the server closes."""
    with socket.create_connection((HOST, port), timeout=SOCKET_TIMEOUT) as sock:
        sock.sendall(data)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
        return out


def parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split(" ")[1]), {k.lower(): v for k, v in headers.items()}, body


PROBLEM = Draft202012Validator(
    {"$ref": "urn:referee:openapi#/components/schemas/Problem"},
    registry=Contract.load().registry,
)


def assert_problem(raw: bytes, status: int, code: str) -> dict[str, Any]:
    got, headers, body = parse(raw)
    assert got == status, raw[:300]
    assert headers["content-type"] == "application/problem+json"
    problem: dict[str, Any] = json.loads(body)
    assert list(PROBLEM.iter_errors(problem)) == []
    assert problem["status"] == status
    assert problem["code"] == code
    assert problem["instance"] == f"urn:request:{headers['x-request-id']}"
    return problem


def get(port: int, path: str) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection(HOST, port, timeout=SOCKET_TIMEOUT)
    conn.request("GET", path)
    return conn.getresponse()


# --- what gunicorn answers itself ---------------------------------------------------------------

SETUP_LINE = b"POST /v1/games/patchwork/setup HTTP/1.1\r\nHost: x\r\n"


@pytest.mark.parametrize(
    ("data", "status", "code"),
    [
        (SETUP_LINE + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
         "BAD_REQUEST"),
        (SETUP_LINE + b"Content-Length: -1\r\n\r\n", 400, "BAD_REQUEST"),
        (b"GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n", 400, "BAD_REQUEST"),
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "URI_TOO_LONG"),
        (b"GET /healthz HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(60)) + b"\r\n",
         431, "HEADER_FIELDS_TOO_LARGE"),
        (b"GET /healthz HTTP/1.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431,
         "HEADER_FIELDS_TOO_LARGE"),
    ],
    ids=["content-length-and-chunked", "content-length-minus-1", "control-in-path", "long-url",
         "60-headers", "9000-byte-header"],
)  # fmt: skip
def test_what_gunicorn_refuses_is_a_problem(live: int, data: bytes, status: int, code: str) -> None:
    assert_problem(raw_exchange(live, data), status, code)


def test_a_double_slash_path_is_a_404_problem_whatever_the_host(live: int) -> None:
    raw = raw_exchange(live, b"GET //v1//games HTTP/1.1\r\nHost: evil.example\r\n"
                             b"Connection: close\r\n\r\n")  # fmt: skip
    assert_problem(raw, 404, "NOT_FOUND")
    assert b"evil.example" not in raw
    assert b"\r\nLocation:" not in raw


def test_options_is_answered_on_purpose(live: int) -> None:
    raw = raw_exchange(live, b"OPTIONS /v1/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    status, headers, body = parse(raw)
    assert (status, body) == (204, b"")
    assert set(headers["allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}


def test_the_refusals_are_counted_as_the_server_operation(live: int) -> None:
    def count() -> float:
        text = get(live, "/metrics").read().decode()
        return sum(
            float(line.rsplit(" ", 1)[1])
            for line in text.splitlines()
            if line.startswith("referee_requests_total{")
            and 'operation="server"' in line
            and 'status="414"' in line
        )

    before = count()
    raw_exchange(live, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n")
    assert count() == before + 1


def test_an_aborted_worker_answers_a_500_problem() -> None:
    # What the worker writes when gunicorn's timeout aborts it mid-request (SystemExit).
    assert_problem(problem_response(500, aborted=True), 500, "WORKER_ABORTED")


# --- idle and unfinished connections ------------------------------------------------------------


def test_a_body_that_stops_half_way_is_a_400_problem(live: int) -> None:
    """The client declares 100 bytes, sends one and stops: after CLIENT_READ_TIMEOUT (1 s here)
    it gets a problem, not a 500."""
    with socket.create_connection((HOST, live), timeout=SOCKET_TIMEOUT) as sock:
        sock.sendall(SETUP_LINE + b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert b"application/problem+json" in answer


def test_idle_and_unfinished_connections_do_not_block_others(live: int) -> None:
    held = []
    try:
        for i in range(60):
            sock = socket.create_connection((HOST, live), timeout=SOCKET_TIMEOUT)
            if i % 3 == 1:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Tr")  # trickled headers
            elif i % 3 == 2:
                sock.sendall(SETUP_LINE + b"Content-Length: 100\r\n\r\n{")  # unfinished body
            held.append(sock)
        for _ in range(5):
            resp = get(live, "/healthz")
            assert resp.status == 200
            resp.read()
    finally:
        for sock in held:
            sock.close()


def test_a_silent_new_connection_gives_its_thread_back_after_the_first_byte_wait() -> None:
    waits: list[float] = []

    class Silent:
        initialized = False

        def wait_for_data(self, timeout: float) -> bool:
            waits.append(timeout)
            return False

    thread_worker = object.__new__(worker.ProblemThreadWorker)  # only ``handle`` is called
    assert thread_worker.handle(Silent()) is gthread._DEFER  # back to the event loop
    assert waits == [0.1]


def test_more_idle_connections_than_threads_hold_no_thread() -> None:
    # One worker of two threads and eight silent connections (one worker, so that none of them
    # can land elsewhere): with gunicorn's own 5 s first-byte wait /healthz would wait behind
    # four rounds of 5 s; with 0.1 s the silent ones wait on the event loop and hold no thread.
    with (
        tempfile.TemporaryDirectory(prefix="hostile-") as tmp,
        server(Path(tmp), WEB_CONCURRENCY="1", WORKER_THREADS="2") as (_, port),
    ):
        idle = [socket.create_connection((HOST, port), timeout=SOCKET_TIMEOUT) for _ in range(8)]
        try:
            wait_accepted(port)
            started = time.monotonic()
            resp = get(port, "/healthz")
            assert resp.status == 200
            assert time.monotonic() - started < 2.5
        finally:
            for sock in idle:
                sock.close()


def test_tls_bytes_are_dropped_without_harm(live: int) -> None:
    # A TLS ClientHello on the plain-HTTP port has no request line: the connection is closed once
    # the client stops sending (CLIENT_READ_TIMEOUT), and the server serves others meanwhile.
    with socket.create_connection((HOST, live), timeout=SOCKET_TIMEOUT) as tls:
        tls.sendall(bytes.fromhex("16030100a5010000a10303") + bytes(32))
        assert get(live, "/healthz").status == 200
        assert tls.recv(65536) == b""


# --- shutdown and recycling ---------------------------------------------------------------------


def _replay_body() -> bytes:
    app = create_app(Settings())
    client = app.test_client()
    setup = {"players": ["a", "b", "c", "d"], "seed": "sigterm"}
    step = client.post("/v1/games/calico/setup", json=setup).get_json()
    actions = []
    while not step["finished"]:
        actions.append(first_action(step["legal_actions"][0]))
        step = client.post(
            "/v1/games/calico/apply", json={"state": step["state"], "action": actions[-1]}
        ).get_json()
    return json.dumps({"setup": setup, "actions": actions}).encode()


def accept_queue(port: int) -> int:
    """Connections waiting in the kernel for a worker to accept them (``/proc/net/tcp``)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, state, queues = fields[1], fields[3], fields[4]
        if state == "0A" and int(local.split(":")[1], 16) == port:
            return int(queues.split(":")[1], 16)
    raise AssertionError(f"no listener on port {port}")


def wait_accepted(port: int) -> None:
    for _ in range(200):
        if accept_queue(port) == 0:
            return
        time.sleep(0.05)
    raise AssertionError("the workers did not accept the connections")


def test_sigterm_under_load_completes_every_request_in_flight() -> None:
    body = _replay_body()  # a whole four-player Calico game: some milliseconds of work each
    results: list[int | str] = []
    with (
        tempfile.TemporaryDirectory(prefix="hostile-") as tmp,
        server(Path(tmp), WEB_CONCURRENCY="2") as (proc, port),
    ):
        conns = []
        for _ in range(24):
            conn = http.client.HTTPConnection(HOST, port, timeout=SOCKET_TIMEOUT)
            conn.request("POST", "/v1/games/calico/replay?include=", body,
                         {"Content-Type": "application/json"})  # fmt: skip
            conns.append(conn)
        wait_accepted(port)  # every request taken by a worker: in flight
        proc.send_signal(signal.SIGTERM)

        def collect(conn: http.client.HTTPConnection) -> None:
            try:
                resp = conn.getresponse()
                resp.read()
                results.append(resp.status)
            except OSError as err:
                results.append(repr(err))

        threads = [threading.Thread(target=collect, args=(c,)) for c in conns]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert proc.wait(timeout=30) == 0
    assert results == [200] * 24


def test_the_metrics_directory_is_removed_at_exit() -> None:
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        with server(Path(tmp)) as (_, port):
            assert get(port, "/metrics").status == 200
            made = [p.name for p in Path(tmp).iterdir() if p.name.startswith("referee-metrics-")]
            assert len(made) == 1
        assert not any(p.name.startswith("referee-metrics-") for p in Path(tmp).iterdir())


def test_workers_are_recycled_with_jitter(monkeypatch: pytest.MonkeyPatch) -> None:
    import runpy

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "unused")  # the config makes no directory
    conf = runpy.run_path(str(ROOT / "service" / "gunicorn_conf.py"))
    assert conf["max_requests"] == 20_000
    assert conf["max_requests_jitter"] == 4_000
    assert conf["timeout"] > Settings().request_budget_s * 10


def test_the_arbiter_freezes_what_it_holds_before_each_fork(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import runpy

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "unused")
    conf = runpy.run_path(str(ROOT / "service" / "gunicorn_conf.py"))
    kept = [[] for _ in range(3)]  # lists: tracked by the collector until frozen
    try:
        before = gc.get_freeze_count()
        conf["pre_fork"](None, None)
        assert gc.get_freeze_count() >= before + len(kept)
    finally:
        gc.unfreeze()


def test_readyz_fails_while_draining() -> None:
    ops = importlib.import_module("service.ops")  # the module; `service.ops` is the blueprint
    client = create_app(Settings()).test_client()
    assert client.get("/readyz").status_code == 200
    ops.start_draining()
    try:
        resp = client.get("/readyz")
        assert resp.status_code == 503
        assert resp.get_json()["code"] == "DRAINING"
        assert client.get("/healthz").status_code == 200  # alive, just not taking new work
    finally:
        ops._DRAINING.clear()
