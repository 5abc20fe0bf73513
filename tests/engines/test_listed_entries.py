"""Every game's choices made into actions without their JSON (``Game.chosen_action``) are the
actions its reader makes of that JSON, so the answer's listed entries are canonical.

``Game.legal_entries`` lists a choice of at most ``LISTED_AT_MOST`` combinations as complete
actions: each combination's values made into the engine's action by the game's hook, written
once by ``encode_action``. Over every ply of seeded games of every game, mode and player count
(played as a random client plays, ``tests/clients/choose.client_action``): every combination of
a listed choice, and the first ones of a larger choice, give the action ``decode_action`` reads
from the combination's JSON (``Choice.actions``); every entry of the answer is its own canonical
form, ``encode_action(decode_action(entry))``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from engines import registry
from engines.core.choices import LISTED_AT_MOST, Choice
from engines.registry import AnyGame
from tests.clients.choose import client_action

GAMES = 2
"""Seeded games per game, mode and player count."""
CHECKED_OF_A_LARGER_CHOICE = 24
"""Combinations of a described choice (more than ``LISTED_AT_MOST``) checked at each ply: its
first ones, in the order it lists them."""
TABLE = json.loads((Path(__file__).parents[1] / "clients" / "castle_combo_table.json").read_text())
"""A Castle Combo table whose first answer describes a Steward's fill (``tests/clients``), which
seeded games seldom reach."""
MODES: dict[str, list[tuple[str, dict[str, Any], range]]] = {
    "isle_of_cats": [
        ("family", {"mode": "family"}, range(2, 5)),
        ("solo", {"mode": "solo", "solo_level": "expert"}, range(1, 2)),
    ],
    "castle_combo": [
        ("external", {"randomness": "external"}, range(2, 6)),
        ("table", {"table": TABLE}, range(len(TABLE["players"]), len(TABLE["players"]) + 1)),
    ],
}
"""Setup options of the other modes (label, options, player counts), besides each game's
default."""
NO_CHOICE = {("castle_combo", "default"), ("castle_combo", "external")}
"""Setups whose games here reach no choice (Castle Combo's only one, the Steward's fill, needs
six purse cards with room): their complete entries are checked."""


def _cases() -> Iterator[Any]:
    for game in registry.all_games():
        counts = range(game.min_players, game.max_players + 1)
        for label, options, players in [("default", {}, counts), *MODES.get(game.id, [])]:
            for n in players:
                yield pytest.param(game.id, label, options, n, id=f"{game.id}-{label}-{n}p")


def _names(options: dict[str, Any], players: int) -> list[str]:
    table = options.get("table")
    return list(table["players"]) if table else [f"p{i}" for i in range(players)]


def _check_choice(game: AnyGame, state: Any, choice: Choice) -> int:
    """Each combination checked (all of a listed choice): the hook's action is the reader's."""
    limit = None if choice.size() <= LISTED_AT_MOST else CHECKED_OF_A_LARGER_CHOICE
    pairs = islice(zip(choice.combinations(), choice.actions(), strict=True), limit)
    checked = 0
    for chosen, written in pairs:
        assert game.chosen_action(state, choice, chosen) == game.decode_action(state, written), (
            f"{written} made otherwise than read"
        )
        checked += 1
    return checked


def _check_answer(game: AnyGame, state: Any) -> tuple[int, int]:
    """(complete entries, combinations) checked in ``state``."""
    combinations = 0
    for decision in game.choices(state):
        if isinstance(decision, Choice):
            combinations += _check_choice(game, state, decision)
    entries = [e for e in game.legal_entries(state) if "choose" not in e]
    for entry in entries:
        assert entry == game.encode_action(state, game.decode_action(state, entry))
    return len(entries), combinations


@pytest.mark.parametrize(("game_id", "label", "options", "players"), list(_cases()))
def test_listed_entries_are_the_readers_actions(
    game_id: str, label: str, options: dict[str, Any], players: int
) -> None:
    game = registry.get(game_id)
    names = _names(options, players)
    entries = combinations = 0
    for seed in range(GAMES):
        rnd, state = random.Random(seed), game.setup(names, options, f"listed-{seed}")
        while not game.is_finished(state):
            found = _check_answer(game, state)
            entries, combinations = entries + found[0], combinations + found[1]
            entry = rnd.choice(game.legal_entries(state))
            state, _ = game.apply(state, client_action(game, state, entry, rnd))
    assert entries > 0
    assert (combinations > 0) is ((game_id, label) not in NO_CHOICE)
