"""Patchwork behaves exactly as its golden files record."""

from __future__ import annotations

import json

import pytest

from tests.golden import patchwork_golden as golden
from tests.golden.playthrough import playthrough, read_jsonl


@pytest.mark.parametrize("seed", golden.SEEDS)
def test_seeded_playthrough_matches_golden_file(seed: str) -> None:
    expected = read_jsonl(golden.playthrough_path(seed))
    actual = playthrough("patchwork", golden.PLAYERS, seed, {})
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"step {i} differs"


def test_legal_action_counts_match_golden_file() -> None:
    expected = json.loads(golden.counts_path().read_text("utf-8"))
    assert golden.current_counts() == expected
    assert len(expected["counts"]) == 12
