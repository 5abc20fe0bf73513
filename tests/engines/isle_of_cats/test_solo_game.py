"""The solo day (Board Game Arena's solo mode): setup, the 5-keep-3 draft, 4 cats per field,
the sister's basket cards and speed, the colour cards, with external randomness so every draw is
known. Expected values are worked out by hand in the comments."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines.core.errors import InvalidState
from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.catalogue import mask_of
from engines.isle_of_cats.sister_cards import BASKET_CARDS
from engines.isle_of_cats.state import BUY, DRAFT, RESCUE, RESCUE_CARDS, Fields, IsleState

from .helpers import (
    FILL_2P,
    GAME,
    SOLO_OSHAX_ORDER,
    act,
    solo_drafted,
    solo_filled,
    solo_game,
    solo_rescuing,
)


def first_rescue(state: IsleState, tile: str) -> IsleState:
    action = next(a for a in GAME.legal_actions(state) if a.kind == "rescue" and a.tile == tile)
    return GAME.apply(state, action)[0]


def test_solo_setup_is_one_player_with_the_sisters_draws_first() -> None:
    state = solo_game()
    # 1 player: 5 common treasures of each shape (BGA COMMON_TREASURE_PER_PLAYERS[1]); the
    # table reports the sister's lessons, then the Oshax numbering, then the first colour card.
    assert state.commons == {100: 5, 101: 5, 102: 5, 103: 5}
    assert GAME.pending_chance(state) == {
        "kind": "solo_lessons",
        "from": "sister",
        "count": 4,  # medium: 3 solo lessons and 1 advanced one
        "support": {"type": "set", "items": list(range(197, 216))},
    }
    state = act(state, "chance:solo_lessons:198,201,205,208")
    assert GAME.pending_chance(state)["kind"] == "oshax_order"  # type: ignore[index]
    state = act(state, f"chance:oshax_order:{SOLO_OSHAX_ORDER}")
    assert state.oshax == (302, 300, 305, 301, 304, 303)
    assert GAME.pending_chance(state)["kind"] == "colour"  # type: ignore[index]


def test_solo_player_count_is_exactly_one() -> None:
    with pytest.raises(InvalidState) as err:
        GAME.setup(["ann", "bob"], {"mode": "solo"}, "s")
    assert [(v.code, v.detail) for v in err.value.violations] == [
        ("PLAYER_COUNT", "The Isle of Cats (solo mode) is for 1 player here, not 2")
    ]
    with pytest.raises(InvalidState) as err:
        GAME.setup(["ann"], {}, "s")
    assert err.value.violations[0].code == "PLAYER_COUNT"


def test_the_solo_player_may_not_be_called_sister() -> None:
    # The score lists the sister beside the player: two scores under one name would be no answer.
    with pytest.raises(InvalidState) as err:
        GAME.setup(["sister"], {"mode": "solo"}, "s")
    assert [(v.code, v.detail) for v in err.value.violations] == [
        ("RESERVED_PLAYER_ID", "the player id “sister” is the sister's in a solo game")
    ]
    # A state of such a game is refused too: its players are checked as setup checks them.
    state = GAME.encode_state(GAME.setup(["ann"], {"mode": "solo"}, "s"))
    renamed = {**state, "players": ["sister"]}
    with pytest.raises(InvalidState) as err:
        GAME.decode_state(renamed)
    assert "RESERVED_PLAYER_ID" in [v.code for v in err.value.violations]
    # Outside the solo game it is a name like any other.
    assert GAME.setup(["sister", "bob"], {}, "s").env.players == ("sister", "bob")


def test_solo_level_picks_the_advanced_lessons_and_is_solo_only() -> None:
    # easy 0 advanced lessons, expert 4 (BGA gameoptions): 3 and 7 lessons in all.
    assert len(GAME.setup(["ann"], {"mode": "solo"}, "s").solo.lessons) == 3  # type: ignore[union-attr]
    expert = GAME.setup(["ann"], {"mode": "solo", "solo_level": "expert"}, "s")
    assert expert.solo is not None
    assert sum(1 for c in expert.solo.lessons if c >= 207) == 4
    assert len(expert.solo.lessons) == 7
    with pytest.raises(InvalidState) as err:
        GAME.setup(["ann", "bob"], {"solo_level": "easy"}, "s")
    assert err.value.violations[0].code == "INVALID_OPTION"


def test_solo_lessons_draw_must_match_the_level() -> None:
    state = solo_game("medium")
    action = GAME.decode_action(state, {"id": "chance:solo_lessons:198,201,205"})
    assert [r.code for r in GAME.check(state, action)] == ["DRAW_COUNT"]


def test_solo_fields_hold_4_cats_each_numbered_left_first() -> None:
    state = solo_filled()
    # 4 cats per field in solo: the first 4 cats drawn go left, the next 4 right; the solo
    # numbers follow the draw: blue-415 is cat 1 ... red-415 cat 8.
    assert state.fields["left"] == ("blue-415", "green-414", "red-412", "orange-400")
    assert state.fields["right"] == ("purple-409", "blue-404", "green-412", "red-415")
    assert state.solo is not None
    assert state.solo.cat_order == (*FILL_2P[:2], *FILL_2P[3:])
    assert state.solo.colours == ("red",)


def test_solo_draft_deals_5_keeps_3_twice_then_1_more() -> None:
    state = act(solo_filled(), "chance:deal:55,56,43,15,16")
    assert state.phase == DRAFT and state.players[0].draft_hand == (55, 56, 43, 15, 16)
    assert {len(a.cards) for a in GAME.legal_actions(state)} == {3}  # keep exactly 3
    state = act(state, "draft:ann:15,55,56")
    # 43 and 16 are discarded; a second deal of 5 is due.
    assert state.discard == (43, 16)
    assert GAME.pending_chance(state)["count"] == 5  # type: ignore[index]
    state = act(state, "chance:deal:7,8,23,35,113")
    state = act(state, "draft:ann:7,23,113")
    assert state.discard == (43, 16, 8, 35)
    # 6 kept: 1 more card joins them, for 7 to buy.
    assert GAME.pending_chance(state)["count"] == 1  # type: ignore[index]
    state = act(state, "chance:deal:143")
    assert state.phase == BUY
    assert sorted(state.players[0].kept) == [7, 15, 23, 55, 56, 113, 143]


def test_sister_speed_below_the_players_puts_her_behind() -> None:
    state = solo_rescuing("186,174,192,175")
    # ann's speed: card 7 (4) + card 55 (3) = 7; the sister's first card 186 has speed 4 and
    # makes her draw 4 cards: 4 < 7, she is behind and plays nothing before ann's turn.
    assert state.phase == RESCUE
    assert state.players[0].speed == 7
    assert state.solo is not None
    assert state.solo.today == (186, 174, 192, 175) and not state.solo.ahead
    assert state.solo.played == 0
    assert GAME.to_move(state) == ["ann"]


def test_sister_speed_above_the_players_puts_her_ahead_and_she_plays_first() -> None:
    state = act(solo_drafted(), "buy:ann:7,15,23,55")
    state = act(state, "rescue_cards:ann:15")  # speed 0
    # 189 (speed 5, 1 card) > 0: ahead; she plays it at once: cat 6 then cat 1.
    # Cats 1-8: blue-415 green-414 red-412 orange-400 | purple-409 blue-404 green-412 red-415.
    # Cat 6 is blue-404; then cat 1 is blue-415.
    state = act(state, "chance:basket:189")
    assert state.solo is not None and state.solo.ahead
    assert state.gone == ("blue-404", "blue-415")
    assert state.fields["left"] == ("green-414", "red-412", "orange-400")
    assert state.fields["right"] == ("purple-409", "green-412", "red-415")
    assert state.solo.cat_order == (
        "green-414",
        "red-412",
        "orange-400",
        "purple-409",
        "green-412",
        "red-415",
    )


def test_equal_speed_keeps_the_order() -> None:
    state = act(solo_drafted(), "buy:ann:7,15,23,55")
    state = act(state, "rescue_cards:ann:15")  # speed 0
    # 174 has speed 0 = ann's 0: the sister stays behind, where the game starts her.
    state = act(state, "chance:basket:174")
    assert state.solo is not None and not state.solo.ahead and state.solo.played == 0


def test_sister_plays_a_card_after_each_player_turn() -> None:
    state = solo_rescuing("186,174,192,175")
    state = first_rescue(state, "blue-415")
    # ann rescued cat 1 (3 fish): the numbers close up (green-414 is cat 1 now). The sister
    # plays 186: "cat 1" takes green-414, "Oshax 5" takes the 5th of 302,300,305,301,304,303.
    assert state.solo is not None and state.solo.played == 1
    assert state.gone == ("green-414",)
    assert state.oshax == (302, 300, 305, 301, 303)
    assert state.fields["left"] == ("red-412", "orange-400")
    assert state.players[0].fish == 20 - 5 - 3  # cards 7, 15, 23, 55 cost 1+0+1+3


def test_sister_plays_her_remaining_cards_when_the_player_passes() -> None:
    state = solo_rescuing("186,174,192,175")
    state = act(state, "pass")
    # Passing ends ann's turn (186 is played), and the rescue phase (174, 192, 175 follow):
    # 186: cat 1 blue-415, Oshax 5 (304).
    #   left green-414 red-412 orange-400 | right purple-409 blue-404 green-412 red-415
    # 174: cat 5 blue-404, then cat 4 purple-409.
    #   left green-414 red-412 orange-400 | right green-412 red-415 (cats 1-5)
    # 192: switch cats 1 and 6: cat 1 is green-414 (left); no cat 6, so the highest, cat 5
    #   red-415 (right): they change fields and numbers. Then cat 2, red-412.
    #   1 red-415, 2 orange-400 (left) | 3 green-412, 4 green-414 (right)
    # 175: cat 6: none, the highest (green-414); a 1-square common treasure (5 -> 4).
    assert state.gone == ("blue-415", "blue-404", "purple-409", "red-412", "green-414")
    assert state.fields == Fields(("red-415", "orange-400"), ("green-412",))
    assert state.oshax == (302, 300, 305, 301, 303)
    assert state.commons[100] == 4
    assert state.solo is not None and state.solo.played == 4
    assert state.phase == "rare_finds"


def test_sister_takes_rare_treasures_by_shape_number() -> None:
    rare_pool = ("T-tetromino", "L-tetromino", "T-tetromino", "O-tetromino")
    state = replace(solo_rescuing("186,174,192,175"), rare_pool=rare_pool)
    events: list[dict[str, object]] = []
    # Shapes by first appearance: T is rare 1, L rare 2, O rare 3. Card 182: cat 4, rare 1
    # takes a T; card 179: cat 5, rare 4 (none, so the highest: O).
    state = solo_rules.play_card(state, 182, events)  # type: ignore[arg-type]
    assert state.rare_pool == ("L-tetromino", "T-tetromino", "O-tetromino")
    state = solo_rules.play_card(state, 179, events)  # type: ignore[arg-type]
    assert state.rare_pool == ("L-tetromino", "T-tetromino")
    assert state.gone[-1] == "rare-O-tetromino"


def test_sister_switch_moves_cats_between_fields() -> None:
    state = solo_rescuing("186,174,192,175")
    events: list[dict[str, object]] = []
    # Card 192: switch cats 1 (blue-415, left) and 6 (blue-404, right), then cat 2 (green-414).
    state = solo_rules.play_card(state, 192, events)  # type: ignore[arg-type]
    assert state.fields["left"] == ("blue-404", "red-412", "orange-400")
    assert state.fields["right"] == ("purple-409", "blue-415", "green-412", "red-415")
    assert state.solo is not None
    assert state.solo.cat_order[0] == "blue-404" and state.solo.cat_order[4] == "blue-415"


def test_colour_card_each_day_and_basket_cards_discarded_at_night() -> None:
    state = act(solo_rescuing("186,174,192,175"), "pass")
    state = act(state, "pass")  # rare finds
    # Night: today's 4 basket cards are discarded; day 2 asks for the 2nd colour card.
    assert state.day == 2
    assert state.solo is not None
    assert state.solo.used == (186, 174, 192, 175) and state.solo.today == ()
    assert GAME.pending_chance(state)["kind"] == "colour"  # type: ignore[index]
    colour = GAME.pending_chance(state)["support"]["items"]  # type: ignore[index]
    assert colour == ["blue", "green", "orange", "purple"]  # red is revealed
    state = act(state, "chance:colour:green")
    assert state.solo.colours == ("red", "green")


def test_basket_draw_count_follows_its_first_card() -> None:
    state = act(solo_drafted(), "buy:ann:7,15,23,55")
    state = act(state, "rescue_cards:ann:7,55")
    # 186 says 4 cards: 2 are not enough.
    action = GAME.decode_action(state, {"id": "chance:basket:186,174"})
    reasons = GAME.check(state, action)
    assert [(r.code, r.detail) for r in reasons] == [
        ("DRAW_COUNT", "card 186 makes 4 basket cards, not 2")
    ]
    assert state.phase == RESCUE and GAME.pending_chance(state)["kind"] == "basket"  # type: ignore[index]


def test_rescue_cards_phase_is_skipped_without_rescue_cards() -> None:
    state = act(solo_drafted(), "buy:ann:113")
    # No rescue card in hand: no choice to make, the sister draws at once.
    assert state.phase == RESCUE and state.phase != RESCUE_CARDS
    assert GAME.pending_chance(state)["kind"] == "basket"  # type: ignore[index]


def test_seeded_solo_game_reveals_all_5_colours_and_ends_scored() -> None:
    state = GAME.setup(["ann"], {"mode": "solo"}, "solo-seed")
    while not GAME.is_finished(state):
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[-1])[0]
    assert state.solo is not None and sorted(state.solo.colours) == sorted(
        ["blue", "green", "purple", "red", "orange"]
    )
    score = GAME.score(state).to_json()
    assert [p["player"] for p in score["players"]] == ["ann", "sister"]
    assert score["solo"]["result"] in ("win", "loss")
    sister_ids = [c["id"] for c in score["players"][1]["components"]]
    assert sister_ids[:5] == [f"solo_colour:{n}" for n in range(1, 6)]


def test_sister_waits_for_the_players_map_treasure() -> None:
    state = solo_rescuing("186,174,192,175")
    covers = mask_of([(0, 7)])  # the blue boat's green treasure map
    action = next(
        a
        for a in GAME.legal_actions(state)
        if a.kind == "rescue" and a.tile == "green-414" and a.piece is not None
        if a.piece.mask & covers
    )
    state = GAME.apply(state, action)[0]
    # The green cat on the green map earns a common treasure: while ann owes it, the sister's
    # card waits (1 owed, none played); once ann declines it, she plays 186.
    assert state.tasks and state.tasks[0].piece_kind == "common_treasure"
    assert state.solo is not None and (state.solo.owed, state.solo.played) == (1, 0)
    state = act(state, "skip")
    assert state.solo is not None and (state.solo.owed, state.solo.played) == (0, 1)
    # 186: cat 1 is blue-415 (green-414, cat 2, was rescued), then Oshax 5 (304).
    assert state.gone == ("blue-415",) and 304 not in state.oshax


def _report(state: IsleState, chooser: random.Random) -> str:
    """A draw the table could report for the pending chance (drawn by ``chooser``)."""
    pending = GAME.pending_chance(state)
    assert pending is not None
    kind, items = pending["kind"], pending["support"]["items"]
    if kind == "solo_lessons":  # medium: 3 of 197-206 and 1 of 207-215
        pick = chooser.sample(items[:10], 3) + chooser.sample(items[10:], 1)
    elif kind == "basket":
        first = chooser.choice(items)
        rest = [c for c in items if c != first]
        pick = [first, *chooser.sample(rest, min(BASKET_CARDS[first].baskets, len(items)) - 1)]
    elif kind == "fill":
        bag = [t for t, n in items.items() for _ in range(n)]
        chooser.shuffle(bag)
        pick, need = [], pending["cats"]
        for tile in bag:
            if not need:
                break
            pick.append(tile)
            need -= not tile.startswith("rare-")
    elif kind == "tiles":
        pick = chooser.sample([t for t, n in items.items() for _ in range(n)], pending["count"])
    else:  # oshax_order, colour, deal, cards
        pick = chooser.sample(items, pending["count"])
    return f"chance:{kind}:" + ",".join(map(str, pick))


def test_external_solo_game_runs_to_the_end_with_every_draw_reported() -> None:
    chooser = random.Random(12)
    state = solo_game("medium")
    kinds: list[str] = []
    while not GAME.is_finished(state):
        if GAME.to_move(state) == ["chance"]:
            action_id = _report(state, chooser)
            kinds.append(action_id.split(":")[1])
            state = act(state, action_id)
        else:
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))[0]
        data = GAME.encode_state(state)
        assert GAME.encode_state(GAME.decode_state(data)) == data
    # Once before day 1: the lessons and the Oshax; every day: a colour card, the fields, three
    # deals (5, 5 and 1 card) and the sister's basket cards.
    assert kinds.count("solo_lessons") == kinds.count("oshax_order") == 1
    assert kinds.count("colour") == 5 and kinds.count("fill") == 5
    assert kinds.count("deal") == 15 and kinds.count("basket") == 5
    assert state.solo is not None and len(set(state.solo.colours)) == 5
    # Every basket card drawn was played and discarded: 5 days of 1 to 4 cards.
    assert 5 <= len(state.solo.used) <= 20 and state.solo.today == ()
