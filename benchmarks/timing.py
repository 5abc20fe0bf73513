"""Single calls timed with ``time.perf_counter_ns``, and their medians."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Stats:
    """Samples of one measurement, in nanoseconds."""

    samples: tuple[int, ...]

    @property
    def median_us(self) -> float:
        return statistics.median(self.samples) / 1e3

    @property
    def median_ms(self) -> float:
        return self.median_us / 1e3


def sample(fn: Callable[[], object], seconds: float) -> Stats:
    """Single calls of ``fn`` for about ``seconds`` (at least 20) after a short warm-up."""
    return interleaved([fn], seconds)[0]


def interleaved(fns: Sequence[Callable[[], object]], seconds: float) -> list[Stats]:
    """Each function called once per round for about ``seconds`` (20 to 2,000 rounds): a drift
    of the machine's speed hits them alike, so their medians can be divided. The collector is
    emptied first and left on, so its pauses land where they would in service."""
    clock = time.perf_counter_ns
    for _ in range(3):
        for fn in fns:
            fn()
    gc.collect()
    samples: list[list[int]] = [[] for _ in fns]
    deadline = clock() + int(seconds * 1e9)
    while len(samples[0]) < 2000 and (len(samples[0]) < 20 or clock() < deadline):
        for fn, out in zip(fns, samples, strict=True):
            t0 = clock()
            fn()
            out.append(clock() - t0)
    return [Stats(tuple(s)) for s in samples]
