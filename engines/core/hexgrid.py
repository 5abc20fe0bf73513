"""Hex grids in "odd-r" offset layout: neighbours, connected groups and shapes, as bitmasks.

Cells are ``(row, col)``: row 0 is the top row, hexes are pointy-top, and every odd row is shifted
half a hex to the right. On a grid of ``rows × cols`` cell ``(r, c)`` is bit ``r * cols + c``, so
a set of cells is one int and "grow a group by one step" is a handful of shifts
(:meth:`HexGrid.dilate`) instead of a loop over cells.

Shapes (a cat's triangle, a line of five) are written in axial coordinates ``(q, r)``, where
rotating by 60° is a linear map; :func:`to_axial` and :func:`from_axial` convert.

>>> grid = HexGrid(7, 7)
>>> sorted(neighbours((1, 1)))
[(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]
>>> grid.cells(grid.component(grid.mask([(1, 1), (1, 2), (3, 3)]), grid.bit((1, 1))))
[(1, 1), (1, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

Cell = tuple[int, int]
"""``(row, col)`` in odd-r offset layout."""
Axial = tuple[int, int]
"""``(q, r)``: axial hex coordinates, ``r`` being the row."""

EVEN_ROW_OFFSETS: tuple[Cell, ...] = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
ODD_ROW_OFFSETS: tuple[Cell, ...] = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
AXIAL_DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells around ``cell`` (unbounded: the caller drops those off its grid)."""
    r, c = cell
    offsets = ODD_ROW_OFFSETS if r & 1 else EVEN_ROW_OFFSETS
    return tuple((r + dr, c + dc) for dr, dc in offsets)


def to_axial(cell: Cell) -> Axial:
    """``q = col - floor(row / 2)``, ``r = row``."""
    row, col = cell
    return (col - (row >> 1), row)


def from_axial(axial: Axial) -> Cell:
    q, r = axial
    return (r, q + (r >> 1))


def rotate(axial: Axial) -> Axial:
    """A 60° turn about the origin: cube ``(x, y, z) → (-z, -x, -y)``."""
    q, r = axial
    return (-r, q + r)


def reflect(axial: Axial) -> Axial:
    """The mirror image that swaps the cube ``y`` and ``z`` axes."""
    q, r = axial
    return (q, -q - r)


def normalize(shape: Iterable[Axial]) -> frozenset[Axial]:
    """Translate a shape so its smallest ``r`` is 0 and, on that row, its smallest ``q`` is 0."""
    cells = list(shape)
    r0 = min(r for _, r in cells)
    q0 = min(q for q, r in cells if r == r0)
    return frozenset((q - q0, r - r0) for q, r in cells)


def orientations(
    shape: Iterable[Axial], *, reflections: bool = False
) -> tuple[frozenset[Axial], ...]:
    """The distinct shapes among the 6 rotations (and, if asked, their 6 mirror images).

    >>> len(orientations([(0, 0), (1, 0), (2, 0)]))  # a line: three directions
    3
    >>> len(orientations([(0, 0), (1, 0), (0, 1)]))  # a triangle: pointing up or down
    2
    """
    base = list(shape)
    found: list[frozenset[Axial]] = []
    for mirrored in (False, True) if reflections else (False,):
        cells = [reflect(a) for a in base] if mirrored else base
        for _ in range(6):
            cells = [rotate(a) for a in cells]
            norm = normalize(cells)
            if norm not in found:
                found.append(norm)
    return tuple(sorted(found, key=sorted))


@dataclass(frozen=True)
class HexGrid:
    """A ``rows × cols`` odd-r grid; every method works on bitmasks of its cells."""

    rows: int
    cols: int
    full: int = field(init=False)
    neighbour_masks: tuple[int, ...] = field(init=False, repr=False)
    """For each bit, the mask of the cells next to it."""
    _even_rows: int = field(init=False, repr=False)
    _first_col: int = field(init=False, repr=False)
    _last_col: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        even = first = last = 0
        for r in range(self.rows):
            row = ((1 << self.cols) - 1) << (r * self.cols)
            if r % 2 == 0:
                even |= row
            first |= 1 << (r * self.cols)
            last |= 1 << (r * self.cols + self.cols - 1)
        object.__setattr__(self, "full", (1 << (self.rows * self.cols)) - 1)
        object.__setattr__(self, "_even_rows", even)
        object.__setattr__(self, "_first_col", first)
        object.__setattr__(self, "_last_col", last)
        around = tuple(self.dilate(1 << i) & ~(1 << i) for i in range(self.rows * self.cols))
        object.__setattr__(self, "neighbour_masks", around)

    # --- cells and masks ------------------------------------------------------------------------

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def index(self, cell: Cell) -> int:
        """The bit number of ``cell``."""
        return cell[0] * self.cols + cell[1]

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.cols + cell[1])

    def mask(self, cells: Iterable[Cell]) -> int:
        out = 0
        for cell in cells:
            out |= self.bit(cell)
        return out

    def cells(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` in row-major order."""
        out: list[Cell] = []
        while mask:
            low = mask & -mask
            out.append(divmod(low.bit_length() - 1, self.cols))
            mask ^= low
        return out

    # --- adjacency ------------------------------------------------------------------------------

    def dilate(self, mask: int) -> int:
        """``mask`` and every cell next to it.

        Row ``r`` starts at bit ``r * cols``, so the row above is ``cols`` bits lower; an even row
        reaches columns ``c - 1`` and ``c`` of the rows above and below, an odd row ``c`` and
        ``c + 1``. The column masks stop a shift from wrapping onto the next row.
        """
        n = self.cols
        even = mask & self._even_rows
        odd = mask & ~self._even_rows
        not_first = ~self._first_col
        not_last = ~self._last_col
        out = mask | ((mask & not_last) << 1) | ((mask & not_first) >> 1)
        out |= ((even & not_first) >> (n + 1)) | (even >> n)
        out |= ((even & not_first) << (n - 1)) | (even << n)
        out |= (odd >> n) | ((odd & not_last) >> (n - 1))
        out |= (odd << n) | ((odd & not_last) << (n + 1))
        return out & self.full

    def border_of(self, mask: int) -> int:
        """The cells next to ``mask`` but not in it."""
        return self.dilate(mask) & ~mask

    def component(self, within: int, start: int) -> int:
        """The connected part of ``within`` that contains the cells of ``start``.

        A breadth-first search that only looks up the neighbours of the newest cells: groups on a
        game board are small, so this beats dilating the whole group at every step.
        """
        around = self.neighbour_masks
        group = frontier = start & within
        while frontier:
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= around[low.bit_length() - 1]
                frontier ^= low
            frontier = reach & within & ~group
            group |= frontier
        return group

    def components(self, within: int) -> list[int]:
        """The connected parts of ``within``, ordered by their lowest cell."""
        out: list[int] = []
        rest = within
        while rest:
            group = self.component(rest, rest & -rest)
            out.append(group)
            rest &= ~group
        return out

    def is_connected(self, mask: int) -> bool:
        return mask != 0 and self.component(mask, mask & -mask) == mask

    # --- shapes ---------------------------------------------------------------------------------

    def placements(self, shape: Iterable[Axial], *, reflections: bool = False) -> tuple[int, ...]:
        """Every mask the shape covers on the grid, in any rotation (and reflection), each once."""
        found: set[int] = set()
        for orientation in orientations(shape, reflections=reflections):
            for r0 in range(self.rows):
                for c0 in range(self.cols):
                    q0, _ = to_axial((r0, c0))
                    cells = [from_axial((q + q0, r + r0)) for q, r in orientation]
                    if all(self.contains(cell) for cell in cells):
                        found.add(self.mask(cells))
        return tuple(sorted(found))
