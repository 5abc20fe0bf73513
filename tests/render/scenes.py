"""The seeded scenes the render tests and the browser check draw: per game, a mid-game state,
a finished state and a position (a finished table, as ``score_position`` takes it)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engines import registry

GAMES = ("patchwork", "calico", "castle_combo", "isle_of_cats", "calico_simplified")
PLAYERS = ["ann", "bob"]
STRIDE = 7919
MID = 12


@cache
def states(game_id: str) -> tuple[Any, Any]:
    """(a mid-game state, a finished state) of a seeded game, actions by a fixed stride."""
    game = registry.get(game_id)
    state = game.setup(PLAYERS, {}, "7")
    mid = None
    for i in range(5000):
        if game.is_finished(state):
            break
        if i == MID:
            mid = state
        actions = game.legal_actions(state)
        state, _ = game.apply(state, actions[(i * STRIDE) % len(actions)])
    assert mid is not None and game.is_finished(state)
    return mid, state


def position(game_id: str) -> dict[str, Any]:
    """A position made from the finished state's public table."""
    data = registry.get(game_id).encode_state(states(game_id)[1])
    public = data["public"]
    if game_id == "patchwork":
        return {
            "players": [
                {
                    "player": p,
                    "buttons": public["players"][p]["buttons"],
                    "bonus_tile": public["bonus_tile"] == p,
                    "quilt": public["players"][p]["quilt"],
                    "leather": public["players"][p]["leather"],
                }
                for p in data["players"]
            ]
        }
    if game_id == "calico":
        return {
            "cats": public["cats"],
            "players": [
                {
                    "player": p,
                    **{k: public["players"][p][k] for k in ("board", "goals", "patches", "tokens")},
                }
                for p in data["players"]
            ],
        }
    if game_id == "calico_simplified":
        return {
            "goals": public["goals"],
            "cats": public["cats"],
            "players": {p: {"patches": public["players"][p]["patches"]} for p in data["players"]},
        }
    if game_id == "castle_combo":
        players = []
        for p in data["players"]:
            seat = public["players"][p]
            rows = [c["cell"][0] for c in seat["tableau"]]
            cols = [c["cell"][1] for c in seat["tableau"]]
            grid: list[list[Any]] = [[None] * 3 for _ in range(3)]
            for c in seat["tableau"]:
                grid[c["cell"][0] - min(rows)][c["cell"][1] - min(cols)] = {
                    "card": c["card"],
                    "face_down": c["face_down"],
                    "gold": c["gold"],
                }
            players.append({"player": p, "grid": grid, "gold": seat["gold"], "keys": seat["keys"]})
        return {"players": players}
    return {
        "players": [
            {
                "player": p,
                "boat": public["players"][p]["boat"],
                "pieces": public["players"][p]["pieces"],
                "fish": public["players"][p]["fish"],
            }
            for p in data["players"]
        ]
    }


CROWDS = {
    "isle_of_cats solo": ("isle_of_cats", 1, {"mode": "solo"}),
    "castle_combo 5 players": ("castle_combo", 5, {}),
    "calico 4 players": ("calico", 4, {}),
    "isle_of_cats 4 players": ("isle_of_cats", 4, {}),
    "calico_simplified solo": ("calico_simplified", 1, {}),
    "calico_simplified 4 players": ("calico_simplified", 4, {}),
}
"""Tables other than two players: the solo game and the largest counts."""
NAMES = ["ann", "bob", "cy", "dee", "eve"]


@cache
def crowd(name: str, plies: int = 3 * MID) -> tuple[Any, Any]:
    """(a state after ``plies`` actions by the fixed stride, the finished state) of a table of
    ``CROWDS[name]``."""
    game_id, count, options = CROWDS[name]
    game = registry.get(game_id)
    state = game.setup(NAMES[:count], dict(options), "7")
    mid = state
    for i in range(10_000):
        if game.is_finished(state):
            break
        if i == plies:
            mid = state
        actions = game.legal_actions(state)
        state, _ = game.apply(state, actions[(i * STRIDE) % len(actions)])
    assert game.is_finished(state)
    return mid, state
