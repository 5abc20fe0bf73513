"""States as JSON: the round trip, what each viewer sees, and altered states refused."""

from __future__ import annotations

import json
import random
from dataclasses import fields, replace

import pytest

from engines.core.errors import InvalidState
from engines.isle_of_cats import rules
from engines.isle_of_cats.actions import CHANCE_SEAT
from engines.isle_of_cats.catalogue import COMMON
from engines.isle_of_cats.state import (
    PLACE_TASK,
    IsleState,
    PlayerState,
    Task,
    copy_with,
    with_player,
)

from .helpers import GAME, rescuing


def roundtrip(state: IsleState) -> bool:
    data = json.loads(json.dumps(GAME.encode_state(state)))
    return bool(GAME.encode_state(GAME.decode_state(data)) == data)


def test_encode_decode_is_the_identity_through_seeded_games() -> None:
    for n in (2, 3, 4):
        state = GAME.setup([f"p{i}" for i in range(n)], {"record_log": True}, f"rt{n}")
        rng = random.Random(n)
        steps = 0
        while not GAME.is_finished(state) and steps < 60:
            assert roundtrip(state)
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))[0]
            steps += 1
        assert roundtrip(state)


def test_views_hide_hands_decisions_deck_and_bag() -> None:
    state = GAME.setup(["ann", "bob", "cy"], {}, "views")
    for viewer in ("ann", "bob", "cy", None):
        view = GAME.view(state, viewer)
        assert "rng" not in view and "hidden" not in view
        assert list(view["private"]) == ([] if viewer is None else [viewer])
    # Each player sees their own 7 draft cards, and only counts of the deck and bag.
    assert len(GAME.view(state, "ann")["private"]["ann"]["draft_hand"]) == 7
    assert GAME.view(state, None)["public"]["counts"] == {
        "deck": 129,
        "bag": 110 - len(state.fields["left"]) - len(state.fields["right"]) - len(state.rare_pool),
        "discard": 0,
    }


def test_an_altered_state_is_refused() -> None:
    data = GAME.encode_state(rescuing())
    data["public"]["players"]["ann"]["boat"] = "green"
    data["private"]["ann"]["hand"].append(98)  # bob holds card 98
    try:
        GAME.decode_state(data)
    except InvalidState as err:
        got = {v.code for v in err.violations}
    else:
        raise AssertionError("an altered state must be refused")
    assert got == {"WRONG_BOAT", "CARD_TWICE"}


def test_only_a_tile_drawn_from_the_bag_is_held_by_its_task() -> None:
    # Two common treasures to place: a task of the supply holds no tile.
    data = GAME.encode_state(replace(rescuing(), tasks=(TWO_COMMONS,)))
    assert GAME.decode_state(data).tasks == (TWO_COMMONS,)
    data["public"]["tasks"][0]["tiles"] = ["blue-400"]
    with pytest.raises(InvalidState) as err:
        GAME.decode_state(data)
    assert [(v.code, v.pointer) for v in err.value.violations] == [
        ("INVALID_TASK", "/public/tasks/0")
    ]


TWO_COMMONS = Task(PLACE_TASK, 0, COMMON, (101, 102), optional=True, source="supply")


def test_a_state_whose_to_move_disagrees_is_refused() -> None:
    data = GAME.encode_state(rescuing())
    data["to_move"] = ["bob"]
    try:
        GAME.decode_state(data)
    except InvalidState as err:
        assert [v.code for v in err.violations] == ["INCONSISTENT_STATE"]
    else:
        raise AssertionError("to_move is derived")


def test_a_seeded_state_keeps_its_deck_and_bag_and_an_external_one_neither() -> None:
    # Seeded mode draws from the stored deck and bag: a state without one of them would play
    # on as another game (no card left to draw), so it is refused, like the bag alone was.
    seeded = GAME.encode_state(GAME.setup(["ann", "bob"], {}, "hidden parts"))
    for part in ("deck", "bag"):
        data = json.loads(json.dumps(seeded))
        del data["hidden"][part]
        try:
            GAME.decode_state(data)
        except InvalidState as err:
            got = [(v.code, v.pointer) for v in err.violations]
            assert got == [("HIDDEN_MISMATCH", "/hidden")], part
        else:
            raise AssertionError(f"a seeded state without its {part} must be refused")
    # The table keeps the cards in external mode: a stored deck, even an empty one, is refused.
    external = GAME.encode_state(rescuing())
    external["hidden"]["deck"] = []
    try:
        GAME.decode_state(external)
    except InvalidState as err:
        # The supply check then counts the stored deck as seeded mode's: 150 cards are not there.
        assert [(v.code, v.pointer) for v in err.violations] == [
            ("HIDDEN_MISMATCH", "/hidden"),
            ("CARDS_MISSING", "/hidden/deck"),
        ]
    else:
        raise AssertionError("an external state keeps no deck")


def test_a_seeded_state_never_waits_for_a_draw() -> None:
    # Seeded mode draws from the stored deck as soon as a draw falls due, so a seeded state
    # whose sister has no lessons yet, waiting for the table, could never move on: refused.
    data = GAME.encode_state(GAME.setup(["ann"], {"mode": "solo"}, "waits"))
    assert data["public"]["solo"]["lessons"] == [197, 204, 198]
    data["public"]["solo"]["lessons"] = []
    data["to_move"] = ["chance"]
    try:
        GAME.decode_state(data)
    except InvalidState as err:
        assert [(v.code, v.pointer, v.detail) for v in err.violations] == [
            (
                "INCONSISTENT_STATE",
                "/to_move",
                "a seeded game makes each draw as it falls due; this state waits for one "
                "(solo_lessons)",
            )
        ]
    else:
        raise AssertionError("a seeded state waiting for a draw must be refused")


def test_external_mode_reports_every_draw_as_chance() -> None:
    state = GAME.setup(
        ["ann", "bob"], {"randomness": "external", "boats": {"ann": "red", "bob": "green"}}, None
    )
    assert GAME.to_move(state) == ["chance"]
    chance = GAME.pending_chance(state)
    assert chance is not None and chance["kind"] == "fill" and chance["cats"] == 8
    assert sum(chance["support"]["items"].values()) == 110
    assert GAME.legal_actions(state) == []
    assert CHANCE_SEAT == -1


def test_external_mode_needs_every_boat() -> None:
    try:
        GAME.setup(["ann", "bob"], {"randomness": "external"}, None)
    except InvalidState as err:
        assert [v.code for v in err.violations] == ["MISSING_OPTION"]
    else:
        raise AssertionError("boats are on the table in external mode")


def test_same_seed_same_game() -> None:
    a = GAME.setup(["ann", "bob"], {}, "same")
    b = GAME.setup(["ann", "bob"], {}, "same")
    assert GAME.encode_state(a) == GAME.encode_state(b)
    assert a.bag is not None and len(a.bag) + 8 + len(a.rare_pool) == 110


def test_the_log_in_a_view_hides_picks_purchases_and_deals() -> None:
    state = GAME.setup(["ann", "bob"], {"record_log": True}, "log view")
    state = GAME.apply(state, GAME.legal_actions(state, "ann")[0])[0]
    ann_pick = GAME.encode_state(state)["log"][0]["id"]
    assert ann_pick.startswith("draft:ann:")
    assert GAME.view(state, "ann")["log"] == [{"id": ann_pick, "player": "ann"}]
    assert GAME.view(state, "bob")["log"] == [{"id": "draft", "player": "ann"}]
    assert GAME.view(state, None)["log"] == [{"id": "draft", "player": "ann"}]


def test_a_state_read_back_is_the_state_written_field_by_field() -> None:
    # Every field is read back, equal to the field of the state that was written, solo part
    # included.
    for state in (rescuing(), GAME.setup(["ann"], {"mode": "solo"}, "fields")):
        data = json.loads(json.dumps(GAME.encode_state(state)))
        back = GAME.decode_state(data)
        assert back == state
        for f in fields(IsleState):
            assert getattr(back, f.name) == getattr(state, f.name), f.name
        for mine, theirs in zip(back.players, state.players, strict=True):
            assert [getattr(mine, f.name) for f in fields(PlayerState)] == [
                getattr(theirs, f.name) for f in fields(PlayerState)
            ]


def test_a_copy_changes_only_what_it_names_and_never_its_original() -> None:
    state = rescuing()
    fish = state.players[0].fish
    richer = with_player(state, 0, fish=fish + 5)
    assert richer.players[0].fish == fish + 5 and state.players[0].fish == fish
    assert richer.players[1] is state.players[1]
    assert richer == replace(
        state, players=(replace(state.players[0], fish=fish + 5), state.players[1])
    )
    later = copy_with(state, day=2)
    assert (later.day, state.day) == (2, 1)
    assert later == replace(state, day=2)


def test_who_moves_is_worked_out_for_each_state_never_carried_by_a_copy() -> None:
    # rescuing(): ann's rescue turn. Who moves is remembered on the state; a copy in which bob
    # is to move (current 1) works it out again, and the original still says ann.
    state = rescuing()
    assert rules.movers(state) == [0] and state.memo["movers"] == (0,)
    later = copy_with(state, current=1)
    assert "movers" not in later.memo
    assert rules.movers(later) == [1] and rules.movers(state) == [0]
    assert rules.movers(with_player(state, 1, fish=0)) == [0]
    assert replace(state, current=1).memo == {}  # dataclasses.replace starts a new memo too
