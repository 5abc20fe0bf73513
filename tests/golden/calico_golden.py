"""Calico golden files: seeded playthroughs for 1 to 4 players, external-mode games with chance
draws (one with the table given, one where the players choose their goals before the hands and
market are drawn), a solo scenario, and legal-action counts at fixed positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.golden.playthrough import HERE, legal_counts, playthrough, write_jsonl

DIR = HERE / "calico"
NAMES = ["ann", "bob", "cy", "dee"]

EXTERNAL_TABLE: dict[str, Any] = {
    "randomness": "external",
    "boards": {"ann": "purple", "bob": "yellow"},
    "cats": [
        {"cat": "callie", "patterns": ["dots", "stripes"]},
        {"cat": "cira", "patterns": ["ferns", "vines"]},
        {"cat": "leo", "patterns": ["flowers", "quatrefoil"]},
    ],
    "goals": {
        "ann": {"2,3": "AAAA-BB", "3,4": "all_different", "4,2": "AA-BB-C-D"},
        "bob": {"2,3": "AAA-BB-C", "3,4": "AAA-BBB", "4,2": "AA-BB-CC"},
    },
    "hands": {
        "ann": [{"color": "pink", "pattern": "dots"}, {"color": "green", "pattern": "ferns"}],
        "bob": [{"color": "yellow", "pattern": "vines"}, {"color": "purple", "pattern": "stripes"}],
    },
    "market": [
        {"color": "dark_blue", "pattern": "flowers"},
        {"color": "light_blue", "pattern": "quatrefoil"},
        {"color": "pink", "pattern": "ferns"},
    ],
}

EXTERNAL_GOAL_OFFERS: dict[str, Any] = {
    "randomness": "external",
    "boards": EXTERNAL_TABLE["boards"],
    "cats": EXTERNAL_TABLE["cats"],
    "goal_offers": {
        "ann": ["AAAA-BB", "all_different", "AA-BB-C-D", "AAA-BBB"],
        "bob": ["AAA-BB-C", "AAA-BBB", "AA-BB-CC", "all_different"],
    },
}

GAMES: dict[str, tuple[list[str], str, dict[str, Any]]] = {
    "solo": (NAMES[:1], "calico-golden-1", {}),
    "two-players": (NAMES[:2], "calico-golden-2", {}),
    "three-players": (NAMES[:3], "calico-golden-3", {"first_player": "cy"}),
    "four-players": (NAMES, "calico-golden-4", {}),
    "beginner-exact-shapes": (
        NAMES[:2],
        "calico-golden-5",
        {
            "setup": "beginner",
            "shape_cats_in_larger_area": False,
        },
    ),
    "solo-scenario-8": (NAMES[:1], "calico-golden-6", {"solo_scenario": 8}),
    "external-two-players": (NAMES[:2], "calico-golden-7", EXTERNAL_TABLE),
    "external-goal-offers": (NAMES[:2], "calico-golden-8", EXTERNAL_GOAL_OFFERS),
}
"""Name: (players, seed, options)."""

COUNT_SEED = "calico-golden-counts"
COUNT_STOPS = [0, 1, 2, 3, 4, 5, 10, 25, 50, 100, 150, 176]


def playthrough_path(name: str) -> Path:
    return DIR / f"playthrough-{name}.jsonl"


def counts_path() -> Path:
    return DIR / "legal_counts.json"


def play(name: str) -> list[dict[str, Any]]:
    players, seed, options = GAMES[name]
    return playthrough("calico", players, seed, options)


def current_counts() -> dict[str, Any]:
    return {"seed": COUNT_SEED, "counts": legal_counts("calico", NAMES, COUNT_SEED, COUNT_STOPS)}


def regenerate() -> None:
    for name in GAMES:
        write_jsonl(playthrough_path(name), play(name))
    counts_path().write_text(json.dumps(current_counts(), indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    regenerate()
