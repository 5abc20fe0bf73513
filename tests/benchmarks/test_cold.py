"""``benchmarks.cold`` times a game's request and the echo in each condition (figures: the docs)."""

from __future__ import annotations

from dataclasses import replace

from benchmarks import cold
from engines import registry
from service import create_app
from service.config import Settings


def test_each_condition_times_the_referee_against_the_echo() -> None:
    app = create_app(replace(Settings.from_env(), log_level="WARNING"))
    rows = cold.run(app, [registry.get("patchwork")], calls=3)
    assert [(r.game, r.measure) for r in rows] == [
        ("patchwork", "back to back"),
        ("patchwork", "after 8 MiB written"),
        ("patchwork", "after a 2 ms sleep"),
    ]
    assert all(r.value > 0 and r.unit == "%" and r.where.endswith(" µs") for r in rows)
