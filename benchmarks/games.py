"""What ``make bench`` measures for each game, and the target of each figure: one entry a game.

A game without an entry is still measured (legal actions by phase, a whole random game, HTTP
``apply``) with no targets. A new game adds an entry of a few lines: its targets, the phases of
play whose legal actions matter, and how a finished state becomes its ``score`` position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]


@dataclass(frozen=True)
class Snapshot:
    """A state of the reference game, as the phase predicates see it."""

    ply: int
    plies: int
    """Plies of the whole reference game."""
    state: Json
    """The encoded state."""

    @property
    def progress(self) -> float:
        return self.ply / max(1, self.plies)


Phase = Callable[[Snapshot], bool]

THIRDS: Mapping[str, Phase] = {
    "early": lambda s: s.progress < 1 / 3,
    "mid": lambda s: 1 / 3 <= s.progress < 2 / 3,
    "late": lambda s: s.progress >= 2 / 3,
}


@dataclass(frozen=True)
class Entry:
    game: str
    players: int = 2
    phases: Mapping[str, Phase] = field(default_factory=lambda: THIRDS)
    """Legal actions are timed at the busiest ply of each phase of the reference game."""
    legal_actions_us: float | None = None
    """Target: legal actions, median, at the busiest ply of every phase."""
    whole_game_ms: float | None = None
    """Target: a whole seeded random game (setup to end, legal actions every ply), median."""
    whole_game_players: tuple[int, ...] = ()
    """Player counts of the whole-game timing (default: ``players``)."""
    score_position_ms: float | None = None
    """Target: scoring a finished position entered from a table, median."""
    position: Callable[[Json], Json] | None = None
    """The game's ``score`` position from a finished encoded state."""


def _patchwork_position(state: Json) -> Json:
    public = state["public"]
    return {
        "players": [
            {
                "player": name,
                "buttons": quilt["buttons"],
                "bonus_tile": public["bonus_tile"] == name,
                "quilt": quilt["quilt"],
                "leather": quilt["leather"],
            }
            for name, quilt in public["players"].items()
        ],
        "first_to_finish": public["first_to_finish"],
    }


def _calico_position(state: Json) -> Json:
    public, options = state["public"], state["options"]
    keep = ("shape_cats_in_larger_area", "family_variant", "solo_scenario")
    return {
        "cats": public["cats"],
        "players": [
            {key: quilt[key] for key in ("board", "goals", "patches", "tokens")} | {"player": name}
            for name, quilt in public["players"].items()
        ],
        "options": {key: options[key] for key in keep if key in options},
    }


def _isle_of_cats_position(state: Json) -> Json:
    public, private = state["public"], state["private"]
    return {
        "players": [
            {key: boat[key] for key in ("boat", "pieces", "fish", "permanent_baskets")}
            | {
                "player": name,
                "private_lessons": [{"card": c} for c in private[name]["private_lessons"]],
            }
            for name, boat in public["players"].items()
        ],
        "turn_order": public["turn_order"],
        "public_lessons": [
            {"card": x["card"]} | ({"color": x["color"]} if x["color"] is not None else {})
            for x in public["public_lessons"]
        ],
    }


def _castle_combo_position(state: Json) -> Json:
    """Each finished tableau as its 3×3 grid, the top-left cell of its bounding box at [0][0]."""
    players = []
    for name, seat in state["public"]["players"].items():
        cards = seat["tableau"]
        top = min(c["cell"][0] for c in cards)
        left = min(c["cell"][1] for c in cards)
        grid: list[list[Json | None]] = [[None] * 3 for _ in range(3)]
        for c in cards:
            row, col = c["cell"]
            cell = {"card": c["card"], "face_down": c["face_down"], "gold": c["gold"]}
            grid[row - top][col - left] = cell
        players.append({"player": name, "grid": grid, "gold": seat["gold"], "keys": seat["keys"]})
    return {"players": players}


ENTRIES = {
    e.game: e
    for e in (
        Entry(
            "patchwork",
            legal_actions_us=100,
            whole_game_ms=20,
            position=_patchwork_position,
        ),
        Entry(
            "calico",
            legal_actions_us=100,
            whole_game_ms=20,
            score_position_ms=1.0,
            position=_calico_position,
        ),
        Entry(
            "isle_of_cats",
            score_position_ms=1.0,
            whole_game_ms=100,
            whole_game_players=(2, 3, 4),
            position=_isle_of_cats_position,
        ),
        Entry(
            "castle_combo",
            score_position_ms=0.3,
            whole_game_ms=30,
            position=_castle_combo_position,
        ),
    )
}


def entry(game_id: str) -> Entry:
    return ENTRIES.get(game_id) or Entry(game_id)
