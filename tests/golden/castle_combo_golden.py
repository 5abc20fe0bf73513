"""Castle Combo golden files: seeded playthroughs for 2 to 5 players, an external-mode game whose
every revealed card is a chance action, a game resumed from a table, and legal-action counts at
fixed positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.golden.playthrough import HERE, legal_counts, playthrough, write_jsonl

DIR = HERE / "castle_combo"
NAMES = ["ann", "bob", "cy", "dee", "eve"]

TABLE: dict[str, Any] = {
    "players": {
        "ann": {
            "tableau": [
                {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
                {"card": "potter", "cell": [0, 1], "face_down": False, "gold": 2},
            ],
            "gold": 9,
            "keys": 3,
        },
        "bob": {
            "tableau": [{"card": "knight", "cell": [1, 1], "face_down": True, "gold": 0}],
            "gold": 21,
            "keys": 4,
        },
    },
    "displays": {
        "castle": ["officer", "captain", "pilgrim"],
        "village": ["farmhand", "doctor", "monk"],
    },
    "messenger": "village",
    "to_move": "bob",
    "discards": {"castle": ["duchess"], "village": []},
}

GAMES: dict[str, tuple[list[str], str, dict[str, Any]]] = {
    "two-players": (NAMES[:2], "castle-combo-golden-2", {}),
    "three-players": (NAMES[:3], "castle-combo-golden-3", {"first_player": "cy"}),
    "four-players": (NAMES[:4], "castle-combo-golden-4", {}),
    "five-players": (NAMES, "castle-combo-golden-5", {}),
    "external-two-players": (NAMES[:2], "castle-combo-golden-6", {"randomness": "external"}),
    "resumed-from-a-table": (NAMES[:2], "castle-combo-golden-7", {"table": TABLE}),
}
"""Name: (players, seed, options)."""

COUNT_SEED = "castle-combo-golden-counts"
COUNT_STOPS = [0, 1, 2, 3, 4, 5, 10, 15, 20, 25]


def playthrough_path(name: str) -> Path:
    return DIR / f"playthrough-{name}.jsonl"


def counts_path() -> Path:
    return DIR / "legal_counts.json"


def play(name: str) -> list[dict[str, Any]]:
    players, seed, options = GAMES[name]
    return playthrough("castle_combo", players, seed, options)


def current_counts() -> dict[str, Any]:
    counts = legal_counts("castle_combo", NAMES[:3], COUNT_SEED, COUNT_STOPS)
    return {"seed": COUNT_SEED, "counts": counts}


def regenerate() -> None:
    for name in GAMES:
        write_jsonl(playthrough_path(name), play(name))
    counts_path().write_text(json.dumps(current_counts(), indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    regenerate()
