"""Every kind of discovery card: rescue, anytime, treasure and Oshax (lessons: test_scoring)."""

from __future__ import annotations

import pytest

from engines.isle_of_cats import supply
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import ANYTIME, CARD_KINDS, CARDS, RESCUE, mask_of
from engines.isle_of_cats.game import _log_entry_seen_by
from engines.isle_of_cats.state import IsleState, copy_with, with_player

from .helpers import GAME, act, bought, drafted, rescuing, row

RESCUE_KINDS = [
    # (a card of the kind not dealt in the helpers' game, speed, whole baskets, half baskets),
    # as cards.json prints them
    (9, 4, 0, 0),
    (17, 0, 0, 1),
    (24, 1, 0, 1),
    (36, 3, 0, 1),
    (44, 1, 1, 0),
    (57, 3, 1, 0),
]


@pytest.mark.parametrize(("card", "speed", "whole", "halves"), RESCUE_KINDS)
def test_rescue_card_speed_and_baskets(card: int, speed: int, whole: int, halves: int) -> None:
    state = bought()
    state = with_player(state, 1, hand=(*state.players[1].hand, card))
    state = act(state, "rescue_cards:ann:")
    state = act(state, f"rescue_cards:bob:{card}")
    bob = state.players[1]
    assert (bob.speed, bob.card_baskets, bob.half_baskets) == (speed, whole, halves)
    # Two halves make one basket; one half alone is no basket: 1 permanent + whole (+ pair).
    assert bob.baskets == 1 + whole


def test_every_rescue_card_kind_has_a_test() -> None:
    kinds = {k.first_id for k in CARD_KINDS if k.type == RESCUE}
    assert {CARDS[c].first_id for c, *_ in RESCUE_KINDS} == kinds


def in_turn(card: int, **changes: object) -> IsleState:
    """ann's turn in the rescue phase (11 fish), holding ``card``."""
    state = rescuing()
    return with_player(state, 0, hand=(*state.players[0].hand, card), **changes)


def oshax(color: str = "blue") -> Piece:
    return Piece(
        "oshax", 300, color, mask_of([(2, 9), (2, 10), (1, 10), (1, 11), (0, 11), (0, 12)])
    )


def test_2_fish_per_oshax_on_your_boat() -> None:
    state = in_turn(68, boat=Boat("blue", (oshax(),)))
    state = act(state, "play:68")
    assert state.players[0].fish == 11 + 2  # one Oshax × 2
    assert 68 in state.discard and 68 not in state.players[0].hand


def test_place_your_next_piece_anywhere() -> None:
    start = Piece("cat", 400, "blue", mask_of([(4, 7), (4, 8), (4, 9), (3, 9), (5, 9)]))
    state = in_turn(69, boat=Boat("blue", (start,)))
    far = "rescue:left:red-412:2,17;3,16;3,17;3,18;4,17"  # nowhere near the first cat
    assert [r.code for r in GAME.check(state, GAME.decode_action(state, {"id": far}))] == [
        "NOT_ADJACENT"
    ]
    state = act(state, "play:69")
    state = act(state, far)
    assert state.players[0].anywhere == 0  # used up by that placement


def test_draw_2_cards_keep_any_paying_their_cost() -> None:
    state = act(in_turn(71), "play:71")
    assert GAME.to_move(state) == ["chance"]
    chance = GAME.pending_chance(state)
    assert chance is not None and chance["count"] == 2
    state = act(state, "chance:cards:2,44")
    assert GAME.to_move(state) == ["ann"]
    assert GAME.view(state, "ann")["private"]["ann"]["drawn"] == [2, 44]
    assert GAME.view(state, "bob")["private"].get("ann") is None
    state = act(state, "keep:2")
    # Oshax card 2 costs 5: 11 - 5 = 6; card 44 is discarded.
    assert state.players[0].fish == 6 and 2 in state.players[0].hand and 44 in state.discard


def test_draw_3_cards() -> None:
    state = act(act(in_turn(73), "play:73"), "chance:cards:2,44,114")
    state = act(state, "keep:114")
    # A private lesson kept goes to the lesson pile: 11 - 2 = 9 fish.
    assert state.players[0].private_lessons == (114,) and state.players[0].fish == 9


def test_take_a_tile_from_the_bag_and_place_it_at_once() -> None:
    state = act(act(in_turn(75), "play:75"), "chance:tiles:purple-400")
    task = state.tasks[0]
    assert (task.piece_kind, task.shapes, task.color, task.optional) == (
        "cat",
        (400,),
        "purple",
        False,
    )
    skip = GAME.decode_action(state, {"id": "skip"})
    assert [r.code for r in GAME.check(state, skip)] == ["MUST_PLACE"]
    state = act(state, "place:cat:400:0,9;1,9;2,9;1,8;1,7")
    assert state.players[0].boat.pieces[-1].color == "purple"


def test_a_tile_from_the_bag_is_taken_while_the_bag_holds_one() -> None:
    state = in_turn(75)
    left = sorted(supply.bag_counts(state).elements())  # external mode: 101 tiles in the bag
    play = GAME.decode_action(state, {"id": "play:75"})
    last_tile = copy_with(state, gone=(*state.gone, *left[1:]))
    assert supply.bag_size(last_tile) == 1 and GAME.check(last_tile, play) == []
    empty = copy_with(state, gone=(*state.gone, *left))
    assert [r.code for r in GAME.check(empty, play)] == ["CANNOT_PLAY"]


def test_discard_a_permanent_basket_for_5_fish() -> None:
    state = act(in_turn(76), "play:76")
    assert state.players[0].permanent_baskets == 0 and state.players[0].fish == 16


def test_move_up_to_3_cats_to_the_other_field() -> None:
    state = act(in_turn(77), "play:77:blue-415,purple-409")
    # blue-415 was left, purple-409 right: each goes to the other field.
    assert "blue-415" in state.fields["right"] and "purple-409" in state.fields["left"]


def test_1_fish_per_private_lesson() -> None:
    state = act(in_turn(78, private_lessons=(114, 115)), "play:78")
    assert state.players[0].fish == 13


def test_rescue_2_cats_instead_of_1() -> None:
    state = act(in_turn(80), "play:80")
    state = act(state, "rescue:left:red-412:0,8;1,7;1,8;1,9;2,8")
    assert GAME.to_move(state) == ["ann"] and state.players[0].bonus_turn
    legal = {a.kind for a in GAME.legal_actions(state)}
    assert "end_turn" in legal and "pass" not in legal and "rescue" in legal
    state = act(state, "end_turn")
    assert GAME.to_move(state) == ["bob"]


def test_take_4_tiles_to_the_fields_choosing_each_cats_field() -> None:
    state = act(in_turn(83), "play:83")
    state = act(state, "chance:tiles:blue-400,rare-I-tetromino,green-400,red-400")
    assert state.rare_pool == ("O-tetromino", "I-tetromino")
    state = act(state, "fields:left,right,right")
    assert state.fields["left"][-1] == "blue-400"
    assert state.fields["right"][-2:] == ("green-400", "red-400")


def test_gain_a_permanent_basket() -> None:
    state = act(in_turn(84), "play:84")
    assert state.players[0].permanent_baskets == 2


def test_discard_2_private_lessons_for_a_permanent_basket() -> None:
    state = act(in_turn(86, private_lessons=(114, 115, 116)), "play:86:114,116")
    assert state.players[0].private_lessons == (115,)
    assert state.players[0].permanent_baskets == 2
    assert {114, 116} <= set(state.discard)


def test_a_card_that_gains_fish_pays_for_a_purchase() -> None:
    # Board Game Arena: while buying, an anytime card that gains fish may be played first. ann
    # holds 76 (discard a permanent basket, gain 5 fish) and 69 (place anywhere) from an earlier
    # day and has 6 fish; her drafted 35, 55 and 56 cost 2 + 3 + 3 = 8.
    state = with_player(drafted(), 0, hand=(76, 69), fish=6)
    ids = [GAME.encode_action(state, a)["id"] for a in GAME.legal_actions(state, "ann")]
    assert "play:76" in ids and "play:69" not in ids
    assert "play:67" not in ids  # drafted today: it joins the hand once bought
    buy = GAME.decode_action(state, {"id": "buy:ann:35,55,56"})
    assert [r.code for r in GAME.check(state, buy)] == ["CANNOT_AFFORD"]
    anywhere = GAME.decode_action(state, {"id": "play:69"})
    assert [(r.code, r.detail) for r in GAME.check(state, anywhere)] == [
        ("WRONG_PHASE", "while buying, only an anytime card that gains fish is played")
    ]
    state = act(state, "play:76")
    assert (state.players[0].fish, state.players[0].permanent_baskets) == (11, 0)
    assert GAME.to_move(state) == ["ann", "bob"]  # a play is no purchase: both still buy
    state = act(state, "buy:ann:35,55,56")
    assert 76 in state.discard


def test_while_buying_a_card_is_played_only_from_the_hand_and_as_it_allows() -> None:
    # ann holds 76 (it needs a permanent basket to discard; she has none left) and 96 (it asks
    # for a colour). A card she does not hold is not hers to play; a play that names no player
    # goes to the card's holder, and with nobody holding 99 it is no one's turn.
    state = with_player(drafted(), 0, hand=(76, 96), permanent_baskets=0)

    def why(action: dict[str, str]) -> list[tuple[str, str]]:
        return [(r.code, r.detail) for r in GAME.check(state, GAME.decode_action(state, action))]

    assert why({"id": "play:99", "player": "ann"}) == [
        ("NOT_IN_HAND", "card 99 is not in your hand")
    ]
    assert why({"id": "play:99"}) == [("NOT_YOUR_TURN", "waiting for “ann” and “bob”")]
    assert why({"id": "play:76"}) == [("CANNOT_PLAY", "card 76 cannot be played with “” now")]
    assert why({"id": "play:96"}) == [("CANNOT_PLAY", "card 96 cannot be played with “” now")]
    assert why({"id": "play:96:blue"}) == []


def test_the_discarded_private_lessons_stay_face_down() -> None:
    # The card is played in the open; the lessons it discards were face down and stay so: the
    # event every player sees names none, and the log names them to their owner only.
    state = in_turn(86, private_lessons=(114, 115, 116))
    _, events = GAME.apply_checked(state, GAME.decode_action(state, {"id": "play:86:114,116"}))
    assert events[0] == {"type": "card_played", "player": "ann", "card": 86, "option": ""}
    entry = {"id": "play:86:114,116", "player": "ann"}
    assert _log_entry_seen_by(entry, "ann") == entry
    assert _log_entry_seen_by(entry, "bob") == {"id": "play:86", "player": "ann"}
    assert _log_entry_seen_by(entry, None) == {"id": "play:86", "player": "ann"}
    # A card whose choice is in the open keeps it: the 2 treasures 88 discards leave the boat.
    treasures = {"id": "play:88:1,2", "player": "ann"}
    assert _log_entry_seen_by(treasures, "bob") == treasures


def test_discard_2_treasures_from_your_boat_for_a_permanent_basket() -> None:
    rare = Piece("rare_treasure", "I-tetromino", None, mask_of(row(4, 7, 10)))
    common = Piece("common_treasure", 100, None, mask_of([(5, 7)]))
    cat = Piece("cat", 415, "blue", mask_of(row(3, 7, 11)))
    state = act(in_turn(88, boat=Boat("blue", (cat, rare, common))), "play:88:1,2")
    assert [p.kind for p in state.players[0].boat.pieces] == ["cat"]
    assert state.gone == ("rare-I-tetromino",)  # discarded treasures leave the game
    assert state.players[0].permanent_baskets == 2


def test_1_fish_per_cat_colour_on_your_boat_oshax_not_counted() -> None:
    cats = (
        Piece("cat", 415, "blue", mask_of(row(3, 7, 11))),
        Piece("cat", 415, "red", mask_of(row(4, 7, 11))),
        Piece("cat", 414, "red", mask_of([(5, 8), (5, 9), (6, 7), (6, 8)])),
    )
    state = act(in_turn(90, boat=Boat("blue", (*cats, oshax("green")))), "play:90")
    assert state.players[0].fish == 11 + 2  # blue and red; the green Oshax does not count


def test_2_fish_per_rare_and_1_per_common_treasure() -> None:
    rare = Piece("rare_treasure", "I-tetromino", None, mask_of(row(4, 7, 10)))
    common = Piece("common_treasure", 100, None, mask_of([(5, 7)]))
    boat = Boat("blue", (rare, common))
    assert act(in_turn(92, boat=boat), "play:92").players[0].fish == 13
    assert act(in_turn(94, boat=boat), "play:94").players[0].fish == 12


def test_1_fish_per_cat_or_oshax_of_a_chosen_colour() -> None:
    boat = Boat("blue", (Piece("cat", 415, "green", mask_of(row(3, 7, 11))), oshax("green")))
    assert act(in_turn(96, boat=boat), "play:96:green").players[0].fish == 13


def rare_finds(card: int) -> IsleState:
    state = act(act(rescuing(), "pass"), "pass")
    return with_player(state, 0, hand=(*state.players[0].hand, card))


def test_treasure_card_two_common_treasures() -> None:
    state = act(rare_finds(99), "play:99:common")
    assert [t.piece_kind for t in state.tasks] == ["common_treasure", "common_treasure"]
    state = act(state, "place:common_treasure:103:4,7;4,8;4,9")
    state = act(state, "place:common_treasure:102:5,7;5,8;6,8")
    assert state.commons[103] == 4 and state.commons[102] == 4
    assert GAME.to_move(state) == ["bob"]  # one card per turn


def test_treasure_card_two_small_or_pay_1_fish_for_any_two() -> None:
    state = act(rare_finds(107), "play:107:small")
    assert state.tasks[0].shapes == (100, 101)
    state = act(rare_finds(107), "play:107:common")
    assert state.players[0].fish == 10 and state.tasks[0].shapes == (100, 101, 102, 103)


def test_oshax_and_treasure_cards_wait_for_the_rare_finds_phase() -> None:
    state = in_turn(99)
    action = GAME.decode_action(state, {"id": "play:99:rare"})
    assert [r.code for r in GAME.check(state, action)] == ["WRONG_PHASE"]


def test_every_anytime_card_kind_has_a_test() -> None:
    tested = {68, 69, 71, 73, 75, 76, 77, 78, 80, 83, 84, 86, 88, 90, 92, 94, 96}
    kinds = {k.first_id for k in CARD_KINDS if k.type == ANYTIME}
    assert {CARDS[c].first_id for c in tested} == kinds
