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
from itertools import repeat
from typing import Any

from engines.castle_combo.catalogue import (
    DECKS,
    LOCATIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from engines.castle_combo.setup import OPTION_DEFAULTS, check_players, normalize_options
from engines.castle_combo.state import CastleComboState, Phase
from engines.castle_combo.table import check_displays, plain_table, read_table, table_json
from engines.core.envelope import (
    CHANCE,
    SCHEMA_VERSION,
    Envelope,
    RngState,
    check_derived,
    envelope_from_json,
    envelope_shape_error,
    envelope_to_json,
)
from engines.core.errors import ViolationCollector, quoted
from engines.core.rng import ALGORITHM

GAME = "castle_combo"
RULES_VERSION = "2024-catch-up"
"""Castle Combo (Grégory Grard & Mathieu Roussel; Catch Up Games, 2024), base game."""

_OPTION_KEYS: tuple[str, ...] = (*OPTION_DEFAULTS, "first_player")
"""Every option a stored state holds, in the order setup stores them (normalize_options)."""
_OPTION_SET = frozenset(_OPTION_KEYS)
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
    state = _plain_state(data)
    return state if state is not None else _decode_carefully(data)


def _decode_carefully(data: Mapping[str, Any]) -> CastleComboState:
    """:func:`decode_state`, checking every field on its own to name each violation."""
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
        _check_deck_contents(state, state.seen_cards(), v)
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


def _plain_state(data: Any) -> CastleComboState | None:
    """The state :func:`decode_state` loads when nothing in it breaks a rule, else None (and the
    careful reader says what is wrong).

    A state comes with every request and is almost always valid: this makes the same checks
    without building a pointer and a detail for each field. Anything unusual (a value of an
    unexpected JSON type, a field missing, a card's ``face_down`` or ``gold`` left out) goes to
    the careful reader too, which answers as if this had not been tried.
    """
    if (
        type(data) is not dict
        or data.get("game") != GAME
        or data.get("rules_version") != RULES_VERSION
        or data.get("schema_version") != SCHEMA_VERSION
    ):
        return None
    env = _plain_envelope(data)
    hidden = data.get("hidden")
    if env is None or type(hidden) is not dict or data.get("private") not in ({}, None):
        return None
    read = plain_table(data.get("public"), "/public", env.players)
    if read is None:
        return None
    table, on_table = read
    decks: tuple[tuple[str, ...], ...] | None = None
    if env.rng.mode == "seeded":
        decks = _plain_decks(hidden.get("decks"), table.removed, on_table)
        if decks is None:
            return None
    elif hidden:
        return None
    state = table.state(env, env.players.index(env.options["first_player"]), decks)
    if table.first != state.first and not all(t.full for t in state.tableaux):
        return None
    v = ViolationCollector()
    _check_displays(state, v)
    _check_play(state, v)
    now = state.phase
    check_derived(
        data, env, v, to_move=to_move(state), phase=now.value, finished=now is Phase.FINISHED
    )
    return None if v.violations else state


def _plain_decks(
    raw: Any, removed: tuple[bool, ...], on_table: Collection[str]
) -> tuple[tuple[str, ...], ...] | None:
    """The decks when each holds exactly the cards it should, each once (what _check_decks and
    _check_deck_contents ask, at once: a deck equal to a set of card ids holds only card ids),
    else None."""
    if type(raw) is not dict:
        return None
    decks = []
    for i, loc in enumerate(LOCATIONS):
        deck = raw.get(loc)
        if type(deck) is not list:
            return None
        try:
            held = set(deck)
        except TypeError:  # an unhashable item: no card id
            return None
        expected = frozenset() if removed[i] else _DECK_SETS[loc].difference(on_table)
        if len(held) != len(deck) or held != expected:
            return None
        decks.append(tuple(deck))
    return tuple(decks)


def _plain_envelope(data: dict[str, Any]) -> Envelope | None:
    """The envelope :func:`decode_state` reads when its players, options, generator, turn and log
    break no rule (the version fields are checked already), else None."""
    players = data.get("players")
    options = data.get("options")
    rng = data.get("rng")
    turn = data.get("turn")
    raw_log = data.get("log")
    if (
        type(players) is not list
        or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
        or not all(type(p) is str and p for p in players)
        or len(set(players)) != len(players)
        or CHANCE in players
        or type(options) is not dict
        or options.keys() != _OPTION_SET
        or type(rng) is not dict
        or type(turn) is not int
        or (
            raw_log is not None
            and (type(raw_log) is not list or not all(type(a) is dict for a in raw_log))
        )
    ):
        return None
    # The order setup stores them in, which encode_state writes back.
    opts = {k: options[k] for k in _OPTION_KEYS}
    mode = rng.get("mode")
    if (
        opts["randomness"] != mode
        or (opts["record_log"] is not False and opts["record_log"] is not True)
        or opts["first_player"] not in players
    ):
        return None
    if mode == "seeded":
        seed = rng.get("seed")
        counter = rng.get("counter", 0)
        if (
            rng.get("algorithm", ALGORITHM) != ALGORITHM
            or type(seed) is not str
            or type(counter) is not int
        ):
            return None
        generator = RngState("seeded", seed, counter)
    elif mode == "external":
        generator = RngState("external")
    else:
        return None
    log = None if raw_log is None else tuple(map(dict, raw_log))
    return Envelope(tuple(players), opts, turn, generator, log)


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
