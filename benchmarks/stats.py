"""Timing primitives: ``time.perf_counter_ns`` samples, warm-up, and order statistics."""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100.0
    lo = math.floor(k)
    hi = math.ceil(k)
    if lo == hi:
        return float(ordered[lo])
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


@dataclass(frozen=True)
class Stats:
    """Summary of samples, all in nanoseconds."""

    n: int
    median_ns: float
    p90_ns: float
    p99_ns: float
    min_ns: float
    mean_ns: float

    @classmethod
    def of(cls, samples_ns: Sequence[float]) -> Stats:
        return cls(
            n=len(samples_ns),
            median_ns=percentile(samples_ns, 50),
            p90_ns=percentile(samples_ns, 90),
            p99_ns=percentile(samples_ns, 99),
            min_ns=float(min(samples_ns)) if samples_ns else math.nan,
            mean_ns=sum(samples_ns) / len(samples_ns) if samples_ns else math.nan,
        )

    @property
    def median_us(self) -> float:
        return self.median_ns / 1e3

    @property
    def p90_us(self) -> float:
        return self.p90_ns / 1e3

    @property
    def median_ms(self) -> float:
        return self.median_ns / 1e6

    @property
    def p90_ms(self) -> float:
        return self.p90_ns / 1e6


@dataclass(frozen=True)
class Budget:
    """How long one measurement may take: warm-up, then samples until a count or time cap."""

    warmup_calls: int = 100
    warmup_seconds: float = 0.1
    max_samples: int = 2000
    min_samples: int = 30
    seconds: float = 0.5

    def scaled(self, factor: float) -> Budget:
        return Budget(
            warmup_calls=max(1, int(self.warmup_calls * factor)),
            warmup_seconds=self.warmup_seconds * factor,
            max_samples=max(self.min_samples, int(self.max_samples * factor)),
            min_samples=self.min_samples,
            seconds=self.seconds * factor,
        )


def sample(fn: Callable[[], object], budget: Budget) -> Stats:
    """Time single calls of ``fn`` after a warm-up; each sample is one call.

    The garbage collector is collected before sampling and left enabled, so its pauses land in
    the samples where they would land in production (they show up in p90, not the median).
    """
    clock = time.perf_counter_ns
    warm_end = clock() + int(budget.warmup_seconds * 1e9)
    for _ in range(budget.warmup_calls):
        fn()
        if clock() > warm_end:
            break
    gc.collect()
    samples: list[int] = []
    deadline = clock() + int(budget.seconds * 1e9)
    while len(samples) < budget.max_samples:
        t0 = clock()
        fn()
        samples.append(clock() - t0)
        if len(samples) >= budget.min_samples and clock() > deadline:
            break
    return Stats.of(samples)


def sample_interleaved(
    fns: Sequence[Callable[[], object]], seconds: float, max_rounds: int = 2000, warmup: int = 3
) -> list[Stats]:
    """Time several functions in rounds, each called once per round, for ``seconds`` in all.

    Slow drifts of the machine's speed then affect every function alike, so their medians can
    be compared and subtracted.
    """
    clock = time.perf_counter_ns
    for _ in range(warmup):
        for fn in fns:
            fn()
    gc.collect()
    samples: list[list[int]] = [[] for _ in fns]
    deadline = clock() + int(seconds * 1e9)
    for _ in range(max_rounds):
        for fn, out in zip(fns, samples, strict=True):
            t0 = clock()
            fn()
            out.append(clock() - t0)
        if clock() > deadline:
            break
    return [Stats.of(s) for s in samples]


def sample_blocks(
    fns: Sequence[Callable[[], object]], budget: Budget, rounds: int = 5
) -> list[Stats]:
    """Time each function in ``rounds`` short blocks, taking turns, and pool the samples.

    Within a block the calls run back to back (warm caches, like :func:`sample`); taking turns
    spreads any drift of the machine's speed over all of them.
    """
    block = Budget(
        warmup_calls=max(1, budget.warmup_calls // rounds),
        warmup_seconds=budget.warmup_seconds / rounds,
        max_samples=max(1, budget.max_samples // rounds),
        min_samples=max(1, budget.min_samples // rounds),
        seconds=budget.seconds / rounds,
    )
    samples: list[list[float]] = [[] for _ in fns]
    clock = time.perf_counter_ns
    for _ in range(rounds):
        for fn, out in zip(fns, samples, strict=True):
            warm_end = clock() + int(block.warmup_seconds * 1e9)
            for _ in range(block.warmup_calls):
                fn()
                if clock() > warm_end:
                    break
            deadline = clock() + int(block.seconds * 1e9)
            taken = 0
            while taken < block.max_samples:
                t0 = clock()
                fn()
                out.append(clock() - t0)
                taken += 1
                if taken >= block.min_samples and clock() > deadline:
                    break
    return [Stats.of(s) for s in samples]
