"""The games this service adjudicates: the one list that names them.

One line per game, in alphabetical order of id: the id, then where its engine object lives
(``"package:NAME"``). Adding a game is adding its line. The list sits outside
:mod:`engines.core`, which knows no game, and no game package imports this module, so no import
goes round in a circle. Each engine is imported the first time it is asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from engines.core.protocol import Game

AnyGame = Game[Any, Any]

GAMES: dict[str, str] = {
    "calico": "engines.calico:CALICO",
    "calico_simplified": "engines.calico_simplified:CALICO_SIMPLIFIED",
    "castle_combo": "engines.castle_combo:CASTLE_COMBO",
    "isle_of_cats": "engines.isle_of_cats:ISLE_OF_CATS",
    "patchwork": "engines.patchwork:PATCHWORK",
}


class UnknownGame(KeyError):
    """No engine has that id."""


def get(game_id: str) -> AnyGame:
    if game_id not in GAMES:
        raise UnknownGame(game_id)
    return _load(game_id)


def all_games() -> list[AnyGame]:
    return [_load(game_id) for game_id in GAMES]


def _load(game_id: str) -> AnyGame:
    # Not memoized: ``import_module`` finds a loaded engine in ``sys.modules`` (a memo saved 0.5 %
    # of a lean apply). That each line leads to an engine is a test (tests/engines/test_registry.py)
    # rather than an ``isinstance`` at every request; that it is its own game's is checked here.
    module, _, name = GAMES[game_id].partition(":")
    game: AnyGame = getattr(import_module(module), name)
    if game.id != game_id:
        raise TypeError(f"{GAMES[game_id]} is not the engine of the game {game_id}")
    return game
