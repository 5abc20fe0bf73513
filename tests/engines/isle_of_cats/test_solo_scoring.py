"""The solo score: the sister's colour cards and solo lessons on the player's boat, public lessons
halved, the largest-family lesson at 7, win or loss. All on ann's boat of helpers.BASE_PIECES:

* blue family of 3 (415 row 4, L 408, Y 403) and a lonely orange 415 (row 3): 4 cats;
* a rare O-tetromino and a common domino; 17 visible rats (19, less (3,7) and (3,8));
* all 7 rooms unfilled; 1 map covered (the purple map at (7,9)) of 5;
* only the blue L (cells (8,7), (8,8)) touches the edge (row 8 is column 7's bottom);
* the rare O touches the blue Y ((5,10) above (6,10)); nothing touches the orange cat.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.errors import ViolationCollector
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import mask_of
from engines.isle_of_cats.jsonio import read_piece
from engines.isle_of_cats.solo_positions import validate_solo_position
from engines.isle_of_cats.solo_scoring import solo_lesson_points, solo_result

from .helpers import BASE_PIECES, BLUE_FAMILY_CELLS, BLUE_VISIBLE_RATS, GAME, piece

NEUTRAL = [202, 204, 205]
"""Three solo lessons worth 0 on the base boat: no more than 15 cats, no room filled, and 204
repeats the better of those two."""
COLOURS = ["red", "green", "purple", "orange", "blue"]
"""All 5 colour cards, the base boat's colours last: orange 4th (2 x 1) and blue 5th (1 x 3)."""


def solo_position(
    colours: list[str],
    lessons: list[int],
    *,
    pieces: list[dict[str, Any]] | None = None,
    fish: int = 0,
    private: list[dict[str, Any]] | None = None,
    public: list[dict[str, Any]] | None = None,
    order: list[str] | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mode": "solo",
        "players": [
            {
                "player": "ann",
                "boat": "blue",
                "pieces": BASE_PIECES if pieces is None else pieces,
                "fish": fish,
                "private_lessons": private or [],
            }
        ],
        "public_lessons": public or [],
        "sister": {"colours": colours, "lessons": lessons},
    }
    if order is not None:
        out["turn_order"] = order
    return out


def lines(score: dict[str, Any], player: str) -> dict[str, int]:
    found = next(p for p in score["players"] if p["player"] == player)
    return {c["id"]: c["points"] for c in found["components"]}


def test_colour_cards_score_5_4_3_2_1_per_cat_or_oshax_of_their_colour() -> None:
    score = GAME.score_position(
        solo_position(["blue", "orange", "red", "green", "purple"], NEUTRAL)
    ).to_json()
    # 1st blue: 5 x 3 blue cats = 15; 2nd orange: 4 x 1 = 4; red, green, purple: 0.
    assert lines(score, "sister") == {
        "solo_colour:1": 15,
        "solo_colour:2": 4,
        "solo_colour:3": 0,
        "solo_colour:4": 0,
        "solo_colour:5": 0,
        "solo_lesson:202": 0,
        "solo_lesson:204": 0,
        "solo_lesson:205": 0,
    }
    reversed_order = GAME.score_position(
        solo_position(["purple", "green", "red", "orange", "blue"], NEUTRAL)
    ).to_json()
    # orange 4th: 2 x 1; blue 5th: 1 x 3.
    assert sum(lines(reversed_order, "sister").values()) == 2 + 3


def test_solo_lessons_on_the_base_boat() -> None:
    b = Boat("blue", tuple(read_piece(p, "", ViolationCollector()) for p in BASE_PIECES))  # type: ignore[misc]
    expected = {
        197: 20,  # orange (no treasure touches it), green, red, purple (none): 4 x 5
        198: 6,  # 2 x the largest scoring family (3)
        199: 10,  # 2 treasures < 9
        200: 4 * 3,  # 4 per fish, 3 fish
        201: 85,  # 5 x 17 visible rats
        202: 0,  # 4 cats and Oshax, not over 15
        203: 20,  # orange, green, red, purple: no cat on the edge
        205: 0,  # no room filled
        206: 5,  # 1 lonely cat (orange)
        207: 3 * 2,  # 3 per private lesson, 2 held
        208: 8,  # the largest family (3) scores 8
        209: 0,  # no second scoring family
        210: 3,  # 1 common treasure
        211: 6,  # blue 415 and orange 415 touch no treasure: 2 x 3
        212: 4,  # 1 map covered
        213: 5,  # 1 scoring family
        214: 1,  # the blue L touches the edge
        215: 25,  # no cat touches a visible rat: all 5 colours
    }
    assert {c: solo_lesson_points(c, b, 3, 2) for c in expected} == expected


def test_lesson_204_scores_the_best_other_solo_lesson_again() -> None:
    score = GAME.score_position(solo_position(COLOURS, [198, 201, 204])).to_json()
    # 198: 6, 201: 85, 204: the best of them again, 85.
    assert {k: x for k, x in lines(score, "sister").items() if "lesson" in k} == {
        "solo_lesson:198": 6,
        "solo_lesson:201": 85,
        "solo_lesson:204": 85,
    }


def test_public_lessons_score_half_rounded_up_in_solo() -> None:
    score = GAME.score_position(
        solo_position(COLOURS, NEUTRAL, public=[{"card": 144, "color": "blue"}])
    ).to_json()
    # 144: 1 per blue cat: 3, halved and rounded up: 2.
    ann = next(p for p in score["players"] if p["player"] == "ann")
    line = next(c for c in ann["components"] if c["id"] == "lesson:144")
    assert line["points"] == 2
    assert line["detail"]["full_points"] == 3


# Seven blue tiles, all touching (one family of 7), away from the base boat:
#   415 I   (2..6, 7)       408 L  (2..5, 8) + (5, 9)   409 U  (2,9) (2,10) (3,9) (4,9) (4,10)
#   404 P   (2,12) (3..4, 11..12)  414 S (5,11) (5,12) (6,10) (6,11)
#   412 +   (6,12) (7,11..13) (8,12)  400 T (2,15) (3,13..15) (4,15)
SEVEN = [
    piece("cat", 415, [(r, 7) for r in range(2, 7)], "blue"),
    piece("cat", 408, [(2, 8), (3, 8), (4, 8), (5, 8), (5, 9)], "blue"),
    piece("cat", 409, [(2, 9), (2, 10), (3, 9), (4, 9), (4, 10)], "blue"),
    piece("cat", 404, [(2, 12), (3, 11), (3, 12), (4, 11), (4, 12)], "blue"),
    piece("cat", 414, [(5, 11), (5, 12), (6, 10), (6, 11)], "blue"),
    piece("cat", 412, [(6, 12), (7, 11), (7, 12), (7, 13), (8, 12)], "blue"),
    piece("cat", 400, [(2, 15), (3, 13), (3, 14), (3, 15), (4, 15)], "blue"),
]


def test_largest_family_lesson_needs_7_in_solo() -> None:
    score = GAME.score_position(solo_position(COLOURS, NEUTRAL, private=[{"card": 121}])).to_json()
    # The base boat's largest family is 3, the largest on the table, but solo needs 7: 0.
    assert lines(score, "ann")["lesson:121"] == 0
    seven = GAME.score_position(
        solo_position(COLOURS, NEUTRAL, pieces=SEVEN, private=[{"card": 121}])
    ).to_json()
    # A family of 7: 5 x (7 - 2) = 25 points, and lesson 121 scores its 10.
    assert lines(seven, "ann")["family:1"] == 25
    assert lines(seven, "ann")["lesson:121"] == 10


def test_player_wins_only_with_more_points_than_the_sister() -> None:
    score = GAME.score_position(
        solo_position(["blue", "red", "green", "purple", "orange"], NEUTRAL)
    ).to_json()
    # ann: family 8 + rare 3 - 17 rats - 35 rooms = -41; sister: 5 x 3 blue + 1 x 1 orange = 16.
    assert [p["total"] for p in score["players"]] == [-41, 16]
    assert score["solo"] == {"result": "loss", "margin": -57}
    assert score["ranking"] == [{"player": "sister", "rank": 1}, {"player": "ann", "rank": 2}]


def test_equal_scores_are_a_loss() -> None:
    assert solo_result(10, 10) == "loss"
    assert solo_result(11, 10) == "win"
    assert solo_result(-3, 0) == "loss"


def test_first_in_turn_order_lesson_needs_the_sister_behind() -> None:
    # Lesson 119: 7 points when first on the island; ahead of the sister only.
    ahead = GAME.score_position(
        solo_position(COLOURS, NEUTRAL, private=[{"card": 119}], order=["ann", "sister"])
    ).to_json()
    behind = GAME.score_position(
        solo_position(COLOURS, NEUTRAL, private=[{"card": 119}], order=["sister", "ann"])
    ).to_json()
    assert lines(ahead, "ann")["lesson:119"] == 7
    assert lines(behind, "ann")["lesson:119"] == 0


def test_solo_position_problems_in_plain_words() -> None:
    bad = solo_position(["blue", "blue"], [198, 1])
    problems = [(v.code, v.pointer, v.detail) for v in validate_solo_position(bad)]
    assert problems == [
        ("DUPLICATE_CARD", "/sister/colours", "each colour card is revealed once"),
        ("INVALID_LESSON", "/sister/lessons", "solo lessons are cards 197 to 215; got 198, 1"),
    ]
    two = solo_position(COLOURS, NEUTRAL)
    two["players"] = two["players"] * 2
    codes = [v.code for v in GAME.validate_position(two)]
    assert "PLAYER_COUNT" in codes
    four = solo_position(COLOURS, [197, 198, 199, 200])
    assert [v.detail for v in GAME.validate_position(four)] == [
        "the sister has 3 solo lessons and at most 4 advanced ones, not 4 and 0"
    ]
    no_sister = solo_position(COLOURS, NEUTRAL)
    del no_sister["sister"]
    assert [(v.code, v.detail) for v in GAME.validate_position(no_sister)] == [
        ("MISSING_SISTER", "a solo position gives the sister's colour cards and lessons")
    ]


def test_a_finished_solo_game_shows_all_5_colour_cards_and_3_solo_lessons() -> None:
    # One colour card is revealed each day and the sister always plays 3 solo lessons: a table
    # with fewer is not the end of a solo game, and its score would be wrong.
    assert codes_of(solo_position(COLOURS[:4], NEUTRAL)) == [
        (
            "INCOMPLETE_SISTER",
            "/sister/colours",
            "a finished solo game has revealed all 5 colour cards, not 4",
        )
    ]
    assert codes_of(solo_position(COLOURS, [202, 207])) == [
        (
            "INCOMPLETE_SISTER",
            "/sister/lessons",
            "the sister plays with 3 solo lessons (197 to 206), not 1",
        )
    ]
    assert codes_of(solo_position(COLOURS, [*NEUTRAL, 207, 208, 209, 210])) == []


def codes_of(position: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(v.code, v.pointer, v.detail) for v in validate_solo_position(position)]


# The sister's lessons on a boat on which the counts differ from the base boat's (several lonely
# cats, two covered maps, a filled room, exactly 9 treasures, 17 cats, colours that touch treasures
# and colours that do not); every line's label and detail on both sides; a win; lesson 204 with no
# other lesson to repeat.
#
# Lesson texts and points from cards.json (``solo``): 197 5 per colour with no cat touching a
# treasure (or no cat), 198 2 per cat of the largest family, 199 10 if fewer than 9 treasures,
# 202 5 per cat or Oshax over 15, 203 5 per colour with no cat on the edge, 205 3 per filled room,
# 206 5 per lonely cat, 208/209 the largest / second family's points, 210 3 per common treasure,
# 211 3 per cat not touching a treasure, 212 4 per covered map, 213 5 per family of 3+.
def single(kind: str, color: str | None, cell: tuple[int, int]) -> Piece:
    return Piece(kind, 400 if kind == "cat" else 100, color, mask_of([cell]))


# Row 4, one square per cat (columns 1-17): blue 1-3, green 4, red 5-6, green 7, purple 8-17.
ROW_4 = ["blue"] * 3 + ["green"] + ["red"] * 2 + ["green"] + ["purple"] * 10
CATS = [single("cat", color, (4, col)) for col, color in enumerate(ROW_4, start=1)]
# Rare treasures: (3,1) on the red map, touching blue (4,1); (5,5) under red (4,5); (5,8) and
# (5,9) under purple (4,8), (4,9). Common treasures: (5,19) on the orange map, then the bow's
# parrot room R5 (3,20) (4,20) (4,21) (5,20), filled; none of the commons touches a cat.
RARES = [single("rare_treasure", None, c) for c in [(3, 1), (5, 5), (5, 8), (5, 9)]]
COMMONS = [
    single("common_treasure", None, c) for c in [(5, 19), (3, 20), (4, 20), (4, 21), (5, 20)]
]
RICH = Boat("blue", (*CATS, *RARES, *COMMONS))


def test_solo_lessons_on_a_boat_of_lonely_cats_covered_maps_and_nine_treasures() -> None:
    expected = {
        # blue, red and purple each touch a treasure; green does not; no orange cat: 2 × 5.
        # (Only blue's first cat (4,1) touches one, red's first (4,5), purple's first two.)
        197: 10,
        198: 20,  # the purple family of 10 × 2
        199: 0,  # 4 rare + 5 common = 9 treasures: not fewer than 9
        202: 10,  # 17 cats: 2 over 15 × 5
        203: 25,  # row 4 is no edge cell from column 1 to 17: all 5 colours
        205: 3,  # R5 filled: 1 room × 3
        206: 10,  # green (4,4) and green (4,7) are lonely: 2 × 5 (red 2 and blue 3 are not)
        208: 40,  # purple family of 10: 5 × (10 - 2)
        209: 8,  # blue family of 3
        210: 15,  # 5 common treasures × 3
        211: 39,  # 17 cats, 4 touch a treasure ((4,1), (4,5), (4,8), (4,9)): 13 × 3
        212: 8,  # red map (3,1) and orange map (5,19) covered: 2 × 4
        213: 10,  # purple 10 and blue 3: 2 families × 5
    }
    assert {card: solo_lesson_points(card, RICH, 0, 0) for card in expected} == expected


def test_lesson_215_counts_the_colours_with_no_cat_by_a_visible_rat() -> None:
    # The base boat, whose cats touch no visible rat, and a red cat at (6,14), beside the
    # visible rats (6,15) and (7,14): red no longer counts, the other 4 colours do.
    base = Boat("blue", tuple(read_piece(p, "", ViolationCollector()) for p in BASE_PIECES))  # type: ignore[misc]
    by_rats = Boat("blue", (*base.pieces, single("cat", "red", (6, 14))))
    assert [solo_lesson_points(215, boat, 0, 0) for boat in (base, by_rats)] == [25, 20]


def test_lesson_204_is_not_scored_on_its_own() -> None:
    # 204 scores the best of the other lessons again (sister_components), never by itself.
    with pytest.raises(ValueError, match=r"^204 is not a solo lesson scored on its own$"):
        solo_lesson_points(204, RICH, 0, 0)


LAST_COLOURS = ["red", "green", "purple", "orange", "blue"]
"""All 5 colour cards, the base boat's colours last: orange 4th (2 x 1) and blue 5th (1 x 3)."""


def solo(
    colours: list[str],
    lessons: list[int],
    private: list[int],
    *,
    fish: int = 0,
    public: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "mode": "solo",
        "players": [
            {
                "player": "ann",
                "boat": "blue",
                "pieces": BASE_PIECES,
                "fish": fish,
                "private_lessons": [{"card": c} for c in private],
            }
        ],
        "public_lessons": public or [],
        "sister": {"colours": colours, "lessons": lessons},
    }


def test_every_solo_score_line_has_its_label_and_detail() -> None:
    # ann, base boat, 3 fish, private lessons 121, 122, 123, public lesson 144 declared blue:
    # family 8, rare 3, rats -17, rooms -35; 121 needs a family of 7 in solo (hers is 3): 0;
    # 122 2 per rare: 2; 123 1 per common: 1; 144 1 per blue cat: 3, halved and rounded up: 2.
    # Total -36.
    # The sister: colour cards red, blue, purple, orange, green at 5, 4, 3, 2, 1 per cat of
    # the colour (red 0, blue 3, purple 0, orange 1, green 0): 0, 12, 0, 2, 0. Lessons 198
    # (2 per cat of the largest family: 6), 202 (5 per cat over 15: ann has 4, 0), 207 (3 per
    # private lesson of ann's: 9) and 204 (the best of those again: 9). Total 14 + 6 + 0 + 9 + 9
    # = 38: ann loses by 74.
    pos = solo(
        ["red", "blue", "purple", "orange", "green"],
        [198, 202, 204, 207],
        [121, 122, 123],
        fish=3,
        public=[{"card": 144, "color": "blue"}],
    )
    scored = GAME.score_position(pos).to_json()
    private = {"type": "private_lesson"}
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
                "detail": {"unfilled": ["R0", "R1", "R2", "R3", "R4", "R5", "R6"]},
            },
            {
                "id": "lesson:121",
                "label": "10 points if you have the largest family",
                "points": 0,
                "detail": {**private, "largest_family": 3, "solo": "needs 7"},
            },
            {
                "id": "lesson:122",
                "label": "2 points per Rare Treasure",
                "points": 2,
                "detail": private,
            },
            {
                "id": "lesson:123",
                "label": "1 point per Common Treasure",
                "points": 1,
                "detail": private,
            },
            {
                "id": "lesson:144",
                "label": "Pick a colour: 1 point per Cat/Oshax of it",
                "points": 2,
                "detail": {
                    "type": "public_lesson",
                    "color": "blue",
                    "full_points": 3,
                    "solo": "halved",
                },
            },
        ],
        "fish": 3,
    }

    def colour(n: str, color: str, each: int, count: int) -> dict[str, Any]:
        return {
            "id": f"solo_colour:{n[0]}",
            "label": f"{n} colour card ({color}): {each} per {color} cat or Oshax",
            "points": each * count,
            "detail": {"color": color, "count": count, "points_each": each},
        }

    assert scored["players"][1] == {
        "player": "sister",
        "total": 38,
        "components": [
            colour("1st", "red", 5, 0),
            colour("2nd", "blue", 4, 3),
            colour("3rd", "purple", 3, 0),
            colour("4th", "orange", 2, 1),
            colour("5th", "green", 1, 0),
            {
                "id": "solo_lesson:198",
                "label": "2 pts per cat in largest scoring family",
                "points": 6,
            },
            {"id": "solo_lesson:202", "label": "5 pts per cat/oshax over 15", "points": 0},
            {
                "id": "solo_lesson:204",
                "label": "highest scoring sister lesson scores twice",
                "points": 9,
            },
            {"id": "solo_lesson:207", "label": "3 pts per lesson card you have", "points": 9},
        ],
    }
    assert scored["solo"] == {"result": "loss", "margin": -74}
    assert scored["ranking"] == [{"player": "sister", "rank": 1}, {"player": "ann", "rank": 2}]
    assert scored["tie_break"] == {"rule": "solo_player_needs_more_points", "decided_by": None}
    assert scored["final"] is True


def test_the_player_with_more_points_than_the_sister_wins() -> None:
    # Base boat -41; 125 2 per visible rat: 34; 119 first on the island (the sister behind):
    # 7; 142 at least 5 fish: 7; 122 one rare: 2; 123 one common: 1. Total 10 against the
    # sister's 5 (orange 4th: 2 x 1, blue 5th: 1 x 3; her lessons score 0): a win by 5.
    scored = GAME.score_position(
        solo(LAST_COLOURS, NEUTRAL, [125, 119, 142, 122, 123], fish=5)
    ).to_json()
    assert [p["total"] for p in scored["players"]] == [10, 5]
    assert scored["solo"] == {"result": "win", "margin": 5}
    assert scored["ranking"] == [{"player": "ann", "rank": 1}, {"player": "sister", "rank": 2}]


def test_lesson_204_beside_lessons_worth_nothing_scores_nothing() -> None:
    # 204 repeats the better of 202 (more than 15 cats: ann has 4) and 205 (rooms filled: none).
    scored = GAME.score_position(solo(LAST_COLOURS, [204, 202, 205], [])).to_json()
    assert scored["players"][1]["components"][5:] == [
        {
            "id": "solo_lesson:204",
            "label": "highest scoring sister lesson scores twice",
            "points": 0,
        },
        {"id": "solo_lesson:202", "label": "5 pts per cat/oshax over 15", "points": 0},
        {"id": "solo_lesson:205", "label": "3 pts per filled room", "points": 0},
    ]


def test_an_equal_score_is_a_loss_decided_for_the_sister() -> None:
    # Base boat -41; 125 2 per visible rat: 34; 119 first on the island: 7; 142 at least 5
    # fish: 7. Total 7, as the sister's (blue 4th: 2 x 3, orange 5th: 1 x 1; her lessons score
    # 0): the player needs more points, the sister wins.
    colours = ["red", "green", "purple", "blue", "orange"]
    scored = GAME.score_position(solo(colours, NEUTRAL, [125, 119, 142], fish=5)).to_json()
    assert [p["total"] for p in scored["players"]] == [7, 7]
    assert scored["solo"] == {"result": "loss", "margin": 0}
    assert scored["ranking"] == [{"player": "sister", "rank": 1}, {"player": "ann", "rank": 2}]
    assert scored["tie_break"] == {"rule": "solo_player_needs_more_points", "decided_by": "sister"}
