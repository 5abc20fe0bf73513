"""validate-state of a position reports every impossible piece at once."""

from __future__ import annotations

import pytest

from engines.core.errors import InvalidState
from engines.isle_of_cats import ISLE_OF_CATS

from .helpers import BASE_PIECES, piece, position, row


def codes(pos: dict) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return [(v.code, v.pointer) for v in ISLE_OF_CATS.validate_position(pos)]


def test_a_real_position_is_valid() -> None:
    assert codes(position()) == []


def test_every_impossible_piece_is_reported_at_once() -> None:
    pieces = [
        *BASE_PIECES,
        piece("cat", 412, [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], "green"),  # off the boat
        piece("cat", 415, row(4, 9, 13), "red"),  # overlaps the blue I at (4,9)-(4,11)
        piece("cat", 401, row(8, 9, 13), "purple"),  # 5 in a row is not the W shape
        piece("common_treasure", 100, [(1, 4)], "blue"),  # a treasure has no colour
    ]
    assert codes(position(pieces)) == [
        ("OUTSIDE_BOAT", "/players/0/pieces/6"),
        ("OVERLAP", "/players/0/pieces/7"),
        ("SHAPE_MISMATCH", "/players/0/pieces/8/cells"),
        ("INVALID_COLOR", "/players/0/pieces/9/color"),
    ]


def test_more_copies_than_the_game_has() -> None:
    # The blue I-pentomino exists once; bob cannot hold another.
    pos = position()
    pos["players"][1]["pieces"] = [piece("cat", 415, row(4, 7, 11), "blue")]
    assert codes(pos) == [("TOO_MANY_COPIES", "/players")]
    # 2 players set out 5 common treasures of each shape: a sixth 1-square one is impossible.
    six = [piece("common_treasure", 100, [(4, c)]) for c in range(7, 13)]
    assert codes(position(six)) == [("TOO_MANY_COPIES", "/players")]


def test_any_number_of_groups_once_treasures_can_be_discarded() -> None:
    # The first piece and the two "place anywhere" cards start 3 groups; cards 88 and 89 discard
    # 2 treasures each from the boat, which can split a group further: a standard table may
    # hold four separate pieces (say, four cats once joined by treasures since discarded).
    apart = [piece("common_treasure", 100, [(4, c)]) for c in (1, 5, 9, 13)]
    assert codes(position(apart)) == []


def test_up_to_7_permanent_baskets() -> None:
    # The starting basket, and one from each of cards 84 to 89 (6 cards): 7 at most.
    assert codes(position(ann_baskets=7)) == []
    assert codes(position(ann_baskets=8)) == [("INVALID_BASKETS", "/players/0/permanent_baskets")]


def test_lessons_must_be_lesson_cards_of_the_right_kind_once_each() -> None:
    pos = position(ann_lessons=[{"card": 143}], public=[{"card": 117}])
    assert codes(pos) == [
        ("UNKNOWN_CARD", "/players/0/private_lessons/0/card"),
        ("UNKNOWN_CARD", "/public_lessons/0/card"),
    ]
    twice = position(ann_lessons=[{"card": 117}])
    twice["players"][1]["private_lessons"] = [{"card": 117}]
    assert codes(twice) == [("DUPLICATE_CARD", "/players")]


def test_boats_players_and_turn_order() -> None:
    pos = position()
    pos["players"][1]["boat"] = "blue"
    pos["turn_order"] = ["ann"]
    assert codes(pos) == [
        ("DUPLICATE_BOAT", "/players"),
        ("INVALID_TURN_ORDER", "/turn_order"),
    ]


def test_score_position_raises_on_an_impossible_position() -> None:
    pos = position([piece("cat", 401, row(8, 9, 13), "purple")])
    with pytest.raises(InvalidState) as err:
        ISLE_OF_CATS.score_position(pos)
    assert [v.code for v in err.value.violations] == ["SHAPE_MISMATCH"]
