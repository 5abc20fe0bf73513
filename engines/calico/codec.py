"""The Calico state as JSON, and loading it back with every rule violation reported.

``public``
    ``cats`` (the three cats in play with their patterns), ``market`` (oldest first),
    ``discarded`` (solo), and per player ``players[name]``: ``board``, ``goals`` (goal id per goal
    space, null while choosing), ``patches`` (in placement order) and ``tokens`` (in the order
    earned, each with the group that earned it).
``private[name]``
    ``hand`` and, while choosing design goals, ``goal_offer`` (the four revealed goal tiles).
    Hands and market stay empty until every player has chosen: the rulebook draws them after.
``hidden``
    Seeded mode: ``bag``, the tiles still in the bag in draw order (``"color-pattern"`` keys).

Loading replays each quilt's placements in order, so the tokens a state claims must be exactly
those play would have awarded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from engines.calico.catalogue import (
    BOARDS,
    COPIES,
    GOAL_OFFER,
    GOALS,
    HAND_SIZE,
    LOWER_VARIANCE_COPIES,
    MARKET_SIZE,
    PATCH_SPACE_COUNT,
    TILE_KEYS,
    TILE_TYPES,
    tile_json,
    tile_keys,
)
from engines.calico.earning import replay
from engines.calico.jsonio import (
    as_mapping,
    goals_json,
    read_board,
    read_cats,
    read_goal_ids,
    read_goals,
    read_patches,
    read_tile_keys,
    read_tiles,
    read_tokens,
)
from engines.calico.quilt import Quilt
from engines.calico.setup import (
    check_players,
    fixed_cats,
    fixed_goals,
    normalize_options,
    tile_supply,
)
from engines.calico.state import CalicoState, Phase, cat_of_pattern
from engines.core.envelope import (
    CHANCE,
    Envelope,
    check_derived,
    envelope_from_json,
    envelope_shape_error,
    envelope_to_json,
)
from engines.core.errors import (
    ViolationCollector,
    listing,
    quoted,
    quoted_listing,
)

GAME = "calico"
RULES_VERSION = "2020-aeg"
"""Calico (Kevin Russ; Flatout Games / AEG, 2020) with the designer's rulings and tile values."""


def encode_state(state: CalicoState) -> dict[str, Any]:
    names = state.env.players
    now = state.phase
    public = {
        "cats": [c.to_json() for c in state.cats],
        "market": [tile_json(t) for t in state.market],
        "discarded": [tile_json(t) for t in state.discarded],
        "players": {
            name: {
                "board": BOARDS[q.board].id,
                "goals": goals_json(q.goals),
                "patches": q.patches_json(),
                "tokens": [t.to_json() for t in q.tokens],
            }
            for name, q in zip(names, state.quilts, strict=True)
        },
    }
    private: dict[str, Any] = {}
    for name, hand, offer in zip(names, state.hands, state.offers, strict=True):
        private[name] = {"hand": [tile_json(t) for t in hand]}
        if offer is not None:
            private[name]["goal_offer"] = [GOALS[g].id for g in offer]
    hidden = {} if state.bag is None else {"bag": tile_keys(state.bag)}
    return envelope_to_json(
        GAME,
        RULES_VERSION,
        state.env,
        to_move=to_move(state),
        phase=now.value,
        finished=now is Phase.FINISHED,
        public=public,
        private=private,
        hidden=hidden,
    )


def to_move(state: CalicoState) -> list[str]:
    if state.phase is Phase.DRAW:
        return [CHANCE]
    return [state.env.players[s] for s in state.movers]


def decode_state(data: Mapping[str, Any]) -> CalicoState:
    """Load a state, raising :class:`InvalidState` with every violation found."""
    v = ViolationCollector()
    try:
        env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise envelope_shape_error(err) from None
    names = list(env.players)
    check_players(names, v)
    opts = normalize_options(names, env.options, v)
    if opts != env.options:
        v.add("OPTIONS_NOT_NORMALIZED", "/options", "options must be stored as setup returned them")
    v.raise_if_any()  # everything below reads the players and options
    if list(opts) != list(env.options):  # the state keeps them in setup's order
        env = Envelope(env.players, opts, env.turn, env.rng, env.log)

    # The checks of the raw JSON come first; the loader notes what it cannot read.
    raw_players = _quiet_mapping(_quiet_mapping(data.get("public")).get("players"))
    priv = _quiet_mapping(data.get("private"))
    seated = set(names)
    if raw_players.keys() != seated or priv.keys() != seated:
        v.add(
            "PLAYERS_MISMATCH",
            "/public/players",
            f"one entry per player ({quoted_listing(names)}) is required",
        )
    claimed = [
        read_tokens(
            _quiet_mapping(raw_players.get(name)).get("tokens", []),
            f"/public/players/{name}/tokens",
            v,
        )
        for name in names
    ]
    if opts["randomness"] != "seeded" and _quiet_mapping(data.get("hidden")):
        v.add(
            "UNEXPECTED_HIDDEN", "/hidden", "external mode keeps no hidden bag: it is on the table"
        )
    state = _load(data, env, v)

    # Replaying the placements in order awards exactly the tokens play would have awarded.
    for name, played, tokens in zip(names, state.quilts, claimed, strict=True):
        if played.tokens != tokens:
            v.add(
                "TOKENS_MISMATCH",
                f"/public/players/{name}/tokens",
                f"placing these patches in this order earns "
                f"{listing(t.words() for t in played.tokens) if played.tokens else 'no token'}",
            )
    _check_goals(state, v)
    _check_turns(state, v)
    _check_tiles(state, v)
    if not v.violations:
        _check_derived(state, data, v)
    v.raise_if_any()
    return state


def decode_trusted_state(data: Mapping[str, Any]) -> CalicoState:
    """Load a state this engine encoded (it came back sealed): no rules check.

    Only what building the state needs is read (the claimed tokens are not: the replay that builds
    each quilt earns them); the violations the readers note on the way are not looked at, since a
    state this engine wrote has none.
    """
    v = ViolationCollector()
    return _load(data, envelope_from_json(data, GAME, (RULES_VERSION,), v), v)


def _quiet_mapping(raw: Any) -> Mapping[str, Any]:
    """``raw`` if it is an object, else empty: for checks of parts the loader reports on."""
    return raw if type(raw) is dict or isinstance(raw, Mapping) else {}


def _load(data: Mapping[str, Any], env: Envelope, v: ViolationCollector) -> CalicoState:
    """Build the state, replaying each quilt's placements; raises :class:`InvalidState` when a
    piece cannot be read (everything the replay needs must be)."""
    opts = env.options
    names = list(env.players)
    pub = as_mapping(data.get("public"), "/public", v)
    priv = as_mapping(data.get("private"), "/private", v)
    hidden = as_mapping(data.get("hidden"), "/hidden", v)
    cats = read_cats(pub.get("cats"), "/public/cats", v, fixed_cats(opts))
    market = tuple(read_tiles(pub.get("market"), "/public/market", v))
    discarded = tuple(read_tiles(pub.get("discarded", []), "/public/discarded", v))
    raw_players = as_mapping(pub.get("players"), "/public/players", v)
    layouts: list[tuple[int, tuple[int, ...] | None, tuple[tuple[int, int], ...]]] = []
    hands: list[tuple[int, ...]] = []
    offers: list[tuple[int, ...] | None] = []
    for name in names:  # each pointer a Place, written only for a problem
        raw = as_mapping(raw_players.get(name, {}), ("/public/players", name, ""), v)
        board = read_board(raw.get("board"), ("/public/players", name, "/board"), v)
        goals = raw.get("goals")
        if goals is not None:
            goals = read_goals(goals, ("/public/players", name, "/goals"), v)
        patches = read_patches(raw.get("patches", []), ("/public/players", name, "/patches"), v)
        layouts.append((board or 0, goals, patches))
        mine = as_mapping(priv.get(name, {}), ("/private", name, ""), v)
        hands.append(tuple(read_tiles(mine.get("hand", []), ("/private", name, "/hand"), v)))
        offer = None
        if "goal_offer" in mine:
            offer = read_goal_ids(mine["goal_offer"], ("/private", name, "/goal_offer"), v)
        offers.append(offer)
    bag = None
    if opts["randomness"] == "seeded":
        bag = tuple(read_tile_keys(hidden.get("bag"), "/hidden/bag", v))
    v.raise_if_any()  # the replay needs every piece read
    assert cats is not None
    strict_shapes = not opts["shape_cats_in_larger_area"]
    cat_map = cat_of_pattern(cats)
    quilts = tuple(
        _replayed(board, patches, cat_map, strict_shapes, goals)
        for board, goals, patches in layouts
    )
    return CalicoState(
        env=env,
        first=names.index(opts["first_player"]),
        cats=cats,
        quilts=quilts,
        hands=tuple(hands),
        market=market,
        discarded=discarded,
        bag=bag,
        offers=tuple(offers),
    )


@lru_cache(maxsize=8192)
def _replayed(
    board: int,
    patches: tuple[tuple[int, int], ...],
    cat_map: tuple[int, ...],
    strict_shapes: bool,
    goals: tuple[int, ...] | None,
) -> Quilt:
    """The quilt :func:`replay` builds, holding ``goals`` (a frozen value): consecutive states
    share all their quilts but one, which are then found here whole, without the copy that adds
    their goals. Bounded at 8,192 quilts. Measured (callgrind, 20 mid-game steps of a seeded
    3-player game): an ``apply`` that decodes, applies and encodes costs 1,067,031 instructions
    with it, 1,161,664 without (8.1 % saved)."""
    return replace(replay(board, patches, cat_map, strict_shapes), goals=goals)


def _check_goals(state: CalicoState, v: ViolationCollector) -> None:
    fixed = fixed_goals(state.env.options)
    for name, q, offer in zip(state.env.players, state.quilts, state.offers, strict=True):
        where = f"/public/players/{name}/goals"
        if q.goals is None and offer is None:
            v.add("GOALS_MISSING", where, "a player without goals must hold their goal offer")
        if q.goals is not None and offer is not None:
            v.add("OFFER_AFTER_CHOICE", f"/private/{name}/goal_offer", "goals are chosen already")
        if offer is not None and (fixed is not None or len(offer) != GOAL_OFFER):
            v.add(
                "INVALID_GOAL_OFFER",
                f"/private/{name}/goal_offer",
                f"regular setup reveals {GOAL_OFFER} goal tiles; this setup fixes the goals",
            )
        if fixed is not None and q.goals is not None and q.goals != fixed:
            v.add("GOALS_FIXED", where, f"this setup places the goals {_goal_words(fixed)}")
    boards = [q.board for q in state.quilts]
    if len(set(boards)) != len(boards):
        v.add("DUPLICATE_BOARD", "/public/players", "each player has their own board")


def _goal_words(goals: tuple[int, ...]) -> str:
    """``aaaa on 2,3, bbbb on 3,4 and cccc on 4,2``: goal tiles on their spaces, in words."""
    placed = goals_json(goals) or {}
    return listing(f"{gid} on {key}" for key, gid in placed.items())


def _check_turns(state: CalicoState, v: ViolationCollector) -> None:
    """Placements go round the table; hands, market and discards follow from them."""
    names = state.env.players
    n = len(names)
    t = state.placements
    if state.phase is Phase.CHOOSE_GOALS and t:  # a goal offer is still open
        v.add("PLAYED_BEFORE_GOALS", "/public/players", "nobody places before all goals are chosen")
    for seat, q in enumerate(state.quilts):
        ahead = (seat - state.first) % n
        expected = max(0, (t - ahead + n - 1) // n)
        if len(q.placed) != expected:
            v.add(
                "TURN_ORDER",
                f"/public/players/{names[seat]}/patches",
                f"after {t} placements round the table from {quoted(names[state.first])}, "
                f"{quoted(names[seat])} has placed {expected}, not {len(q.placed)}",
            )
    last = state.seat(t - 1) if t else -1
    taking = False
    if not _check_opening(state, v):  # the opening deal has its own rules
        for seat, (hand, q) in enumerate(zip(state.hands, state.quilts, strict=True)):
            allowed = _DONE_HAND if q.is_full else (_TAKING_HAND if seat == last else _HAND)
            if len(hand) not in allowed:
                v.add(
                    "HAND_SIZE",
                    f"/private/{names[seat]}/hand",
                    f"{quoted(names[seat])} should hold {listing(sorted(allowed), 'or')} tile(s)",
                )
            taking = taking or (seat == last and len(hand) < HAND_SIZE and not q.is_full)
        if len(state.market) > MARKET_SIZE:
            v.add("MARKET_SIZE", "/public/market", f"the market holds {MARKET_SIZE} tiles")
        elif len(state.market) < MARKET_SIZE and state.bag_size() > 0:
            if state.bag is not None:
                v.add("MARKET_SIZE", "/public/market", "seeded mode refills the market at once")
            elif taking:
                v.add(
                    "MARKET_SIZE", "/public/market", "the market is refilled before the next take"
                )
    full = sum(1 for q in state.quilts if q.is_full)
    takes = t - full - (1 if taking else 0)
    expected_discards = takes if state.solo else 0
    if len(state.discarded) != expected_discards:
        v.add(
            "DISCARDS",
            "/public/discarded",
            f"{expected_discards} tile(s) are discarded by now, not {len(state.discarded)}",
        )
    if state.env.turn < t + takes:
        v.add(
            "TURN_TOO_LOW",
            "/turn",
            f"{t} placements and {takes} takes need turn >= {t + takes}, not {state.env.turn}",
        )


_DONE_HAND = frozenset({1})
"""A full quilt's player keeps their last tile."""
_TAKING_HAND = frozenset({1, HAND_SIZE})
"""Who placed last holds one tile until they take."""
_HAND = frozenset({HAND_SIZE})


def _check_opening(state: CalicoState, v: ViolationCollector) -> bool:
    """Before the opening deal is over, the hands and market it allows; True while it is not over.

    While goals are being chosen no tile has left the bag. Once all are chosen, seeded mode deals
    at once; external mode awaits the draws: each hand in seat order, then the market.
    """
    names = state.env.players
    if state.phase is Phase.CHOOSE_GOALS:  # a goal offer is still open
        for name, hand in zip(names, state.hands, strict=True):
            if hand:
                v.add(
                    "DEALT_BEFORE_GOALS",
                    f"/private/{name}/hand",
                    "the hands are drawn once every player has chosen their goals",
                )
        if state.market:
            v.add(
                "DEALT_BEFORE_GOALS",
                "/public/market",
                "the market is revealed once every player has chosen their goals",
            )
        return True
    undealt = [seat for seat, hand in enumerate(state.hands) if not hand]
    if not undealt or state.placements:
        return False  # a missing hand is then a HAND_SIZE violation
    where = f"/private/{names[undealt[0]]}/hand"
    if state.bag is not None:
        v.add("HAND_SIZE", where, "seeded mode deals every hand once the goals are chosen")
    elif fixed_goals(state.env.options) is not None:
        v.add("HAND_SIZE", where, "with goals fixed by the setup, the hands are given at setup")
    if undealt != list(range(undealt[0], len(names))):
        v.add("DEAL_ORDER", where, "the hands are drawn in seat order")
    if state.market:
        v.add("DEAL_ORDER", "/public/market", "the market is revealed after every hand is drawn")
    for seat, hand in enumerate(state.hands):
        if hand and len(hand) != HAND_SIZE:
            v.add("HAND_SIZE", f"/private/{names[seat]}/hand", f"a hand holds {HAND_SIZE} tiles")
    return True


def _check_tiles(state: CalicoState, v: ViolationCollector) -> None:
    """Every tile is in one place: the bag, a quilt, a hand, the market or the discards."""
    copies = tile_supply(state.env.options)
    tiles = state.visible_tiles()
    if state.bag is not None:
        tiles += state.bag
        if sorted(tiles) == _WHOLE_BOX[copies]:  # one sort in C where counting is a loop
            _check_patch_count(state, v)
            return
    counts = Counter(tiles)
    # The listings below are built only when a count is off (most states have none).
    if counts and max(counts.values()) > copies:
        over = sorted(TILE_KEYS[t] for t in range(TILE_TYPES) if counts[t] > copies)
        v.add("TOO_MANY_TILES", "/public", f"the box has only {copies} of each of {listing(over)}")
    if state.bag is not None and (len(counts) < TILE_TYPES or min(counts.values()) < copies):
        short = sorted(TILE_KEYS[t] for t in range(TILE_TYPES) if counts[t] < copies)
        if short:
            v.add("TILES_MISSING", "/hidden/bag", f"tiles unaccounted for: {listing(short)}")
    _check_patch_count(state, v)


_WHOLE_BOX = {
    copies: [t for t in range(TILE_TYPES) for _ in range(copies)]
    for copies in (COPIES, LOWER_VARIANCE_COPIES)
}
"""Every tile of the box in order, by the copies of each kind: in seeded mode the bag and the
tiles out of it are exactly these (compared with, never handed out)."""


def _check_patch_count(state: CalicoState, v: ViolationCollector) -> None:
    total = sum(len(q.placed) for q in state.quilts)
    if total > PATCH_SPACE_COUNT * len(state.quilts):
        v.add("TOO_MANY_PATCHES", "/public/players", "each quilt has 22 patch spaces")


def _check_derived(state: CalicoState, data: Mapping[str, Any], v: ViolationCollector) -> None:
    now = state.phase
    check_derived(
        data,
        state.env,
        v,
        to_move=to_move(state),
        phase=now.value,
        finished=now is Phase.FINISHED,
    )
