"""The family game's score: families, rats, rooms and the 18 family cards; no rare treasure
points; ties to the most filled rooms (Board Game Arena's family mode). Expected values are
counted by hand from the boats drawn in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import BOAT_MASK, BOATS, EDGE_MASK, cells_of, mask_of
from engines.isle_of_cats.family_cards import FAMILY_DECK, family_card_points
from engines.isle_of_cats.lessons import Table

from .helpers import BASE_PIECES, GAME, monominoes, piece, row


def family_position(
    ann_lessons: list[dict[str, Any]] | None = None,
    ann_pieces: list[dict[str, Any]] | None = None,
    bob_pieces: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "mode": "family",
        "players": [
            {
                "player": "ann",
                "boat": "blue",
                "pieces": BASE_PIECES if ann_pieces is None else ann_pieces,
                "private_lessons": ann_lessons or [],
            },
            {"player": "bob", "boat": "red", "pieces": bob_pieces or []},
        ],
        "turn_order": ["ann", "bob"],
    }


def ann_lines(pos: dict[str, Any]) -> dict[str, int]:
    scored = GAME.score_position(pos).to_json()["players"][0]
    return {c["id"]: c["points"] for c in scored["components"]}


OSHAX_STAIRCASE = [(2, 9), (2, 10), (1, 10), (1, 11), (0, 11), (0, 12)]  # shape 300


def table(boat: Boat, others: tuple[int, ...] = ()) -> Table:
    return Table(boat, 0, 0, 2, False, others)


def test_rare_treasures_are_not_scored_in_the_family_game() -> None:
    # The base boat: a blue family of 3 tiles (8), 17 visible rats (19 less the 2 under the
    # orange cat), 7 unfilled rooms (-35); its rare treasure scores nothing here (3 in the
    # standard game). 8 - 17 - 35 = -44.
    scored = GAME.score_position(family_position()).to_json()
    ann = scored["players"][0]
    assert [(c["id"], c["points"]) for c in ann["components"]] == [
        ("family:1", 8),
        ("rats", -17),
        ("rooms", -35),
    ]
    assert ann["total"] == -44
    assert ann["filled_rooms"] == 0


# card, declared colour, points on the base boat (ann; bob's boat is empty):
FAMILY_ON_BASE = [
    (151, None, 1),  # best colour blue: the blue L touches the bottom edge (8,7),(8,8)
    (151, "orange", 0),  # the orange cat is on row 3, off the edge
    (152, None, 0),  # only blue touches the edge
    (153, None, 0),  # 1 cat on the edge // 2
    (154, None, 0),  # 17 rats visible
    (155, None, 0),  # row 4 covered only from column 7 to 11
    (156, None, 0),
    (157, None, 0),  # 4 cats, not 20
    (158, None, 0),
    (159, None, 0),  # 3 blue cats, not 5
    (164, None, 4),  # 1 common + 1 rare treasure, 2 points each
    (165, None, 10),  # ann's family of 3; bob has none
    (166, None, 34),  # 17 visible rats × 2
    (167, None, 0),  # no room filled
    (168, None, 0),  # a single family
]


@pytest.mark.parametrize(("card", "color", "points"), FAMILY_ON_BASE)
def test_family_card_on_the_base_boat(card: int, color: str | None, points: int) -> None:
    lesson: dict[str, Any] = {"card": card} if color is None else {"card": card, "color": color}
    assert ann_lines(family_position([lesson]))[f"lesson:{card}"] == points


def test_family_card_151_left_out_colour_is_the_best_and_said() -> None:
    scored = GAME.score_position(family_position([{"card": 151}, {"card": 164}])).to_json()
    comp = next(c for c in scored["players"][0]["components"] if c["id"] == "lesson:151")
    assert comp["detail"] == {
        "type": "family_lesson",
        "color": "blue",
        "color_chosen_by_score": True,
    }
    # 8 - 17 - 35 + 1 (card 151) + 4 (card 164) = -39
    assert scored["players"][0]["total"] == -39


def test_family_cards_152_and_153_every_colour_on_the_edge() -> None:
    # Five cats on the top edge of columns 7..14 (row 0) and the bottom edge (row 8).
    colours = ["blue", "green", "red", "purple", "orange"]
    spots = [(0, 7), (0, 10), (8, 7), (8, 10), (8, 13)]
    boat = Boat(
        "blue",
        tuple(
            Piece("cat", 400 + i, colours[i], mask_of([(r, c), (r, c + 1)]))
            for i, (r, c) in enumerate(spots)
        ),
    )
    assert family_card_points(152, table(boat), None) == 9  # 9 here, 7 for standard card 116
    assert family_card_points(153, table(boat), None) == 2  # 5 edge cats // 2
    assert family_card_points(151, table(boat), "purple") == 1


def test_family_cards_154_and_156_no_rats_and_no_empty_edge() -> None:
    cells = sorted((r, c) for r, c in cells_of(EDGE_MASK | BOATS["blue"].rats))
    boat = monominoes("blue", cells)
    assert family_card_points(154, table(boat), None) == 10
    assert family_card_points(156, table(boat), None) == 12
    assert family_card_points(166, table(boat), None) == 0


def test_family_card_155_middle_row_full() -> None:
    # Row 4 runs through all 22 columns of the boat.
    full = monominoes("blue", row(4, 0, 21))
    assert family_card_points(155, table(full), None) == 10
    assert family_card_points(155, table(monominoes("blue", row(4, 0, 20))), None) == 0


def test_family_card_157_exactly_20_cats() -> None:
    spots = [(r, c) for r in range(0, 9, 2) for c in (7, 9, 11, 13)]  # 5 rows × 4 = 20
    pieces = tuple(Piece("cat", 400, "blue", mask_of([s])) for s in spots)
    assert family_card_points(157, table(Boat("blue", pieces)), None) == 10
    assert family_card_points(157, table(Boat("blue", pieces[:19])), None) == 0


def test_family_card_158_three_of_each_colour_and_159_to_163_exactly_five() -> None:
    colours = ["blue", "green", "red", "purple", "orange"]
    spots = [(r, c) for r in range(0, 9, 2) for c in (7, 10, 13)]  # 15 tiles, 3 per colour
    pieces = tuple(Piece("cat", 400 + i, colours[i % 5], mask_of([s])) for i, s in enumerate(spots))
    assert family_card_points(158, table(Boat("blue", pieces)), None) == 15
    five_blue = Boat(
        "blue", tuple(Piece("cat", 400 + i, "blue", mask_of([(2 * i, 7)])) for i in range(5))
    )
    assert [family_card_points(c, table(five_blue), None) for c in range(159, 164)] == [
        9,
        0,
        0,
        0,
        0,
    ]


def test_family_card_164_two_points_per_treasure() -> None:
    boat = monominoes("blue", row(4, 8, 12))  # 5 common treasures
    assert family_card_points(164, table(boat), None) == 10


def test_family_card_165_largest_family_ties_score() -> None:
    boat = Boat(
        "blue", tuple(Piece("cat", 400 + i, "red", mask_of([(4, 7 + i)])) for i in range(3))
    )
    assert family_card_points(165, table(boat, others=(3,)), None) == 10
    assert family_card_points(165, table(boat, others=(4,)), None) == 0


def test_family_card_167_two_points_per_filled_room() -> None:
    # The bow's parrot room: (3,20), (4,20), (5,20), (4,21).
    bow = monominoes("blue", [(3, 20), (4, 20), (5, 20), (4, 21)])
    assert family_card_points(167, table(bow), None) == 2
    every = monominoes("blue", [(r, c) for r, c in cells_of(BOAT_MASK)])
    assert family_card_points(167, table(every), None) == 14  # 7 rooms × 2


def test_family_card_168_third_largest_family_again() -> None:
    def chain(color: str, r: int, n: int) -> list[Piece]:
        return [Piece("cat", 400 + i, color, mask_of([(r, 7 + i)])) for i in range(n)]

    boat = Boat("blue", (*chain("blue", 4, 5), *chain("green", 2, 4), *chain("red", 6, 3)))
    # Families of 5, 4 and 3 tiles: the third (3 tiles) scores 8 once more.
    assert family_card_points(168, table(boat), None) == 8


def test_every_family_card_has_a_test() -> None:
    tested = {c for c, *_ in FAMILY_ON_BASE} | {160, 161, 162, 163}
    assert tested == set(FAMILY_DECK) and len(FAMILY_DECK) == 18


def test_tie_break_most_filled_rooms_then_shared() -> None:
    # ann (blue boat) fills the bow's parrot room with 4 single squares: 19 rats (-19),
    # 6 unfilled rooms (-30) = -49. bob (red boat) covers 5 of his rats with one group (two
    # dominoes on the rats of rows 2 and 3, columns 12-13, and a straight 3 on row 3, columns
    # 9-11, over the rat at (3, 10)): 14 rats (-14), 7 unfilled rooms (-35) = -49.
    bow = [piece("common_treasure", 100, [c]) for c in [(3, 20), (4, 20), (5, 20), (4, 21)]]
    bob = [
        piece("common_treasure", 101, [(2, 12), (2, 13)]),
        piece("common_treasure", 101, [(3, 12), (3, 13)]),
        piece("common_treasure", 103, [(3, 9), (3, 10), (3, 11)]),
    ]
    scored = GAME.score_position(family_position([], bow, bob)).to_json()
    assert [p["total"] for p in scored["players"]] == [-49, -49]
    assert scored["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 2}]
    assert scored["tie_break"] == {"rule": "most_filled_rooms_then_shared", "decided_by": "ann"}
    # Two empty boats: -19 - 35 = -54 each, no room filled: the rank is shared.
    shared = GAME.score_position(family_position([], [], [])).to_json()
    assert shared["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 1}]
    assert shared["tie_break"]["decided_by"] is None


def test_a_family_boat_is_one_group() -> None:
    # The family game has no card that places anywhere or discards a piece: every piece after
    # the first touches an earlier one.
    apart = [piece("common_treasure", 100, [(4, c)]) for c in (1, 5)]
    assert [
        (v.code, v.pointer, v.detail) for v in GAME.validate_position(family_position([], apart))
    ] == [
        (
            "PIECES_NOT_CONNECTED",
            "/players/0/pieces",
            "the pieces form 2 separate groups; play allows at most 1",
        )
    ]
    joined = [piece("common_treasure", 100, [(4, c)]) for c in (1, 2)]
    assert GAME.validate_position(family_position([], joined)) == []


@pytest.mark.parametrize(
    ("change", "code", "pointer"),
    [
        ({"private_lessons": [{"card": 117}]}, "UNKNOWN_CARD", "/players/0/private_lessons/0/card"),
        (
            {"private_lessons": [{"card": 152, "color": "red"}]},
            "INVALID_COLOR",
            "/players/0/private_lessons/0/color",
        ),
        (
            {"private_lessons": [{"card": 151}, {"card": 152}, {"card": 153}]},
            "INVALID_LESSON",
            "/players/0/private_lessons",
        ),
        ({"fish": 3}, "NOT_IN_FAMILY_GAME", "/players/0"),
        (
            {"pieces": [piece("oshax", 300, OSHAX_STAIRCASE, "red")]},
            "NOT_IN_FAMILY_GAME",
            "/players/0/pieces",
        ),
    ],
)
def test_family_position_is_checked(change: dict[str, Any], code: str, pointer: str) -> None:
    pos = family_position()
    pos["players"][0] = {**pos["players"][0], **change}
    found = [(v.code, v.pointer) for v in GAME.validate_position(pos)]
    assert (code, pointer) in found


def test_family_position_has_no_public_lessons_and_cards_exist_once() -> None:
    pos = family_position([{"card": 164}])
    pos["players"][1]["private_lessons"] = [{"card": 164}]
    pos["public_lessons"] = [{"card": 144, "color": "red"}]
    found = {v.code for v in GAME.validate_position(pos)}
    assert found == {"DUPLICATE_CARD", "NOT_IN_FAMILY_GAME"}


# A family card's line carries the card's text (cards.json, ``family_cards``) as its label, and a
# position's score is a final one. Ann's base boat (helpers.py): a blue family of 3 (8), one rare
# and one common treasure, 17 visible rats, 7 unfilled rooms.
def test_a_family_card_line_is_labelled_with_the_card_text() -> None:
    # 164: "2 points per treasure": 1 rare + 1 common = 4. 168: "Score your third largest
    # family twice": one family only, 0. Total 8 - 17 - 35 + 4 + 0 = -40.
    pos = {
        "mode": "family",
        "players": [
            {
                "player": "ann",
                "boat": "blue",
                "pieces": BASE_PIECES,
                "private_lessons": [{"card": 164}, {"card": 168}],
            },
            {"player": "bob", "boat": "red", "pieces": []},
        ],
        "turn_order": ["ann", "bob"],
    }
    scored = GAME.score_position(pos).to_json()
    assert scored["final"] is True  # a position is scored as a finished game
    ann = scored["players"][0]
    assert ann["components"][-2:] == [
        {
            "id": "lesson:164",
            "label": "2 points per treasure",
            "points": 4,
            "detail": {"type": "family_lesson"},
        },
        {
            "id": "lesson:168",
            "label": "Score your third largest family twice",
            "points": 0,
            "detail": {"type": "family_lesson"},
        },
    ]
    assert ann["total"] == -40
