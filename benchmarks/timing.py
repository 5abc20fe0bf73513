"""Timing primitives: single calls timed with ``time.perf_counter_ns``, and their medians."""

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
    def p90_us(self) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, (9 * len(ordered)) // 10)] / 1e3

    @property
    def median_ms(self) -> float:
        return self.median_us / 1e3


def sample(fn: Callable[[], object], seconds: float, max_samples: int = 2000) -> Stats:
    """Single calls of ``fn`` for about ``seconds`` after a short warm-up (at least 20 calls).

    The collector is emptied first and left on, so its pauses land where they would in service.
    """
    return interleaved([fn], seconds, max_samples)[0]


def interleaved(
    fns: Sequence[Callable[[], object]], seconds: float, max_rounds: int = 2000
) -> list[Stats]:
    """Several functions timed in rounds, each called once per round, for about ``seconds``.

    A drift of the machine's speed (other work starting) then hits all of them alike, so their
    medians can be divided and subtracted.
    """
    clock = time.perf_counter_ns
    for _ in range(3):
        for fn in fns:
            fn()
    gc.collect()
    samples: list[list[int]] = [[] for _ in fns]
    deadline = clock() + int(seconds * 1e9)
    rounds = 0
    while rounds < max_rounds and (rounds < 20 or clock() < deadline):
        for fn, out in zip(fns, samples, strict=True):
            t0 = clock()
            fn()
            out.append(clock() - t0)
        rounds += 1
    return [Stats(tuple(s)) for s in samples]
