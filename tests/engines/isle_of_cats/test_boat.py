"""The boat's placement rule: after the first piece, a tile must touch one already placed, unless
the "place anywhere" card waives it (/work/shared/reference/isle_of_cats/NOTES.md, "Placement").

`Boat.fits` answers "may this shape go on the boat now". Its touching answer and its anywhere
answer agree (tests/mutation/equivalent/isle_of_cats.boat.toml lists the changes that swap one
for the other) because of a fact of the boat's outline, pinned here: once a boat holds a piece,
a shape with room somewhere also has room touching a piece.

Why it holds. Let p be a free placement (on the boat, no covered cell) that touches no covered
cell, and y a covered cell. Slide p one cell at a time, staying on the boat. A slide cannot land
on a covered cell without the placement before it touching that cell, so the first placement of
the walk that touches or covers a covered cell is free and touches it. Such a walk reaches y
whenever some placement slid from p lies on or next to y: the first test checks which cells
each orientation's slides reach. The cells some fail to reach are a few corners at the bow and
the stern; the second test covers every boat whose covered cells all lie among those.
"""

from __future__ import annotations

from itertools import combinations

from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import (
    BOAT_MASK,
    CAT_SHAPES,
    COLS,
    COMMON,
    COMMON_SHAPES,
    OSHAX_SHAPES,
    RARE_SHAPES,
    ROWS,
    ShapeDef,
    mask_of,
    neighbours,
)

SHAPES: list[ShapeDef] = [
    *CAT_SHAPES.values(),
    *OSHAX_SHAPES.values(),
    *RARE_SHAPES.values(),
    *COMMON_SHAPES.values(),
]
CORNERS = [(3, 0), (5, 0), (3, 20), (4, 20), (5, 20), (4, 21)]
"""As [row, col]: the bow's column 0 (rows 3-5) less its middle, and the stern's columns 20
(rows 3-5) and 21 (row 4)."""
_FULL = (1 << (ROWS * COLS)) - 1
_COL0 = mask_of([(r, 0) for r in range(ROWS)])
_COL_LAST = mask_of([(r, COLS - 1) for r in range(ROWS)])


def _slides(mask: int) -> list[int]:
    """The placements one cell up, down, left and right of ``mask``, where the grid allows."""
    out = [mask >> COLS, (mask << COLS) & _FULL]
    if not mask & _COL0:
        out.append(mask >> 1)
    if not mask & _COL_LAST:
        out.append(mask << 1)
    return out


def _slide_groups(shape: ShapeDef) -> list[list[int]]:
    """The shape's placements grouped by what one-cell slides on the boat connect."""
    legal = set(shape.placements)
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in shape.placements:
        if start in seen:
            continue
        seen.add(start)
        group, frontier = [start], [start]
        while frontier:
            for moved in _slides(frontier.pop()):
                if moved in legal and moved not in seen:
                    seen.add(moved)
                    group.append(moved)
                    frontier.append(moved)
        groups.append(group)
    return groups


def _unreached(group: list[int]) -> int:
    """Boat cells that no placement of the group covers or touches."""
    reach = 0
    for m in group:
        reach |= m | neighbours(m)
    return BOAT_MASK & ~reach


def test_slides_of_every_placement_reach_the_whole_boat_but_a_few_corner_cells() -> None:
    # The boat's columns are 3,5,5,5,7,7,7,9×8,7,7,5,5,3,3,1 cells tall, centred on row 4: only
    # cells at the narrow ends can be out of a shape's reach: the bow's corners (3,0) and (5,0),
    # and the stern's last two columns.
    unreached = 0
    for shape in SHAPES:
        for group in _slide_groups(shape):
            unreached |= _unreached(group)
    assert unreached == mask_of(CORNERS)


def test_a_shape_with_room_anywhere_has_room_touching_corner_pieces() -> None:
    # Every boat whose covered cells all lie among the corner cells a slide group cannot reach.
    for shape in SHAPES:
        for group in _slide_groups(shape):
            unreached = [cell for cell in CORNERS if _unreached(group) & mask_of([cell])]
            for n in range(1, len(unreached) + 1):
                for covered in combinations(unreached, n):
                    boat = Boat("blue", (Piece(COMMON, 100, None, mask_of(list(covered))),))
                    assert boat.fits(shape, False) == boat.fits(shape, True), (shape.key, covered)
