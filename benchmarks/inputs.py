"""Deterministic inputs for every game, built only through the engine protocol.

Positions come from seeded random playouts, so every run measures the same states.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from benchmarks.games import Entry, Json, Snapshot
from engines.registry import AnyGame

REFERENCE_SEED = "bench-reference"
MAX_PLIES = 10_000
"""A playout longer than this is a bug in the engine (no game here is that long)."""


class PlayoutError(RuntimeError):
    """A random playout got stuck: no legal action in an unfinished state, or far too long."""


def players(game: AnyGame, count: int) -> list[str]:
    count = min(max(count, game.min_players), game.max_players)
    return [f"p{i}" for i in range(count)]


@dataclass(frozen=True)
class Playout:
    states: list[Any]
    """``states[i]`` is the state before ply ``i``; the last one is the final state."""
    legal: list[list[Any]]
    """``legal[i]``: the legal actions in ``states[i]`` (empty for the final state)."""

    @property
    def plies(self) -> int:
        return len(self.states) - 1


def play(game: AnyGame, player_count: int, seed: str, choice_seed: int | str) -> Playout:
    """A whole game of uniformly random legal actions, keeping every state."""
    rnd = random.Random(choice_seed)
    state = game.setup(players(game, player_count), {}, seed)
    states, legal = [state], []
    while not game.is_finished(state):
        actions = game.legal_actions(state)
        if not actions or len(states) > MAX_PLIES:
            raise PlayoutError(f"{game.id}: a random playout is stuck at ply {len(states) - 1}")
        legal.append(actions)
        state, _ = game.apply(state, rnd.choice(actions))
        states.append(state)
    legal.append([])
    return Playout(states, legal)


@dataclass(frozen=True)
class Position:
    label: str
    ply: int
    state: Any
    legal: list[Any]
    action: Any
    """A legal action here, chosen by a seeded generator, to apply."""


def phase_positions(game: AnyGame, entry: Entry, playout: Playout) -> list[Position]:
    """For each phase of the entry, the ply of the reference game with the most legal actions
    (the expensive case, not a forced move)."""
    out = []
    for label, matches in entry.phases.items():
        plies = [
            p
            for p in range(playout.plies)
            if matches(Snapshot(p, playout.plies, game.encode_state(playout.states[p])))
        ]
        if plies:
            ply = max(plies, key=lambda p: (len(playout.legal[p]), -p))
            action = random.Random(f"{game.id}:{ply}").choice(playout.legal[ply])
            out.append(Position(label, ply, playout.states[ply], playout.legal[ply], action))
    return out


@dataclass(frozen=True)
class Bodies:
    apply: Json
    """An ``apply`` body whose next state has the most legal actions of the candidates tried."""
    legal_after: int
    """Legal actions listed in the answer to ``apply`` when they are included."""
    busiest: Json
    """The busiest state of the middle half of the game (a ``legal-actions`` body)."""
    legal_busiest: int


def bodies(game: AnyGame, playout: Playout, tries: int = 400) -> Bodies:
    """Bodies from the middle half of the reference game: the opening's forced or wide-open
    plies are not what a game spends its time in."""
    middle = range(playout.plies // 4, max(playout.plies // 4 + 1, 3 * playout.plies // 4))
    busiest = max(middle, key=lambda p: (len(playout.legal[p]), -p))
    best: tuple[int, int, Any] | None = None
    candidates = sorted(middle, key=lambda p: -len(playout.legal[p]))[:3]
    for ply in candidates:
        for action in playout.legal[ply][: tries // len(candidates)]:
            after, _ = game.apply(playout.states[ply], action)
            count = len(game.legal_actions(after))
            if best is None or count > best[0]:
                best = (count, ply, action)
    assert best is not None
    count, ply, action = best
    state = playout.states[ply]
    return Bodies(
        {"state": game.encode_state(state), "action": game.encode_action(state, action)},
        count,
        {"state": game.encode_state(playout.states[busiest])},
        len(playout.legal[busiest]),
    )
