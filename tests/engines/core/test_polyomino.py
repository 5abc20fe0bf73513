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
