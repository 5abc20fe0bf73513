"""Calico's token rules pinned exactly: which groups attract a cat, why a group of a position
could not have earned its token (each reason by its sentence), and the most buttons a colour
area can hold.

Board geometry by hand (odd-r: odd rows are shifted right; see review/test_review_geometry.py).
The blue board's border patches: yellow at (0,1), (0,5), (3,6), (5,0); pink at (0,0), (0,3),
(6,2), (6,5)."""

from __future__ import annotations

from engines.calico.catalogue import BOARDS, CAT_INDEX, CATS, COLORS
from engines.calico.earning import (
    attracts,
    best_case_buttons,
    button_trigger,
    cat_trigger,
    could_earn,
)

from .helpers import mask, quilt_after

BLUE = BOARDS[0]
YELLOW, PINK = COLORS.index("yellow"), COLORS.index("pink")
RUMI = CATS[CAT_INDEX["rumi"]]  # a straight line of three
MILLIE = CATS[CAT_INDEX["millie"]]  # any three

LINE = mask((1, 1), (1, 2), (1, 3))
LINE_AND_ONE_BELOW = LINE | mask((2, 1))
"""(2,1) on an even row touches (1,1): the line of three inside an area of four."""
BENT = mask((2, 1), (1, 1), (1, 2))
"""Three in a row turning at (1,1): not a straight line."""


# --- which groups attract a cat -----------------------------------------------------------------


def test_shape_cat_needs_its_shape_somewhere_in_the_group_by_default() -> None:
    assert attracts(RUMI, LINE, strict_shapes=False)
    assert attracts(RUMI, LINE_AND_ONE_BELOW, strict_shapes=False)
    assert not attracts(RUMI, BENT, strict_shapes=False)  # three patches, no line among them


def test_shape_cat_needs_exactly_its_shape_when_read_strictly() -> None:
    assert attracts(RUMI, LINE, strict_shapes=True)
    assert not attracts(RUMI, LINE_AND_ONE_BELOW, strict_shapes=True)
    assert not attracts(RUMI, BENT, strict_shapes=True)


def test_a_group_cat_counts_patches_not_shapes() -> None:
    assert attracts(MILLIE, BENT, strict_shapes=True)
    assert not attracts(MILLIE, mask((1, 1), (1, 2)), strict_shapes=False)


def test_a_position_reads_shape_cats_as_its_option_says() -> None:
    # A Rumi token on the area of four: earnable when a larger area may hold the shape (the
    # line was completed last, at (1,3)), not when the area must be exactly the line.
    dots = LINE_AND_ONE_BELOW
    assert could_earn(dots, dots, 0, cat_trigger(RUMI, False)) is None
    assert could_earn(dots, dots, 0, cat_trigger(RUMI, True)) == (
        "the group does not meet the requirement"
    )
    assert could_earn(BENT, BENT, 0, cat_trigger(RUMI, False)) == (
        "the group does not meet the requirement"
    )


# --- why a group could not have earned its token ------------------------------------------------


def test_each_reason_a_group_could_not_have_earned_a_button() -> None:
    # Yellow at (3,1), (4,1), (5,1); (5,1) on an odd row touches the yellow border patch (5,0).
    quilt = quilt_after(
        [((3, 1), "yellow", "dots"), ((4, 1), "yellow", "ferns"), ((5, 1), "yellow", "vines")]
    )
    yellow, border = quilt.colors[YELLOW], BLUE.colors[YELLOW]

    def why(*cells: tuple[int, int]) -> str | None:
        return could_earn(mask(*cells), yellow, border, button_trigger)

    assert why((3, 1), (4, 1), (2, 2)) == (
        "not every cell of the group shows the same colour or pattern"
    )
    assert why((3, 1), (5, 1)) == "the cells are not connected"
    assert why((3, 1), (4, 1)) == "the group does not meet the requirement"
    assert why((3, 1), (4, 1), (5, 1)) == (
        "a border patch of the same kind touches the group, so it would belong to it"
    )
    assert why((4, 1), (5, 1), (5, 0)) is None


def test_a_group_whose_every_part_met_the_requirement_first_earned_nothing() -> None:
    # Four pink patches, each touching two or three others: whichever came last, the other three
    # already formed a group of three, which took the button then.
    rhombus = [(2, 1), (2, 2), (3, 1), (3, 2)]
    quilt = quilt_after(
        [
            (c, "pink", p)
            for c, p in zip(rhombus, ["dots", "ferns", "vines", "stripes"], strict=True)
        ]
    )
    assert could_earn(mask(*rhombus), quilt.colors[PINK], BLUE.colors[PINK], button_trigger) == (
        "no placement order completes the group without an earlier part meeting the requirement"
    )


# --- the most buttons an area can hold ----------------------------------------------------------


def test_best_case_may_leave_the_first_cell_of_an_area_out_of_every_button() -> None:
    # Pink on the blue board: (4,3), (4,4) and (5,1)–(5,4), with the border patches (6,2)
    # (beside (5,1) and (5,2)) and (6,5) (beside (5,4)). Two groups of three lie apart:
    # (5,1), (5,2), (6,2) and (4,4), (5,4), (6,5) — placed first, each earns a button; the
    # middle patches (4,3), (5,3) join them later. Three buttons would need nine cells (8 here).
    # Every group holding (4,3), the area's first cell, touches both sides: at most one button.
    placed = [(4, 3), (4, 4), (5, 1), (5, 2), (5, 3), (5, 4)]
    patterns = ["dots", "ferns", "vines", "stripes", "flowers", "quatrefoil"]
    quilt = quilt_after([(c, "pink", p) for c, p in zip(placed, patterns, strict=True)])
    assert best_case_buttons(quilt) == 2
