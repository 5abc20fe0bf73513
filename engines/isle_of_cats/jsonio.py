"""Reading pieces, cells and lessons from JSON, recording every problem in a collector."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.errors import ViolationCollector, listing, shown
from engines.core.polyomino import mask_to_cells, normalize
from engines.isle_of_cats.boat import Boat, Piece, pieces_by_mask
from engines.isle_of_cats.catalogue import (
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
    cells_of,
    mask_of,
    neighbours,
    shape_def,
)
from engines.isle_of_cats.scoring import Lesson


def as_mapping(raw: Any, where: str, v: ViolationCollector) -> Mapping[str, Any]:
    # A dict (what JSON gives) first: the abstract-class check costs more.
    if type(raw) is dict or isinstance(raw, Mapping):
        return raw
    v.add("INVALID_SHAPE", where, "an object is expected here")
    return {}


def as_list(raw: Any, where: str, v: ViolationCollector) -> Sequence[Any]:
    if type(raw) is list or (isinstance(raw, Sequence) and not isinstance(raw, str)):
        return raw
    v.add("INVALID_SHAPE", where, "a list is expected here")
    return []


def read_cells(raw: Any, where: str, v: ViolationCollector) -> int | None:
    """The mask of ``[[row, col], …]``; None (recorded) when a cell is malformed or repeated."""
    cells = as_list(raw, where, v)
    out: list[tuple[int, int]] = []
    # The common case first, in one cheap pass: every cell a pair of in-grid integers (a bool is
    # not an int here: its type is bool). Anything else is read again below, for its message.
    for cell in cells:
        if type(cell) is not list or len(cell) != 2:
            break
        r, c = cell
        if type(r) is not int or type(c) is not int or not (0 <= r < ROWS and 0 <= c < COLS):
            break
        out.append((r, c))
    else:
        if out and len(set(out)) == len(out):
            return mask_of(out)
    out = []
    for i, cell in enumerate(cells):
        if (
            not isinstance(cell, Sequence)
            or isinstance(cell, str)
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        ):
            v.add("INVALID_CELL", f"{where}/{i}", f"a cell is [row, col], not {shown(cell)}")
            return None
        r, c = cell
        if not (0 <= r < ROWS and 0 <= c < COLS):
            v.add("OUTSIDE_BOAT", f"{where}/{i}", f"cell {[r, c]} is off the {ROWS}×{COLS} grid")
            return None
        out.append((r, c))
    if not out:
        v.add("INVALID_CELL", where, "a piece covers at least one cell")
        return None
    if len(set(out)) != len(out):
        v.add("INVALID_CELL", where, "a cell is listed twice")
        return None
    return mask_of(out)


def read_piece(raw: Any, where: str, v: ViolationCollector) -> Piece | None:
    """One piece; its shape must match its cells (any rotation or reflection)."""
    data = as_mapping(raw, where, v)
    kind = data.get("kind")
    if kind not in KINDS:
        v.add(
            "UNKNOWN_PIECE",
            f"{where}/kind",
            f"kind is one of {listing(KINDS, 'or')}, not {shown(kind)}",
        )
        return None
    shape = data.get("shape")
    found = shape_def(kind, shape) if isinstance(shape, int | str) else None
    if found is None:
        v.add("UNKNOWN_SHAPE", f"{where}/shape", f"{kind} has no shape {shown(shape)}")
        return None
    color = data.get("color")
    if kind in (CAT, OSHAX):
        if color not in COLORS:
            v.add(
                "INVALID_COLOR", f"{where}/color", f"a {kind} has a colour: {listing(COLORS, 'or')}"
            )
            return None
    elif color is not None:
        v.add("INVALID_COLOR", f"{where}/color", "a treasure has no colour")
        return None
    mask = read_cells(data.get("cells"), f"{where}/cells", v)
    if mask is None:
        return None
    known = pieces_by_mask(kind, found.key, color).get(mask)
    if known is not None:
        return known  # a placement of the shape inside the boat: the shape matches
    if normalize(mask_to_cells(mask, COLS)) not in found.forms:
        v.add(
            "SHAPE_MISMATCH",
            f"{where}/cells",
            f"cells {listing(cells_of(mask))} are not {kind} {shape} in any rotation or reflection",
        )
        return None
    return Piece(kind, found.key, color, mask)


_PIECE_SPECS: frozenset[tuple[str, int | str, str | None]] = frozenset(
    [
        *((CAT, key, color) for key in CAT_SHAPES for color in COLORS),
        *((OSHAX, key, color) for key in OSHAX_SHAPES for color in COLORS),
        *((RARE, key, None) for key in RARE_SHAPES),
        *((COMMON, key, None) for key in COMMON_SHAPES),
    ]
)
"""Every (kind, shape, colour) a piece of the game has: the ones the fast boat reader reads."""
_PLACED: dict[tuple[str, int | str, str | None], Mapping[int, Piece]] = {}
""":func:`pieces_by_mask` of each spec of :data:`_PIECE_SPECS` asked for so far."""


def read_boat(boat_id: str, raw: Any, where: str, v: ViolationCollector) -> Boat:
    """The pieces of one boat, each checked on its own and against the earlier ones."""
    quick = _boat_quickly(boat_id, raw)
    if quick is not None:
        return quick
    return read_boat_carefully(boat_id, raw, where, v)


def _boat_quickly(boat_id: str, raw: Any) -> Boat | None:
    """The boat :func:`read_boat_carefully` reads when every piece is a well-formed placement of
    a shape of the game inside the boat, overlapping none before it; the very same pieces (those
    of :func:`pieces_by_mask`), without a pointer per piece. None for anything else, which the
    careful reader reads again for its messages.

    Exact types only: the careful reader reads a bool or a float otherwise than an int (and a
    tuple as a cell), so those go to it.
    """
    if type(raw) is not list:
        return None
    pieces: list[Piece] = []
    occupied = 0
    for item in raw:
        if type(item) is not dict:
            return None
        kind = item.get("kind")
        shape = item.get("shape")
        color = item.get("color")
        cells = item.get("cells")
        if (
            type(kind) is not str
            or (type(shape) is not int and type(shape) is not str)
            or (color is not None and type(color) is not str)
            or type(cells) is not list
        ):
            return None
        spec = (kind, shape, color)
        placed = _PLACED.get(spec)
        if placed is None:
            if spec not in _PIECE_SPECS:
                return None
            placed = _PLACED[spec] = pieces_by_mask(kind, shape, color)
        mask = 0
        for cell in cells:
            if type(cell) is not list or len(cell) != 2:
                return None
            r, c = cell
            if not (type(r) is int is type(c) and 0 <= r < ROWS and 0 <= c < COLS):
                return None
            mask |= 1 << (r * COLS + c)
        # A cell listed twice (or none at all) leaves fewer bits than cells; only placements
        # wholly inside the boat are listed, so a piece found here is on it.
        piece = placed.get(mask) if mask.bit_count() == len(cells) else None
        if piece is None or mask & occupied:
            return None
        occupied |= mask
        pieces.append(piece)
    return Boat(boat_id, tuple(pieces))


def read_boat_carefully(boat_id: str, raw: Any, where: str, v: ViolationCollector) -> Boat:
    """:func:`read_boat` piece by piece, recording each problem where it is."""
    pieces: list[Piece] = []
    for i, item in enumerate(as_list(raw, where, v)):
        piece = read_piece(item, f"{where}/{i}", v)
        if piece is None:
            continue
        problem = Boat(boat_id, tuple(pieces)).placement_problem(piece.mask, anywhere=True)
        if problem is not None:
            v.add(problem[0], f"{where}/{i}", problem[1])
            continue
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


def check_supply(boats: Sequence[Boat], players: int, where: str, v: ViolationCollector) -> None:
    """No table holds more copies of a piece than the box (commons: than the game sets out)."""
    # One pass with plain dicts: the same keys, counts and order as a Counter per kind, cheaper.
    cats: dict[tuple[int | str, str | None], int] = {}
    oshax: dict[int | str, int] = {}
    rares: dict[int | str, int] = {}
    commons: dict[int | str, int] = {}
    for b in boats:
        for p in b.pieces:
            kind = p.kind
            if kind == CAT:
                key = (p.shape, p.color)
                cats[key] = cats.get(key, 0) + 1
            elif kind == OSHAX:
                oshax[p.shape] = oshax.get(p.shape, 0) + 1
            elif kind == RARE:
                rares[p.shape] = rares.get(p.shape, 0) + 1
            elif kind == COMMON:
                commons[p.shape] = commons.get(p.shape, 0) + 1
    twice = sorted(f"{c}-{s}" for (s, c), n in cats.items() if n > 1)
    if twice:
        v.add("TOO_MANY_COPIES", where, f"each cat exists once; more than once: {twice}")
    if any(n > 1 for n in oshax.values()):
        v.add("TOO_MANY_COPIES", where, f"each Oshax exists once: {listing(sorted(oshax))}")
    over = sorted(str(s) for s, n in rares.items() if n > RARE_COPIES[str(s)])
    if over:
        v.add("TOO_MANY_COPIES", where, f"the game has 5 rare treasures of each shape: {over}")
    limit = COMMON_COPIES.get(players, 0)
    over = sorted(str(s) for s, n in commons.items() if n > limit)
    if over:
        v.add(
            "TOO_MANY_COPIES",
            where,
            f"{players} players set out {limit} common treasures of each shape: {over}",
        )


def read_lesson(raw: Any, where: str, v: ViolationCollector, kind: str) -> Lesson | None:
    data = as_mapping(raw, where, v)
    card_id = data.get("card")
    if not isinstance(card_id, int) or card_id not in CARDS or CARDS[card_id].type != kind:
        v.add(
            "UNKNOWN_CARD", f"{where}/card", f"{shown(card_id)} is not a {kind.replace('_', ' ')}"
        )
        return None
    color = data.get("color")
    if color is not None and (color not in COLORS or not CARDS[card_id].asks_colour):
        v.add(
            "INVALID_COLOR",
            f"{where}/color",
            f"card {card_id} takes no colour ({shown(color)} was given)",
        )
        return None
    return Lesson(card_id, color)
