"""The Patchwork state as JSON, and loading it back with every rule violation reported.

``public``
    ``circle`` (the patches still in the circle, clockwise from the neutral token), per player
    ``players[name]``: ``position`` (time board space), ``buttons``, ``quilt`` (the patches in
    placement order, each with the cells it covers) and ``leather`` (cells of 1×1 patches); then
    ``on_top`` (who moved a time marker last: on a shared space that marker is on top),
    ``leather_due`` (leather patches won but not yet placed), ``bonus_tile`` and
    ``first_to_finish``.
``private[name]``, ``hidden``
    Empty: Patchwork is a game of open information.

The JSON has already passed ``openapi.yaml``'s schema, so shapes and types are right; what is
checked here is what a schema cannot say (a patch on two quilts, an overlap, a bonus tile on a
quilt without a full 7×7 square, …).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.core.envelope import (
    Envelope,
    check_derived,
    envelope_from_json,
    envelope_shape_error,
    envelope_to_json,
)
from engines.core.errors import (
    InvalidState,
    ViolationCollector,
    listing,
    quoted,
    quoted_listing,
    shown,
)
from engines.patchwork import rules
from engines.patchwork.catalogue import BONUS_SQUARES, FINAL_SPACE, PATCH_IDS, PATCHES, PLAYERS
from engines.patchwork.jsonio import read_quilt
from engines.patchwork.setup import check_players, normalize_options
from engines.patchwork.state import LeatherDue, PatchworkState, Quilt

GAME = "patchwork"
RULES_VERSION = "2014-lookout"


def to_move(state: PatchworkState) -> list[str]:
    who = rules.mover(state)
    return [] if who is None else [state.env.players[who]]


def encode_state(state: PatchworkState) -> dict[str, Any]:
    names = state.env.players
    finished = rules.is_finished(state)
    public = {
        "circle": list(state.circle),
        "players": {name: _encode_quilt(q) for name, q in zip(names, state.quilts, strict=True)},
        "on_top": names[state.on_top],
        "leather_due": None
        if state.leather_due is None
        else {"player": names[state.leather_due.player], "count": state.leather_due.count},
        "bonus_tile": None if state.bonus_tile is None else names[state.bonus_tile],
        "first_to_finish": None if state.first_to_finish is None else names[state.first_to_finish],
    }
    return envelope_to_json(
        GAME,
        RULES_VERSION,
        state.env,
        to_move=to_move(state),
        phase=_phase(state),
        finished=finished,
        public=public,
        private={name: {} for name in names},
        hidden={},
    )


def _phase(state: PatchworkState) -> str:
    if state.leather_due is not None:
        return "place_leather_patch"
    return "finished" if rules.is_finished(state) else "play"


def _encode_quilt(q: Quilt) -> dict[str, Any]:
    return {
        "position": q.position,
        "buttons": q.buttons,
        "quilt": [{"patch": pid, "cells": rules.cells_json(m)} for pid, m in q.patches],
        "leather": rules.cells_json(q.leather),
    }


def decode_state(data: Mapping[str, Any]) -> PatchworkState:
    """Load a state, raising :class:`InvalidState` with every violation found."""
    v = ViolationCollector()
    try:
        env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise envelope_shape_error(err) from None
    try:
        state = _checked(data, env, v)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        # A library caller's object of the wrong shape (over HTTP the contract refuses it first).
        v.add("INVALID_STATE_SHAPE", "", f"a state field is missing or malformed: {err}")
        raise InvalidState(v.violations) from None
    v.raise_if_any()
    return state


def _checked(data: Mapping[str, Any], env: Envelope, v: ViolationCollector) -> PatchworkState:
    """The state, every rule it breaks noted in ``v``."""
    check_players(env.players, v)
    opts = normalize_options(list(env.players), env.options, v)
    if opts != dict(env.options):
        v.add("OPTIONS_NOT_NORMALIZED", "/options", "options must be stored as setup returned them")
    state = _load(data, Envelope(env.players, opts, env.turn, env.rng, env.log), v)
    _check_patch_accounting(data["public"]["circle"], env.players, data["public"]["players"], v)
    _check_progress(state, v)
    if not v.violations:  # derived fields are only comparable on an otherwise valid state
        _check_derived(state, data, v)
    return state


def decode_trusted_state(data: Mapping[str, Any]) -> PatchworkState:
    """Load a state this engine encoded (it came back sealed): no rules check.

    Only what building the state needs is read; the violations the readers note on the way are
    not looked at, since a state this engine wrote has none.
    """
    v = ViolationCollector()
    return _load(data, envelope_from_json(data, GAME, (RULES_VERSION,), v), v)


def _load(data: Mapping[str, Any], env: Envelope, v: ViolationCollector) -> PatchworkState:
    """Build the state from ``public``, noting in ``v`` what cannot be read (a missing player)."""
    pub = data["public"]
    names = list(env.players)
    index = {name: i for i, name in enumerate(names)}

    def player_ref(value: Any, pointer: str) -> int:
        if value not in index:
            v.add(
                "UNKNOWN_PLAYER",
                pointer,
                f"{shown(value)} is not one of the players, {quoted_listing(names)}",
            )
            return 0
        return index[value]

    raw_quilts = pub["players"]
    if sorted(raw_quilts) != sorted(names):
        v.add(
            "PLAYERS_MISMATCH",
            "/public/players",
            f"one entry per player ({quoted_listing(names)}) is required",
        )
    quilts = [
        read_quilt(raw_quilts.get(name), f"/public/players/{name}", v) for name in names[:PLAYERS]
    ]
    while len(quilts) < PLAYERS:
        quilts.append(Quilt(0, 0, (), 0))
    due_raw = pub.get("leather_due")
    due = None
    if due_raw is not None:
        due = LeatherDue(
            player_ref(due_raw["player"], "/public/leather_due/player"), due_raw["count"]
        )
    if len(names) > PLAYERS:  # a PLAYER_COUNT violation: the state is built for the report only
        env = replace(env, players=env.players[:PLAYERS])
    return PatchworkState(
        env=env,
        circle=tuple(pub["circle"]),
        quilts=(quilts[0], quilts[1]),
        on_top=player_ref(pub["on_top"], "/public/on_top"),
        leather_due=due,
        bonus_tile=None
        if pub.get("bonus_tile") is None
        else player_ref(pub["bonus_tile"], "/public/bonus_tile"),
        first_to_finish=None
        if pub.get("first_to_finish") is None
        else player_ref(pub["first_to_finish"], "/public/first_to_finish"),
    )


def _check_patch_accounting(
    circle: Sequence[int],
    names: Sequence[str],
    raw_quilts: Mapping[str, Any],
    v: ViolationCollector,
) -> None:
    """Each of the 33 patches is in exactly one place: the circle or one quilt."""
    seen: dict[int, str] = {}
    places = [("/public/circle", list(circle))] + [
        (f"/public/players/{n}/quilt", [p["patch"] for p in raw_quilts.get(n, {}).get("quilt", [])])
        for n in names
    ]
    for pointer, pids in places:
        for i, pid in enumerate(pids):
            if pid in seen:
                v.add("PATCH_USED_TWICE", f"{pointer}/{i}", f"patch {pid} is also in {seen[pid]}")
            seen[pid] = pointer
    missing = sorted(PATCH_IDS - set(seen))
    if missing:
        v.add(
            "PATCH_MISSING",
            "/public/circle",
            f"patches {listing(missing)} are neither in the circle nor placed",
        )
    unknown = sorted(set(circle) - PATCH_IDS)
    if unknown:
        v.add("UNKNOWN_PATCH", "/public/circle", f"there are no patches {listing(unknown)}")


TIME_COST = {p.id: p.time_cost for p in PATCHES}


def _check_progress(state: PatchworkState, v: ViolationCollector) -> None:
    """What the time board, the leather patches and the bonus tile allow."""
    names = state.env.players
    overdrawn = False
    for i, q in enumerate(state.quilts):
        # A patch bought moves its buyer's marker by its time, and nothing moves a marker back.
        spent = min(FINAL_SPACE, sum(TIME_COST[pid] for pid, _ in q.patches))
        if q.position < spent:
            v.add(
                "POSITION_BEHIND_PATCHES",
                f"/public/players/{names[i]}/position",
                f"the patches on the quilt took {spent} time spaces, but the marker is on "
                f"{q.position}",
            )
        # A leather patch is won by moving onto or past its space.
        own = q.leather.bit_count() + (
            state.leather_due.count
            if state.leather_due is not None and state.leather_due.player == i
            else 0
        )
        passed = sum(1 for m in state.leather_positions if m <= q.position)
        if own > passed:
            overdrawn = True
            v.add(
                "TOO_MANY_LEATHER_PATCHES",
                f"/public/players/{names[i]}",
                f"{quoted(names[i])} has won {own} leather patch(es) but passed {passed}",
            )
    # Each leather patch goes to the first player past its space: together, no more than the
    # furthest marker passed (said once: a player who won more than they passed says it too).
    furthest = max(q.position for q in state.quilts)
    taken = sum(1 for m in state.leather_positions if m <= furthest)
    placed = sum(q.leather.bit_count() for q in state.quilts)
    due = state.leather_due.count if state.leather_due else 0
    if placed + due > taken and not overdrawn:
        v.add(
            "TOO_MANY_LEATHER_PATCHES",
            "/public/players",
            f"{placed} placed and {due} due, but only {taken} leather patch(es) were passed",
        )
    if state.leather_due is not None:
        if state.leather_due.count < 1:
            v.add("INVALID_LEATHER_DUE", "/public/leather_due/count", "count must be at least 1")
        if state.quilts[state.leather_due.player].is_full:
            v.add(
                "INVALID_LEATHER_DUE",
                "/public/leather_due",
                "a leather patch won with a full quilt is discarded, never due",
            )
    for i, q in enumerate(state.quilts):
        has_square = any(sq & q.covered == sq for sq in BONUS_SQUARES)
        if state.bonus_tile == i and not has_square:
            v.add(
                "BONUS_TILE_WITHOUT_SQUARE",
                "/public/bonus_tile",
                f"{quoted(names[i])} holds the bonus tile but has no full 7×7 square",
            )
        if state.bonus_tile is None and has_square:
            v.add(
                "BONUS_TILE_NOT_AWARDED",
                "/public/bonus_tile",
                f"{quoted(names[i])} has a full 7×7 square, so the bonus tile has been taken",
            )
    at_end = [i for i, q in enumerate(state.quilts) if q.position == FINAL_SPACE]
    if state.first_to_finish is None and at_end:
        v.add("FIRST_TO_FINISH_MISSING", "/public/first_to_finish", "someone is on the final space")
    if state.first_to_finish is not None and state.first_to_finish not in at_end:
        v.add(
            "FIRST_TO_FINISH_NOT_AT_END",
            "/public/first_to_finish",
            f"{quoted(names[state.first_to_finish])} is not on the final space",
        )


def _check_derived(state: PatchworkState, data: Mapping[str, Any], v: ViolationCollector) -> None:
    check_derived(
        data,
        state.env,
        v,
        to_move=to_move(state),
        phase=_phase(state),
        finished=rules.is_finished(state),
    )
