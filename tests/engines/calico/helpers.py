"""Build Calico quilts and games for rule tests without playing up to them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engines.calico import CALICO
from engines.calico.catalogue import (
    BOARD_INDEX,
    CAT_INDEX,
    COLOR_INDEX,
    GOAL_INDEX,
    GOAL_KEYS,
    GRID,
    PATTERN_INDEX,
    tile_of,
)
from engines.calico.earning import replay
from engines.calico.quilt import Quilt, Token
from engines.calico.state import CalicoState, CatInPlay, cat_of_pattern

Placement = tuple[tuple[int, int], str, str]
"""``((row, col), color, pattern)``."""

CATS = (
    ("millie", ("dots", "ferns")),
    ("coconut", ("flowers", "vines")),
    ("leo", ("quatrefoil", "stripes")),
)
"""Cats for tests that do not care which: every pattern attracts one."""

BEGINNER_GOALS = {"2,3": "all_different", "3,4": "AA-BB-CC", "4,2": "AAA-BBB"}


def tile(color: str, pattern: str) -> dict[str, str]:
    return {"color": color, "pattern": pattern}


def code(color: str, pattern: str) -> int:
    return tile_of(COLOR_INDEX[color], PATTERN_INDEX[pattern])


def index(cell: tuple[int, int]) -> int:
    return GRID.index(cell)


def mask(*cells: tuple[int, int]) -> int:
    return GRID.mask(cells)


def cats_in_play(cats: Sequence[tuple[str, Sequence[str]]] = CATS) -> tuple[CatInPlay, ...]:
    out = []
    for cat, patterns in cats:
        a, b = sorted(PATTERN_INDEX[p] for p in patterns)
        out.append(CatInPlay(CAT_INDEX[cat], (a, b)))
    return tuple(out)


def quilt_after(
    placements: Sequence[Placement],
    *,
    board: str = "blue",
    cats: Sequence[tuple[str, Sequence[str]]] = CATS,
    strict: bool = False,
    goals: dict[str, str] | None = None,
) -> Quilt:
    """The quilt once ``placements`` are made in order, with the tokens play awards."""
    layout = tuple(GOAL_INDEX[(goals or BEGINNER_GOALS)[k]] for k in GOAL_KEYS)
    placed = tuple((index(c), code(col, pat)) for c, col, pat in placements)
    played = replay(BOARD_INDEX[board], placed, cat_of_pattern(cats_in_play(cats)), strict)
    return replace(played, goals=layout)


def earned_at_each_step(placements: Sequence[Placement], **kwargs: Any) -> list[list[Token]]:
    """For each placement, the tokens it earned."""
    out = []
    before = 0
    for n in range(1, len(placements) + 1):
        quilt = quilt_after(placements[:n], **kwargs)
        out.append(list(quilt.tokens[before:]))
        before = len(quilt.tokens)
    return out


def kinds(tokens: Sequence[Token], kind: str) -> list[Token]:
    return [t for t in tokens if t.kind == kind]


def table(players: Sequence[str], **overrides: Any) -> dict[str, Any]:
    """External-mode options: everything on the table, overridable key by key."""
    boards = ["blue", "green", "purple", "yellow"]
    options: dict[str, Any] = {
        "randomness": "external",
        "boards": {p: boards[i] for i, p in enumerate(players)},
        "cats": [{"cat": c, "patterns": list(ps)} for c, ps in CATS],
        "goals": {p: dict(BEGINNER_GOALS) for p in players},
        "hands": {
            p: [tile("pink", "dots"), tile("green", "ferns")]
            if i % 2 == 0
            else [tile("yellow", "stripes"), tile("purple", "vines")]
            for i, p in enumerate(players)
        },
        "market": [tile("dark_blue", "dots"), tile("light_blue", "flowers"), tile("pink", "vines")],
    }
    options.update(overrides)
    return options


def external(players: Sequence[str], **overrides: Any) -> CalicoState:
    return CALICO.setup(list(players), table(players, **overrides), None)


def act(state: CalicoState, action: dict[str, Any]) -> tuple[CalicoState, list[dict[str, Any]]]:
    """Apply an action given as JSON (object or id), as the service does."""
    return CALICO.apply_checked(state, CALICO.decode_action(state, action))


def place(state: CalicoState, color: str, pattern: str, cell: tuple[int, int]) -> CalicoState:
    key = f"{color}-{pattern}"
    return act(state, {"id": f"place:{key}:{cell[0]},{cell[1]}"})[0]


def take(state: CalicoState, slot: int) -> CalicoState:
    t = CALICO.encode_state(state)["public"]["market"][slot]
    return act(state, {"id": f"take:{slot}:{t['color']}-{t['pattern']}"})[0]


def draw(state: CalicoState, *tiles: tuple[str, str]) -> CalicoState:
    return act(state, {"id": "chance:" + ",".join(f"{c}-{p}" for c, p in tiles)})[0]
