"""Cats are attracted as one-pattern groups form: a size, or a shape in any rotation.

Cells are on the blue board. Rotations are built here by stepping through the six hex directions
in turn, independently of the engine's axial arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from engines.calico import CALICO
from engines.calico.catalogue import BOARDS, CAT_INDEX, GRID, PATCH_SPACES, PATTERN_INDEX
from engines.calico.quilt import CAT, Token

from .helpers import Placement, act, earned_at_each_step, external, kinds, mask, tile
from .table_driver import Cats, Place, Table, earned

COLORS = ["dark_blue", "green", "light_blue", "pink", "purple", "yellow"]

# --- size cats ----------------------------------------------------------------------------------

SNAKE = [(2, 2), (3, 2), (3, 3), (2, 4), (4, 3), (4, 4), (1, 3)]
"""Each prefix is connected; no stripes border patch touches it on the blue board."""


def striped(cells: list[tuple[int, int]], pattern: str = "stripes") -> list[Placement]:
    # Colours rotate so that no three neighbours share one (buttons are not under test).
    return [(c, COLORS[i % 6], pattern) for i, c in enumerate(cells)]


@pytest.mark.parametrize(
    ("cat", "size"), [("millie", 3), ("tibbit", 4), ("coconut", 5), ("cira", 6), ("gwenivere", 7)]
)
def test_cat_size_cats_come_when_the_group_reaches_their_size(cat: str, size: int) -> None:
    cats = [
        (cat, ("stripes", "dots")),
        ("rumi", ("ferns", "flowers")),
        ("leo", ("quatrefoil", "vines")),
    ]
    steps = earned_at_each_step(striped(SNAKE[:size]), cats=cats)
    earned = [kinds(s, CAT) for s in steps]
    assert [len(e) for e in earned] == [0] * (size - 1) + [1]
    token = earned[-1][0]
    assert (token.cat, token.pattern) == (CAT_INDEX[cat], PATTERN_INDEX["stripes"])
    assert token.cells == mask(*SNAKE[:size])


MILLIE = [
    ("millie", ("dots", "ferns")),
    ("coconut", ("flowers", "vines")),
    ("leo", ("quatrefoil", "stripes")),
]


def test_cat_group_must_be_one_pattern() -> None:
    steps = earned_at_each_step(
        [((2, 2), "pink", "dots"), ((3, 2), "green", "dots"), ((3, 3), "yellow", "ferns")],
        cats=MILLIE,
    )
    assert all(not kinds(s, CAT) for s in steps)


def test_cat_group_touching_an_area_that_attracted_a_cat_attracts_none() -> None:
    placements = [
        ((2, 2), "pink", "dots"),
        ((3, 2), "green", "dots"),
        ((3, 3), "yellow", "dots"),  # Millie
        ((4, 3), "purple", "dots"),  # grows Millie's area: nothing
        ((5, 3), "dark_blue", "dots"),
        ((5, 2), "light_blue", "dots"),  # a fresh pair joined to it: nothing
    ]
    steps = earned_at_each_step(placements, cats=MILLIE)
    assert [len(kinds(s, CAT)) for s in steps] == [0, 0, 1, 0, 0, 0]


def test_cat_same_cat_again_on_a_separate_group_border_patches_included() -> None:
    placements = [
        ((2, 2), "pink", "dots"),
        ((3, 2), "green", "dots"),
        ((3, 3), "yellow", "dots"),  # Millie
        ((5, 5), "purple", "dots"),  # joins the printed pink dots at (6, 5)
        ((4, 5), "dark_blue", "dots"),  # a second Millie, apart from the first
    ]
    steps = earned_at_each_step(placements, cats=MILLIE)
    assert [len(kinds(s, CAT)) for s in steps] == [0, 0, 1, 0, 1]
    assert kinds(steps[4], CAT)[0].cells == mask((4, 5), (5, 5), (6, 5))


def test_cat_same_cat_on_its_other_pattern_right_next_to_the_first() -> None:
    placements = [
        ((2, 2), "pink", "dots"),
        ((3, 2), "green", "dots"),
        ((3, 3), "yellow", "dots"),  # Millie on dots
        ((2, 4), "pink", "ferns"),  # touches the dots area, but ferns is another area
        ((1, 4), "green", "ferns"),
        ((2, 5), "yellow", "ferns"),  # Millie on ferns
    ]
    steps = earned_at_each_step(placements, cats=MILLIE)
    assert [len(kinds(s, CAT)) for s in steps] == [0, 0, 1, 0, 0, 1]
    assert kinds(steps[5], CAT)[0].pattern == PATTERN_INDEX["ferns"]


# --- shape cats in every rotation ---------------------------------------------------------------


def step(cell: tuple[int, int], direction: int) -> tuple[int, int]:
    """One hex step in odd-r layout; directions 0..5 run E, NE, NW, W, SW, SE (anticlockwise)."""
    r, c = cell
    odd = r % 2
    return [
        (r, c + 1),
        (r - 1, c + odd),
        (r - 1, c - 1 + odd),
        (r, c - 1),
        (r + 1, c - 1 + odd),
        (r + 1, c + odd),
    ][direction % 6]


def line(n: int) -> Callable[[tuple[int, int], int], list[tuple[int, int]]]:
    def build(start: tuple[int, int], d: int) -> list[tuple[int, int]]:
        cells = [start]
        for _ in range(n - 1):
            cells.append(step(cells[-1], d))
        return cells

    return build


def triangle(start: tuple[int, int], d: int) -> list[tuple[int, int]]:
    return [start, step(start, d), step(start, d + 1)]


def trapezoid(start: tuple[int, int], d: int) -> list[tuple[int, int]]:
    """A row of three with a row of two nestled on it."""
    a = step(start, d)
    return [start, a, step(a, d), step(start, d + 1), step(a, d + 1)]


SHAPES = {
    "callie": triangle,
    "rumi": line(3),
    "tecolote": line(4),
    "almond": trapezoid,
    "leo": line(5),
}


Fit = tuple[str, str, list[tuple[int, int]]]


def _fit(build: Callable[[tuple[int, int], int], list[tuple[int, int]]], d: int) -> Fit:
    """A board, a pattern and the rotated shape on patch spaces.

    Preferably clear of same-pattern border patches. A horizontal line of five fits only on row 1
    or 5, which every board borders with all six patterns: there the border patches it touches lie
    on another row, so they widen the area without lining up with the shape.
    """
    fallback: Fit | None = None
    for board in BOARDS:
        for pattern, p in PATTERN_INDEX.items():
            for r in range(1, 6):
                for c in range(1, 6):
                    cells = build((r, c), d)
                    if not all(GRID.contains(x) for x in cells):
                        continue
                    m = GRID.mask(cells)
                    if m & PATCH_SPACES != m:
                        continue
                    touching = GRID.dilate(m) & board.patterns[p]
                    if not touching:
                        return board.id, pattern, cells
                    rows = {x for x, _ in cells}
                    if fallback is None and all(x not in rows for x, _ in GRID.cells(touching)):
                        fallback = (board.id, pattern, cells)
    assert fallback is not None, f"no room for rotation {d}"
    return fallback


@pytest.mark.parametrize("strict", [False, True], ids=["shape_in_area", "exact_shape"])
@pytest.mark.parametrize("rotation", range(6))
@pytest.mark.parametrize("cat", sorted(SHAPES))
def test_cat_shape_cats_match_in_every_rotation(cat: str, rotation: int, strict: bool) -> None:
    board, pattern, cells = _fit(SHAPES[cat], rotation)
    others = [p for p in PATTERN_INDEX if p != pattern]
    cats = [(cat, (pattern, others[0])), ("millie", others[1:3]), ("tibbit", others[3:5])]
    assert len(set(cells)) == len(cells)
    shape = GRID.mask(cells)
    border = (
        GRID.dilate(shape)
        & BOARDS[[b.id for b in BOARDS].index(board)].patterns[PATTERN_INDEX[pattern]]
    )
    steps = earned_at_each_step(striped(cells, pattern), cats=cats, strict=strict, board=board)
    earned: list[list[Token]] = [kinds(s, CAT) for s in steps]
    if strict and border:
        # The area is the shape and the border patches beside it: not exactly the shape.
        assert all(not e for e in earned)
        return
    assert [len(e) for e in earned] == [0] * (len(cells) - 1) + [1]
    assert earned[-1][0].cat == CAT_INDEX[cat]
    assert earned[-1][0].cells == shape | border


def test_cat_exact_shape_reading_never_attracts_a_flat_leo() -> None:
    # Why shape_cats_in_larger_area defaults to true: read strictly, a horizontal line of five
    # (rows 1 and 5, the only ones without a goal space) always touches a border patch of its
    # own pattern, on every board, so Leo could never lie flat.
    isolated = {
        (cat, d): not GRID.dilate(GRID.mask(fit[2])) & _border(fit)
        for cat, build in SHAPES.items()
        for d in range(6)
        for fit in [_fit(build, d)]
    }
    assert [k for k, ok in isolated.items() if not ok] == [("leo", 0), ("leo", 3)]


def _border(fit: Fit) -> int:
    board = next(b for b in BOARDS if b.id == fit[0])
    return board.patterns[PATTERN_INDEX[fit[1]]]


def test_cat_rotations_cover_every_orientation() -> None:
    def normal(cells: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        axial = [(c - (r >> 1), r) for r, c in cells]
        q0 = min(q for q, _ in axial)
        r0 = min(r for _, r in axial)
        return frozenset((q - q0, r - r0) for q, r in axial)

    distinct = {
        cat: len({normal(build((3, 3), d)) for d in range(6)}) for cat, build in SHAPES.items()
    }
    assert distinct == {"callie": 2, "rumi": 3, "tecolote": 3, "almond": 6, "leo": 3}


RUMI = [
    ("rumi", ("dots", "ferns")),
    ("coconut", ("flowers", "vines")),
    ("leo", ("quatrefoil", "stripes")),
]


def test_cat_a_bent_line_is_not_rumi() -> None:
    bent = [((2, 1), "pink", "dots"), ((1, 1), "green", "dots"), ((1, 2), "yellow", "dots")]
    triangle_ = [((2, 2), "pink", "dots"), ((1, 1), "green", "dots"), ((1, 2), "yellow", "dots")]
    for placements in (bent, triangle_):
        assert all(not kinds(s, CAT) for s in earned_at_each_step(placements, cats=RUMI))


SHAPE_IN_LARGER_AREA = [
    ((2, 1), "pink", "dots"),  # an extra patch on the group before the line is complete
    ((1, 1), "green", "dots"),
    ((1, 2), "yellow", "dots"),
    ((1, 3), "purple", "dots"),  # (1,1)-(1,2)-(1,3) is a straight line of three
]


def test_cat_shape_inside_a_larger_area_counts_by_default() -> None:
    steps = earned_at_each_step(SHAPE_IN_LARGER_AREA, cats=RUMI)
    assert [len(kinds(s, CAT)) for s in steps] == [0, 0, 0, 1]
    assert kinds(steps[3], CAT)[0].cells == mask((2, 1), (1, 1), (1, 2), (1, 3))


def test_cat_shape_must_be_the_whole_area_when_the_option_is_off() -> None:
    steps = earned_at_each_step(SHAPE_IN_LARGER_AREA, cats=RUMI, strict=True)
    assert all(not kinds(s, CAT) for s in steps)


def test_cat_event_names_the_player_the_token_and_the_group() -> None:
    state = external(
        ["ann"],
        hands={"ann": [tile("pink", "dots"), tile("green", "dots")]},
        market=[tile("yellow", "dots"), tile("green", "vines"), tile("dark_blue", "stripes")],
    )
    state, _ = act(state, {"id": "place:pink-dots:2,2"})
    state, _ = act(state, {"id": "take:0:yellow-dots"})
    state, _ = act(state, {"id": "chance:pink-stripes,green-flowers"})
    state, _ = act(state, {"id": "place:green-dots:3,2"})
    state, _ = act(state, {"id": "take:1:pink-stripes"})
    state, _ = act(state, {"id": "chance:pink-ferns,light_blue-vines"})
    state, events = act(state, {"id": "place:yellow-dots:3,3"})
    token = {"kind": "cat", "cat": "millie", "pattern": "dots", "cells": [[2, 2], [3, 2], [3, 3]]}
    assert events[1:] == [{"type": "token_earned", "player": "ann", "token": token}]
    assert CALICO.encode_state(state)["public"]["players"]["ann"]["tokens"] == [token]
    score = CALICO.score(state).players[0]
    assert next(c for c in score.components if c.id == "cats").points == 3


# --- a table played by hand: cats -------------------------------------------------------------


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


def placed_line(cells: Sequence[Cell], color_cycle: int, pattern: str) -> list[Place]:
    colors = ["pink", "yellow", "green", "purple", "dark_blue", "light_blue"]
    return [(cell, colors[(i + color_cycle) % 6], pattern) for i, cell in enumerate(cells)]


# --- size cats ----------------------------------------------------------------------------------

FERNS_A = placed_line([(1, 2), (1, 3)], 0, "ferns")
"""With border (0,3) pink ferns: a ferns group of 3."""


def test_millie_with_a_border_patch_and_its_points() -> None:
    assert cats_per_step(FERNS_A, BEGINNER, "beginner") == [[], ["millie"]]
    assert cat_points(FERNS_A, BEGINNER, "beginner") == 3


def test_a_group_touching_an_area_that_earned_a_cat_earns_none() -> None:
    # (2,1) + border (3,0) ferns is a separate pair; (1,1) joins it to area A (which has Millie)
    seq = FERNS_A + placed_line([(2, 1), (1, 1)], 2, "ferns")
    assert cats_per_step(seq, BEGINNER, "beginner") == [[], ["millie"], [], []]
    # without area A the same pair + (1,1) attracts Millie
    assert cats_per_step(seq[2:], BEGINNER, "beginner") == [[], ["millie"]]


def test_the_same_cat_again_on_separate_areas_including_its_other_pattern_next_door() -> None:
    dots_next_to_a = placed_line([(1, 1), (2, 1), (2, 2)], 1, "dots")  # (2,2) and (1,1) touch (1,2)
    dots_apart = placed_line([(4, 3), (4, 4), (5, 3)], 3, "dots")
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
    seq = placed_line(cells, 0, pattern)  # interior cells (and (5,3): ferns, vines borders)
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
    assert cats_per_step(placed_line(cells, 0, "dots"), SIZES) == [[], [], ["callie"]]
    assert cat_points(placed_line(cells, 0, "dots"), SIZES) == 3


@pytest.mark.parametrize(
    "cells",
    [
        [(2, 4), (3, 3), (4, 3)],  # a straight line (down-left)
        [(2, 1), (2, 2), (1, 2)],  # bent at 120 degrees
    ],
)
def test_callie_is_not_any_three(cells: list[Cell]) -> None:
    assert cats_per_step(placed_line(cells, 0, "dots"), SIZES) == [[], [], []]


@pytest.mark.parametrize(
    "cells",
    [
        [(3, 1), (3, 2), (3, 3)],  # along the row
        [(2, 2), (3, 2), (4, 3)],  # down-right: even (2,2) -> (3,2), odd (3,2) -> (4,3)
        [(2, 4), (3, 3), (4, 3)],  # down-left: even (2,4) -> (3,3), odd (3,3) -> (4,3)
    ],
)
def test_rumi_is_a_line_of_three_in_each_hex_direction(cells: list[Cell]) -> None:
    assert cats_per_step(placed_line(cells, 0, "dots"), LINES) == [[], [], ["rumi"]]
    assert cat_points(placed_line(cells, 0, "dots"), LINES) == 5


@pytest.mark.parametrize("cells", [[(2, 1), (2, 2), (1, 2)], [(2, 1), (2, 2), (3, 1)]])
def test_rumi_is_not_a_bent_three_or_a_triangle(cells: list[Cell]) -> None:
    assert cats_per_step(placed_line(cells, 0, "dots"), LINES) == [[], [], []]


def test_tecolote_is_a_line_of_four() -> None:
    seq = placed_line([(1, 4), (2, 4), (3, 3), (4, 3)], 0, "vines")
    assert cats_per_step(seq, LINES) == [[], [], [], ["tecolote"]]
    assert cat_points(seq, LINES) == 7
    bent = placed_line([(2, 2), (3, 2), (3, 3), (4, 4)], 0, "vines")
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
    seq = placed_line(cells, 0, pattern)
    assert cats_per_step(seq, LINES) == [[], [], [], [], ["leo"]]
    assert cat_points(seq, LINES) == 11


def test_leo_is_not_a_bent_five() -> None:
    seq = placed_line([(1, 1), (2, 2), (3, 2), (4, 3), (4, 4)], 0, "quatrefoil")
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
    seq = placed_line(cells, 0, pattern)
    assert cats_per_step(seq, ALMOND) == [[], [], [], [], ["almond"]]
    assert cat_points(seq, ALMOND) == 9


def test_almond_is_not_any_five() -> None:
    # one line of three (2,2)-(3,2)-(4,3); (3,1) nestles on its first pair only
    seq = placed_line([(2, 1), (2, 2), (3, 1), (3, 2), (4, 3)], 0, "stripes")
    assert cats_per_step(seq, ALMOND) == [[], [], [], [], []]
