"""A player's boat: the pieces on it, where a new piece may go, and what the pieces form.

A piece is a mask (see :mod:`engines.isle_of_cats.catalogue`); the boat keeps them in placement
order. Families are counted in tiles: pieces of one colour (cats, and Oshax by their declared
colour) joined by orthogonally touching cells.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any, NamedTuple

from engines.isle_of_cats.catalogue import (
    BOAT_MASK,
    BOATS,
    CAT,
    CAT_SHAPES,
    COMMON,
    COMMON_SHAPES,
    EDGE_MASK,
    GRID,
    OSHAX,
    OSHAX_SHAPES,
    RARE,
    RARE_SHAPES,
    ROOMS,
    BoatDef,
    ShapeDef,
    cells_of,
    neighbours,
    shape_def,
)
from engines.isle_of_cats.catalogue import (
    COLS as GRID_COLS,
)
from engines.isle_of_cats.catalogue import (
    ROWS as GRID_ROWS,
)


class Piece(NamedTuple):
    kind: str
    shape: int | str
    color: str | None
    mask: int

    @property
    def is_cat_like(self) -> bool:
        """Cats and Oshax: the tiles that have a colour and form families."""
        return self.kind in (CAT, OSHAX)

    @property
    def is_treasure(self) -> bool:
        return self.kind in (RARE, COMMON)

    @property
    def shape_def(self) -> ShapeDef:
        found = shape_def(self.kind, self.shape)
        assert found is not None, "pieces are checked when read"
        return found

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "shape": self.shape}
        if self.color is not None:
            out["color"] = self.color
        out["cells"] = cells_of(self.mask)
        return out


Cells = tuple[tuple[int, int], ...]


Orientations = tuple[tuple[Cells, tuple[int, ...], int], ...]


def _orientations(shape: ShapeDef) -> Orientations:
    """A catalogue shape's orientations: cells (row-major), each cell's bit index, and the
    offsets that keep the orientation on the grid (no wrapping past a row's end), in the order
    of their cells."""
    out = []
    for form in sorted(tuple(sorted(f)) for f in shape.forms):
        height = 1 + max(r for r, _ in form)
        width = 1 + max(c for _, c in form)
        out.append((form, tuple(r * GRID_COLS + c for r, c in form), GRID.offsets(height, width)))
    return tuple(out)


_ORIENTATIONS: Mapping[tuple[str, int | str], Orientations] = MappingProxyType(
    {
        (shape.kind, shape.key): _orientations(shape)
        for shapes in (CAT_SHAPES, OSHAX_SHAPES, RARE_SHAPES, COMMON_SHAPES)
        for shape in shapes.values()
    }
)
"""Every shape's orientations (:func:`_orientations`) by kind and key, built once at import: a
read-only table of the catalogue's 32 shapes, not a memo. Working them out at each request cost
36 % of listing the legal actions (4,621,659 instructions a state with the table, 7,223,862
without; callgrind, plies 73 to 92 of a seeded 3-player game); building them costs 6.1 million
instructions (about 0.5 ms) once, at import, before a server forks its workers."""


ROW = (1 << GRID_COLS) - 1


def runs(offsets: int) -> tuple[tuple[int, int, int], ...]:
    """The set bits of ``offsets`` as runs along the grid's rows: ``(row, first col, last
    col)``, row-major (a run of set bits is found whole: adding its lowest bit clears it)."""
    out = []
    for r in range(GRID_ROWS):
        row = (offsets >> (r * GRID_COLS)) & ROW
        while row:
            low = row & -row
            run = row & ~(row + low)
            out.append((r, low.bit_length() - 1, run.bit_length() - 1))
            row &= ~run
    return tuple(out)


@dataclass(frozen=True)
class Family:
    color: str
    pieces: tuple[int, ...]
    """Indices into the boat's pieces."""
    mask: int

    @property
    def size(self) -> int:
        return len(self.pieces)


@dataclass(frozen=True)
class Boat:
    id: str
    pieces: tuple[Piece, ...] = ()

    @property
    def layout(self) -> BoatDef:
        return BOATS[self.id]

    @cached_property
    def occupied(self) -> int:
        out = 0
        for p in self.pieces:
            out |= p.mask
        return out

    def with_piece(self, piece: Piece) -> Boat:
        return replace(self, pieces=(*self.pieces, piece))

    def without(self, indices: set[int]) -> Boat:
        return replace(self, pieces=tuple(p for i, p in enumerate(self.pieces) if i not in indices))

    # --- placement ----------------------------------------------------------------------------

    def placement_problem(self, mask: int, anywhere: bool = False) -> tuple[str, str] | None:
        """Why a piece covering ``mask`` cannot go on this boat now (code, detail), or None."""
        if mask & ~BOAT_MASK:
            return "OUTSIDE_BOAT", f"cells {cells_of(mask & ~BOAT_MASK)} are not on the boat"
        if mask & self.occupied:
            return "OVERLAP", f"cells {cells_of(mask & self.occupied)} are already covered"
        if self.occupied and not anywhere and not mask & neighbours(self.occupied):
            return "NOT_ADJACENT", "a piece must touch an earlier piece orthogonally"
        return None

    def offsets(self, shape: ShapeDef, anywhere: bool = False) -> list[tuple[Cells, int]]:
        """Where ``shape`` may go now, by orientation: its cells (smallest row and column 0) and
        the set of its legal offsets, bit ``r * COLS + c`` for the offset ``(r, c)``: every place
        where :meth:`placement_problem` finds none, found for all offsets at once. A cell of the
        orientation is free at offset ``i`` when bit ``i`` of the free cells, shifted down by
        that cell's index, is set; it touches a piece when that bit of the cells next to the
        pieces is."""
        occ = self.occupied
        free = BOAT_MASK & ~occ
        touch = neighbours(occ) if occ and not anywhere else 0
        out = []
        for cells, shifts, inside in _ORIENTATIONS[shape.kind, shape.key]:
            fit = inside
            for k in shifts:
                fit &= free >> k
            if touch and fit:
                near = 0
                for k in shifts:
                    near |= touch >> k
                fit &= near
            if fit:
                out.append((cells, fit))
        return out

    def fits(self, shape: ShapeDef, anywhere: bool = False) -> bool:
        occ = self.occupied
        if not occ or anywhere:
            return any(not m & occ for m in shape.placements)
        touch = neighbours(occ)
        return any(not m & occ and m & touch for m in shape.placements)

    def map_bonus(self, piece: Piece) -> bool:
        """A cat on the treasure map of its own colour earns a common treasure (not an Oshax)."""
        return (
            piece.kind == CAT
            and piece.color is not None
            and bool(piece.mask & self.layout.maps[piece.color])
        )

    # --- what the pieces form -------------------------------------------------------------------

    @cached_property
    def families(self) -> tuple[Family, ...]:
        """Every group of same-coloured touching tiles (any size), largest first."""
        cats = [i for i, p in enumerate(self.pieces) if p.is_cat_like]
        seen: set[int] = set()
        out: list[Family] = []
        for start in cats:
            if start in seen:
                continue
            color = self.pieces[start].color
            group = [start]
            seen.add(start)
            mask = self.pieces[start].mask
            frontier = [start]
            while frontier:
                i = frontier.pop()
                near = neighbours(self.pieces[i].mask)
                for j in cats:
                    pj = self.pieces[j]
                    if j not in seen and pj.color == color and pj.mask & near:
                        seen.add(j)
                        group.append(j)
                        frontier.append(j)
                        mask |= pj.mask
            assert color is not None
            out.append(Family(color, tuple(sorted(group)), mask))
        out.sort(key=lambda f: (-f.size, (f.mask & -f.mask).bit_length()))
        return tuple(out)

    def cat_likes(self, color: str | None = None) -> list[Piece]:
        return [p for p in self.pieces if p.is_cat_like and (color is None or p.color == color)]

    def count(self, kind: str) -> int:
        return sum(1 for p in self.pieces if p.kind == kind)

    @property
    def visible_rats(self) -> int:
        return self.layout.rats & ~self.occupied

    @property
    def unfilled_rooms(self) -> list[str]:
        occ = self.occupied
        return [r.id for r in ROOMS if r.mask & ~occ]

    def room_empty(self, room_id: str) -> bool:
        return not next(r for r in ROOMS if r.id == room_id).mask & self.occupied

    def room_full(self, room_id: str) -> bool:
        return not next(r for r in ROOMS if r.id == room_id).mask & ~self.occupied

    @property
    def empty_edge(self) -> int:
        return EDGE_MASK & ~self.occupied

    @property
    def uncovered_maps(self) -> int:
        return sum(1 for m in self.layout.maps.values() if not m & self.occupied)


def touches_edge(piece: Piece) -> bool:
    return bool(piece.mask & EDGE_MASK)
