"""gunicorn settings, in one file.

``gunicorn --config service/gunicorn_conf.py 'service:create_app()'``

Requests are short and CPU-bound: about one worker per core (``WEB_CONCURRENCY``). The worker
class (``WORKER_CLASS``) is gunicorn's sync or gthread worker with problem+json error answers
(``service/worker.py``); docs/operations.md gives the measurements behind the default and the
proxy in front of it.
"""

from __future__ import annotations

import ctypes
import gc
import os
import shutil
import tempfile
from typing import Any

_WORKERS = {
    "sync": "service.worker.ProblemSyncWorker",
    "gthread": "service.worker.ProblemThreadWorker",
}

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = _WORKERS[os.environ.get("WORKER_CLASS", "gthread")]
threads = int(os.environ.get("WORKER_THREADS", "32"))
"""gthread: a slow client holds a thread, not the worker, and an idle one holds none once the
first-byte wait (``FIRST_BYTE_WAIT``, 0.1 s, ``service/worker.py``) is over; CPU work still runs
one at a time per process (the GIL), so threads only keep waiting clients from blocking the rest.
A client that trickles its request holds its thread until it stops for ``CLIENT_READ_TIMEOUT``:
a buffering proxy in front (docs/operations.md) takes those off the workers altogether."""
preload_app = True  # catalogues load once and are shared copy-on-write
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
"""Far above the request budget (``REQUEST_BUDGET_SECONDS``, 2 s), which answers 503 first."""
graceful_timeout = 20
keepalive = 2
"""Seconds an idle keep-alive connection is kept (gthread; the sync worker closes after each)."""
max_requests = int(os.environ.get("MAX_REQUESTS", "20000"))
max_requests_jitter = int(os.environ.get("MAX_REQUESTS_JITTER", "4000"))
"""Workers are recycled after 20,000 to 24,000 requests, not all at once: a slow leak in a
library never grows without bound. Replacing a worker costs the server about 0.2 s of CPU (the
new worker copies the arbiter's pages it writes to): every 2,000 requests, that was about
100 µs a request under load, a quarter of a bare Flask answer (docs/operations.md)."""
WORKER_MAX_RSS_MIB = int(os.environ.get("REFEREE_WORKER_MAX_RSS_MIB", "256"))
"""After a request, a worker whose resident memory is over this many MiB finishes gracefully and
the arbiter starts another (``post_request`` below; 0: never). A worker holds about 140 MiB
after start, about 125 MiB of it shared with the arbiter, and stayed within 162 MiB over 10
minutes of load (docs/operations.md). The arbiter and two workers at 256 MiB come to about
420 MiB, under the pod's 512 MiB limit (``deploy/deployment.yaml``): at 512 MiB a worker, the
pod would be killed for its memory before any worker reached the limit."""
control_socket_disable = True  # no writable home directory in the container
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190
accesslog = os.environ.get("ACCESS_LOG") or None
"""Off by default: the app writes one JSON line per request (``service/logs.py``)."""
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    # Named, not imported: importing the service here would load prometheus_client before the
    # shared metrics directory below is set. Its access log is left as ACCESS_LOG sets it.
    "formatters": {"json": {"()": "service.logs.BoundedJsonFormatter"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "stream": "ext://sys.stderr",
        }
    },
    "root": {"level": "WARNING", "handlers": []},  # the service's loggers have their own
    "loggers": {"gunicorn.error": {"handlers": ["stderr"], "propagate": False}},
}
"""gunicorn's own lines (workers started, a bad request line quoted, a worker killed) as JSON,
like the service's, each message bounded (``service.logs.BoundedJsonFormatter``)."""
worker_tmp_dir = os.environ.get("WORKER_TMP_DIR") or None

M_ARENA_MAX = -8  # glibc's mallopt parameter (malloc.h)
MALLOC_ARENAS = 2
"""glibc gives each thread that allocates under contention its own malloc arena, up to 8 per
core, and keeps their freed pages: with 32 threads a worker's resident memory grew 5 to 15 %
over 5 to 10 minutes of load and was still growing; with 2 arenas it stayed within 2.5 %
(docs/operations.md). Set here, in the arbiter before it forks, so that every worker inherits
it; ``MALLOC_ARENA_MAX`` in the environment, if given, is glibc's own way and wins."""


def _limit_malloc_arenas() -> None:
    if "MALLOC_ARENA_MAX" in os.environ:
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc: nothing to limit
        return
    libc.mallopt(M_ARENA_MAX, MALLOC_ARENAS)


_limit_malloc_arenas()

# Workers share Prometheus samples through a directory made before they fork; the one made here
# is removed when the server exits (one given in the environment belongs to whoever gave it).
_OWN_METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR" not in os.environ
if _OWN_METRICS_DIR:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics-")


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: Any) -> None:
    if _OWN_METRICS_DIR:
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)


def pre_request(worker: Any, req: Any) -> None:
    from service.worker import bound_chunks  # imported here, as in post_request below

    bound_chunks(req)


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    # Imported here: at the top of this file it would load prometheus_client before the shared
    # directory above is set, and the workers' samples would not be shared.
    from service.worker import recycle_if_over_memory

    recycle_if_over_memory(worker, WORKER_MAX_RSS_MIB)


def pre_fork(server: Any, worker: Any) -> None:
    # Everything the arbiter holds now (the preloaded app, its catalogues) lives as long as the
    # server: kept out of the collector's reach, a worker's collections no longer write to those
    # objects' pages, so it does not copy them from the arbiter page by page after each fork.
    gc.freeze()
