"""Placing pieces on a boat: inside, no overlap, touching an earlier piece, every orientation."""

from __future__ import annotations

import pytest

from engines.core.polyomino import cells_to_mask
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import (
    BOAT_IDS,
    BOAT_MASK,
    BOATS,
    CAT_SHAPES,
    COLS,
    mask_of,
)

from .helpers import row

I_ROW4 = mask_of(row(4, 7, 11))


def test_boat_has_142_cells_in_columns_of_3_5_7_9() -> None:
    # Column heights [3,5,5,5,7,7,7,9×8,7,7,5,5,3,3,1] add up to 142.
    heights = [sum(1 for r in range(9) if BOAT_MASK >> (r * COLS + c) & 1) for c in range(COLS)]
    assert heights == [3, 5, 5, 5, 7, 7, 7, *[9] * 8, 7, 7, 5, 5, 3, 3, 1]
    assert sum(heights) == 142


def test_first_piece_goes_anywhere_on_the_boat() -> None:
    assert Boat("blue").placement_problem(I_ROW4) is None
    far = mask_of(row(4, 16, 20))
    assert Boat("blue").placement_problem(far) is None


def test_later_pieces_must_touch_orthogonally() -> None:
    boat = Boat("blue", (Piece("cat", 415, "blue", I_ROW4),))
    assert boat.placement_problem(mask_of(row(5, 7, 11))) is None  # directly below
    # Diagonal contact only: row 5 from col 12 touches (4,11) at a corner.
    diagonal = mask_of(row(5, 12, 16))
    assert boat.placement_problem(diagonal) == (
        "NOT_ADJACENT",
        "a piece must touch an earlier piece orthogonally",
    )
    # The "place anywhere" card waives the rule.
    assert boat.placement_problem(diagonal, anywhere=True) is None


def test_pieces_may_not_overlap() -> None:
    boat = Boat("blue", (Piece("cat", 415, "blue", I_ROW4),))
    code, detail = boat.placement_problem(mask_of(row(4, 11, 15))) or ("", "")
    assert code == "OVERLAP" and "[[4, 11]]" in detail


def test_pieces_stay_inside_the_boat() -> None:
    # Column 0 holds rows 3-5 only: (2, 0) is off the boat.
    code, detail = Boat("blue").placement_problem(mask_of([(2, 0), (3, 0), (4, 0)])) or ("", "")
    assert code == "OUTSIDE_BOAT" and "[[2, 0]]" in detail


def test_cat_on_map_of_its_own_colour_earns_a_treasure_and_oshax_does_not() -> None:
    # The blue boat's purple map is at (7, 9).
    assert BOATS["blue"].maps["purple"] == mask_of([(7, 9)])
    on_map = mask_of(row(7, 7, 11))
    boat = Boat("blue")
    assert boat.map_bonus(Piece("cat", 415, "purple", on_map))
    assert not boat.map_bonus(Piece("cat", 415, "green", on_map))  # the wrong colour
    assert not boat.map_bonus(Piece("oshax", 300, "purple", on_map))  # an Oshax earns nothing


@pytest.mark.parametrize("boat_id", BOAT_IDS)
def test_every_cat_shape_in_every_orientation_fits_each_boat(boat_id: str) -> None:
    boat = Boat(boat_id)
    for shape_id, shape in CAT_SHAPES.items():
        placed = {m for m in shape.placements}
        for form in shape.forms:
            # Shift each orientation to the middle of the boat (row 2, col 8) and place it.
            mask = cells_to_mask([(r + 2, c + 8) for r, c in form], COLS)
            assert boat.placement_problem(mask) is None, (shape_id, sorted(form))
            assert mask in placed
        # Every legal placement is some orientation of the shape, and never leaves the boat.
        assert all(m & ~BOAT_MASK == 0 for m in placed)


def test_orientation_counts_of_the_17_cat_shapes() -> None:
    # X has 1 orientation, I 2, T/U/V/W 4, the S tetromino 4, the other asymmetric ones 8.
    counts = {sid: len(s.forms) for sid, s in CAT_SHAPES.items()}
    assert counts[412] == 1  # X
    assert counts[415] == 2  # I
    assert counts[414] == 4  # S/Z tetromino
    assert counts[400] == 4 and counts[409] == 4 and counts[407] == 4 and counts[401] == 4
    assert counts[408] == 8 and counts[403] == 8 and counts[404] == 8 and counts[413] == 8


def test_a_piece_that_cannot_be_placed_has_no_placement() -> None:
    # Fill the boat except one cell: no cat fits, so none can be taken.
    cells = [(r, c) for r in range(9) for c in range(COLS) if BOAT_MASK >> (r * COLS + c) & 1]
    full_but_one = Boat("blue", (Piece("common_treasure", 100, None, mask_of(cells[1:])),))
    assert not any(full_but_one.fits(s) for s in CAT_SHAPES.values())


def test_the_offsets_found_at_once_are_every_place_without_a_problem() -> None:
    import random

    from engines.core.polyomino import cells_to_mask
    from engines.isle_of_cats.boat import Boat, Piece
    from engines.isle_of_cats.catalogue import BOAT_MASK, CAT_SHAPES, COLS, COMMON

    rng = random.Random(3)
    shapes = [CAT_SHAPES[k] for k in sorted(CAT_SHAPES)[:6]]
    boat_cells = [1 << i for i in range(BOAT_MASK.bit_length()) if BOAT_MASK >> i & 1]
    for trial in range(12):
        boat = Boat("blue", ())
        for cell in rng.sample(boat_cells, trial * 3):  # one-cell pieces, touching or not
            boat = boat.with_piece(Piece(COMMON, 100, None, cell))
        for shape in shapes:
            for anywhere in (False, True):
                found = {
                    cells_to_mask(cells, COLS) << i
                    for cells, offsets in boat.offsets(shape, anywhere)
                    for i in range(offsets.bit_length())
                    if offsets >> i & 1
                }
                expected = {
                    m for m in shape.placements if boat.placement_problem(m, anywhere) is None
                }
                assert found == expected, (trial, shape.key, anywhere)
