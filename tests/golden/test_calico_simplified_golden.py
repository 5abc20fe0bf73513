"""Calico's simplified game behaves exactly as its golden files record."""

from __future__ import annotations

import json

import pytest

from tests.golden import calico_simplified_golden as golden
from tests.golden.playthrough import read_jsonl


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_calico_simplified_playthrough_matches_golden_file(name: str) -> None:
    expected = read_jsonl(golden.playthrough_path(name))
    actual = golden.play(name)
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_calico_simplified_golden_games_fill_every_board() -> None:
    for name, (players, _, _) in golden.GAMES.items():
        lines = read_jsonl(golden.playthrough_path(name))
        assert lines[-1]["to_move"] == [] and lines[-1]["legal_actions"] == 0, name
        assert sorted(lines[-1]["totals"]) == sorted(players)
        placements = [line for line in lines[1:] if line["action"]["type"] == "place_patch"]
        assert len(placements) == 22 * len(players), name


def test_calico_simplified_legal_counts_match_golden_file() -> None:
    expected = json.loads(golden.counts_path().read_text("utf-8"))
    assert golden.current_counts() == expected
