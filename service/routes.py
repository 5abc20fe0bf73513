"""The game endpoints: thin adapters from validated JSON to one engine call and back."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from marshmallow import Schema
from werkzeug.datastructures import MultiDict

from engines import registry
from engines.core.errors import IllegalAction, InvalidState, MalformedAction, quoted_listing
from engines.registry import AnyGame
from service import conditional, problems, requests, steps
from service.body import check_limits, read_json
from service.deadline import Paced
from service.instrument import GAME
from service.tokens import Keyring

v1 = Blueprint("v1", __name__, url_prefix="/v1")

KEYRING = "state_tokens"
"""``app.extensions`` key of the :class:`~service.tokens.Keyring` (None: tokens disabled), set by
``create_app`` from its settings."""


def _keyring() -> Keyring | None:
    keyring: Keyring | None = current_app.extensions.get(KEYRING)
    return keyring


def _game(game_id: str) -> AnyGame:
    game = registry.get(game_id)  # UnknownGame becomes a 404 problem
    request.environ[GAME] = game.id
    return game


def _body(game: AnyGame, operation: str, schema: Schema) -> Any:
    """The body, checked against the contract's schema for this operation, then loaded.

    The contract bounds every array, string, object and nesting within the body reader's limits
    (``tests/service/test_hostile_input.py``), so only a body it refuses needs their walk: done
    before the reference validator explains the refusal, as the reader would have done it.
    """
    data = read_json(walk_limits=False)
    validator = current_app.extensions["request_validators"].get(
        (f"/v1/games/{game.id}/{operation}", "post")
    )
    if validator is None:
        check_limits(data)
        raise problems.Problem(
            404, "not-found", "Not found", f"{game.id} has no {operation} operation", "NOT_FOUND"
        )
    if not validator.accepts(data):
        check_limits(data)
        raise problems.schema_validation(validator.explain(data))
    return schema.load(data)


def _query(args: MultiDict[str, str], name: str) -> str | None:
    """The first value of query parameter ``name``, None when the query has none. Asked for
    with ``in``: werkzeug's ``args.get`` of an absent name raises and catches an HTTP exception,
    about 10,000 instructions, more than the rest of reading the query."""
    return args[name] if name in args else None  # noqa: SIM401 (the point of this function)


def _include(args: MultiDict[str, str]) -> set[str]:
    raw = _query(args, "include")
    if raw is None:
        return set(steps.STEP_PARTS)
    parts = {p for p in raw.split(",") if p}
    known = [*steps.STEP_PARTS, steps.VIEW_PART]
    unknown = sorted(parts - set(known))
    if unknown:
        raise problems.schema_validation(
            [
                {
                    "pointer": "",
                    "detail": f"include: unknown parts {_some(unknown)}; the parts "
                    f"are {problems.listing(known)}",
                }
            ]
        )
    return parts


NAMED_AT_MOST = 3
"""Unknown parts a problem names (each cut to 40 characters), so that its detail stays short
whatever the query holds (1,500 parts made a 55 KB problem)."""


def _some(values: list[str]) -> str:
    named = [v if len(v) <= 40 else v[:40] + "…" for v in values[:NAMED_AT_MOST]]
    more = len(values) - len(named)
    if more <= 0:
        return quoted_listing(named)
    return ", ".join(problems.quoted(v) for v in named) + f" and {more:,} more"


def _answer(
    game: AnyGame,
    state: Any,
    events: list[Any],
    include: set[str],
    viewer: str | None,
    keyring: Keyring | None,
) -> Response:
    """The step; ``viewer`` from :func:`_viewer`, which makes it a view step."""
    if viewer is not None:
        include = include | {steps.VIEW_PART}
    return jsonify(steps.step(game, state, events, include, keyring=keyring, viewer=viewer))


def _viewer(args: MultiDict[str, str], include: set[str], keyring: Keyring | None) -> str | None:
    """The ``viewer`` asked for; a view step needs state tokens.

    A ``viewer`` alone asks for a view step: a caller who names a viewer means to show the answer
    to that player, and so must never get the whole state by forgetting ``include=view``.
    """
    viewer = _query(args, "viewer")  # "" is no player's id: an UNKNOWN_PLAYER, not nobody
    if (viewer is not None or steps.VIEW_PART in include) and keyring is None:
        raise steps.tokens_disabled()
    return viewer


@v1.get("/games")
def list_games() -> Response:
    games = registry.all_games()
    return conditional.cacheable(jsonify({"games": [_summary(game) for game in games]}))


@v1.get("/games/<game_id>")
def game_info(game_id: str) -> Response:
    game = _game(game_id)
    return conditional.cacheable(jsonify({**game.info(), "meta": steps.meta(game)}))


def _summary(game: AnyGame) -> dict[str, Any]:
    info = game.info()
    return {
        key: info[key]
        for key in ("id", "title", "players", "rules_versions", "features", "options")
    }


@v1.post("/games/<game_id>/setup")
def setup(game_id: str) -> Response:
    game = _game(game_id)
    args, keyring = request.args, _keyring()
    include = _include(args)
    req: requests.SetupRequest = _body(game, "setup", requests.SETUP)
    state = _setup(game, req, "")
    return _answer(game, state, [], include, _viewer(args, include, keyring), keyring)


def _setup(game: AnyGame, req: requests.SetupRequest, pointer: str) -> Any:
    try:
        return game.setup(req.players, req.options, req.seed)
    except InvalidState as err:
        raise problems.invalid_state(err, pointer) from None


@v1.post("/games/<game_id>/apply")
def apply(game_id: str) -> Response:
    game = _game(game_id)
    # Flask's request and app are each looked up once: every look-up through its context
    # proxies costs about 8,500 instructions
    args, keyring = request.args, _keyring()
    include = _include(args)
    req: requests.ApplyRequest = _body(game, "apply", requests.APPLY)
    loaded = steps.load(game, keyring, req.state, req.state_token)
    if req.expected_turn is not None and req.expected_turn != loaded.data["turn"]:
        raise problems.stale_state(req.expected_turn, loaded.data["turn"])
    viewer = _viewer(args, include, keyring)
    steps.check_viewer(loaded.data["players"], viewer)
    state, events = steps.apply_all(game, loaded.state, Paced(req.actions), req.batch, viewer)
    return _answer(game, state, events, include, viewer, keyring)


@v1.post("/games/<game_id>/legal-actions")
def legal_actions(game_id: str) -> Response:
    game = _game(game_id)
    req: requests.StateRequest = _body(game, "legal-actions", requests.STATE)
    loaded = steps.load(game, _keyring(), req.state, req.state_token)
    state = loaded.state
    _check_player(loaded.data, req.player, "/player")
    return jsonify(
        {
            "to_move": game.to_move(state),
            "legal_actions": steps.legal_actions_json(game, state, req.player),
            "pending_chance": game.pending_chance(state),
            "meta": steps.meta(game),
        }
    )


@v1.post("/games/<game_id>/validate-action")
def validate_action(game_id: str) -> Response:
    game = _game(game_id)
    req: requests.StateRequest = _body(game, "validate-action", requests.STATE)
    state = steps.load(game, _keyring(), req.state, req.state_token).state
    assert req.action is not None
    try:
        reasons = game.check(state, game.decode_action(state, req.action))
        found = [r.to_json() for r in reasons]
    except IllegalAction as err:
        found = [r.to_json() for r in err.reasons]
    except MalformedAction as err:
        found = [{"code": err.code, "detail": err.detail}]
    return jsonify({"legal": not found, "reasons": found, "meta": steps.meta(game)})


@v1.post("/games/<game_id>/score")
def score(game_id: str) -> Response:
    game = _game(game_id)
    req: requests.StateOrPosition = _body(game, "score", requests.STATE_OR_POSITION)
    if req.state is not None or req.state_token is not None:
        breakdown = game.score(steps.load(game, _keyring(), req.state, req.state_token).state)
    else:
        assert req.position is not None
        try:
            breakdown = game.score_position(req.position)
        except InvalidState as err:
            raise problems.invalid_state(err, "/position") from None
    return jsonify({**breakdown.to_json(), "meta": steps.meta(game)})


@v1.post("/games/<game_id>/validate-state")
def validate_state(game_id: str) -> Response:
    game = _game(game_id)
    req: requests.StateOrPosition = _body(game, "validate-state", requests.STATE_OR_POSITION)
    facts: dict[str, Any] = {}
    if req.state_token is not None:
        # A token is opened (authenticated) first; its state is then checked in full.
        sealed = steps.open_token(game, _keyring(), req.state_token)["state"]
        found, prefix = game.validate_state(sealed), "/state_token"
    elif req.state is not None:
        found, prefix = game.validate_state(req.state), "/state"
    else:
        assert req.position is not None
        found, prefix = game.validate_position(req.position), "/position"
        facts = game.position_facts(req.position)
    violations = [{**v.to_json(), "pointer": prefix + v.pointer} for v in found]
    verdict = {"valid": not violations, "violations": violations, "facts": facts}
    return jsonify({**verdict, "meta": steps.meta(game)})


@v1.post("/games/<game_id>/view")
def view(game_id: str) -> Response:
    game = _game(game_id)
    req: requests.StateRequest = _body(game, "view", requests.STATE)
    loaded = steps.load(game, _keyring(), req.state, req.state_token)
    state = loaded.state
    _check_player(loaded.data, req.player, "/viewer")
    return jsonify(
        {"viewer": req.player, "view": game.view(state, req.player), "meta": steps.meta(game)}
    )


@v1.post("/games/<game_id>/replay")
def replay(game_id: str) -> Response:
    game = _game(game_id)
    args, keyring = request.args, _keyring()
    include = _include(args)
    req: requests.ReplayRequest = _body(game, "replay", requests.REPLAY)
    state = _setup(game, req.setup, "/setup")
    state, events = steps.apply_all(game, state, Paced(req.actions), batch=True)
    return _answer(game, state, events, include, _viewer(args, include, keyring), keyring)


def _check_player(state: dict[str, Any], player: str | None, pointer: str) -> None:
    if player is not None and player not in state["players"]:
        raise problems.Problem(
            422,
            "unknown-player",
            "Unknown player",
            f"{problems.quoted(player)} is not one of the players, "
            f"{quoted_listing(state['players'])}",
            "UNKNOWN_PLAYER",
            pointer=pointer,
        )


RENDER_MEDIA = "image/svg+xml; charset=utf-8"


@v1.post("/games/<game_id>/render")
def render(game_id: str) -> Response:
    """The table as a picture (SVG): of a state as ``viewer`` sees it, or of a position."""
    game = _game(game_id)
    req: requests.StateOrPosition = _body(game, "render", requests.STATE_OR_POSITION)
    args = request.args
    viewer, highlight = _query(args, "viewer"), _query(args, "highlight")
    if highlight not in (None, "score"):
        raise problems.schema_validation(
            [{"pointer": "", "detail": "highlight: the one value is 'score'"}]
        )
    painter = import_module(f"engines.{game.id}.render")
    if req.state is not None or req.state_token is not None:
        loaded = steps.load(game, _keyring(), req.state, req.state_token)
        steps.check_viewer(loaded.data["players"], viewer)
        svg: str = painter.render_state(game, loaded.state, viewer, highlight == "score")
    else:
        assert req.position is not None
        try:
            found = game.validate_position(req.position)
            if found:
                raise InvalidState(found)
            steps.check_viewer(painter.position_players(req.position), viewer)
            svg = painter.render_position(game, req.position, viewer, highlight == "score")
        except InvalidState as err:
            raise problems.invalid_state(err, "/position") from None
    return Response(svg, mimetype="image/svg+xml", content_type=RENDER_MEDIA)
