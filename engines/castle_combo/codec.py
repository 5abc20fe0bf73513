"""The Castle Combo state as JSON, and loading it back with every rule violation reported.

``public``
    The table (see :mod:`engines.castle_combo.table`): tableaux, gold and keys per player,
    displays, discard piles, removed locations, the messenger, who moves and whether they have
    spent this turn's key.
``private``
    Empty: nothing in Castle Combo is known to one player only.
``hidden``
    Seeded mode: ``decks``, each location's deck in draw order.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat
from typing import Any

from engines.castle_combo.catalogue import DECKS, DISPLAY_SIZE, LOCATIONS
from engines.castle_combo.setup import check_players, normalize_options
from engines.castle_combo.state import CastleComboState, Phase
from engines.castle_combo.table import read_table, table_json
from engines.core.envelope import (
    CHANCE,
    Envelope,
    check_derived,
    envelope_from_json,
    envelope_shape_error,
    envelope_to_json,
)
from engines.core.errors import ViolationCollector, quoted

GAME = "castle_combo"
RULES_VERSION = "2024-catch-up"
"""Castle Combo (Grégory Grard & Mathieu Roussel; Catch Up Games, 2024), base game."""


def to_move(state: CastleComboState) -> list[str]:
    now = state.phase
    if now is Phase.DRAW:
        return [CHANCE]
    if now is Phase.FINISHED:
        return []
    return [state.env.players[state.current]]


def public_json(state: CastleComboState) -> dict[str, Any]:
    mover = None if state.phase is Phase.FINISHED else state.env.players[state.current]
    return table_json(
        state.env.players,
        state.tableaux,
        state.gold,
        state.keys,
        state.displays,
        state.discards,
        state.removed,
        state.messenger,
        mover,
        state.key_spent,
    )


def encode_state(state: CastleComboState) -> dict[str, Any]:
    now = state.phase
    hidden: dict[str, Any] = {}
    if state.decks is not None:
        hidden["decks"] = {loc: list(d) for loc, d in zip(LOCATIONS, state.decks, strict=True)}
    return envelope_to_json(
        GAME,
        RULES_VERSION,
        state.env,
        to_move=to_move(state),
        phase=now.value,
        finished=now is Phase.FINISHED,
        public=public_json(state),
        private={},
        hidden=hidden,
    )


def decode_state(data: Mapping[str, Any]) -> CastleComboState:
    """Load a state, raising :class:`InvalidState` with every violation found."""
    v = ViolationCollector()
    try:
        env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise envelope_shape_error(err) from None
    names = list(env.players)
    check_players(names, v)
    opts = normalize_options(names, env.options, v)
    if opts != dict(env.options):
        v.add("OPTIONS_NOT_NORMALIZED", "/options", "options must be stored as setup returned them")
    v.raise_if_any()
    hidden = data.get("hidden")
    if not isinstance(hidden, Mapping):
        v.add("INVALID_STATE_SHAPE", "/hidden", "hidden is an object")
        hidden = {}
    if data.get("private") not in ({}, None):
        v.add("UNEXPECTED_PRIVATE", "/private", "Castle Combo keeps nothing private")
    if opts["randomness"] == "seeded":
        _check_decks(hidden, v)
    elif hidden:
        v.add("UNEXPECTED_HIDDEN", "/hidden", "external mode keeps no decks: they are on the table")
    state, table_first = _load(data, Envelope(env.players, opts, env.turn, env.rng, env.log), v)
    if not all(t.full for t in state.tableaux) and table_first != state.first:
        v.add(
            "TURN_ORDER",
            "/public/to_move",
            f"{quoted(opts['first_player'])} played first, so {quoted(names[table_first])} "
            "cannot be to move",
        )
    if state.decks is not None:  # the decks were readable, or _load would have raised
        _check_deck_contents(state, v)
    if not v.violations:
        _check_play(state, v)
    if not v.violations:
        now = state.phase
        check_derived(
            data,
            state.env,
            v,
            to_move=to_move(state),
            phase=now.value,
            finished=now is Phase.FINISHED,
        )
    v.raise_if_any()
    return state


def decode_trusted_state(data: Mapping[str, Any]) -> CastleComboState:
    """Load a state this engine encoded (it came back sealed): no rules check.

    Only what building the state needs is read; the violations the readers note on the way are
    not looked at, since a state this engine wrote has none.
    """
    v = ViolationCollector()
    return _load(data, envelope_from_json(data, GAME, (RULES_VERSION,), v), v)[0]


def _load(
    data: Mapping[str, Any], env: Envelope, v: ViolationCollector
) -> tuple[CastleComboState, int]:
    """Build the state from the table and the decks, and the first seat the table implies (who
    moves and how many cards each holds); raises :class:`InvalidState` if the table is unreadable.
    """
    opts = env.options
    table = read_table(data.get("public"), "/public", env.players, v)
    v.raise_if_any()  # also what decode_state found so far, e.g. decks that are not lists
    assert table is not None
    decks = None
    if opts["randomness"] == "seeded":
        raw = data["hidden"]["decks"]  # decode_state has checked them (_check_decks)
        decks = tuple(tuple(raw[loc]) for loc in LOCATIONS)
    return table.state(env, env.players.index(opts["first_player"]), decks), table.first


def _check_decks(hidden: Mapping[str, Any], v: ViolationCollector) -> None:
    """A seeded state keeps each location's deck as a list of card ids."""
    raw = hidden.get("decks")
    if not isinstance(raw, Mapping):
        v.add("MISSING_DECKS", "/hidden/decks", "a seeded state keeps its decks' order")
        return
    for loc in LOCATIONS:
        deck = raw.get(loc)
        # map runs isinstance without a Python frame per card: decks hold up to 40 of them
        if not isinstance(deck, list) or not all(map(isinstance, deck, repeat(str))):
            v.add("INVALID_DECK", f"/hidden/decks/{loc}", "a deck is a list of card ids")


def _check_deck_contents(state: CastleComboState, v: ViolationCollector) -> None:
    """Each deck holds exactly its location's cards that are not on the table."""
    assert state.decks is not None
    seen = {p.card for t in state.tableaux for p in t.cards}
    for cards in (*state.displays, *state.discards):
        seen.update(cards)
    for i, (loc, deck) in enumerate(zip(LOCATIONS, state.decks, strict=True)):
        expected = set() if state.removed[i] else {c for c in DECKS[loc] if c not in seen}
        if len(set(deck)) != len(deck) or set(deck) != expected:
            v.add(
                "DECK_MISMATCH",
                f"/hidden/decks/{loc}",
                f"the {loc} deck holds exactly the {loc} cards not on the table "
                f"({len(expected)} cards)",
            )


def _check_play(state: CastleComboState, v: ViolationCollector) -> None:
    """What play itself implies: full displays in seeded mode, no cards left at a removed location.

    ``turn`` counts the actions since ``setup``, which may have started from a table with cards
    already bought, so it bounds nothing here.
    """
    if state.decks is not None and state.phase is not Phase.FINISHED:
        for i, loc in enumerate(LOCATIONS):
            if not state.removed[i] and len(state.displays[i]) != DISPLAY_SIZE:
                v.add(
                    "DISPLAY_SIZE",
                    f"/public/displays/{loc}",
                    f"seeded mode refills the {loc} display to {DISPLAY_SIZE} at once",
                )
    for i, loc in enumerate(LOCATIONS):
        if state.removed[i] and (state.deck(loc) or state.discards[i]):
            v.add("LOCATION_REMOVED", "/public/removed", f"the {loc} left the game with its cards")
