"""The simplified game's rules, one test per rule, values checked by hand on the 5×5 odd-r board.

Row 0: (0,0) (0,1) (0,2) start. (1,0) touches (0,0); in odd-r an odd row's (1,c) touches
(0,c) and (0,c+1), so (0,0), (0,1), (1,0) are a triangle and (0,0), (0,1), (0,2) a line.
"""

from __future__ import annotations

import pytest

from engines.calico_simplified import CALICO_SIMPLIFIED as GAME
from engines.calico_simplified.catalogue import CAT_INDEX, GOAL_INDEX, GRID
from engines.calico_simplified.rules import DRAW, PLACE, Action, check
from engines.core.errors import IllegalAction, InvalidState

EXTERNAL = {
    "randomness": "external",
    "goals": ["same_line", "different_ring", "same_triangle"],
    "cats": ["block-yellow", "callie-green", "rumi-pink"],
}


def _setup(players: list[str], starts: dict[str, list[str]]) -> object:
    return GAME.setup(players, {**EXTERNAL, "starts": starts}, None)


def _turn(state: object, color: str, cell: tuple[int, int]) -> tuple[object, list[dict]]:
    state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": f"draw:{color}"}))
    return GAME.apply_checked(
        state, GAME.decode_action(state, {"id": f"place:{cell[0]},{cell[1]}"})
    )


def test_setup_puts_three_patches_on_the_first_three_spaces_and_waits_for_a_draw() -> None:
    state = _setup(["a"], {"a": ["green", "pink", "yellow"]})
    encoded = GAME.encode_state(state)
    assert [p["cell"] for p in encoded["public"]["players"]["a"]["patches"]] == [
        [0, 0],
        [0, 1],
        [0, 2],
    ]
    assert GAME.to_move(state) == ["chance"]
    assert len(GAME.legal_actions(state)) == 6  # the bag never runs out: any colour


def test_a_patch_must_touch_a_placed_patch() -> None:
    state = _setup(["a"], {"a": ["green", "pink", "yellow"]})
    state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": "draw:green"}))
    far = Action(PLACE, 0, GRID.index((3, 3)), state.drawn)
    assert [r.code for r in check(state, far)] == ["NOT_TOUCHING"]
    # Open spaces: (0,3) and row 1's (1,0), (1,1), (1,2): four.
    cells = sorted(a.cell for a in GAME.legal_actions(state))
    assert cells == [3, 5, 6, 7]


def test_a_patch_cannot_go_on_a_patch() -> None:
    state = _setup(["a"], {"a": ["green", "pink", "yellow"]})
    state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": "draw:green"}))
    assert [r.code for r in check(state, Action(PLACE, 0, 1, state.drawn))] == ["SPACE_TAKEN"]


def test_three_of_one_colour_in_a_row_take_the_button_at_once() -> None:
    state = _setup(["a"], {"a": ["green", "green", "pink"]})
    state, events = _turn(state, "green", (1, 0))  # triangle (0,0) (0,1) (1,0): same_triangle
    assert [e["goal"] for e in events if e["type"] == "button_taken"] == ["same_triangle"]
    assert GAME.score(state).players[0].components[0].points == 3


def test_several_patterns_completed_together_give_all_their_buttons() -> None:
    # (1,1) touches (0,1), (0,2), (1,0). Pink, pink at (0,1)? Build: start green, pink, pink.
    state = _setup(["a"], {"a": ["green", "pink", "pink"]})
    state, _ = _turn(state, "yellow", (1, 0))  # (0,0) green (0,1) pink (1,0) yellow
    state, events = _turn(state, "pink", (1, 1))
    # (0,1) (0,2) (1,1) is a pink triangle; (0,0) (0,1) (1,0) (1,1) a ring? green pink yellow pink:
    # not all different. So one button: same_triangle.
    assert [e["goal"] for e in events if e["type"] == "button_taken"] == ["same_triangle"]
    state, events = _turn(state, "purple", (2, 0))
    # (1,0) yellow (1,1) pink (2,0) purple, with (2,1)? no. Ring (1,0) (1,1) (2,0) (2,1) not full.
    assert [e for e in events if e["type"] == "button_taken"] == []
    state, events = _turn(state, "dark_blue", (2, 1))
    # ring (1,0) (1,1) (2,0) (2,1): yellow pink purple dark_blue, all different: different_ring.
    assert [e["goal"] for e in events if e["type"] == "button_taken"] == ["different_ring"]
    assert GAME.score(state).players[0].components[0].points == 6


def test_a_completed_cat_pattern_puts_the_cat_on_its_patches_and_scores_it() -> None:
    state = _setup(["a"], {"a": ["yellow", "yellow", "pink"]})
    state, _ = _turn(state, "yellow", (1, 0))
    state, events = _turn(state, "yellow", (1, 1))
    cats = [e for e in events if e["type"] == "cat_taken"]
    assert cats == [
        {
            "type": "cat_taken",
            "player": "a",
            "cat": "block-yellow",
            "cells": [[0, 0], [0, 1], [1, 0], [1, 1]],
        }
    ]
    assert GAME.score(state).players[0].components[1].points == 5


def test_at_most_three_cats_a_player() -> None:
    board_cats = CAT_INDEX["callie-green"]
    state = _setup(["a"], {"a": ["green", "green", "pink"]})
    while not GAME.is_finished(state):  # an all-green board holds many green triangles
        state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": "draw:green"}))
        state, _ = GAME.apply_checked(state, GAME.legal_actions(state)[0])
    assert len(state.boards[0].cats) == 3
    assert all(k == board_cats for k, _ in state.boards[0].cats)


def test_the_game_ends_when_one_board_is_full_and_the_others_took_their_last_turn() -> None:
    state = GAME.setup(["a", "b"], {}, "end")
    turns = 0
    while not GAME.is_finished(state):
        state, _ = GAME.apply_checked(state, GAME.legal_actions(state)[0])
        turns += 1
    assert turns == 44  # 22 each
    assert all(b.is_full for b in state.boards)
    assert GAME.score(state).final


def test_the_patch_placed_is_the_one_drawn() -> None:
    state = _setup(["a"], {"a": ["green", "pink", "yellow"]})
    state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": "draw:green"}))
    wrong = GAME.decode_action(
        state, {"type": "place_patch", "player": "a", "color": "pink", "cells": [[1, 0]]}
    )
    assert [r.code for r in check(state, wrong)] == ["NOT_THE_PATCH_DRAWN"]


def test_only_the_player_whose_turn_it_is_places() -> None:
    state = GAME.setup(["a", "b"], {}, "turns")
    action = Action(PLACE, 1, GRID.index((1, 0)), state.drawn)
    assert [r.code for r in check(state, action)] == ["NOT_YOUR_TURN"]


def test_a_draw_is_due_only_before_a_placement() -> None:
    state = GAME.setup(["a"], {"randomness": "seeded"}, "d")
    assert [r.code for r in check(state, Action(DRAW, -1, color=0))] == ["NO_DRAW_DUE"]
    with pytest.raises(IllegalAction):
        GAME.apply_checked(state, Action(DRAW, -1, color=0))


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(InvalidState) as err:
        GAME.setup(["a"], {"speed": 1}, "x")
    assert [v.code for v in err.value.violations] == ["UNKNOWN_OPTION"]


def test_goals_and_cats_in_the_catalogue() -> None:
    assert set(GOAL_INDEX) == {
        "same_line",
        "different_ring",
        "same_triangle",
        "different_line",
        "different_triangle",
    }
    assert len(CAT_INDEX) == 36


@pytest.mark.parametrize("players", [1, 2, 4])
def test_seeded_games_play_to_their_end_and_score_buttons_and_cats(players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    for seed in range(5):
        state = GAME.setup(names, {}, f"s{seed}")
        while not GAME.is_finished(state):
            entries = GAME.legal_entries(state)
            assert entries
            state, _ = GAME.apply_checked(state, GAME.legal_actions(state)[-1])
            assert GAME.encode_state(GAME.decode_state(GAME.encode_state(state))) == (
                GAME.encode_state(state)
            )
        score = GAME.score(state).to_json()
        assert score["final"]
        for p in score["players"]:
            assert [c["id"] for c in p["components"]] == ["buttons", "cats"]


def test_a_state_whose_buttons_were_not_earned_is_refused() -> None:
    state = _setup(["a"], {"a": ["green", "green", "pink"]})
    state, _ = _turn(state, "green", (1, 0))
    data = GAME.encode_state(state)
    data["public"]["players"]["a"]["buttons"] = []
    with pytest.raises(InvalidState) as err:
        GAME.decode_state(data)
    assert [v.code for v in err.value.violations] == ["TOKENS_MISMATCH"]


def test_a_position_is_replayed_and_scored() -> None:
    position = {
        "goals": EXTERNAL["goals"],
        "cats": EXTERNAL["cats"],
        "players": {
            "a": {
                "patches": [
                    {"cell": [0, 0], "color": "yellow"},
                    {"cell": [0, 1], "color": "yellow"},
                    {"cell": [0, 2], "color": "pink"},
                    {"cell": [1, 0], "color": "yellow"},
                    {"cell": [1, 1], "color": "yellow"},
                ]
            }
        },
    }
    score = GAME.score_position(position).to_json()["players"][0]
    # (1,0): triangle (0,0) (0,1) (1,0) yellow: a button; (1,1): triangles (0,0)(0,1)(1,1)? no:
    # (1,1) touches (0,1), (0,2), (1,0), so (0,1) (1,0) (1,1) is a yellow triangle: a button,
    # and the yellow block: the cat (5).
    assert [c["points"] for c in score["components"]] == [6, 5]


def test_the_table_may_report_any_of_the_six_colours() -> None:
    state = _setup(["a"], {"a": ["green", "pink", "yellow"]})
    assert GAME.legal_actions(state) == [Action(DRAW, -1, color=c) for c in range(6)]
    assert GAME.legal_actions(state, "chance") == GAME.legal_actions(state)
    assert GAME.legal_actions(state, "a") == []


def test_the_score_lines_name_each_button_and_cat() -> None:
    state = _setup(["a"], {"a": ["yellow", "yellow", "pink"]})
    state, _ = _turn(state, "yellow", (1, 0))
    state, _ = _turn(state, "yellow", (1, 1))
    (player,) = GAME.score(state).to_json()["players"]
    assert player["components"] == [
        {
            "id": "buttons",
            "label": "Buttons × 3",
            "points": 6,
            "detail": {"buttons": ["same_triangle", "same_triangle"]},
        },
        {"id": "cats", "label": "Cats", "points": 5, "detail": {"cats": ["block-yellow"]}},
    ]


def test_the_starting_patches_earn_nothing_even_later() -> None:
    # Three pink in a row on the first spaces: same_line's and rumi-pink's pattern, never
    # completed by a placement, so neither the button nor the cat is ever taken for it.
    state = _setup(["a"], {"a": ["pink", "pink", "pink"]})
    state, events = _turn(state, "green", (1, 0))
    assert [e["type"] for e in events] == ["patch_placed"]
    assert state.boards[0].buttons == () and state.boards[0].cats == ()
