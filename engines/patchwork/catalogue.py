"""The Patchwork components, loaded once from ``data/patches.json`` (the cross-checked reference).

Each patch's placements on the 9×9 quilt are precomputed as bitmasks (see
:mod:`engines.core.polyomino`), so legal-move generation is a filter over ints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engines.core.polyomino import Board, Cell, orientations

_DATA: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("data/patches.json").read_text("utf-8")
)

QUILT = Board(*_DATA["rules"]["quilt_board"])
FULL_QUILT = QUILT.full
QUILT_CELLS = QUILT.rows * QUILT.cols
START_BUTTONS: int = _DATA["rules"]["start_buttons"]
BONUS_POINTS: int = _DATA["rules"]["bonus_tile"]["points"]
BONUS_SQUARES = QUILT.squares(_DATA["rules"]["bonus_tile"]["square"][0])
EMPTY_SQUARE_PENALTY: int = _DATA["rules"]["empty_square_penalty"]

FINAL_SPACE: int = _DATA["time_board"]["length"]
INCOME_MARKS: tuple[int, ...] = tuple(_DATA["time_board"]["income_positions"])
LEATHER_DEFAULT: tuple[int, ...] = tuple(_DATA["time_board"]["leather_positions"])
LEATHER_ALTERNATIVE: tuple[int, ...] = tuple(_DATA["time_board"]["leather_positions_alternative"])
LEATHER_PATCHES = 5
"""The leather (1×1) patches in the box: a leather-positions option lists at most this many."""
PLAYERS = 2
"""Patchwork is a game for exactly two players."""

SMALLEST_PATCH = 0
"""The 1×2 patch: the neutral token starts just clockwise of it, so it is the last one reachable."""


@dataclass(frozen=True)
class Patch:
    id: int
    cells: tuple[Cell, ...]
    buttons_cost: int
    time_cost: int
    income: int
    placements: tuple[int, ...]
    """Every mask this patch can cover on an empty quilt, orientations that coincide listed once."""
    placement_set: frozenset[int]
    """The same masks, to tell in one lookup whether given cells form this patch."""
    shapes: frozenset[frozenset[Cell]]
    """The patch's distinct orientations, normalized."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "cells": [list(c) for c in self.cells],
            "buttons_cost": self.buttons_cost,
            "time_cost": self.time_cost,
            "income": self.income,
            "orientations": len(self.shapes),
        }

    def can_cover(self, mask: int) -> bool:
        """Whether the cells of ``mask`` are this patch, rotated or flipped, on the quilt."""
        return mask in self.placement_set


def _load_patch(raw: dict[str, Any]) -> Patch:
    cells = tuple((int(r), int(c)) for r, c in raw["cells"])
    placements = QUILT.placements(cells)
    return Patch(
        id=raw["id"],
        cells=cells,
        buttons_cost=raw["buttons_cost"],
        time_cost=raw["time_cost"],
        income=raw["income"],
        placements=placements,
        placement_set=frozenset(placements),
        shapes=frozenset(orientations(cells)),
    )


PATCHES: tuple[Patch, ...] = tuple(_load_patch(p) for p in _DATA["patches"])
assert [p.id for p in PATCHES] == list(range(len(PATCHES))), "patch ids must be 0..32 in order"
PATCH_IDS = frozenset(p.id for p in PATCHES)

SOURCES: list[str] = _DATA["sources"]
VERIFICATION: dict[str, str] = _DATA["verification"]
