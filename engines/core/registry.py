"""The games this service adjudicates, by id."""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Game

AnyGame = Game[Any, Any]


class UnknownGame(KeyError):
    """No engine has that id."""


_GAMES: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    if game.id in _GAMES:
        raise ValueError(f"game {game.id!r} is registered twice")
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> AnyGame:
    _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def all_games() -> list[AnyGame]:
    _load_all()
    return list(_GAMES.values())


def _load_all() -> None:
    # Importing an engine package registers it; the list is the one place that names them all.
    import engines.calico
    import engines.patchwork  # noqa: F401
