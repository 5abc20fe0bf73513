"""Patchwork golden files: three seeded playthroughs, legal-action counts at twelve positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.golden.playthrough import HERE, legal_counts, playthrough, write_jsonl

DIR = HERE / "patchwork"
PLAYERS = ["alice", "bob"]
SEEDS = ["golden-1", "golden-2", "golden-3"]
COUNT_SEED = "golden-counts"
COUNT_STOPS = [0, 1, 2, 3, 5, 8, 12, 16, 20, 25, 30, 35]


def playthrough_path(seed: str) -> Path:
    return DIR / f"playthrough-{seed}.jsonl"


def counts_path() -> Path:
    return DIR / "legal_counts.json"


def current_counts() -> dict[str, Any]:
    return {
        "seed": COUNT_SEED,
        "counts": legal_counts("patchwork", PLAYERS, COUNT_SEED, COUNT_STOPS),
    }


def regenerate() -> None:
    for seed in SEEDS:
        write_jsonl(playthrough_path(seed), playthrough("patchwork", PLAYERS, seed, {}))
    counts_path().write_text(json.dumps(current_counts(), indent=1, sort_keys=True) + "\n", "utf-8")
