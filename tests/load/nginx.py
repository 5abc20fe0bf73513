"""The production nginx (``deploy/nginx.conf``, Debian package ``nginx``) on a free loopback
port, in front of gunicorn.

The configuration is the file the Deployment's nginx container runs, with two addresses
changed: nginx listens on a free loopback port instead of 8080, and passes requests to the
given gunicorn instances instead of the pod's ``127.0.0.1:8000``. nginx reads each request whole
before it opens a connection upstream, and keeps the answer for a slow reader: a client that
trickles its bytes or never sends any costs nginx a few KiB and no gunicorn thread. With several
upstreams, a request that cannot reach one instance (connection refused, or cut off because the
instance died) is passed to the next, once (``non_idempotent``: the service keeps no state, so
sending a ``POST`` again changes nothing).
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

from benchmarks.servers import HOST, REPO, Server, free_port

DEPLOYED = REPO / "deploy" / "nginx.conf"
LISTEN = "listen 8080 "
UPSTREAM = "    server 127.0.0.1:8000;\n"


def config(port: int, upstreams: list[Server]) -> str:
    """``deploy/nginx.conf`` listening on ``port`` of the loopback, in front of ``upstreams``."""
    text = DEPLOYED.read_text()
    if text.count(LISTEN) != 1 or text.count(UPSTREAM) != 1:
        raise ValueError(f"{DEPLOYED}: expected one `{LISTEN}` and one `{UPSTREAM.strip()}`")
    servers = "".join(f"    server {u.host}:{u.port} max_fails=0;\n" for u in upstreams)
    return text.replace(LISTEN, f"listen {HOST}:{port} ").replace(UPSTREAM, servers)


def test(conf: Path) -> None:
    """``nginx -t`` on ``conf`` (a temporary prefix for its relative paths)."""
    with tempfile.TemporaryDirectory(prefix="referee-nginx-t-") as tmp:
        subprocess.run(
            [binary(), "-t", "-q", "-e", "stderr", "-p", f"{tmp}/", "-c", str(conf.resolve())],
            check=True,
        )


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
    conf.write_text(config(port, upstreams))
    log = tmp / "error.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [binary(), "-e", "stderr", "-p", f"{tmp}/", "-c", str(conf)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # the access log: only what nginx refused or failed
            stderr=err,
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
