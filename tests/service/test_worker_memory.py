"""A worker whose resident memory grew past ``REFEREE_WORKER_MAX_RSS_MIB`` after a request is
told to finish gracefully, logs one JSON line and is counted in
``referee_worker_recycled_total{reason="memory"}``; the arbiter starts another.

The hook is tested with a stand-in worker and a chosen resident size, then once against a real
gunicorn (``service/gunicorn_conf.py``) with a limit every worker is over.
"""

from __future__ import annotations

import json
import logging
import os
import resource
import runpy
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import REGISTRY

from service import worker
from service.logs import JsonFormatter
from tests.service.test_hostile_server import get, server

ROOT = Path(__file__).resolve().parents[2]
MIB = 1 << 20


class FakeWorker:
    """The one attribute of a gunicorn worker the hook reads and writes."""

    def __init__(self) -> None:
        self.alive = True


def recycled() -> float:
    value = REGISTRY.get_sample_value("referee_worker_recycled_total", {"reason": "memory"})
    assert value is not None  # the series exists from the start, at 0
    return value


def recycle_lines(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    return [
        json.loads(JsonFormatter().format(r)) for r in caplog.records if r.name == "service.worker"
    ]


@pytest.fixture
def rss(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The resident size the hook reads, in bytes (set ``rss[0]``); how many times it was read
    is ``len(rss) - 1``."""
    box = [0]

    def read() -> int:
        box.append(box[0])
        return box[0]

    monkeypatch.setattr(worker, "resident_bytes", read)
    return box


def test_over_the_limit_the_worker_is_told_to_finish_counted_and_logged(
    rss: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="service")
    rss[0] = 300 * MIB + 1
    before = recycled()
    fake = FakeWorker()
    assert worker.recycle_if_over_memory(fake, 300) is True
    assert fake.alive is False
    assert recycled() == before + 1
    [line] = recycle_lines(caplog)
    assert line["level"] == "WARNING"
    assert line["logger"] == "service.worker"
    assert line["reason"] == "memory"
    assert line["rss_mib"] == 300.0
    assert line["limit_mib"] == 300
    assert line["pid"] == os.getpid()


@pytest.mark.parametrize("size", [0, 100 * MIB, 300 * MIB], ids=["nothing", "under", "at"])
def test_at_or_under_the_limit_the_worker_is_untouched(
    rss: list[int], caplog: pytest.LogCaptureFixture, size: int
) -> None:
    caplog.set_level(logging.INFO, logger="service")
    rss[0] = size
    before = recycled()
    fake = FakeWorker()
    assert worker.recycle_if_over_memory(fake, 300) is False
    assert fake.alive is True
    assert recycled() == before
    assert recycle_lines(caplog) == []


def test_a_limit_of_0_never_recycles_nor_reads_the_memory(
    rss: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="service")
    rss[0] = 1 << 40
    before = recycled()
    fake = FakeWorker()
    assert worker.recycle_if_over_memory(fake, 0) is False
    assert fake.alive is True
    assert recycled() == before
    assert recycle_lines(caplog) == []
    assert len(rss) == 1  # not read at all


def test_a_worker_already_finishing_is_not_counted_again(
    rss: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    # SIGTERM, max_requests, or another thread's request already told it to finish.
    caplog.set_level(logging.INFO, logger="service")
    rss[0] = 1 << 40
    before = recycled()
    fake = FakeWorker()
    fake.alive = False
    assert worker.recycle_if_over_memory(fake, 1) is False
    assert recycled() == before
    assert recycle_lines(caplog) == []


def test_of_many_threads_ending_requests_at_once_one_recycles(rss: list[int]) -> None:
    rss[0] = 2 * MIB
    before = recycled()
    fake = FakeWorker()
    start = threading.Barrier(8)
    results: list[bool] = []

    def after_request() -> None:
        start.wait()
        results.append(worker.recycle_if_over_memory(fake, 1))

    threads = [threading.Thread(target=after_request) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False] * 7 + [True]
    assert fake.alive is False
    assert recycled() == before + 1


def test_the_resident_size_is_statm_s_second_field_in_pages(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    statm = tmp_path / "statm"
    statm.write_text("64761 35468 2115 1 0 37441 0\n")  # size resident shared text lib data dt
    real_open = open

    def fake_proc(path: Any, *args: Any, **kwargs: Any) -> Any:
        return real_open(statm if path == "/proc/self/statm" else path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_proc)
    assert worker.resident_bytes() == 35468 * os.sysconf("SC_PAGE_SIZE")


def test_the_resident_size_is_this_process_s_own() -> None:
    statm = Path("/proc/self/statm").read_text().split()
    expected = int(statm[1]) * os.sysconf("SC_PAGE_SIZE")
    got = worker.resident_bytes()
    assert got > 0
    # Read a moment apart: the same within 16 MiB (a few allocations between the two reads).
    assert abs(got - expected) < 16 * MIB


def test_without_proc_the_resident_size_is_the_peak(monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = open

    def no_proc(path: Any, *args: Any, **kwargs: Any) -> Any:
        if str(path).startswith("/proc/"):
            raise FileNotFoundError(path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", no_proc)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    got = worker.resident_bytes()
    assert got >= peak_kib * 1024  # Linux: KiB; the peak only grows between the two reads
    assert got <= resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def test_the_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "unused")  # the config makes no directory
    monkeypatch.delenv("REFEREE_WORKER_MAX_RSS_MIB", raising=False)
    assert runpy.run_path(str(ROOT / "service" / "gunicorn_conf.py"))["WORKER_MAX_RSS_MIB"] == 256
    monkeypatch.setenv("REFEREE_WORKER_MAX_RSS_MIB", "0")
    conf = runpy.run_path(str(ROOT / "service" / "gunicorn_conf.py"))
    assert conf["WORKER_MAX_RSS_MIB"] == 0


def test_the_post_request_hook_applies_the_configured_limit(
    monkeypatch: pytest.MonkeyPatch, rss: list[int]
) -> None:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "unused")
    monkeypatch.setenv("REFEREE_WORKER_MAX_RSS_MIB", "64")
    conf = runpy.run_path(str(ROOT / "service" / "gunicorn_conf.py"))
    under, over = FakeWorker(), FakeWorker()
    rss[0] = 64 * MIB
    conf["post_request"](under, None, {}, None)
    rss[0] = 64 * MIB + 1
    conf["post_request"](over, None, {}, None)
    assert (under.alive, over.alive) == (True, False)


# --- against gunicorn ---------------------------------------------------------------------------


def workers_of(arbiter: int) -> set[int]:
    """The arbiter's child processes (``/proc/<pid>/stat``: the fourth field is the parent)."""
    children = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while listed
            continue
        if int(fields[1]) == arbiter:
            children.add(int(stat.parent.name))
    return children


def recycle_log(log: Path) -> list[dict[str, Any]]:
    """The recycling lines of the server's log, in order."""
    lines = [json.loads(x) for x in log.read_text().splitlines() if x.startswith("{")]
    return [x for x in lines if x.get("logger") == "service.worker"]


def logged_pids(log: Path) -> list[int]:
    return [x["pid"] for x in recycle_log(log)]


def wait_fresh(arbiter: int, log: Path) -> int:
    """The one worker, once it is one that has not recycled itself: every worker that answered a
    request before (the readiness probes) has logged its recycling and gone, and the arbiter has
    started the next. Checked twice in a row, a poll apart."""
    seen = None
    for _ in range(600):
        now = workers_of(arbiter)
        pids = logged_pids(log)
        fresh = now.pop() if len(now) == 1 else None
        if fresh is not None and fresh not in pids and not set(pids) & workers_of(arbiter):
            if seen == fresh:
                return fresh
            seen = fresh
        else:
            seen = None
        time.sleep(0.05)
    raise AssertionError(f"no fresh worker: {workers_of(arbiter)}, logged {logged_pids(log)}")


def wait_logged(log: Path, pid: int) -> None:
    for _ in range(600):
        if pid in logged_pids(log):
            return
        time.sleep(0.05)
    raise AssertionError(f"worker {pid} logged no recycling: {logged_pids(log)}")


@pytest.mark.parametrize("worker_class", ["gthread", "sync"])
def test_a_worker_over_the_limit_is_replaced_and_counted(worker_class: str) -> None:
    # One worker and a 1 MiB limit: every request leaves the worker that answered it over it.
    env = {"WEB_CONCURRENCY": "1", "REFEREE_WORKER_MAX_RSS_MIB": "1", "WORKER_CLASS": worker_class}
    with (
        tempfile.TemporaryDirectory(prefix="memory-") as tmp,
        server(Path(tmp), **env) as (proc, port),
    ):
        log = Path(tmp) / "gunicorn.log"
        first = wait_fresh(proc.pid, log)
        resp = get(port, "/healthz")
        assert resp.status == 200
        assert json.loads(resp.read()) == {"status": "ok"}  # the request was answered whole
        wait_logged(log, first)
        second = wait_fresh(proc.pid, log)  # ``first`` has gone, another took its place
        assert second != first

        before = logged_pids(log)  # no request in flight: every recycling so far
        resp = get(port, "/metrics")  # sent to the only worker there is: ``second``
        assert resp.status == 200
        samples = [
            float(line.rsplit(" ", 1)[1])
            for line in resp.read().decode().splitlines()
            if line.startswith('referee_worker_recycled_total{reason="memory"}')
        ]
        wait_logged(log, second)  # ``second`` answered it, and recycled itself after it
        # Every worker gone before ``second`` answered was counted (the probes' and ``first``),
        # across processes that no longer exist.
        assert before[-1] == first
        assert samples == [float(len(before))]
        assert samples[0] >= 1
        line = recycle_log(log)[-1]
        assert (line["pid"], line["level"], line["reason"]) == (second, "WARNING", "memory")
        assert line["limit_mib"] == 1
        assert line["rss_mib"] > 1
        assert line["message"] == "worker recycled: resident memory over the limit"
    assert proc.returncode == 0
