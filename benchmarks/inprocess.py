"""In-process figures, medians of single calls timed with ``time.perf_counter_ns``: the engines
called directly, and a picture against a score of the same state through Flask's test client."""

from __future__ import annotations

import gc
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from flask import Flask

from benchmarks.games import REFERENCE_SEED, Entry, entry, phase_positions, play, players
from benchmarks.tables import Cell, Check, table
from engines.registry import AnyGame
from tests.clients.choose import client_action

HEADERS = ["game", "measure", "input", "median", "unit"]
RENDER_LIMIT = 1.0
"""Target (issue 29): a render costs no more than a score of the same state."""
EXPANDED_AT_MOST, LISTED_GAMES = 1_000, 5
"""``legal_actions`` (every concrete action; the service answers ``legal_entries``) is timed up
to this many, and in this many whole games ("listed": one of every action at random, against
"served": as a client plays) at the reference player count."""


def sample(fn: Callable[[], object], seconds: float) -> float:
    """The median µs of single calls of ``fn`` for about ``seconds`` (at least 20 calls)."""
    return interleaved([fn], seconds)[0]


def interleaved(fns: Sequence[Callable[[], object]], seconds: float) -> list[float]:
    """Median µs of each function called once a round for about ``seconds`` (20 to 2,000 rounds,
    after a warm-up): a drift of the machine's speed hits them alike, so their medians can be
    divided. The collector is emptied first and left on: its pauses land as in service."""
    clock = time.perf_counter_ns
    for fn in [*fns] * 3:
        fn()
    gc.collect()
    samples: list[list[int]] = [[] for _ in fns]
    deadline = clock() + int(seconds * 1e9)
    while len(samples[0]) < 2000 and (len(samples[0]) < 20 or clock() < deadline):
        for fn, out in zip(fns, samples, strict=True):
            t0 = clock()
            fn()
            out.append(clock() - t0)
    return [statistics.median(s) / 1e3 for s in samples]


def _uncached(state: Any, fn: Callable[[], object]) -> Callable[[], object]:
    """``fn`` on ``state`` as a request sees it, not knowing yet what an engine remembers of a
    state once worked out (The Isle of Cats' ``memo`` of who moves)."""
    cache = getattr(state, "memo", None)
    return fn if cache is None else lambda: (cache.clear(), fn())


Found = tuple[list[list[Cell]], list[Check]]
"""Rows of :data:`HEADERS` and the targets they meet or miss."""


def _joined(found: list[Found]) -> tuple[str, list[Check]]:
    rows = [row for rows, _ in found for row in rows]
    return table(HEADERS, rows, digits=2), [c for _, checks in found for c in checks]


def engines(games: list[AnyGame], seconds: float, whole_games: int) -> tuple[str, list[Check]]:
    return _joined([engine(game, entry(game.id), seconds, whole_games) for game in games])


def engine(game: AnyGame, e: Entry, seconds: float, whole_games: int) -> Found:
    """What the service asks of an engine: the legal entries by phase (and every concrete action,
    for library callers, where they are few), apply and the codecs, scoring a finished position,
    whole games played as a client plays them."""
    rows: list[list[Cell]] = []
    checks: list[Check] = []
    playout, worst = play(game, e.players, REFERENCE_SEED, 0), 0.0
    for pos in phase_positions(game, playout):
        state, listed = pos.state, len(game.legal_actions(pos.state))
        where = f"{pos.label} (ply {pos.ply}, {len(pos.entries)} entries, {listed:,} actions)"
        us = sample(_uncached(state, partial(game.legal_entries, state)), seconds)
        worst = max(worst, us)
        rows.append([game.id, "legal_entries (the answer)", where, us, "µs"])
        if listed <= EXPANDED_AT_MOST:
            us = sample(_uncached(state, partial(game.legal_actions, state)), seconds)
            rows.append([game.id, "legal_actions (every action)", where, us, "µs"])
        if pos.label == "mid":
            encoded = game.encode_state(state)
            for name, fn in (
                ("check + apply", _uncached(state, partial(game.apply_checked, state, pos.action))),
                ("encode_state", partial(game.encode_state, state)),
                ("decode_state (checks every rule)", partial(game.decode_state, encoded)),
            ):
                rows.append([game.id, name, where, sample(fn, seconds), "µs"])
    if e.legal_entries_us is not None:
        target = "legal entries, busiest ply of each phase"
        checks.append(Check(game.id, target, worst, e.legal_entries_us, "µs"))
    ms = math.nan  # not measured without a position builder (games.py)
    if e.position is not None:
        position = e.position(game.encode_state(playout.states[-1]))
        ms = sample(partial(game.score_position, position), seconds) / 1e3
        rows.append([game.id, "score_position", "the finished reference game", ms, "ms"])
    if e.score_position_ms is not None:
        checks.append(Check(game.id, "score_position, finished", ms, e.score_position_ms, "ms"))
    counts = e.whole_game_players or (e.players,)
    for count in sorted({c for c in counts if game.min_players <= c <= game.max_players}):
        ms = whole_game_ms(game, count, whole_games)
        rows.append([game.id, "whole random game, served", f"{count} players", ms, "ms"])
        if e.whole_game_ms is not None:
            target = f"whole random game, {count} players"
            checks.append(Check(game.id, target, ms, e.whole_game_ms, "ms"))
    ms = whole_game_ms(game, e.players, min(whole_games, LISTED_GAMES), listed=True)
    rows.append([game.id, "whole random game, listed", f"{e.players} players", ms, "ms"])
    return rows, checks


def whole_game_ms(game: AnyGame, player_count: int, count: int, listed: bool = False) -> float:
    """Median of ``count`` seeded random games (seeds ``bench-0`` …), setup to end, played as a
    client plays (the answer's entries, one at random, a random concrete action of it, sent again
    while the choice's limit refuses it), or, ``listed``, one of every action, unchecked."""
    times = []
    for i in range(count):
        t0 = time.perf_counter_ns()
        rnd = random.Random(i)
        state = game.setup(players(game, player_count), {}, f"bench-{i}")
        while not game.is_finished(state):
            if listed:
                action = rnd.choice(game.legal_actions(state))
            else:
                action = client_action(game, state, rnd.choice(game.legal_entries(state)), rnd)
            state, _ = game.apply(state, action)
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1e6


def pictures(app: Flask, games: list[AnyGame], seconds: float) -> tuple[str, list[Check]]:
    return _joined([render_vs_score(app, game, entry(game.id), seconds) for game in games])


def render_vs_score(app: Flask, game: AnyGame, e: Entry, seconds: float) -> Found:
    """``render`` against ``score`` of the same body, whole requests, interleaved: a mid-game
    state of the reference game and its finished state. The target is the plain picture's; the
    picture with ``?viewer=&highlight=score`` computes the viewer's score as well."""
    rows: list[list[Cell]] = []
    checks: list[Check] = []
    playout = play(game, e.players, REFERENCE_SEED, 0)
    client = app.test_client()
    viewer = players(game, e.players)[0]
    base = f"/v1/games/{game.id}"
    for label, state in (
        ("mid-game", playout.states[playout.plies // 2]),
        ("finished", playout.states[-1]),
    ):
        raw = json.dumps({"state": game.encode_state(state)}).encode()
        paths = ("score", "render", f"render?viewer={viewer}&highlight=score")
        score, plain, marked = interleaved(
            [partial(_post, client, f"{base}/{p}", raw) for p in paths], seconds
        )
        for name, st in (("render", plain), (f"render ?viewer={viewer}&highlight=score", marked)):
            unit = f"× ({st:,.0f} / {score:,.0f} µs)"
            rows.append([game.id, f"{name} / score", label, st / score, unit])
        target = f"render / score, same {label} state (test client)"
        checks.append(Check(game.id, target, plain / score, RENDER_LIMIT, "×"))
    return rows, checks


def _post(client: Any, path: str, raw: bytes) -> None:
    """One request; the answer is not parsed (that would be the client's time)."""
    resp = client.post(path, data=raw, content_type="application/json")
    if resp.status_code != 200:
        raise RuntimeError(f"{path}: HTTP {resp.status_code}: {resp.data[:300]!r}")
