"""Castle Combo behaves exactly as its golden files record."""

from __future__ import annotations

import json

import pytest

from tests.golden import castle_combo_golden as golden
from tests.golden.playthrough import read_jsonl


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_castle_combo_playthrough_matches_golden_file(name: str) -> None:
    expected = read_jsonl(golden.playthrough_path(name))
    actual = golden.play(name)
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_castle_combo_golden_games_end_with_every_tableau_full() -> None:
    for name, (players, _, _) in golden.GAMES.items():
        steps = read_jsonl(golden.playthrough_path(name))
        last = steps[-1]
        assert last["to_move"] == [] and last["legal_actions"] == 0, name
        assert sorted(last["totals"]) == sorted(players)
        buys = sum(1 for s in steps if s["action"] and s["action"]["type"] == "buy_card")
        # 9 cards each; a resumed table already held ann's 2 cards and bob's 1
        already = 3 if name == "resumed-from-a-table" else 0
        assert buys == 9 * len(players) - already, name


def test_castle_combo_legal_action_counts_match_golden_file() -> None:
    expected = json.loads(golden.counts_path().read_text("utf-8"))
    assert golden.current_counts() == expected
    assert len(expected["counts"]) == 10
