"""End-of-game scoring: families, rare treasures, rats, rooms, the tie-break, and every lesson."""

from __future__ import annotations

from typing import Any

import pytest

from engines.isle_of_cats import ISLE_OF_CATS
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import (
    BOATS,
    CARDS,
    EDGE_MASK,
    PRIVATE_LESSON,
    PUBLIC_LESSON,
    ROOM_BY_ID,
    cells_of,
    family_points,
    mask_of,
)
from engines.isle_of_cats.lessons import Table, lesson_points

from .helpers import (
    BASE_PIECES,
    BLUE_FAMILY_CELLS,
    BLUE_VISIBLE_RATS,
    monominoes,
    piece,
    position,
    row,
)


def components(pos: dict[str, Any], player: int = 0) -> dict[str, int]:
    scored = ISLE_OF_CATS.score_position(pos).to_json()
    return {c["id"]: c["points"] for c in scored["players"][player]["components"]}


def test_family_table_8_11_15_20_25_then_5_more_per_tile() -> None:
    # The rulebook's table: 3→8, 4→11, 5→15, 6→20, 7→25, and +5 per tile above 7: 8→30, 10→40.
    assert [family_points(n) for n in range(1, 11)] == [0, 0, 8, 11, 15, 20, 25, 30, 35, 40]


def test_base_boat_scores_family_rare_rats_rooms() -> None:
    # One blue family of 3 (I, L, Y) = 8; the orange I is alone (no family); rare O = +3;
    # 19 rats less the 2 under the orange cat = 17 visible = -17; no room is full: 7 × -5 = -35.
    # 8 + 3 - 17 - 35 = -41.
    got = components(position())
    assert got == {"family:1": 8, "rare_treasures": 3, "rats": -17, "rooms": -35}
    assert ISLE_OF_CATS.score_position(position()).players[0].total == -41


def test_family_counts_tiles_not_squares_and_oshax_join_by_declared_colour() -> None:
    # An orange Oshax (6 squares) touching the orange I makes an orange family of 2: still no
    # family. A blue Oshax touching the blue I instead makes the blue family 4 tiles: 11.
    oshax_cells = [(2, 9), (2, 10), (1, 10), (1, 11), (0, 11), (0, 12)]  # shape 300, a staircase
    blue = [*BASE_PIECES, piece("oshax", 300, oshax_cells, "blue")]
    # The blue Oshax touches only the orange I (row 3): the blue family stays 3.
    assert components(position(blue))["family:1"] == 8
    under_blue = [
        *BASE_PIECES[:3],
        piece("cat", 415, row(3, 7, 11), "blue"),
        *BASE_PIECES[4:],
    ]
    # The row-3 cat is now blue (the blue 415 twice is impossible, so use the check below).
    assert ISLE_OF_CATS.validate_position(position(under_blue))[0].code == "TOO_MANY_COPIES"
    oshax_blue = [
        *BASE_PIECES[:3],
        piece("oshax", 300, [(3, 7), (3, 8), (2, 8), (2, 9), (1, 9), (1, 10)], "blue"),
        *BASE_PIECES[4:],
    ]
    # Now the Oshax sits on row 3 touching the blue I: blue family of 4 tiles = 11.
    got = components(position(oshax_blue))
    assert got["family:1"] == 11


def test_two_families_of_one_colour_score_separately() -> None:
    # Blue I (4,7-11) + blue L + blue Y = 3; far away at the bow, three orange cats in a row of
    # columns make a second family: 8 + 8.
    far = [
        piece("cat", 415, [(r, 15) for r in range(2, 7)], "orange"),
        piece("cat", 408, [(2, 16), (3, 16), (4, 16), (5, 16), (5, 17)], "orange"),
        piece("cat", 403, [(2, 18), (3, 18), (4, 18), (5, 18), (3, 17)], "orange"),
    ]
    pos = position([*BASE_PIECES[:3], *far])
    problems = ISLE_OF_CATS.validate_position(pos)
    assert [p.code for p in problems] == []
    got = components(pos)
    assert got["family:1"] == 8 and got["family:2"] == 8


def test_tie_break_most_fish_then_shared() -> None:
    # Both boats empty: -19 rats and -35 rooms each. ann has 3 fish, bob 5: bob wins the tie.
    empty = position([], ann_fish=3, bob_fish=5)
    scored = ISLE_OF_CATS.score_position(empty)
    assert [p.total for p in scored.players] == [-54, -54]
    assert scored.ranking == (("bob", 1), ("ann", 2))
    assert scored.tie_break.decided_by == "bob"
    shared = ISLE_OF_CATS.score_position(position([], ann_fish=4, bob_fish=4))
    assert shared.ranking == (("ann", 1), ("bob", 1)) and shared.tie_break.decided_by is None


def test_unfilled_room_penalty_counts_rooms_with_any_empty_cell() -> None:
    # Filling the 4-cell parrot room at the bow (R5) leaves 6 unfilled rooms: -30.
    r5 = [(c[0], c[1]) for c in cells_of(ROOM_BY_ID["R5"].mask)]
    assert r5 == [(3, 20), (4, 20), (4, 21), (5, 20)]
    boat = monominoes("blue", r5)
    assert boat.unfilled_rooms == ["R0", "R1", "R2", "R3", "R4", "R6"]


def test_visible_rats_are_rat_cells_not_covered() -> None:
    boat = monominoes("blue", [(5, 0), (5, 1)])  # two of the blue boat's 19 rats
    assert boat.visible_rats.bit_count() == 17


# --- lessons -----------------------------------------------------------------------------------


def lesson(card: int, color: str | None = None) -> dict[str, Any]:
    return {"card": card} if color is None else {"card": card, "color": color}


PRIVATE_ON_BASE = [
    # (card, colour, hand-checked points on ann's base boat, with 5 fish and 3 baskets)
    (113, None, 0),  # edge cells are mostly empty
    (114, None, 0),  # 4 cats, not 15
    (115, None, 0),  # green, red, purple: none
    (116, None, 0),  # only blue touches the edge
    (117, "blue", 1),  # the blue L covers (8,7),(8,8): bottom cells of cols 7, 8
    (118, None, 7),  # exactly 3 permanent baskets
    (119, None, 7),  # ann is first in the turn order
    (120, None, 1),  # the orange I is a lonely cat
    (121, None, 10),  # blue family of 3 against bob's none
    (122, None, 2),  # one rare treasure × 2
    (123, None, 1),  # one common treasure × 1
    (124, None, 0),  # 17 rats visible
    (125, None, 34),  # 17 visible rats × 2
    (126, None, 1),  # this lesson is her only private lesson
    (127, None, 0),  # 3 blue, not 5
    (131, None, 0),  # 1 orange, not 5
    (132, None, 0),  # 17 rats, not 5
    (133, None, 0),  # 1 private lesson, not 6
    (134, None, 0),  # 2 treasures, not 5
    (135, None, 0),  # 1 cat touches the edge: 1 // 2 = 0
    (136, None, 0),  # the parrot rooms are empty
    (137, None, 0),  # the blue L enters the lower bedroom (rows 7-8)
    (138, None, 0),  # no family of 4
    (139, None, 0),  # no Oshax
    (140, None, 0),  # the dining room (rows 3-5, cols 5-10) is covered
    (141, None, 0),  # one family only
    (142, None, 7),  # 5 fish
]


@pytest.mark.parametrize(("card", "color", "points"), PRIVATE_ON_BASE)
def test_private_lesson_on_the_base_boat(card: int, color: str | None, points: int) -> None:
    pos = position(ann_lessons=[lesson(card, color)], ann_fish=5, ann_baskets=3)
    assert components(pos)[f"lesson:{card}"] == points


def test_private_lesson_pick_a_colour_left_out_uses_the_best_colour() -> None:
    scored = ISLE_OF_CATS.score_position(position(ann_lessons=[lesson(117)])).to_json()
    comp = next(c for c in scored["players"][0]["components"] if c["id"] == "lesson:117")
    # blue scores 1 (the L on the edge), every other colour 0: blue is chosen and said.
    assert comp["points"] == 1
    assert comp["detail"]["color"] == "blue" and comp["detail"]["color_chosen_by_score"]


def test_lessons_that_score_on_an_empty_boat() -> None:
    # bob's boat is empty: both bedrooms empty (18), the dining room empty (15),
    # every map uncovered, and the largest-family lesson needs a family (0).
    bob = ISLE_OF_CATS.score_position(
        {
            "players": [
                {
                    "player": "bob",
                    "boat": "red",
                    "pieces": [],
                    "private_lessons": [lesson(137), lesson(140), lesson(121)],
                },
                {"player": "ann", "boat": "blue", "pieces": BASE_PIECES},
            ],
            "public_lessons": [lesson(150)],
        }
    ).to_json()["players"][0]
    got = {c["id"]: c["points"] for c in bob["components"]}
    assert got["lesson:137"] == 18 and got["lesson:140"] == 15 and got["lesson:121"] == 0
    assert got["lesson:150"] == 25  # 5 maps × 5


def table(boat: Boat, **kw: Any) -> Table:
    base: dict[str, Any] = {
        "fish": 0,
        "permanent_baskets": 1,
        "private_lessons": 1,
        "first_in_turn_order": False,
        "others_largest_family": (),
    }
    base.update(kw)
    return Table(boat, **base)


def test_no_empty_edge_and_no_rats_and_both_parrots_full() -> None:
    # Cover every edge cell, every rat and both parrot rooms with 1-square treasures.
    masks = EDGE_MASK | BOATS["blue"].rats | ROOM_BY_ID["R0"].mask | ROOM_BY_ID["R5"].mask
    cells = {(r, c) for r, c in cells_of(masks)}
    boat = monominoes("blue", sorted((r, c) for r, c in cells))
    t = table(boat)
    assert lesson_points(113, t, None) == 12
    assert lesson_points(124, t, None) == 10
    assert lesson_points(136, t, None) == 12
    assert lesson_points(125, t, None) == 0  # 0 visible rats × 2


def test_exactly_five_rats_and_exactly_five_treasures() -> None:
    rats = [(r, c) for r, c in cells_of(BOATS["blue"].rats)][:14]  # cover 14 of 19: 5 visible
    boat = monominoes("blue", rats)
    assert lesson_points(132, table(boat), None) == 10
    five = monominoes("blue", [(4, c) for c in range(8, 13)])
    assert lesson_points(134, table(five), None) == 9  # 5 common treasures
    assert lesson_points(123, table(five), None) == 5


def cat_row(color: str, shape: int, r: int, c0: int) -> Piece:
    # An I-pentomino laid along a row (used for cat counts where the shape does not matter).
    return Piece("cat", shape, color, mask_of(row(r, c0, c0 + 4)))


def test_colour_count_lessons_exactly_5_and_3_of_each() -> None:
    # Five blue tiles in separate rows: 127 (exactly 5 blue) scores 9, 128-131 score 0.
    blue = Boat("blue", tuple(cat_row("blue", 400 + i, 2 * i, 7) for i in range(5)))
    assert [lesson_points(c, table(blue), None) for c in (127, 128, 129, 130, 131)] == [
        9,
        0,
        0,
        0,
        0,
    ]
    # Three tiles of each colour (15 tiles) in rows 0-8 from col 7: 115 scores 15, 114 10.
    colours = ["blue", "green", "red", "purple", "orange"]
    pieces = tuple(
        Piece("cat", 400 + k, colours[i % 5], mask_of(row(r, c, c + 1)))
        for k, (i, (r, c)) in enumerate(
            enumerate([(r, c) for r in range(0, 9, 2) for c in (7, 10, 13)])
        )
    )
    boat = Boat("blue", pieces)
    assert len(boat.cat_likes()) == 15
    assert lesson_points(115, table(boat), None) == 15
    assert lesson_points(114, table(boat), None) == 10


def test_every_colour_on_the_edge_and_one_point_per_two_edge_cats() -> None:
    # Five cats along the top edge of columns 7..14 (row 0) and the bottom (row 8).
    colours = ["blue", "green", "red", "purple", "orange"]
    spots = [(0, 7), (0, 10), (8, 7), (8, 10), (8, 13)]
    pieces = tuple(
        Piece("cat", 400 + i, colours[i], mask_of([(r, c), (r, c + 1)]))
        for i, (r, c) in enumerate(spots)
    )
    boat = Boat("blue", pieces)
    assert lesson_points(116, table(boat), None) == 7
    assert lesson_points(135, table(boat), None) == 2  # 5 edge cats // 2


def test_families_of_four_third_family_oshax_and_largest_ties() -> None:
    # Three families: blue 4 tiles (row 0-1 pairs), green 3, red 3, all far apart.
    def chain(color: str, r: int, c0: int, n: int, base: int) -> list[Piece]:
        return [Piece("cat", base + i, color, mask_of([(r, c0 + i)])) for i in range(n)]

    pieces = (
        *chain("blue", 4, 7, 4, 400),
        *chain("green", 2, 7, 3, 410),
        *chain("red", 6, 7, 3, 404),
        Piece("oshax", 300, "orange", mask_of([(8, 12)])),
    )
    boat = Boat("blue", tuple(pieces))
    assert [f.size for f in boat.families if f.size >= 3] == [4, 3, 3]
    assert lesson_points(138, table(boat), None) == 4  # one family of 4+
    assert lesson_points(141, table(boat), None) == 8  # third largest: 3 tiles = 8
    assert lesson_points(139, table(boat), None) == 3  # one Oshax × 3
    # Tied largest families both score the largest-family lesson.
    assert lesson_points(121, table(boat, others_largest_family=(4,)), None) == 10
    assert lesson_points(121, table(boat, others_largest_family=(5,)), None) == 0


def test_private_lesson_count_lessons() -> None:
    boat = Boat("blue")
    assert lesson_points(126, table(boat, private_lessons=4), None) == 4
    assert lesson_points(133, table(boat, private_lessons=6), None) == 7
    assert lesson_points(142, table(boat, fish=4), None) == 0


PUBLIC_ON_BASE = [
    # (card, colour, points for ann, points for bob's empty boat)
    (143, "blue", 2, 0),  # one blue cat on the edge × 2
    (144, "blue", 3, 0),  # three blue cats × 1
    (145, "blue", 5, 0),  # 3+ blue
    (145, "orange", 0, 0),  # one orange only
    (146, "orange", 3, 0),  # the lonely orange I × 3
    (147, None, 0, 0),  # no private lessons × 2
    (148, None, 2, 0),  # one common treasure × 2
    (149, "blue", 2, 0),  # the O and the domino both touch blue cats
    (150, None, 20, 25),  # ann covers the purple map: 4 uncovered × 5; bob 5 × 5
]


@pytest.mark.parametrize(("card", "color", "ann", "bob"), PUBLIC_ON_BASE)
def test_public_lesson_scores_for_everyone(
    card: int, color: str | None, ann: int, bob: int
) -> None:
    pos = position(public=[lesson(card, color)])
    assert components(pos, 0)[f"lesson:{card}"] == ann
    assert components(pos, 1)[f"lesson:{card}"] == bob


def test_every_lesson_card_has_a_test() -> None:
    tested = {c for c, *_ in PRIVATE_ON_BASE} | {c for c, *_ in PUBLIC_ON_BASE}
    tested |= {128, 129, 130}  # the other exactly-5 colours, in the colour-count test
    lessons = {i for i, k in CARDS.items() if k.type in (PRIVATE_LESSON, PUBLIC_LESSON)}
    assert lessons == tested and len(lessons) == 38


# Every line's label and detail, the fish each player shows, the tie-break rule, and the colour of
# a public lesson left out (the one that scores most over all players together,
# docs/rules/isle_of_cats.md). Values by hand from the reference data
# (/work/shared/reference/isle_of_cats): the family table, rare treasure +3, each visible rat -1,
# each unfilled room -5 (scoring.json); the blue boat's 19 rat cells (boats.json, given there as
# [column, row]); the 7 rooms R0..R6; the lesson texts (cards.json). Ann's base boat is drawn in
# helpers.py.
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
