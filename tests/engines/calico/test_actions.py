"""Action JSON and ids, malformed actions, and legal-action counts at fixed positions."""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO
from engines.core.errors import IllegalAction, MalformedAction

from .helpers import draw, external, place, take, tile


def test_action_json_shapes_and_ids() -> None:
    state = external(["ann", "bob"])
    first = CALICO.encode_action(state, CALICO.legal_actions(state)[0])
    assert first == {  # tiles in colour-then-pattern order, cells in row-major order
        "id": "place:green-ferns:1,1",
        "type": "place_tile",
        "player": "ann",
        "tile": tile("green", "ferns"),
        "cells": [[1, 1]],
    }
    state = place(state, "pink", "dots", (1, 1))
    assert CALICO.encode_action(state, CALICO.legal_actions(state)[1]) == {
        "id": "take:1:light_blue-flowers",
        "type": "take_tile",
        "player": "ann",
        "tile": tile("light_blue", "flowers"),
        "index": 1,
    }
    state = take(state, 1)
    chance = CALICO.encode_action(state, CALICO.legal_actions(state)[0])
    assert chance == {
        "id": "chance:dark_blue-dots",
        "type": "chance",
        "player": "chance",
        "drawn": [tile("dark_blue", "dots")],
    }
    goals = CALICO.setup(["ann:1"], {}, "ids")
    chosen = CALICO.encode_action(goals, CALICO.legal_actions(goals)[0])
    assert chosen["id"].startswith("goals:ann:1:") and chosen["player"] == "ann:1"
    assert set(chosen["goals"]) == {"2,3", "3,4", "4,2"}


def test_action_ids_parse_back_on_their_own() -> None:
    state = draw(
        take(place(external(["ann"]), "pink", "dots", (1, 1)), 0),
        ("pink", "ferns"),
        ("green", "dots"),
    )
    for action in CALICO.legal_actions(state):
        encoded = CALICO.encode_action(state, action)
        assert CALICO.decode_action(state, {"id": encoded["id"]}) == action
        assert CALICO.decode_action(state, encoded) == action


@pytest.mark.parametrize(
    "raw",
    [
        {"id": "plant:pink-dots:1,1"},
        {"id": "place:pink-dot:1,1"},
        {"id": "place:pink-dots:1"},
        {"id": "goals:ann:AAA-BBB,AA-BB-CC"},
        {"type": "fly"},
        {"type": "place_tile", "player": "ann", "tile": tile("pink", "dots"), "cells": []},
        {"type": "take_tile", "player": "ann", "tile": tile("pink", "dots")},
        {"type": "place_tile", "player": "ann", "tile": {"color": "red"}, "cells": [[1, 1]]},
        {
            "id": "place:pink-dots:1,2",
            "type": "place_tile",
            "player": "ann",
            "tile": tile("pink", "dots"),
            "cells": [[1, 1]],
        },
        {},
    ],
)
def test_action_malformed_actions_are_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        CALICO.decode_action(external(["ann"]), raw)


def test_action_unknown_players_and_off_board_cells_are_illegal() -> None:
    state = external(["ann"])
    with pytest.raises(IllegalAction) as err:
        CALICO.decode_action(
            state,
            {
                "type": "place_tile",
                "player": "zed",
                "tile": tile("pink", "dots"),
                "cells": [[1, 1]],
            },
        )
    assert err.value.code == "UNKNOWN_PLAYER"
    with pytest.raises(IllegalAction) as err:
        CALICO.decode_action(state, {"id": "place:pink-dots:7,1"})
    assert err.value.code == "OUT_OF_BOUNDS"


def test_legal_action_counts_at_fixed_positions() -> None:
    # Two different tiles in hand, 22 empty patch spaces.
    state = external(["ann", "bob"])
    assert len(CALICO.legal_actions(state)) == 2 * 22
    assert CALICO.legal_actions(state, "bob") == []
    # Two identical tiles: placing either is one action per space.
    twins = external(["ann"], hands={"ann": [tile("pink", "dots")] * 2})
    assert len(CALICO.legal_actions(twins)) == 22
    # After one placement: three different market tiles.
    state = place(state, "pink", "dots", (1, 1))
    assert len(CALICO.legal_actions(state)) == 3
    # Bob's first turn: 22 spaces again; ann's second: 21.
    state = draw(take(state, 0), ("pink", "ferns"))
    assert len(CALICO.legal_actions(state)) == 2 * 22
    state = draw(take(place(state, "yellow", "stripes", (5, 5)), 0), ("green", "dots"))
    assert len(CALICO.legal_actions(state)) == 2 * 21
    # Regular setup: 24 goal choices for each of 4 players.
    assert len(CALICO.legal_actions(CALICO.setup(["a", "b", "c", "d"], {}, "x"))) == 96
