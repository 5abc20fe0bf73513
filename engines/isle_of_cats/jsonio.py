"""Reading pieces, cells and lessons from JSON, recording every problem in a collector.

One reader per piece: a reader is given the pointer of the list it reads and its place in it (a
:data:`~engines.core.errors.Place`), and writes a JSON Pointer and a message only when it finds
a problem, since a state is read on every request and almost never holds one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.errors import ViolationCollector, Where, below, listing, pointer_at, shown
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import (
    BOAT_MASK,
    CARDS,
    CAT,
    CAT_SHAPES,
    COLORS,
    COLS,
    COMMON,
    COMMON_COPIES,
    COMMON_SHAPES,
    KINDS,
    OSHAX,
    OSHAX_SHAPES,
    RARE,
    RARE_COPIES,
    RARE_SHAPES,
    ROWS,
    ShapeDef,
    cells_of,
    mask_of,
    neighbours,
    shape_def,
)
from engines.isle_of_cats.scoring import Lesson


def as_mapping(raw: Any, where: Where, v: ViolationCollector) -> Mapping[str, Any]:
    # A dict (what JSON gives) first: the abstract-class check costs more.
    if type(raw) is dict or isinstance(raw, Mapping):
        return raw
    v.add("INVALID_SHAPE", pointer_at(where), "an object is expected here")
    return {}


def as_list(raw: Any, where: Where, v: ViolationCollector) -> Sequence[Any]:
    if type(raw) is list or (isinstance(raw, Sequence) and not isinstance(raw, str)):
        return raw
    v.add("INVALID_SHAPE", pointer_at(where), "a list is expected here")
    return []


def _forms(shape: ShapeDef) -> dict[int, range]:
    """The shape's rotations and reflections, each as a mask moved down to its first cell (the
    lowest bit), with the columns that first cell may stand in for the whole form to be on the
    grid: moved so, a mask is its form however far along the grid the piece lies."""
    out: dict[int, range] = {}
    for form in shape.forms:
        first_col = min(c for r, c in form if r == 0)
        width = 1 + max(c for _, c in form)
        out[mask_of(list(form)) >> first_col] = range(first_col, COLS - width + first_col + 1)
    assert len(out) == len(shape.forms), "a shape narrower than the grid: one mask a form"
    return out


_PIECES: dict[tuple[Any, Any, Any], tuple[int | str, dict[int, range]]] = {
    (shape.kind, shape.key, color): (shape.key, forms)
    for table in (CAT_SHAPES, OSHAX_SHAPES, RARE_SHAPES, COMMON_SHAPES)
    for shape in table.values()
    for forms in (_forms(shape),)
    for color in (COLORS if shape.kind in (CAT, OSHAX) else (None,))
}
"""Every piece of the game, by kind, shape and colour (None for a treasure): the shape's key and
its forms (:func:`_forms`). A table of the catalogue made at import (124 pieces, 32 shapes),
never changed nor handed out."""

_CELL_BITS = tuple(tuple(1 << (r * COLS + c) for c in range(COLS)) for r in range(ROWS))
"""Each cell's bit, by row and column: one lookup checks a cell is on the grid and gives its bit."""
_OFF_BOAT = ((1 << ROWS * COLS) - 1) & ~BOAT_MASK
"""The cells of the grid off the boat (a positive mask: bitwise steps on it are quickest)."""


def _piece_problem(kind: Any, shape: Any, color: Any, where: Where, v: ViolationCollector) -> None:
    """Note why ``kind``, ``shape`` and ``color`` are no piece of the game (:data:`_PIECES` has
    none): the first of them that is wrong."""
    pointer = pointer_at(where)
    if kind not in KINDS:
        v.add(
            "UNKNOWN_PIECE",
            f"{pointer}/kind",
            f"kind is one of {listing(KINDS, 'or')}, not {shown(kind)}",
        )
    elif not isinstance(shape, (int, str)) or shape_def(kind, shape) is None:
        v.add("UNKNOWN_SHAPE", f"{pointer}/shape", f"{kind} has no shape {shown(shape)}")
    elif kind in (CAT, OSHAX):
        assert color not in COLORS, "a piece of the game"
        v.add(
            "INVALID_COLOR", f"{pointer}/color", f"a {kind} has a colour: {listing(COLORS, 'or')}"
        )
    else:
        assert color is not None, "a piece of the game"
        v.add("INVALID_COLOR", f"{pointer}/color", "a treasure has no colour")


def _cell_problem(cell: Any) -> tuple[str, str] | None:
    """What is wrong with ``cell`` (code, detail), or None for ``[row, col]`` on the grid: two
    integers (a bool is none) in a list, or in a library caller's sequence other than a string."""
    if (
        not isinstance(cell, Sequence)
        or isinstance(cell, str)
        or len(cell) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
    ):
        return "INVALID_CELL", f"a cell is [row, col], not {shown(cell)}"
    r, c = cell
    if not (0 <= r < ROWS and 0 <= c < COLS):
        return "OUTSIDE_BOAT", f"cell {[r, c]} is off the {ROWS}×{COLS} grid"
    return None


def _other_cells(
    data: Mapping[str, Any], cells: Sequence[Any], where: Where, v: ViolationCollector
) -> Piece | None:
    """:func:`read_piece` for cells that are not all JSON's ``[int, int]`` on the grid: the first
    that is no cell on the grid is noted; a library caller's ``(row, col)`` tuples and int
    subclasses are cells all the same, read anew as JSON's."""
    for k, cell in enumerate(cells):
        problem = _cell_problem(cell)
        if problem is not None:
            v.add(problem[0], f"{pointer_at(where)}/cells/{k}", problem[1])
            return None
    return read_piece({**data, "cells": [[int(r), int(c)] for r, c in cells]}, where, v)


def read_piece(raw: Any, where: Where, v: ViolationCollector) -> Piece | None:
    """One piece (at ``where``): a shape of its kind, the colour a cat or an Oshax has, and cells
    on the grid, each once, that are the shape in some rotation or reflection. Whether the
    piece is on the boat and clear of the others is :func:`read_boat`'s to say."""
    data = raw if type(raw) is dict else as_mapping(raw, where, v)
    try:  # one lookup decides the kind, the shape and the colour
        kind, shape, color = data["kind"], data["shape"], data.get("color")
        found = _PIECES[kind, shape, color]
    except (KeyError, TypeError):  # no piece of the game, a field missing, or a list as a name
        found = None
    if found is None or not isinstance(shape, (int, str)):  # 415.0 is no shape 415
        _piece_problem(data.get("kind"), data.get("shape"), data.get("color"), where, v)
        return None
    key, forms = found
    cells = data.get("cells")
    if type(cells) is not list:
        cells = as_list(cells, below(where, "/cells"), v)
    mask = 0
    try:  # JSON's [int, int] on the grid, each; anything else is named (or read anew) below
        for cell in cells:
            if type(cell) is not list:
                raise TypeError("not a list")
            r, c = cell  # ValueError: not a pair
            if not (type(r) is int is type(c) and r >= 0 and c >= 0):
                raise TypeError("not two integers, or off the grid")
            mask |= _CELL_BITS[r][c]  # IndexError: off the grid
    except (TypeError, ValueError, IndexError):
        return _other_cells(data, cells, where, v)
    if not mask:
        v.add("INVALID_CELL", f"{pointer_at(where)}/cells", "a piece covers at least one cell")
        return None
    if mask.bit_count() != len(cells):
        v.add("INVALID_CELL", f"{pointer_at(where)}/cells", "a cell is listed twice")
        return None
    first = (mask & -mask).bit_length() - 1  # the first cell (row-major), to move the mask to
    columns = forms.get(mask >> first)
    if columns is None or first % COLS not in columns:
        v.add(
            "SHAPE_MISMATCH",
            f"{pointer_at(where)}/cells",
            f"cells {listing(cells_of(mask))} are not {kind} {shape} in any rotation or reflection",
        )
        return None
    return Piece(kind, key, color, mask)


def read_boat(boat_id: str, raw: Any, where: str, v: ViolationCollector) -> Boat:
    """The pieces of one boat (the list at ``where``), each read on its own, then on the boat and
    clear of the pieces before it."""
    pieces: list[Piece] = []
    covered = 0
    for i, item in enumerate(raw if type(raw) is list else as_list(raw, where, v)):
        piece = read_piece(item, (where, i, ""), v)
        if piece is None:
            continue
        mask = piece.mask
        if mask & (_OFF_BOAT | covered):
            problem = Boat(boat_id, tuple(pieces)).placement_problem(mask, anywhere=True)
            assert problem is not None, "off the boat or on a piece: a problem to name"
            v.add(problem[0], f"{where}/{i}", problem[1])
            continue
        covered |= mask
        pieces.append(piece)
    return Boat(boat_id, tuple(pieces))


def groups(boat: Boat) -> int:
    """How many separate groups of touching pieces the boat holds."""
    left = list(range(len(boat.pieces)))
    count = 0
    while left:
        count += 1
        mask = boat.pieces[left.pop()].mask
        grown = True
        while grown:
            grown = False
            for i in list(left):
                if boat.pieces[i].mask & (mask | neighbours(mask)):
                    mask |= boat.pieces[i].mask
                    left.remove(i)
                    grown = True
    return count


_RARE_LIMIT = min(RARE_COPIES.values())
"""No rare treasure shape is over the box's count while each is at most this many."""


def check_supply(boats: Sequence[Boat], players: int, where: str, v: ViolationCollector) -> None:
    """No table holds more copies of a piece than the box (commons: than the game sets out)."""
    # One pass with plain dicts: the same keys, counts and order as a Counter per kind, cheaper.
    cats: dict[tuple[int | str, str | None], int] = {}
    oshax: dict[int | str, int] = {}
    rares: dict[int | str, int] = {}
    commons: dict[int | str, int] = {}
    for b in boats:
        for kind, shape, color, _ in b.pieces:
            if kind == CAT:
                key = (shape, color)
                cats[key] = cats.get(key, 0) + 1
            elif kind == OSHAX:
                oshax[shape] = oshax.get(shape, 0) + 1
            elif kind == RARE:
                rares[shape] = rares.get(shape, 0) + 1
            elif kind == COMMON:
                commons[shape] = commons.get(shape, 0) + 1
    # Each count is judged by its largest (in C); what is over is listed only when one is.
    if max(cats.values(), default=0) > 1:
        twice = sorted(f"{c}-{s}" for (s, c), n in cats.items() if n > 1)
        v.add("TOO_MANY_COPIES", where, f"each cat exists once; more than once: {twice}")
    if max(oshax.values(), default=0) > 1:
        v.add("TOO_MANY_COPIES", where, f"each Oshax exists once: {listing(sorted(oshax))}")
    if max(rares.values(), default=0) > _RARE_LIMIT:
        over = sorted(str(s) for s, n in rares.items() if n > RARE_COPIES[str(s)])
        if over:
            v.add("TOO_MANY_COPIES", where, f"the game has 5 rare treasures of each shape: {over}")
    limit = COMMON_COPIES.get(players, 0)
    if max(commons.values(), default=0) > limit:
        over = sorted(str(s) for s, n in commons.items() if n > limit)
        v.add(
            "TOO_MANY_COPIES",
            where,
            f"{players} players set out {limit} common treasures of each shape: {over}",
        )


def read_lesson(raw: Any, where: Where, v: ViolationCollector, kind: str) -> Lesson | None:
    """One lesson card of ``kind`` (at ``where``), with the colour it asks for if any."""
    data = as_mapping(raw, where, v)
    card_id = data.get("card")
    if not isinstance(card_id, int) or card_id not in CARDS or CARDS[card_id].type != kind:
        v.add(
            "UNKNOWN_CARD",
            f"{pointer_at(where)}/card",
            f"{shown(card_id)} is not a {kind.replace('_', ' ')}",
        )
        return None
    color = data.get("color")
    if color is not None and (color not in COLORS or not CARDS[card_id].asks_colour):
        v.add(
            "INVALID_COLOR",
            f"{pointer_at(where)}/color",
            f"card {card_id} takes no colour ({shown(color)} was given)",
        )
        return None
    return Lesson(card_id, color)
