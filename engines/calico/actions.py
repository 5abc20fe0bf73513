"""Calico actions as JSON, with canonical ids that parse back on their own.

================  ==========================================  ===================================
type              id                                          arguments
================  ==========================================  ===================================
``place_tile``    ``place:<color>-<pattern>:<row>,<col>``     ``tile``, ``cells`` (one cell)
``take_tile``     ``take:<index>:<color>-<pattern>``          ``tile``, ``index`` (market slot)
``choose_goals``  ``goals:<player>:<goal>,<goal>,<goal>``     ``goals`` (goal id per goal space)
``chance``        ``chance:<color>-<pattern>[,…]``            ``drawn`` (tiles, in market order)
================  ==========================================  ===================================

A hand has no order, so a ``chance`` action that deals a hand is read with its tiles in tile-code
order (``chance:green-ferns,pink-dots`` and ``chance:pink-dots,green-ferns`` are one action).

The goals in a ``goals:`` id are those of the spaces 2,3 / 3,4 / 4,2 in that order; ``goals`` is
the object ``{"2,3": id, "3,4": id, "4,2": id}`` or, as a choice's arrangement gives it, the list
of the three ids in that order. A ``place``
or ``take`` id names no player: it is the player whose turn it is. Colour, pattern and goal ids
contain no ``:`` or ``,``, so a player id (last in its field) may contain anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.calico.catalogue import (
    GOAL_INDEX,
    GOAL_KEYS,
    GOALS,
    TILE_BY_KEY,
    TILE_KEYS,
    cell_json,
    tile_json,
)
from engines.calico.jsonio import read_cell, read_goals, read_tile, read_tiles
from engines.calico.rules import (
    CHANCE_SEAT,
    CHOOSE_GOALS,
    DRAW,
    PLACE,
    TAKE,
    Action,
    canonical_take_slot,
)
from engines.calico.state import CalicoState, hand_to_deal
from engines.core.envelope import CHANCE
from engines.core.errors import (
    IllegalAction,
    MalformedAction,
    Reason,
    ViolationCollector,
    quoted,
    shown,
)


def action_id(state: CalicoState, action: Action) -> str:
    if action.kind == PLACE:
        r, c = cell_json(action.cell)
        return f"place:{TILE_KEYS[action.tile]}:{r},{c}"
    if action.kind == TAKE:
        return f"take:{action.slot}:{TILE_KEYS[action.tile]}"
    if action.kind == CHOOSE_GOALS:
        goals = ",".join(GOALS[g].id for g in action.goals)
        return f"goals:{_name(state, action.player)}:{goals}"
    return "chance:" + ",".join(TILE_KEYS[t] for t in action.drawn)


def encode_action(state: CalicoState, action: Action) -> dict[str, Any]:
    player = CHANCE if action.player == CHANCE_SEAT else _name(state, action.player)
    out: dict[str, Any] = {"id": action_id(state, action), "type": action.kind, "player": player}
    if action.kind == PLACE:
        out["tile"] = tile_json(action.tile)
        out["cells"] = [cell_json(action.cell)]
    elif action.kind == TAKE:
        out["tile"] = tile_json(action.tile)
        out["index"] = action.slot
    elif action.kind == CHOOSE_GOALS:
        out["goals"] = {k: GOALS[g].id for k, g in zip(GOAL_KEYS, action.goals, strict=True)}
    else:
        out["drawn"] = [tile_json(t) for t in action.drawn]
    return out


def actor(state: CalicoState, action: Action) -> str:
    """Who takes the action: a player's id, or ``"chance"`` for a reported draw."""
    name = CHANCE if action.player == CHANCE_SEAT else _name(state, action.player)
    assert name is not None, "an applied action always has an actor"
    return name


def decode_action(state: CalicoState, data: Mapping[str, Any]) -> Action:
    """An action from its JSON object, or from ``{"id": …}`` alone."""
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object")
    if "type" not in data:
        if "id" not in data:
            raise MalformedAction("an action needs a type or an id")
        return decode_id(state, data["id"])
    kind = data["type"]
    if kind == DRAW:
        if data.get("player", CHANCE) != CHANCE:
            raise MalformedAction(f"a chance action is the table's: player is {quoted(CHANCE)}")
        action = Action(DRAW, CHANCE_SEAT, drawn=tuple(_tiles(data.get("drawn"), "drawn")))
    elif kind in (PLACE, TAKE, CHOOSE_GOALS):
        seat = _seat(state, data.get("player"))
        if kind == PLACE:
            cells = data.get("cells")
            if not isinstance(cells, Sequence) or isinstance(cells, str) or len(cells) != 1:
                raise MalformedAction("place_tile covers exactly one cell: cells is [[row, col]]")
            action = Action(PLACE, seat, tile=_tile(data.get("tile")), cell=_cell(cells[0]))
        elif kind == TAKE:
            index = data.get("index")
            if not isinstance(index, int) or isinstance(index, bool):
                raise MalformedAction("take_tile needs the market slot, index")
            action = Action(TAKE, seat, tile=_tile(data.get("tile")), slot=index)
        else:
            v = ViolationCollector()
            goals = read_goals(_goal_layout(data.get("goals")), "/goals", v)
            if goals is None:
                raise MalformedAction("; ".join(x.detail for x in v.violations))
            action = Action(CHOOSE_GOALS, seat, goals=goals)
    else:
        raise MalformedAction(
            f"unknown action type {shown(kind)}: Calico has place_tile, take_tile, choose_goals, "
            "chance"
        )
    if "id" in data and data["id"] != action_id(state, action):
        raise MalformedAction(
            f"the id {shown(data['id'])} does not match the action, whose id is "
            f"{action_id(state, action)}"
        )
    return _canonical(state, action)


def decode_id(state: CalicoState, text: Any) -> Action:
    if not isinstance(text, str):
        raise MalformedAction("an action id is a string")
    kind, _, rest = text.partition(":")
    try:
        if kind == "place":
            key, _, where = rest.partition(":")
            r, c = where.split(",")
            return Action(PLACE, _mover(state), tile=_key(key), cell=_cell([int(r), int(c)]))
        if kind == "take":
            index, _, key = rest.partition(":")
            take = Action(TAKE, _mover(state), tile=_key(key), slot=int(index))
            return _canonical(state, take)
        if kind == "goals":
            player, _, goals = rest.rpartition(":")
            ids = goals.split(",")
            if len(ids) != len(GOAL_KEYS) or not all(g in GOAL_INDEX for g in ids):
                raise ValueError(goals)
            return Action(
                CHOOSE_GOALS, _seat(state, player), goals=tuple(GOAL_INDEX[g] for g in ids)
            )
        if kind == "chance":
            drawn = tuple(_key(k) for k in rest.split(",") if k)
            return _canonical(state, Action(DRAW, CHANCE_SEAT, drawn=drawn))
    except ValueError:
        pass
    raise MalformedAction(
        f"{quoted(text)} is not a Calico action id (place:…, take:…, goals:…, chance:…)"
    )


def _canonical(state: CalicoState, action: Action) -> Action:
    """One action for each outcome: a take names the first slot whose take leaves the same market
    (see canonical_take_slot); a hand's draw lists its tiles in tile-code order."""
    if action.kind == DRAW and hand_to_deal(state) is not None:
        return action._replace(drawn=tuple(sorted(action.drawn)))
    market = state.market
    if (
        action.kind == TAKE
        and 0 <= action.slot < len(market)
        and market[action.slot] == action.tile
    ):
        return action._replace(slot=canonical_take_slot(state, action.slot))
    return action


def _goal_layout(raw: Any) -> Any:
    """``goals`` as the object ``{"2,3": id, "3,4": id, "4,2": id}``: a list of 3 goal ids (what
    a choice's arrangement gives) names them for the goal spaces in that order."""
    if type(raw) is list and len(raw) == len(GOAL_KEYS):
        return dict(zip(GOAL_KEYS, raw, strict=True))
    return raw


def _mover(state: CalicoState) -> int:
    """The seat whose turn it is (-2 when nobody's: the check then says why)."""
    seats = state.movers
    return seats[0] if len(seats) == 1 else -2


def _name(state: CalicoState, seat: int) -> str | None:
    """The player at ``seat``; None for an id decoded when it was nobody's turn."""
    return state.env.players[seat] if 0 <= seat < len(state.env.players) else None


def _seat(state: CalicoState, name: Any) -> int:
    if name not in state.env.players:
        raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{shown(name)} is not playing")])
    return state.env.players.index(name)


def _key(key: str) -> int:
    if key not in TILE_BY_KEY:
        raise MalformedAction(f"{quoted(key)} is not a tile like pink-dots")
    return TILE_BY_KEY[key]


def _tile(raw: Any) -> int:
    v = ViolationCollector()
    tile = read_tile(raw, "/tile", v)
    if tile is None:
        raise MalformedAction("; ".join(x.detail for x in v.violations))
    return tile


def _tiles(raw: Any, field: str) -> list[int]:
    v = ViolationCollector()
    tiles = read_tiles(raw, f"/{field}", v)
    if v.violations:
        raise MalformedAction("; ".join(x.detail for x in v.violations))
    return tiles


def _cell(raw: Any) -> int:
    v = ViolationCollector()
    index = read_cell(raw, "/cells/0", v)
    if index is None:
        problem = v.violations[0]
        if problem.code == "OUT_OF_BOUNDS":
            raise IllegalAction([Reason("OUT_OF_BOUNDS", problem.detail)])
        raise MalformedAction(problem.detail)
    return index
