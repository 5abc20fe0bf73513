"""Calico behaves exactly as its golden files record."""

from __future__ import annotations

import json

import pytest

from tests.golden import calico_golden as golden
from tests.golden.playthrough import read_jsonl


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_calico_playthrough_matches_golden_file(name: str) -> None:
    expected = read_jsonl(golden.playthrough_path(name))
    actual = golden.play(name)
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_calico_golden_games_end_with_full_quilts() -> None:
    for name, (players, _, _) in golden.GAMES.items():
        last = read_jsonl(golden.playthrough_path(name))[-1]
        assert last["to_move"] == [] and last["legal_actions"] == 0, name
        assert sorted(last["totals"]) == sorted(players)


def test_calico_legal_action_counts_match_golden_file() -> None:
    expected = json.loads(golden.counts_path().read_text("utf-8"))
    assert golden.current_counts() == expected
    assert len(expected["counts"]) == 12
