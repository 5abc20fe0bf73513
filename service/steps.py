"""Engine calls shared by several endpoints, and the step every move-making endpoint answers."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from engines.core.envelope import CHANCE
from engines.core.errors import (
    IllegalAction,
    InvalidState,
    MalformedAction,
    Reason,
    quoted_listing,
)
from engines.core.protocol import Event
from engines.registry import AnyGame
from service import problems
from service.jsonout import state_hash as state_hash  # the hash every step carries
from service.tokens import Keyring, TokenError

STEP_PARTS = ("legal_actions", "score", "events")
"""The parts of a step a caller may trim with ``?include=``; all of them by default."""
VIEW_PART = "view"
"""Asked for in ``?include=``: the step carries ``viewer``'s view and the token, not the state."""


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


@dataclass(frozen=True)
class Loaded:
    """An engine state and its JSON, whether the body sent the state or a token sealing it."""

    state: Any
    data: dict[str, Any]


def load(
    game: AnyGame, keyring: Keyring | None, data: dict[str, Any] | None, token: str | None
) -> Loaded:
    """The state a body sent as ``state`` (checked against the rules) or ``state_token``.

    A token this service sealed for this engine version holds a state the engine itself encoded,
    so the engine may skip its rules check (``Game.decode_trusted_state``). A token sealed by
    another engine version is checked like a state sent in the clear.
    """
    if token is None:
        assert data is not None  # the contract requires one of the two
        return Loaded(load_state(game, data), data)
    payload = open_token(game, keyring, token)
    sealed: dict[str, Any] = payload["state"]
    if payload.get("engine_version") != game.engine_version:
        return Loaded(load_state(game, sealed, "/state_token"), sealed)
    try:
        return Loaded(game.decode_trusted_state(sealed), sealed)
    except InvalidState as err:
        raise problems.invalid_state(err, "/state_token") from None


def open_token(game: AnyGame, keyring: Keyring | None, token: str) -> dict[str, Any]:
    if keyring is None:
        raise tokens_disabled()
    try:
        return keyring.open(game.id, token)
    except TokenError as err:
        raise problems.Problem(
            422,
            "invalid-state-token",
            "Invalid state token",
            err.detail,
            err.code,
            pointer="/state_token",
        ) from None


def seal(game: AnyGame, keyring: Keyring, encoded: dict[str, Any]) -> str:
    return keyring.seal(game.id, {"engine_version": game.engine_version, "state": encoded})


def tokens_disabled() -> problems.Problem:
    return problems.Problem(
        422,
        "tokens-disabled",
        "State tokens are disabled",
        "this service has no state keys configured (REFEREE_STATE_KEYS); send the state itself",
        "TOKENS_DISABLED",
    )


def apply_all(
    game: AnyGame,
    state: Any,
    actions: list[dict[str, Any]],
    batch: bool,
    viewer: str | None = None,
) -> tuple[Any, list[Event]]:
    """Apply actions in order; the first illegal one aborts them all (nothing half-applied).

    With a ``viewer`` the answer goes to that player, and so does a refusal: each action must be
    the viewer's own. The reasons an action of another player is illegal quote that player's
    secrets (the draft hand a pick is not in), and a draw the table reports is the caller's to
    report, not a player's (whether the bag still holds a tile would tell what the others hold),
    so both are refused before they are checked, the same way whatever they name. An id that
    names no player is read as the viewer's: otherwise which player it fell to (a card played is
    its holder's) would tell who holds what.
    """
    events: list[Event] = []
    for i, raw in enumerate(actions):
        try:
            action = _decode(game, state, raw, viewer)
            state, new_events = game.apply_checked(state, action)
        except (IllegalAction, MalformedAction) as err:
            raise problems.illegal_action(err, i if batch else None) from None
        events.extend(new_events)
    return state, events


def _decode(game: AnyGame, state: Any, raw: dict[str, Any], viewer: str | None) -> Any:
    if viewer is None:
        return game.decode_action(state, raw)
    if CHANCE in (raw.get("player"), raw.get("type")) or str(raw.get("id")).startswith(CHANCE):
        raise IllegalAction(  # before it is read: the answer is the same whatever was drawn
            [
                Reason(
                    "NOT_THE_VIEWERS_ACTION",
                    f"the answer is {problems.quoted(viewer)}'s view, and a draw is the "
                    "table's to report: send it without a viewer",
                )
            ]
        )
    if "player" in raw:
        action = game.decode_action(state, raw)
    else:
        try:
            action = game.decode_action(state, {**raw, "player": viewer})
        except MalformedAction:  # an id that names another player
            action = game.decode_action(state, raw)
    _check_actor(game.encode_action(state, action)["player"], viewer)
    return action


def _check_actor(player: str, viewer: str) -> None:
    if player != viewer:
        raise IllegalAction(
            [
                Reason(
                    "NOT_THE_VIEWERS_ACTION",
                    f"the answer is {problems.quoted(viewer)}'s view, and this action is "
                    f"{problems.quoted(player)}'s: a viewer acts only for themself",
                )
            ]
        )


def legal_actions_json(game: AnyGame, state: Any, player: str | None = None) -> list[Any]:
    """The legal actions' JSON: complete actions, and choices described (``Game.legal_entries``)."""
    return game.legal_entries(state, player)


def check_viewer(players: list[str], viewer: str | None) -> None:
    if viewer is not None and viewer not in players:
        raise problems.Problem(
            422,
            "unknown-player",
            "Unknown player",
            f"the viewer {problems.quoted(viewer)} is not one of the players, "
            f"{quoted_listing(players)}",
            "UNKNOWN_PLAYER",
        )


def step(
    game: AnyGame,
    state: Any,
    events: list[Event],
    include: Collection[str],
    *,
    keyring: Keyring | None = None,
    viewer: str | None = None,
) -> dict[str, Any]:
    """The step after setup or actions; with a keyring it also carries ``state_token``.

    A view step (``view`` in ``include``) is safe to hand to ``viewer`` as it is: it leaves out
    the state, its hash (the hash of a state whose only secret is a two-tile hand is matched in a
    few hundred guesses) and the pending draw (its support is the bag, which gives away the other
    hands), and lists only the viewer's own legal actions.
    """
    encoded = game.encode_state(state)
    as_view = VIEW_PART in include
    if as_view:
        check_viewer(encoded["players"], viewer)
    out: dict[str, Any] = {}
    if not as_view:
        out["state"] = encoded
        out["state_hash"] = state_hash(encoded)
    if keyring is not None:
        out["state_token"] = seal(game, keyring, encoded)
    if as_view:
        out["viewer"] = viewer
        out["view"] = game.view_encoded(state, encoded, viewer)  # the state encoded once
    out["to_move"] = game.to_move(state)
    if not as_view:
        out["pending_chance"] = game.pending_chance(state)
    out["finished"] = game.is_finished(state)
    if "events" in include:
        out["events"] = events
    if "legal_actions" in include:
        if not as_view:
            out["legal_actions"] = legal_actions_json(game, state)
        elif viewer is None:
            out["legal_actions"] = []
        else:
            out["legal_actions"] = legal_actions_json(game, state, viewer)
    if "score" in include:
        scored = game.score_seen_by(state, viewer) if as_view else game.score(state)
        out["score"] = scored.to_json()
    out["meta"] = meta(game)
    return out
