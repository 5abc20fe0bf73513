"""One fuzz input through everything a request body meets before and inside an engine.

:func:`one_input` takes arbitrary bytes and, depending on the first ones, either

- reads them as a request body (``service.body.parse``) and validates the value against an
  operation's schema (``service.contract``), or
- mutates a real state and action of a game (a path picked by the input, a value made from the
  input) and, when the contract accepts the result (as the service does before any engine call),
  runs the engine's ``decode_state``, ``decode_action`` and ``apply_checked``.

Only the typed errors may come out: a :class:`~service.problems.Problem` from the body reader,
:class:`~engines.core.errors.InvalidState`, :class:`~engines.core.errors.MalformedAction` and
:class:`~engines.core.errors.IllegalAction` from the engine. Anything else is a bug and
propagates, which is what the fuzzer (``tests/fuzz/run.py``, atheris) reports.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from engines import registry
from engines.core.errors import IllegalAction, InvalidState, MalformedAction
from engines.registry import AnyGame
from service import body, create_app
from service.config import Settings
from service.contract import BodyValidator
from service.problems import Problem

OPERATIONS = (
    "setup",
    "apply",
    "legal-actions",
    "validate-action",
    "score",
    "validate-state",
    "view",
    "replay",
)


@dataclass(frozen=True)
class Seed:
    game: AnyGame
    state: dict[str, Any]
    actions: list[dict[str, Any]]
    validator: BodyValidator
    """The ``apply`` body validator of the game."""


@cache
def _app_validators() -> dict[tuple[str, str], BodyValidator]:
    app = create_app(Settings(request_log_sample=0.0))
    validators: dict[tuple[str, str], BodyValidator] = app.extensions["request_validators"]
    return validators


@cache
def seeds() -> tuple[Seed, ...]:
    """For each game: a real state a few moves in, and its legal actions."""
    validators = _app_validators()
    out = []
    for game in registry.all_games():
        apply = validators.get((f"/v1/games/{game.id}/apply", "post"))
        if apply is None:
            continue  # a game not yet in the contract
        info = game.info()
        players = [f"p{i}" for i in range(1, info["players"]["min"] + 1)]
        state = game.setup(players, {}, "fuzz")
        for _ in range(4):
            if game.is_finished(state):
                break
            action = game.legal_actions(state, None)[0]
            state, _ = game.apply_checked(state, action)
        actions = [game.encode_action(state, a) for a in game.legal_actions(state, None)[:20]]
        out.append(Seed(game, game.encode_state(state), actions, apply))
    return tuple(out)


class _Input:
    """Bytes read front to back; past the end every read is zero."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        value = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return value

    def rest(self) -> bytes:
        return self.data[self.at :]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_paths(item, (*prefix, i)))
    return out


def _value(source: _Input) -> Any:
    """A JSON value made from the input: small ints, strings, player-like ids, nulls, nests."""
    kind = source.byte() % 9
    n = source.byte()
    if kind == 0:
        return n - 128
    if kind == 1:
        return n * 1_000_003
    if kind == 2:
        return source.rest()[: n % 40].decode("utf-8", "replace")
    if kind == 3:
        return f"p{n % 5}"
    if kind == 4:
        return None
    if kind == 5:
        return bool(n % 2)
    if kind == 6:
        return [_value(source) for _ in range(n % 4)]
    if kind == 7:
        return {f"k{i}": _value(source) for i in range(n % 3)}
    return [n % 9, source.byte() % 9]


def _mutate(doc: Any, source: _Input, times: int) -> Any:
    doc = copy.deepcopy(doc)
    for _ in range(times):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = paths[(source.byte() << 8 | source.byte()) % len(paths)]
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if source.byte() % 5 == 0 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = _value(source)
    return doc


def one_input(data: bytes) -> None:
    source = _Input(data)
    if source.byte() % 2 == 0:
        _body_and_contract(source)
    else:
        _engine(source)


def _body_and_contract(source: _Input) -> None:
    validators = list(_app_validators().values())
    validator = validators[source.byte() % len(validators)]
    try:
        value = body.parse(source.rest())
    except Problem as err:
        assert err.status == 400, err.status
        return
    errors = validator.errors(value)
    assert isinstance(errors, list)
    assert len(errors) <= 20


def _engine(source: _Input) -> None:
    all_seeds = seeds()
    seed = all_seeds[source.byte() % len(all_seeds)]
    state = _mutate(seed.state, source, source.byte() % 3)
    action = _mutate(seed.actions[source.byte() % len(seed.actions)], source, source.byte() % 3)
    if not seed.validator.fast.is_valid({"state": state, "action": action}):
        return  # the service answers 400 before any engine call
    # The body as the engine gets it: through JSON, as the service reads it.
    state, action = json.loads(json.dumps([state, action]))
    game = seed.game
    try:
        loaded = game.decode_state(state)
        decoded = game.decode_action(loaded, action)
        game.apply_checked(loaded, decoded)
    except (InvalidState, MalformedAction, IllegalAction):
        return
