"""The largest legal-action answers of each game (section ``worst``): for each state of
``tests/benchmarks/largest_answers.py``, the entries of ``legal_entries``, the bytes of their
JSON and the engine's CPU per call (``decode_state`` then ``legal_entries``, best of 5)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import orjson

from benchmarks.tables import table
from engines import registry
from tests.benchmarks.largest_answers import CASES, Case


def measure(game_id: str, case: Case, repeat: int = 10) -> tuple[int, int, float]:
    """(entries, bytes of their JSON, CPU ms per decode_state + legal_entries, best of 5)."""
    game = registry.get(game_id)
    entries = game.legal_entries(game.decode_state(case.state))
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(repeat):
            game.legal_entries(game.decode_state(case.state))
        best = min(best, (time.process_time() - start) / repeat)
    return len(entries), len(orjson.dumps(entries)), best * 1000


def render(wanted: Sequence[str]) -> str:
    rows: list[list[Any]] = []
    for game_id in [g for g in wanted if g in CASES]:
        for case in CASES[game_id]():
            n, size, ms = measure(game_id, case)
            rows.append([game_id, case.phase, case.kind, n, size, ms, case.name])
    return table(["game", "phase", "kind", "entries", "bytes", "CPU ms", "case"], rows, digits=2)
