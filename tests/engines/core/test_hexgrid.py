"""The hex grid's masks checked on grids built inside the tests.

A grid built when a module is imported (the catalogues' boards) runs its setup before any test,
so the mutation run ties no test to it; these tests build their own. Each cell's neighbours come
from ``neighbours`` (odd rows shifted right), whose offsets test_hexgrid.py pins by hand."""

from __future__ import annotations

import pytest

from engines.core.hexgrid import HexGrid, neighbours, orientations


@pytest.mark.parametrize(("rows", "cols"), [(7, 7), (3, 5), (4, 2)])
def test_every_cell_reaches_exactly_its_neighbours_on_the_board(rows: int, cols: int) -> None:
    grid = HexGrid(rows, cols)
    assert grid.full == (1 << (rows * cols)) - 1
    for r in range(rows):
        for c in range(cols):
            cell = (r, c)
            around = [x for x in neighbours(cell) if 0 <= x[0] < rows and 0 <= x[1] < cols]
            assert grid.index(cell) == r * cols + c
            assert grid.neighbour_masks[grid.index(cell)] == grid.mask(around), cell
            assert grid.dilate(grid.bit(cell)) == grid.mask([*around, cell]), cell


def test_connected_cells_on_a_grid_built_here() -> None:
    grid = HexGrid(3, 5)
    # (1,0) is on an odd row: it touches (0,0), (0,1), (1,1), (2,0), (2,1); (0,0) and (0,2) are
    # two apart.
    assert grid.is_connected(grid.mask([(1, 0), (0, 1)]))
    assert not grid.is_connected(grid.mask([(0, 0), (0, 2)]))
    assert not grid.is_connected(0)
    assert grid.cells(grid.mask([(2, 4), (0, 0)])) == [(0, 0), (2, 4)]


def test_orientations_are_listed_by_their_sorted_cells() -> None:
    # A line of 3 has three directions. In axial (q, r): along q {(0,0),(1,0),(2,0)}; along r
    # {(0,0),(0,1),(0,2)}; and the third, normalised to start at (0, 0) on row 0,
    # {(0,0),(-1,1),(-2,2)}. Sorted by their sorted cells: (-2, 2) comes first, then
    # (0, 0), (0, 1) before (0, 0), (1, 0).
    line = [(0, 0), (1, 0), (2, 0)]
    assert orientations(line) == (
        frozenset({(0, 0), (-1, 1), (-2, 2)}),
        frozenset({(0, 0), (0, 1), (0, 2)}),
        frozenset({(0, 0), (1, 0), (2, 0)}),
    )


def test_a_shape_without_symmetry_has_6_turns_and_12_with_mirror_images() -> None:
    # Three in a row along q and one more under the first: no turn or mirror maps it onto
    # itself, so 6 turns, and 6 more mirror images when they are asked for (never otherwise).
    hook = [(0, 0), (1, 0), (2, 0), (0, 1)]
    assert len(orientations(hook)) == 6
    assert frozenset(hook) in orientations(hook)  # the shape itself, not only its mirror image
    assert len(orientations(hook, reflections=True)) == 12
    grid = HexGrid(7, 7)
    plain = set(grid.placements(hook))
    both = set(grid.placements(hook, reflections=True))
    assert plain < both
