"""The per-game split of the suite's time (``tests/budget.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.budget import SHARED, seconds_per_game

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="tests.engines.calico.test_rules" name="test_a" time="1.5"/>
<testcase classname="tests.engines.calico.test_rules" name="test_b" time="0.25"/>
<testcase classname="tests.service.test_full_game" name="test_whole[isle_of_cats]" time="4.0"/>
<testcase classname="tests.service.test_body" name="test_limits" time="0.5"/>
</testsuite></testsuites>
"""


def test_times_are_summed_per_game_by_path_or_parameter(tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(REPORT, "utf-8")
    assert seconds_per_game(str(report)) == {
        SHARED: (1, 0.5),
        "calico": (2, 1.75),
        "isle_of_cats": (1, 4.0),
    }
