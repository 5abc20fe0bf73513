"""Options and the opening of a Castle Combo game.

Each player starts with 15 gold and 2 keys; the messenger stands at the Village; three cards are
revealed at each location. Seeded mode shuffles the Castle deck then the Village deck (each a
``shuffle`` of its cards in ``cards.json`` order) and reveals the top three of each, Castle first.
External mode starts with empty displays and waits for the table to report each card revealed
(six ``chance`` actions).

The rulebook picks the first player at random; here the caller does (``options.first_player``,
by default the first listed player), so a table's own draw can be reported.

``options.table`` starts from a table in the middle of play (see :mod:`engines.castle_combo.table`):
the decks are then the cards not on the table, shuffled by the generator (seeded) or reported as
revealed (external). The table is read once and never kept in ``options``: it becomes the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.castle_combo.catalogue import (
    DECKS,
    LOCATIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_GOLD,
    START_KEYS,
    VILLAGE,
)
from engines.castle_combo.rules import refill
from engines.castle_combo.state import CastleComboState
from engines.castle_combo.table import TableData, read_table
from engines.castle_combo.tableau import Tableau
from engines.core.envelope import CHANCE, Envelope, RngState
from engines.core.errors import ViolationCollector, quoted, quoted_listing, shown

OPTION_DEFAULTS: dict[str, Any] = {"randomness": "seeded", "record_log": False}
"""The stored options and their defaults (``first_player`` defaults to the first listed player)."""
_OPTION_NAMES = frozenset([*OPTION_DEFAULTS, "first_player", "table"])


def check_players(players: Sequence[Any], v: ViolationCollector, pointer: str = "/players") -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        v.add(
            "PLAYER_COUNT",
            pointer,
            f"Castle Combo is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
        )
    if not all(isinstance(p, str) and p for p in players):
        v.add("INVALID_PLAYER", pointer, "player ids are non-empty strings")
    elif len(set(players)) != len(players):
        v.add(
            "DUPLICATE_PLAYER", pointer, f"player ids must be distinct: {quoted_listing(players)}"
        )
    if CHANCE in players:
        v.add(
            "RESERVED_PLAYER_ID", pointer, f"the player id {quoted(CHANCE)} is reserved for chance"
        )


def normalize_options(
    players: Sequence[str], options: Mapping[str, Any], v: ViolationCollector
) -> dict[str, Any]:
    """The options as stored in the state: every default filled in, the table left out."""
    if not _OPTION_NAMES.issuperset(options):
        unknown = sorted(set(options) - _OPTION_NAMES)
        v.add(
            "UNKNOWN_OPTION", "/options", f"Castle Combo has no options {quoted_listing(unknown)}"
        )
    out = {k: options.get(k, d) for k, d in OPTION_DEFAULTS.items()}
    out["first_player"] = options.get("first_player", players[0] if players else None)
    if out["randomness"] not in ("seeded", "external"):
        v.add("INVALID_OPTION", "/options/randomness", "randomness is 'seeded' or 'external'")
    if not isinstance(out["record_log"], bool):
        v.add("INVALID_OPTION", "/options/record_log", "record_log is true or false")
    if out["first_player"] not in players:
        v.add(
            "UNKNOWN_PLAYER",
            "/options/first_player",
            f"{shown(out['first_player'])} is not playing",
        )
    return out


def opening_table(players: Sequence[str]) -> TableData:
    n = len(players)
    return TableData(
        tableaux=tuple(Tableau() for _ in range(n)),
        gold=(START_GOLD,) * n,
        keys=(START_KEYS,) * n,
        displays=((), ()),
        discards=((), ()),
        removed=(False, False),
        messenger=VILLAGE,
        key_spent=False,
        first=0,
    )


def setup(players: Sequence[str], options: Mapping[str, Any], seed: str | None) -> CastleComboState:
    v = ViolationCollector()
    check_players(players, v)
    if not isinstance(options, Mapping):
        v.add("INVALID_OPTION", "/options", "options is an object")
        options = {}
    opts = normalize_options(players, options, v)
    v.raise_if_any()
    if "table" in options:
        table = read_table(
            options["table"],
            "/options/table",
            players,
            v,
            seeded=opts["randomness"] == "seeded",
        )
        if (
            table is not None
            and "first_player" in options
            and players[table.first] != options["first_player"]
        ):
            v.add(
                "INVALID_OPTION",
                "/options/first_player",
                f"the table implies that {quoted(players[table.first])} played first",
            )
        v.raise_if_any()
        assert table is not None
        opts["first_player"] = players[table.first]
    else:
        table = opening_table(players)
        table = replace(table, first=list(players).index(opts["first_player"]))
    rng = RngState.for_setup(opts["randomness"], seed)
    decks = None
    gen = None
    if rng.mode == "seeded":
        gen = rng.generator()
        on_table = {p.card for t in table.tableaux for p in t.cards}
        for cards in (*table.displays, *table.discards):
            on_table.update(cards)
        decks = tuple(
            tuple(gen.shuffle([c for c in DECKS[loc] if c not in on_table]))
            if not table.removed[i]
            else ()
            for i, loc in enumerate(LOCATIONS)
        )
    state = table.state(Envelope.new(players, opts, rng), table.first, decks)
    if not all(t.full for t in state.tableaux):
        state = refill(state, gen, [])
    if gen is not None:
        state = replace(state, env=Envelope.new(players, opts, rng.advanced(gen)))
    return state
