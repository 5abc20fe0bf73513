"""The generic conformance suite: random seeded games of every engine, checked at every step.

At each step: the JSON round-trip is the identity; ``apply`` does not mutate its input; every
listed legal action is accepted and survives the JSON round-trip (object and id form); an action
is accepted exactly when it is listed; views never leak ``rng``, ``hidden`` or another player's
``private``. At the end: replaying the log from the setup gives the same state, and the same seed
and choices give the same game.

``CONFORMANCE_GAMES`` sets how many games each engine and player count plays: 20 in ``make
test`` (a minute on two cores for the four games), 1,000 in ``make conformance``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engines import registry
from engines.core.envelope import CHANCE
from engines.registry import AnyGame
from service.steps import state_hash

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "20"))
CHUNKS = 10
SAMPLED_ROUND_TRIPS = 8
"""Legal actions per step whose JSON round-trip is checked (all are checked for legality)."""
MAX_STEPS = 5000
DETERMINISM_EVERY = 10
"""Every tenth game is played twice from its seed to check that it repeats exactly."""


MODES: dict[str, list[tuple[str, dict[str, Any], range]]] = {
    "isle_of_cats": [
        ("family", {"mode": "family"}, range(2, 5)),
        ("solo", {"mode": "solo", "solo_level": "expert"}, range(1, 2)),
    ],
}
"""Games whose setup options pick another mode: (label, options, player counts) per mode; each
mode plays its own games (``-k <label>``), besides the default mode's."""


def _cases() -> Iterator[Any]:
    for game in registry.all_games():
        for players in range(game.min_players, game.max_players + 1):
            for chunk in range(CHUNKS):
                yield pytest.param(game.id, players, chunk, {}, id=f"{game.id}-{players}p-{chunk}")
        for label, options, counts in MODES.get(game.id, []):
            for players in counts:
                for chunk in range(CHUNKS):
                    case = f"{game.id}-{label}-{players}p-{chunk}"
                    yield pytest.param(game.id, players, chunk, options, id=case)


@pytest.mark.parametrize(("game_id", "players", "chunk", "options"), list(_cases()))
def test_random_games_keep_every_invariant(
    game_id: str, players: int, chunk: int, options: dict[str, Any]
) -> None:
    game = registry.get(game_id)
    names = [f"p{i}" for i in range(1, players + 1)]
    seeds = range(chunk, GAMES, CHUNKS)
    for seed in seeds:
        final_hash = play_and_check(game, names, seed, options=options)
        if seed % DETERMINISM_EVERY == 0:
            again = play_and_check(game, names, seed, full_checks=False, options=options)
            assert again == final_hash, (
                f"seed {seed}: the same seed and choices gave a different game"
            )


def play_and_check(
    game: AnyGame,
    names: list[str],
    seed: int,
    full_checks: bool = True,
    options: dict[str, Any] | None = None,
) -> str:
    chooser = random.Random(seed)
    setup = {
        "players": names,
        "options": {"record_log": True, **(options or {})},
        "seed": f"conformance-{seed}",
    }
    state = game.setup(names, setup["options"], setup["seed"])
    history: list[Any] = []
    for _ in range(MAX_STEPS):
        encoded = game.encode_state(state)
        if full_checks:
            _check_state(game, state, encoded, history)
        if game.is_finished(state):
            assert game.to_move(state) == []
            assert game.legal_actions(state) == []
            break
        legal = game.legal_actions(state)
        assert legal, f"seed {seed}: nobody can act, but the game is not over"
        action = chooser.choice(legal)
        history.append(action)
        new_state, events = game.apply_checked(state, action)
        assert game.encode_state(state) == encoded, "apply mutated its input"
        assert all(isinstance(e.get("type"), str) for e in events)
        state = new_state
    else:
        pytest.fail(f"seed {seed}: no end after {MAX_STEPS} steps")
    final = game.encode_state(state)
    if full_checks:
        _check_replay(game, names, setup, final)
        score = game.score(state).to_json()
        assert score["final"] is True
        rivals = ["sister"] if (options or {}).get("mode") == "solo" else []  # solo scores her too
        assert sorted(p["player"] for p in score["players"]) == sorted(names + rivals)
        _check_final_score(score)
    return state_hash(final)


def _check_final_score(score: dict[str, Any]) -> None:
    """Each total is the sum of its score lines, and the ranking follows the totals."""
    totals = {}
    for p in score["players"]:
        points = [c["points"] for c in p["components"]]
        assert all(isinstance(x, int) for x in points), p["player"]
        assert p["total"] == sum(points), f"{p['player']}: total is not the sum of its lines"
        totals[p["player"]] = p["total"]
    ranked = [(r["rank"], totals[r["player"]]) for r in score["ranking"]]
    assert sorted(r["player"] for r in score["ranking"]) == sorted(totals)
    assert ranked[0][0] == 1
    for i in range(1, len(ranked)):
        (rank_a, total_a), (rank_b, total_b) = ranked[i - 1], ranked[i]
        assert total_a >= total_b, "a lower total is ranked above a higher one"
        assert rank_a <= rank_b, "ranks go down the ranking"
        if total_a > total_b:
            assert rank_b > rank_a, "a lower total shares the rank of a higher one"


def _check_state(game: AnyGame, state: Any, encoded: dict[str, Any], history: list[Any]) -> None:
    assert game.encode_state(game.decode_state(encoded)) == encoded, (
        "JSON round-trip changed the state"
    )
    legal = game.legal_actions(state)
    listed = set(legal)
    assert len(listed) == len(legal), "an action is listed twice"
    for action in legal:
        assert game.check(state, action) == [], f"listed action {action!r} is rejected"
    for action in legal[:: max(1, len(legal) // SAMPLED_ROUND_TRIPS)]:
        as_json = game.encode_action(state, action)
        assert game.decode_action(state, as_json) == action
        assert game.decode_action(state, {"id": as_json["id"]}) == action
    ids = [game.encode_action(state, a)["id"] for a in legal]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    for earlier in history[-20:]:
        accepted = not game.check(state, earlier)
        assert accepted == (earlier in listed), (
            f"{earlier!r}: accepted={accepted} but listed={not accepted}"
        )
    _check_views(game, state, encoded)


def _check_views(game: AnyGame, state: Any, encoded: dict[str, Any]) -> None:
    for viewer in [*encoded["players"], None]:
        view = game.view(state, viewer)
        assert "rng" not in view and "hidden" not in view
        others = set(view.get("private", {})) - {viewer}
        assert not others, f"{viewer!r} sees the private part of {sorted(others)}"
        if encoded["rng"]["mode"] == "seeded":
            assert encoded["rng"]["seed"] not in repr(view), "the seed leaked into a view"
    assert CHANCE not in encoded["players"]


def _check_replay(
    game: AnyGame, names: list[str], setup: dict[str, Any], final: dict[str, Any]
) -> None:
    state = game.setup(names, setup["options"], setup["seed"])
    for raw in final["log"]:
        state, _ = game.apply_checked(state, game.decode_action(state, raw))
    assert game.encode_state(state) == final, "replaying the log gave another state"
