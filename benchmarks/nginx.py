"""A buffering nginx (Debian package ``nginx``) on a free loopback port, in front of gunicorn.

nginx reads each request whole before it opens a connection upstream, and keeps the answer for a
slow reader: a client that trickles its bytes or never sends any costs nginx a few KiB and no
gunicorn thread. With several upstreams, a request that cannot reach one instance (connection
refused, or cut off because the instance died) is passed to the next, once. A ``POST`` is
passed on too (``non_idempotent``): the service keeps no state, so every request is a pure
computation over its body, and sending it again changes nothing.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.servers import HOST, Server, free_port

BODY_LIMIT = "1m"
"""As the service's own limit (``MAX_CONTENT_LENGTH``, 1 MiB): a larger body gets nginx's 413."""

CONFIG = """\
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  client_header_timeout 10s;
  client_body_timeout 10s;
  send_timeout 10s;
  keepalive_timeout 2s;
  client_max_body_size {body_limit};
  client_body_buffer_size {body_limit};
  upstream referee {{
{servers}
    keepalive 64;
  }}
  server {{
    listen {host}:{port} backlog=4096;
    location / {{
      proxy_pass http://referee;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_request_buffering on;
      proxy_buffering on;
      proxy_connect_timeout 2s;
      proxy_read_timeout 35s;
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 2;
    }}
  }}
}}
"""


def config(tmp: Path, port: int, upstreams: list[Server]) -> str:
    servers = "\n".join(f"    server {u.host}:{u.port} max_fails=0;" for u in upstreams)
    return CONFIG.format(tmp=tmp, port=port, host=HOST, servers=servers, body_limit=BODY_LIMIT)


def binary() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    if found is None:
        raise FileNotFoundError("nginx is not installed: `apt-get install -y nginx`")
    return found


def _wait_listening(proc: subprocess.Popen[bytes], port: int, log: Path) -> None:
    import socket

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"nginx exited with {proc.returncode}: {log.read_text()[-600:]}")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nginx not listening on {port}")


@contextmanager
def proxy(upstreams: list[Server]) -> Iterator[Server]:
    """nginx in front of ``upstreams`` until the block ends: a :class:`Server` with nginx's port
    and the first upstream's process group (whose CPU a wrk run then reports)."""
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="referee-nginx-"))
    tmp.chmod(0o711)  # nginx's workers drop root: they must reach their temp directories
    conf = tmp / "nginx.conf"
    conf.write_text(config(tmp, port, upstreams))
    log = tmp / "error.log"
    proc = subprocess.Popen(
        [binary(), "-c", str(conf), "-p", str(tmp)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_listening(proc, port, log)
        yield dataclasses.replace(upstreams[0], name=f"nginx+{upstreams[0].name}", port=port)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGQUIT)  # graceful: finish what is in flight
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
