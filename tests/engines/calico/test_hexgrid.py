"""Odd-r hex geometry (engines/core/hexgrid.py), the board Calico is played on."""

from __future__ import annotations

import random

from engines.core.hexgrid import (
    HexGrid,
    from_axial,
    neighbours,
    orientations,
    reflect,
    rotate,
    to_axial,
)

GRID = HexGrid(7, 7)


def test_hexgrid_neighbours_of_even_and_odd_rows() -> None:
    # Even rows reach back a column above and below, odd rows forward (boards.json offsets).
    assert sorted(neighbours((2, 2))) == [(1, 1), (1, 2), (2, 1), (2, 3), (3, 1), (3, 2)]
    assert sorted(neighbours((3, 2))) == [(2, 2), (2, 3), (3, 1), (3, 3), (4, 2), (4, 3)]


def test_hexgrid_dilate_matches_the_neighbour_lists_at_every_cell() -> None:
    for r in range(7):
        for c in range(7):
            around = {x for x in neighbours((r, c)) if GRID.contains(x)}
            assert set(GRID.cells(GRID.dilate(GRID.bit((r, c))))) == around | {(r, c)}
            assert GRID.neighbour_masks[GRID.index((r, c))] == GRID.mask(around)


def test_hexgrid_axial_round_trip_and_rotation_cycle() -> None:
    for r in range(-4, 8):
        for c in range(-4, 8):
            assert from_axial(to_axial((r, c))) == (r, c)
    step = (1, 0)
    seen = []
    for _ in range(6):
        seen.append(step)
        step = rotate(step)
    assert step == (1, 0) and len(set(seen)) == 6
    assert {from_axial((q + 3, r + 3)) for q, r in seen} == set(neighbours((3, 4)))
    assert reflect(reflect((2, -1))) == (2, -1)


def test_hexgrid_components_are_the_connected_parts() -> None:
    cells = GRID.mask([(1, 1), (1, 2), (2, 2), (4, 4), (5, 5), (5, 4), (0, 6)])
    parts = [GRID.cells(p) for p in GRID.components(cells)]
    assert parts == [[(0, 6)], [(1, 1), (1, 2), (2, 2)], [(4, 4), (5, 4), (5, 5)]]
    assert GRID.component(cells, GRID.bit((5, 5))) == GRID.mask([(4, 4), (5, 4), (5, 5)])
    assert GRID.is_connected(GRID.mask([(1, 1), (1, 2)]))
    assert not GRID.is_connected(GRID.mask([(1, 1), (1, 3)]))


def test_hexgrid_component_agrees_with_repeated_dilation() -> None:
    chooser = random.Random(7)
    for _ in range(200):
        within = chooser.getrandbits(49)
        start = 1 << chooser.randrange(49)
        group = start & within
        while (grown := GRID.dilate(group) & within) != group:
            group = grown
        assert GRID.component(within, start) == group


def test_hexgrid_orientations_and_placements() -> None:
    assert len(orientations([(0, 0), (1, 0)])) == 3
    assert len(orientations([(0, 0), (1, 0), (0, 1)])) == 2
    # Three in a wide bend: six rotations, and its mirror image is one of them.
    bent = [(0, 0), (1, 0), (2, -1)]
    assert len(orientations(bent)) == 6
    assert len(orientations(bent, reflections=True)) == 6
    # A line of three with a hook is chiral: mirror images are new shapes.
    hook = [(0, 0), (1, 0), (2, 0), (2, -1)]
    assert (len(orientations(hook)), len(orientations(hook, reflections=True))) == (6, 12)
    # Two cells on a 2×2 grid: the five adjacent pairs.
    assert len(HexGrid(2, 2).placements([(0, 0), (1, 0)])) == 5
