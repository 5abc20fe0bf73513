"""Patchwork actions as JSON, with canonical ids that parse back on their own.

=======================  ========================  ==========================
type                     id                        arguments
=======================  ========================  ==========================
``advance``              ``advance``               none
``buy_patch``            ``buy:<patch>:<cells>``   ``patch``, ``cells``
``place_leather_patch``  ``leather:<cells>``       ``cells`` (one cell)
=======================  ========================  ==========================

``<cells>`` is ``row,col`` pairs joined by ``;`` (a canonical id lists them in row-major order).
An id names no player: it is the player whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.errors import IllegalAction, MalformedAction, Reason, listing, quoted, shown
from engines.core.polyomino import cells_to_mask
from engines.patchwork import rules
from engines.patchwork.catalogue import PATCH_IDS, QUILT
from engines.patchwork.codec import GAME
from engines.patchwork.rules import Action
from engines.patchwork.state import PatchworkState


def action_id(action: Action) -> str:
    kind, _, pid, mask = action
    if kind == rules.ADVANCE:
        return "advance"
    cells = _cells_text(mask)
    if kind == rules.PLACE_LEATHER:
        return f"leather:{cells}"
    return f"buy:{pid}:{cells}"


def _cells_text(mask: int) -> str:
    return ";".join(f"{r},{c}" for r, c in rules.cells_of(mask))


def encode_action(state: PatchworkState, action: Action) -> dict[str, Any]:
    """The action's JSON object, a new one at every call (its lists too): a caller may change it.
    The cells of a mask are remembered (:func:`rules.cells_of`, an immutable tuple)."""
    kind, who, pid, mask = action
    player = state.env.players[who]
    if kind == rules.ADVANCE:
        return {"id": "advance", "type": kind, "player": player}
    cells = [[r, c] for r, c in rules.cells_of(mask)]
    if kind == rules.PLACE_LEATHER:
        return {
            "id": f"leather:{_cells_text(mask)}",
            "type": kind,
            "player": player,
            "cells": cells,
        }
    return {
        "id": f"buy:{pid}:{_cells_text(mask)}",
        "type": kind,
        "player": player,
        "patch": pid,
        "cells": cells,
    }


def decode_action(state: PatchworkState, data: Mapping[str, Any]) -> Action:
    """An action from its JSON object or from ``{"id": …}`` alone (the player is then the mover)."""
    if "type" not in data:
        if "id" not in data:
            raise MalformedAction("an action needs a type or an id")
        return _decode_id(state, str(data["id"]))
    kind = data["type"]
    player = _player_index(state, data.get("player"))
    if kind == rules.ADVANCE:
        action: Action = (kind, player, -1, 0)
    elif kind in (rules.BUY_PATCH, rules.PLACE_LEATHER):
        if "cells" not in data or (kind == rules.BUY_PATCH and "patch" not in data):
            raise MalformedAction(
                f"a {kind} action needs cells" + (" and a patch" if kind == rules.BUY_PATCH else "")
            )
        pid = data["patch"] if kind == rules.BUY_PATCH else -1
        if kind == rules.BUY_PATCH and pid not in PATCH_IDS:
            raise IllegalAction([Reason("UNKNOWN_PATCH", f"there is no patch {shown(pid)}")])
        action = (kind, player, pid, _cells_to_mask(data["cells"], kind))
    else:
        raise MalformedAction(f"unknown action type {shown(kind)} for {GAME}")
    if "id" in data and data["id"] != action_id(action):
        raise MalformedAction(
            f"the id {shown(data['id'])} does not match the action, whose id is {action_id(action)}"
        )
    return action


def _decode_id(state: PatchworkState, text: str) -> Action:
    who = rules.mover(state)
    player = -1 if who is None else who
    kind, _, rest = text.partition(":")
    try:
        if kind == "advance" and not rest:
            return (rules.ADVANCE, player, -1, 0)
        if kind == "leather":
            return (
                rules.PLACE_LEATHER,
                player,
                -1,
                _cells_to_mask(_parse_cells(rest), rules.PLACE_LEATHER),
            )
        if kind == "buy":
            pid_text, _, cells = rest.partition(":")
            pid = int(pid_text)
            if pid not in PATCH_IDS:
                raise IllegalAction([Reason("UNKNOWN_PATCH", f"there is no patch {pid}")])
            return (
                rules.BUY_PATCH,
                player,
                pid,
                _cells_to_mask(_parse_cells(cells), rules.BUY_PATCH),
            )
    except ValueError:
        pass
    raise MalformedAction(
        f"{quoted(text)} is not a Patchwork action id (advance, buy:…, leather:…)"
    )


def _parse_cells(text: str) -> list[list[int]]:
    cells = []
    for part in text.split(";"):
        r, c = part.split(",")
        cells.append([int(r), int(c)])
    return cells


def _cells_to_mask(cells: Sequence[Sequence[int]], kind: str) -> int:
    pairs = [(int(r), int(c)) for r, c in cells]
    off = [list(p) for p in pairs if not (0 <= p[0] < QUILT.rows and 0 <= p[1] < QUILT.cols)]
    if off:
        raise IllegalAction([Reason("OUT_OF_BOUNDS", f"off the 9×9 quilt: {listing(off)}")])
    mask = cells_to_mask(pairs, QUILT.cols)
    if mask.bit_count() != len(pairs):
        raise IllegalAction([Reason("SHAPE_MISMATCH", "the same cell is listed twice")])
    if kind == rules.PLACE_LEATHER and len(pairs) != 1:
        raise IllegalAction([Reason("SHAPE_MISMATCH", "a leather patch covers exactly one cell")])
    return mask


def _player_index(state: PatchworkState, name: Any) -> int:
    if name not in state.env.players:
        raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{shown(name)} is not playing")])
    return state.env.players.index(name)
