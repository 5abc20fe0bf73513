"""The hex grid's masks checked on grids built inside the tests.

A grid built when a module is imported (the catalogues' boards) runs its setup before any test,
so the mutation run ties no test to it; these tests build their own. Each cell's neighbours come
from ``neighbours`` (odd rows shifted right), whose offsets test_hexgrid.py pins by hand.
"""

from __future__ import annotations

import pytest

from engines.core.hexgrid import HexGrid, neighbours


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
