"""Review: cats - one-pattern groups (border included) of a size or shape, one cat per area.

Rulebook (calico.pt.txt): "Cada gato tem dois padrões preferidos e exige que você forme um grupo de
peças com um tamanho ou formato específico usando um desses padrões. [...] Cada área de padrões
pode atrair um gato. Para atrair outro gato do mesmo tipo, você precisa criar uma nova área de
padrões separada." Points per cats.json. Blue board; which border patches each cell touches was
worked out by hand, e.g. (1,2) touches (0,2) vines and (0,3) ferns, (2,1) touches (3,0) ferns.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engines.calico import CALICO

from .driver import Cats, Place, Table, earned

Cell = tuple[int, int]

BEGINNER = (
    ("millie", ("dots", "ferns")),
    ("tibbit", ("flowers", "quatrefoil")),
    ("coconut", ("stripes", "vines")),
)
SIZES = (
    ("callie", ("dots", "ferns")),
    ("cira", ("flowers", "vines")),
    ("gwenivere", ("quatrefoil", "stripes")),
)
LINES = (
    ("rumi", ("dots", "ferns")),
    ("tecolote", ("flowers", "vines")),
    ("leo", ("quatrefoil", "stripes")),
)
ALMOND = (
    ("millie", ("dots", "ferns")),
    ("almond", ("quatrefoil", "stripes")),
    ("leo", ("flowers", "vines")),
)


def cats_per_step(seq: Sequence[Place], cats: Cats, setup: str = "regular") -> list[list[str]]:
    tb = Table({"ann": seq}, cats=cats, setup=setup)
    return [[x["cat"] for x in earned(tb.step()) if x["kind"] == "cat"] for _ in seq]


def cat_points(seq: Sequence[Place], cats: Cats, setup: str = "regular") -> int:
    tb = Table({"ann": seq}, cats=cats, setup=setup).run()
    player = CALICO.score(tb.state).to_json()["players"][0]
    return int(next(c["points"] for c in player["components"] if c["id"] == "cats"))


def line(cells: Sequence[Cell], color_cycle: int, pattern: str) -> list[Place]:
    colors = ["pink", "yellow", "green", "purple", "dark_blue", "light_blue"]
    return [(cell, colors[(i + color_cycle) % 6], pattern) for i, cell in enumerate(cells)]


# --- size cats ----------------------------------------------------------------------------------

FERNS_A = line([(1, 2), (1, 3)], 0, "ferns")
"""With border (0,3) pink ferns: a ferns group of 3."""


def test_millie_with_a_border_patch_and_its_points() -> None:
    assert cats_per_step(FERNS_A, BEGINNER, "beginner") == [[], ["millie"]]
    assert cat_points(FERNS_A, BEGINNER, "beginner") == 3


def test_a_group_touching_an_area_that_earned_a_cat_earns_none() -> None:
    # (2,1) + border (3,0) ferns is a separate pair; (1,1) joins it to area A (which has Millie)
    seq = FERNS_A + line([(2, 1), (1, 1)], 2, "ferns")
    assert cats_per_step(seq, BEGINNER, "beginner") == [[], ["millie"], [], []]
    # without area A the same pair + (1,1) attracts Millie
    assert cats_per_step(seq[2:], BEGINNER, "beginner") == [[], ["millie"]]


def test_the_same_cat_again_on_separate_areas_including_its_other_pattern_next_door() -> None:
    dots_next_to_a = line([(1, 1), (2, 1), (2, 2)], 1, "dots")  # (2,2) and (1,1) touch (1,2)
    dots_apart = line([(4, 3), (4, 4), (5, 3)], 3, "dots")
    seq = FERNS_A + dots_next_to_a + dots_apart
    got = cats_per_step(seq, BEGINNER, "beginner")
    assert got == [[], ["millie"], [], [], ["millie"], [], [], ["millie"]]
    assert cat_points(seq, BEGINNER, "beginner") == 9


def test_a_mix_of_the_cats_two_patterns_is_not_a_group() -> None:
    seq = [
        ((2, 4), "pink", "dots"),
        ((3, 3), "pink", "ferns"),
        ((4, 4), "yellow", "dots"),
        ((4, 3), "yellow", "ferns"),
    ]
    assert cats_per_step(seq, BEGINNER, "beginner") == [[], [], [], []]


@pytest.mark.parametrize(
    ("cats", "setup", "pattern", "cells", "cat", "points"),
    [
        (BEGINNER, "beginner", "flowers", [(2, 4), (3, 3), (4, 4), (4, 3)], "tibbit", 5),
        (BEGINNER, "beginner", "stripes", [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4)], "coconut", 7),
        (SIZES, "regular", "vines", [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (2, 4)], "cira", 9),
        (
            SIZES,
            "regular",
            "quatrefoil",
            [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (2, 4), (5, 3)],
            "gwenivere",
            11,
        ),
    ],
)
def test_size_cats_need_exactly_their_minimum(
    cats: Cats, setup: str, pattern: str, cells: list[Cell], cat: str, points: int
) -> None:
    seq = line(cells, 0, pattern)  # interior cells (and (5,3): ferns, vines borders)
    want: list[list[str]] = [[] for _ in cells[:-1]] + [[cat]]
    assert cats_per_step(seq, cats, setup) == want
    assert cat_points(seq, cats, setup) == points


# --- shape cats ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cells",
    [
        [(2, 1), (2, 2), (3, 1)],  # pointing down
        [(3, 1), (3, 2), (2, 2)],  # pointing up
    ],
)
def test_callie_is_a_triangle_either_way_up(cells: list[Cell]) -> None:
    assert cats_per_step(line(cells, 0, "dots"), SIZES) == [[], [], ["callie"]]
    assert cat_points(line(cells, 0, "dots"), SIZES) == 3


@pytest.mark.parametrize(
    "cells",
    [
        [(2, 4), (3, 3), (4, 3)],  # a straight line (down-left)
        [(2, 1), (2, 2), (1, 2)],  # bent at 120 degrees
    ],
)
def test_callie_is_not_any_three(cells: list[Cell]) -> None:
    assert cats_per_step(line(cells, 0, "dots"), SIZES) == [[], [], []]


@pytest.mark.parametrize(
    "cells",
    [
        [(3, 1), (3, 2), (3, 3)],  # along the row
        [(2, 2), (3, 2), (4, 3)],  # down-right: even (2,2) -> (3,2), odd (3,2) -> (4,3)
        [(2, 4), (3, 3), (4, 3)],  # down-left: even (2,4) -> (3,3), odd (3,3) -> (4,3)
    ],
)
def test_rumi_is_a_line_of_three_in_each_hex_direction(cells: list[Cell]) -> None:
    assert cats_per_step(line(cells, 0, "dots"), LINES) == [[], [], ["rumi"]]
    assert cat_points(line(cells, 0, "dots"), LINES) == 5


@pytest.mark.parametrize("cells", [[(2, 1), (2, 2), (1, 2)], [(2, 1), (2, 2), (3, 1)]])
def test_rumi_is_not_a_bent_three_or_a_triangle(cells: list[Cell]) -> None:
    assert cats_per_step(line(cells, 0, "dots"), LINES) == [[], [], []]


def test_tecolote_is_a_line_of_four() -> None:
    seq = line([(1, 4), (2, 4), (3, 3), (4, 3)], 0, "vines")
    assert cats_per_step(seq, LINES) == [[], [], [], ["tecolote"]]
    assert cat_points(seq, LINES) == 7
    bent = line([(2, 2), (3, 2), (3, 3), (4, 4)], 0, "vines")
    assert cats_per_step(bent, LINES) == [[], [], [], []]


@pytest.mark.parametrize(
    ("pattern", "cells"),
    [
        (
            "quatrefoil",
            [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3)],
        ),  # down-right, no border quatrefoil
        ("stripes", [(1, 4), (2, 4), (3, 3), (4, 3), (5, 2)]),  # down-left, no border stripes
    ],
)
def test_leo_is_a_line_of_five_on_the_diagonals(pattern: str, cells: list[Cell]) -> None:
    seq = line(cells, 0, pattern)
    assert cats_per_step(seq, LINES) == [[], [], [], [], ["leo"]]
    assert cat_points(seq, LINES) == 11


def test_leo_is_not_a_bent_five() -> None:
    seq = line([(1, 1), (2, 2), (3, 2), (4, 3), (4, 4)], 0, "quatrefoil")
    assert cats_per_step(seq, LINES) == [[], [], [], [], []]


@pytest.mark.parametrize(
    ("pattern", "cells"),
    [
        # row of 3 on row 4, row of 2 nestled below it on row 5
        ("stripes", [(4, 3), (4, 4), (4, 5), (5, 3), (5, 4)]),
        # rotated: line (3,3)-(4,3)-(5,2) with (4,4), (5,3) nestled beside it
        ("quatrefoil", [(3, 3), (4, 3), (5, 2), (4, 4), (5, 3)]),
    ],
)
def test_almond_is_a_row_of_three_with_a_row_of_two_on_it(pattern: str, cells: list[Cell]) -> None:
    seq = line(cells, 0, pattern)
    assert cats_per_step(seq, ALMOND) == [[], [], [], [], ["almond"]]
    assert cat_points(seq, ALMOND) == 9


def test_almond_is_not_any_five() -> None:
    # one line of three (2,2)-(3,2)-(4,3); (3,1) nestles on its first pair only
    seq = line([(2, 1), (2, 2), (3, 1), (3, 2), (4, 3)], 0, "stripes")
    assert cats_per_step(seq, ALMOND) == [[], [], [], [], []]
