"""The Isle of Cats components, loaded once from ``data/*.json`` (copies of the reference).

The boat is a 9 × 22 grid (row = the reference's ``y``, col = its ``x``); a cell is bit
``row * 22 + col`` of an int, so a piece is a mask and "does it fit" is one ``&``. The 142 boat
cells, the 7 rooms, the edge, each boat's rats and treasure maps are masks built here.

A **bag tile** (what the bag, the fields and the chance actions hold) is a string key:
``"<colour>-<shape id>"`` for a cat (``"blue-400"``) and ``"rare-<shape name>"`` for a rare
treasure (``"rare-L-tetromino"``).
"""

from __future__ import annotations

import builtins
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

from engines.core.polyomino import (
    Board,
    Cell,
    cells_to_mask,
    mask_to_cells,
    normalize,
    orientations,
)
from engines.isle_of_cats.effects import Effect, Lesson, card_effects

E = TypeVar("E")


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath(f"data/{name}.json").read_text("utf-8")
    )
    return data


BOATS_DATA = _load("boats")
TILES_DATA = _load("tiles")
CARDS_DATA = _load("cards")
SCORING_DATA = _load("scoring")

ROWS: int = BOATS_DATA["grid"]["height"]
COLS: int = BOATS_DATA["grid"]["width"]
GRID = Board(ROWS, COLS)
MIN_PLAYERS = 2
MAX_PLAYERS = 4


def mask_of(cells: list[list[int]] | list[Cell]) -> int:
    """The mask of ``[row, col]`` cells."""
    return cells_to_mask([(int(r), int(c)) for r, c in cells], COLS)


def _xy_mask(xys: list[list[int]]) -> int:
    """The mask of reference cells, which are ``[x, y]`` = ``[col, row]``."""
    return cells_to_mask([(y, x) for x, y in xys], COLS)


def cells_of(mask: int) -> list[list[int]]:
    """``[[row, col], …]`` in row-major order (the JSON form)."""
    return [[r, c] for r, c in _cells(mask)]


@lru_cache(maxsize=1 << 16)
def _cells(mask: int) -> tuple[Cell, ...]:
    # Pieces sit on the same few thousand masks over and over: convert each once. With
    # cells_text's cache below, this one saves 7.4 % of a late-game step of a 3-player game
    # (decode, apply, encode, legal entries: 3,234,810 instructions against 3,491,813 uncached,
    # callgrind, plies 100-139 of seed mc-1).
    return tuple(mask_to_cells(mask, COLS))


@lru_cache(maxsize=1 << 16)
def cells_text(mask: int) -> str:
    """``r,c;r,c;…``: the cells in an action id. Its gain is counted with :func:`_cells`'s
    (7.4 % of a late-game step, the two together)."""
    return ";".join(f"{r},{c}" for r, c in _cells(mask))


BOAT_MASK = _xy_mask(BOATS_DATA["cells"])
assert BOAT_MASK.bit_count() == BOATS_DATA["grid"]["cell_count"] == 142

_COL0 = cells_to_mask([(r, 0) for r in range(ROWS)], COLS)
_COL_LAST = cells_to_mask([(r, COLS - 1) for r in range(ROWS)], COLS)
_FULL = GRID.full


def neighbours(mask: int) -> int:
    """The cells orthogonally next to ``mask`` (not in it), on the whole grid."""
    up = mask >> COLS
    down = (mask << COLS) & _FULL
    left = (mask & ~_COL0) >> 1
    right = (mask & ~_COL_LAST) << 1
    return (up | down | left | right) & ~mask


@dataclass(frozen=True)
class Room:
    id: str
    icon: str | None
    name: str
    mask: int


ROOMS: tuple[Room, ...] = tuple(
    Room(r["id"], r["icon"], r["name"], _xy_mask(r["cells"])) for r in BOATS_DATA["rooms"]["list"]
)
assert sum(r.mask.bit_count() for r in ROOMS) == 142
ROOM_BY_ID = {r.id: r for r in ROOMS}


def _edge_mask() -> int:
    # The top and bottom cell of every column, plus the stern's middle cell (see boats.json).
    cells: list[Cell] = []
    for col in range(COLS):
        rows = [r for r in range(ROWS) if BOAT_MASK >> (r * COLS + col) & 1]
        cells += [(rows[0], col), (rows[-1], col)]
    mask = cells_to_mask(cells, COLS)
    return mask | cells_to_mask([(4, 0)], COLS)


EDGE_MASK = _edge_mask()

COLORS: tuple[str, ...] = tuple(TILES_DATA["cats"]["colors"])
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}


@dataclass(frozen=True)
class BoatDef:
    id: str
    rats: int
    maps: dict[str, int]
    """Colour → the one-cell mask of that colour's treasure map."""


BOATS: dict[str, BoatDef] = {
    b["boat"]: BoatDef(
        b["boat"],
        _xy_mask(b["rat_cells"]),
        {color: _xy_mask([xy]) for color, xy in b["treasure_maps"].items()},
    )
    for b in BOATS_DATA["boats"]
}
BOAT_IDS: tuple[str, ...] = tuple(BOATS)
MAPS_MASK = next(iter(BOATS.values())).maps
assert all(b.rats.bit_count() == 19 and b.rats & ~BOAT_MASK == 0 for b in BOATS.values())

# --- shapes ---------------------------------------------------------------------------------------

CAT = "cat"
OSHAX = "oshax"
RARE = "rare_treasure"
COMMON = "common_treasure"
KINDS = (CAT, OSHAX, RARE, COMMON)


@dataclass(frozen=True)
class ShapeDef:
    kind: str
    key: int | str
    """The ``tiles.json`` id (cats, Oshax, common treasures) or the rare treasure's shape name."""
    name: str
    cells: frozenset[Cell]
    forms: frozenset[frozenset[Cell]]
    """Every rotation and reflection, normalised."""
    placements: tuple[int, ...]
    """Every mask that puts the shape wholly inside the boat."""

    @property
    def size(self) -> int:
        return len(self.cells)


def _matrix_cells(matrix: list[list[int]]) -> frozenset[Cell]:
    return normalize((r, c) for r, row in enumerate(matrix) for c, v in enumerate(row) if v)


def _shape(kind: str, key: int | str, name: str, matrix: list[list[int]]) -> ShapeDef:
    cells = _matrix_cells(matrix)
    inside = tuple(m for m in GRID.placements(sorted(cells)) if m & ~BOAT_MASK == 0)
    return ShapeDef(kind, key, name, cells, frozenset(orientations(cells)), inside)


CAT_SHAPES: dict[int, ShapeDef] = {
    s["shape_id"]: _shape(CAT, s["shape_id"], s["kind"], s["matrix"])
    for s in TILES_DATA["cats"]["shapes"]
}
OSHAX_SHAPES: dict[int, ShapeDef] = {
    s["shape_id"]: _shape(OSHAX, s["shape_id"], f"oshax {s['shape_id']}", s["matrix"])
    for s in TILES_DATA["oshax"]["shapes"]
}
RARE_SHAPES: dict[str, ShapeDef] = {
    s["shape"]: _shape(RARE, s["shape"], s["shape"], s["matrix"])
    for s in TILES_DATA["rare_treasures"]["shapes"]
}
RARE_COPIES: dict[str, int] = {
    s["shape"]: s["count"] for s in TILES_DATA["rare_treasures"]["shapes"]
}
COMMON_SHAPES: dict[int, ShapeDef] = {
    s["id"]: _shape(COMMON, s["id"], f"{s['size']}-square", s["matrix"])
    for s in TILES_DATA["common_treasures"]["shapes"]
}
SMALL_COMMON: frozenset[int] = frozenset(
    s["id"] for s in TILES_DATA["common_treasures"]["shapes"] if s["small"]
)
COMMON_COPIES: dict[int, int] = {
    int(n): v
    for n, v in TILES_DATA["common_treasures"]["copies_of_each_shape_by_player_count"].items()
}
RARE_POINTS: int = TILES_DATA["rare_treasures"]["points_each"]


def shape_def(kind: str, key: int | str) -> ShapeDef | None:
    """The shape a piece names, or None when ``kind`` has no such shape."""
    tables: dict[str, dict[Any, ShapeDef]] = {
        CAT: CAT_SHAPES,
        OSHAX: OSHAX_SHAPES,
        RARE: RARE_SHAPES,
        COMMON: COMMON_SHAPES,
    }
    return tables.get(kind, {}).get(key)


# --- the bag ----------------------------------------------------------------------------------

RARE_PREFIX = "rare-"


def cat_key(color: str, shape: int) -> str:
    return f"{color}-{shape}"


def rare_key(shape: str) -> str:
    return RARE_PREFIX + shape


BAG_CONTENTS: dict[str, int] = {
    **{cat_key(c, s): 1 for s in CAT_SHAPES for c in COLORS},
    **{rare_key(s): n for s, n in RARE_COPIES.items()},
}
"""The bag before the first draw: every cat once, every rare treasure (85 + 25)."""
BAG_ORDER: tuple[str, ...] = tuple(BAG_CONTENTS)
assert sum(BAG_CONTENTS.values()) == 110


def is_cat_key(key: str) -> bool:
    return not key.startswith(RARE_PREFIX)


def parse_cat_key(key: str) -> tuple[str, int]:
    color, _, shape = key.rpartition("-")
    return color, int(shape)


# --- cards --------------------------------------------------------------------------------------

RESCUE = "rescue"
ANYTIME = "anytime"
TREASURE = "treasure"
OSHAX_CARD = "oshax"
PRIVATE_LESSON = "private_lesson"
PUBLIC_LESSON = "public_lesson"


@dataclass(frozen=True)
class CardKind:
    ids: tuple[int, ...]
    type: str
    cost: int
    effects: tuple[Effect, ...]
    """The card's ``effect`` object, read once (:mod:`engines.isle_of_cats.effects`)."""
    text: str

    @property
    def first_id(self) -> int:
        return self.ids[0]

    @property
    def lesson(self) -> Lesson | None:
        """What a lesson card scores (None: not a lesson)."""
        found = self.effects[0]
        return found if isinstance(found, Lesson) else None

    @property
    def asks_colour(self) -> bool:
        """Whether the card is a "pick a colour" lesson."""
        lesson = self.lesson
        return lesson is not None and lesson.asks_colour

    def effect(self, kind: builtins.type[E]) -> E | None:
        """The card's effect of type ``kind``, or None."""
        return next((e for e in self.effects if isinstance(e, kind)), None)


CARD_KINDS: tuple[CardKind, ...] = tuple(
    CardKind(
        tuple(c["bga_ids"]),
        c["type"],
        c["cost_fish"],
        card_effects(c["type"], c["effect"]),
        c["text"],
    )
    for c in CARDS_DATA["cards"]
)
CARDS: dict[int, CardKind] = {i: k for k in CARD_KINDS for i in k.ids}
DECK: tuple[int, ...] = tuple(sorted(CARDS))
assert len(DECK) == CARDS_DATA["deck_counts"]["discovery"] == 150


def card(card_id: int) -> CardKind:
    return CARDS[card_id]


# --- the day -------------------------------------------------------------------------------------

DAY_DATA = SCORING_DATA["day_structure"]
DAYS: int = DAY_DATA["days"]
FISH_PER_DAY = 20
HAND_SIZE = 7
DRAFT_KEEP = 2
CATS_PER_FIELD_PER_PLAYER = 2
FIELD_COST = {
    "left": SCORING_DATA["field_refill"]["left_field_cost"],
    "right": SCORING_DATA["field_refill"]["right_field_cost"],
}
FIELDS = ("left", "right")
FAMILY_TABLE: dict[int, int] = {
    int(k): v for k, v in SCORING_DATA["end_game"]["cat_families"]["table"].items()
}
RAT_POINTS: int = SCORING_DATA["end_game"]["visible_rat"]["points_each"]
ROOM_POINTS: int = SCORING_DATA["end_game"]["unfilled_room"]["points_each"]
FAMILY_MIN = 3


def family_points(size: int) -> int:
    """8, 11, 15, 20, 25, then 5 more per tile (``5 · (n − 2)`` from 5 tiles)."""
    if size in FAMILY_TABLE:
        return FAMILY_TABLE[size]
    return 5 * (size - 2)
