"""A library caller's malformed state is refused as an invalid state, never with a bare exception.

Over HTTP the contract's schema refuses a state of the wrong shape before an engine sees it; a
program that calls an engine directly has no such guard, and ``decode_state`` promises
:class:`~engines.core.errors.InvalidState` (the protocol). Each engine's mid-game state has every
value replaced in turn by values of every other JSON type.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engines import registry
from tests.engines.decoding import decode_outcome

ODD_VALUES: list[Any] = [[1], {"a": 1}, 7, -1, 10**30, 1.5, "zz", None, True]


def mid_game(game_id: str) -> dict[str, Any]:
    game = registry.get(game_id)
    rnd = random.Random(game_id)
    state = game.setup(["ann", "bob"], {}, "malformed-states")
    for _ in range(12):
        if game.is_finished(state):
            break
        state, _ = game.apply(state, rnd.choice(game.legal_actions(state)))
    encoded: dict[str, Any] = game.encode_state(state)
    return encoded


def leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from leaves(value, (*path, i))
    else:
        yield path


@pytest.mark.parametrize("game_id", [g.id for g in registry.all_games()])
def test_every_malformed_value_is_an_invalid_state(game_id: str) -> None:
    game = registry.get(game_id)
    data = mid_game(game_id)
    bare = []
    for path in leaves(data):
        for odd in ODD_VALUES:
            changed = copy.deepcopy(data)
            holder = changed
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = odd
            found = decode_outcome(game, changed)
            if found[0] == "error":
                bare.append(("/".join(map(str, path)), odd, found[1:]))
    assert bare == []


def test_a_malformed_patchwork_state_names_what_it_could_not_read() -> None:
    data = mid_game("patchwork")
    data["public"]["leather_due"] = 7
    assert decode_outcome(registry.get("patchwork"), data) == (
        "invalid",
        [
            (
                "INVALID_STATE_SHAPE",
                "",
                "a state field is missing or malformed: 'int' object is not subscriptable",
            )
        ],
    )
