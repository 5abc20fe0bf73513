"""gunicorn workers whose own error answers are RFC 9457 problems, and that report draining.

gunicorn answers some requests before the app sees them: a malformed request line or header
(400), a request line over ``limit_request_line`` (414), too many or too large headers (431),
a request it cannot frame (``Content-Length: -1``, both ``Content-Length`` and
``Transfer-Encoding``), and the 500 after a worker is aborted by its timeout. It writes those as
HTML. These workers let gunicorn classify and log the error as usual, then send the same status
as ``application/problem+json`` with a stable code, count it in the metrics, and close.

On ``SIGTERM`` the worker first marks itself draining (``/readyz`` then answers 503) and then
stops as gunicorn does: the request in flight completes, no new one is taken.

After each request (gunicorn's ``post_request`` hook, ``service/gunicorn_conf.py``) a worker
whose resident memory is over its limit is told to finish the same way, logs it and counts it
(``recycle_if_over_memory``); the arbiter starts another in its place.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import resource
import socket
import struct
import sys
import threading
import uuid
from typing import Any

from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.http.body import Body, ChunkedReader  # type: ignore[import-untyped]
from gunicorn.workers.gthread import _DEFER, ThreadWorker  # type: ignore[import-untyped]
from gunicorn.workers.sync import SyncWorker  # type: ignore[import-untyped]
from werkzeug.exceptions import RequestEntityTooLarge

from service.config import Settings
from service.metrics import MEMORY, count_recycle, count_server_problem
from service.ops import start_draining
from service.problem_types import origin, type_uri

# status -> (type, title, code, detail): what gunicorn refused, without echoing the request.
_SERVER_PROBLEMS: dict[int, tuple[str, str, str, str]] = {
    400: ("bad-request", "Bad request", "BAD_REQUEST", "the request is not valid HTTP/1.1"),
    403: ("bad-request", "Forbidden", "BAD_REQUEST", "the request is not allowed here"),
    414: (
        "uri-too-long",
        "URI too long",
        "URI_TOO_LONG",
        "the request line is longer than the server accepts",
    ),
    417: ("bad-request", "Expectation failed", "BAD_REQUEST", "the expectation is not supported"),
    431: (
        "header-fields-too-large",
        "Request header fields too large",
        "HEADER_FIELDS_TOO_LARGE",
        "too many header fields, or one too large",
    ),
    501: ("bad-request", "Not implemented", "BAD_REQUEST", "the transfer coding is not supported"),
}
_ABORTED = (
    "worker-failed",
    "Worker failed",
    "WORKER_ABORTED",
    "the request was stopped before it was answered; quote the request id when reporting it",
)


class _Captured:
    """A stand-in for the client socket that keeps what gunicorn would have written."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.data += data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def problem_response(status: int, aborted: bool) -> bytes:
    """The whole HTTP/1.1 response: ``status`` as problem+json, ``Connection: close``."""
    type_, title, code, detail = (
        _ABORTED if aborted or status not in _SERVER_PROBLEMS else _SERVER_PROBLEMS[status]
    )
    request_id = uuid.uuid4().hex
    body = json.dumps(
        {
            "type": type_uri(type_, origin()),
            "title": title,
            "status": status,
            "detail": detail,
            "instance": f"urn:request:{request_id}",
            "code": code,
        }
    ).encode()
    head = (
        f"HTTP/1.1 {status} {title}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"X-Request-Id: {request_id}\r\n\r\n"
    )
    count_server_problem(status, code)
    return head.encode("latin-1") + body


def _status_of(written: bytes) -> int:
    """The status of gunicorn's ``HTTP/1.1 <status> <reason>`` answer (500 if unreadable)."""
    try:
        return int(written.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 500


class _ProblemErrors:
    """The ``handle_error`` and ``handle_exit`` shared by both worker classes."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        captured = _Captured(client)
        super().handle_error(req, captured, addr, exc)  # type: ignore[misc]
        if not captured.data:
            return  # gunicorn chose not to answer (the client had gone)
        status = _status_of(captured.data)
        try:
            util.write_nonblock(client, problem_response(status, isinstance(exc, SystemExit)))
        except Exception:  # the client has gone: nothing to tell it
            return

    def handle_exit(self, sig: int, frame: Any) -> None:
        start_draining()
        super().handle_exit(sig, frame)  # type: ignore[misc]


CLIENT_READ_TIMEOUT_S = int(os.environ.get("CLIENT_READ_TIMEOUT", "10"))
"""A client that sends nothing for this long while its request is read is dropped.

Set on the socket itself (``SO_RCVTIMEO``), because gunicorn makes accepted sockets blocking
without a timeout: a client that stopped half-way through its headers or body would otherwise
hold a thread (gthread) or the whole worker (sync) until gunicorn's worker timeout.
"""


class ChunkTooLarge(RequestEntityTooLarge):
    """A chunked body whose chunks declare more than the body limit: answered 413 as soon as
    the size is read, not after waiting ``CLIENT_READ_TIMEOUT`` for bytes that never come."""


class BoundedChunks(ChunkedReader):  # type: ignore[misc]
    """gunicorn's reader of a chunked body, refusing chunk sizes that add up past ``limit``
    (a chunk size of 19 hex digits was answered only after the 10 s read timeout)."""

    def __init__(self, req: Any, unreader: Any, limit: int) -> None:
        super().__init__(req, unreader)
        self.limit, self.declared = limit, 0

    def parse_chunk_size(self, unreader: Any, data: Any = None) -> Any:
        size, rest = super().parse_chunk_size(unreader, data)
        self.declared += size
        if self.declared > self.limit:
            raise ChunkTooLarge(f"the body's chunks declare more than {self.limit:,} bytes")
        return size, rest


BODY_LIMIT = Settings.from_env().max_content_length


def bound_chunks(req: Any) -> None:
    """Read ``req``'s chunked body with :class:`BoundedChunks` up to the service's body limit
    (``pre_request``: nothing of the body has been read yet)."""
    if isinstance(req.body.reader, ChunkedReader):
        req.body = Body(BoundedChunks(req, req.unreader, BODY_LIMIT))


def limit_reads(sock: Any) -> None:
    sock.setsockopt(
        socket.SOL_SOCKET, socket.SO_RCVTIMEO, struct.pack("ll", CLIENT_READ_TIMEOUT_S, 0)
    )


class ProblemSyncWorker(_ProblemErrors, SyncWorker):  # type: ignore[misc]
    """gunicorn's sync worker with problem+json error answers."""

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        limit_reads(client)
        super().handle(listener, client, addr)


def close_promptly(conn: Any, graceful: bool = False) -> None:
    """Close a gthread connection without waiting for the client.

    gunicorn's own close (``TConn.close(graceful=True)``) half-closes and then waits up to 2 s
    for the client to close its side, on the worker's one event loop: a few hundred clients
    that stop half-way through their headers and never close would stall every other
    connection of the worker, and then get it killed by the worker timeout. Here the bytes the
    client has already sent are drained without waiting (so the kernel does not answer them
    with a reset that could cut the response short), and the socket is closed at once.
    """
    sock = conn.sock
    try:
        if graceful:
            sock.shutdown(socket.SHUT_WR)
            sock.setblocking(False)
            for _ in range(16):  # at most 64 KiB, as gunicorn drains
                if not sock.recv(4096):
                    break
    except OSError:  # nothing more has arrived, or the client has gone
        pass
    finally:
        sock.close()


FIRST_BYTE_WAIT_S = float(os.environ.get("FIRST_BYTE_WAIT", "0.1"))
"""How long a new gthread connection may hold a pool thread waiting for its first bytes.

gunicorn 27 waits up to 5 s (``DEFAULT_WORKER_DATA_TIMEOUT``) on a pool thread before it hands a
silent connection to its event loop, so more idle connections than threads hold every thread:
with 100 idle clients, ``apply`` kept 18 to 27 % of its throughput. After 0.1 s the connection
waits on the event loop instead, which costs no thread (docs/operations.md has the figures).
"""


class ProblemThreadWorker(_ProblemErrors, ThreadWorker):  # type: ignore[misc]
    """gunicorn's gthread worker with problem+json error answers."""

    def enqueue_req(self, conn: Any) -> None:
        limit_reads(conn.sock)
        conn.close = functools.partial(close_promptly, conn)
        super().enqueue_req(conn)

    def handle(self, conn: Any) -> Any:
        # gunicorn's own wait is skipped once ``data_ready`` is set (by this wait, or by its
        # event loop for a connection it had handed back).
        if not conn.initialized and not conn.wait_for_data(FIRST_BYTE_WAIT_S):
            return _DEFER
        return super().handle(conn)


LOG = logging.getLogger("service.worker")
MIB = 1 << 20
_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


def resident_bytes() -> int:
    """This process's resident memory now (``/proc/self/statm``: pages shared with the arbiter
    included, as ``ps`` counts them). Where there is no ``/proc``, the most it has been
    (``getrusage``), which is never less than now."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE_BYTES
    except (OSError, IndexError, ValueError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024  # bytes there, KiB elsewhere


_RECYCLING = threading.Lock()
"""gthread: requests of the same worker end on several threads; one of them tells it to stop."""


def recycle_if_over_memory(worker: Any, limit_mib: int) -> bool:
    """After a request: whether ``worker`` was told to finish because its resident memory is over
    ``limit_mib`` MiB (0: no limit).

    The worker finishes as on ``SIGTERM`` or after ``max_requests``: the requests in flight
    complete, no new one is taken, and the arbiter starts another. One JSON log line and one
    ``referee_worker_recycled_total{reason="memory"}`` each time; a worker already finishing
    (``SIGTERM``, ``max_requests``, or another thread's request) is left as it is.
    """
    if limit_mib <= 0 or not worker.alive:
        return False
    rss = resident_bytes()
    if rss <= limit_mib * MIB:
        return False
    with _RECYCLING:
        if not worker.alive:
            return False
        worker.alive = False
    count_recycle(MEMORY)
    LOG.warning(
        "worker recycled: resident memory over the limit",
        extra={
            "reason": MEMORY,
            "pid": os.getpid(),
            "rss_mib": round(rss / MIB, 1),
            "limit_mib": limit_mib,
        },
    )
    return True
