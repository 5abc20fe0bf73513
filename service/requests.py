"""Request bodies, loaded with marshmallow into typed values once the contract has accepted them.

The contract's check is the one validation of a body's shape: every field here is ``Raw``, so
marshmallow does one job, building the typed request from the accepted JSON, and checks nothing
a second time.

The game-specific parts (``state``, ``action``, ``position``) stay JSON here: each engine's codec
loads them into its own types, because only the engine knows the rules they must obey. Wherever a
body takes ``state`` it may send ``state_token`` instead (the contract allows one or the other);
the token stays a string here and is opened by :mod:`service.tokens`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marshmallow import Schema, fields, post_load

Json = dict[str, Any]


@dataclass(frozen=True)
class SetupRequest:
    players: list[str]
    seed: str | None = None
    options: Json = field(default_factory=dict)


@dataclass(frozen=True)
class ApplyRequest:
    state: Json | None
    state_token: str | None
    actions: list[Json]
    batch: bool
    """True when the body sent ``actions`` (a list), so errors name the failing index."""
    expected_turn: int | None = None


@dataclass(frozen=True)
class StateRequest:
    """A body with a state and an optional player, viewer or action."""

    state: Json | None
    state_token: str | None = None
    player: str | None = None
    action: Json | None = None


@dataclass(frozen=True)
class StateOrPosition:
    state: Json | None
    position: Json | None
    state_token: str | None = None


@dataclass(frozen=True)
class ReplayRequest:
    setup: SetupRequest
    actions: list[Json]


class _SetupSchema(Schema):
    players = fields.Raw(required=True)
    seed = fields.Raw(load_default=None)
    """A string, or an integer taken as its decimal digits: ``7`` deals what ``"7"`` deals."""
    options = fields.Raw(load_default=dict)

    @post_load
    def _make(self, data: Json, **_: Any) -> SetupRequest:
        if data["seed"] is not None:
            data["seed"] = str(data["seed"])
        return SetupRequest(**data)


class _ApplySchema(Schema):
    state = fields.Raw(load_default=None)
    state_token = fields.Raw(load_default=None)
    action = fields.Raw()
    actions = fields.Raw()
    expected_turn = fields.Raw(load_default=None)

    @post_load
    def _make(self, data: Json, **_: Any) -> ApplyRequest:
        batch = "actions" in data
        actions = data["actions"] if batch else [data["action"]]
        return ApplyRequest(
            data["state"], data["state_token"], actions, batch, data["expected_turn"]
        )


class _StateSchema(Schema):
    state = fields.Raw(load_default=None)
    state_token = fields.Raw(load_default=None)
    player = fields.Raw(load_default=None, allow_none=True)
    viewer = fields.Raw(load_default=None, allow_none=True)
    action = fields.Raw(load_default=None)

    @post_load
    def _make(self, data: Json, **_: Any) -> StateRequest:
        return StateRequest(
            data["state"], data["state_token"], data["player"] or data["viewer"], data["action"]
        )


class _StateOrPositionSchema(Schema):
    state = fields.Raw(load_default=None)
    state_token = fields.Raw(load_default=None)
    position = fields.Raw(load_default=None)

    @post_load
    def _make(self, data: Json, **_: Any) -> StateOrPosition:
        return StateOrPosition(data["state"], data["position"], data["state_token"])


class _ReplaySchema(Schema):
    setup = fields.Nested(_SetupSchema, required=True)
    actions = fields.Raw(required=True)

    @post_load
    def _make(self, data: Json, **_: Any) -> ReplayRequest:
        return ReplayRequest(data["setup"], data["actions"])


SETUP = _SetupSchema()
APPLY = _ApplySchema()
STATE = _StateSchema()
STATE_OR_POSITION = _StateOrPositionSchema()
REPLAY = _ReplaySchema()
