"""``largest_answers``: every case's state is a valid state and its answer stays within
the sizes every answer must keep (entries and bytes, never times)."""

from __future__ import annotations

import orjson
import pytest

from engines import registry
from tests.benchmarks.largest_answers import CASES, Case

MOST_ENTRIES = 10_000
MOST_BYTES = 1 << 20


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_every_worst_case_decodes_and_its_answer_is_bounded(game_id: str) -> None:
    game = registry.get(game_id)
    cases: list[Case] = CASES[game_id]()
    assert {c.kind for c in cases} == {"contract-largest", "seeded-largest"}
    for case in cases:
        state = game.decode_state(case.state)
        assert case.state["game"] == game_id and case.state["phase"] == case.phase, case.name
        entries = game.legal_entries(state)
        assert 0 < len(entries) <= MOST_ENTRIES, case.name
        assert len(orjson.dumps(entries)) <= MOST_BYTES, case.name


def test_every_game_of_the_cases_is_registered() -> None:
    assert set(CASES) <= {g.id for g in registry.all_games()}
