"""The simplified game's catalogue: a reading of the text's examples, built on Calico's parts.

The text gives its patterns only by example, so every entry here is a *reading*
(``docs/rules/calico_simplified.md`` sets each beside what the text says):

- a **patch** is one of the standard game's six colours (the text names colours only; the
  patterns printed on Calico's patches play no part), an int indexing :data:`COLORS`;
- the **board** is 5×5 hex spaces in Calico's odd-r layout, a cell ``(row, col)`` is bit
  ``row * 5 + col``; the "first three spaces" are ``(0, 0)``, ``(0, 1)``, ``(0, 2)``;
- a **goal pattern** is a shape (any rotation) whose patches are all one colour or all different
  colours; its button is worth 3 (the text's 3-point button, Calico's button value);
- a **cat card** is one of the standard game's shape cats (their shapes and points) or the text's
  2×2 block, in one of the six colours: 6 shapes × 6 colours, 36 cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.calico.catalogue import CATS as STANDARD_CATS
from engines.calico.catalogue import COLORS
from engines.core.hexgrid import Axial, HexGrid

GRID = HexGrid(5, 5)
SPACES = 25
START_CELLS: tuple[int, ...] = (0, 1, 2)
"""The board's first three spaces, ``(0, 0)``, ``(0, 1)``, ``(0, 2)``: the setup's patches."""
BUTTON_POINTS = 3
MAX_CATS = 3
GOALS_IN_PLAY = 3
CATS_IN_PLAY = 3
MIN_PLAYERS, MAX_PLAYERS = 1, 4

SAME = "same"
DIFFERENT = "different"

TRIANGLE: tuple[Axial, ...] = ((0, 0), (1, 0), (0, 1))
LINE_3: tuple[Axial, ...] = ((0, 0), (1, 0), (2, 0))
BLOCK: tuple[Axial, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
"""The text's "2×2" and "ring of four": four hexes around one another (a rhombus)."""


@dataclass(frozen=True)
class Goal:
    id: str
    label: str
    kind: str
    """:data:`SAME` (one colour) or :data:`DIFFERENT` (all colours different)."""
    shape: tuple[Axial, ...]
    placements: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "colors": self.kind,
            "shape_axial": [list(a) for a in self.shape],
            "button_points": BUTTON_POINTS,
        }


def _goal(goal_id: str, label: str, kind: str, shape: tuple[Axial, ...]) -> Goal:
    return Goal(goal_id, label, kind, shape, GRID.placements(shape))


GOALS: tuple[Goal, ...] = (
    _goal("same_line", "three patches of one colour in a row", SAME, LINE_3),
    _goal("different_ring", "four different colours in a ring", DIFFERENT, BLOCK),
    _goal("same_triangle", "three patches of one colour in a triangle", SAME, TRIANGLE),
    _goal("different_line", "three different colours in a row", DIFFERENT, LINE_3),
    _goal("different_triangle", "three different colours in a triangle", DIFFERENT, TRIANGLE),
)
GOAL_INDEX = {g.id: i for i, g in enumerate(GOALS)}


@dataclass(frozen=True)
class CatShape:
    id: str
    points: int
    shape: tuple[Axial, ...]
    placements: tuple[int, ...]


def _shape(cat_id: str) -> CatShape:
    cat = next(c for c in STANDARD_CATS if c.id == cat_id)
    return CatShape(cat.id, cat.points, cat.shape, GRID.placements(cat.shape))


CAT_SHAPES: tuple[CatShape, ...] = (
    _shape("callie"),
    _shape("rumi"),
    CatShape("block", 5, BLOCK, GRID.placements(BLOCK)),
    _shape("tecolote"),
    _shape("almond"),
    _shape("leo"),
)
"""The standard game's shape cats (their shape and points) and the text's 2×2 block, worth 5 as
the standard game's cat for four patches (Tibbit)."""


@dataclass(frozen=True)
class CatCard:
    id: str
    shape: int
    color: int

    @property
    def points(self) -> int:
        return CAT_SHAPES[self.shape].points

    @property
    def placements(self) -> tuple[int, ...]:
        return CAT_SHAPES[self.shape].placements

    def to_json(self) -> dict[str, Any]:
        s = CAT_SHAPES[self.shape]
        return {
            "id": self.id,
            "shape": s.id,
            "color": COLORS[self.color],
            "points": s.points,
            "shape_axial": [list(a) for a in s.shape],
        }


CAT_CARDS: tuple[CatCard, ...] = tuple(
    CatCard(f"{s.id}-{COLORS[c]}", i, c)
    for i, s in enumerate(CAT_SHAPES)
    for c in range(len(COLORS))
)
CAT_INDEX = {c.id: i for i, c in enumerate(CAT_CARDS)}
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}


def cell_json(index: int) -> list[int]:
    return list(divmod(index, GRID.cols))


def cells_json(mask: int) -> list[list[int]]:
    return [[r, c] for r, c in GRID.cells(mask)]
