"""The solo score pinned where the mutation run found it loose: the sister's lessons on a boat on
which the counts differ from the base boat's (several lonely cats, two covered maps, a filled
room, exactly 9 treasures, 17 cats, colours that touch treasures and colours that do not); every
line's label and detail on both sides; a win; lesson 204 with no other lesson to repeat.

Lesson texts and points from cards.json (``solo``): 197 5 per colour with no cat touching a
treasure (or no cat), 198 2 per cat of the largest family, 199 10 if fewer than 9 treasures,
202 5 per cat or Oshax over 15, 203 5 per colour with no cat on the edge, 205 3 per filled room,
206 5 per lonely cat, 208/209 the largest / second family's points, 210 3 per common treasure,
211 3 per cat not touching a treasure, 212 4 per covered map, 213 5 per family of 3+.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import mask_of
from engines.isle_of_cats.solo_scoring import solo_lesson_points

from .helpers import BASE_PIECES, GAME


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


def test_lesson_204_is_not_scored_on_its_own() -> None:
    # 204 scores the best of the other lessons again (sister_components), never by itself.
    with pytest.raises(ValueError, match=r"^204 is not a solo lesson scored on its own$"):
        solo_lesson_points(204, RICH, 0, 0)


NEUTRAL = [202, 204, 205]
"""Three solo lessons worth 0 on the base boat."""
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


# The base boat's blue family (helpers.py) and its 17 visible rats, as [row, col], row-major.
BLUE_FAMILY_CELLS = [
    *([4, c] for c in range(7, 12)),
    *([5, c] for c in range(7, 12)),
    [6, 7],
    [6, 9],
    [7, 7],
    [8, 7],
    [8, 8],
]
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
