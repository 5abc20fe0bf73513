"""Clients generated from ``openapi.yaml`` play a whole seeded game of every registered game.

Two generators, as integrators use them: openapi-python-client (Python, attrs models over httpx)
and openapi-typescript with openapi-fetch (TypeScript, type-checked by ``tsc --strict``). Each
must generate with no error and no warning, then play every game against a live server, reading
every step, score and problem through its generated types. Both clients choose the same actions
(a fixed stride through ``legal_actions``; a choice made concrete by ``choose.first_action``,
which ts/play.ts mirrors), so they must end with the same game: the test compares them with each
other and with the score the service gives the same game in-process.

The npm tools come from ``package-lock.json`` (``npm ci``, run here when ``node_modules`` is
missing or older than the lock file). Generated code goes to ``tests/clients/generated/``,
which git ignores.
"""

from __future__ import annotations

import fcntl
import importlib
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engines import registry
from tests.clients.choose import first_action
from tests.clients.harness import (
    AFTER_THE_END,
    BIN,
    GENERATED,
    HERE,
    OPENAPI,
    PLAYERS,
    SEED,
    SETUP_OPTIONS,
    assert_played,
    npm_ci,
    run,
    stride,
)

# --- TypeScript ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def typescript_games(base_url: str) -> dict[str, Any]:
    npm_ci()
    # One worker at a time: the schema and the compiled client have one place (tsconfig.json).
    with open(GENERATED / ".typescript.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        output = run([str(BIN / "openapi-typescript"), str(OPENAPI), "-o", "generated/schema.d.ts"])
        assert "warn" not in output.lower(), output
        output = run([str(BIN / "tsc"), "-p", "tsconfig.json"])  # strict; any error fails
        assert output == "", output
        played = run(["node", "generated/js/ts/play.js", base_url])
    games: dict[str, Any] = json.loads(played)
    return games


# --- Python ----------------------------------------------------------------------------------

PACKAGE = "referee_client"


@pytest.fixture(scope="module")
def python_client() -> ModuleType:
    # A folder per pytest worker: another worker's --overwrite would pull modules from under
    # this one's imports.
    target = GENERATED / f"python-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    output = run(
        [
            str(Path(sys.executable).parent / "openapi-python-client"),
            "generate",
            "--path", str(OPENAPI),
            "--output-path", str(target / PACKAGE),
            "--meta", "none",
            "--overwrite",
            "--config", str(HERE / "python-client.yaml"),
        ]
    )  # fmt: skip
    # The generator says "Warning(s) encountered" (and names what it dropped) for anything it
    # could not model; a clean run prints only its first line.
    assert output.strip() == f"Generating {target / PACKAGE}", output
    sys.path.insert(0, str(target))
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]
    return importlib.import_module(PACKAGE)


def pascal(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("_"))


def python_game(client_pkg: ModuleType, base_url: str, game_id: str) -> dict[str, Any]:
    """One game through the generated Python client, found by the contract's naming."""
    models = importlib.import_module(f"{PACKAGE}.models")
    ops = {
        op: importlib.import_module(f"{PACKAGE}.api.{game_id}.{game_id}_{op}")
        for op in ("setup", "apply", "score")
    }
    name = pascal(game_id)
    setup_request = getattr(models, f"{name}SetupRequest")
    # A request body is a union (exactly one of `state` and `state_token`, and of `action` and
    # `actions`): its branch with the state and one action.
    apply_request = getattr(models, f"{name}ApplyWithStateAndAction")
    score_request = getattr(models, f"{name}ScoreWithState")
    step_model = getattr(models, f"{name}Step")
    problem_model = models.Problem
    unset = importlib.import_module(f"{PACKAGE}.types").UNSET

    client = client_pkg.Client(base_url=base_url, raise_on_unexpected_status=True)
    with client:
        setup = {"players": PLAYERS, "seed": SEED}
        if game_id in SETUP_OPTIONS:
            setup["options"] = SETUP_OPTIONS[game_id]
        resp = ops["setup"].sync_detailed(client=client, body=setup_request.from_dict(setup))
        step = resp.parsed
        assert isinstance(step, step_model), resp.content[:300]
        steps = 1
        while not step.finished:
            assert step.state is not unset and step.legal_actions is not unset
            entry = stride(step.legal_actions, steps)
            listed = entry.to_dict()
            if "choose" in listed:  # a choice: the action built from it, read by the model
                body = apply_request.from_dict(
                    {"state": step.state.to_dict(), "action": first_action(listed)}
                )
            else:
                body = apply_request(state=step.state, action=entry)
            resp = ops["apply"].sync_detailed(client=client, body=body)
            step = resp.parsed
            assert isinstance(step, step_model), resp.content[:300]
            steps += 1
        resp = ops["score"].sync_detailed(client=client, body=score_request(state=step.state))
        score = resp.parsed
        assert resp.status_code == 200, resp.content[:300]
        refused = ops["apply"].sync_detailed(
            client=client,
            body=apply_request(
                state=step.state, action=models.ActionRef(id=AFTER_THE_END[game_id])
            ),
        )
        problem = refused.parsed
        assert isinstance(problem, problem_model), refused.content[:300]
    ranking = sorted(score.ranking, key=lambda r: r.rank)
    return {
        "steps": steps,
        "turn": step.state.turn,
        "totals": {line.player: line.total for line in score.players},
        "ranking": [r.player for r in ranking],
        "problem": {
            "status": int(refused.status_code),
            "code": problem.code,
            "type": str(problem.type_),
        },
    }


def test_every_registered_game_is_played_by_the_typescript_client(
    typescript_games: dict[str, Any],
) -> None:
    assert sorted(typescript_games) == sorted(g.id for g in registry.all_games()), (
        "add the game to GAMES in tests/clients/ts/play.ts"
    )


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_both_generated_clients_play_the_same_whole_game(
    game_id: str,
    base_url: str,
    python_client: ModuleType,
    typescript_games: dict[str, Any],
) -> None:
    from_python = python_game(python_client, base_url, game_id)
    from_typescript = typescript_games[game_id]
    for played in (from_python, from_typescript):
        assert_played(played, game_id)
    assert from_python == from_typescript
