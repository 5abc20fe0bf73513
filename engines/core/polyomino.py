"""Square-grid polyominoes: orientations and placements as bitmasks.

A board of ``rows × cols`` cells numbers cell ``(r, c)`` as bit ``r * cols + c`` (row 0 at the
top). A placement is the int whose set bits are the covered cells, so "does it fit" is
``mask & occupied == 0`` and placing is ``occupied | mask``: the cheapest test Python has.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Cell = tuple[int, int]
Shape = frozenset[Cell]


def normalize(cells: Iterable[Cell]) -> Shape:
    """Shift a shape so its smallest row and column are 0."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def orientations(cells: Iterable[Cell]) -> tuple[Shape, ...]:
    """The distinct shapes among the 8 rotations and reflections, each listed once.

    >>> len(orientations([(0, 0), (0, 1)]))  # a domino: horizontal and vertical
    2
    >>> len(orientations([(0, 0), (0, 1), (1, 1), (1, 2)]))  # an S tetromino
    4
    """
    base = list(cells)
    found: list[Shape] = []
    for flip in (False, True):
        shape = [(r, -c) if flip else (r, c) for r, c in base]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]  # a quarter turn
            norm = normalize(shape)
            if norm not in found:
                found.append(norm)
    return tuple(sorted(found, key=sorted))


def cells_to_mask(cells: Iterable[Cell], cols: int) -> int:
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * cols + c)
    return mask


def mask_to_cells(mask: int, cols: int) -> list[Cell]:
    """The covered cells in row-major order."""
    out: list[Cell] = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append(divmod(i, cols))
        mask ^= low
    return out


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int

    @property
    def full(self) -> int:
        return (1 << (self.rows * self.cols)) - 1

    def placements(self, cells: Sequence[Cell]) -> tuple[int, ...]:
        """Every way the shape fits on the empty board, as distinct masks, in ascending order."""
        return _placements(self.rows, self.cols, normalize(cells))

    def offsets(self, height: int, width: int) -> int:
        """Where a ``height × width`` box can stand on the board: the mask of the offsets (bit
        ``row * cols + col`` of its top-left cell) that keep it whole on the board."""
        row = (1 << (self.cols - width + 1)) - 1  # the columns an offset may take, on one row
        return sum(row << (r * self.cols) for r in range(self.rows - height + 1))

    def squares(self, size: int) -> tuple[int, ...]:
        """The masks of every ``size × size`` square on the board."""
        square = [(r, c) for r in range(size) for c in range(size)]
        return self.placements(square)


# Not memoized: the catalogues ask for placements only while they load, and a memo saved 1.7 %
# of loading every engine (28.8 of 1,696 million instructions, callgrind, 2026-12-05).
def _placements(rows: int, cols: int, shape: Shape) -> tuple[int, ...]:
    masks: set[int] = set()
    for o in orientations(shape):
        height = 1 + max(r for r, _ in o)
        width = 1 + max(c for _, c in o)
        base = cells_to_mask(o, cols)
        for dr in range(rows - height + 1):
            for dc in range(cols - width + 1):
                masks.add(base << (dr * cols + dc))
    return tuple(sorted(masks))
