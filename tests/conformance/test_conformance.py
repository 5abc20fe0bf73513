"""The generic conformance suite: random seeded games of every engine, checked at every step.

At each step, over ``Game.legal_entries`` (what every answer lists): the JSON round-trip is the
identity; ``apply`` does not mutate its input; every listed complete action is accepted and
survives the JSON round-trip (object and id form); for every described choice, a few random
concrete actions (random values of each domain, ``tests.clients.choose.random_action``) are
decoded and checked: each is accepted, or, against the choice's ``limit``, refused for that
limit's code alone and only when its weights add up to more than ``at_most``; an earlier action
is accepted exactly when an entry lists or describes it; views never leak ``rng``, ``hidden`` or
another player's ``private``. The game goes on by a random entry (a choice by random values of
it). At the end: replaying the log from the setup gives the same state, and the same seed and
choices give the same game.

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
from tests.clients.choose import client_action, first_action, random_action

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "20"))
CHUNKS = 10
SAMPLED_ROUND_TRIPS = 8
"""Legal actions per step whose JSON round-trip is checked (all are checked for legality)."""
ACTIONS_PER_CHOICE = 3
"""Random concrete actions built and checked per described choice and step."""
TRIES = 20
"""Random actions of a choice tried, to go on, before its first values (always legal)."""
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
    checker = random.Random(f"check-{seed}")  # apart, so checks never change the game played
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
            _check_state(game, state, encoded, history, checker)
        if game.is_finished(state):
            assert game.to_move(state) == []
            assert game.legal_entries(state) == []
            break
        entries = game.legal_entries(state)
        assert entries, f"seed {seed}: nobody can act, but the game is not over"
        action = client_action(game, state, chooser.choice(entries), chooser, TRIES)
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


def _weight(limit: dict[str, Any], action: dict[str, Any]) -> int:
    return sum(limit["weights"][str(v)] for v in action.get(limit["sum_of"], []))


def _check_state(
    game: AnyGame, state: Any, encoded: dict[str, Any], history: list[Any], rnd: random.Random
) -> None:
    assert game.encode_state(game.decode_state(encoded)) == encoded, (
        "JSON round-trip changed the state"
    )
    entries = game.legal_entries(state)
    listed_entries = [e for e in entries if "choose" not in e]
    choices = [e for e in entries if "choose" in e]
    assert all("id" in e for e in listed_entries), "a complete action without its id"
    assert not any("id" in e for e in choices), "a choice with an id"
    legal = [game.decode_action(state, e) for e in listed_entries]
    listed = set(legal)
    assert len(listed) == len(legal), "an action is listed twice"
    for action in legal:
        assert game.check(state, action) == [], f"listed action {action!r} is rejected"
    for action in legal[:: max(1, len(legal) // SAMPLED_ROUND_TRIPS)]:
        as_json = game.encode_action(state, action)
        assert game.decode_action(state, as_json) == action
        assert game.decode_action(state, {"id": as_json["id"]}) == action
    ids = [e["id"] for e in listed_entries]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    for choice in choices:
        limit = choice.get("limit")
        for _ in range(ACTIONS_PER_CHOICE):
            raw = random_action(choice, rnd)
            action = game.decode_action(state, raw)
            as_json = game.encode_action(state, action)
            assert covers(choice, as_json, keep_limit=False), f"{raw}: not its choice's"
            reasons = game.check(state, action)
            if limit is not None and _weight(limit, raw) > limit["at_most"]:
                assert [r.code for r in reasons] == [limit["code"]], f"{raw}: {reasons}"
            else:
                assert reasons == [], f"{raw}, of a choice, is refused: {reasons}"
                again = game.decode_action(state, game.encode_action(state, action))
                assert again == action, f"{raw}: the JSON round-trip changed it"
        first = game.decode_action(state, first_action(choice))
        assert game.check(state, first) == [], f"{choice['type']}: its first values are refused"
    for earlier in history[-20:]:
        accepted = not game.check(state, earlier)
        described = earlier in listed or any(
            covers(c, game.encode_action(state, earlier)) for c in choices
        )
        assert accepted == described, (
            f"{earlier!r}: accepted={accepted} but listed or described={described}"
        )
    _check_views(game, state, encoded)


def covers(choice: dict[str, Any], action: dict[str, Any], keep_limit: bool = True) -> bool:
    """Whether the complete action ``action`` (JSON) is one of ``choice``'s (its limit kept, but
    for ``keep_limit=False``)."""
    open_fields = {name.split("/")[0] for name in choice["choose"]}
    for key, value in action.items():
        if key == "id" or key in open_fields:
            continue
        if key in choice:
            if value != choice[key]:
                return False
        elif value not in (None, "", [], {}):  # a field of no value, written or not
            return False
    if any(k not in action for k in choice if k not in ("choose", "limit", *open_fields)):
        return False
    chosen: dict[str, Any] = {}
    for name, domain in choice["choose"].items():
        *parents, last = name.split("/")
        inner: Any = action
        for parent in parents:
            inner = inner.get(parent, {})
            fixed = {k: v for k, v in choice.get(parent, {}).items()}
            if {k: v for k, v in inner.items() if k != last} != fixed:
                return False
        value = inner.get(last, {} if domain["domain"] == "per_item" else [])
        if not _in_domain(domain, value, chosen):
            return False
        chosen[name] = value
    limit = choice.get("limit")
    return not keep_limit or limit is None or _weight(limit, action) <= limit["at_most"]


def _in_domain(domain: dict[str, Any], value: Any, chosen: dict[str, Any]) -> bool:
    kind, values = domain["domain"], domain.get("values", [])
    if kind == "one_of":
        return value in values
    if kind == "subset":
        left = list(values)
        for v in value:
            if v not in left:
                return False
            left.remove(v)
        return domain["min"] <= len(value) <= domain["max"]
    if kind == "each_of":
        return len(value) == domain["length"] and all(v in values for v in value)
    if kind == "arrangement":
        if isinstance(value, dict):  # Calico's goals, written {space: goal} in space order
            value = list(value.values())
        distinct = all(value.count(v) == 1 for v in value)
        return len(value) == domain["length"] and distinct and all(v in values for v in value)
    if kind == "per_item":
        keys = {str(v) for v in chosen[domain["of"]] if v in domain["items"]}
        return set(value) == keys and all(v in values for v in value.values())
    assert kind == "placement", f"an unknown domain {kind!r}"
    if not value:
        return False
    dr, dc = min(r for r, _ in value), min(c for _, c in value)
    shape = sorted([r - dr, c - dc] for r, c in value)
    return any(
        sorted(o["cells"]) == shape
        and any(r == dr and first <= dc <= last for r, first, last in o["offsets"])
        for o in domain["orientations"]
    )


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
