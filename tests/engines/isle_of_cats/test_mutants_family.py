"""The family game pinned where the mutation run found it loose: the exact reason of each refusal,
the events of a turn and of a day's end.

The flow is Board Game Arena's family mode (`/work/shared/reference/isle_of_cats/NOTES.md`); the
family cards are 151 to 168. Expected values are worked out by hand in the comments.
"""

from __future__ import annotations

from dataclasses import replace

from engines.core.errors import Reason
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import checks, supply
from engines.isle_of_cats.actions import Action
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import CAT, mask_of
from engines.isle_of_cats.state import Fields, IsleState, counts

from .helpers import (
    BLUE_ON_BLUE_MAP,
    GAME,
    act,
    family_dealt,
    family_game,
    family_rescuing,
    row,
)


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
