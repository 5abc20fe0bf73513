"""The registry: one explicit list of games, and no import that goes round in a circle."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from engines import registry
from engines.core.protocol import Game


def _imported_by(code: str) -> set[str]:
    """The ``engines`` modules a fresh interpreter has loaded after running ``code``."""
    script = textwrap.dedent(code) + (
        "\nimport sys\nprint('\\n'.join(m for m in sys.modules if m.startswith('engines')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


def test_the_list_names_the_five_games_in_alphabetical_order() -> None:
    games = ["calico", "calico_simplified", "castle_combo", "isle_of_cats", "patchwork"]
    assert list(registry.GAMES) == games
    assert [g.id for g in registry.all_games()] == games


def test_each_line_leads_to_the_engine_of_its_game() -> None:
    for game_id in registry.GAMES:
        game = registry.get(game_id)
        assert isinstance(game, Game)
        assert game.id == game_id
        assert registry.get(game_id) is game  # each engine is loaded once


def test_an_unknown_id_is_an_unknown_game_not_a_crash() -> None:
    with pytest.raises(registry.UnknownGame) as err:
        registry.get("chess")
    assert err.value.args == ("chess",)
    assert isinstance(err.value, KeyError)


def test_a_line_that_leads_to_another_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "mislabelled", "engines.calico:CALICO")
    with pytest.raises(TypeError, match="is not the engine of the game mislabelled"):
        registry.get("mislabelled")


def test_the_core_imports_no_game() -> None:
    loaded = _imported_by(
        """
        import pkgutil, importlib, engines.core
        for m in pkgutil.iter_modules(engines.core.__path__):
            importlib.import_module(f"engines.core.{m.name}")
        """
    )
    assert "engines.core.protocol" in loaded  # the walk did import the core
    games = {f"engines.{game_id}" for game_id in registry.GAMES}
    assert loaded & games == set()
    assert "engines.registry" not in loaded


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_game_package_imports_nothing_of_the_registry(game_id: str) -> None:
    loaded = _imported_by(f"import engines.{game_id}")
    assert f"engines.{game_id}.game" in loaded
    assert "engines.registry" not in loaded
