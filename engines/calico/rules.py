"""Calico's turn: what is legal and what an action does.

A turn is two actions: ``place_tile`` (one of the two hand tiles onto an empty patch space,
earning buttons and cats as groups form) then ``take_tile`` (one of the three market tiles into
the hand), after which the market is refilled from the bag: at once in seeded mode, by a
``chance`` action reporting the tiles drawn in external mode. Solo, the market tile that has
waited longest is discarded after each take and two tiles are drawn. A player's 22nd placement
fills the quilt and ends their part of the game (nothing is taken). Regular setup starts with a
``choose_goals`` action from every player; only then are the hands and the market drawn (seeded:
when the last player chooses; external: reported as ``chance`` actions, each hand in seat order,
then the market).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import NamedTuple, TypeVar

from engines.calico.catalogue import (
    GOAL_KEYS,
    GOALS,
    MARKET_SIZE,
    PATCH_SPACES,
    TILE_KEYS,
    TILE_TYPES,
    cell_json,
    tile_json,
)
from engines.calico.earning import earned_by_placement
from engines.calico.setup import deal
from engines.calico.state import CalicoState, Phase, draw_count, hand_to_deal
from engines.core.envelope import CHANCE
from engines.core.errors import Reason, listing, quoted, quoted_listing
from engines.core.protocol import Event

T = TypeVar("T")

PLACE = "place_tile"
TAKE = "take_tile"
CHOOSE_GOALS = "choose_goals"
DRAW = "chance"
CHANCE_SEAT = -1
"""The ``player`` of a chance action: the table, not a seat."""


class Action(NamedTuple):
    """One action; the fields an action kind does not use keep their defaults."""

    kind: str
    player: int
    """Seat index, or :data:`CHANCE_SEAT`."""
    tile: int = -1
    """place_tile, take_tile: the tile."""
    cell: int = -1
    """place_tile: the cell's bit index."""
    slot: int = -1
    """take_tile: the market slot."""
    goals: tuple[int, ...] = ()
    """choose_goals: the goal for each goal space, in ``GOAL_KEYS`` order."""
    drawn: tuple[int, ...] = ()
    """chance: the tiles drawn: a hand's (in tile-code order: a hand has no order), or those that
    join the market, in the order they join it."""


# --- legal actions ------------------------------------------------------------------------------


def legal_actions(state: CalicoState, player: int | None = None) -> list[Action]:
    """Every legal action of ``player`` (a seat or :data:`CHANCE_SEAT`), or of all who may act."""
    now = state.phase
    if now is Phase.FINISHED:
        return []
    if now is Phase.DRAW:
        if player is not None and player != CHANCE_SEAT:
            return []
        return [Action(DRAW, CHANCE_SEAT, drawn=d) for d in _outcomes(state)]
    if now is Phase.CHOOSE_GOALS:
        out: list[Action] = []
        for seat in state.movers:
            offer = state.offers[seat]
            if offer is not None and player in (None, seat):
                out.extend(Action(CHOOSE_GOALS, seat, goals=g) for g in permutations(offer, 3))
        return out
    seat = state.movers[0]
    if player is not None and player != seat:
        return []
    if now is Phase.TAKE:
        return [
            Action(TAKE, seat, tile=t, slot=i)
            for i, t in enumerate(state.market)
            if canonical_take_slot(state, i) == i
        ]
    empty = PATCH_SPACES & ~state.quilts[seat].filled
    cells = [i for i in range(49) if empty >> i & 1]
    return [
        Action(PLACE, seat, tile=t, cell=i) for t in sorted(set(state.hands[seat])) for i in cells
    ]


def _outcomes(state: CalicoState) -> list[tuple[int, ...]]:
    """Every draw the bag allows: for the market in every order (order decides which tile is
    older), for a hand once, in tile-code order."""
    counts = state.bag_counts()
    out: list[tuple[int, ...]] = []
    ordered = hand_to_deal(state) is None

    def extend(prefix: tuple[int, ...], left: int) -> None:
        if left == 0:
            out.append(prefix)
            return
        for t in range(0 if ordered or not prefix else prefix[-1], TILE_TYPES):
            if counts[t]:
                counts[t] -= 1
                extend((*prefix, t), left - 1)
                counts[t] += 1

    extend((), draw_count(state))
    return out


# --- checking -----------------------------------------------------------------------------------


def check(state: CalicoState, action: Action) -> list[Reason]:
    """Why ``action`` is illegal now (empty: it is legal)."""
    now = state.phase
    if now is Phase.FINISHED:
        return [Reason("GAME_OVER", "the game is over: every quilt is full")]
    if action.kind == DRAW:
        return _check_draw(state, action, now)
    if now is Phase.DRAW:
        n = draw_count(state)
        return [Reason("CHANCE_PENDING", f"the table must first report the {n} tile(s) drawn")]
    if not 0 <= action.player < len(state.env.players):
        waiting = [state.env.players[s] for s in state.movers]
        return [Reason("NOT_YOUR_TURN", f"it is the turn of {quoted_listing(waiting)}")]
    if action.kind == CHOOSE_GOALS:
        return _check_goals(state, action, now)
    if now is Phase.CHOOSE_GOALS:
        waiting = [state.env.players[s] for s in state.movers]
        return [
            Reason(
                "WRONG_PHASE", f"design goals come first; still choosing: {quoted_listing(waiting)}"
            )
        ]
    seat = state.movers[0]
    if action.player != seat:
        return [Reason("NOT_YOUR_TURN", f"it is the turn of {quoted(state.env.players[seat])}")]
    if action.kind == PLACE:
        return _check_place(state, action, now)
    return _check_take(state, action, now)


def _check_draw(state: CalicoState, action: Action, now: Phase) -> list[Reason]:
    if now is not Phase.DRAW:
        return [Reason("NO_CHANCE_PENDING", "no draw is due: the market is full")]
    n = draw_count(state)
    drawn = list(action.drawn)
    if len(drawn) != n:
        return [Reason("ILLEGAL_CHANCE_OUTCOME", f"{n} tile(s) are drawn now, not {len(drawn)}")]
    counts = state.bag_counts()
    for t in drawn:
        counts[t] -= 1
    missing = sorted({TILE_KEYS[t] for t in drawn if counts[t] < 0})
    if missing:
        return [Reason("ILLEGAL_CHANCE_OUTCOME", f"the bag holds no more of {listing(missing)}")]
    return []


def _check_goals(state: CalicoState, action: Action, now: Phase) -> list[Reason]:
    name = state.env.players[action.player]
    if now is not Phase.CHOOSE_GOALS or state.offers[action.player] is None:
        return [
            Reason("GOALS_ALREADY_CHOSEN", f"{quoted(name)} has placed their design goals already")
        ]
    offer = state.offers[action.player] or ()
    reasons: list[Reason] = []
    if len(action.goals) != len(GOAL_KEYS):
        reasons.append(
            Reason("INVALID_GOALS", f"one goal for each of the spaces {quoted_listing(GOAL_KEYS)}")
        )
    if len(set(action.goals)) != len(action.goals):
        reasons.append(Reason("DUPLICATE_GOAL", "each goal tile can go on one goal space only"))
    absent = [GOALS[g].id for g in action.goals if g not in offer]
    if absent:
        offered = [GOALS[g].id for g in offer]
        verb = "is" if len(absent) == 1 else "are"
        reasons.append(
            Reason(
                "GOAL_NOT_OFFERED",
                f"{listing(absent)} {verb} not among the tiles revealed ({listing(offered)})",
            )
        )
    return reasons


def _check_place(state: CalicoState, action: Action, now: Phase) -> list[Reason]:
    if now is not Phase.PLACE:
        return [Reason("WRONG_PHASE", "take a tile from the market before placing again")]
    reasons: list[Reason] = []
    hand = state.hands[action.player]
    if action.tile not in hand:
        reasons.append(
            Reason(
                "TILE_NOT_IN_HAND",
                f"{TILE_KEYS[action.tile]} is not in hand ({listing(TILE_KEYS[t] for t in hand)})",
            )
        )
    bit = 1 << action.cell
    if not bit & PATCH_SPACES:
        reasons.append(
            Reason(
                "NOT_A_PATCH_SPACE",
                f"{cell_json(action.cell)} is a border patch or a goal space, not a patch space",
            )
        )
    elif bit & state.quilts[action.player].filled:
        reasons.append(Reason("SPACE_TAKEN", f"{cell_json(action.cell)} already holds a patch"))
    return reasons


def _check_take(state: CalicoState, action: Action, now: Phase) -> list[Reason]:
    if now is not Phase.TAKE:
        return [Reason("WRONG_PHASE", "place a tile from your hand before taking one")]
    if not 0 <= action.slot < len(state.market):
        return [
            Reason(
                "NO_SUCH_MARKET_SLOT",
                f"the market has slots 0 to {len(state.market) - 1}, not {action.slot}",
            )
        ]
    there = state.market[action.slot]
    if there != action.tile:
        return [
            Reason(
                "TILE_NOT_AT_INDEX",
                f"market slot {action.slot} holds {TILE_KEYS[there]}, not {TILE_KEYS[action.tile]}",
            )
        ]
    first = canonical_take_slot(state, action.slot)
    if first != action.slot:
        return [
            Reason(
                "SAME_AS_EARLIER_SLOT",
                f"slots {first} and {action.slot} hold the same tile; taking it is slot {first}",
            )
        ]
    return []


def canonical_take_slot(state: CalicoState, slot: int) -> int:
    """The first market slot whose take leaves the same market as taking ``slot``.

    Two takes that lead to the same state are one action. With several players, taking either of
    two identical tiles leaves the same tiles; solo, the tile that has waited longest is then
    discarded, so taking the newer of two identical tiles can discard a different tile.
    """
    after = _market_after_take(state, slot)
    for i in range(slot):
        if state.market[i] == state.market[slot] and _market_after_take(state, i) == after:
            return i
    return slot


def _market_after_take(state: CalicoState, slot: int) -> tuple[int, ...]:
    rest = [*state.market[:slot], *state.market[slot + 1 :]]
    if state.solo and rest:
        rest.pop(0)
    return tuple(sorted(rest)) if not state.solo else tuple(rest)


# --- applying -----------------------------------------------------------------------------------


def apply(state: CalicoState, action: Action) -> tuple[CalicoState, list[Event]]:
    """The state after a legal action (the caller has checked it) and what happened."""
    if action.kind == PLACE:
        return _place(state, action)
    if action.kind == TAKE:
        return _take(state, action)
    if action.kind == CHOOSE_GOALS:
        return _choose_goals(state, action)
    seat = hand_to_deal(state)
    if seat is not None:
        hand = tuple(sorted(action.drawn))
        event: Event = {"type": "hand_dealt", "player": state.env.players[seat]}
        return replace(state, hands=_set(state.hands, seat, hand)), [event]
    market = state.market + action.drawn
    return replace(state, market=market), [
        {"type": "market_refilled", "tiles": [tile_json(t) for t in action.drawn]}
    ]


def _choose_goals(state: CalicoState, action: Action) -> tuple[CalicoState, list[Event]]:
    seat = action.player
    quilt = replace(state.quilts[seat], goals=action.goals)
    offers = list(state.offers)
    offers[seat] = None
    event: Event = {
        "type": "goals_chosen",
        "player": state.env.players[seat],
        "goals": {k: GOALS[g].id for k, g in zip(GOAL_KEYS, action.goals, strict=True)},
    }
    new = replace(state, quilts=_set(state.quilts, seat, quilt), offers=tuple(offers))
    if new.bag is not None and all(o is None for o in offers):
        new, dealt = deal(new)  # the last goal is chosen: seeded mode draws hands and market now
        return new, [event, *dealt]
    return new, [event]


def _place(state: CalicoState, action: Action) -> tuple[CalicoState, list[Event]]:
    seat, tile, cell = action.player, action.tile, action.cell
    name = state.env.players[seat]
    quilt = state.quilts[seat]
    earned = earned_by_placement(quilt, cell, tile, state.cat_of_pattern, state.strict_shapes)
    quilt = quilt.with_patch(cell, tile, earned)
    hand = list(state.hands[seat])
    hand.remove(tile)
    events: list[Event] = [
        {"type": "tile_placed", "player": name, "tile": tile_json(tile), "cell": cell_json(cell)}
    ]
    events.extend({"type": "token_earned", "player": name, "token": t.to_json()} for t in earned)
    return state.with_placement(seat, quilt, tuple(hand)), events


def _take(state: CalicoState, action: Action) -> tuple[CalicoState, list[Event]]:
    seat = action.player
    market = list(state.market)
    tile = market.pop(action.slot)
    events: list[Event] = [
        {
            "type": "tile_taken",
            "player": state.env.players[seat],
            "tile": tile_json(tile),
            "index": action.slot,
        }
    ]
    discarded = state.discarded
    if state.solo and market:
        gone = market.pop(0)
        discarded = (*discarded, gone)
        events.append({"type": "tile_discarded", "tile": tile_json(gone)})
    bag = state.bag
    if bag is not None:
        need = MARKET_SIZE - len(market)
        drawn, bag = bag[:need], bag[need:]
        market.extend(drawn)
        if drawn:
            events.append({"type": "market_refilled", "tiles": [tile_json(t) for t in drawn]})
    new = replace(
        state,
        hands=_set(state.hands, seat, (*state.hands[seat], tile)),
        market=tuple(market),
        discarded=discarded,
        bag=bag,
    )
    return new, events


def _set(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1 :])


def player_index(state: CalicoState, name: str) -> int:
    """The seat of ``name``; :data:`CHANCE_SEAT` for the chance pseudo-player."""
    if name == CHANCE:
        return CHANCE_SEAT
    return state.env.players.index(name)
