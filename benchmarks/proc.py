"""CPU from ``/proc`` (Linux): the whole machine's, and a process group's.

The machine is shared: every HTTP figure carries the CPU of the server, of wrk and of everything
else, so a figure taken while other work ran says so.
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
    return (machine().busy_s - a.busy_s) / seconds


def stat_fields(pid: str) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (the state first)."""
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
        f = stat_fields(entry.name) if entry.name.isdigit() else None
        if f is not None and int(f[2]) == pgid:
            ticks += sum(int(x) for x in f[11:15])  # utime, stime, cutime, cstime
    return ticks / HZ
