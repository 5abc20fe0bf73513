"""The games this service adjudicates: the one list that names them.

One line per game, in alphabetical order of id: the id, then where its engine object lives
(``"package:NAME"``). Adding a game is adding its line. The list sits outside
:mod:`engines.core`, which knows no game, and no game package imports this module, so no import
goes round in a circle. Each engine is imported the first time it is asked for.
"""

from __future__ import annotations

import sys
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
    # Not memoized: a loaded engine is found in ``sys.modules`` (a memo saved 0.5 % of a lean
    # apply), and looked up there first: ``import_module``'s bookkeeping and an ``isinstance``
    # check made a call cost 11,353 instructions, against 4,852 (callgrind, 2026-12-05). That
    # each line leads to an engine is a test (tests/engines/test_registry.py); that it is its
    # own game's is checked here too, for one comparison.
    module, _, name = GAMES[game_id].partition(":")
    game: AnyGame = getattr(sys.modules.get(module) or import_module(module), name)
    if game.id != game_id:
        raise TypeError(f"{GAMES[game_id]} is not the engine of the game {game_id}")
    return game
