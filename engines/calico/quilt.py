"""One player's quilt: board, design goals, the patches placed in order, and the tokens earned.

The quilt also keeps, per colour and per pattern, the mask of cells showing it (border patches
included, since they count for buttons and cats), so finding "the group this patch joined" is a
flood fill over one int (:meth:`engines.core.hexgrid.HexGrid.component`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from engines.calico.catalogue import (
    BOARDS,
    CATS,
    COLORS,
    PATCH_SPACE_COUNT,
    PATTERNS,
    cells_json,
    color_of,
    pattern_of,
)
from engines.core.derived import derived

BUTTON = "button"
CAT = "cat"
RAINBOW = "rainbow_button"


class Token(NamedTuple):
    """A button, a cat or the rainbow button, with the group that earned it.

    ``cells`` is the whole connected group at the moment it earned the token (0 for the rainbow
    button, which rewards the set of buttons rather than a group). A named tuple, immutable as a
    frozen dataclass and built in 4,000 instructions where one takes 9,800: every state read
    builds each token its players claim.
    """

    kind: str
    cells: int = 0
    color: int = -1
    """Buttons: the colour of the group."""
    cat: int = -1
    """Cats: index into :data:`~engines.calico.catalogue.CATS`."""
    pattern: int = -1
    """Cats: the pattern of the group."""

    def to_json(self) -> dict[str, Any]:
        if self.kind == BUTTON:
            return {"kind": BUTTON, "color": COLORS[self.color], "cells": cells_json(self.cells)}
        if self.kind == CAT:
            return {
                "kind": CAT,
                "cat": CATS[self.cat].id,
                "pattern": PATTERNS[self.pattern],
                "cells": cells_json(self.cells),
            }
        return {"kind": RAINBOW}

    def words(self) -> str:
        """The token in a sentence: ``a green button``, ``the cat millie (dots)``."""
        if self.kind == BUTTON:
            return f"a {COLORS[self.color]} button"
        if self.kind == CAT:
            return f"the cat {CATS[self.cat].id} ({PATTERNS[self.pattern]})"
        return "the rainbow button"


@dataclass(frozen=True)
class Quilt:
    board: int
    goals: tuple[int, ...] | None
    """Goal per goal space (``GOAL_KEYS`` order); None while the player is still choosing."""
    placed: tuple[tuple[int, int], ...]
    """``(cell bit index, tile)`` in the order the patches were placed."""
    tokens: tuple[Token, ...]
    """In the order they were earned."""
    colors: tuple[int, ...]
    """Per colour, the mask of cells (border and placed) of that colour."""
    patterns: tuple[int, ...]
    filled: int
    """The patch spaces covered so far."""
    buttoned: int
    """The cells of every group that earned a button."""
    catted: int
    """The cells of every group that earned a cat."""

    @classmethod
    def new(cls, board: int, goals: tuple[int, ...] | None) -> Quilt:
        b = BOARDS[board]
        return cls(board, goals, (), (), b.colors, b.patterns, 0, 0, 0)

    @property
    def is_full(self) -> bool:
        return len(self.placed) == PATCH_SPACE_COUNT

    @derived
    def tiles(self) -> tuple[int, ...]:
        """The tiles placed, in order (kept: loading remembers quilts, and every load counts the
        tiles out of the bag)."""
        return tuple([t for _, t in self.placed])

    @property
    def has_rainbow(self) -> bool:
        return any(t.kind == RAINBOW for t in self.tokens)

    def with_tokens(self, tokens: tuple[Token, ...]) -> Quilt:
        """The quilt holding ``tokens`` instead (a position entered from a table)."""
        buttoned = catted = 0
        for t in tokens:
            if t.kind == BUTTON:
                buttoned |= t.cells
            elif t.kind == CAT:
                catted |= t.cells
        return replace(self, tokens=tokens, buttoned=buttoned, catted=catted)

    def with_patch(self, index: int, tile: int, earned: tuple[Token, ...] = ()) -> Quilt:
        """The quilt with ``tile`` on cell ``index`` and the tokens that placement earned."""
        bit = 1 << index
        c, p = color_of(tile), pattern_of(tile)
        colors = (*self.colors[:c], self.colors[c] | bit, *self.colors[c + 1 :])
        patterns = (*self.patterns[:p], self.patterns[p] | bit, *self.patterns[p + 1 :])
        buttoned, catted = self.buttoned, self.catted
        for t in earned:
            if t.kind == BUTTON:
                buttoned |= t.cells
            elif t.kind == CAT:
                catted |= t.cells
        return Quilt(
            self.board,
            self.goals,
            (*self.placed, (index, tile)),
            (*self.tokens, *earned),
            colors,
            patterns,
            self.filled | bit,
            buttoned,
            catted,
        )

    def patches_json(self) -> list[dict[str, Any]]:
        # Written on every response, so built from tables rather than helper calls or arithmetic
        # (a fresh list and dict each: callers may change them)
        return [
            {"cell": [*_ROW_COL[i]], "color": _COLOR_OF[t], "pattern": _PATTERN_OF[t]}
            for i, t in self.placed
        ]


_ROW_COL = tuple(divmod(i, 7) for i in range(49))
"""``(row, col)`` of each cell index of the 7×7 board."""
_COLOR_OF = tuple(COLORS[color_of(t)] for t in range(len(COLORS) * len(PATTERNS)))
_PATTERN_OF = tuple(PATTERNS[pattern_of(t)] for t in range(len(COLORS) * len(PATTERNS)))
"""The colour and the pattern of each tile kind."""
