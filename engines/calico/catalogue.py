"""The Calico components, loaded once from ``data/*.json`` (copies of the cross-checked reference).

Everything the rules use is turned into small ints here, so play works on ints and bitmasks:

- a **tile** is ``color * 6 + pattern`` (indices into :data:`COLORS` and :data:`PATTERNS`); its
  JSON form is ``{"color": …, "pattern": …}`` and its key (bag, chance) is ``"color-pattern"``;
- a **cell** of the 7×7 odd-r board is bit ``row * 7 + col`` of a mask (see
  :mod:`engines.core.hexgrid`);
- boards, cats and design goals are indices into :data:`BOARDS`, :data:`CATS` and :data:`GOALS`,
  whose ``id`` is the reference id clients use.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from operator import itemgetter
from typing import Any

from engines.core.hexgrid import Axial, Cell, HexGrid


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath(f"data/{name}.json").read_text("utf-8")
    )
    return data


TILES_DATA = _load("tiles")
BOARDS_DATA = _load("boards")
CATS_DATA = _load("cats")
GOALS_DATA = _load("design_goals")
RULES_DATA = _load("rules")
READINGS = _load("readings")

# --- tiles --------------------------------------------------------------------------------------

COLORS: tuple[str, ...] = tuple(c["id"] for c in TILES_DATA["colors"])
PATTERNS: tuple[str, ...] = tuple(p["id"] for p in TILES_DATA["patterns"])
COPIES: int = TILES_DATA["copies_per_combination"]
TILE_TYPES = len(COLORS) * len(PATTERNS)
assert len(COLORS) == len(PATTERNS) == 6, "the rules pair 6 colours with 6 patterns"
assert TILES_DATA["total_patch_tiles"] == TILE_TYPES * COPIES

COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
PATTERN_INDEX = {p: i for i, p in enumerate(PATTERNS)}


def tile_of(color: int, pattern: int) -> int:
    return color * 6 + pattern


def color_of(tile: int) -> int:
    return tile // 6


def pattern_of(tile: int) -> int:
    return tile % 6


TILE_KEYS: tuple[str, ...] = tuple(f"{COLORS[t // 6]}-{PATTERNS[t % 6]}" for t in range(TILE_TYPES))
"""``"color-pattern"``: how the bag and chance outcomes name a tile (no id contains a hyphen)."""
TILE_BY_KEY = {key: t for t, key in enumerate(TILE_KEYS)}


def tile_keys(tiles: Sequence[int]) -> list[str]:
    """The keys of ``tiles`` (a fresh list): a seeded bag's ~100 looked up by one ``itemgetter``
    in C, 12,600 instructions where a comprehension takes 19,700."""
    if len(tiles) < 2:  # an itemgetter of one index gives the item itself, of none is no getter
        return [TILE_KEYS[t] for t in tiles]
    return list(itemgetter(*tiles)(TILE_KEYS))


def tile_json(tile: int) -> dict[str, str]:
    return {"color": COLORS[tile // 6], "pattern": PATTERNS[tile % 6]}


LOWER_VARIANCE_COPIES = COPIES - 1
"""The lower-variance variant removes one set of 36 (one tile of each kind): 72 tiles remain."""

# --- the board ----------------------------------------------------------------------------------

_GEOMETRY = BOARDS_DATA["geometry"]
GRID = HexGrid(7, 7)
GOAL_SPACES: tuple[Cell, ...] = tuple((r, c) for r, c in _GEOMETRY["design_goal_spaces"])
GOAL_KEYS: tuple[str, ...] = tuple(f"{r},{c}" for r, c in GOAL_SPACES)
"""The JSON names of the goal spaces, ``"row,col"`` as in ``boards.json``."""
GOAL_NEIGHBOURS: tuple[int, ...] = tuple(
    GRID.mask((r, c) for r, c in _GEOMETRY["goal_neighbours"][key]) for key in GOAL_KEYS
)
"""For each goal space, the mask of the six patch spaces around it."""

BORDER = GRID.full & ~GRID.mask((r, c) for r in range(1, 6) for c in range(1, 6))
PATCH_SPACES = GRID.full & ~BORDER & ~GRID.mask(GOAL_SPACES)
PATCH_SPACE_COUNT: int = _GEOMETRY["patch_spaces"]
assert PATCH_SPACES.bit_count() == PATCH_SPACE_COUNT == 22
assert all(n & PATCH_SPACES == n and n.bit_count() == 6 for n in GOAL_NEIGHBOURS)


def cell_json(bit: int) -> list[int]:
    """``[row, col]`` of a bit index."""
    return list(divmod(bit, GRID.cols))


def cells_json(mask: int) -> list[list[int]]:
    """``[[row, col], …]`` in row-major order (a fresh list: callers may change it)."""
    # Not memoized: a memo of each mask's cells saved 1.0 % of an apply that also lists the
    # legal actions and scores (31,029,800 instructions with it, 31,336,303 without over 20 steps
    # of a seeded 3-player game; callgrind, 2026-12-05).
    return [[r, c] for r, c in GRID.cells(mask)]


@dataclass(frozen=True)
class Board:
    """A quilt board: its printed border patches, as colour and pattern masks."""

    id: str
    border: tuple[tuple[int, int], ...]
    """``(bit index, tile)`` of the 24 printed patches."""
    colors: tuple[int, ...]
    """For each colour, the mask of border patches of that colour."""
    patterns: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "border": [{"cell": cell_json(i), **tile_json(t)} for i, t in self.border],
        }


def _load_board(board_id: str, raw: dict[str, Any]) -> Board:
    border = tuple(
        sorted(
            (
                GRID.index((b["row"], b["col"])),
                tile_of(COLOR_INDEX[b["color"]], PATTERN_INDEX[b["pattern"]]),
            )
            for b in raw["border_cells"]
        )
    )
    colors = [0] * 6
    patterns = [0] * 6
    for i, t in border:
        colors[color_of(t)] |= 1 << i
        patterns[pattern_of(t)] |= 1 << i
    board = Board(board_id, border, tuple(colors), tuple(patterns))
    assert sum(1 << i for i, _ in border) == BORDER, (
        f"board {board_id} must print every border cell"
    )
    return board


BOARDS: tuple[Board, ...] = tuple(_load_board(k, v) for k, v in BOARDS_DATA["boards"].items())
BOARD_INDEX = {b.id: i for i, b in enumerate(BOARDS)}

# --- cats ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cat:
    """A cat scoring tile side: what one-pattern group attracts it and what its token is worth."""

    id: str
    name: str
    points: int
    kind: str
    """``"group"`` (any connected group of ``min_size`` or more) or ``"shape"``."""
    min_size: int
    shape: tuple[Axial, ...]
    placements: tuple[int, ...]
    """Shape cats: every mask the shape covers on the board, in any rotation."""
    placement_set: frozenset[int]
    placements_through: tuple[tuple[int, ...], ...]
    """Shape cats: for each cell, the placements that cover it."""
    dots: int
    status: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "points": self.points,
            "kind": self.kind,
            "dots": self.dots,
            "status": self.status,
        }
        if self.kind == "group":
            out["min_size"] = self.min_size
        else:
            out["shape_axial"] = [list(a) for a in self.shape]
            out["size"] = self.min_size
        return out


def _load_cat(raw: dict[str, Any]) -> Cat:
    shape: tuple[Axial, ...] = tuple((q, r) for q, r in raw.get("cells_axial", []))
    placements = GRID.placements(shape) if shape else ()
    through = tuple(tuple(p for p in placements if p >> i & 1) for i in range(49))
    return Cat(
        id=raw["id"],
        name=raw["name"],
        points=raw["points"],
        kind=raw["kind"],
        min_size=raw["min_size"] if raw["kind"] == "group" else len(shape),
        shape=shape,
        placements=placements,
        placement_set=frozenset(placements),
        placements_through=through,
        dots=raw["dots"],
        status=raw["status"],
    )


CATS: tuple[Cat, ...] = tuple(_load_cat(c) for c in CATS_DATA["cats"])
CAT_INDEX = {c.id: i for i, c in enumerate(CATS)}
_CAT_BY_NAME = {c.name: i for i, c in enumerate(CATS)}


@dataclass(frozen=True)
class CatTile:
    """A double-sided cat scoring tile; regular setup draws one per dot group, side at random."""

    sides: tuple[int, int]
    dots: int
    status: str


CAT_TILES: tuple[CatTile, ...] = tuple(
    CatTile((_CAT_BY_NAME[t["sides"][0]], _CAT_BY_NAME[t["sides"][1]]), t["dots"], t["status"])
    for t in CATS_DATA["double_sided_tiles"]
)
DOT_GROUPS: tuple[int, ...] = tuple(sorted({t.dots for t in CAT_TILES}))
assert all(CATS[s].dots == t.dots for t in CAT_TILES for s in t.sides)
BEGINNER_CATS: tuple[int, ...] = tuple(CAT_INDEX[c] for c in READINGS["beginner_cats"]["cats"])

# --- design goals -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """A design goal tile: the partition its six neighbours must form, and what it scores."""

    id: str
    printed: str
    partition: tuple[int, ...]
    """Group sizes, largest first: AAA-BB-C is (3, 2, 1)."""
    low: int
    """Points when colours or patterns form the partition."""
    high: int
    """Points when both do."""
    status: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "printed": self.printed,
            "partition": list(self.partition),
            "points_one_condition": self.low,
            "points_both_conditions": self.high,
            "status": self.status,
        }


GOALS: tuple[Goal, ...] = tuple(
    Goal(
        g["id"],
        g["printed"],
        tuple(sorted(g["partition"], reverse=True)),
        g["points_one_condition"],
        g["points_both_conditions"],
        g["status"],
    )
    for g in GOALS_DATA["design_goals"]
)
GOAL_INDEX = {g.id: i for i, g in enumerate(GOALS)}
BEGINNER_GOALS: tuple[int, ...] = tuple(
    GOAL_INDEX[READINGS["beginner_goals"]["layout"][key]] for key in GOAL_KEYS
)
GOAL_OFFER = 4
"""Regular setup: each player reveals 4 of their 6 goal tiles and keeps 3."""

# --- turn, market, buttons ----------------------------------------------------------------------

_BUTTONS = RULES_DATA["buttons"]
BUTTON_POINTS: int = _BUTTONS["points_per_button"]
RAINBOW_POINTS: int = _BUTTONS["rainbow"]["points"]
BUTTON_GROUP = 3
"""A same-colour group of 3 or more patches earns a button (rules.json buttons.trigger)."""
HAND_SIZE: int = RULES_DATA["setup"]["hand"]
MARKET_SIZE: int = RULES_DATA["market"]["size_all_player_counts"]
MIN_PLAYERS, MAX_PLAYERS = 1, len(BOARDS)

# --- solo scenarios -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    """A solo scenario's extra objective, as structured by ``readings.json``."""

    id: str
    label: str
    cat_tokens: int = 0
    tokens_of_one_cat: int = 0
    buttons_of_one_color: int = 0
    goals_met: int = 0
    goals_high: int = 0
    rainbow: bool = False
    each_cat: bool = False

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True)
class Scenario:
    number: int
    goals: tuple[int, ...]
    """Goal per goal space, in :data:`GOAL_KEYS` order."""
    cats: tuple[int, ...]
    objectives: tuple[Objective, ...]
    min_score: int
    status: str

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "goals": {k: GOALS[g].id for k, g in zip(GOAL_KEYS, self.goals, strict=True)},
            "cats": [CATS[c].id for c in self.cats],
            "objectives": [o.to_json() for o in self.objectives],
            "min_score": self.min_score,
            "status": self.status,
        }


def _objective(text: str) -> Objective:
    raw = READINGS["scenario_objectives"]["objectives"][text]
    return Objective(
        id=raw["id"],
        label=raw["label"],
        cat_tokens=raw.get("cat_tokens", 0),
        tokens_of_one_cat=raw.get("tokens_of_one_cat", 0),
        buttons_of_one_color=raw.get("buttons_of_one_color", 0),
        goals_met=raw.get("goals_met", 0),
        goals_high=raw.get("goals_high", 0),
        rainbow=raw.get("rainbow", False),
        each_cat=raw.get("each_cat", False),
    )


def _scenario(raw: dict[str, Any]) -> Scenario:
    n = raw["n"]
    order = READINGS["scenario_goal_spaces"]["order"]
    assert tuple(order) == GOAL_KEYS
    verified = n == 1
    solo = RULES_DATA["solo"]
    return Scenario(
        number=n,
        goals=tuple(GOAL_INDEX[g] for g in raw["goals"]),
        cats=tuple(_CAT_BY_NAME[c] for c in raw["cats"]),
        objectives=tuple(_objective(o) for o in raw["extra_objectives"]),
        min_score=raw["min_score"],
        status=(
            "cross-checked (rulebook art and myautoma data.js)"
            if verified
            else "unverified: " + solo["scenarios_status"]
        ),
    )


SCENARIOS: dict[int, Scenario] = {s["n"]: _scenario(s) for s in RULES_DATA["solo"]["scenarios"]}

# --- what info() shows of the sources -----------------------------------------------------------

SOURCES: dict[str, list[str]] = {
    "tiles": TILES_DATA["sources"],
    "boards": BOARDS_DATA["sources"],
    "cats": CATS_DATA["sources"],
    "design_goals": GOALS_DATA["sources"],
    "rules": RULES_DATA["sources"],
}
VARIANTS: dict[str, Any] = TILES_DATA["variants"]
