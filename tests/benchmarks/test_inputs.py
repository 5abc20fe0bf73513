"""``make bench`` builds valid inputs for every registered game (so a new game cannot break it)."""

from __future__ import annotations

import json

import pytest

from benchmarks import games, inprocess
from benchmarks.games import ENTRIES, PHASES, entry
from benchmarks.inprocess import EXPANDED_AT_MOST
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
        assert p.entries == game.legal_entries(p.state)
        assert game.check(p.state, p.action) == [], "a client's action of the answer is legal"
        assert p.ply == max(  # the busiest ply of its third
            (
                q
                for q in range(playout.plies)
                if 3 * q // playout.plies == 3 * p.ply // playout.plies
            ),
            key=lambda q: (len(json.dumps(playout.entries[q])), -q),
        )


def test_the_http_bodies_decode_and_their_action_is_legal(game: AnyGame) -> None:
    e = entry(game.id)
    b = games.bodies(game, games.play(game, e.players, games.REFERENCE_SEED, 0))
    state = game.decode_state(b.apply["state"])
    assert game.check(state, game.decode_action(state, b.apply["action"])) == []
    after, _ = game.apply(state, game.decode_action(state, b.apply["action"]))
    assert len(game.legal_entries(after)) == b.legal_after
    assert len(game.legal_entries(game.decode_state(b.busiest["state"]))) == b.legal_busiest


@pytest.mark.parametrize("game_id", [g for g, e in ENTRIES.items() if e.position is not None])
def test_a_finished_game_gives_a_valid_score_position(game_id: str) -> None:
    game, e = registry.get(game_id), ENTRIES[game_id]
    assert e.position is not None
    final = games.play(game, e.players, games.REFERENCE_SEED, 0).states[-1]
    assert game.validate_position(e.position(game.encode_state(final))) == []


def test_every_entry_names_a_registered_game() -> None:
    # An entry with a misspelt id would measure nothing and say nothing.
    assert set(ENTRIES) <= set(registry.GAMES)


def test_the_engine_section_times_the_answer_and_lists_only_small_sets(game: AnyGame) -> None:
    e = entry(game.id)
    rows, _ = inprocess.engine(game, e, 0.0, 1)
    positions = games.phase_positions(game, games.play(game, e.players, games.REFERENCE_SEED, 0))
    for p in positions:
        listed = len(game.legal_actions(p.state))
        where = f"{p.label} (ply {p.ply}, {len(p.entries)} entries, {listed:,} actions)"
        measures = [r[1] for r in rows if r[2] == where]
        assert measures[0] == "legal_entries (the answer)"
        assert ("legal_actions (every action)" in measures) == (listed <= EXPANDED_AT_MOST)
    counts = e.whole_game_players or (e.players,)
    assert [r[2] for r in rows if r[1] == "whole random game, served"] == [
        f"{c} players" for c in sorted(counts)
    ]
    assert [r[2] for r in rows if r[1] == "whole random game, listed"] == [f"{e.players} players"]
