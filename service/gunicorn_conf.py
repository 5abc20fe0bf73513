"""gunicorn settings, in one file.

``gunicorn --config service/gunicorn_conf.py 'service:create_app()'``

Requests are short and CPU-bound, so sync workers, about one per core (``WEB_CONCURRENCY``).
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "sync"
preload_app = True  # catalogues load once and are shared copy-on-write
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Workers are never recycled: the engines hold no growing state, and each recycled worker would
# leave its Prometheus sample files behind.
max_requests = 0
control_socket_disable = True  # no writable home directory in the container
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190
accesslog = os.environ.get("ACCESS_LOG", "-") or None
worker_tmp_dir = os.environ.get("WORKER_TMP_DIR") or None

# Workers share Prometheus samples through a directory made before they fork.
if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics-")


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
