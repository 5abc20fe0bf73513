"""Golden files, OpenSpiel style: a seeded playthrough and legal-action counts, as reviewable text.

Choices come from the project's own generator (not :mod:`random`), so the files are the same on
every Python version. Any change of behaviour shows up as a diff when they are regenerated.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines import registry
from engines.core.rng import CounterRng
from service.steps import state_hash

HERE = Path(__file__).parent


def playthrough(
    game_id: str, players: list[str], seed: str, options: dict[str, Any]
) -> list[dict[str, Any]]:
    """Every step of a game where each action is drawn uniformly from the legal ones."""
    game = registry.get(game_id)
    chooser = CounterRng(f"golden-choices-{seed}")
    state = game.setup(players, options, seed)
    steps = [_line(game, state, None)]
    while not game.is_finished(state):
        legal = game.legal_actions(state)
        action = legal[chooser.randbelow(len(legal))]
        encoded_action = game.encode_action(state, action)
        state, _ = game.apply_checked(state, action)
        steps.append(_line(game, state, encoded_action))
    return steps


def _line(game: Any, state: Any, action: dict[str, Any] | None) -> dict[str, Any]:
    score = game.score(state).to_json()
    return {
        "action": action,
        "state_hash": state_hash(game.encode_state(state)),
        "to_move": game.to_move(state),
        "legal_actions": len(game.legal_actions(state)),
        "totals": {p["player"]: p["total"] for p in score["players"]},
    }


def legal_counts(game_id: str, players: list[str], seed: str, stops: list[int]) -> dict[str, int]:
    """Legal-action counts after ``n`` actions of a seeded playthrough, for ``n`` in ``stops``."""
    steps = playthrough(game_id, players, seed, {})
    return {str(n): steps[n]["legal_actions"] for n in stops if n < len(steps)}


def write_jsonl(path: Path, lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line, sort_keys=True) + "\n" for line in lines), "utf-8")


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
