"""Calico as a picture: each quilt board (border, patches, goal tiles, tokens), the cats in play,
the market and the hands (SVG).

Drawn from the engine's own view, so another player's hand and goal offer are never there: they
are drawn as tile backs, from their counts. With the score, every cat and button group is
outlined with its points, and each goal tile shows its points.

What depends only on the catalogue is written once, at import, as immutable strings: each of the
4 boards (border and empty cells), each of the 36 tiles at the origin, each cell's place and
outline. A call formats only what the state says (see ``engines.core.svg``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engines.calico.catalogue import BOARDS_DATA
from engines.core.svg import (
    BOLD,
    MIDDLE,
    at,
    back,
    components_of,
    document,
    group,
    points,
    polygon,
    signed,
    text,
    total_of,
)

R = 16
"""A hexagon's radius (centre to corner)."""
W = 27.71
"""A hexagon's width (√3·R)."""
ROW_H = 24
BOARD_W = 7.5 * W + 8
PANEL_W = 430
MARGIN = 20
COLORS = {
    "dark_blue": "#2d4b8e",
    "green": "#4f9a4a",
    "light_blue": "#7cc3e8",
    "pink": "#e68bb0",
    "purple": "#8a5bb5",
    "yellow": "#e8c547",
}
PATTERNS = {
    "dots": "Do",
    "ferns": "Fe",
    "flowers": "Fl",
    "quatrefoil": "Qu",
    "stripes": "St",
    "vines": "Vi",
}
DARK = {"dark_blue", "green", "purple"}
LEGEND = "Do dots · Fe ferns · Fl flowers · Qu quatrefoil · St stripes · Vi vines"


def centre(x0: float, y0: float, r: int, c: int) -> tuple[float, float]:
    return x0 + W / 2 + c * W + (W / 2 if r & 1 else 0), y0 + R + r * ROW_H


def hexagon(cx: float, cy: float, fill: str, extra: str) -> str:
    h = W / 2
    corners = [
        (cx, cy - R),
        (cx + h, cy - R / 2),
        (cx + h, cy + R / 2),
        (cx, cy + R),
        (cx - h, cy + R / 2),
        (cx - h, cy - R / 2),
    ]
    return polygon(corners, fill, extra)


# --- written once, from the catalogue (36 tiles, 49 cells, 4 boards: bounded) -----------------
# Measured (the bench's mid-game state, in-process, whole render with the view): 1.66 ms with
# the element writer of before, 0.073 ms with these strings.

TILE: dict[tuple[str, str], str] = {
    (color, pattern): hexagon(0, 0, fill, ' stroke="#333" stroke-width="0.75"')
    + text(0, 4, short, 10, MIDDLE, "#fff" if color in DARK else "#222")
    for color, fill in COLORS.items()
    for pattern, short in PATTERNS.items()
}
"""Each tile, centred on the origin."""
CELLS = [(r, c) for r in range(7) for c in range(7)]
PLACE: dict[tuple[int, int], str] = {(r, c): at(*centre(0, 0, r, c)) for r, c in CELLS}
"""Open a group centred on a cell of a board whose top left corner is the origin."""
OUTLINE: dict[tuple[int, int, str], str] = {
    (r, c, ink): hexagon(*centre(0, 0, r, c), "none", f' stroke="{ink}" stroke-width="2.5"')
    for r, c in CELLS
    for ink in ("#c0392b", "#1f5fa8")
}
GOAL_CELL: dict[tuple[int, int], str] = {
    (r, c): hexagon(*centre(0, 0, r, c), "#fff7e0", ' stroke="#8a6d00" stroke-width="1.5"')
    for r, c in CELLS
}
EMPTY = "".join(
    hexagon(*centre(0, 0, r, c), "#efe6d2", ' stroke="#b9ab8c" stroke-width="0.75"')
    for r in range(1, 6)
    for c in range(1, 6)
)
BOARD: dict[str, str] = {
    name: "".join(
        PLACE[cell["row"], cell["col"]] + TILE[cell["color"], cell["pattern"]] + "</g>"
        for cell in board["border_cells"]
    )
    + EMPTY
    for name, board in BOARDS_DATA["boards"].items()
}
"""Each board with its border and its empty cells, from its top left corner."""
LEGEND_TEXT = text(MARGIN + 200, 72, LEGEND, 9)
MARKET_TITLE = "<g><title>the market</title>" + text(MARGIN, 72, "Market:", 12, BOLD)
MARKET_AT = tuple(at(MARGIN + 70 + i * (W + 4), 68) for i in range(8))
"""Where each tile of the market goes (a market holds 3, a solo one a few more)."""
HIDDEN_TILE = back(22, 22, "a hidden tile")
HIDDEN_GOAL = back(16, 22, "a hidden goal tile")


@lru_cache(maxsize=256)
def _goal(r: int, c: int, goal: str) -> str:
    """A goal tile on its cell, its name's first 8 letters, its group left open for the points:
    6 goal tiles on 3 cells of each board, bounded here at 256. Measured: a board's three in
    0.26 µs from here, 3.25 µs written per call; in instructions (callgrind, 20 mid-game states
    of a seeded 3-player game), a picture, state decoded, costs 1,460,129 with it, 1,547,635
    without (5.7 % saved)."""
    return GOAL_CELL[r, c] + PLACE[r, c] + text(0, -2, goal[:8], 6, MIDDLE)


def _tile_at(x: float, y: float, tile: Mapping[str, str]) -> str:
    return at(x, y) + TILE[tile["color"], tile["pattern"]] + "</g>"


def render_state(game: Any, state: Any, viewer: str | None, highlight: bool) -> str:
    view = game.view(state, viewer)
    score = game.score_seen_by(state, viewer).to_json() if highlight else None
    public = view["public"]
    boards = []
    for i, p in enumerate(view["players"]):
        mine = view["private"].get(p) if isinstance(view.get("private"), dict) else None
        shown = mine if mine is not None and p == viewer else None
        offer = state.offers[i]
        boards.append(
            {
                **public["players"][p],
                "player": p,
                "hand": None if shown is None else shown.get("hand", []),
                # Counts only, from the state itself (a second encoding cost 14 µs a render).
                "hand_count": len(state.hands[i]),
                "offer": None if shown is None else shown.get("goal_offer"),
                "offer_count": len(offer) if offer else 0,
            }
        )
    status = (
        "finished"
        if view["finished"]
        else f"turn {view['turn']}, {', '.join(view['to_move'])} to move"
    )
    return _picture(boards, public["cats"], public["market"], score, viewer, status)


def render_position(
    game: Any, position: Mapping[str, Any], viewer: str | None, highlight: bool
) -> str:
    score = game.score_position(position).to_json() if highlight else None
    boards = [
        {**p, "hand": [], "hand_count": 0, "offer": None, "offer_count": 0}
        for p in position["players"]
    ]
    return _picture(boards, position["cats"], None, score, viewer, "a position from a real table")


def position_players(position: Mapping[str, Any]) -> list[str]:
    return [p["player"] for p in position["players"]]


def _picture(
    boards: list[dict[str, Any]],
    cats: list[dict[str, Any]],
    market: list[dict[str, str]] | None,
    score: dict[str, Any] | None,
    viewer: str | None,
    status: str,
) -> str:
    per_row = 2
    rows = (len(boards) + per_row - 1) // per_row
    width = MARGIN * 2 + PANEL_W * min(per_row, len(boards))
    top = 96
    height = top + rows * 330 + 20
    who = f"as {viewer} sees it" if viewer is not None else "as a spectator sees it"
    desc = "; ".join(
        f"{b['player']}: {b['board']} board, {len(b['patches'])} patches, {len(b['tokens'])} tokens"
        for b in boards
    )
    parts = [text(MARGIN, 24, f"Calico — {status}", 16, BOLD)]
    cat_text = "; ".join(f"{c['cat']}: {' and '.join(c['patterns'])}" for c in cats)
    parts.append(text(MARGIN, 44, f"Cats: {cat_text}", 11))
    if market is not None:
        parts.append(MARKET_TITLE)
        parts.extend(
            (MARKET_AT[i] if i < len(MARKET_AT) else at(MARGIN + 70 + i * (W + 4), 68))
            + TILE[t["color"], t["pattern"]]
            + "</g>"
            for i, t in enumerate(market)
        )
        parts.append("</g>")
    parts.append(LEGEND_TEXT)
    for i, b in enumerate(boards):
        row, col = divmod(i, per_row)
        x0, y0 = MARGIN + col * PANEL_W, top + row * 330
        _board(parts, x0, y0, b, components_of(score, b["player"]), score)
    return document(width, height, f"Calico, {status}, {who}", desc, parts)


def _board(
    parts: list[str],
    x0: float,
    y0: float,
    b: dict[str, Any],
    components: Any,
    score: dict[str, Any] | None,
) -> None:
    add = parts.append
    player = b["player"]
    add(group(f"{player}'s quilt board"))
    add(text(x0, y0 + 12, f"{player} — {b['board']} board", 14, BOLD))
    by = y0 + 24
    add(at(x0, by))
    add(BOARD[b["board"]])
    parts.extend(
        PLACE[tuple(p["cell"])] + TILE[p["color"], p["pattern"]] + "</g>" for p in b["patches"]
    )
    got = {c["id"]: c["points"] for c in components}
    for key, goal in (b.get("goals") or {}).items():
        r, c = (int(v) for v in key.split(","))
        add(_goal(r, c, goal))
        if (points_of := got.get(f"goal_{r}_{c}")) is not None:
            add(points(0, 9, signed(points_of), 9, BOLD + MIDDLE, "#8a6d00"))
        add("</g>")
    if score is not None:
        _groups(parts, components)
    add("</g>")
    ty = y0 + 24
    tx = x0 + BOARD_W + 6
    for token in b["tokens"]:
        what = token.get("color") or token.get("cat") or "rainbow"
        add(text(tx, ty, f"{token['kind'].replace('_', ' ')}: {what}", 10))
        ty += 13
    if score is not None:
        ty += 6
        for comp in components:
            add(points(tx, ty, f"{comp['label']}: {signed(comp['points'])}", 10))
            ty += 13
        add(points(tx, ty + 4, f"Total: {total_of(score, player)}", 12, BOLD))
    _hand(parts, x0, by + 7 * ROW_H + 22, b)
    add("</g>")


def _groups(parts: list[str], components: Any) -> None:
    """Each cat and button group outlined, its token's points beside its first cell (drawn in
    the board's own coordinates)."""
    for comp in components:
        if comp["id"] not in ("cats", "buttons"):
            continue
        tokens = comp.get("detail", {}).get("tokens", [])
        each = signed(comp["points"] // len(tokens) if tokens else 0)
        ink = "#c0392b" if comp["id"] == "cats" else "#1f5fa8"
        for token in tokens:
            cells = [(r, c) for r, c in token["cells"]]
            parts.extend(OUTLINE[r, c, ink] for r, c in cells)
            cx, cy = centre(0, 0, *min(cells))
            label = token.get("cat") or token.get("color") or ""
            parts.append(points(cx - 6, cy - 8, f"{each} {label}", 9, BOLD, ink))


def _hand(parts: list[str], x0: float, y0: float, b: dict[str, Any]) -> None:
    add = parts.append
    if b["hand"] is not None:
        add(text(x0, y0, "Hand:", 11))
        parts.extend(_tile_at(x0 + 56 + i * (W + 4), y0 - 4, t) for i, t in enumerate(b["hand"]))
        if b["offer"]:
            add(text(x0 + 140, y0, f"Goal tiles offered: {', '.join(b['offer'])}", 9))
        return
    if b["hand_count"] or b["offer_count"]:
        add(text(x0, y0, "Hand:", 11))
        parts.extend(
            at(x0 + 44 + i * 26, y0 - 14) + HIDDEN_TILE + "</g>" for i in range(b["hand_count"])
        )
        parts.extend(
            at(x0 + 120 + i * 20, y0 - 14) + HIDDEN_GOAL + "</g>" for i in range(b["offer_count"])
        )
