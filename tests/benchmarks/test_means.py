"""``benchmarks.means`` runs and names what it compares (its figures go to the docs, not here)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks import means
from engines import registry
from service import create_app
from service.config import Settings


@pytest.mark.slow  # plays a reference game of every engine: about 20 s
def test_every_mean_is_timed_for_its_games() -> None:
    app = create_app(replace(Settings.from_env(), log_level="WARNING"))
    rows = means.run(app, 0.0)
    named = [(r.game, r.measure.split(" (")[0].split(" 5")[0]) for r in rows]
    assert [(g, m) for g, m in named if m.startswith(("write", "read"))] == [
        (game, measure)
        for game in [g.id for g in registry.all_games()]
        for measure in (
            "write the answer",
            "read the apply body",
            "read the apply body: limits walked, against implied by the contract",
        )
    ]
    encoded = [(r.game, r.measure.split(" ")[1]) for r in rows if r.measure.startswith("encode")]
    assert encoded == [
        ("patchwork", "783"),
        ("isle_of_cats", "5124"),
        ("patchwork", "and"),  # encode and write
        ("isle_of_cats", "and"),
    ]
    assert [r.game for r in rows if r.measure.startswith("check")] == ["isle_of_cats"]
    assert all(r.value > 0 and r.unit == "× faster" for r in rows)
    assert [r.game for r in rows if r.measure.startswith("take")] == ["isle_of_cats", "all"]
