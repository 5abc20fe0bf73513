"""The solo day's draws and the sister's cards.

Card data from the reference (`/work/shared/reference/isle_of_cats/cards.json`, "solo"): colour
cards blue, green, purple, red, orange; basket cards 174-196 as (actions, baskets, speed); solo
lessons 197-206, advanced ones 207-215; the Oshax 300-305. Every expected value is worked out by
hand in the comments.
"""

from __future__ import annotations

from dataclasses import replace

from engines.core.errors import Reason
from engines.core.protocol import Event
from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.state import Fields, IsleState, counts, with_player, with_solo

from .helpers import GAME, act, solo_drafted, solo_filled, solo_game, solo_rescuing

ALL_BASKETS = list(range(174, 197))


def island(state: IsleState, left: list[str], right: list[str], order: list[str]) -> IsleState:
    """``state`` with these cats in the fields, numbered in ``order`` (1 first)."""
    state = replace(state, fields=Fields(tuple(left), tuple(right)))
    return with_solo(state, cat_order=tuple(order))


def basket_due() -> IsleState:
    """Day 1's rescue phase, the sister's basket draw due (ann bought 7 and 55: speed 7)."""
    state = act(solo_drafted(), "buy:ann:7,15,23,55")
    return act(state, "rescue_cards:ann:7,55")


# --- the draws the table reports ---------------------------------------------------------------


def test_sister_lessons_drawn_are_announced() -> None:
    state = solo_game()
    events: list[Event] = []
    state = solo_rules.apply_draw(state, solo_rules.LESSONS, ["198", "201", "205", "208"], events)
    assert state.solo is not None and state.solo.lessons == (198, 201, 205, 208)
    assert events == [{"type": "sister_lessons", "cards": [198, 201, 205, 208]}]


def test_oshax_numbering_drawn_is_announced() -> None:
    state = act(solo_game(), "chance:solo_lessons:198,201,205,208")
    events: list[Event] = []
    order = ["302", "300", "305", "301", "304", "303"]
    state = solo_rules.apply_draw(state, solo_rules.OSHAX_ORDER, order, events)
    # Oshax 1 is 302, Oshax 2 is 300, ... as reported.
    assert state.oshax == (302, 300, 305, 301, 304, 303)
    assert events == [{"type": "oshax_numbered", "oshax": [302, 300, 305, 301, 304, 303]}]


def test_one_colour_card_of_those_left_is_revealed_each_day() -> None:
    state = solo_game()
    check = solo_rules.check_draw
    # Nothing revealed yet: the 5 colour cards, alphabetically.
    all_five = "one colour card is revealed, one of blue, green, orange, purple, red"
    assert check(state, solo_rules.COLOUR, ["red", "blue"]) == [Reason("NOT_IN_DECK", all_five)]
    assert check(state, solo_rules.COLOUR, ["pink"]) == [Reason("NOT_IN_DECK", all_five)]
    assert check(state, solo_rules.COLOUR, ["red"]) == []
    state = with_solo(state, colours=("red",))
    # Red is out: the 4 others.
    assert check(state, solo_rules.COLOUR, ["red"]) == [
        Reason("NOT_IN_DECK", "one colour card is revealed, one of blue, green, orange, purple")
    ]


def test_cards_and_oshax_are_reported_by_number_each_once() -> None:
    state = solo_game()
    check = solo_rules.check_draw
    assert check(state, solo_rules.BASKET, ["186", "x"]) == [
        Reason("UNKNOWN_CARD", "the items are numbers")
    ]
    twice = ["300", "300", "301", "302", "303", "304"]
    assert check(state, solo_rules.OSHAX_ORDER, twice) == [
        Reason("DRAW_TWICE", "each card or Oshax is drawn once")
    ]


def test_sister_lessons_drawn_follow_the_level() -> None:
    # hard: 3 solo lessons (197-206) and 2 advanced ones (207-215).
    state = solo_game("hard")
    check = solo_rules.check_draw
    assert check(state, solo_rules.LESSONS, ["198", "201", "205", "208"]) == [
        Reason(
            "DRAW_COUNT",
            "the sister draws 3 solo lessons (197 to 206) and 2 advanced ones (207 to 215) "
            "at level hard",
        )
    ]
    assert check(state, solo_rules.LESSONS, ["198", "201", "205", "208", "215"]) == []


def test_the_six_oshax_are_each_numbered() -> None:
    state = act(solo_game(), "chance:solo_lessons:198,201,205,208")
    check = solo_rules.check_draw
    five = ["300", "301", "302", "303", "304"]
    assert check(state, solo_rules.OSHAX_ORDER, five) == [
        Reason("DRAW_COUNT", "the 6 Oshax (300 to 305) are listed in their order")
    ]
    assert check(state, solo_rules.OSHAX_ORDER, [*five, "305"]) == []


def test_basket_cards_drawn_come_from_the_sisters_deck() -> None:
    state = basket_due()
    check = solo_rules.check_draw
    not_hers = [Reason("NOT_IN_DECK", "the basket cards drawn are cards of the sister's deck")]
    assert check(state, solo_rules.BASKET, []) == not_hers
    assert check(state, solo_rules.BASKET, ["173"]) == not_hers  # 173 is no basket card
    state = with_solo(state, used=(174, 175, 176))  # gone on earlier days
    assert check(state, solo_rules.BASKET, ["187", "174"]) == not_hers


def test_the_last_basket_cards_left_may_all_be_drawn() -> None:
    state = basket_due()
    # Only 186 and 174 are left: 186 asks for 4 cards, 2 are there, so both are drawn.
    state = with_solo(state, used=tuple(c for c in ALL_BASKETS if c not in (186, 174)))
    assert solo_rules.check_draw(state, solo_rules.BASKET, ["186", "174"]) == []
    assert solo_rules.check_draw(state, solo_rules.BASKET, ["186"]) == [
        Reason("DRAW_COUNT", "card 186 makes 2 basket cards, not 1")
    ]


# --- the sister's cards ------------------------------------------------------------------------


def test_switch_with_only_two_cats_on_the_island_swaps_them() -> None:
    state = act(basket_due(), "chance:basket:186,174,192,175")
    assert state.solo is not None
    state = island(state, ["blue-415"], ["purple-409"], ["blue-415", "purple-409"])
    events: list[Event] = []
    # Card 192: switch cats 1 and 6. Cat 1 is blue-415 (left); there is no cat 6, so the highest,
    # cat 2 purple-409 (right): they change fields and numbers. Then "cat 2" takes blue-415, now
    # cat 2 in the right field.
    state = solo_rules.play_card(state, 192, events)
    assert state.fields == Fields(("purple-409",), ())
    assert state.gone[-1] == "blue-415"
    assert events[-1]["actions"] == [
        {"action": ["switch", 1, 6], "result": ["blue-415", "purple-409"]},
        {"action": ["cat", 2], "result": "blue-415"},
    ]


def test_at_night_the_sisters_cards_of_the_day_are_discarded() -> None:
    state = act(basket_due(), "chance:basket:186,174,192,175")
    events: list[Event] = []
    state = solo_rules.end_day(state, events)
    assert events == [{"type": "sister_discarded"}]
    assert state.solo is not None
    assert state.solo.used == (186, 174, 192, 175) and state.solo.today == ()


def test_switch_of_two_cats_of_the_right_field_renumbers_them_only() -> None:
    state = act(basket_due(), "chance:basket:186,174,192,175")
    assert state.solo is not None
    state = island(state, [], ["blue-404", "green-412"], ["blue-404", "green-412"])
    events: list[Event] = []
    # Card 192: switch cats 1 (blue-404) and 6 (none: the highest, cat 2 green-412), both in the
    # right field: they stay there and swap numbers. Then "cat 2" takes blue-404.
    state = solo_rules.play_card(state, 192, events)
    assert state.fields == Fields((), ("green-412",))
    assert state.gone[-1] == "blue-404"


def test_switch_of_two_cats_of_the_left_field_renumbers_them_only() -> None:
    state = act(basket_due(), "chance:basket:186,174,192,175")
    assert state.solo is not None
    state = island(state, ["red-412", "orange-400"], [], ["red-412", "orange-400"])
    events: list[Event] = []
    # Card 192: switch cats 1 (red-412) and 6 (none: cat 2, orange-400), both in the left field:
    # they swap numbers. Then "cat 2" takes red-412.
    state = solo_rules.play_card(state, 192, events)
    assert state.fields == Fields(("orange-400",), ())
    assert state.gone[-1] == "red-412"


def test_switch_whose_two_numbers_fall_back_to_one_cat_takes_the_one_before_it() -> None:
    state = act(basket_due(), "chance:basket:186,174,192,175")
    assert state.solo is not None
    state = island(state, ["blue-415"], ["purple-409"], ["blue-415", "purple-409"])
    events: list[Event] = []
    # Card 194: switch cats 2 and 5 with 2 cats: cat 2 is purple-409 and there is no cat 5, so
    # the highest, cat 2 again; the switch then takes cat 1 (blue-415) and cat 2. They change
    # fields and numbers: purple-409 is cat 1 (left). Then "cat 1" takes purple-409.
    state = solo_rules.play_card(state, 194, events)
    assert state.fields == Fields((), ("blue-415",))
    assert state.gone[-1] == "purple-409"
    assert events[-1]["actions"] == [
        {"action": ["switch", 2, 5], "result": ["blue-415", "purple-409"]},
        {"action": ["cat", 1], "result": "purple-409"},
    ]


def test_cards_owed_by_the_sister_add_up() -> None:
    state = act(basket_due(), "chance:basket:186,174,192,175")
    state = with_solo(
        state, owed=1
    )  # a state loaded with one card still owed (the codec accepts it)
    action = next(
        a for a in GAME.legal_actions(state) if a.kind == "rescue" and a.tile == "blue-415"
    )
    state = GAME.apply(state, action)[0]
    # ann's turn adds one more: 2 owed, so the sister plays 186 and 174. With blue-415 rescued:
    # 186 "cat 1" takes green-414 (and Oshax 5); then the cats are red-412 1, orange-400 2,
    # purple-409 3, blue-404 4, green-412 5, red-415 6: 174 "cat 5" takes green-412, "cat 4"
    # blue-404.
    assert (state.solo.played, state.solo.owed) == (2, 0)
    assert state.gone == ("green-414", "green-412", "blue-404")


def sister_day() -> IsleState:
    """Day 1, the sister's cards drawn (186, 174, 192, 175); cats 1-8 as drawn (FILL_2P)."""
    return act(basket_due(), "chance:basket:186,174,192,175")


def test_each_card_played_is_announced_with_what_each_action_took() -> None:
    state = sister_day()
    events: list[Event] = []
    # Card 175: "cat 6" (blue-404), then a 1-square common treasure (shape 100, 5 left).
    state = solo_rules.play_card(state, 175, events)
    assert events == [
        {
            "type": "sister_played",
            "card": 175,
            "actions": [
                {"action": ["cat", 6], "result": "blue-404"},
                {"action": ["common", "1-square"], "result": 100},
            ],
        }
    ]
    assert state.commons[100] == 4


def test_the_last_common_treasure_of_a_shape_is_taken_then_none() -> None:
    state = sister_day()
    state = replace(state, commons=counts({**state.commons, 100: 1}))
    events: list[Event] = []
    # Card 175 twice: the one 1-square treasure left is taken, then there is none to take.
    state = solo_rules.play_card(state, 175, events)
    state = solo_rules.play_card(state, 175, events)
    assert state.commons[100] == 0
    assert [e["actions"][1]["result"] for e in events] == [100, None]  # type: ignore[index]


def test_no_oshax_or_rare_treasure_left_takes_nothing() -> None:
    state = sister_day()
    assert state.rare_pool == ("O-tetromino",)  # drawn third in the fill
    events: list[Event] = []
    # Card 182: "cat 4" (orange-400), "rare 1": the O-tetromino, the only shape below the island.
    state = solo_rules.play_card(state, 182, events)
    # Card 176 with no Oshax left: "cat 3" (red-412; cats 1-3 are blue-415, green-414, red-412),
    # "oshax 3" takes nothing. Card 179 with no rare treasure left: "cat 5" (cats are now
    # blue-415, green-414, purple-409, blue-404, green-412, red-415: green-412), "rare 4" nothing.
    state = replace(state, oshax=())
    state = solo_rules.play_card(state, 176, events)
    state = solo_rules.play_card(state, 179, events)
    assert [e["actions"] for e in events] == [
        [
            {"action": ["cat", 4], "result": "orange-400"},
            {"action": ["rare", 1], "result": "O-tetromino"},
        ],
        [{"action": ["cat", 3], "result": "red-412"}, {"action": ["oshax", 3], "result": None}],
        [{"action": ["cat", 5], "result": "green-412"}, {"action": ["rare", 4], "result": None}],
    ]
    assert state.rare_pool == ()


def test_the_sisters_first_basket_card_is_announced_with_her_speed() -> None:
    # ann's speed is 7 (cards 7 and 55). 186: speed 4, 4 cards: behind.
    state = basket_due()
    events: list[Event] = []
    state = solo_rules.drew_basket(state, (186, 174, 192, 175), events)
    assert events == [
        {"type": "sister_basket", "card": 186, "count": 4, "speed": 4, "ahead": False}
    ]
    assert state.solo is not None and state.solo.owed == 0
    # 194: speed 9 > 7, 4 cards: ahead, she owes a card before ann's turn, on top of one
    # already owed (a state loaded so).
    state = with_solo(basket_due(), owed=1)
    events = []
    state = solo_rules.drew_basket(state, (194, 174, 192, 175), events)
    assert events == [{"type": "sister_basket", "card": 194, "count": 4, "speed": 9, "ahead": True}]
    assert state.solo.owed == 2


def test_a_tie_in_speed_keeps_the_order_of_the_day_before() -> None:
    # 193: speed 7, as ann's: the sister stays ahead, or behind, as she was.
    for before in (True, False):
        after = solo_rules.drew_basket(with_solo(basket_due(), ahead=before), (193, 174), [])
        assert after.solo is not None and after.solo.ahead is before


def test_the_days_basket_starts_with_no_card_played() -> None:
    # A state sent with cards counted as played: the new basket starts from its first card.
    after = solo_rules.drew_basket(with_solo(basket_due(), played=2), (186, 174, 192, 175), [])
    assert after.solo is not None and after.solo.played == 0


def test_the_days_first_deal_starts_with_nothing_kept() -> None:
    # A state sent with a card kept before the day's first deal: the draft starts afresh.
    state = with_player(solo_filled(), 0, kept=(2,))
    after = solo_rules.deal(state, (55, 56, 43, 15, 16), [])
    assert after.players[0].kept == ()
    assert after.players[0].draft_hand == (55, 56, 43, 15, 16)


def test_the_sister_owes_nothing_once_the_rescue_and_the_day_are_over() -> None:
    state = with_solo(solo_rescuing(), owed=2)
    rescue_over = solo_rules.end_rescue(state, [])
    assert rescue_over.solo is not None and rescue_over.solo.owed == 0
    night = solo_rules.end_day(state, [])
    so = state.solo
    assert so is not None and so.cat_order and so.today
    assert night.solo == replace(
        so, used=so.used + so.today, today=(), played=0, owed=0, deals=0, drawn=False, cat_order=()
    )


def test_deals_reveals_and_discards_of_the_day_are_announced() -> None:
    state = solo_game()
    events: list[Event] = []
    state = solo_rules.reveal_colour(state, "red", events)  # the first colour card
    assert events == [{"type": "colour_card", "color": "red", "number": 1}]
    state = solo_filled()
    events = []
    state = solo_rules.deal(state, (55, 56, 43, 15, 16), events)  # the first deal: 5 cards to draft
    assert events == [{"type": "cards_dealt", "each": 5}]
    events = []
    state = solo_rules.draft_reveal(state, [15, 55, 56], events)  # 3 kept, 43 and 16 discarded
    assert events == [{"type": "draft_discarded", "round": 1, "count": 2}]
    state = act(state, "chance:deal:7,8,23,35,113")
    state = act(state, "draft:ann:7,23,113")
    events = []
    state = solo_rules.deal(state, (143,), events)  # the third deal: 1 card straight to those kept
    assert events == [{"type": "cards_dealt", "each": 1, "to": "kept"}]


def test_a_cat_sent_to_a_field_is_numbered_after_the_cats_there_which_keep_their_order() -> None:
    state = sister_day()
    assert state.solo is not None
    state = island(
        state, ["blue-415", "green-414", "red-412"], [], ["blue-415", "green-414", "red-412"]
    )
    events: list[Event] = []
    # Card 192: switch cats 1 (blue-415) and 6 (none: the highest, cat 3 red-412), both in the
    # left field: they swap numbers (red-412 is cat 1), not places. Then "cat 2" takes
    # green-414: red-412 is cat 1, blue-415 cat 2.
    state = solo_rules.play_card(state, 192, events)
    assert state.solo.cat_order == ("red-412", "blue-415")
    assert state.fields["left"] == ("blue-415", "red-412")
    # A cat sent to the left field comes after them: cat 3. Card 186: "cat 1" takes red-412.
    state = replace(
        state, fields=state.fields.with_tiles("left", (*state.fields.left, "orange-400"))
    )
    state = solo_rules.play_card(state, 186, events)
    assert state.gone[-2:] == ("green-414", "red-412")
    assert state.solo.cat_order == ("blue-415", "orange-400")
