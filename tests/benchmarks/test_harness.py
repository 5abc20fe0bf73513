"""The harness's arithmetic: rounds of wrk merged into one run, targets met or missed, tables."""

from __future__ import annotations

import math

from benchmarks.tables import Check, table
from benchmarks.wrk import Run, merged


def _run(requests: int, seconds: float, p50: float, p99: float, server: float) -> Run:
    return Run(requests, seconds, 1, 100, p50, p99, server, 0.5, server + 1.0)


def test_rounds_merge_into_sums_the_middle_p50_and_the_largest_p99() -> None:
    rounds = [
        _run(1000, 2.0, 3.0, 20.0, 0.4),
        _run(3000, 3.0, 1.0, 50.0, 0.8),
        _run(2000, 2.0, 1.5, 9.0, 0.6),
    ]
    run = merged(rounds)
    assert (run.requests, run.seconds, run.errors) == (6000, 7.0, 3)
    # 6,000 requests in 7 s, not the mean of the rounds' 500, 1,000 and 1,000 a second
    assert math.isclose(run.rps, 6000 / 7)
    assert (run.p50_ms, run.p99_ms) == (1.5, 50.0)  # of 3.0, 1.0, 1.5 and 20, 50, 9
    assert math.isclose(run.server_us_per_request, 300.0)  # 1.8 CPU-s over 6,000 requests
    assert math.isclose(run.client_us_per_request, 250.0)  # 1.5 CPU-s over 6,000 requests
    # 4.8 CPU-s busy on the machine less 1.8 of the server and 1.5 of wrk, over 7 s
    assert math.isclose(run.other_cores, 1.5 / 7)


def test_a_target_is_met_at_its_limit_and_unmeasured_without_a_figure() -> None:
    assert Check("g", "t", 1.0, 1.0, "ms").verdict == "met"
    assert Check("g", "t", 1.01, 1.0, "ms").verdict == "MISSED"
    assert Check("g", "t", 59.9, 60.0, "%", at_least=True).verdict == "MISSED"
    assert Check("g", "t", math.nan, 1.0, "ms").verdict == "not measured"


def test_numeric_columns_are_right_aligned_and_a_missing_figure_is_a_dash() -> None:
    assert table(["game", "µs"], [["calico", 1234.5], ["patchwork", None]]).splitlines() == [
        "| game      |      µs |",
        "| --------- | ------: |",
        "| calico    | 1,234.5 |",
        "| patchwork |       – |",
    ]
