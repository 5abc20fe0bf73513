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

from collections.abc import Collection, Mapping
from typing import Any

from engines.castle_combo.catalogue import (
    DECKS,
    LOCATIONS,
)
from engines.castle_combo.setup import check_players, normalize_options
from engines.castle_combo.state import CastleComboState, Phase
from engines.castle_combo.table import TableData, check_displays, read_table, table_json
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

_DECK_SETS: dict[str, frozenset[str]] = {loc: frozenset(DECKS[loc]) for loc in LOCATIONS}


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
    state, table = _load(data, Envelope(env.players, opts, env.turn, env.rng, env.log), v)
    table_first = table.first
    if not all(t.full for t in state.tableaux) and table_first != state.first:
        v.add(
            "TURN_ORDER",
            "/public/to_move",
            f"{quoted(opts['first_player'])} played first, so {quoted(names[table_first])} "
            "cannot be to move",
        )
    if state.decks is not None:  # the decks were readable, or _load would have raised
        _check_deck_contents(state, table.on_table, v)
    _check_displays(state, v)
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
) -> tuple[CastleComboState, TableData]:
    """Build the state from the table and the decks, with the table read (its first seat, implied
    by who moves and how many cards each holds; the cards on it); raises :class:`InvalidState` if
    the table is unreadable.
    """
    opts = env.options
    table = read_table(data.get("public"), "/public", env.players, v)
    v.raise_if_any()  # also what decode_state found so far, e.g. decks that are not lists
    assert table is not None
    decks = None
    if opts["randomness"] == "seeded":
        raw = data["hidden"]["decks"]  # decode_state has checked them (_check_decks)
        decks = tuple(tuple(raw[loc]) for loc in LOCATIONS)
    return table.state(env, env.players.index(opts["first_player"]), decks), table


def _check_decks(hidden: Mapping[str, Any], v: ViolationCollector) -> None:
    """A seeded state keeps each location's deck as a list of card ids."""
    raw = hidden.get("decks")
    if not isinstance(raw, Mapping):
        v.add("MISSING_DECKS", "/hidden/decks", "a seeded state keeps its decks' order")
        return
    for loc in LOCATIONS:
        deck = raw.get(loc)
        if not isinstance(deck, list) or not _all_strings(deck):
            v.add("INVALID_DECK", f"/hidden/decks/{loc}", "a deck is a list of card ids")


def _all_strings(deck: list[Any]) -> bool:
    """Whether every card of ``deck`` is a string: joining them refuses anything else, in one C
    loop (a deck holds up to 40 cards)."""
    try:
        "".join(deck)
    except TypeError:
        return False
    return True


def _check_deck_contents(
    state: CastleComboState, on_table: Collection[str], v: ViolationCollector
) -> None:
    """Each deck holds exactly its location's cards that are not on the table (``on_table``)."""
    assert state.decks is not None
    for i, (loc, deck) in enumerate(zip(LOCATIONS, state.decks, strict=True)):
        expected = frozenset() if state.removed[i] else _DECK_SETS[loc].difference(on_table)
        held = set(deck)
        if len(held) != len(deck) or held != expected:
            v.add(
                "DECK_MISMATCH",
                f"/hidden/decks/{loc}",
                f"the {loc} deck holds exactly the {loc} cards not on the table "
                f"({len(expected)} cards)",
            )


def _check_displays(state: CastleComboState, v: ViolationCollector) -> None:
    """Displays refilled as far as play refills them (:func:`check_displays`)."""
    check_displays(
        state.tableaux,
        state.displays,
        state.discards,
        state.removed,
        seeded=state.decks is not None,
        pointer="/public",
        v=v,
    )


def _check_play(state: CastleComboState, v: ViolationCollector) -> None:
    """What play itself implies once the table and decks are sound: no cards left at a removed
    location.

    ``turn`` counts the actions since ``setup``, which may have started from a table with cards
    already bought, so it bounds nothing here.
    """
    for i, loc in enumerate(LOCATIONS):
        if state.removed[i] and (state.deck(loc) or state.discards[i]):
            v.add("LOCATION_REMOVED", "/public/removed", f"the {loc} left the game with its cards")
