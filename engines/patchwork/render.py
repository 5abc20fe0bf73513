"""Patchwork as a picture: the two quilts, the time board and the patch circle (SVG).

Drawn from the engine's own view (Patchwork hides nothing) or a position's JSON; with the score,
each quilt's empty squares are hatched and every component's points written beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.svg import Svg, components_of, palette, signed, total_of
from engines.patchwork.catalogue import FINAL_SPACE, INCOME_MARKS, PATCHES, QUILT

CELL = 22
QUILT_PX = CELL * QUILT.cols
MARGIN = 20
PANEL_W = QUILT_PX + 200
TRACK_CELL = 18
TRACK_PER_ROW = 27
MINI = 7
LEATHER = "#8b5a2b"


def render_state(game: Any, state: Any, viewer: str | None, highlight: bool) -> str:
    view = game.view(state, viewer)
    score = game.score_seen_by(state, viewer).to_json() if highlight else None
    public = view["public"]
    quilts = [
        {
            "player": p,
            "buttons": public["players"][p]["buttons"],
            "quilt": public["players"][p]["quilt"],
            "leather": public["players"][p]["leather"],
            "bonus_tile": public["bonus_tile"] == p,
            "position": public["players"][p]["position"],
        }
        for p in view["players"]
    ]
    status = (
        "finished"
        if view["finished"]
        else f"turn {view['turn']}, {', '.join(view['to_move'])} to move"
    )
    return _picture(quilts, public, view["options"]["leather_positions"], score, viewer, status)


def render_position(
    game: Any, position: Mapping[str, Any], viewer: str | None, highlight: bool
) -> str:
    score = game.score_position(position).to_json() if highlight else None
    quilts = [
        {
            "player": p["player"],
            "buttons": p["buttons"],
            "quilt": p["quilt"],
            "leather": p.get("leather", []),
            "bonus_tile": p.get("bonus_tile", False),
            "position": None,
        }
        for p in position["players"]
    ]
    return _picture(quilts, None, [], score, viewer, "a position from a real table")


def position_players(position: Mapping[str, Any]) -> list[str]:
    return [p["player"] for p in position["players"]]


def _picture(
    quilts: list[dict[str, Any]],
    public: dict[str, Any] | None,
    leathers: list[int],
    score: dict[str, Any] | None,
    viewer: str | None,
    status: str,
) -> str:
    width = MARGIN * 2 + PANEL_W * len(quilts)
    top = 56
    height = top + QUILT_PX + 60
    who = f"as {viewer} sees it" if viewer is not None else "as a spectator sees it"
    desc = "; ".join(
        f"{q['player']}: {q['buttons']} buttons, {len(q['quilt'])} patches, "
        f"{_empty(q)} empty squares" + (", the 7×7 bonus tile" if q["bonus_tile"] else "")
        for q in quilts
    )
    svg = Svg(width, height, f"Patchwork, {status}, {who}", desc)
    svg.text(MARGIN, 24, f"Patchwork — {status}", 16, font_weight="bold")
    for i, q in enumerate(quilts):
        _quilt(svg, MARGIN + i * PANEL_W, top, q, components_of(score, q["player"]), score)
    if public is not None:
        y = top + QUILT_PX + 40
        _time_board(svg, MARGIN, y, quilts, leathers)
        svg.height = _circle(svg, MARGIN, y + 120, public["circle"], width - 2 * MARGIN) + 20
    return svg.document()


def _empty(q: dict[str, Any]) -> int:
    covered = sum(len(p["cells"]) for p in q["quilt"]) + len(q["leather"])
    return QUILT.rows * QUILT.cols - covered


def _quilt(
    svg: Svg,
    x0: int,
    y0: int,
    q: dict[str, Any],
    components: Any,
    score: dict[str, Any] | None,
) -> None:
    svg.group(f"{q['player']}'s quilt")
    svg.text(x0, y0 - 6, f"{q['player']} — {q['buttons']} buttons", 14, font_weight="bold")
    svg.rect(x0, y0, QUILT_PX, QUILT_PX, "#f1e9d8", stroke="#7a6a4f", stroke_width=2)
    filled: set[tuple[int, int]] = set()
    for placed in q["quilt"]:
        color = palette(placed["patch"])
        for r, c in placed["cells"]:
            filled.add((r, c))
            svg.rect(
                x0 + c * CELL, y0 + r * CELL, CELL, CELL, color, stroke="#444", stroke_width=0.5
            )
        r, c = min(tuple(cell) for cell in placed["cells"])
        svg.text(x0 + c * CELL + 3, y0 + r * CELL + 15, str(placed["patch"]), 10)
    for r, c in q["leather"]:
        filled.add((r, c))
        svg.rect(x0 + c * CELL, y0 + r * CELL, CELL, CELL, LEATHER, stroke="#444", stroke_width=0.5)
    for i in range(1, QUILT.cols):
        svg.line(
            x0 + i * CELL, y0, x0 + i * CELL, y0 + QUILT_PX, stroke="#d8cdb5", stroke_width=0.5
        )
        svg.line(
            x0, y0 + i * CELL, x0 + QUILT_PX, y0 + i * CELL, stroke="#d8cdb5", stroke_width=0.5
        )
    if score is not None:
        for r in range(QUILT.rows):
            for c in range(QUILT.cols):
                if (r, c) not in filled:
                    svg.el(
                        "path",
                        d=f"M{x0 + c * CELL} {y0 + r * CELL}l{CELL} {CELL}",
                        stroke="#c0392b",
                        stroke_width=1.5,
                    )
    if q["bonus_tile"]:
        svg.rect(x0 + QUILT_PX + 8, y0, 40, 40, "#e8c547", stroke="#8a6d00", rx=4)
        svg.text(x0 + QUILT_PX + 13, y0 + 25, "7×7", 12)
    tx = x0 + QUILT_PX + 8
    ty = y0 + 60
    for comp in components:
        svg.text(tx, ty, f"{comp['label']}: {signed(comp['points'])}", 11, class_="points")
        ty += 16
    total = total_of(score, q["player"])
    if total is not None:
        svg.text(tx, ty + 4, f"Total: {total}", 13, font_weight="bold", class_="points")
    svg.close("g")


def _time_board(
    svg: Svg, x0: int, y0: int, quilts: list[dict[str, Any]], leathers: list[int]
) -> None:
    svg.group("the time board")
    svg.text(x0, y0 - 6, f"Time board (0 to {FINAL_SPACE})", 13, font_weight="bold")
    furthest = max(q["position"] for q in quilts)
    for space in range(FINAL_SPACE + 1):
        row, col = divmod(space, TRACK_PER_ROW)
        x = x0 + col * (TRACK_CELL + 2)
        y = y0 + row * (TRACK_CELL + 24)
        svg.rect(x, y, TRACK_CELL, TRACK_CELL, "#efe4cc", stroke="#9b8a66", stroke_width=0.5)
        if space in INCOME_MARKS:
            svg.circle(x + TRACK_CELL / 2, y + TRACK_CELL / 2, 5, "#3b6fb6")
        if space in leathers and space > furthest:
            svg.rect(x + 4, y + 4, 10, 10, LEATHER)
        for i, q in enumerate(quilts):
            if q["position"] == space:
                svg.circle(x + 5 + i * 8, y + TRACK_CELL + 7, 4, ("#c0392b", "#27ae60")[i % 2])
    for i, q in enumerate(quilts):
        svg.text(
            x0 + i * 160,
            y0 + 2 * (TRACK_CELL + 24) + 10,
            f"{('red', 'green')[i % 2]} token: {q['player']} at {q['position']}",
            11,
        )
    svg.close("g")


def _circle(svg: Svg, x0: int, y0: int, circle: list[int], room: int) -> int:
    svg.group("the patch circle, clockwise from the neutral token")
    svg.text(x0, y0 - 6, "Patch circle, from the neutral token", 13, font_weight="bold")
    by_id = {p.id: p for p in PATCHES}
    x, y = x0, y0
    for pid in circle:
        patch = by_id[pid]
        w = (max(c for _, c in patch.cells) + 1) * MINI
        if x + max(w, 52) > x0 + room:
            x, y = x0, y + 70
        for r, c in patch.cells:
            svg.rect(
                x + c * MINI,
                y + r * MINI,
                MINI,
                MINI,
                palette(pid),
                stroke="#444",
                stroke_width=0.3,
            )
        svg.text(x, y + 48, f"#{pid} {patch.buttons_cost}b {patch.time_cost}t", 9)
        svg.text(x, y + 58, f"+{patch.income} income", 8, fill="#3b6fb6")
        x += max(w, 52) + 8
    svg.close("g")
    return y + 60
