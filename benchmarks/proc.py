"""CPU and memory from ``/proc`` (Linux): the whole machine, and a process group.

The machine here is shared: a figure that does not say how busy the cores were with other work
cannot be trusted, so every HTTP measurement carries the CPU of the server, of the load
generator, and of everything else.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
HZ = os.sysconf("SC_CLK_TCK")
CORES = len(os.sched_getaffinity(0))


@dataclass(frozen=True)
class Machine:
    """CPU-seconds since boot, summed over every core."""

    busy_s: float
    total_s: float


def machine() -> Machine:
    fields = [int(x) for x in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, steal = fields
    busy = user + nice + system + irq + softirq + steal
    return Machine(busy / HZ, (busy + idle + iowait) / HZ)


def busy_cores(seconds: float = 1.0) -> float:
    """How many cores' worth of work ran on the machine over the next ``seconds``."""
    a = machine()
    time.sleep(seconds)
    b = machine()
    return (b.busy_s - a.busy_s) / seconds


def _stat_fields(pid: str) -> list[str] | None:
    try:
        text = (PROC / pid / "stat").read_text()
    except OSError:
        return None
    return text[text.rfind(")") + 2 :].split()


def group_cpu_s(pgid: int) -> float:
    """CPU-seconds of every live process in the process group ``pgid`` and of the children
    they have reaped (a gunicorn arbiter and its workers, even a worker that was replaced)."""
    ticks = 0
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        f = _stat_fields(entry.name)
        if f is not None and int(f[2]) == pgid:
            # utime, stime, cutime, cstime (fields 14-17 of proc(5), counted from the state)
            ticks += int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
    return ticks / HZ


def children_of(pid: int) -> list[int]:
    """The live direct children of ``pid`` (a gunicorn arbiter's workers)."""
    out = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            f = _stat_fields(entry.name)
            if f is not None and int(f[1]) == pid:
                out.append(int(entry.name))
    return sorted(out)
