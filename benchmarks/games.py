"""What ``make bench`` measures for each game, its targets (a game without an entry has none),
and the inputs: seeded random games played as a client plays them (each ply the answer's
entries, one of them at random, a random concrete action of it), the same states every run."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.registry import AnyGame
from tests.clients.choose import client_action

Json = dict[str, Any]
REFERENCE_SEED = "bench-reference"
PHASES = ("early", "mid", "late")
"""Thirds of the reference game by ply; legal entries are timed at the busiest ply of each."""


@dataclass(frozen=True)
class Entry:
    """Targets in µs and ms, medians: the legal entries at the busiest ply of every phase, a
    whole seeded random game for each of ``whole_game_players`` (default: ``players``), scoring
    the finished reference game's position (built by ``position`` from its encoded state)."""

    game: str
    players: int = 2
    legal_entries_us: float | None = None
    whole_game_ms: float | None = None
    whole_game_players: tuple[int, ...] = ()
    score_position_ms: float | None = None
    position: Callable[[Json], Json] | None = None


def _patchwork_position(state: Json) -> Json:
    public = state["public"]
    players = [
        {"player": name, "bonus_tile": public["bonus_tile"] == name}
        | {key: quilt[key] for key in ("buttons", "quilt", "leather")}
        for name, quilt in public["players"].items()
    ]
    return {"players": players, "first_to_finish": public["first_to_finish"]}


def _calico_position(state: Json) -> Json:
    public, options = state["public"], state["options"]
    keep = ("shape_cats_in_larger_area", "family_variant", "solo_scenario")
    return {
        "cats": public["cats"],
        "players": [
            {key: quilt[key] for key in ("board", "goals", "patches", "tokens")} | {"player": name}
            for name, quilt in public["players"].items()
        ],
        "options": {key: options[key] for key in keep if key in options},
    }


def _isle_of_cats_position(state: Json) -> Json:
    public, private = state["public"], state["private"]
    return {
        "players": [
            {key: boat[key] for key in ("boat", "pieces", "fish", "permanent_baskets")}
            | {
                "player": name,
                "private_lessons": [{"card": c} for c in private[name]["private_lessons"]],
            }
            for name, boat in public["players"].items()
        ],
        "turn_order": public["turn_order"],
        "public_lessons": [
            {"card": x["card"]} | ({"color": x["color"]} if x["color"] is not None else {})
            for x in public["public_lessons"]
        ],
    }


def _castle_combo_position(state: Json) -> Json:
    """Each finished tableau as its 3×3 grid, the top-left cell of its bounding box at [0][0]."""
    players = []
    for name, seat in state["public"]["players"].items():
        cards = seat["tableau"]
        top, left = (min(c["cell"][axis] for c in cards) for axis in (0, 1))
        grid: list[list[Json | None]] = [[None] * 3 for _ in range(3)]
        for c in cards:
            row, col = c["cell"]
            cell = {"card": c["card"], "face_down": c["face_down"], "gold": c["gold"]}
            grid[row - top][col - left] = cell
        players.append({"player": name, "grid": grid, "gold": seat["gold"], "keys": seat["keys"]})
    return {"players": players}


ENTRIES = {
    e.game: e
    for e in (
        Entry("patchwork", legal_entries_us=100, whole_game_ms=20, position=_patchwork_position),
        Entry(
            "calico", legal_entries_us=100, whole_game_ms=20, score_position_ms=1.0,
            position=_calico_position,
        ),
        Entry(
            "isle_of_cats", score_position_ms=1.0, whole_game_ms=100, whole_game_players=(2, 3, 4),
            position=_isle_of_cats_position,
        ),
        Entry(
            "castle_combo", score_position_ms=0.3, whole_game_ms=30,
            position=_castle_combo_position,
        ),
    )
}  # fmt: skip


def entry(game_id: str) -> Entry:
    return ENTRIES.get(game_id) or Entry(game_id)


def players(game: AnyGame, count: int) -> list[str]:
    return [f"p{i}" for i in range(min(max(count, game.min_players), game.max_players))]


@dataclass(frozen=True)
class Playout:
    states: list[Any]
    """``states[i]`` is the state before ply ``i``; the last one is the final state."""
    entries: list[list[Json]]
    """``entries[i]``: the answer's legal entries (``Game.legal_entries``) in ``states[i]``."""

    @property
    def plies(self) -> int:
        return len(self.states) - 1


def play(game: AnyGame, player_count: int, seed: str, choice_seed: int | str) -> Playout:
    """A whole game played as a random client plays it, keeping every state and answer."""
    rnd, state = random.Random(choice_seed), game.setup(players(game, player_count), {}, seed)
    states, answers = [state], []
    while not game.is_finished(state):
        entries = game.legal_entries(state)
        if not entries or len(states) > 10_000:  # no game here is that long: an engine's bug
            raise RuntimeError(f"{game.id}: a random playout is stuck at ply {len(states) - 1}")
        answers.append(entries)
        state, _ = game.apply(state, client_action(game, state, rnd.choice(entries), rnd))
        states.append(state)
    return Playout(states, [*answers, []])


@dataclass(frozen=True)
class Position:
    label: str
    ply: int
    state: Any
    entries: list[Json]
    action: Any
    """A legal action here, as a random client draws it."""


def phase_positions(game: AnyGame, playout: Playout) -> list[Position]:
    """For each of :data:`PHASES`, the ply of the reference game with the largest answer, by the
    bytes of its entries' JSON (the expensive case, not a forced move)."""
    out, size = [], [len(json.dumps(entries)) for entries in playout.entries]
    for third, label in enumerate(PHASES):
        plies = [p for p in range(playout.plies) if 3 * p // max(1, playout.plies) == third]
        if plies:
            ply = max(plies, key=lambda p: (size[p], -p))
            state, entries, rnd = playout.states[ply], playout.entries[ply], random.Random(ply)
            action = client_action(game, state, rnd.choice(entries), rnd)  # seeded by the ply
            out.append(Position(label, ply, state, entries, action))
    return out


@dataclass(frozen=True)
class Bodies:
    apply: Json
    """An ``apply`` body whose next state has the most legal entries of the candidates tried."""
    legal_after: int
    """Entries of the answer (``legal_actions`` of ``apply?include=legal_actions``)."""
    busiest: Json
    """The busiest state of the middle half of the game (a ``legal-actions`` body)."""
    legal_busiest: int


def bodies(game: AnyGame, playout: Playout, tries: int = 400) -> Bodies:
    """Bodies from the middle half of the reference game: the opening's forced or wide-open
    plies are not what a game spends its time in."""
    middle = range(playout.plies // 4, max(playout.plies // 4 + 1, 3 * playout.plies // 4))
    busiest = max(middle, key=lambda p: (len(playout.entries[p]), -p))
    candidates = sorted(middle, key=lambda p: -len(playout.entries[p]))[:3]
    rnd, tried = random.Random(0), []
    for ply in candidates:  # actions drawn as a random client draws them
        state, entries = playout.states[ply], playout.entries[ply]
        for _ in range(tries // len(candidates)):
            action = client_action(game, state, rnd.choice(entries), rnd)
            tried.append((len(game.legal_entries(game.apply(state, action)[0])), ply, action))
    count, ply, action = max(tried, key=lambda t: t[0])  # the first of the largest
    state = playout.states[ply]
    return Bodies(
        {"state": game.encode_state(state), "action": game.encode_action(state, action)},
        count,
        {"state": game.encode_state(playout.states[busiest])},
        len(playout.entries[busiest]),
    )
