"""In-process figures: the engines called directly, and a picture against a score of the same
state through Flask's test client (the request path itself is counted in instructions,
``benchmarks.instructions``).

Every figure here is a median of single calls (``benchmarks.timing``); each function returns
rows ``(game, measure, input, median, unit)`` and the :class:`Check` of any target it measures.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from flask import Flask

from benchmarks import inputs
from benchmarks.games import Entry
from benchmarks.timing import Stats, interleaved, sample
from engines.registry import AnyGame


@dataclass(frozen=True)
class Row:
    game: str
    measure: str
    where: str
    value: float
    unit: str


@dataclass(frozen=True)
class Check:
    """One target: ``value`` against ``limit`` (at most, or at least)."""

    game: str
    target: str
    value: float
    limit: float
    unit: str
    at_least: bool = False

    @property
    def met(self) -> bool:
        return self.value >= self.limit if self.at_least else self.value <= self.limit

    @property
    def verdict(self) -> str:
        if math.isnan(self.value):
            return "not measured"
        return "met" if self.met else "MISSED"


@dataclass
class Report:
    rows: list[Row]
    checks: list[Check]


def _uncached(state: Any, fn: Callable[[], object]) -> Callable[[], object]:
    """``fn`` on ``state`` as a request sees it: a state decoded from a body has listed nothing
    yet, so an engine that remembers a state's legal actions (``legal_cache``) forgets them."""
    cache = getattr(state, "legal_cache", None)
    if cache is None:
        return fn

    def call() -> object:
        cache.clear()
        return fn()

    return call


def engine(game: AnyGame, entry: Entry, seconds: float, whole_games: int) -> Report:
    """Legal actions by phase, apply and the codecs, scoring a finished position, whole games."""
    out = Report([], [])
    playout = inputs.play(game, entry.players, inputs.REFERENCE_SEED, 0)
    worst = 0.0
    for pos in inputs.phase_positions(game, entry, playout):
        where = f"{pos.label} (ply {pos.ply}, {len(pos.legal)} actions)"
        us = sample(_uncached(pos.state, partial(game.legal_actions, pos.state)), seconds).median_us
        worst = max(worst, us)
        out.rows.append(Row(game.id, "legal actions", where, us, "µs"))
        if pos.label == "mid":
            encoded = game.encode_state(pos.state)
            for name, fn in (
                (
                    "check + apply",
                    _uncached(pos.state, partial(game.apply_checked, pos.state, pos.action)),
                ),
                ("encode_state", partial(game.encode_state, pos.state)),
                ("decode_state (checks every rule)", partial(game.decode_state, encoded)),
            ):
                out.rows.append(Row(game.id, name, where, sample(fn, seconds).median_us, "µs"))
    if entry.legal_actions_us is not None:
        out.checks.append(
            Check(
                game.id,
                "legal actions, busiest ply of each phase",
                worst,
                entry.legal_actions_us,
                "µs",
            )
        )
    if entry.position is None and entry.score_position_ms is not None:
        out.checks.append(
            Check(
                game.id,
                "score_position: no position builder in benchmarks/games.py",
                math.nan,
                entry.score_position_ms,
                "ms",
            )
        )
    if entry.position is not None:
        position = entry.position(game.encode_state(playout.states[-1]))
        ms = sample(partial(game.score_position, position), seconds).median_ms
        out.rows.append(Row(game.id, "score_position", "the finished reference game", ms, "ms"))
        if entry.score_position_ms is not None:
            out.checks.append(
                Check(game.id, "score_position, finished", ms, entry.score_position_ms, "ms")
            )
    counts = entry.whole_game_players or (entry.players,)
    for count in sorted({c for c in counts if game.min_players <= c <= game.max_players}):
        ms = whole_game_ms(game, count, whole_games)
        out.rows.append(Row(game.id, "whole random game", f"{count} players", ms, "ms"))
        if entry.whole_game_ms is not None:
            out.checks.append(
                Check(game.id, f"whole random game, {count} players", ms, entry.whole_game_ms, "ms")
            )
    return out


def whole_game_ms(game: AnyGame, players: int, count: int) -> float:
    """Median of ``count`` seeded random games, setup to end, legal actions listed every ply."""

    def one(i: int) -> None:
        rnd = random.Random(i)
        state = game.setup(inputs.players(game, players), {}, f"bench-{i}")
        while not game.is_finished(state):
            state, _ = game.apply(state, rnd.choice(game.legal_actions(state)))

    return Stats(tuple(_time_ns(partial(one, i)) for i in range(count))).median_ms


def _time_ns(fn: Callable[[], object]) -> int:
    t0 = time.perf_counter_ns()
    fn()
    return time.perf_counter_ns() - t0


RENDER_LIMIT = 1.0
"""Target (issue 29): a render costs no more than a score of the same state."""


def render_vs_score(app: Flask, game: AnyGame, entry: Entry, seconds: float) -> Report:
    """``render`` against ``score`` of the same body, whole requests through the test client,
    interleaved: a mid-game state of the reference game and its finished state. The target is
    the plain picture's; the picture with ``?viewer=&highlight=score`` computes the viewer's score
    as well, so it is shown against the same score without a target."""
    out = Report([], [])
    playout = inputs.play(game, entry.players, inputs.REFERENCE_SEED, 0)
    client = app.test_client()
    viewer = inputs.players(game, entry.players)[0]
    base = f"/v1/games/{game.id}"
    for label, state in (
        ("mid-game", playout.states[playout.plies // 2]),
        ("finished", playout.states[-1]),
    ):
        raw = json.dumps({"state": game.encode_state(state)}).encode()
        score, plain, marked = interleaved(
            [
                partial(_post, client, f"{base}/score", raw),
                partial(_post, client, f"{base}/render", raw),
                partial(_post, client, f"{base}/render?viewer={viewer}&highlight=score", raw),
            ],
            seconds,
        )
        for name, st in (("render", plain), (f"render ?viewer={viewer}&highlight=score", marked)):
            out.rows.append(
                Row(
                    game.id,
                    f"{name} / score",
                    label,
                    st.median_us / score.median_us,
                    f"× ({st.median_us:,.0f} / {score.median_us:,.0f} µs)",
                )
            )
        out.checks.append(
            Check(
                game.id,
                f"render / score, same {label} state (test client)",
                plain.median_us / score.median_us,
                RENDER_LIMIT,
                "×",
            )
        )
    return out


def _post(client: Any, path: str, raw: bytes) -> Any:
    """One request; the answer is not parsed (that would be the client's time, not the
    service's)."""
    resp = client.post(path, data=raw, content_type="application/json")
    if resp.status_code != 200:
        raise RuntimeError(f"{path}: HTTP {resp.status_code}: {resp.data[:300]!r}")
    return resp
