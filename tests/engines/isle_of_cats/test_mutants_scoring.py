"""The standard score's lines pinned where the mutation run found them loose: every line's label
and detail, the fish each player shows, the tie-break rule, and the colour of a public lesson left
out (the one that scores most over all players together, docs/rules/isle_of_cats.md).

Values by hand from the reference data (/work/shared/reference/isle_of_cats): the family table,
rare treasure +3, each visible rat -1, each unfilled room -5 (scoring.json); the blue boat's 19
rat cells (boats.json, given there as [column, row]); the 7 rooms R0..R6; the lesson texts
(cards.json). Ann's base boat is drawn in helpers.py.
"""

from __future__ import annotations

from engines.isle_of_cats import ISLE_OF_CATS

from .helpers import piece, position, row

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
ALL_ROOMS = ["R0", "R1", "R2", "R3", "R4", "R5", "R6"]


def test_every_standard_score_line_has_its_label_detail_and_the_player_their_fish() -> None:
    # ann: the base boat, private lesson 122 (2 per rare treasure: 1 rare = 2), public lesson
    # 144 declared blue (1 per blue cat or Oshax: 3). 8 + 3 - 17 - 35 + 2 + 3 = -36, 2 fish.
    # bob: an empty red boat, 19 rats (-19), 7 rooms (-35), no blue cat (0): -54, 6 fish.
    pos = position(
        ann_lessons=[{"card": 122}],
        public=[{"card": 144, "color": "blue"}],
        ann_fish=2,
        bob_fish=6,
    )
    scored = ISLE_OF_CATS.score_position(pos).to_json()
    assert scored["players"][0] == {
        "player": "ann",
        "total": -36,
        "components": [
            {
                "id": "family:1",
                "label": "blue family of 3",
                "points": 8,
                "detail": {"color": "blue", "size": 3, "cells": BLUE_FAMILY_CELLS},
            },
            {
                "id": "rare_treasures",
                "label": "Rare treasures × 3",
                "points": 3,
                "detail": {"count": 1},
            },
            {
                "id": "rats",
                "label": "Visible rats × -1",
                "points": -17,
                "detail": {"cells": BLUE_VISIBLE_RATS},
            },
            {
                "id": "rooms",
                "label": "Unfilled rooms × -5",
                "points": -35,
                "detail": {"unfilled": ALL_ROOMS},
            },
            {
                "id": "lesson:122",
                "label": "2 points per Rare Treasure",
                "points": 2,
                "detail": {"type": "private_lesson"},
            },
            {
                "id": "lesson:144",
                "label": "Pick a colour: 1 point per Cat/Oshax of it",
                "points": 3,
                "detail": {"type": "public_lesson", "color": "blue"},
            },
        ],
        "fish": 2,
    }
    assert scored["players"][1]["total"] == -54 and scored["players"][1]["fish"] == 6
    assert scored["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 2}]
    assert scored["tie_break"] == {"rule": "most_fish_then_shared", "decided_by": None}
    assert scored["final"] is True


def test_tie_break_rule_is_named_when_fish_decide() -> None:
    # Both boats empty: -19 rats, -35 rooms, -54 each; bob's 5 fish beat ann's 3.
    scored = ISLE_OF_CATS.score_position(position([], ann_fish=3, bob_fish=5)).to_json()
    assert scored["tie_break"] == {"rule": "most_fish_then_shared", "decided_by": "bob"}


def test_public_lesson_colour_left_out_is_the_best_over_all_players_together() -> None:
    # Lesson 146: 3 points per lonely cat or Oshax of the colour. ann (base boat): the orange I
    # is lonely (the blue cats form a family of 3). bob: red I on row 3, green I on row 4, red Y
    # on row 5 - the two red cats do not touch (the green I lies between): 2 lonely red, 1
    # lonely green. Over both players: green 3, red 6, orange 3, blue and purple 0: red.
    # (ann alone would pick orange, 3 points.) ann scores 0 with red, bob 2 × 3 = 6.
    pos = position(public=[{"card": 146}])
    pos["players"][1]["pieces"] = [
        piece("cat", 415, row(3, 7, 11), "red"),
        piece("cat", 415, row(4, 7, 11), "green"),
        piece("cat", 403, [*row(5, 8, 11), (6, 9)], "red"),
    ]
    scored = ISLE_OF_CATS.score_position(pos).to_json()
    lines = [next(c for c in p["components"] if c["id"] == "lesson:146") for p in scored["players"]]
    detail = {"type": "public_lesson", "color": "red", "color_chosen_by_score": True}
    assert [(c["points"], c["detail"]) for c in lines] == [(0, detail), (6, detail)]
