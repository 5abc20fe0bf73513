"""Calico's simplified game golden files: seeded playthroughs for 1, 2 and 4 players (one with
the table's goals and cats given) and legal-action counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.golden.playthrough import HERE, legal_counts, playthrough, write_jsonl

DIR = HERE / "calico_simplified"
NAMES = ["ann", "bob", "cy", "dee"]

GAMES: dict[str, tuple[list[str], str, dict[str, Any]]] = {
    "one-player": (NAMES[:1], "simple-golden-1", {}),
    "two-players": (NAMES[:2], "simple-golden-2", {}),
    "four-players": (
        NAMES,
        "simple-golden-4",
        {
            "goals": ["same_line", "different_ring", "same_triangle"],
            "cats": ["block-yellow", "callie-green", "rumi-pink"],
        },
    ),
}
"""Name: (players, seed, options)."""

COUNT_SEED = "simple-golden-counts"
COUNT_STOPS = [0, 1, 2, 3, 5, 10, 20, 30, 40, 43]


def playthrough_path(name: str) -> Path:
    return DIR / f"playthrough-{name}.jsonl"


def counts_path() -> Path:
    return DIR / "legal_counts.json"


def play(name: str) -> list[dict[str, Any]]:
    players, seed, options = GAMES[name]
    return playthrough("calico_simplified", players, seed, options)


def current_counts() -> dict[str, Any]:
    counts = legal_counts("calico_simplified", NAMES[:2], COUNT_SEED, COUNT_STOPS)
    return {"seed": COUNT_SEED, "counts": counts}


def regenerate() -> None:
    DIR.mkdir(exist_ok=True)
    for name in GAMES:
        write_jsonl(playthrough_path(name), play(name))
    counts_path().write_text(json.dumps(current_counts(), indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    regenerate()
