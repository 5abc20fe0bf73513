"""Patchwork's rules: who moves, what is legal, and what an action does.

An action is a plain tuple ``(kind, player index, patch id, cell mask)`` — the cheapest value
Python can build in bulk, since a mid-game position has hundreds of placements. ``patch`` is -1
for the actions that take none, ``mask`` 0 for advance.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engines.core.errors import Reason, listing, quoted
from engines.core.polyomino import mask_to_cells
from engines.core.protocol import Event
from engines.patchwork.catalogue import (
    BONUS_SQUARES,
    FINAL_SPACE,
    FULL_QUILT,
    INCOME_MARKS,
    PATCHES,
    QUILT,
)
from engines.patchwork.state import LeatherDue, PatchworkState, Quilt

Action = tuple[str, int, int, int]
ADVANCE = "advance"
BUY_PATCH = "buy_patch"
PLACE_LEATHER = "place_leather_patch"
MARKET_SIZE = 3
"""A player chooses among the next three patches clockwise after the neutral token."""


def is_finished(state: PatchworkState) -> bool:
    return state.leather_due is None and all(q.position == FINAL_SPACE for q in state.quilts)


def mover(state: PatchworkState) -> int | None:
    """The index of the player who acts next, or None once the game is over.

    Leather patches won in a move are placed before anything else; otherwise the marker further
    behind moves, and on a shared space the one on top (the last to arrive).
    """
    if state.leather_due is not None:
        return state.leather_due.player
    if is_finished(state):
        return None
    a, b = state.quilts
    if a.position != b.position:
        return 0 if a.position < b.position else 1
    return state.on_top


def market(state: PatchworkState) -> tuple[int, ...]:
    """The patches a player may choose: up to three, clockwise after the neutral token."""
    return state.circle[:MARKET_SIZE]


def legal_actions(state: PatchworkState, player: int | None = None) -> list[Action]:
    who = mover(state)
    if who is None or (player is not None and player != who):
        return []
    quilt = state.quilts[who]
    covered = quilt.covered
    if state.leather_due is not None:
        free = FULL_QUILT & ~covered
        actions: list[Action] = []
        while free:
            low = free & -free
            actions.append((PLACE_LEATHER, who, -1, low))
            free ^= low
        return actions
    actions = [(ADVANCE, who, -1, 0)]
    for pid in market(state):
        patch = PATCHES[pid]
        if patch.buttons_cost <= quilt.buttons:
            actions.extend([(BUY_PATCH, who, pid, m) for m in patch.placements if not m & covered])
    return actions


def check(state: PatchworkState, action: Action) -> list[Reason]:
    kind, player, pid, mask = action
    who = mover(state)
    if who is None:
        return [Reason("GAME_OVER", "the game is over: both markers are on the final space")]
    if player != who:
        name = state.env.players[who]
        return [Reason("NOT_YOUR_TURN", f"it is the turn of {quoted(name)}")]
    quilt = state.quilts[who]
    if state.leather_due is not None and kind != PLACE_LEATHER:
        return [
            Reason(
                "LEATHER_PATCH_PENDING",
                f"{state.leather_due.count} leather patch(es) must be placed before anything else",
            )
        ]
    if kind == ADVANCE:
        return []
    if kind == PLACE_LEATHER:
        if state.leather_due is None:
            return [Reason("NO_LEATHER_PATCH_PENDING", "no leather patch is waiting to be placed")]
        return _fit_reasons(quilt, mask)
    reasons: list[Reason] = []
    if pid not in market(state):
        reasons.append(
            Reason(
                "PATCH_NOT_AVAILABLE",
                f"patch {pid} is not among the next three patches ({listing(market(state))})",
            )
        )
        return reasons
    patch = PATCHES[pid]
    if patch.buttons_cost > quilt.buttons:
        reasons.append(
            Reason(
                "CANNOT_AFFORD",
                f"patch {pid} costs {patch.buttons_cost} buttons; you have {quilt.buttons}",
            )
        )
    if not patch.can_cover(mask):
        reasons.append(Reason("SHAPE_MISMATCH", f"the cells given do not form patch {pid}"))
    else:
        reasons.extend(_fit_reasons(quilt, mask))
    return reasons


def apply(state: PatchworkState, action: Action) -> tuple[PatchworkState, list[Event]]:
    """The state after a legal action (the caller has checked it) and its events."""
    kind, who, pid, mask = action
    name = state.env.players[who]
    events: list[Event] = []
    quilt = state.quilts[who]
    if kind == PLACE_LEATHER:
        quilt = replace(quilt, leather=quilt.leather | mask)
        events.append({"type": "leather_patch_placed", "player": name, "cells": cells_json(mask)})
        state = state.with_quilt(who, quilt)
        assert state.leather_due is not None
        left = state.leather_due.count - 1
        state = replace(state, leather_due=LeatherDue(who, left) if left else None)
        state = _discard_unplaceable_leather(state, events)
        state = _award_bonus_tile(state, who, events)
    elif kind == ADVANCE:
        other = state.quilts[1 - who]
        target = min(other.position + 1, FINAL_SPACE)
        moved = target - quilt.position
        quilt = replace(quilt, buttons=quilt.buttons + moved)
        events.append(
            {
                "type": "advanced",
                "player": name,
                "from": quilt.position,
                "to": target,
                "buttons": moved,
            }
        )
        state = _move_marker(state.with_quilt(who, quilt), who, target, events)
    else:
        patch = PATCHES[pid]
        at = state.circle.index(pid)
        circle = state.circle[at + 1 :] + state.circle[:at]
        quilt = replace(
            quilt,
            buttons=quilt.buttons - patch.buttons_cost,
            patches=(*quilt.patches, (pid, mask)),
        )
        events.append(
            {
                "type": "patch_bought",
                "player": name,
                "patch": pid,
                "cells": cells_json(mask),
                "buttons_paid": patch.buttons_cost,
                "time": patch.time_cost,
            }
        )
        state = replace(state.with_quilt(who, quilt), circle=circle)
        state = _award_bonus_tile(state, who, events)
        target = min(quilt.position + patch.time_cost, FINAL_SPACE)
        state = _move_marker(state, who, target, events)
    return state, events


def _move_marker(
    state: PatchworkState, who: int, target: int, events: list[Event]
) -> PatchworkState:
    """Move a marker and resolve each mark passed: ``p < m <= q`` triggers ``m`` once."""
    name = state.env.players[who]
    quilt = state.quilts[who]
    start = quilt.position
    on_board = state.leather_on_board  # before the move: the marks nobody has reached yet
    income = quilt.income
    paid = 0
    for m in INCOME_MARKS:
        if start < m <= target:
            paid += income
            events.append({"type": "button_income", "player": name, "mark": m, "buttons": income})
    quilt = replace(quilt, position=target, buttons=quilt.buttons + paid)
    state = replace(state.with_quilt(who, quilt), on_top=who)
    won = [m for m in on_board if start < m <= target]
    for m in won:
        events.append({"type": "leather_patch_won", "player": name, "mark": m})
    if won:
        state = replace(state, leather_due=LeatherDue(who, len(won)))
        state = _discard_unplaceable_leather(state, events)
    if target == FINAL_SPACE and start < FINAL_SPACE and state.first_to_finish is None:
        state = replace(state, first_to_finish=who)
        events.append({"type": "reached_final_space", "player": name, "first": True})
    elif target == FINAL_SPACE and start < FINAL_SPACE:
        events.append({"type": "reached_final_space", "player": name, "first": False})
    return state


def _discard_unplaceable_leather(state: PatchworkState, events: list[Event]) -> PatchworkState:
    """A leather patch that cannot be placed because the quilt is full is discarded (no effect)."""
    due = state.leather_due
    if due is None or not state.quilts[due.player].is_full:
        return state
    for _ in range(due.count):
        events.append(
            {
                "type": "leather_patch_discarded",
                "player": state.env.players[due.player],
                "reason": "the quilt is full",
            }
        )
    return replace(state, leather_due=None)


def _award_bonus_tile(state: PatchworkState, who: int, events: list[Event]) -> PatchworkState:
    """The first player to fill any 7×7 square takes the one bonus tile."""
    if state.bonus_tile is not None:
        return state
    covered = state.quilts[who].covered
    if any(sq & covered == sq for sq in BONUS_SQUARES):
        events.append({"type": "bonus_tile_won", "player": state.env.players[who]})
        return replace(state, bonus_tile=who)
    return state


def _fit_reasons(quilt: Quilt, mask: int) -> list[Reason]:
    overlap = mask & quilt.covered
    if overlap:
        return [Reason("OVERLAPS", f"already covered: {listing(cells_json(overlap))}")]
    return []


def cells_json(mask: int) -> list[list[int]]:
    """The cells of a mask as JSON ``[row, col]`` pairs, in row-major order."""
    return [[r, c] for r, c in cells_of(mask)]


@lru_cache(maxsize=1 << 16)
def cells_of(mask: int) -> tuple[tuple[int, int], ...]:
    """The cells of a mask, remembered as an immutable tuple: the same few thousand placements
    are encoded again and again, and decoding a mask is the cost of encoding one. Keyed by the
    quilt's placements (bounded at 65,536). Measured (callgrind, 20 mid-game steps of a seeded
    game): an ``apply`` that decodes, applies and encodes costs 902,098 instructions with it,
    1,059,128 without (14.8 % saved)."""
    return tuple(mask_to_cells(mask, QUILT.cols))
