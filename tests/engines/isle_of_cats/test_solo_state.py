"""The solo state as JSON: what is public, what is hidden, and the checks on loading it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engines.core.errors import InvalidState

from .helpers import GAME, act, solo_rescuing


def problems(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    with pytest.raises(InvalidState) as err:
        GAME.decode_state(data)
    return [(v.code, v.pointer, v.detail) for v in err.value.violations]


def test_solo_state_shows_the_first_basket_card_and_hides_the_rest() -> None:
    state = solo_rescuing("186,174,192,175")
    data = GAME.encode_state(state)
    solo = data["public"]["solo"]
    # Drawn today 186, 174, 192, 175: only 186 (its speed decides the order) is face up.
    assert solo["basket_shown"] == [186]
    assert solo["basket_count"] == 4
    assert data["hidden"]["solo"] == {"basket_today": [186, 174, 192, 175]}
    assert solo["lessons"] == [198, 201, 205, 208]
    assert solo["colours"] == ["red"]
    view = GAME.view(state, "ann")
    assert "hidden" not in view and view["public"]["solo"]["basket_shown"] == [186]
    assert GAME.encode_state(GAME.decode_state(copy.deepcopy(data))) == data


def test_played_basket_cards_are_face_up() -> None:
    state = act(solo_rescuing("186,174,192,175"), "pass")
    # All 4 were played when the rescue phase ended.
    assert GAME.encode_state(state)["public"]["solo"]["basket_shown"] == [186, 174, 192, 175]


def test_seeded_solo_state_keeps_the_sisters_decks_hidden() -> None:
    state = GAME.setup(["ann"], {"mode": "solo"}, "seed-1")
    hidden = GAME.encode_state(state)["hidden"]["solo"]
    # 5 colour cards: 1 revealed, 4 in the deck; 23 basket cards, none drawn yet.
    assert len(hidden["colour_deck"]) == 4
    assert len(hidden["basket_deck"]) == 23


def test_decode_rejects_a_colour_card_twice() -> None:
    data = GAME.encode_state(solo_rescuing())
    data["public"]["solo"]["colours"] = ["red", "red"]
    assert problems(data) == [
        (
            "INVALID_COLOR",
            "/public/solo/colours",
            "the colour cards are blue, green, purple, red, orange, each once",
        )
    ]


def test_decode_rejects_a_numbering_that_misses_a_cat() -> None:
    data = GAME.encode_state(solo_rescuing())
    data["public"]["solo"]["cat_order"] = data["public"]["solo"]["cat_order"][1:]
    assert problems(data) == [
        (
            "SOLO_MISMATCH",
            "/public/solo/cat_order",
            "the solo numbering lists each cat of the fields once",
        )
    ]


def test_decode_rejects_a_basket_card_in_two_places() -> None:
    data = GAME.encode_state(solo_rescuing("186,174,192,175"))
    data["public"]["solo"]["basket_used"] = [174]
    assert problems(data) == [
        (
            "CARD_TWICE",
            "/public/solo/basket_used",
            "the basket cards are 174 to 196, each in one place",
        )
    ]


def test_decode_rejects_a_solo_game_without_its_solo_part() -> None:
    data = GAME.encode_state(solo_rescuing())
    del data["public"]["solo"]
    assert problems(data) == [
        ("INVALID_STATE_SHAPE", "/public/solo", "a solo game has public.solo and hidden.solo")
    ]


def test_decode_rejects_the_wrong_lesson_count_for_the_level() -> None:
    data = GAME.encode_state(solo_rescuing())
    data["public"]["solo"]["lessons"] = [198, 201, 205]  # medium asks for 4
    assert problems(data) == [
        (
            "INVALID_LESSON",
            "/public/solo/lessons",
            "the sister holds 3 solo lessons (197 to 206) and 1 advanced ones (207 to 215), "
            "each once",
        )
    ]


def test_standard_state_has_no_solo_part_and_no_mode_option() -> None:
    state = GAME.setup(["ann", "bob"], {"mode": "standard"}, "s")
    data = GAME.encode_state(state)
    assert "solo" not in data["public"] and "solo" not in data["hidden"]
    assert "mode" not in data["options"]
    assert data == GAME.encode_state(GAME.setup(["ann", "bob"], {}, "s"))


def test_the_log_hides_the_sisters_basket_cards() -> None:
    state = GAME.setup(
        ["ann"],
        {
            "mode": "solo",
            "randomness": "external",
            "boats": {"ann": "blue"},
            "solo_level": "medium",
            "record_log": True,
        },
        None,
    )
    ids = [
        "chance:solo_lessons:198,201,205,208",
        "chance:oshax_order:302,300,305,301,304,303",
        "chance:colour:red",
        "chance:fill:blue-415,green-414,rare-O-tetromino,red-412,orange-400,purple-409,"
        "blue-404,green-412,red-415",
        "chance:deal:55,56,43,15,16",
        "draft:ann:15,55,56",
        "chance:deal:7,8,23,35,113",
        "draft:ann:7,23,113",
        "chance:deal:143",
        "buy:ann:7,15,23,55",
        "rescue_cards:ann:7,55",
        "chance:basket:186,174,192,175",
    ]
    for action_id in ids:
        state = act(state, action_id)
    log = GAME.view(state, "ann")["log"]
    # The lessons, Oshax numbers and colour card are public; the basket cards are not.
    assert log[0] == {"id": "chance:solo_lessons:198,201,205,208", "player": "chance"}
    assert log[-1] == {"id": "chance:basket", "player": "chance"}
