"""The simplified game's rules: placing, what a placement earns, the check with reasons, scores.

A turn (text, steps 2 to 5): the patch drawn goes on an empty space of the player's board that
touches a placed patch edge to edge; a goal pattern completed by it (an instance of its shape
that holds the new patch, every space filled, the colours as the goal asks) gives that goal's
button at once, one button per goal per placement, several goals together all theirs; a cat card
whose pattern it completes (its shape in its colour, holding the new patch, on patches no cat
covers) puts that cat on those patches, while the player has fewer than 3 cats. A placement
earns one cat at most: every pattern it completes holds the new patch, and cats never share a
patch. If it completes several, the first card revealed is taken, at its first place in the
board's order (lowest cells).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from engines.calico.catalogue import COLORS
from engines.calico_simplified.catalogue import (
    BUTTON_POINTS,
    CAT_CARDS,
    DIFFERENT,
    GOALS,
    GRID,
    MAX_CATS,
    SAME,
    cell_json,
    cells_json,
)
from engines.calico_simplified.state import Board, SimplifiedState
from engines.core.envelope import CHANCE
from engines.core.errors import IllegalAction, Reason
from engines.core.protocol import Event
from engines.core.scoring import Component

PLACE = "place_patch"
DRAW = "draw"
CHANCE_SEAT = -1


class Action(NamedTuple):
    kind: str
    player: int
    cell: int = -1
    color: int = -1


def matches(board: Board, cells: int, kind: str, color: int = -1) -> bool:
    """Whether the patches on ``cells`` (all filled) show the pattern: one colour (``color``
    if given), or all different."""
    if cells & ~board.filled:
        return False
    colors = board.colors
    seen = [colors[i] for i in range(GRID.rows * GRID.cols) if cells >> i & 1]
    if kind == DIFFERENT:
        return len(set(seen)) == len(seen)
    return len(set(seen)) == 1 and color in (-1, seen[0])


def buttons_earned(board: Board, cell: int, goals: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(goal, cells)`` for each goal whose pattern the patch on ``cell`` completed."""
    out = []
    for g in goals:
        goal = GOALS[g]
        for cells in goal.placements:
            if cells >> cell & 1 and matches(board, cells, goal.kind):
                out.append((g, cells))
                break
    return out


def cats_earned(board: Board, cell: int, cats: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(cat card, cells)`` of the cat the patch on ``cell`` attracts: none or one (see the
    module's words), and none once the player has their 3 cats."""
    if len(board.cats) >= MAX_CATS:
        return []
    for k in cats:
        card = CAT_CARDS[k]
        for cells in card.placements:
            if (
                cells >> cell & 1
                and not cells & board.catted
                and matches(board, cells, SAME, card.color)
            ):
                return [(k, cells)]
    return []


def place(
    board: Board, cell: int, color: int, goals: tuple[int, ...], cats: tuple[int, ...]
) -> Board:
    """The board with ``color`` on ``cell`` and what that placement earned."""
    # What the placement completes is judged on the patches and the cats already there.
    after = Board((*board.placed, (cell, color)), cats=board.cats)
    return Board(
        after.placed,
        (*board.buttons, *buttons_earned(after, cell, goals)),
        (*board.cats, *cats_earned(after, cell, cats)),
    )


def check(state: SimplifiedState, action: Action) -> list[Reason]:
    if state.finished:
        return [Reason("GAME_OVER", "the game is over")]
    if action.kind == DRAW:
        if state.drawn is not None:
            return [Reason("NO_DRAW_DUE", "the patch of this turn is already drawn")]
        return []
    if state.drawn is None:
        return [Reason("DRAW_PENDING", "the table must first report the patch drawn")]
    if action.player != state.seat:
        who = state.env.players[state.seat]
        return [Reason("NOT_YOUR_TURN", f"it is {who}'s turn")]
    if action.color != state.drawn:
        drawn = COLORS[state.drawn]
        return [Reason("NOT_THE_PATCH_DRAWN", f"the patch to place is the {drawn} one drawn")]
    board = state.boards[action.player]
    where = cell_json(action.cell)
    if board.filled >> action.cell & 1:
        return [Reason("SPACE_TAKEN", f"space {where} already holds a patch")]
    if not board.open_spaces >> action.cell & 1:
        return [Reason("NOT_TOUCHING", f"space {where} touches no patch placed")]
    return []


def legal_actions(state: SimplifiedState, player: int | None = None) -> list[Action]:
    if state.finished:
        return []
    if state.drawn is None:
        if player in (None, CHANCE_SEAT):
            return [Action(DRAW, CHANCE_SEAT, color=c) for c in range(len(COLORS))]
        return []
    if player not in (None, state.seat):
        return []
    free = state.boards[state.seat].open_spaces
    drawn = state.drawn
    return [
        Action(PLACE, state.seat, i, drawn) for i in range(GRID.rows * GRID.cols) if free >> i & 1
    ]


def apply(state: SimplifiedState, action: Action) -> tuple[SimplifiedState, list[Event]]:
    reasons = check(state, action)
    if reasons:
        raise IllegalAction(reasons)
    if action.kind == DRAW:
        return replace(state, drawn=action.color), [
            {
                "type": "patch_drawn",
                "player": state.env.players[state.seat],
                "color": COLORS[action.color],
            }
        ]
    seat, color = action.player, state.drawn
    assert color is not None
    board = state.boards[seat]
    after = place(board, action.cell, color, state.goals, state.cats)
    name = state.env.players[seat]
    events: list[Event] = [
        {
            "type": "patch_placed",
            "player": name,
            "cell": cell_json(action.cell),
            "color": COLORS[color],
        }
    ]
    for g, cells in after.buttons[len(board.buttons) :]:
        events.append(
            {
                "type": "button_taken",
                "player": name,
                "goal": GOALS[g].id,
                "cells": cells_json(cells),
            }
        )
    for k, cells in after.cats[len(board.cats) :]:
        events.append(
            {
                "type": "cat_taken",
                "player": name,
                "cat": CAT_CARDS[k].id,
                "cells": cells_json(cells),
            }
        )
    boards = (*state.boards[:seat], after, *state.boards[seat + 1 :])
    new = replace(state, boards=boards, drawn=None)
    if not new.finished and new.env.rng.mode == "seeded":
        rng = new.env.rng.generator()
        drawn = rng.randbelow(len(COLORS))
        new = replace(new, drawn=drawn, env=new.env.advanced(rng))
    return new, events


def score_lines(board: Board) -> tuple[Component, Component]:
    """Buttons (3 each) and cats (their points), line by line."""
    buttons = Component(
        "buttons",
        f"Buttons × {BUTTON_POINTS}",
        BUTTON_POINTS * len(board.buttons),
        {"buttons": [GOALS[g].id for g, _ in board.buttons]},
    )
    cats = Component(
        "cats",
        "Cats",
        sum(CAT_CARDS[k].points for k, _ in board.cats),
        {"cats": [CAT_CARDS[k].id for k, _ in board.cats]},
    )
    return buttons, cats


def actor_name(state: SimplifiedState, action: Action) -> str:
    return CHANCE if action.player == CHANCE_SEAT else state.env.players[action.player]
