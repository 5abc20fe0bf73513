"""The simplified game's state and actions as JSON, and loading a state with every violation.

``public``
    ``goals`` (the three goal pattern ids), ``cats`` (the three cat card ids), ``drawn`` (the
    colour of the patch this turn's player holds, or null while the table owes the draw and at
    the end) and per player ``players[name]``: ``patches`` (``{cell, color}`` in the order
    placed, the three starting patches first), ``buttons`` (``{goal, cells}`` in the order taken)
    and ``cats`` (``{cat, cells}``).
``private``, ``hidden``
    Empty: nothing is secret. The bag never runs out, so it holds no information to hide; the
    generator (``rng``) is what a view leaves out.

Loading replays each board's placements, so the buttons and cats a state claims must be exactly
those play would have awarded; the number of patches, ``turn`` and ``drawn`` must agree with
seat order.

Actions: ``place_patch`` (id ``place:<row>,<col>``; ``cells`` one cell, ``color`` the patch
drawn) and the table's ``draw`` (id ``draw:<color>``, player ``chance``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.calico.catalogue import COLORS
from engines.calico_simplified.catalogue import (
    CAT_CARDS,
    CAT_INDEX,
    CATS_IN_PLAY,
    GOAL_INDEX,
    GOALS,
    GOALS_IN_PLAY,
    GRID,
    START_CELLS,
    cell_json,
    cells_json,
)
from engines.calico_simplified.rules import CHANCE_SEAT, DRAW, PLACE, Action, place
from engines.calico_simplified.setup import check_players, normalize_options, read_color, read_ids
from engines.calico_simplified.state import Board, SimplifiedState
from engines.core.envelope import (
    CHANCE,
    check_derived,
    envelope_from_json,
    envelope_shape_error,
    envelope_to_json,
)
from engines.core.errors import IllegalAction, MalformedAction, Reason, ViolationCollector, shown

GAME = "calico_simplified"
RULES_VERSION = "fa-simplified-1"
"""The simplified game of the Persian Calico rulebook, with this service's documented readings."""


def board_json(board: Board) -> dict[str, Any]:
    return {
        "patches": [{"cell": cell_json(i), "color": COLORS[c]} for i, c in board.placed],
        "buttons": [{"goal": GOALS[g].id, "cells": cells_json(m)} for g, m in board.buttons],
        "cats": [{"cat": CAT_CARDS[k].id, "cells": cells_json(m)} for k, m in board.cats],
    }


def phase(state: SimplifiedState) -> str:
    if state.finished:
        return "finished"
    return "place_patch" if state.drawn is not None else "draw"


def to_move(state: SimplifiedState) -> list[str]:
    if state.finished:
        return []
    if state.drawn is None:
        return [CHANCE]
    return [state.env.players[state.seat]]


def encode_state(state: SimplifiedState) -> dict[str, Any]:
    names = state.env.players
    public = {
        "goals": [GOALS[g].id for g in state.goals],
        "cats": [CAT_CARDS[k].id for k in state.cats],
        "drawn": None if state.drawn is None else COLORS[state.drawn],
        "players": {n: board_json(b) for n, b in zip(names, state.boards, strict=True)},
    }
    return envelope_to_json(
        GAME,
        RULES_VERSION,
        state.env,
        to_move=to_move(state),
        phase=phase(state),
        finished=state.finished,
        public=public,
        private={},
        hidden={},
    )


def read_board(
    raw: Any,
    goals: tuple[int, ...],
    cats: tuple[int, ...],
    pointer: str,
    v: ViolationCollector,
    *,
    claims: bool = True,
) -> Board | None:
    """A board replayed from its patches; its buttons and cats must be what play awarded."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("patches"), list):
        v.add("INVALID_STATE_SHAPE", pointer, "a board is {patches, buttons, cats}")
        return None
    patches = raw["patches"]
    placed: list[tuple[int, int]] = []
    for i, p in enumerate(patches):
        at = f"{pointer}/patches/{i}"
        cell = p.get("cell") if isinstance(p, Mapping) else None
        if not (
            isinstance(cell, list)
            and len(cell) == 2
            and all(type(x) is int for x in cell)
            and GRID.contains((cell[0], cell[1]))
        ):
            v.add("OUT_OF_BOUNDS", f"{at}/cell", f"{shown(cell)} is not a space of the 5×5 board")
            return None
        color = read_color(p.get("color"), f"{at}/color", v)
        if color is None:
            return None
        placed.append((GRID.index((cell[0], cell[1])), color))
    if len(placed) < len(START_CELLS) or tuple(c for c, _ in placed[:3]) != START_CELLS:
        v.add(
            "START_SPACES",
            f"{pointer}/patches",
            "a board starts with three patches on [0, 0], [0, 1], [0, 2]",
        )
        return None
    board = Board(tuple(placed[:3]))
    for i, (cell, color) in enumerate(placed[3:], start=3):
        if board.filled >> cell & 1:
            v.add("SPACE_TAKEN", f"{pointer}/patches/{i}", f"space {cell_json(cell)} is taken")
            return None
        if not board.open_spaces >> cell & 1:
            v.add(
                "NOT_TOUCHING",
                f"{pointer}/patches/{i}",
                f"space {cell_json(cell)} touched no patch when it was placed",
            )
            return None
        board = place(board, cell, color, goals, cats)
    claimed = {k: raw.get(k) for k in ("buttons", "cats")} if claims else {}
    earned = board_json(board)
    for key, value in claimed.items():
        if value != earned[key]:
            v.add(
                "TOKENS_MISMATCH",
                f"{pointer}/{key}",
                f"the placements earn the {key} {shown(earned[key])}, not {shown(value)}",
            )
    return board


def decode_state(data: Mapping[str, Any]) -> SimplifiedState:
    v = ViolationCollector()
    try:
        env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
        public = data["public"]
        players = env.players
        check_players(list(players), v)
        normalize_options(env.options, v)
        goals = read_ids(public["goals"], GOAL_INDEX, GOALS_IN_PLAY, "goal", "/public/goals", v)
        cats = read_ids(public["cats"], CAT_INDEX, CATS_IN_PLAY, "cat", "/public/cats", v)
        raw_drawn = public.get("drawn")
        drawn = None if raw_drawn is None else read_color(raw_drawn, "/public/drawn", v)
        raw_boards = public["players"]
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise envelope_shape_error(err) from None
    if not isinstance(raw_boards, Mapping) or set(raw_boards) != set(players):
        v.add("PLAYERS_MISMATCH", "/public/players", "public.players has one board per player")
    v.raise_if_any()
    assert goals is not None and cats is not None
    boards = tuple(
        read_board(raw_boards[n], goals, cats, f"/public/players/{n}", v) for n in players
    )
    v.raise_if_any()
    state = SimplifiedState(env, goals, cats, tuple(b for b in boards if b is not None), drawn)
    n, made = len(players), state.placements
    for seat, board in enumerate(state.boards):
        due = len(START_CELLS) + made // n + (1 if seat < made % n else 0)
        if len(board.placed) != due:
            v.add(
                "PLACEMENT_COUNTS",
                f"/public/players/{players[seat]}/patches",
                f"in seat order {players[seat]} has placed {due} patches, not {len(board.placed)}",
            )
    if not v.violations:
        if state.finished and drawn is not None:
            v.add("DRAWN_AT_END", "/public/drawn", "the game is over: no patch is drawn")
        if not state.finished and drawn is None and env.rng.mode == "seeded":
            v.add("DRAW_MISSING", "/public/drawn", "seeded mode draws each turn's patch at once")
        seeded = env.rng.mode == "seeded"
        turn = made if seeded else 2 * made + (drawn is not None)
        if env.turn != turn:
            v.add("TURN_MISMATCH", "/turn", f"{made} patches placed make turn {turn}")
    if not v.violations:
        check_derived(
            data,
            env,
            v,
            to_move=to_move(state),
            phase=phase(state),
            finished=state.finished,
        )
    v.raise_if_any()
    return state


# --- actions --------------------------------------------------------------------------------------


def action_id(action: Action) -> str:
    if action.kind == PLACE:
        r, c = cell_json(action.cell)
        return f"place:{r},{c}"
    return f"draw:{COLORS[action.color]}"


def encode_action(state: SimplifiedState, action: Action) -> dict[str, Any]:
    if action.kind == DRAW:
        return {
            "id": action_id(action),
            "type": DRAW,
            "player": CHANCE,
            "color": COLORS[action.color],
        }
    return {
        "id": action_id(action),
        "type": PLACE,
        "player": state.env.players[action.player],
        "color": COLORS[action.color],
        "cells": [cell_json(action.cell)],
    }


def _color(raw: Any) -> int:
    v = ViolationCollector()
    color = read_color(raw, "/color", v)
    if color is None:
        raise MalformedAction(v.violations[0].detail)
    return color


def _cell(raw: Any) -> int:
    if not (isinstance(raw, Sequence) and len(raw) == 2 and all(type(x) is int for x in raw)):
        raise MalformedAction("a cell is [row, col]")
    if not GRID.contains((raw[0], raw[1])):
        raise IllegalAction(
            [Reason("OUT_OF_BOUNDS", f"{list(raw)} is not a space of the 5×5 board")]
        )
    return GRID.index((raw[0], raw[1]))


def _drawn(state: SimplifiedState) -> int:
    return -1 if state.drawn is None else state.drawn


def decode_action(state: SimplifiedState, data: Mapping[str, Any]) -> Action:
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object")
    if "type" not in data:
        if "id" not in data:
            raise MalformedAction("an action needs a type or an id")
        return decode_id(state, data["id"])
    kind = data["type"]
    if kind == DRAW:
        if data.get("player", CHANCE) != CHANCE:
            raise MalformedAction(f"a draw is the table's: player is {CHANCE!r}")
        action = Action(DRAW, CHANCE_SEAT, color=_color(data.get("color")))
    elif kind == PLACE:
        name = data.get("player")
        if name not in state.env.players:
            raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{shown(name)} is not playing")])
        cells = data.get("cells")
        if not isinstance(cells, list) or len(cells) != 1:
            raise MalformedAction("place_patch covers exactly one cell: cells is [[row, col]]")
        color = _color(data["color"]) if "color" in data else _drawn(state)
        action = Action(PLACE, state.env.players.index(name), _cell(cells[0]), color)
    else:
        raise MalformedAction(
            f"unknown action type {shown(kind)}: the simplified game has place_patch and draw"
        )
    if "id" in data and data["id"] != action_id(action):
        raise MalformedAction(
            f"the id {shown(data['id'])} does not match the action, whose id is {action_id(action)}"
        )
    return action


def decode_id(state: SimplifiedState, text: Any) -> Action:
    if isinstance(text, str):
        kind, _, rest = text.partition(":")
        if kind == "draw" and rest in COLORS:
            return Action(DRAW, CHANCE_SEAT, color=COLORS.index(rest))
        if kind == "place":
            try:
                r, c = (int(x) for x in rest.split(","))
            except ValueError:
                pass
            else:
                return Action(PLACE, state.seat, _cell([r, c]), _drawn(state))
    raise MalformedAction(
        f"{shown(text)} is not an action id of the simplified game (place:…, draw:…)"
    )


def decode_trusted_state(data: Mapping[str, Any]) -> SimplifiedState:
    """A state this engine encoded itself: read as written, its buttons and cats as stated,
    without the rules check (the contract's schema has checked its shape)."""
    v = ViolationCollector()
    try:
        env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
        public = data["public"]
        colors = {c: i for i, c in enumerate(COLORS)}
        boards = []
        for name in env.players:
            raw = public["players"][name]
            boards.append(
                Board(
                    tuple(
                        (GRID.index(tuple(p["cell"])), colors[p["color"]]) for p in raw["patches"]
                    ),
                    tuple(
                        (GOAL_INDEX[b["goal"]], GRID.mask(map(tuple, b["cells"])))
                        for b in raw["buttons"]
                    ),
                    tuple(
                        (CAT_INDEX[c["cat"]], GRID.mask(map(tuple, c["cells"])))
                        for c in raw["cats"]
                    ),
                )
            )
        drawn = public["drawn"]
        return SimplifiedState(
            env,
            tuple(GOAL_INDEX[g] for g in public["goals"]),
            tuple(CAT_INDEX[k] for k in public["cats"]),
            tuple(boards),
            None if drawn is None else colors[drawn],
        )
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise envelope_shape_error(err) from None
