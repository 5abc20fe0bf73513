"""Deterministic inputs for every registered game, built only through the engine protocol.

Positions come from a seeded random playout: the state after ``ply`` random legal actions. The
same seeds give the same positions on every run, so runs are comparable.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core.registry import AnyGame

REFERENCE_SEED = "bench-reference"
MAX_PLIES = 10_000
"""A playout longer than this is treated as a bug in the engine (no game here is that long)."""
POSITIONS = 3
MAX_BODY_CANDIDATES = 3_000
MAX_BODY_SECONDS = 5.0
"""How many (position, action) pairs, and how long, may be tried when choosing the HTTP body."""


class PlayoutError(RuntimeError):
    """A random playout got stuck: no legal action in an unfinished state, or far too long."""


def players_for(game: AnyGame) -> list[str]:
    """Two players where the game allows it, else the nearest count it does allow."""
    count = min(max(2, game.min_players), game.max_players)
    return [f"p{i}" for i in range(count)]


def setup(game: AnyGame, seed: str) -> Any:
    return game.setup(players_for(game), {}, seed)


@dataclass(frozen=True)
class Playout:
    states: list[Any]
    """``states[i]`` is the state before ply ``i``; the last one is the final state."""
    legal: list[list[Any]]
    """``legal[i]`` are the legal actions in ``states[i]`` (empty for the final state)."""

    @property
    def plies(self) -> int:
        return len(self.states) - 1

    @property
    def final(self) -> Any:
        return self.states[-1]


def play(game: AnyGame, seed: str, choice_seed: int | str) -> Playout:
    """A whole game of uniformly random legal actions, keeping every state."""
    rnd = random.Random(choice_seed)
    state = setup(game, seed)
    states = [state]
    legal: list[list[Any]] = []
    while not game.is_finished(state):
        actions = game.legal_actions(state)
        if not actions:
            raise PlayoutError(f"{game.id}: no legal action in an unfinished state")
        if len(states) > MAX_PLIES:
            raise PlayoutError(f"{game.id}: more than {MAX_PLIES} plies")
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
    """A legal action here, chosen by a seeded generator, for the ``apply`` benchmarks."""


def fixed_positions(game: AnyGame, playout: Playout) -> list[Position]:
    """Mid-game positions: the middle half of the reference game cut in three, and in each part
    the ply with the most legal actions (the expensive case, not the forced moves)."""
    lo, hi = playout.plies // 4, max(playout.plies // 4 + 1, (3 * playout.plies) // 4)
    span = hi - lo
    out: list[Position] = []
    for part in range(POSITIONS):
        start = lo + span * part // POSITIONS
        stop = max(start + 1, lo + span * (part + 1) // POSITIONS)
        plies = [p for p in range(start, min(stop, playout.plies)) if playout.legal[p]]
        if not plies:
            continue
        ply = max(plies, key=lambda p: (len(playout.legal[p]), -p))
        actions = playout.legal[ply]
        action = random.Random(f"{game.id}:{ply}").choice(actions)
        out.append(Position(f"mid-{part + 1}", ply, playout.states[ply], actions, action))
    return out


@dataclass(frozen=True)
class Body:
    position: Position
    action: Any
    json: dict[str, Any]
    legal_after: int
    """How many legal actions the answer lists when they are included."""


def apply_body(game: AnyGame, positions: list[Position]) -> Body:
    """The ``apply`` body for the HTTP and request-path benchmarks.

    Among the fixed positions and their legal actions, the one whose next state has the most
    legal actions, so ``apply`` with legal actions has real work to do.
    """
    best: tuple[int, Position, Any] | None = None
    tried = 0
    deadline = time.monotonic() + MAX_BODY_SECONDS
    for pos in positions:
        for action in pos.legal:
            if tried >= MAX_BODY_CANDIDATES or (best is not None and time.monotonic() > deadline):
                break
            tried += 1
            after, _ = game.apply(pos.state, action)
            count = len(game.legal_actions(after))
            if best is None or count > best[0]:
                best = (count, pos, action)
    if best is None:
        raise PlayoutError(f"{game.id}: no position to build an apply body from")
    count, pos, action = best
    body = {"state": game.encode_state(pos.state), "action": game.encode_action(pos.state, action)}
    return Body(pos, action, body, count)


# --- finished positions entered "from a real table" ---------------------------------------------

PositionBuilder = Callable[[AnyGame, Any], dict[str, Any]]


def _patchwork_position(game: AnyGame, state: Any) -> dict[str, Any]:
    public = game.encode_state(state)["public"]
    return {
        "players": [
            {
                "player": name,
                "buttons": quilt["buttons"],
                "bonus_tile": public["bonus_tile"] == name,
                "quilt": quilt["quilt"],
                "leather": quilt["leather"],
            }
            for name, quilt in public["players"].items()
        ],
        "first_to_finish": public["first_to_finish"],
    }


def _calico_position(game: AnyGame, state: Any) -> dict[str, Any]:
    encoded = game.encode_state(state)
    public, options = encoded["public"], encoded["options"]
    return {
        "cats": public["cats"],
        "players": [
            {
                "player": name,
                "board": quilt["board"],
                "goals": quilt["goals"],
                "patches": quilt["patches"],
                "tokens": quilt["tokens"],
            }
            for name, quilt in public["players"].items()
        ],
        "options": {
            key: options[key]
            for key in ("shape_cats_in_larger_area", "family_variant", "solo_scenario")
            if key in options
        },
    }


POSITION_BUILDERS: dict[str, PositionBuilder] = {
    "patchwork": _patchwork_position,
    "calico": _calico_position,
}
"""How to turn a finished state into the game's ``position`` JSON, where someone wrote it down.

A game without a builder falls back to the ``position`` example of its ``score`` operation in
``openapi.yaml``; a game whose ``score`` takes no ``position`` is skipped.
"""


def finished_position(
    game: AnyGame, final_state: Any, contract: Mapping[str, Any]
) -> tuple[dict[str, Any] | None, str]:
    """A position to score and where it came from, or None and why there is none."""
    op = contract.get("paths", {}).get(f"/v1/games/{game.id}/score", {}).get("post")
    if op is None:
        return None, "no score operation in openapi.yaml"
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = resolve(contract, content.get("schema", {}))
    if "position" not in schema.get("properties", {}):
        return None, "score takes no position"
    builder = POSITION_BUILDERS.get(game.id)
    if builder is not None:
        return builder(game, final_state), "the reference game's final state"
    for example in content.get("examples", {}).values():
        value = example.get("value", {})
        if isinstance(value, dict) and "position" in value:
            return dict(value["position"]), "the openapi.yaml example"
    return None, "no position builder and no example"


def resolve(doc: Mapping[str, Any], schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """Follow local ``$ref`` s until a schema without one."""
    seen = 0
    while "$ref" in schema and str(schema["$ref"]).startswith("#/") and seen < 32:
        node: Any = doc
        for token in str(schema["$ref"])[2:].split("/"):
            node = node[token.replace("~1", "/").replace("~0", "~")]
        schema = node
        seen += 1
    return schema
