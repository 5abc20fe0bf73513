"""Odd-r hex geometry (engines/core/hexgrid.py), the board Calico is played on."""

from __future__ import annotations

import random
from typing import Any

from engines.calico import CALICO
from engines.core.hexgrid import (
    HexGrid,
    from_axial,
    neighbours,
    orientations,
    reflect,
    rotate,
    to_axial,
)

from .table_driver import Table, earned

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


# --- the board as printed ---------------------------------------------------------------------


def odd_r_neighbours(r: int, c: int) -> set[tuple[int, int]]:
    """By hand: same row c±1; even rows reach c-1 and c above/below, odd rows c and c+1."""
    if r % 2:
        around = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    else:
        around = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    return {(a, b) for a, b in around if 0 <= a < 7 and 0 <= b < 7}


def geometry() -> dict[str, Any]:
    geo: dict[str, Any] = CALICO.info()["catalogue"]["board_geometry"]
    return geo


def test_the_22_patch_spaces_are_the_interior_minus_the_goal_spaces() -> None:
    interior = {(r, c) for r in range(1, 6) for c in range(1, 6)}
    goals = {(2, 3), (3, 4), (4, 2)}
    want = sorted(interior - goals)
    assert len(want) == 22
    assert sorted(tuple(x) for x in geometry()["patch_spaces"]) == want


def test_goal_spaces_and_their_six_neighbours() -> None:
    spaces = geometry()["goal_spaces"]
    assert sorted(spaces) == ["2,3", "3,4", "4,2"]
    # (2,3) even row, (3,4) odd row, (4,2) even row, written out by hand:
    by_hand = {
        "2,3": {(2, 2), (2, 4), (1, 2), (1, 3), (3, 2), (3, 3)},
        "3,4": {(3, 3), (3, 5), (2, 4), (2, 5), (4, 4), (4, 5)},
        "4,2": {(4, 1), (4, 3), (3, 1), (3, 2), (5, 1), (5, 2)},
    }
    for k, cells in by_hand.items():
        r, c = map(int, k.split(","))
        assert odd_r_neighbours(r, c) == cells
        assert {tuple(x) for x in spaces[k]["neighbours"]} == cells


def test_placing_on_a_goal_space_or_a_border_patch_is_illegal() -> None:
    tb = Table({"ann": [((1, 1), "pink", "dots")]})
    for r, c in [(2, 3), (3, 4), (4, 2), (0, 3), (6, 6), (3, 0)]:
        action = CALICO.decode_action(tb.state, {"id": f"place:pink-dots:{r},{c}"})
        # One reason only, and the one about the space: the tile is in ann's hand and it is her
        # turn to place, so nothing else is wrong.
        assert [x.code for x in CALICO.check(tb.state, action)] == ["NOT_A_PATCH_SPACE"], (r, c)


def test_odd_rows_are_shifted_right_in_play() -> None:
    # (3,3) is on an odd row: (2,4) and (4,4) touch it, so these three yellows are one group.
    tb = Table(
        {
            "ann": [
                ((2, 4), "yellow", "dots"),
                ((4, 4), "yellow", "ferns"),
                ((3, 3), "yellow", "vines"),
            ]
        }
    )
    got = [earned(tb.step()) for _ in range(3)]
    assert got[:2] == [[], []]
    assert [x["kind"] for x in got[2]] == ["button"]
    assert sorted(map(tuple, got[2][0]["cells"])) == [(2, 4), (3, 3), (4, 4)]


def test_even_rows_do_not_reach_right_diagonals() -> None:
    # (2,2) is on an even row: it touches (1,1)/(1,2) and (3,1)/(3,2), not (1,3) or (3,3).
    tb = Table(
        {"ann": [((1, 3), "green", "dots"), ((3, 3), "green", "ferns"), ((2, 2), "green", "vines")]}
    )
    assert [earned(tb.step()) for _ in range(3)] == [[], [], []]
    tb = Table(
        {"ann": [((1, 1), "green", "dots"), ((3, 1), "green", "ferns"), ((2, 2), "green", "vines")]}
    )
    got = [earned(tb.step()) for _ in range(3)]
    assert [x["kind"] for x in got[2]] == ["button"]


BORDERS = {
    "blue": (
        ((0, 0), "pink", "vines"),
        ((0, 1), "yellow", "stripes"),
        ((0, 2), "light_blue", "vines"),
        ((0, 3), "pink", "ferns"),
        ((0, 4), "purple", "quatrefoil"),
        ((0, 5), "yellow", "flowers"),
        ((0, 6), "green", "stripes"),
        ((1, 0), "green", "flowers"),
        ((1, 6), "dark_blue", "dots"),
        ((2, 0), "dark_blue", "quatrefoil"),
        ((2, 6), "purple", "vines"),
        ((3, 0), "light_blue", "ferns"),
        ((3, 6), "yellow", "ferns"),
        ((4, 0), "purple", "stripes"),
        ((4, 6), "green", "quatrefoil"),
        ((5, 0), "yellow", "dots"),
        ((5, 6), "dark_blue", "flowers"),
        ((6, 0), "purple", "flowers"),
        ((6, 1), "light_blue", "quatrefoil"),
        ((6, 2), "pink", "flowers"),
        ((6, 3), "dark_blue", "ferns"),
        ((6, 4), "green", "vines"),
        ((6, 5), "pink", "dots"),
        ((6, 6), "light_blue", "stripes"),
    ),
    "green": (
        ((0, 0), "dark_blue", "ferns"),
        ((0, 1), "yellow", "vines"),
        ((0, 2), "green", "ferns"),
        ((0, 3), "dark_blue", "stripes"),
        ((0, 4), "purple", "quatrefoil"),
        ((0, 5), "yellow", "dots"),
        ((0, 6), "light_blue", "vines"),
        ((1, 0), "purple", "dots"),
        ((1, 6), "pink", "flowers"),
        ((2, 0), "pink", "quatrefoil"),
        ((2, 6), "purple", "ferns"),
        ((3, 0), "light_blue", "stripes"),
        ((3, 6), "yellow", "stripes"),
        ((4, 0), "yellow", "flowers"),
        ((4, 6), "light_blue", "quatrefoil"),
        ((5, 0), "purple", "vines"),
        ((5, 6), "pink", "dots"),
        ((6, 0), "green", "stripes"),
        ((6, 1), "dark_blue", "dots"),
        ((6, 2), "green", "quatrefoil"),
        ((6, 3), "pink", "stripes"),
        ((6, 4), "light_blue", "ferns"),
        ((6, 5), "dark_blue", "flowers"),
        ((6, 6), "green", "vines"),
    ),
    "purple": (
        ((0, 0), "yellow", "flowers"),
        ((0, 1), "pink", "dots"),
        ((0, 2), "purple", "flowers"),
        ((0, 3), "yellow", "ferns"),
        ((0, 4), "light_blue", "stripes"),
        ((0, 5), "pink", "quatrefoil"),
        ((0, 6), "green", "dots"),
        ((1, 0), "light_blue", "quatrefoil"),
        ((1, 6), "dark_blue", "vines"),
        ((2, 0), "dark_blue", "stripes"),
        ((2, 6), "light_blue", "flowers"),
        ((3, 0), "green", "ferns"),
        ((3, 6), "pink", "ferns"),
        ((4, 0), "pink", "vines"),
        ((4, 6), "green", "stripes"),
        ((5, 0), "light_blue", "dots"),
        ((5, 6), "dark_blue", "quatrefoil"),
        ((6, 0), "purple", "ferns"),
        ((6, 1), "yellow", "quatrefoil"),
        ((6, 2), "purple", "stripes"),
        ((6, 3), "dark_blue", "ferns"),
        ((6, 4), "green", "flowers"),
        ((6, 5), "yellow", "vines"),
        ((6, 6), "purple", "dots"),
    ),
    "yellow": (
        ((0, 0), "green", "quatrefoil"),
        ((0, 1), "dark_blue", "flowers"),
        ((0, 2), "yellow", "stripes"),
        ((0, 3), "purple", "dots"),
        ((0, 4), "dark_blue", "vines"),
        ((0, 5), "green", "ferns"),
        ((0, 6), "pink", "quatrefoil"),
        ((1, 0), "pink", "ferns"),
        ((1, 6), "light_blue", "flowers"),
        ((2, 0), "purple", "vines"),
        ((2, 6), "dark_blue", "stripes"),
        ((3, 0), "yellow", "dots"),
        ((3, 6), "green", "dots"),
        ((4, 0), "green", "flowers"),
        ((4, 6), "pink", "vines"),
        ((5, 0), "dark_blue", "quatrefoil"),
        ((5, 6), "light_blue", "ferns"),
        ((6, 0), "light_blue", "vines"),
        ((6, 1), "purple", "ferns"),
        ((6, 2), "yellow", "vines"),
        ((6, 3), "light_blue", "dots"),
        ((6, 4), "pink", "stripes"),
        ((6, 5), "purple", "flowers"),
        ((6, 6), "yellow", "quatrefoil"),
    ),
}
"""The printed border patches of each board, as in shared/reference/calico/boards.json."""


def test_every_printed_border_patch_of_the_four_boards() -> None:
    boards = {b["id"]: b for b in CALICO.info()["catalogue"]["boards"]}
    assert sorted(boards) == sorted(BORDERS)
    for name, cells in BORDERS.items():
        got = sorted((tuple(x["cell"]), x["color"], x["pattern"]) for x in boards[name]["border"])
        assert got == sorted(cells), name
        # sanity, by hand: 24 border cells, 4 of each colour on every board
        assert len(cells) == 24
        colors = [c for _, c, _ in cells]
        assert all(colors.count(c) == 4 for c in set(colors))


def test_border_patches_join_groups_on_every_board() -> None:
    # (1,2) touches border (0,2) and (0,3); (1,3) touches (0,3) and (0,4).
    # blue (0,3) pink ferns: pink at (1,2) and (1,3) with it make 3 pink -> a button.
    tb = Table(
        {"ann": [((1, 2), "pink", "dots"), ((1, 3), "pink", "vines")]}, boards={"ann": "blue"}
    )
    got = [earned(tb.step()) for _ in range(2)]
    assert got[0] == []
    assert sorted(map(tuple, got[1][0]["cells"])) == [(0, 3), (1, 2), (1, 3)]
    # the dead corner (0,0) touches no patch space: blue (0,0) is pink vines, (1,0) green flowers.
    for r, c in [(0, 0), (6, 0)]:
        assert not odd_r_neighbours(r, c) & {(a, b) for a in range(1, 6) for b in range(1, 6)}
