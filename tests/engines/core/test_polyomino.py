"""Square-grid geometry: orientations listed once, placements as masks."""

from __future__ import annotations

from engines.core.polyomino import Board, cells_to_mask, mask_to_cells, orientations


def test_orientations_that_coincide_are_listed_once() -> None:
    assert len(orientations([(0, 0)])) == 1  # monomino
    assert len(orientations([(0, 0), (0, 1)])) == 2  # domino
    assert len(orientations([(0, 0), (0, 1), (1, 0), (1, 1)])) == 1  # square
    assert len(orientations([(0, 0), (0, 1), (1, 1), (1, 2)])) == 4  # S tetromino
    assert len(orientations([(0, 0), (1, 0), (2, 0), (2, 1)])) == 8  # L tetromino
    assert len(orientations([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)])) == 1  # plus


def test_placements_on_a_9x9_board() -> None:
    board = Board(9, 9)
    assert len(board.placements([(0, 0), (0, 1)])) == 2 * 8 * 9
    assert len(board.placements([(0, 0), (1, 0), (2, 0), (2, 1)])) == 8 * 7 * 8
    assert len(board.squares(7)) == 9


def test_masks_and_cells_round_trip() -> None:
    cells = [(0, 0), (4, 5), (8, 8)]
    mask = cells_to_mask(cells, 9)
    assert mask == 1 | (1 << 41) | (1 << 80)
    assert mask_to_cells(mask, 9) == cells


def test_offsets_keep_a_box_whole_on_the_board() -> None:
    # A 2×3 box on a 3×4 board stands with its top-left cell in rows 0-1 and columns 0-1:
    # bits 0, 1 (row 0) and 4, 5 (row 1).
    assert Board(3, 4).offsets(2, 3) == 0b11_0011
    # As wide as the board: column 0 only, in every row it fits.
    assert Board(3, 4).offsets(1, 4) == 0b0001_0001_0001
