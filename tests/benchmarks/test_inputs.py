"""``make bench`` builds valid inputs for every registered game (so a new game cannot break it)."""

from __future__ import annotations

import pytest

from benchmarks import games
from benchmarks.games import ENTRIES, PHASES, entry
from engines import registry
from engines.registry import AnyGame

GAMES = registry.all_games()


@pytest.fixture(scope="module", params=GAMES, ids=[g.id for g in GAMES])
def game(request: pytest.FixtureRequest) -> AnyGame:
    found: AnyGame = request.param
    return found


def test_every_phase_of_the_reference_game_has_a_position(game: AnyGame) -> None:
    e = entry(game.id)
    playout = games.play(game, e.players, games.REFERENCE_SEED, 0)
    positions = games.phase_positions(game, playout)
    assert [p.label for p in positions] == list(PHASES)
    for p in positions:
        assert p.legal and p.action in p.legal


def test_the_http_bodies_decode_and_their_action_is_legal(game: AnyGame) -> None:
    e = entry(game.id)
    b = games.bodies(game, games.play(game, e.players, games.REFERENCE_SEED, 0))
    state = game.decode_state(b.apply["state"])
    assert game.check(state, game.decode_action(state, b.apply["action"])) == []
    after, _ = game.apply(state, game.decode_action(state, b.apply["action"]))
    assert len(game.legal_actions(after)) == b.legal_after
    assert len(game.legal_actions(game.decode_state(b.busiest["state"]))) == b.legal_busiest


@pytest.mark.parametrize("game_id", [g for g, e in ENTRIES.items() if e.position is not None])
def test_a_finished_game_gives_a_valid_score_position(game_id: str) -> None:
    game, e = registry.get(game_id), ENTRIES[game_id]
    assert e.position is not None
    final = games.play(game, e.players, games.REFERENCE_SEED, 0).states[-1]
    assert game.validate_position(e.position(game.encode_state(final))) == []


def test_every_entry_names_a_registered_game() -> None:
    # An entry with a misspelt id would measure nothing and say nothing.
    assert set(ENTRIES) <= set(registry.GAMES)
