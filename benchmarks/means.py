"""The means of the answer path, each timed against what it replaced, in the same run.

Each row times the same input both ways, interleaved (``benchmarks.timing.interleaved``), so a
drift of the machine hits both alike and the ratio holds; a mean is kept where it pays.

- *write the answer*: the standard library's ``json.dumps`` against orjson (``service.jsonout``);
- *read the body*: the standard library's reader with its hooks (``body._parse_exactly``)
  against the service's reader, which takes orjson's value where it provably agrees; and that
  reader walking the limits against leaving them to the contract's check (``walk_limits``);
- *encode the legal actions*: every action's JSON built again against built once (Patchwork,
  The Isle of Cats); and encoding and writing them, each object written for every answer
  against its text written once (``service.jsonout.written_once``);
- *check an Isle rescue turn's action*: against the whole listed turn, and alone;
- *take the body and the query from the request*: werkzeug's ``get_data`` and ``args`` against
  the service's direct reads (``body._declared_json_body``, ``routes._arg``), each in a request
  context of its own, whose cost both sides pay.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from flask import Flask, request

from benchmarks import inputs
from benchmarks.games import entry
from benchmarks.inprocess import Row
from benchmarks.timing import interleaved
from engines import registry
from engines.registry import AnyGame
from service import body, routes, steps
from service.jsonout import AnswerJSON


def run(app: Flask, seconds: float) -> list[Row]:
    rows: list[Row] = []
    for game in registry.all_games():
        rows += _json_work(app, game, seconds)
    rows += _encodings(seconds)
    rows.append(_isle_check(seconds))
    rows += _request_reading(app, seconds)
    return rows


def _json_work(app: Flask, game: AnyGame, seconds: float) -> list[Row]:
    playout = inputs.play(game, entry(game.id).players, inputs.REFERENCE_SEED, 0)
    raw = json.dumps(inputs.bodies(game, playout).apply).encode()
    state = playout.states[_busiest(playout)]
    answer = {"state": game.encode_state(state), "legal_actions": _legal(game, state)}
    writer = app.json
    assert isinstance(writer, AnswerJSON)
    with app.app_context():
        written = _pair(
            game.id,
            "write the answer (state + legal actions)",
            lambda: json.dumps(answer, ensure_ascii=False, separators=(",", ":")),
            lambda: writer.response(answer),
            seconds,
        )
    read = _pair(
        game.id,
        "read the apply body",
        lambda: body._parse_exactly(raw),
        lambda: body.parse(raw),
        seconds,
    )
    unwalked = _pair(
        game.id,
        "read the apply body: limits walked, against implied by the contract",
        lambda: body.parse(raw),
        lambda: body.parse(raw, walk_limits=False),
        seconds,
    )
    return [written, read, unwalked]


def _busiest(playout: inputs.Playout) -> int:
    return max(range(playout.plies), key=lambda p: len(playout.legal[p]))


def _legal(game: Any, state: Any) -> list[dict[str, Any]]:
    return [game.encode_action(state, a) for a in game.legal_actions(state)]


def _encodings(seconds: float) -> list[Row]:
    from engines.isle_of_cats import actions as isle_actions
    from engines.patchwork import actions as patchwork_actions

    def patchwork_again(state: Any, action: Any) -> object:
        return patchwork_actions._encoded.__wrapped__(state.env.players[action[1]], action)

    def isle_again(state: Any, action: Any) -> object:
        return isle_actions.encode_action.__wrapped__(state.env.players, action)

    return [
        _encoding("patchwork", patchwork_again, seconds),
        _encoding("isle_of_cats", isle_again, seconds),
        _writing("patchwork", seconds),
        _writing("isle_of_cats", seconds),
    ]


def _busiest_state(game_id: str) -> tuple[AnyGame, Any, list[Any]]:
    """The game, the busiest state of its reference game and that state's legal actions."""
    game = registry.get(game_id)
    playout = inputs.play(game, entry(game_id).players, inputs.REFERENCE_SEED, 0)
    state = playout.states[_busiest(playout)]
    return game, state, game.legal_actions(state)


def _writing(game_id: str, seconds: float) -> Row:
    """Encoding and writing the legal actions of the busiest state: each action's object written
    for every answer, against its text written once (``jsonout.written_once``)."""
    game, state, legal = _busiest_state(game_id)
    return _pair(
        game_id,
        f"encode and write {len(legal)} legal actions",
        lambda: orjson.dumps([game.encode_action(state, a) for a in legal]),
        lambda: orjson.dumps(steps.legal_actions_json(game, state)),
        seconds,
    )


def _encoding(game_id: str, built_again: Callable[[Any, Any], object], seconds: float) -> Row:
    game, state, legal = _busiest_state(game_id)
    return _pair(
        game_id,
        f"encode {len(legal)} legal actions",
        lambda: [built_again(state, a) for a in legal],
        lambda: [game.encode_action(state, a) for a in legal],
        seconds,
    )


def _isle_check(seconds: float) -> Row:
    from engines.isle_of_cats import rules
    from engines.isle_of_cats.state import RESCUE

    game = registry.get("isle_of_cats")
    playout = inputs.play(game, entry("isle_of_cats").players, inputs.REFERENCE_SEED, 0)
    ply = next(
        i
        for i, s in enumerate(playout.states)
        if s.phase == RESCUE and not s.tasks and len(playout.legal[i]) > 500
    )
    state, action = playout.states[ply], playout.legal[ply][-1]

    def listed() -> object:
        fresh = state.clone()
        return action in rules._legal_set(fresh, action.seat)

    return _pair(
        "isle_of_cats",
        f"check a rescue-turn action ({len(playout.legal[ply])} listed)",
        listed,
        lambda: rules.check(state.clone(), action),
        seconds,
    )


def _pair(
    game: str, measure: str, before: Callable[[], object], after: Callable[[], object], s: float
) -> Row:
    old, new = interleaved([before, after], s)
    return Row(
        game,
        measure,
        f"{old.median_us:,.1f} → {new.median_us:,.1f} µs",
        old.median_us / new.median_us,
        "× faster",
    )


def _request_reading(app: Flask, seconds: float) -> list[Row]:
    game = registry.get("isle_of_cats")
    playout = inputs.play(game, entry(game.id).players, inputs.REFERENCE_SEED, 0)
    raw = json.dumps(inputs.bodies(game, playout).apply).encode()

    def reading(read: Callable[[], object], query: str = "") -> Callable[[], object]:
        def call() -> object:
            with app.test_request_context(
                "/", method="POST", data=raw, content_type="application/json", query_string=query
            ):
                return read()

        return call

    query = "include=score,events"
    return [
        _pair(
            game.id,
            f"take a {len(raw):,}-byte body from the request",
            reading(body._general_body),
            reading(lambda: body._declared_json_body(request.environ)),
            seconds,
        ),
        _pair(
            "all",
            f"take include and viewer from ?{query}",
            reading(lambda: (request.args.get("include"), request.args.get("viewer")), query),
            reading(lambda: (routes._arg("include"), routes._arg("viewer")), query),
            seconds,
        ),
    ]
