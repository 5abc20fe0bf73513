"""The simplified game's rules, one test per rule, values checked by hand on the 5×5 odd-r board.

Row 0: (0,0) (0,1) (0,2) start. (1,0) touches (0,0); in odd-r an odd row's (1,c) touches
(0,c) and (0,c+1), so (0,0), (0,1), (1,0) are a triangle and (0,0), (0,1), (0,2) a line.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico_simplified import CALICO_SIMPLIFIED as GAME
from engines.calico_simplified.catalogue import CAT_INDEX, GOAL_INDEX, GRID
from engines.calico_simplified.rules import DRAW, PLACE, Action, check
from engines.core.errors import IllegalAction, InvalidState, Reason

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


# Each refusal's code and words, each event's fields, the log's actors, and a cat's place beside
# another cat. (1,0) touches (0,0) and (0,1); (1,1) touches (0,1), (0,2) and (1,0); (2,0) touches
# (1,0) and (2,1).
def _setup_with(starts: dict[str, list[str]], **options: Any) -> Any:
    return GAME.setup(list(starts), {**EXTERNAL, "starts": starts, **options}, None)


def _do(state: Any, action_id: str) -> tuple[Any, list[dict[str, Any]]]:
    return GAME.apply_checked(state, GAME.decode_action(state, {"id": action_id}))


def _place(state: Any, cell: tuple[int, int]) -> Action:
    return Action(PLACE, state.seat, GRID.index(cell), state.drawn)


def test_each_refusal_gives_its_code_and_says_why_in_words() -> None:
    state = _setup_with({"a": ["green", "pink", "yellow"], "b": ["pink", "pink", "green"]})
    assert check(state, _place(state, (1, 0))) == [
        Reason("DRAW_PENDING", "the table must first report the patch drawn")
    ]
    state, _ = _do(state, "draw:green")
    assert check(state, Action(DRAW, -1, color=0)) == [
        Reason("NO_DRAW_DUE", "the patch of this turn is already drawn")
    ]
    assert check(state, Action(PLACE, 1, GRID.index((1, 0)), state.drawn)) == [
        Reason("NOT_YOUR_TURN", "it is a's turn")
    ]
    pink = Action(PLACE, 0, GRID.index((1, 0)), 3)
    assert check(state, pink) == [
        Reason("NOT_THE_PATCH_DRAWN", "the patch to place is the green one drawn")
    ]
    assert check(state, _place(state, (0, 1))) == [
        Reason("SPACE_TAKEN", "space [0, 1] already holds a patch")
    ]
    assert check(state, _place(state, (3, 3))) == [
        Reason("NOT_TOUCHING", "space [3, 3] touches no patch placed")
    ]


def test_nothing_is_played_once_the_game_is_over() -> None:
    state = GAME.setup(["a"], {}, "over")
    while not GAME.is_finished(state):
        state, _ = GAME.apply_checked(state, GAME.legal_actions(state)[0])
    assert check(state, Action(PLACE, 0, 0, 0)) == [Reason("GAME_OVER", "the game is over")]
    assert check(state, Action(DRAW, -1, color=0)) == [Reason("GAME_OVER", "the game is over")]


def test_an_illegal_placement_is_refused_by_apply_itself_with_its_reasons() -> None:
    state = _setup_with({"a": ["green", "pink", "yellow"]})
    state, _ = _do(state, "draw:green")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, _place(state, (0, 1)))
    assert err.value.reasons == [Reason("SPACE_TAKEN", "space [0, 1] already holds a patch")]
    assert state.boards[0].placed == ((0, 1), (1, 3), (2, 5))  # the state is left as it was


def test_each_event_says_who_did_what_where() -> None:
    state = _setup_with({"a": ["green", "green", "pink"]})
    state, drew = _do(state, "draw:green")
    assert drew == [{"type": "patch_drawn", "player": "a", "color": "green"}]
    state, placed = _do(state, "place:1,0")  # the green triangle (0,0) (0,1) (1,0)
    assert placed == [
        {"type": "patch_placed", "player": "a", "cell": [1, 0], "color": "green"},
        {
            "type": "button_taken",
            "player": "a",
            "goal": "same_triangle",
            "cells": [[0, 0], [0, 1], [1, 0]],
        },
        {
            "type": "cat_taken",
            "player": "a",
            "cat": "callie-green",
            "cells": [[0, 0], [0, 1], [1, 0]],
        },
    ]


def test_the_log_names_the_table_for_a_draw_and_the_player_for_a_placement() -> None:
    state = _setup_with({"a": ["green", "pink", "yellow"]}, record_log=True)
    state, _ = _do(state, "draw:purple")
    state, _ = _do(state, "place:1,0")
    assert GAME.encode_state(state)["log"] == [
        {"id": "draw:purple", "player": "chance"},
        {"id": "place:1,0", "player": "a"},
    ]


def test_a_cat_is_never_placed_on_a_patch_another_cat_covers() -> None:
    # Start green (0,0), green (0,1), pink (0,2). Green (1,0): the green triangle
    # (0,0) (0,1) (1,0) takes callie-green.
    state = _setup_with({"a": ["green", "green", "pink"]})
    state, _ = _do(state, "draw:green")
    state, _ = _do(state, "place:1,0")
    # Green (1,1): the green triangle (0,1) (1,0) (1,1) is complete (a button), but two of its
    # patches are under the cat; (0,1) (0,2) (1,1) holds the pink. No second cat.
    state, _ = _do(state, "draw:green")
    state, events = _do(state, "place:1,1")
    assert [e["type"] for e in events] == ["patch_placed", "button_taken"]
    # Green (2,0), then green (2,1): its green triangles (1,0) (1,1) (2,1) and (1,0) (2,0) (2,1)
    # both hold (1,0), under the cat: no cat. Green (2,2): the triangle (1,1) (2,1) (2,2),
    # free of the cat, takes callie-green a second time.
    cats_taken = []
    for cell in ("2,0", "2,1", "2,2"):
        state, _ = _do(state, "draw:green")
        state, events = _do(state, f"place:{cell}")
        cats_taken.append([e["cells"] for e in events if e["type"] == "cat_taken"])
    assert cats_taken == [[], [], [[[1, 1], [2, 1], [2, 2]]]]
    public = GAME.encode_state(state)["public"]["players"]["a"]["cats"]
    assert public == [
        {"cat": "callie-green", "cells": [[0, 0], [0, 1], [1, 0]]},
        {"cat": "callie-green", "cells": [[1, 1], [2, 1], [2, 2]]},
    ]
