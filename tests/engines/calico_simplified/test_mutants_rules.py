"""The simplified game's rules, pinned where mutation testing found them loose: each refusal's
code and words, each event's fields, the log's actors, and a cat's place beside another cat.

Geometry as in test_rules.py (5×5 odd-r): (1,0) touches (0,0) and (0,1); (1,1) touches (0,1),
(0,2) and (1,0); (2,0) touches (1,0) and (2,1).
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico_simplified import CALICO_SIMPLIFIED as GAME
from engines.calico_simplified.catalogue import GRID
from engines.calico_simplified.rules import DRAW, PLACE, Action, check
from engines.core.errors import IllegalAction, Reason

TABLE = {
    "randomness": "external",
    "goals": ["same_line", "different_ring", "same_triangle"],
    "cats": ["block-yellow", "callie-green", "rumi-pink"],
}


def _setup(starts: dict[str, list[str]], **options: Any) -> Any:
    return GAME.setup(list(starts), {**TABLE, "starts": starts, **options}, None)


def _do(state: Any, action_id: str) -> tuple[Any, list[dict[str, Any]]]:
    return GAME.apply_checked(state, GAME.decode_action(state, {"id": action_id}))


def _place(state: Any, cell: tuple[int, int]) -> Action:
    return Action(PLACE, state.seat, GRID.index(cell), state.drawn)


def test_each_refusal_gives_its_code_and_says_why_in_words() -> None:
    state = _setup({"a": ["green", "pink", "yellow"], "b": ["pink", "pink", "green"]})
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
    state = _setup({"a": ["green", "pink", "yellow"]})
    state, _ = _do(state, "draw:green")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, _place(state, (0, 1)))
    assert err.value.reasons == [Reason("SPACE_TAKEN", "space [0, 1] already holds a patch")]
    assert state.boards[0].placed == ((0, 1), (1, 3), (2, 5))  # the state is left as it was


def test_each_event_says_who_did_what_where() -> None:
    state = _setup({"a": ["green", "green", "pink"]})
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
    state = _setup({"a": ["green", "pink", "yellow"]}, record_log=True)
    state, _ = _do(state, "draw:purple")
    state, _ = _do(state, "place:1,0")
    assert GAME.encode_state(state)["log"] == [
        {"id": "draw:purple", "player": "chance"},
        {"id": "place:1,0", "player": "a"},
    ]


def test_a_cat_is_never_placed_on_a_patch_another_cat_covers() -> None:
    # Start green (0,0), green (0,1), pink (0,2). Green (1,0): the green triangle
    # (0,0) (0,1) (1,0) takes callie-green.
    state = _setup({"a": ["green", "green", "pink"]})
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
