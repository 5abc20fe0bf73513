"""Calico as a picture: each quilt board (border, patches, goal tiles, tokens), the cats in play,
the market and the hands (SVG).

Drawn from the engine's own view, so another player's hand and goal offer are never there: they
are drawn as tile backs, from their counts. With the score, every cat and button group is
outlined with its points, and each goal tile shows its points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.calico.catalogue import BOARDS_DATA
from engines.core.svg import Svg, components_of, signed, total_of

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


def render_state(game: Any, state: Any, viewer: str | None, highlight: bool) -> str:
    view = game.view(state, viewer)
    private = game.encode_state(state)["private"]
    score = game.score_seen_by(state, viewer).to_json() if highlight else None
    public = view["public"]
    boards = []
    for p in view["players"]:
        mine = view["private"].get(p) if isinstance(view.get("private"), dict) else None
        shown = mine if mine is not None and p == viewer else None
        hidden = private.get(p, {})
        boards.append(
            {
                **public["players"][p],
                "player": p,
                "hand": None if shown is None else shown.get("hand", []),
                "hand_count": len(hidden.get("hand", [])),
                "offer": None if shown is None else shown.get("goal_offer"),
                "offer_count": len(hidden.get("goal_offer", []) or []),
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


def _centre(x0: float, y0: float, r: int, c: int) -> tuple[float, float]:
    return x0 + W / 2 + c * W + (W / 2 if r & 1 else 0), y0 + R + r * ROW_H


def _hex(svg: Svg, cx: float, cy: float, fill: str, **attrs: Any) -> None:
    h = W / 2
    points = [
        (cx, cy - R),
        (cx + h, cy - R / 2),
        (cx + h, cy + R / 2),
        (cx, cy + R),
        (cx - h, cy + R / 2),
        (cx - h, cy - R / 2),
    ]
    svg.polygon(points, fill, **attrs)


def _tile(svg: Svg, cx: float, cy: float, color: str, pattern: str) -> None:
    _hex(svg, cx, cy, COLORS[color], stroke="#333", stroke_width=0.75)
    ink = "#fff" if color in DARK else "#222"
    svg.text(cx, cy + 4, PATTERNS[pattern], 10, fill=ink, text_anchor="middle")


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
    svg = Svg(width, height, f"Calico, {status}, {who}", desc)
    svg.text(MARGIN, 24, f"Calico — {status}", 16, font_weight="bold")
    cat_text = "; ".join(f"{c['cat']}: {' and '.join(c['patterns'])}" for c in cats)
    svg.text(MARGIN, 44, f"Cats: {cat_text}", 11)
    if market is not None:
        svg.group("the market")
        svg.text(MARGIN, 72, "Market:", 12, font_weight="bold")
        for i, tile in enumerate(market):
            _tile(svg, MARGIN + 70 + i * (W + 4), 68, tile["color"], tile["pattern"])
        svg.close("g")
    svg.text(
        MARGIN + 200,
        72,
        "Do dots · Fe ferns · Fl flowers · Qu quatrefoil · St stripes · Vi vines",
        9,
    )
    for i, b in enumerate(boards):
        row, col = divmod(i, per_row)
        _board(
            svg,
            MARGIN + col * PANEL_W,
            top + row * 330,
            b,
            components_of(score, b["player"]),
            score,
        )
    return svg.document()


def _board(
    svg: Svg, x0: float, y0: float, b: dict[str, Any], components: Any, score: dict[str, Any] | None
) -> None:
    player = b["player"]
    svg.group(f"{player}'s quilt board")
    svg.text(x0, y0 + 12, f"{player} — {b['board']} board", 14, font_weight="bold")
    by = y0 + 24
    for cell in BOARDS_DATA["boards"][b["board"]]["border_cells"]:
        cx, cy = _centre(x0, by, cell["row"], cell["col"])
        _tile(svg, cx, cy, cell["color"], cell["pattern"])
    for r in range(1, 6):
        for c in range(1, 6):
            cx, cy = _centre(x0, by, r, c)
            _hex(svg, cx, cy, "#efe6d2", stroke="#b9ab8c", stroke_width=0.75)
    for patch in b["patches"]:
        cx, cy = _centre(x0, by, *patch["cell"])
        _tile(svg, cx, cy, patch["color"], patch["pattern"])
    points = {c["id"]: c["points"] for c in components}
    for key, goal in (b.get("goals") or {}).items():
        r, c = (int(v) for v in key.split(","))
        cx, cy = _centre(x0, by, r, c)
        _hex(svg, cx, cy, "#fff7e0", stroke="#8a6d00", stroke_width=1.5)
        svg.text(cx, cy - 2, goal[:8], 6, text_anchor="middle")
        got = points.get(f"goal_{r}_{c}")
        if got is not None:
            svg.text(
                cx,
                cy + 9,
                signed(got),
                9,
                text_anchor="middle",
                font_weight="bold",
                fill="#8a6d00",
                class_="points",
            )
    ty = y0 + 24
    tx = x0 + BOARD_W + 6
    for token in b["tokens"]:
        what = token.get("color") or token.get("cat") or "rainbow"
        svg.text(tx, ty, f"{token['kind'].replace('_', ' ')}: {what}", 10)
        ty += 13
    if score is not None:
        _groups(svg, x0, by, components)
        ty += 6
        for comp in components:
            svg.text(tx, ty, f"{comp['label']}: {signed(comp['points'])}", 10, class_="points")
            ty += 13
        svg.text(
            tx, ty + 4, f"Total: {total_of(score, player)}", 12, font_weight="bold", class_="points"
        )
    _hand(svg, x0, by + 7 * ROW_H + 22, b)
    svg.close("g")


def _groups(svg: Svg, x0: float, y0: float, components: Any) -> None:
    """Each cat and button group outlined, its token's points beside its first cell."""
    for comp in components:
        if comp["id"] not in ("cats", "buttons"):
            continue
        tokens = comp.get("detail", {}).get("tokens", [])
        each = comp["points"] // len(tokens) if tokens else 0
        ink = "#c0392b" if comp["id"] == "cats" else "#1f5fa8"
        for token in tokens:
            for r, c in token["cells"]:
                cx, cy = _centre(x0, y0, r, c)
                _hex(svg, cx, cy, "none", stroke=ink, stroke_width=2.5)
            r, c = min(tuple(cell) for cell in token["cells"])
            cx, cy = _centre(x0, y0, r, c)
            label = token.get("cat") or token.get("color") or ""
            svg.text(
                cx - 6,
                cy - 8,
                f"{signed(each)} {label}",
                9,
                fill=ink,
                font_weight="bold",
                class_="points",
            )


def _hand(svg: Svg, x0: float, y0: float, b: dict[str, Any]) -> None:
    if b["hand"] is not None:
        svg.text(x0, y0, "Hand:", 11)
        for i, tile in enumerate(b["hand"]):
            _tile(svg, x0 + 56 + i * (W + 4), y0 - 4, tile["color"], tile["pattern"])
        if b["offer"]:
            svg.text(x0 + 140, y0, f"Goal tiles offered: {', '.join(b['offer'])}", 9)
        return
    if b["hand_count"] or b["offer_count"]:
        svg.text(x0, y0, "Hand:", 11)
        for i in range(b["hand_count"]):
            svg.back(x0 + 44 + i * 26, y0 - 14, 22, 22, "a hidden tile")
        for i in range(b["offer_count"]):
            svg.back(x0 + 120 + i * 20, y0 - 14, 16, 22, "a hidden goal tile")
