"""Options and the opening of a Calico game: cats, boards, goals, hands, market.

Seeded mode deals everything from the generator stored in the state, in this documented order so
another implementation can reproduce a game: the cats (regular setup: for dot groups 1, 2, 3 a
tile with ``choice`` then a side with ``randbelow(2)``), their patterns (a ``shuffle`` of the six
pattern indices, cat *k* taking shuffled positions *2k* and *2k + 1*), the boards (a ``shuffle``
of the four, seat *i* taking the *i*-th), each player's goal offer (regular setup, seat order: a
``shuffle`` of the six goals, the first four revealed) and the bag (a ``shuffle`` of every tile
in tile-code order, 3 copies each). Whatever ``options`` fixes (boards, cats, goals) is not drawn.

The hands and the market come from the front of the bag (:func:`deal`): two tiles per seat in
seat order, then the three market tiles. The rulebook deals them after the goals are chosen
("Preparação Regular", steps 6 to 8), so in regular setup they are dealt when the last player has
chosen; where the goals are fixed or given, at once.

External mode takes what lies on the table from ``options``: ``boards``, ``cats``, and either
``goals`` (unless the setup fixes them), ``hands`` and ``market``, or, for the players to choose
their goals in play, ``goal_offers`` (each player's four revealed goal tiles); the hands and the
market are then reported as ``chance`` draws once every player has chosen. None of this is kept
in the stored options: it becomes the state itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from engines.calico.catalogue import (
    BEGINNER_CATS,
    BEGINNER_GOALS,
    BOARDS,
    CAT_TILES,
    COPIES,
    DOT_GROUPS,
    GOAL_OFFER,
    GOALS,
    HAND_SIZE,
    LOWER_VARIANCE_COPIES,
    MARKET_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PATCH_SPACE_COUNT,
    SCENARIOS,
    TILE_KEYS,
    TILE_TYPES,
    tile_json,
)
from engines.calico.jsonio import (
    read_board,
    read_cats,
    read_goal_ids,
    read_goals,
    read_tiles,
)
from engines.calico.quilt import Quilt
from engines.calico.state import CalicoState, CatInPlay
from engines.core.envelope import CHANCE, Envelope, RngState
from engines.core.errors import ViolationCollector, listing, quoted, quoted_listing, shown
from engines.core.protocol import Event
from engines.core.rng import CounterRng

T = TypeVar("T")

SETUPS = ("regular", "beginner")
OPTION_DEFAULTS: dict[str, Any] = {
    "randomness": "seeded",
    "record_log": False,
    "setup": "regular",
    "solo_scenario": None,
    "shape_cats_in_larger_area": True,
    "family_variant": False,
    "lower_variance_variant": False,
}
"""The stored options and their defaults (``first_player`` defaults to the first listed player)."""
TABLE_OPTIONS = ("boards", "cats", "goals", "goal_offers", "hands", "market")
"""What lies on the table at setup; read once, never stored in ``options``."""
DRAWN_IN_SEEDED_MODE = ("goal_offers", "hands", "market")
"""Table options that seeded mode draws itself and so refuses."""
DEALT_AFTER_GOALS = ("hands", "market")
"""What is drawn only once every player has chosen their goals."""
_BOOLEANS = ("record_log", "shape_cats_in_larger_area", "family_variant", "lower_variance_variant")


def check_players(players: Sequence[Any], v: ViolationCollector, pointer: str = "/players") -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        v.add(
            "PLAYER_COUNT",
            pointer,
            f"Calico is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
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
    """The options as stored in the state: every default filled in, table options left out."""
    unknown = sorted(options.keys() - _OPTION_NAMES)
    if unknown:
        v.add("UNKNOWN_OPTION", "/options", f"Calico has no options {quoted_listing(unknown)}")
    out = {k: options.get(k, d) for k, d in OPTION_DEFAULTS.items()}
    out["first_player"] = options.get("first_player", players[0] if players else None)
    if out["randomness"] not in ("seeded", "external"):
        v.add("INVALID_OPTION", "/options/randomness", "randomness is seeded or external")
    for key in _BOOLEANS:
        if not isinstance(out[key], bool):
            v.add("INVALID_OPTION", f"/options/{key}", f"{key} is true or false")
    if out["setup"] not in SETUPS:
        v.add("INVALID_OPTION", "/options/setup", f"setup is one of {listing(SETUPS, 'or')}")
    if out["first_player"] not in players:
        v.add(
            "UNKNOWN_PLAYER",
            "/options/first_player",
            f"{shown(out['first_player'])} is not playing",
        )
    scenario = out["solo_scenario"]
    if scenario is not None:
        if not is_scenario(scenario):
            v.add(
                "INVALID_OPTION",
                "/options/solo_scenario",
                f"solo scenarios are numbered {min(SCENARIOS)} to {max(SCENARIOS)}, "
                f"not {shown(scenario)}",
            )
        elif len(players) != 1:
            v.add("INVALID_OPTION", "/options/solo_scenario", "a solo scenario has one player")
    if (
        out["lower_variance_variant"] is True
        and len(players) * _tiles_used_per_player() + (MARKET_SIZE)
        > LOWER_VARIANCE_COPIES * TILE_TYPES
    ):
        v.add(
            "NOT_ENOUGH_TILES",
            "/options/lower_variance_variant",
            f"the {LOWER_VARIANCE_COPIES * TILE_TYPES} tiles of the lower-variance variant "
            f"cannot supply {len(players)} players",
        )
    return out


_OPTION_NAMES = frozenset({*OPTION_DEFAULTS, "first_player", *TABLE_OPTIONS})
"""Every option a setup takes."""


def _tiles_used_per_player() -> int:
    """Tiles a player takes out of the bag in a game: 2 in hand, then one per turn but the last."""
    return HAND_SIZE + PATCH_SPACE_COUNT - 1


def is_scenario(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in SCENARIOS


def fixed_cats(options: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The cats a setup prescribes (None: regular setup, one per dot group)."""
    if is_scenario(options["solo_scenario"]):
        return SCENARIOS[options["solo_scenario"]].cats
    return BEGINNER_CATS if options["setup"] == "beginner" else None


def fixed_goals(options: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The goal layout a setup prescribes (None: players choose)."""
    if is_scenario(options["solo_scenario"]):
        return SCENARIOS[options["solo_scenario"]].goals
    return BEGINNER_GOALS if options["setup"] == "beginner" else None


def tile_supply(options: Mapping[str, Any]) -> int:
    """Copies of each tile kind in the bag at the start."""
    return LOWER_VARIANCE_COPIES if options["lower_variance_variant"] else COPIES


@dataclass(frozen=True)
class Table:
    """What ``options`` says lies on the table (None: to be drawn)."""

    boards: tuple[int, ...] | None
    cats: tuple[CatInPlay, ...] | None
    goals: tuple[tuple[int, ...], ...] | None
    goal_offers: tuple[tuple[int, ...], ...] | None
    hands: tuple[tuple[int, ...], ...] | None
    market: tuple[int, ...] | None


def read_table(
    players: Sequence[str],
    opts: Mapping[str, Any],
    options: Mapping[str, Any],
    v: ViolationCollector,
) -> Table:
    external = opts["randomness"] == "external"
    fixed = fixed_goals(opts)
    choosing = external and "goal_offers" in options
    needed = ["boards", "cats"]
    if choosing:
        needed.append("goal_offers")
        if "goals" in options:
            v.add(
                "GOALS_AND_OFFERS",
                "/options/goals",
                "goal_offers are for the players to choose their goals: give one or the other",
            )
        for key in DEALT_AFTER_GOALS:
            if key in options:
                v.add(
                    "DRAWN_AFTER_GOALS",
                    f"/options/{key}",
                    f"the {key} are drawn once every goal is chosen (chance actions), not at setup",
                )
        if fixed is not None:
            v.add("GOALS_FIXED", "/options/goal_offers", "this setup places the goal tiles itself")
    else:
        needed.extend(DEALT_AFTER_GOALS)
        if fixed is None:
            needed.append("goals")
    for key in needed:
        if external and key not in options:
            detail = f"external randomness needs {key}"
            if key == "goals":
                detail += " (or goal_offers, for the players to choose)"
            v.add("MISSING_TABLE_OPTION", f"/options/{key}", detail)
    for key in DRAWN_IN_SEEDED_MODE:
        if not external and key in options:
            v.add("DRAWN_IN_SEEDED_MODE", f"/options/{key}", f"seeded mode draws the {key}")
    boards = _per_player(options, "boards", players, v, read_board)
    if boards is not None and len(set(boards)) != len(boards):
        v.add("DUPLICATE_BOARD", "/options/boards", "each player has their own board")
    cats = None
    if "cats" in options:
        cats = read_cats(options["cats"], "/options/cats", v, fixed_cats(opts))
    goals = _per_player(options, "goals", players, v, read_goals)
    offers = _per_player(options, "goal_offers", players, v, _read_offer) if choosing else None
    if goals is not None and fixed is not None and any(g != fixed for g in goals):
        v.add("GOALS_FIXED", "/options/goals", "this setup places the goal tiles itself")
    hands = None
    market = None
    if external and not choosing:
        hands = _per_player(options, "hands", players, v, _read_hand)
        if "market" in options:
            market = tuple(read_tiles(options["market"], "/options/market", v))
            if len(market) != MARKET_SIZE:
                v.add("INVALID_MARKET", "/options/market", f"the market holds {MARKET_SIZE} tiles")
        if hands is not None and market is not None:
            _check_supply([*[t for h in hands for t in h], *market], tile_supply(opts), v)
    return Table(boards, cats, goals, offers, hands, market)


def _read_offer(raw: Any, pointer: str, v: ViolationCollector) -> tuple[int, ...] | None:
    offer = read_goal_ids(raw, pointer, v)
    if offer is not None and len(offer) != GOAL_OFFER:
        v.add("INVALID_GOAL_OFFER", pointer, f"each player reveals {GOAL_OFFER} goal tiles")
        return None
    return offer


def _read_hand(raw: Any, pointer: str, v: ViolationCollector) -> tuple[int, ...] | None:
    hand = tuple(read_tiles(raw, pointer, v))
    if len(hand) != HAND_SIZE:
        v.add("INVALID_HAND", pointer, f"a hand holds {HAND_SIZE} tiles")
        return None
    return hand


def _per_player(
    options: Mapping[str, Any],
    key: str,
    players: Sequence[str],
    v: ViolationCollector,
    read: Callable[[Any, str, ViolationCollector], T | None],
) -> tuple[T, ...] | None:
    """``options[key]`` is ``{player: value}``: one value per player, in seat order."""
    if key not in options:
        return None
    raw = options[key]
    if not isinstance(raw, Mapping) or sorted(raw) != sorted(players):
        v.add(
            "INVALID_TABLE_OPTION",
            f"/options/{key}",
            f"{key} has one entry per player ({quoted_listing(players)})",
        )
        return None
    values = [read(raw[p], f"/options/{key}/{p}", v) for p in players]
    present = [x for x in values if x is not None]
    return tuple(present) if len(present) == len(values) else None


def _check_supply(tiles: Sequence[int], copies: int, v: ViolationCollector) -> None:
    over = sorted(TILE_KEYS[t] for t, n in Counter(tiles).items() if n > copies)
    if over:
        v.add("TOO_MANY_TILES", "/options", f"the box has only {copies} of each of {listing(over)}")


def setup(players: Sequence[str], options: Mapping[str, Any], seed: str | None) -> CalicoState:
    v = ViolationCollector()
    check_players(players, v)
    if not isinstance(options, Mapping):
        v.add("INVALID_OPTION", "/options", "options is an object")
        options = {}
    opts = normalize_options(players, options, v)
    v.raise_if_any()
    table = read_table(players, opts, options, v)
    v.raise_if_any()
    rng = RngState.for_setup(opts["randomness"], seed)
    gen = rng.generator() if rng.mode == "seeded" else None
    n = len(players)

    cats = table.cats or _draw_cats(_need(gen), fixed_cats(opts))
    boards = table.boards or tuple(_need(gen).shuffle(range(len(BOARDS)))[:n])
    goals: list[tuple[int, ...] | None] = list(table.goals or [fixed_goals(opts)] * n)
    offers: list[tuple[int, ...] | None] = list(table.goal_offers or [None] * n)
    for seat in range(n):
        if goals[seat] is None and offers[seat] is None:
            offers[seat] = tuple(_need(gen).shuffle(range(len(GOALS)))[:GOAL_OFFER])
    hands: tuple[tuple[int, ...], ...] = ((),) * n
    market: tuple[int, ...] = ()
    bag = None
    if table.hands is not None and table.market is not None:
        hands, market = table.hands, table.market
    elif gen is not None:
        bag = tuple(gen.shuffle([t for t in range(TILE_TYPES) for _ in range(tile_supply(opts))]))
    if gen is not None:
        rng = rng.advanced(gen)
    state = CalicoState(
        env=Envelope.new(players, opts, rng),
        first=list(players).index(opts["first_player"]),
        cats=cats,
        quilts=tuple(Quilt.new(b, g) for b, g in zip(boards, goals, strict=True)),
        hands=hands,
        market=market,
        discarded=(),
        bag=bag,
        offers=tuple(offers),
    )
    if bag is not None and all(o is None for o in offers):
        state, _ = deal(state)
    return state


def deal(state: CalicoState) -> tuple[CalicoState, list[Event]]:
    """Seeded mode, once no goal is left to choose: each hand from the front of the bag in seat
    order, then the market (a hand is private: its event names the player, not the tiles)."""
    assert state.bag is not None, "external mode reports the opening draws as chance actions"
    bag = list(state.bag)
    hands = []
    events: list[Event] = []
    for name in state.env.players:
        hands.append(tuple(bag[:HAND_SIZE]))
        del bag[:HAND_SIZE]
        events.append({"type": "hand_dealt", "player": name})
    market = tuple(bag[:MARKET_SIZE])
    del bag[:MARKET_SIZE]
    events.append({"type": "market_refilled", "tiles": [tile_json(t) for t in market]})
    return replace(state, hands=tuple(hands), market=market, bag=tuple(bag)), events


def _need(gen: CounterRng | None) -> CounterRng:
    if gen is None:  # read_table has reported what external mode lacks
        raise AssertionError("external setup reached a draw")
    return gen


def _draw_cats(gen: CounterRng, fixed: tuple[int, ...] | None) -> tuple[CatInPlay, ...]:
    if fixed is None:
        chosen = []
        for dots in DOT_GROUPS:
            tile = gen.choice([t for t in CAT_TILES if t.dots == dots])
            chosen.append(tile.sides[gen.randbelow(2)])
        fixed = tuple(chosen)
    patterns = gen.shuffle(range(6))
    return tuple(
        CatInPlay(cat, (min(patterns[2 * k : 2 * k + 2]), max(patterns[2 * k : 2 * k + 2])))
        for k, cat in enumerate(fixed)
    )
