"""The Isle of Cats golden files: seeded playthroughs for 2, 3 and 4 players (one starting with
another player than the first listed, one with chosen boats) and legal-action counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.golden.playthrough import HERE, legal_counts, playthrough, write_jsonl

DIR = HERE / "isle_of_cats"
NAMES = ["ann", "bob", "cy", "dee"]

GAMES: dict[str, tuple[list[str], str, dict[str, Any]]] = {
    "two-players": (NAMES[:2], "isle-golden-2", {}),
    "three-players": (NAMES[:3], "isle-golden-3", {"first_player": "cy"}),
    "four-players": (NAMES, "isle-golden-4", {"boats": {"ann": "purple", "dee": "blue"}}),
}
"""Name: (players, seed, options)."""
FAMILY_GAMES: dict[str, tuple[list[str], str, dict[str, Any]]] = {
    "family-three-players": (NAMES[:3], "isle-golden-family-3", {"mode": "family"}),
}
"""The family game (``mode: family``), same form."""
SOLO_GAMES: dict[str, tuple[list[str], str, dict[str, Any]]] = {
    "solo-hard": (NAMES[:1], "isle-golden-solo", {"mode": "solo", "solo_level": "hard"}),
}
"""The solo game against the sister (``mode: solo``), same form."""

COUNT_SEED = "isle-golden-counts"
COUNT_STOPS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 30, 50, 100]


def playthrough_path(name: str) -> Path:
    return DIR / f"playthrough-{name}.jsonl"


def counts_path() -> Path:
    return DIR / "legal_counts.json"


def play(name: str) -> list[dict[str, Any]]:
    players, seed, options = {**GAMES, **FAMILY_GAMES, **SOLO_GAMES}[name]
    return playthrough("isle_of_cats", players, seed, options)


def current_counts() -> dict[str, Any]:
    counts = legal_counts("isle_of_cats", NAMES[:2], COUNT_SEED, COUNT_STOPS)
    return {"seed": COUNT_SEED, "counts": counts}


def regenerate() -> None:
    for name in [*GAMES, *FAMILY_GAMES, *SOLO_GAMES]:
        write_jsonl(playthrough_path(name), play(name))
    counts_path().write_text(json.dumps(current_counts(), indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    regenerate()
