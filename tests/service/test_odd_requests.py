"""Odd requests get a short 4xx at once: a query of 1,500 unknown parts, a chunk that declares
more than the body limit, a request line of control bytes (and what gunicorn logs of it)."""

from __future__ import annotations

import json
import logging
import socket
import tempfile
from pathlib import Path

from service.logs import MESSAGE_LIMIT, BoundedJsonFormatter
from tests.service.contract_check import ContractClient
from tests.service.test_hostile_server import HOST, server

WAIT_S = 5.0
"""Well under the server's read timeout (30 s here): an answer that waited for the body would
not come within it."""


def test_a_query_of_many_unknown_parts_gets_a_short_problem(api: ContractClient) -> None:
    parts = ",".join(f"part{i}" for i in range(1500))
    body = {"players": ["ann", "bob"], "seed": "odd"}
    resp = api.post(f"/v1/games/patchwork/setup?include={parts}", json=body)
    assert resp.status_code == 400
    assert len(resp.data) <= 2048
    assert "“part0”, “part1”, “part10” and 1,497 more" in resp.get_json()["detail"]


def test_a_long_message_is_cut_and_says_how_long_it_was() -> None:
    record = logging.LogRecord("gunicorn.error", logging.WARNING, "", 0, "x%s", ("y" * 9000,), None)
    line = json.loads(BoundedJsonFormatter().format(record))
    assert line["message"] == "x" + "y" * (MESSAGE_LIMIT - 1)
    assert line["message_length"] == 9001
    assert line["level"] == "WARNING" and line["logger"] == "gunicorn.error"


def _exchange(port: int, data: bytes) -> bytes:
    with socket.create_connection((HOST, port), timeout=WAIT_S) as sock:
        sock.sendall(data)
        return sock.recv(4096)


def test_huge_chunks_are_refused_at_once_and_bad_lines_logged_short() -> None:
    with tempfile.TemporaryDirectory(prefix="odd-") as tmp:
        with server(Path(tmp), WEB_CONCURRENCY="1", CLIENT_READ_TIMEOUT="30") as (_, port):
            head = (
                b"POST /v1/games/patchwork/apply HTTP/1.1\r\nHost: x\r\n"
                b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            answer = _exchange(port, head + b"FFFFFFFFFFFFFFFFFFF\r\n{}")
            assert answer.startswith(b"HTTP/1.1 413")
            assert b"application/problem+json" in answer and len(answer) <= 2048
            body = b'{"players": ["ann", "bob"], "seed": "odd"}'
            chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
            ok = _exchange(port, head.replace(b"apply", b"setup?include=") + chunked)
            assert ok.startswith(b"HTTP/1.1 200")
            bad = _exchange(port, b"GET /" + b"\x01" * 8000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            assert bad.startswith(b"HTTP/1.1 400")
        lines = (Path(tmp) / "gunicorn.log").read_text().splitlines()
    logged = [json.loads(line) for line in lines if "Invalid request" in line]
    assert len(logged) == 1
    assert logged[0]["logger"] == "gunicorn.error" and logged[0]["message_length"] > 30000
    assert all(len(line) <= 2 * MESSAGE_LIMIT for line in lines if "Invalid request" in line)
