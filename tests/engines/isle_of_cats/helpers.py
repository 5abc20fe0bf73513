"""Boats and positions for rule tests, built from explicit cells."""

from __future__ import annotations

import copy
from typing import Any

from engines.isle_of_cats import ISLE_OF_CATS
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import COMMON, mask_of
from engines.isle_of_cats.state import IsleState, with_player

GAME = ISLE_OF_CATS

Cells = list[tuple[int, int]]


def row(r: int, c0: int, c1: int) -> Cells:
    return [(r, c) for c in range(c0, c1 + 1)]


def piece(kind: str, shape: int | str, cells: Cells, color: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind, "shape": shape, "cells": [list(c) for c in cells]}
    if color is not None:
        out["color"] = color
    return out


# Ann's boat in most tests (the blue boat), drawn row by row (B blue, O orange, R rare, C common):
#   row 3  cols 7-11  O O O O O      orange I-pentomino 415 (covers the rats at 3,7 and 3,8)
#   row 4  cols 7-11  B B B B B      blue I-pentomino 415
#   row 5  cols 7-11  B B B B B      col 7: blue L 408 (5..8,7)+(8,8); cols 8-11: blue Y 403
#   row 6  cols 7-11  B . B R R      (6,9) Y's foot; rare O-tetromino at (6..7, 10..11)
#   row 7  cols 7-11  B C C R R      common domino 101 at (7,8),(7,9) (the purple map is 7,9)
#   row 8  cols 7-8   B B
BASE_PIECES = [
    piece("cat", 415, row(4, 7, 11), "blue"),
    piece("cat", 408, [(5, 7), (6, 7), (7, 7), (8, 7), (8, 8)], "blue"),
    piece("cat", 403, [*row(5, 8, 11), (6, 9)], "blue"),
    piece("cat", 415, row(3, 7, 11), "orange"),
    piece("rare_treasure", "O-tetromino", [(6, 10), (6, 11), (7, 10), (7, 11)]),
    piece("common_treasure", 101, [(7, 8), (7, 9)]),
]


def position(
    ann_pieces: list[dict[str, Any]] | None = None,
    *,
    ann_lessons: list[dict[str, Any]] | None = None,
    public: list[dict[str, Any]] | None = None,
    ann_fish: int = 0,
    bob_fish: int = 0,
    ann_baskets: int = 1,
    order: tuple[str, str] = ("ann", "bob"),
) -> dict[str, Any]:
    return {
        "players": [
            {
                "player": "ann",
                "boat": "blue",
                # a copy: a test that adds a piece must not add it to every later test's boat
                "pieces": copy.deepcopy(BASE_PIECES) if ann_pieces is None else ann_pieces,
                "fish": ann_fish,
                "permanent_baskets": ann_baskets,
                "private_lessons": ann_lessons or [],
            },
            {"player": "bob", "boat": "red", "pieces": [], "fish": bob_fish},
        ],
        "turn_order": list(order),
        "public_lessons": public or [],
    }


def monominoes(boat_id: str, cells: Cells) -> Boat:
    """A boat covered cell by cell with 1-square common treasures (for room and rat counts)."""
    return Boat(boat_id, tuple(Piece(COMMON, 100, None, mask_of([c])) for c in cells))


# --- games driven through the engine, external randomness -------------------------------------


# Tiles for a 2-player fill: 8 cats (4 per field) with a rare treasure drawn third.
FILL_2P = [
    "blue-415",
    "green-414",
    "rare-O-tetromino",
    "red-412",
    "orange-400",
    "purple-409",
    "blue-404",
    "green-412",
    "red-415",
]
# ann's 7 cards then bob's.
DEAL_2P = [55, 56, 43, 15, 16, 1, 98, 7, 8, 23, 35, 113, 143, 67]


def act(state: IsleState, action_id: str) -> IsleState:
    action = GAME.decode_action(state, {"id": action_id})
    reasons = GAME.check(state, action)
    assert not reasons, reasons
    return GAME.apply(state, action)[0]


def external_game(first: str = "ann") -> IsleState:
    return GAME.setup(
        ["ann", "bob"],
        {"randomness": "external", "boats": {"ann": "blue", "bob": "red"}, "first_player": first},
        None,
    )


def dealt(first: str = "ann") -> IsleState:
    state = act(external_game(first), "chance:fill:" + ",".join(FILL_2P))
    return act(state, "chance:deal:" + ",".join(map(str, DEAL_2P)))


def drafted(first: str = "ann") -> IsleState:
    """Day 1 after the whole draft (see test_day for the hand-checked passes)."""
    state = dealt(first)
    for ann, bob in (("55,56", "7,8"), ("67,143", "1,43"), ("15,16", "23,113")):
        state = act(state, f"draft:ann:{ann}")
        state = act(state, f"draft:bob:{bob}")
    return state


def bought(first: str = "bob") -> IsleState:
    state = drafted(first)
    state = act(state, "buy:ann:15,16,35,55,56,143=blue")
    return act(state, "buy:bob:1,7,43,98,113")


def rescuing(first: str = "bob") -> IsleState:
    state = bought(first)
    state = act(state, "rescue_cards:ann:15,16,35,55,56")
    return act(state, "rescue_cards:bob:7,43")


def solo_game(level: str = "medium") -> IsleState:
    """A solo game on the blue boat, the table reporting every draw."""
    return GAME.setup(
        ["ann"],
        {"mode": "solo", "randomness": "external", "boats": {"ann": "blue"}, "solo_level": level},
        None,
    )


SOLO_OSHAX_ORDER = "302,300,305,301,304,303"
"""The Oshax numbering the table reports in the solo games built here."""


def solo_filled() -> IsleState:
    """Solo day 1: the sister's lessons, the Oshax numbering and red reported, the fields filled."""
    state = act(solo_game(), "chance:solo_lessons:198,201,205,208")
    state = act(state, f"chance:oshax_order:{SOLO_OSHAX_ORDER}")
    state = act(state, "chance:colour:red")
    return act(state, "chance:fill:" + ",".join(FILL_2P))


def solo_drafted() -> IsleState:
    """The solo draft done: ann kept 15, 55, 56, then 7, 23, 113, then was dealt 143."""
    state = act(solo_filled(), "chance:deal:55,56,43,15,16")
    state = act(state, "draft:ann:15,55,56")
    state = act(state, "chance:deal:7,8,23,35,113")
    state = act(state, "draft:ann:7,23,113")
    return act(state, "chance:deal:143")


def solo_rescuing(basket: str = "186,174,192,175") -> IsleState:
    """The solo rescue: ann bought 7, 15, 23, 55 and plays 7 and 55; the sister drew ``basket``."""
    state = act(solo_drafted(), "buy:ann:7,15,23,55")
    state = act(state, "rescue_cards:ann:7,55")
    return act(state, f"chance:basket:{basket}")


FAMILY_DEAL = [151, 152, 153, 154, 155, 156]
"""ann's 3 family cards, then bob's."""
BLUE_ON_BLUE_MAP = "rescue:left:blue-415:1,10;1,11;1,12;1,13;1,14"
"""A blue I-pentomino (left field) along row 1 from column 10 to 14: it covers the blue boat's
blue treasure map at row 1, column 14."""


def family_game() -> IsleState:
    return GAME.setup(
        ["ann", "bob"],
        {"randomness": "external", "boats": {"ann": "blue", "bob": "red"}, "mode": "family"},
        None,
    )


def family_dealt() -> IsleState:
    state = act(family_game(), "chance:fill:" + ",".join(FILL_2P))
    return act(state, "chance:deal:" + ",".join(map(str, FAMILY_DEAL)))


def family_rescuing() -> IsleState:
    """The family game's first rescue turn: ann kept 151 and 153, bob 155 and 156."""
    return act(act(family_dealt(), "draft:ann:151,153"), "draft:bob:155,156")


def legal(state: IsleState, seat: int | None = None) -> list[Any]:
    """Every legal action (of ``seat`` alone if given), every choice expanded."""
    return GAME.legal_actions(state, None if seat is None else state.env.players[seat])


def with_piece(state: IsleState, seat: int, piece: Piece, **changes: object) -> IsleState:
    """``state`` with ``piece`` added to the boat at ``seat`` (and ``changes`` to the player)."""
    boat = state.players[seat].boat.with_piece(piece)
    return with_player(state, seat, boat=boat, **changes)


# The blue family: I 415 on row 4 (cols 7-11), L 408 on (5,7) (6,7) (7,7) (8,7) (8,8), Y 403 on
# row 5 (cols 8-11) and (6,9); its cells in row-major order.
BLUE_FAMILY_CELLS = [
    *([4, c] for c in range(7, 12)),
    *([5, c] for c in range(7, 12)),
    [6, 7],
    [6, 9],
    [7, 7],
    [8, 7],
    [8, 8],
]
# The blue boat's rats as [row, col] (boats.json lists [col, row]), less (3,7) and (3,8) under
# the orange I: 17 cells in row-major order.
BLUE_VISIBLE_RATS = [
    [0, 11],
    [0, 12],
    [0, 13],
    [0, 14],
    [1, 4],
    [2, 17],
    [2, 18],
    [3, 19],
    [5, 0],
    [5, 1],
    [6, 1],
    [6, 15],
    [7, 14],
    [7, 15],
    [8, 10],
    [8, 13],
    [8, 14],
]
