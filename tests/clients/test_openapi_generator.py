"""openapi-generator (the PyPI ``openapi-generator-cli``, which carries the jar) validates
``openapi.yaml``, and the clients its ``python`` and ``typescript-fetch`` generators make from it
play a whole seeded game of every registered game.

- ``validate`` must report no issue.
- ``python`` (pydantic v2 models over urllib3) is generated into ``generated/og-python-*``;
  ``openapi_generator_play.py``, which plays through it, must pass ``mypy --strict`` with the
  generated package's types (its own code is not strict-clean: its templates leave helpers
  untyped, so mypy reads it with ``--follow-imports=silent``).
- ``typescript-fetch`` is generated into ``generated/fetch/`` and compiled with ``fetch/play.ts``
  by ``tsc --strict`` (``fetch/tsconfig.json``); any error fails.

Both choose what the other generated clients choose (a fixed stride through ``legal_actions``, a
choice made concrete by ``choose.first_action``, which ``fetch/choose.ts`` mirrors), so each
must end with the game the engine plays in-process, and with each other's summary.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from engines import registry
from tests.clients.harness import BIN, GENERATED, HERE, OPENAPI, assert_played, npm_ci, run

GENERATOR = str(Path(sys.executable).parent / "openapi-generator-cli")
PACKAGE = "referee_og"
PYTHON_OPTIONS = [
    "--package-name", PACKAGE,
    # Only the package: no setup.py, docs or test stubs.
    # useOneOfDiscriminatorLookup: a oneOf with a discriminator reads its branch by it.
    "--additional-properties=generateSourceCodeOnly=true,useOneOfDiscriminatorLookup=true",
    # No test stubs (pytest would collect them).
    "--global-property=apiTests=false,modelTests=false,apiDocs=false,modelDocs=false",
]  # fmt: skip
FETCH_OPTIONS = [
    # The contract's names as they are (`legal_actions`, not `legalActions`).
    "--additional-properties=modelPropertyNaming=original,supportsES6=true",
]


def generate(generator: str, target: Path, options: list[str]) -> None:
    run([GENERATOR, "generate", "-i", str(OPENAPI), "-g", generator, "-o", str(target), *options])


def test_openapi_generator_validates_the_contract() -> None:
    output = run([GENERATOR, "validate", "-i", str(OPENAPI)])
    assert "No validation issues detected" in output, output


def test_every_registered_game_is_played_by_the_openapi_generator_clients() -> None:
    script = (HERE / "openapi_generator_play.py").read_text("utf-8")
    play_ts = (HERE / "fetch" / "play.ts").read_text("utf-8")
    for game_id in registry.GAMES:
        assert f'"{game_id}":' in script, "add the game to GAMES in openapi_generator_play.py"
        camel = "".join(p.capitalize() for p in game_id.split("_"))
        assert f"new {camel}Api(" in play_ts, "add the game to GAMES in fetch/play.ts"


@pytest.fixture(scope="module")
def python_games(base_url: str) -> dict[str, Any]:
    # A folder per pytest worker, so that two workers never regenerate under each other.
    target = GENERATED / f"og-python-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    generate("python", target, PYTHON_OPTIONS)
    env = {**os.environ, "MYPYPATH": f"{target}{os.pathsep}{HERE}"}
    mypy = str(Path(sys.executable).parent / "mypy")
    checked = run(
        [mypy, "--strict", "--follow-imports=silent", "openapi_generator_play.py"], env=env
    )
    assert checked.startswith("Success: no issues found"), checked
    played = run(
        [sys.executable, "openapi_generator_play.py", base_url],
        env={**os.environ, "PYTHONPATH": str(target)},
    )
    games: dict[str, Any] = json.loads(played)
    return games


@pytest.fixture(scope="module")
def fetch_games(base_url: str) -> dict[str, Any]:
    npm_ci()
    # One worker at a time: the client and its compiled code have one place (fetch/tsconfig.json).
    with open(GENERATED / ".fetch.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        generate("typescript-fetch", GENERATED / "fetch", FETCH_OPTIONS)
        output = run([str(BIN / "tsc"), "-p", "fetch/tsconfig.json"])  # strict; any error fails
        assert output == "", output
        # The compiled client is CommonJS (its imports name no extension); package.json says
        # "module" for the folders above it.
        (GENERATED / "fetch-js" / "package.json").write_text('{"type": "commonjs"}\n')
        played = run(["node", "generated/fetch-js/fetch/play.js", base_url])
    games: dict[str, Any] = json.loads(played)
    return games


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_the_openapi_generator_clients_play_the_same_whole_game(
    game_id: str, python_games: dict[str, Any], fetch_games: dict[str, Any]
) -> None:
    from_python = python_games[game_id]
    from_fetch = fetch_games[game_id]
    for played in (from_python, from_fetch):
        assert_played(played, game_id)
    assert from_python == from_fetch
