"""Every entry of ``legal_actions`` is of exactly one branch of its game's entry union.

A generated client reads an entry by trying each branch of ``<Game>ListedAction``:
openapi-generator's python client fails with "multiple matches" when two branches accept it, and
its typescript-fetch client takes the first that fits. Both read a branch as its required
properties and the types of the properties it names, and ignore any property it does not name
(``additionalProperties: false`` is not enforced; a Steward's choice, ``choose`` left aside, has
the fields of a complete buy). So each entry is checked against every branch twice: as the
contract says, and with ``additionalProperties`` dropped everywhere, as those clients read it.

The entries come from whole games of every game and mode (seeded, external randomness, The Isle
of Cats' solo and family games), played as a random client plays them, and from a Castle Combo
game that reaches a Steward's choice.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest

from engines import registry
from service.contract import Contract
from tests.clients.choose import client_action
from tests.clients.harness import CASTLE_COMBO_TABLE
from tests.contract.examples import OPENAPI

DOC: dict[str, Any] = Contract.load(OPENAPI).doc
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]
UNIONS = {
    "patchwork": "PatchworkListedAction",
    "calico": "CalicoListedAction",
    "calico_simplified": "CalicoSimplifiedListedAction",
    "castle_combo": "CastleComboListedAction",
    "isle_of_cats": "IsleOfCatsListedAction",
}
PLIES = 400
"""Moves of each game at most (a whole game of each, in practice)."""
STEWARD_TABLE = CASTLE_COMBO_TABLE
"""The generated clients' Castle Combo table: ann may buy the Steward beside her six purse cards
with room (a choice of up to 2 of 7 purses: 29 fills, described, not listed)."""
CELLS = [card["cell"] for card in STEWARD_TABLE["players"]["ann"]["tableau"]]

CALICO_EXTERNAL = {
    "randomness": "external",
    "boards": {"ann": "purple", "bob": "yellow"},
    "cats": [
        {"cat": "callie", "patterns": ["dots", "stripes"]},
        {"cat": "cira", "patterns": ["ferns", "vines"]},
        {"cat": "leo", "patterns": ["flowers", "quatrefoil"]},
    ],
    "goal_offers": {
        "ann": ["AAAA-BB", "all_different", "AA-BB-C-D", "AAA-BBB"],
        "bob": ["AAA-BB-C", "AAA-BBB", "AA-BB-CC", "all_different"],
    },
}
GAMES: list[tuple[str, str, list[str], dict[str, Any], str]] = [
    ("patchwork", "seeded", ["ann", "bob"], {}, "1"),
    (
        "patchwork",
        "external",
        ["ann", "bob"],
        {"randomness": "external", "patch_order": [*range(1, 33), 0]},
        "1",
    ),
    ("calico", "seeded", ["ann", "bob"], {}, "1"),
    ("calico", "solo", ["ann"], {}, "1"),
    ("calico", "external", ["ann", "bob"], CALICO_EXTERNAL, "1"),
    ("calico_simplified", "seeded", ["ann", "bob"], {}, "1"),
    (
        "calico_simplified",
        "external",
        ["ann", "bob"],
        {
            "randomness": "external",
            "goals": ["same_line", "different_ring", "same_triangle"],
            "cats": ["block-yellow", "callie-green", "rumi-pink"],
            "starts": {"ann": ["green", "pink", "yellow"], "bob": ["dark_blue", "purple", "green"]},
        },
        "1",
    ),
    ("castle_combo", "seeded", ["ann", "bob", "cy"], {}, "1"),
    ("castle_combo", "steward", ["ann", "bob"], {"table": STEWARD_TABLE}, "1"),
    ("castle_combo", "external", ["ann", "bob"], {"randomness": "external"}, "1"),
    ("isle_of_cats", "seeded", ["ann", "bob"], {}, "0"),  # lists a keep and an end of turn
    ("isle_of_cats", "four-players", ["ann", "bob", "cy", "dee"], {}, "2"),  # lists fields
    ("isle_of_cats", "solo", ["ann"], {"mode": "solo"}, "1"),
    ("isle_of_cats", "family", ["ann", "bob", "cy"], {"mode": "family"}, "1"),
    # The Isle of Cats' external game begins with the table reporting the fields' fill, which
    # is not listed: no entry to read before it.
]


def _open(schema: Any) -> Any:
    """``schema`` with every ``additionalProperties: false`` dropped: a generated client's
    reading, which ignores the properties a model does not name."""
    if isinstance(schema, dict):
        return {
            k: _open(v)
            for k, v in schema.items()
            if not (k == "additionalProperties" and v is False)
        }
    if isinstance(schema, list):
        return [_open(v) for v in schema]
    return schema


OPEN_SCHEMAS = _open(copy.deepcopy(SCHEMAS))


def _branches(union: str, schemas: dict[str, Any]) -> dict[str, jsonschema_rs.Validator]:
    doc = {"components": {"schemas": schemas}}
    prefix = "#/components/schemas/"
    names = [b["$ref"].removeprefix(prefix) for b in SCHEMAS[union]["oneOf"]]
    return {n: jsonschema_rs.Draft202012Validator({**doc, "$ref": prefix + n}) for n in names}


def _entries(
    game_id: str, players: list[str], options: dict[str, Any], seed: str
) -> Iterator[dict[str, Any]]:
    """Every entry listed at every step of a game a random client plays, up to its end or to
    a draw the table reports that is not listed (The Isle of Cats' fill of the fields)."""
    game = registry.get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, options, seed)
    for _ in range(PLIES):
        if game.is_finished(state):
            return
        entries = game.legal_entries(state)
        if not entries:
            return
        yield from entries
        state, _ = game.apply_checked(state, client_action(game, state, rnd.choice(entries), rnd))


@pytest.mark.parametrize(
    ("game_id", "players", "options", "seed"),
    [pytest.param(g, p, o, s, id=f"{g}-{mode}") for g, mode, p, o, s in GAMES],
)
def test_every_entry_is_of_exactly_one_branch(
    game_id: str, players: list[str], options: dict[str, Any], seed: str
) -> None:
    union = UNIONS[game_id]
    strict, loose = _branches(union, SCHEMAS), _branches(union, OPEN_SCHEMAS)
    seen: Counter[str] = Counter()
    for entry in _entries(game_id, players, options, seed):
        matches = [name for name, v in strict.items() if v.is_valid(entry)]
        assert len(matches) == 1, (matches, entry)
        read_as = [name for name, v in loose.items() if v.is_valid(entry)]
        assert read_as == matches, (read_as, entry)
        seen[matches[0]] += 1
    assert sum(seen.values()) > 50, seen  # a whole game's entries


def test_the_steward_game_reaches_a_stewards_choice() -> None:
    game = registry.get("castle_combo")
    entries = game.legal_entries(game.setup(["ann", "bob"], {"table": STEWARD_TABLE}, "1"))
    choices = [e for e in entries if "choose" in e]
    # a choice for each of the six cells beside her purses: above and below the two rows
    assert [c["cell"] for c in choices] == [[-1, 0], [-1, 1], [-1, 2], [2, 0], [2, 1], [2, 2]]
    assert choices[3] == {
        "type": "buy_card",
        "player": "ann",
        "card": "steward",
        "cell": [2, 0],
        "face_down": False,
        "choose": {
            "purses": {
                "domain": "subset",
                "values": [*CELLS, [2, 0]],
                "min": 0,
                "max": 2,
            }
        },
    }


def test_every_branch_of_every_entry_union_is_met() -> None:
    """Over all the games above, each form of each union is listed at least once, so the
    check above ran on every branch (Castle Combo's choice is the Steward's)."""
    met: dict[str, set[str]] = {union: set() for union in UNIONS.values()}
    for game_id, _, players, options, seed in GAMES:
        union = UNIONS[game_id]
        strict = _branches(union, SCHEMAS)
        for entry in _entries(game_id, players, options, seed):
            met[union].update(n for n, v in strict.items() if v.is_valid(entry))
    for union, names in met.items():
        everything = {b["$ref"].rsplit("/", 1)[1] for b in SCHEMAS[union]["oneOf"]}
        assert names == everything - NEVER_MET, (union, everything - names)


NEVER_MET = {
    "PatchworkPlaceLeather",
    "CalicoChooseGoals",
    "CalicoSimplifiedChoice",
    "IsleOfCatsListedBuy",
    "IsleOfCatsListedChance",
}
"""Forms the games above never list. A leather patch's placement is listed only when at most
16 cells of the quilt are free as it is due (else one choice describes them), which random
games do not reach; Calico's goals are 3 arranged of 4 offered, 24 ways, always described;
Calico (simplified)'s placements are described only beyond 16 open spaces, and its games here
never have more (4 at the start); The Isle of Cats' buys are a subset of the cards offered,
described in these games, and its draws are listed only in external mode, whose first step (the
fields' fill) is not listed."""


def test_castle_combos_listed_buy_is_its_buy_with_an_id() -> None:
    sent, listed = SCHEMAS["CastleComboBuyCard"], SCHEMAS["CastleComboListedBuyCard"]
    assert listed["properties"] == sent["properties"]
    assert listed["required"] == ["id", *sent["required"]]
    assert "id" not in sent["required"]
