"""The compiled validator (jsonschema-rs) and the reference (jsonschema) judge every body alike.

The service accepts a body when the compiled check does and asks the reference otherwise, so the
two must agree on what is valid: real bodies from play, and mutants of them (an unknown member
in every object, a wrong type or an out-of-range value at every leaf).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from engines import registry
from service.contract import Contract

CONTRACT = Contract.load()
VALIDATORS = CONTRACT.request_validators()
MAX_MUTANTS = 150
STEPS = 3
"""Steps of play whose bodies are checked: (1 + 3 × STEPS) bodies × MAX_MUTANTS mutants a game,
each judged by the reference validator, the slow part (some 10 ms for an Isle of Cats state)."""


def _bodies(game_id: str) -> Iterator[tuple[str, dict[str, Any]]]:
    game = registry.get(game_id)
    players = [f"p{i}" for i in range(1, game.min_players + 2)][: game.max_players]
    yield "setup", {"players": players, "seed": "agree"}
    state = game.setup(players, {}, "agree")
    for _ in range(STEPS):
        action = game.legal_actions(state)[0]
        encoded_action = game.encode_action(state, action)
        encoded = game.encode_state(state)
        yield "apply", {"state": encoded, "action": encoded_action}
        yield "apply", {"state": encoded, "actions": [{"id": encoded_action["id"]}]}
        yield "view", {"state": encoded, "viewer": None}
        state, _ = game.apply_checked(state, action)


def _mutations(body: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Each place of ``body`` and a value that breaks it there (built lazily: copying the body
    for every leaf of a large state would cost more than the checks)."""
    for path, value in _walk(body, ()):
        if isinstance(value, dict):
            yield path, {**value, "unexpected": 1}
        elif isinstance(value, bool):
            yield path, "yes"
        elif isinstance(value, int):
            yield path, "7"
            yield path, 10**6
            yield path, -1
        elif isinstance(value, str):
            yield path, 7
            yield path, ""


def _walk(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, child in node.items():
            yield from _walk(child, (*path, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            yield from _walk(child, (*path, i))


def _set(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(body)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


@pytest.mark.parametrize("game_id", [g.id for g in registry.all_games()])
def test_compiled_and_reference_validators_agree(game_id: str) -> None:
    checked = invalid = 0
    for operation, body in _bodies(game_id):
        validator = VALIDATORS[(f"/v1/games/{game_id}/{operation}", "post")]
        assert validator.fast.is_valid(body) and validator.reference.is_valid(body)
        mutations = list(_mutations(body))
        for path, value in mutations[:: max(1, len(mutations) // MAX_MUTANTS)]:
            mutant = _set(body, path, value)
            fast, reference = validator.fast.is_valid(mutant), validator.reference.is_valid(mutant)
            assert fast == reference, (operation, mutant)
            checked += 1
            invalid += not reference
    assert checked > 1000
    assert invalid > checked // 2  # most mutants really are invalid: the check has teeth


def test_a_body_the_compiled_check_cannot_represent_falls_back_to_the_reference() -> None:
    validator = VALIDATORS[("/v1/games/patchwork/setup", "post")]
    body = {"players": ["a", "b"], "options": {"leather_positions": [10**30]}}
    errors = validator.errors(body)
    assert errors[0]["pointer"] == "/options/leather_positions/0"
