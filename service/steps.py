"""Engine calls shared by several endpoints, and the step every move-making endpoint answers."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from typing import Any

from engines.core.errors import IllegalAction, InvalidState, MalformedAction
from engines.core.protocol import Event
from engines.core.registry import AnyGame
from service import problems

STEP_PARTS = ("legal_actions", "score", "events")
"""The parts of a step a caller may trim with ``?include=``."""


def state_hash(state_json: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON (sorted keys, no spaces, UTF-8): equal states, equal hashes."""
    canonical = json.dumps(state_json, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def meta(game: AnyGame) -> dict[str, str]:
    return {
        "game": game.id,
        "engine_version": game.engine_version,
        "rules_version": game.rules_version,
    }


def load_state(game: AnyGame, data: dict[str, Any], pointer: str = "/state") -> Any:
    try:
        return game.decode_state(data)
    except InvalidState as err:
        raise problems.invalid_state(err, pointer) from None


def apply_all(
    game: AnyGame, state: Any, actions: list[dict[str, Any]], batch: bool
) -> tuple[Any, list[Event]]:
    """Apply actions in order; the first illegal one aborts them all (nothing half-applied)."""
    events: list[Event] = []
    for i, raw in enumerate(actions):
        try:
            action = game.decode_action(state, raw)
            state, new_events = game.apply_checked(state, action)
        except (IllegalAction, MalformedAction) as err:
            raise problems.illegal_action(err, i if batch else None) from None
        events.extend(new_events)
    return state, events


def legal_actions_json(
    game: AnyGame, state: Any, player: str | None = None
) -> list[dict[str, Any]]:
    return [game.encode_action(state, a) for a in game.legal_actions(state, player)]


def step(
    game: AnyGame, state: Any, events: list[Event], include: Collection[str]
) -> dict[str, Any]:
    encoded = game.encode_state(state)
    out: dict[str, Any] = {
        "state": encoded,
        "state_hash": state_hash(encoded),
        "to_move": game.to_move(state),
        "pending_chance": game.pending_chance(state),
        "finished": game.is_finished(state),
    }
    if "events" in include:
        out["events"] = events
    if "legal_actions" in include:
        out["legal_actions"] = legal_actions_json(game, state)
    if "score" in include:
        out["score"] = game.score(state).to_json()
    out["meta"] = meta(game)
    return out
