"""The Isle of Cats behaves exactly as its golden files record."""

from __future__ import annotations

import json

import pytest

from tests.golden import isle_of_cats_golden as golden
from tests.golden.playthrough import read_jsonl


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_isle_of_cats_playthrough_matches_golden_file(name: str) -> None:
    expected = read_jsonl(golden.playthrough_path(name))
    actual = golden.play(name)
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_isle_of_cats_golden_games_last_five_days() -> None:
    for name, (players, _, _) in golden.GAMES.items():
        lines = read_jsonl(golden.playthrough_path(name))
        assert lines[-1]["to_move"] == [] and lines[-1]["legal_actions"] == 0, name
        assert sorted(lines[-1]["totals"]) == sorted(players)
        days = [line["action"]["id"] for line in lines[1:] if line["action"]["type"] == "draft"]
        # 3 draft rounds a day, one pick per player per round, over 5 days.
        assert len(days) == 5 * 3 * len(players), name


def test_isle_of_cats_legal_action_counts_match_golden_file() -> None:
    expected = json.loads(golden.counts_path().read_text("utf-8"))
    assert golden.current_counts() == expected
    # The opening: 2 players each choose 2 of 7 cards, C(7,2) = 21 each.
    assert expected["counts"]["0"] == 42
