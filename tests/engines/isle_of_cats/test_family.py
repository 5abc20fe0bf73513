"""The family game's flow (Board Game Arena's family mode), with external randomness so every
draw is known: 3 family cards dealt, 2 kept, a free cat a turn, a matching map's treasure, the
day's end and the turn order's rotation, 5 days."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core.errors import InvalidState, Reason
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import checks, supply
from engines.isle_of_cats.actions import Action
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import CAT, mask_of
from engines.isle_of_cats.state import (
    DRAFT,
    FILL,
    FINISHED,
    RESCUE,
    Fields,
    IsleState,
    counts,
    with_player,
)

from .helpers import (
    BLUE_ON_BLUE_MAP,
    FAMILY_DEAL,
    FILL_2P,
    GAME,
    act,
    family_dealt,
    family_game,
    family_rescuing,
    row,
)

RARE_BELOW = "place:rare_treasure:O-tetromino:2,10;2,11;3,10;3,11"


def reasons(state: IsleState, action_id: str) -> list[str]:
    action = GAME.decode_action(state, {"id": action_id})
    return [r.code for r in GAME.check(state, action)]


def fill_from_bag(state: IsleState) -> IsleState:
    """Report a fill of the first cats the bag holds (by tile key)."""
    chance = GAME.pending_chance(state)
    assert chance is not None and chance["kind"] == "fill"
    cats = [k for k in chance["support"]["items"] if not k.startswith("rare-")]
    return act(state, "chance:fill:" + ",".join(cats[: chance["cats"]]))


def test_family_setup_has_no_fish_baskets_or_oshax() -> None:
    pub = GAME.encode_state(family_game())["public"]
    # The family game: no fish, no baskets, no Oshax; the commons are the standard 5 of each
    # shape for 2 players; the table first fills the fields with 2 cats per player per field.
    assert [p["fish"] for p in pub["players"].values()] == [0, 0]
    assert [p["permanent_baskets"] for p in pub["players"].values()] == [0, 0]
    assert pub["oshax"] == []
    assert pub["common_treasures"] == {"100": 5, "101": 5, "102": 5, "103": 5}
    chance = GAME.pending_chance(family_game())
    assert chance is not None and chance["kind"] == "fill" and chance["cats"] == 8


def test_family_deal_is_three_green_cards_each() -> None:
    state = act(family_game(), "chance:fill:" + ",".join(FILL_2P))
    chance = GAME.pending_chance(state)
    # 3 family cards for each of 2 players, from the 18 family cards 151 to 168.
    assert chance is not None and chance["kind"] == "deal" and chance["count"] == 6
    assert chance["support"]["items"] == list(range(151, 169))
    assert reasons(state, "chance:deal:1,2,3,4,5,6") == ["NOT_IN_DECK"]
    state = act(state, "chance:deal:" + ",".join(map(str, FAMILY_DEAL)))
    assert state.phase == DRAFT
    assert [p.draft_hand for p in state.players] == [(151, 152, 153), (154, 155, 156)]


def test_the_first_rescue_starts_with_the_first_player_and_nobody_passed() -> None:
    # A state sent with marks left on it (bob passed, bob's turn): once both keep their cards,
    # the rescue starts afresh with ann, the first player.
    state = with_player(replace(family_dealt(), current=1), 1, passed=True)
    state = act(act(state, "draft:ann:151,153"), "draft:bob:155,156")
    assert state.phase == RESCUE
    assert [p.passed for p in state.players] == [False, False]
    assert state.current == 0 and GAME.to_move(state) == ["ann"]


def test_keep_two_of_the_three_family_cards() -> None:
    state = family_dealt()
    # Each player keeps exactly 2 of their 3 cards: 3 choices each.
    assert [a.cards for a in GAME.legal_actions(state, "ann")] == [
        (151, 152),
        (151, 153),
        (152, 153),
    ]
    assert reasons(state, "draft:ann:151") == ["INVALID_DRAFT"]
    why = GAME.check(state, GAME.decode_action(state, {"id": "draft:ann:151,154"}))
    assert [r.detail for r in why] == ["keep 2 different cards of 151, 152 and 153"]
    state = act(state, "draft:ann:151,153")
    assert state.phase == DRAFT  # bob still chooses
    state = act(state, "draft:bob:155,156")
    assert [p.private_lessons for p in state.players] == [(151, 153), (155, 156)]
    assert sorted(state.discard) == [152, 154]  # the third cards, face down
    assert state.phase == RESCUE and GAME.to_move(state) == ["ann"]


def test_seeded_family_game_deals_from_its_own_deck() -> None:
    state = GAME.setup(["ann", "bob", "cy"], {"mode": "family"}, "family-seed")
    # 18 family cards: 3 dealt to each of 3 players, 9 left in the hidden deck.
    assert state.phase == DRAFT
    assert [len(p.draft_hand) for p in state.players] == [3, 3, 3]
    assert state.deck is not None and len(state.deck) == 9
    dealt_cards = [c for p in state.players for c in p.draft_hand]
    assert sorted([*dealt_cards, *state.deck]) == list(range(151, 169))
    # 3 players: 6 cats in each field.
    assert [len(state.fields[f]) for f in ("left", "right")] == [6, 6]


def test_free_cat_from_either_field() -> None:
    state = family_rescuing()
    # With no fish at all, ann may take a cat from the right field (5 fish in the standard game).
    state = act(state, "rescue:right:purple-409:4,5;4,6;5,5;6,5;6,6")
    assert state.players[0].fish == 0
    assert "purple-409" not in state.fields["right"]
    assert GAME.to_move(state) == ["bob"]


def test_free_cat_is_placed_by_the_standard_rules() -> None:
    state = act(family_rescuing(), "rescue:left:blue-415:4,7;4,8;4,9;4,10;4,11")
    state = act(state, "pass")  # bob passes for the day
    # ann's second cat must touch her first one.
    assert reasons(state, "rescue:left:green-414:0,13;0,14;1,14;1,15") == ["NOT_ADJACENT"]
    assert reasons(state, "rescue:left:blue-404:5,8;6,7;6,8;7,7;7,8") == ["NOT_IN_FIELD"]


def test_matching_map_earns_a_common_or_a_rare_treasure() -> None:
    state = act(family_rescuing(), BLUE_ON_BLUE_MAP)
    # ann owes the map's treasure before bob plays.
    assert GAME.to_move(state) == ["ann"]
    kinds = {(a.kind, a.piece.kind if a.piece else None) for a in GAME.legal_actions(state)}
    assert kinds == {("place", "common_treasure"), ("place", "rare_treasure"), ("skip", None)}
    state = act(state, RARE_BELOW)
    assert state.rare_pool == ()  # the only rare treasure below the island
    assert state.players[0].boat.pieces[-1].kind == "rare_treasure"
    assert GAME.to_move(state) == ["bob"]


def test_matching_map_common_treasure_comes_from_the_supply() -> None:
    state = act(family_rescuing(), BLUE_ON_BLUE_MAP)
    state = act(state, "place:common_treasure:101:2,10;2,11")
    assert state.commons[101] == 4  # 5 dominoes for 2 players, one taken
    assert state.rare_pool == ("O-tetromino",)


def test_matching_map_treasure_may_be_declined() -> None:
    state = act(act(family_rescuing(), BLUE_ON_BLUE_MAP), "skip")
    assert len(state.players[0].boat.pieces) == 1
    assert state.commons == {100: 5, 101: 5, 102: 5, 103: 5}
    assert GAME.to_move(state) == ["bob"]


def test_other_colour_on_a_map_earns_nothing() -> None:
    # green-414 on the blue map cell (row 1, column 14) of the blue boat: no treasure.
    state = act(family_rescuing(), "rescue:left:green-414:0,13;0,14;1,14;1,15")
    assert state.tasks == ()
    assert GAME.to_move(state) == ["bob"]


def test_a_player_who_passed_is_skipped_for_the_day() -> None:
    state = act(family_rescuing(), "pass")
    state = act(state, "rescue:left:blue-415:4,7;4,8;4,9;4,10;4,11")
    # ann passed: bob plays again.
    assert GAME.to_move(state) == ["bob"]
    assert state.players[0].passed


def test_day_ends_when_everyone_passed_and_the_cats_flee() -> None:
    state = act(family_rescuing(), "rescue:left:blue-415:4,7;4,8;4,9;4,10;4,11")
    state = act(act(state, "pass"), "pass")
    # The 7 cats left flee; day 2 starts with the first player (ann) now last.
    assert state.day == 2 and state.phase == FILL
    assert len(state.gone) == 7
    assert state.fields == Fields((), ())
    assert [state.name(s) for s in state.order] == ["bob", "ann"]
    state = fill_from_bag(state)
    assert state.phase == RESCUE and GAME.to_move(state) == ["bob"]
    assert state.players[0].private_lessons == (151, 153)  # no new cards on day 2


def test_day_ends_when_the_fields_are_empty() -> None:
    state = family_rescuing()
    for _ in range(8):  # 8 cats, taken in turn, anywhere they fit
        mover = GAME.to_move(state)[0]
        rescue = next(a for a in GAME.legal_actions(state, mover) if a.kind == "rescue")
        state = GAME.apply(state, rescue)[0]
        if state.tasks:
            state = act(state, "skip")
    assert state.day == 2 and state.phase == FILL and state.gone == ()


def test_game_ends_after_five_days() -> None:
    state = family_rescuing()
    for day in range(1, 6):
        assert state.day == day
        state = act(act(state, "pass"), "pass")
        if day < 5:
            state = fill_from_bag(state)
    assert state.phase == FINISHED and GAME.is_finished(state)
    assert len(state.gone) == 40  # 8 cats fled each of the 5 days
    # Empty boats: 19 rats (-19) and 7 unfilled rooms (-35); the 4 family cards score 0.
    score = GAME.score(state).to_json()
    assert [p["total"] for p in score["players"]] == [-54, -54]
    assert [c["id"] for c in score["players"][0]["components"]] == [
        "rats",
        "rooms",
        "lesson:151",
        "lesson:153",
    ]
    assert score["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 1}]


def test_no_discovery_cards_or_fish_in_the_family_game() -> None:
    state = family_rescuing()
    assert {a.kind for a in GAME.legal_actions(state)} == {"pass", "rescue"}
    assert reasons(state, "play:67") == ["NOT_IN_FAMILY_GAME"]
    assert reasons(state, "end_turn") == ["NOT_IN_FAMILY_GAME"]
    assert reasons(state, "buy:ann:") == ["NOT_IN_FAMILY_GAME"]
    assert reasons(state, "draft:ann:151,153") == ["WRONG_PHASE"]
    assert reasons(state, "skip") == ["NO_TASK"]


def test_family_state_is_checked_when_loaded() -> None:
    state = family_rescuing()
    data = GAME.encode_state(state)
    assert GAME.encode_state(GAME.decode_state(data)) == data
    bad = GAME.encode_state(state)
    bad["private"]["ann"]["private_lessons"] = [117, 153]
    bad["public"]["players"]["bob"]["fish"] = 20
    with pytest.raises(InvalidState) as err:
        GAME.decode_state(bad)
    found = {(v.code, v.pointer) for v in err.value.violations}
    assert ("INVALID_LESSON", "/private/ann") in found
    assert ("NOT_IN_FAMILY_GAME", "/public/players/bob") in found
    detail = next(v.detail for v in err.value.violations if v.code == "INVALID_LESSON")
    assert detail == (
        "a player is dealt family cards (151 to 168) and keeps 2; "
        "got none dealt and 117 and 153 kept"
    )


def test_family_task_is_checked_when_loaded() -> None:
    data = GAME.encode_state(act(family_rescuing(), BLUE_ON_BLUE_MAP))
    assert data["public"]["tasks"] == [
        {"kind": "place", "seat": 0, "source": "map", "optional": True}
    ]
    data["public"]["tasks"][0]["source"] = "supply"
    with pytest.raises(InvalidState) as err:
        GAME.decode_state(data)
    assert [v.code for v in err.value.violations] == ["INVALID_TASK"]


def test_views_hide_the_family_cards_of_others() -> None:
    state = family_rescuing()
    view = GAME.view(state, "bob")
    assert set(view["private"]) == {"bob"}
    assert view["private"]["bob"]["private_lessons"] == [155, 156]
    assert view["public"]["players"]["ann"]["private_lesson_count"] == 2


# Each refusal's exact reason, and the events of a turn and of a day's end. The family cards are
# 151 to 168; expected values are worked out by hand in the comments.
def why(state: IsleState, action_id: str) -> list[Reason]:
    return GAME.check(state, GAME.decode_action(state, {"id": action_id}))


def test_a_players_action_waits_for_the_tables_draw() -> None:
    # At setup the table first fills the fields.
    assert checks.check(family_game(), Action(A.PASS, 0)) == [
        Reason("CHANCE_PENDING", "the table must first report a draw (fill)")
    ]


def test_only_the_player_whose_turn_it_is_acts() -> None:
    # ann moves first on day 1.
    assert checks.check(family_rescuing(), Action(A.PASS, 1)) == [
        Reason("NOT_YOUR_TURN", "waiting for “ann”")
    ]


def test_during_the_draft_only_family_cards_are_kept() -> None:
    assert checks.check(family_dealt(), Action(A.PASS, 0)) == [
        Reason("WRONG_PHASE", "each player first keeps 2 of their 3 family cards")
    ]


def test_a_rescue_outside_its_field_or_its_shape_is_refused_saying_why() -> None:
    state = family_rescuing()
    # blue-404 is in the right field, not the left one.
    assert why(state, "rescue:left:blue-404:5,8;6,7;6,8;7,7;7,8") == [
        Reason("NOT_IN_FIELD", "blue-404 is not in the left field")
    ]
    # blue-415 is an I-pentomino: four cells in a row are not its shape.
    assert why(state, "rescue:left:blue-415:4,7;4,8;4,9;4,10") == [
        Reason("SHAPE_MISMATCH", "the cells are not that piece's shape")
    ]


def test_the_maps_treasure_comes_before_anything_else() -> None:
    state = act(family_rescuing(), BLUE_ON_BLUE_MAP)
    assert why(state, "rescue:left:green-414:0,13;0,14;1,14;1,15") == [
        Reason("TASK_PENDING", "first place the treasure the map earned (or skip)")
    ]
    # The only rare treasure below the island is the O-tetromino: an L is not there.
    assert why(state, "place:rare_treasure:L-tetromino:2,10;3,10;4,10;4,11") == [
        Reason("WRONG_PIECE", "the map earns a common treasure left or a rare one below the island")
    ]


def test_nothing_to_place_and_no_draft_during_the_rescue() -> None:
    state = family_rescuing()
    assert why(state, "skip") == [Reason("NO_TASK", "nothing is waiting to be placed")]
    assert why(state, "draft:ann:151,153") == [
        Reason("WRONG_PHASE", "the game is in the rescue phase")
    ]
    assert why(state, "end_turn") == [
        Reason(
            "NOT_IN_FAMILY_GAME",
            "the family game has no fish, baskets or discovery cards: rescue a cat or pass",
        )
    ]


def test_a_finished_family_game_takes_no_action() -> None:
    state = family_rescuing()
    for day in range(1, 6):
        state = act(act(state, "pass"), "pass")
        if day < 5:
            chance = GAME.pending_chance(state)
            assert chance is not None
            cats = [k for k in chance["support"]["items"] if not k.startswith("rare-")]
            state = act(state, "chance:fill:" + ",".join(cats[: chance["cats"]]))
    assert checks.check(state, Action(A.PASS, 0)) == [Reason("GAME_OVER", "the game has ended")]


def test_a_rescued_cat_keeps_its_colour() -> None:
    # blue-415 taken as a red I-pentomino along row 0 (columns 7 to 11, free cells of ann's empty
    # blue boat): the cat is in the field and the cells are free, but it is not that piece.
    red = Action(
        A.RESCUE,
        0,
        field="left",
        tile="blue-415",
        piece=Piece(CAT, 415, "red", mask_of(row(0, 7, 11))),
    )
    assert checks.check(family_rescuing(), red) == [
        Reason("INVALID_CHOICE", "that piece is not available")
    ]


def test_the_maps_treasure_goes_on_free_cells() -> None:
    state = act(family_rescuing(), BLUE_ON_BLUE_MAP)
    # A domino over the cat just placed on row 1 (columns 10 to 14).
    assert why(state, "place:common_treasure:101:1,10;1,11") == [
        Reason("OVERLAP", "cells [[1, 10], [1, 11]] are already covered")
    ]


def test_a_treasure_is_placed_only_when_a_map_earned_one() -> None:
    assert why(family_rescuing(), "place:common_treasure:101:2,10;2,11") == [
        Reason("NO_TASK", "nothing is waiting to be placed")
    ]


def test_a_cat_is_rescued_only_from_the_two_fields() -> None:
    # An action built by a library caller may name any field: there is no "middle" one.
    middle = Action(
        A.RESCUE,
        0,
        field="middle",
        tile="blue-415",
        piece=Piece(CAT, 415, "blue", mask_of(row(0, 7, 11))),
    )
    assert checks.check(family_rescuing(), middle) == [
        Reason("NOT_IN_FIELD", "blue-415 is not in the middle field")
    ]


def test_the_maps_treasure_placed_is_announced() -> None:
    state = act(family_rescuing(), BLUE_ON_BLUE_MAP)
    action = GAME.decode_action(state, {"id": "place:common_treasure:101:2,10;2,11"})
    events = GAME.apply(state, action)[1]
    assert events[0] == {
        "type": "piece_placed",
        "player": "ann",
        "piece": {"kind": "common_treasure", "shape": 101, "cells": [[2, 10], [2, 11]]},
    }


def test_a_free_rescue_on_a_matching_map_is_announced() -> None:
    state = family_rescuing()
    events = GAME.apply(state, GAME.decode_action(state, {"id": BLUE_ON_BLUE_MAP}))[1]
    assert events[:2] == [
        {
            "type": "cat_rescued",
            "player": "ann",
            "field": "left",
            "piece": {
                "kind": "cat",
                "shape": 415,
                "color": "blue",
                "cells": [[1, 10], [1, 11], [1, 12], [1, 13], [1, 14]],
            },
            "fish_paid": 0,
        },
        {"type": "treasure_map", "player": "ann", "color": "blue"},
    ]


def test_the_maps_treasure_is_one_of_those_left() -> None:
    state = family_rescuing()
    # One domino (101) left and no other common treasure; the O-tetromino waits below the
    # island (drawn in the fill).
    state = replace(state, commons=counts({100: 0, 101: 1, 102: 0, 103: 0}))
    assert supply.treasure_shapes(state) == [
        ("common_treasure", 101),
        ("rare_treasure", "O-tetromino"),
    ]
    # With nothing left at all the map earns nothing: no treasure to place, bob plays.
    state = replace(state, commons=counts({100: 0, 101: 0, 102: 0, 103: 0}), rare_pool=())
    state = act(state, BLUE_ON_BLUE_MAP)
    assert state.tasks == () and GAME.to_move(state) == ["bob"]


def test_the_days_end_is_announced_with_the_new_turn_order() -> None:
    state = act(family_rescuing(), "pass")
    events = GAME.apply(state, GAME.decode_action(state, {"id": "pass"}))[1]
    # Both passed on day 1: the day ends, ann (first) becomes last, day 2 waits for its fill.
    assert events[-3:] == [
        {"type": "day_over", "day": 1},
        {"type": "turn_order", "turn_order": ["bob", "ann"]},
        {"type": "day_started", "day": 2},
    ]


def test_both_players_keep_their_cards_at_once_each_checked_against_their_own_hand() -> None:
    state = family_dealt()
    # Checked one after the other on the same state: each against their own 3 cards.
    assert why(state, "draft:ann:151,153") == []
    assert why(state, "draft:bob:155,156") == []
    state = act(state, "draft:ann:151,153")
    events = GAME.apply(state, GAME.decode_action(state, {"id": "draft:bob:155,156"}))[1]
    # Both have chosen: each keeps 2 family cards.
    assert {"type": "lessons_kept", "each": 2} in events


def test_the_last_cat_on_a_map_earns_its_treasure_before_the_day_ends() -> None:
    state = replace(family_rescuing(), fields=Fields(("blue-415",), ()))
    state = act(state, BLUE_ON_BLUE_MAP)
    # The fields are empty, but ann first places (or skips) the map's treasure: still day 1.
    assert state.day == 1 and GAME.to_move(state) == ["ann"]
    assert [t.source for t in state.tasks] == ["map"]
    state = act(state, "skip")
    assert state.day == 2
