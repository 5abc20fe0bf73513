"""What every generated-client test shares: the tools' runner, the npm install, the live server
and the game each client must have played (the same seeded game on the engine, in-process)."""

from __future__ import annotations

import fcntl
import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from engines import registry
from service import create_app
from service.config import Settings
from tests.clients.choose import first_action

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OPENAPI = ROOT / "openapi.yaml"
GENERATED = HERE / "generated"
BIN = HERE / "node_modules" / ".bin"
PLAYERS = ["ann", "bob"]
SEED = 7
STRIDE = 7919
"""Every client takes legal-actions entry ``(step × STRIDE) mod count`` (a choice made concrete
by :func:`first_action`): the same game, no randomness."""

CASTLE_COMBO_TABLE: dict[str, Any] = json.loads((HERE / "castle_combo_table.json").read_text())
"""A Castle Combo table where ann may buy the Steward beside her six purse cards with room: the
first answer lists a Steward's choice (a fill of up to 2 of 7 purses, described), which a seeded
game does not reach; every client reads it among the legal actions."""
SETUP_OPTIONS: dict[str, dict[str, Any]] = {"castle_combo": {"table": CASTLE_COMBO_TABLE}}
"""The setup options of each game every client plays (none for the others)."""

AFTER_THE_END = {
    "calico": "take:0:pink-dots",
    "calico_simplified": "place:0,3",
    "castle_combo": "move_messenger:castle",
    "isle_of_cats": "draft:ann:4,7",
    "patchwork": "advance",
}
"""An action id of each game, sent once the game is over (every client sends the same)."""


def run(cmd: list[str], cwd: Path = HERE, env: dict[str, str] | None = None) -> str:
    """Run a tool; fail with its whole output unless it succeeds."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{output}"
    return output


def npm_ci() -> None:
    """``npm ci`` once per lock file, whichever pytest worker gets here first."""
    GENERATED.mkdir(exist_ok=True)
    with open(GENERATED / ".npm.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        installed = HERE / "node_modules" / ".package-lock.json"
        lockfile = HERE / "package-lock.json"
        if not installed.exists() or installed.stat().st_mtime < lockfile.stat().st_mtime:
            run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"])


def serve() -> Iterator[str]:
    """The service on a spare loopback port, for as long as the generator runs."""
    server = make_server("127.0.0.1", 0, create_app(Settings()), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def stride(items: list[Any], step: int) -> Any:
    return items[(step * STRIDE) % len(items)]


def in_process_game(game_id: str) -> dict[str, Any]:
    """The same game played on the engine directly: what every client must have seen."""
    game = registry.get(game_id)
    state = game.setup(PLAYERS, SETUP_OPTIONS.get(game_id, {}), str(SEED))
    steps = 1
    while not game.is_finished(state):
        entry = stride(game.legal_entries(state), steps)
        state, _ = game.apply_checked(state, game.decode_action(state, first_action(entry)))
        steps += 1
    score = game.score(state).to_json()
    ranking = sorted(score["ranking"], key=lambda r: r["rank"])
    return {
        "steps": steps,
        "totals": {line["player"]: line["total"] for line in score["players"]},
        "ranking": [r["player"] for r in ranking],
    }


def assert_played(played: dict[str, Any], game_id: str) -> None:
    """A client's summary of ``game_id``: the in-process game, then a refusal it could read."""
    expected = in_process_game(game_id)
    assert played["steps"] == expected["steps"]
    assert played["totals"] == expected["totals"]
    assert played["ranking"] == expected["ranking"]
    # Over, so any further action is refused with a problem the client can read.
    assert played["problem"]["status"] == 422
    assert played["problem"]["code"] == "GAME_OVER"
