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


@pytest.mark.parametrize("name", sorted(golden.FAMILY_GAMES))
def test_isle_of_cats_family_playthrough_matches_golden_file(name: str) -> None:
    expected = read_jsonl(golden.playthrough_path(name))
    actual = golden.play(name)
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_isle_of_cats_family_golden_game_keeps_two_cards_once_and_ends() -> None:
    for name, (players, _, _) in golden.FAMILY_GAMES.items():
        lines = read_jsonl(golden.playthrough_path(name))
        assert lines[-1]["to_move"] == [] and lines[-1]["legal_actions"] == 0, name
        assert sorted(lines[-1]["totals"]) == sorted(players)
        types = [line["action"]["type"] for line in lines[1:]]
        # One keep (2 of 3 family cards) per player, before day 1; no card is bought or played.
        assert types.count("draft") == len(players), name
        assert not {"buy", "rescue_cards", "play", "keep"} & set(types), name


def test_isle_of_cats_legal_action_counts_match_golden_file() -> None:
    expected = json.loads(golden.counts_path().read_text("utf-8"))
    assert golden.current_counts() == expected
    # The opening: 2 players each choose 2 of 7 cards, C(7,2) = 21 each.
    assert expected["counts"]["0"] == 42


@pytest.mark.parametrize("name", sorted(golden.SOLO_GAMES))
def test_isle_of_cats_solo_playthrough_matches_golden_file(name: str) -> None:
    expected = read_jsonl(golden.playthrough_path(name))
    actual = golden.play(name)
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_isle_of_cats_solo_golden_game_drafts_twice_a_day_and_scores_the_sister() -> None:
    for name, (players, _, _) in golden.SOLO_GAMES.items():
        lines = read_jsonl(golden.playthrough_path(name))
        assert lines[-1]["to_move"] == [] and lines[-1]["legal_actions"] == 0, name
        assert sorted(lines[-1]["totals"]) == sorted([*players, "sister"])
        drafts = [line["action"]["id"] for line in lines[1:] if line["action"]["type"] == "draft"]
        # 2 solo draft rounds a day (keep 3 of 5 each), over 5 days.
        assert len(drafts) == 5 * 2, name
        assert all(len(d.rpartition(":")[2].split(",")) == 3 for d in drafts), name
