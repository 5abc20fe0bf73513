"""Calico's legal actions as decisions (:mod:`engines.core.choices`).

A player's decisions: placing a hand tile, one :class:`~engines.core.choices.Choice` whose open
fields are ``tile`` (one of the different hand tiles, ``{"color", "pattern"}``) and ``cells``
(a :class:`~engines.core.choices.Placement` of the one cell ``[0, 0]`` moved to each empty
patch space: ``[[row, col]]``); taking a market tile, listed (3 slots at most); choosing the
design goals, one ``Choice`` per player still choosing whose ``goals`` is an
:class:`~engines.core.choices.Arrangement` of 3 of the 4 goal ids revealed, the goal for each
goal space in the order 2,3 / 3,4 / 4,2. The core lists a decision of at most
:data:`~engines.core.choices.LISTED_AT_MOST` combinations as complete actions and describes a
larger one: the goals always (4 × 3 × 2 = 24), a placement while 2 different tiles have 9
spaces or more, or one tile 17.

The table's ``chance`` draws stay listed, each outcome a complete action: they are what the
table reports, not a player's decision, and are bounded by the 36 tile kinds (at most 36 × 36).
Whether an action is legal stays :func:`engines.calico.rules.check`'s to say, whatever its source.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.calico import rules
from engines.calico.catalogue import (
    GOAL_INDEX,
    GOAL_KEYS,
    GOALS,
    GRID,
    PATCH_SPACES,
    TILE_BY_KEY,
    tile_json,
)
from engines.calico.rules import CHOOSE_GOALS, PLACE, Action
from engines.calico.state import CalicoState, Phase
from engines.core.choices import Arrangement, Cell, Choice, OneOf, Orientation, Placement

ONE_CELL: tuple[Cell, ...] = ((0, 0),)
"""A tile, in its one orientation: a placement is the cell ``[0, 0]`` moved by an offset."""


def choices(state: CalicoState, player: int | None = None) -> list[Action | Choice]:
    """The decisions of ``player`` (a seat or :data:`~engines.calico.rules.CHANCE_SEAT`), or of
    everyone who may act, in the order :func:`rules.legal_actions` lists their actions."""
    now = state.phase
    if now is Phase.CHOOSE_GOALS:
        return [
            goals_choice(state, seat)
            for seat in state.movers
            if state.offers[seat] is not None and player in (None, seat)
        ]
    if now is Phase.PLACE:
        seat = state.movers[0]
        if player not in (None, seat):
            return []
        placing = place_choice(state, seat)
        return [] if placing is None else [placing]
    return list(rules.legal_actions(state, player))  # take_tile, chance, nothing when finished


def goals_choice(state: CalicoState, seat: int) -> Choice:
    """The goal for each goal space (:data:`GOAL_KEYS` order): 3 different goals of the 4
    revealed to ``seat``, in order."""
    offer = state.offers[seat] or ()
    ids = tuple(GOALS[g].id for g in offer)
    fixed = {"type": CHOOSE_GOALS, "player": state.env.players[seat]}
    return Choice(fixed, (("goals", Arrangement(ids, len(GOAL_KEYS))),))


def place_choice(state: CalicoState, seat: int) -> Choice | None:
    """One of the different hand tiles onto one empty patch space (None when none is left)."""
    empty = PATCH_SPACES & ~state.quilts[seat].filled
    free = [divmod(i, GRID.cols) for i in range(GRID.rows * GRID.cols) if empty >> i & 1]
    tiles = sorted(set(state.hands[seat]))
    if not free or not tiles:
        return None
    fixed = {"type": PLACE, "player": state.env.players[seat]}
    tile = OneOf(tuple(tile_json(t) for t in tiles))
    cells = Placement((Orientation.of(ONE_CELL, free),))
    return Choice(fixed, (("tile", tile), ("cells", cells)))


def chosen_action(state: CalicoState, choice: Choice, chosen: Mapping[str, Any]) -> Action:
    """The action of one of :func:`choices`' choices with the values ``chosen`` (goal ids of
    the offer; a hand tile and an empty patch space), made without reading its JSON."""
    fixed = choice.fixed
    seat = state.env.players.index(fixed["player"])
    if fixed["type"] == CHOOSE_GOALS:
        return Action(CHOOSE_GOALS, seat, goals=tuple([GOAL_INDEX[g] for g in chosen["goals"]]))
    tile = chosen["tile"]
    [[r, c]] = chosen["cells"]
    key = f"{tile['color']}-{tile['pattern']}"
    return Action(PLACE, seat, tile=TILE_BY_KEY[key], cell=r * GRID.cols + c)
