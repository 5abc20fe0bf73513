"""CPU accounting from ``/proc`` (Linux): whole machine, and a process with its descendants.

Used to show what else was running: the machine here is shared, and a benchmark that does not
say how busy the cores were with other work cannot be trusted.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
HZ = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def available() -> bool:
    return (PROC / "stat").exists()


@dataclass(frozen=True)
class MachineSample:
    busy_s: float
    total_s: float


def machine() -> MachineSample:
    """CPU-seconds spent busy and in total, summed over every core, since boot."""
    fields = [int(x) for x in (PROC / "stat").read_text().splitlines()[0].split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, steal = fields
    busy = user + nice + system + irq + softirq + steal
    return MachineSample(busy / HZ, (busy + idle + iowait) / HZ)


def _stat(pid: int) -> tuple[int, int, int] | None:
    """(ppid, own CPU ticks, CPU ticks of reaped children) of a live process."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    rest = text[text.rfind(")") + 2 :].split()
    return int(rest[1]), int(rest[11]) + int(rest[12]), int(rest[13]) + int(rest[14])


def tree_seconds(root: int) -> float:
    """CPU-seconds of ``root``, its live descendants, and every child it has reaped."""
    parents: dict[int, int] = {}
    own: dict[int, int] = {}
    reaped: dict[int, int] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        got = _stat(int(entry.name))
        if got is not None:
            parents[int(entry.name)], own[int(entry.name)], reaped[int(entry.name)] = got
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    ticks = sum(own.get(p, 0) for p in tree) + reaped.get(root, 0)
    return ticks / HZ


def busy_fraction(seconds: float = 1.0) -> float:
    """How busy all the cores were over the next ``seconds`` (0..1)."""
    a = machine()
    time.sleep(seconds)
    b = machine()
    total = b.total_s - a.total_s
    return (b.busy_s - a.busy_s) / total if total > 0 else 0.0
