"""A body checked by the one branch its properties select gets the whole ``oneOf``'s verdict.

The service checks a body that must hold exactly one property of each group of a choice
(``state`` or ``state_token``, ``action`` or ``actions``, …) by the branch of its combination
alone, fast and by the reference (``service.contract.Choices``). Here the whole ``oneOf``, judged
by the reference validator over every branch, and the branch-selected checks judge the same
bodies: the contract's examples, then every subset of the choice's properties (none, one of a
group, two of a group, every combination) with real values of a seeded game, a value the branch
refuses, an unknown property, and bodies that are not objects.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from engines import registry
from service.contract import BodyValidator, Contract
from tests.contract.examples import OPENAPI

CONTRACT = Contract.load(OPENAPI)
VALIDATORS = CONTRACT.request_validators()
EXAMPLES: dict[str, Any] = CONTRACT.doc["components"]["examples"]
WITH_CHOICES = sorted(key for key, v in VALIDATORS.items() if v.choices is not None)
PLAYERS = ["ann", "bob"]
PLIES = 12
"""Moves into a seeded game for the later state (the examples' state is one move in)."""


def test_every_body_that_takes_a_state_is_checked_by_its_branch() -> None:
    operations = ["apply", "legal-actions", "validate-action", "validate-state", "view", "score"]
    operations.append("render")
    expected = [(f"/v1/games/{g}/{op}", "post") for g in registry.GAMES for op in operations]
    assert sorted(expected) == WITH_CHOICES
    apply = VALIDATORS[("/v1/games/calico/apply", "post")].choices
    assert apply is not None
    assert apply.groups == (("state", "state_token"), ("action", "actions"))
    score = VALIDATORS[("/v1/games/calico/score", "post")].choices
    assert score is not None and score.groups == (("state", "state_token", "position"),)


def _examples(path: str) -> list[Any]:
    """The request examples of the operation at ``path``, resolved."""
    content = CONTRACT.doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    out = []
    for example in content.get("examples", {}).values():
        ref = example.get("$ref", "").removeprefix("#/components/examples/")
        out.append((EXAMPLES[ref] if ref else example)["value"])
    return out


def _later_state(game_id: str) -> dict[str, Any]:
    game = registry.get(game_id)
    state = game.setup(PLAYERS, {}, "branches")
    for _ in range(PLIES):
        if game.is_finished(state):
            break
        state, _ = game.apply_checked(state, game.legal_actions(state)[0])
    encoded: dict[str, Any] = game.encode_state(state)
    return encoded


def _values(game_id: str) -> dict[str, list[Any]]:
    """Real values of each property a body may hold, from the game's examples and play; the
    first of each is valid."""
    prefix = f"/v1/games/{game_id}/"
    found: dict[str, list[Any]] = {}
    for op in ("apply", "view", "score", "legal-actions"):
        for body in _examples(prefix + op):
            for name, value in body.items():
                found.setdefault(name, []).append(value)
    action = found["action"][0]
    found["state"].append(_later_state(game_id))
    found["actions"] = [[action], [action, action]]
    found["state_token"] = ["v1.k1.AAAAAAAAAAAAAAAAAAAAAAAA"]
    found.setdefault("position", [{}])  # only Patchwork's score has a position example
    found["player"] = ["ann"]
    return found


def _bodies(path: str, validator: BodyValidator) -> Iterator[Any]:
    """Bodies for the operation at ``path``: valid and invalid, in every combination."""
    assert validator.choices is not None
    game_id = path.split("/")[3]
    values = _values(game_id)
    choice = sorted(validator.choices.properties)
    examples = _examples(path)
    yield from examples
    others = {k: v for body in examples for k, v in body.items() if k not in choice}
    for n in range(len(choice) + 1):
        for subset in itertools.combinations(choice, n):
            body = {name: values[name][0] for name in subset}
            yield body
            yield {**body, **others}
            yield {**body, **others, "unexpected": 1}
            for name in subset:  # another real value, then one its schema refuses
                for value in values[name][1:]:
                    yield {**body, **others, name: value}
                yield {**body, **others, name: 7}
    yield from ([], "state", None, 7)


@pytest.mark.parametrize(
    ("path", "method"), WITH_CHOICES, ids=[p.removeprefix("/v1/games/") for p, _ in WITH_CHOICES]
)
def test_the_selected_branch_gives_the_verdict_of_the_whole_one_of(path: str, method: str) -> None:
    validator = VALIDATORS[(path, method)]
    assert validator.choices is not None
    verdicts = []
    for body in _bodies(path, validator):
        whole = validator.reference.is_valid(body)  # the reference, every branch of the oneOf
        assert validator.accepts(body) == whole, body  # compiled, the selected branch only
        branch = validator.choices.select(body) if isinstance(body, dict) else None
        assert (branch is not None and branch.reference.is_valid(body)) == whole, body
        if not whole:  # refused with words: the combination's, or the branch's errors
            assert validator.explain(body), body
        verdicts.append(whole)
    assert len(verdicts) >= 25
    # both verdicts, many times: the comparison has teeth
    assert verdicts.count(True) >= 3 and verdicts.count(False) >= 15
