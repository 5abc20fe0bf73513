"""The trusted fast path: ``decode_trusted_state`` loads what ``decode_state`` loads, unchecked.

A state that comes back in an authenticated token was encoded by the engine itself, so each engine
loads it without its rules check. These tests hold the two paths to the same result on every state
of whole seeded games and on external-mode states, and show that the trusted path really leaves the
check out: states that ``decode_state`` refuses (one real rule broken each) load.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from engines import registry
from engines.core.errors import InvalidState
from engines.patchwork.catalogue import PATCH_IDS, SMALLEST_PATCH
from engines.registry import AnyGame
from tests.engines.calico.helpers import external as calico_external
from tests.engines.isle_of_cats.helpers import drafted as isle_drafted

GAME_IDS = list(registry.GAMES)


def _players(count: int) -> list[str]:
    return [f"p{i}" for i in range(1, count + 1)]


def _table_sizes() -> list[tuple[str, int]]:
    sizes = []
    for game_id in GAME_IDS:
        game = registry.get(game_id)
        for count in sorted({game.min_players, game.max_players}):
            sizes.append((game_id, count))
    return sizes


@pytest.mark.parametrize(("game_id", "count"), _table_sizes())
def test_trusted_path_loads_the_same_state_at_every_step(game_id: str, count: int) -> None:
    game = registry.get(game_id)
    chooser = random.Random(f"trusted-{game_id}-{count}")
    state = game.setup(_players(count), {}, f"trusted-{game_id}-{count}")
    steps = 0
    while True:
        data = game.encode_state(state)
        checked = game.decode_state(data)
        trusted = game.decode_trusted_state(data)
        assert trusted == checked
        assert game.encode_state(trusted) == data
        legal = game.legal_actions(checked)
        assert game.legal_actions(trusted) == legal
        assert game.to_move(trusted) == game.to_move(checked)
        if game.is_finished(state):
            break
        state, _ = game.apply(state, chooser.choice(legal))
        steps += 1
    assert steps > 0
    assert data["finished"] is True


def _mid_game(game: AnyGame, turns: int) -> dict[str, Any]:
    """The encoded state after ``turns`` first-listed actions of a seeded two-player game."""
    players = _players(max(2, game.min_players))
    state = game.setup(players, {}, f"trusted-broken-{game.id}")
    for _ in range(turns):
        state, _ = game.apply(state, game.legal_actions(state)[0])
    return game.encode_state(state)


def _drop_patch_from_circle(data: dict[str, Any]) -> None:
    data["public"]["circle"].pop()  # a patch that is nowhere


def _drop_tile_from_bag(data: dict[str, Any]) -> None:
    data["hidden"]["bag"].pop()  # a tile that is nowhere


def _drop_castle_card_from_deck(data: dict[str, Any]) -> None:
    data["hidden"]["decks"]["castle"].pop()  # a card that is nowhere


def _drop_card_from_deck(data: dict[str, Any]) -> None:
    data["hidden"]["deck"].pop()  # a card that is nowhere


def _drop_button(data: dict[str, Any]) -> None:
    data["public"]["players"][data["players"][0]]["buttons"].pop()  # a button not earned


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], tuple[str, str], str]] = {
    # game: (the damage, the one violation decode_state reports, the part of the state it is in)
    "patchwork": (_drop_patch_from_circle, ("PATCH_MISSING", "/public/circle"), "public"),
    "calico": (_drop_tile_from_bag, ("TILES_MISSING", "/hidden/bag"), "hidden"),
    "calico_simplified": (
        _drop_button,
        ("TOKENS_MISMATCH", "/public/players/p1/buttons"),
        "public",
    ),
    "castle_combo": (
        _drop_castle_card_from_deck,
        ("DECK_MISMATCH", "/hidden/decks/castle"),
        "hidden",
    ),
    "isle_of_cats": (_drop_card_from_deck, ("CARDS_MISSING", "/hidden/deck"), "hidden"),
}


def test_every_game_has_a_broken_state_here() -> None:
    assert sorted(BROKEN) == sorted(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_trusted_path_skips_the_rules_check(game_id: str) -> None:
    game = registry.get(game_id)
    data = _mid_game(game, 4)
    damage, violation, part = BROKEN[game_id]
    broken = copy.deepcopy(data)
    damage(broken)
    with pytest.raises(InvalidState) as err:
        game.decode_state(broken)
    assert [(v.code, v.pointer) for v in err.value.violations] == [violation]
    loaded = game.decode_trusted_state(broken)
    assert game.encode_state(loaded)[part] == broken[part] != data[part]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_trusted_path_skips_the_derived_fields_check(game_id: str) -> None:
    game = registry.get(game_id)
    data = _mid_game(game, 4)
    assert data["finished"] is False
    broken = copy.deepcopy(data)
    broken["finished"] = True
    with pytest.raises(InvalidState) as err:
        game.decode_state(broken)
    assert [(v.code, v.pointer) for v in err.value.violations] == [
        ("INCONSISTENT_STATE", "/finished")
    ]
    loaded = game.decode_trusted_state(broken)
    assert game.is_finished(loaded) is False
    assert game.encode_state(loaded) == data


def _external_start(game_id: str) -> Any:
    """A state in external mode (the caller reports every draw), from each game's test helpers."""
    if game_id == "calico":
        return calico_external(["ann", "bob"])
    if game_id == "isle_of_cats":
        return isle_drafted()
    game = registry.get(game_id)
    options: dict[str, Any] = {"randomness": "external"}
    if game_id == "calico_simplified":  # the goals, cats and starting patches on the table
        options["goals"] = ["same_line", "different_ring", "same_triangle"]
        options["cats"] = ["block-yellow", "callie-green", "rumi-pink"]
        options["starts"] = {"ann": ["green", "pink", "yellow"], "bob": ["pink", "pink", "green"]}
    if game_id == "patchwork":  # the circle ends with the 1×2 patch, next to the neutral token
        options["patch_order"] = [*sorted(PATCH_IDS - {SMALLEST_PATCH}), SMALLEST_PATCH]
    return game.setup(["ann", "bob"], options, None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_trusted_path_loads_external_mode_states_alike(game_id: str) -> None:
    game = registry.get(game_id)
    state = _external_start(game_id)
    chooser = random.Random(f"trusted-external-{game_id}")
    compared = 0
    while compared < 30:
        data = game.encode_state(state)
        trusted = game.decode_trusted_state(data)
        assert trusted == game.decode_state(data)
        assert game.encode_state(trusted) == data
        assert data["rng"] == {"mode": "external"}
        compared += 1
        legal = game.legal_actions(state)
        if not legal:  # the end, or a draw too wide to list (Isle of Cats' bag)
            break
        state, _ = game.apply(state, chooser.choice(legal))
    assert compared >= 10
