"""The simplified Calico game as a picture: the three goal patterns, the three cat cards, the patch
drawn, and each player's 5×5 quilt board with its buttons and cats (SVG).

Nothing in this game is hidden (the bag never runs out), so a state is drawn from the state
itself, the same for every viewer but for the words that say who looks. With the score, the
patches of every button and cat are outlined (buttons blue, cats red) with their points beside
them, and each player's score lines and total are written beside the board.

The hex geometry, the colours and the outlines are Calico's (``engines.calico.render``). What
depends only on the catalogue is written once, at import, as immutable strings: each patch on
each space, the empty board, each goal and cat card in each of the three places. A call joins
them (see ``engines.core.svg``).
"""

from __future__ import annotations

from collections.abc import Mapping
from math import atan2
from operator import itemgetter
from typing import Any

from engines.calico.catalogue import COLORS as COLOR_NAMES
from engines.calico.render import COLORS, OUTLINE, PLACE, W, centre, hexagon
from engines.calico_simplified.catalogue import (
    BUTTON_POINTS,
    CAT_CARDS,
    CAT_INDEX,
    CAT_SHAPES,
    GOAL_INDEX,
    GOALS,
    GOALS_IN_PLAY,
    GRID,
    MAX_CATS,
    MAX_PLAYERS,
    SAME,
    SPACES,
    START_CELLS,
)
from engines.calico_simplified.codec import to_move
from engines.calico_simplified.positions import read_position
from engines.calico_simplified.state import Board, SimplifiedState
from engines.core.hexgrid import Axial
from engines.core.scoring import PlayerScore, ScoreBreakdown
from engines.core.svg import (
    BOLD,
    MIDDLE,
    at,
    document,
    esc,
    group,
    points,
    polygon,
    signed,
    text,
)

MARGIN = 20
PANEL_W = 400
PANEL_H = 236
WIDTH = MARGIN * 2 + PANEL_W * 2
"""Two boards a row; a single player's board keeps the width the goals and cats need."""
TOP = 176
"""Where the first row of boards starts, under the goals and the cats."""
COLUMN_W = 266
"""The width of each of the three goal and cat places."""
SCALE = 1.5
"""A board is drawn half again as large as Calico's: a finished one holds some twenty buttons,
each marked with its points."""
BOARD_W = (GRID.cols + 0.5) * W * SCALE
CAT_INK = "#c0392b"
BUTTON_INK = "#1f5fa8"
CELLS = [divmod(i, GRID.cols) for i in range(GRID.rows * GRID.cols)]

MINI_R = 8
"""A hexagon of a goal's or cat's shape: half a board's."""
MINI_W = 13.86
MINI_ROW = 12
SAME_FILL = "#b7ab92"
"""A goal of one colour is drawn in one neutral colour: any colour completes it."""


def _mini_hex(cx: float, cy: float, fill: str) -> str:
    h = MINI_W / 2
    corners = [
        (cx, cy - MINI_R),
        (cx + h, cy - MINI_R / 2),
        (cx + h, cy + MINI_R / 2),
        (cx, cy + MINI_R),
        (cx - h, cy + MINI_R / 2),
        (cx - h, cy - MINI_R / 2),
    ]
    return polygon(corners, fill, ' stroke="#333" stroke-width="0.75"')


def _shape(shape: tuple[Axial, ...], fills: list[str]) -> str:
    """A shape of axial cells, its leftmost hexagon's left edge and its top row's top at the
    origin, each cell filled in turn with ``fills``."""
    xs = [MINI_W * (q + r / 2) for q, r in shape]
    left = min(xs) - MINI_W / 2
    return "".join(
        _mini_hex(x - left, MINI_R + MINI_ROW * r, fills[i % len(fills)])
        for i, (x, (_, r)) in enumerate(zip(xs, shape, strict=True))
    )


# --- written once, from the catalogue (150 patches, 5 goals and 36 cats in 3 places: bounded) --

SWATCH: dict[int, str] = {
    i: hexagon(0, 0, COLORS[name], ' stroke="#333" stroke-width="0.75"')
    for i, name in enumerate(COLOR_NAMES)
}
"""Each colour's patch, centred on the origin."""
PATCH: dict[tuple[int, int], str] = {
    (cell, color): PLACE[CELLS[cell]] + SWATCH[color] + "</g>"
    for cell in range(len(CELLS))
    for color in SWATCH
}
"""Each colour's patch on each space of a board whose top left corner is the origin."""
EMPTY_BOARD = "".join(
    hexagon(*centre(0, 0, r, c), "#efe6d2", ' stroke="#b9ab8c" stroke-width="0.75"')
    for r, c in CELLS
)
GOAL_AT: dict[tuple[int, int], str] = {
    (slot, g): at(MARGIN + slot * COLUMN_W, 58)
    + group(f"goal: {goal.label}")
    + _shape(
        goal.shape,
        [SAME_FILL] if goal.kind == SAME else [COLORS[name] for name in COLOR_NAMES],
    )
    + text(62, 12, goal.label, 9)
    + text(62, 26, f"{goal.id}, a button of {BUTTON_POINTS}", 8, "", "#666")
    + "</g></g>"
    for slot in range(3)
    for g, goal in enumerate(GOALS)
}
CAT_AT: dict[tuple[int, int], str] = {
    (slot, k): at(MARGIN + slot * COLUMN_W, 120)
    + group(f"cat card: {card.id}")
    + _shape(CAT_SHAPES[card.shape].shape, [COLORS[COLOR_NAMES[card.color]]])
    + text(80, 12, f"{CAT_SHAPES[card.shape].id.capitalize()}, {COLOR_NAMES[card.color]}", 10)
    + text(80, 26, f"{card.points} points", 9, "", "#666")
    + "</g></g>"
    for slot in range(3)
    for k, card in enumerate(CAT_CARDS)
}
HEADINGS = text(
    MARGIN, 48, "Goals: a placement that completes one takes its button", 11, BOLD
) + text(MARGIN, 112, "Cats: a placement that completes one puts that cat on its patches", 11, BOLD)
TITLE_OPEN = text(MARGIN, 24, "Calico, the simplified game — ", 16, BOLD).removesuffix("</text>")
"""The heading's text opened, its ``—`` written once as a character reference: the status
follows."""
NAME_OPEN = text(0, 12, "", 14, BOLD).removesuffix("</text>")
PATCHES_COUNT = tuple(text(0, 0, f" — {n} patches").split(">", 1)[1] for n in range(SPACES + 1))
"""A panel's heading, the player's name then `` — n patches``, closed."""
FIRST = itemgetter(0)
DRAWN = {
    color: text(WIDTH - 150, 24, "Patch drawn:", 11) + at(WIDTH - 60, 20) + swatch + "</g>"
    for color, swatch in SWATCH.items()
}
"""The patch the player to move holds, by its colour."""
PANEL_AT = tuple(
    at(MARGIN + (i % 2) * PANEL_W, TOP + (i // 2) * PANEL_H) for i in range(MAX_PLAYERS)
)
"""Each seat's panel: its name, its board and, right of the board, its buttons and cats."""
BOARD_AT = f'<g transform="translate(0,22) scale({SCALE})">' + EMPTY_BOARD
COLUMN_X = BOARD_W + 16
MOST_BUTTONS = (SPACES - len(START_CELLS)) * GOALS_IN_PLAY
"""One button per goal per placement, 22 placements."""
BUTTONS_HEAD = tuple(text(COLUMN_X, 34, f"Buttons: {n}", 11, BOLD) for n in range(MOST_BUTTONS + 1))
BUTTON_LINE: dict[tuple[int, int, int], str] = {
    (slot, g, n): text(COLUMN_X + 8, 47 + 13 * slot, f"{goal.id} × {n}", 10)
    for slot in range(GOALS_IN_PLAY)
    for g, goal in enumerate(GOALS)
    for n in range(SPACES)
}
"""Each goal in play's line, in its place, with the number of its buttons taken."""
CATS_HEAD = tuple(text(COLUMN_X, 100, f"Cats: {n} of {MAX_CATS}", 11, BOLD) for n in range(4))
CAT_LINE: dict[tuple[int, int], str] = {
    (slot, k): text(COLUMN_X + 8, 113 + 13 * slot, f"{card.id} ({card.points})", 10)
    for slot in range(MAX_CATS)
    for k, card in enumerate(CAT_CARDS)
}


HALO = ' paint-order="stroke" stroke="#fff" stroke-width="2"'
"""A white edge around a mark's points, so they read on any patch."""


def _centres(cells: int) -> list[tuple[float, float]]:
    """The centres of the patches of ``cells``, in order around their middle (so that a
    polygon through them does not cross itself)."""
    found = [centre(0, 0, r, c) for r, c in GRID.cells(cells)]
    mx = sum(x for x, _ in found) / len(found)
    my = sum(y for _, y in found) / len(found)
    return sorted(found, key=lambda p: atan2(p[1] - my, p[0] - mx))


def _middle(cells: int) -> tuple[float, float]:
    found = _centres(cells)
    return sum(x for x, _ in found) / len(found), sum(y for _, y in found) / len(found)


def _button_mark(cells: int) -> str:
    """A button: a line through its patches' centres, its points on their middle (a line's
    middle is a patch's centre, a triangle's a corner, a ring's an edge's middle: no two
    buttons write their points on one spot)."""
    x, y = _middle(cells)
    return polygon(
        _centres(cells),
        "none",
        f' stroke="{BUTTON_INK}" stroke-width="2.5" stroke-linejoin="round"',
    ) + points(x, y + 2.5, signed(BUTTON_POINTS), 7, BOLD + MIDDLE + HALO, BUTTON_INK)


def _cat_mark(cells: int, k: int) -> str:
    """A cat: its patches outlined, its points and name on their middle."""
    x, y = _middle(cells)
    card = CAT_CARDS[k]
    label = f"{signed(card.points)} {CAT_SHAPES[card.shape].id}"
    outline = "".join(OUTLINE[r, c, CAT_INK] for r, c in GRID.cells(cells))
    return outline + points(x, y + 2.5, label, 7, BOLD + MIDDLE + HALO, CAT_INK)


BUTTON_MARK: dict[int, str] = {
    cells: _button_mark(cells) for goal in GOALS for cells in goal.placements
}
"""Every place of every goal pattern on the board, marked: a few hundred, written once."""
CAT_MARK: dict[tuple[int, int], str] = {
    (cells, k): _cat_mark(cells, k) for k, card in enumerate(CAT_CARDS) for cells in card.placements
}


def render_state(game: Any, state: SimplifiedState, viewer: str | None, highlight: bool) -> str:
    score = game.score(state) if highlight else None
    if state.finished:
        status = "finished"
    else:
        status = f"turn {state.env.turn}, {', '.join(to_move(state))} to move"
    return _picture(
        list(state.env.players),
        list(state.boards),
        state.goals,
        state.cats,
        state.drawn,
        score,
        viewer,
        status,
    )


def render_position(
    game: Any, position: Mapping[str, Any], viewer: str | None, highlight: bool
) -> str:
    names, boards = read_position(position)
    score = game.score_position(position) if highlight else None
    goals = tuple(GOAL_INDEX[g] for g in position["goals"])
    cats = tuple(CAT_INDEX[k] for k in position["cats"])
    status = "a position from a real table"
    return _picture(names, boards, goals, cats, None, score, viewer, status)


def position_players(position: Mapping[str, Any]) -> list[str]:
    return list(position["players"])


def _picture(
    names: list[str],
    boards: list[Board],
    goals: tuple[int, ...],
    cats: tuple[int, ...],
    drawn: int | None,
    score: ScoreBreakdown | None,
    viewer: str | None,
    status: str,
) -> str:
    rows = (len(boards) + 1) // 2
    height = TOP + rows * PANEL_H
    who = f"as {viewer} sees it" if viewer is not None else "as a spectator sees it"
    parts = [TITLE_OPEN + esc(status) + "</text>", HEADINGS]
    if drawn is not None:
        parts.append(DRAWN[drawn])
    parts.extend(GOAL_AT[slot, g] for slot, g in enumerate(goals))
    parts.extend(CAT_AT[slot, k] for slot, k in enumerate(cats))
    for i, (name, board) in enumerate(zip(names, boards, strict=True)):
        _board(parts, i, name, board, goals, None if score is None else score.players[i])
    desc = "; ".join(
        f"{name}: {len(b.placed)} patches, buttons {len(b.buttons)}, cats {len(b.cats)}"
        for name, b in zip(names, boards, strict=True)
    )
    title = f"Calico, the simplified game, {status}, {who}"
    return document(WIDTH, height, title, desc, parts)


def _board(
    parts: list[str],
    seat: int,
    name: str,
    board: Board,
    goals: tuple[int, ...],
    score: PlayerScore | None,
) -> None:
    """One player's panel, in its own coordinates."""
    add = parts.append
    add(PANEL_AT[seat])
    add(group(f"{name}'s quilt board"))
    add(NAME_OPEN + esc(name) + PATCHES_COUNT[len(board.placed)])
    add(BOARD_AT)
    parts.extend(map(PATCH.__getitem__, board.placed))
    if score is not None:
        _marks(parts, board)
    add("</g>")
    add(BUTTONS_HEAD[len(board.buttons)])
    taken = list(map(FIRST, board.buttons))
    parts.extend(BUTTON_LINE[slot, g, taken.count(g)] for slot, g in enumerate(goals))
    add(CATS_HEAD[len(board.cats)])
    parts.extend(CAT_LINE[slot, k] for slot, (k, _) in enumerate(board.cats))
    if score is not None:
        ty = 113 + 13 * MAX_CATS
        for comp in score.components:
            add(points(COLUMN_X, ty, f"{comp.label}: {signed(comp.points)}", 10))
            ty += 13
        add(points(COLUMN_X, ty + 4, f"Total: {score.total}", 12, BOLD))
    add("</g></g>")


def _marks(parts: list[str], board: Board) -> None:
    """Each button's and cat's mark (in the board's own coordinates)."""
    parts.extend(BUTTON_MARK[cells] for _, cells in board.buttons)
    parts.extend(CAT_MARK[cells, k] for k, cells in board.cats)
