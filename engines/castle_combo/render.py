"""Castle Combo as a picture: each tableau (3×3, gold on the purses, face-down cards as backs),
gold and keys, the two displays, the messenger and the discards (SVG).

Drawn from the engine's own view; a face-down card is drawn as its back, never its face. With
the score, each card shows the points its scroll counts, and the keys theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.castle_combo.catalogue import CARDS_DATA
from engines.core.svg import Svg, components_of, signed, total_of

CARD_W = 92
CARD_H = 64
GAP = 6
MARGIN = 20
PANEL_W = 3 * (CARD_W + GAP) + 150
NAMES: dict[str, str] = {c["id"]: c["name"] for c in CARDS_DATA["cards"]}
DECK_COLOR = {"castle": "#d9c7ef", "village": "#cfe6c4"}
DECK: dict[str, str] = {c["id"]: c["deck"] for c in CARDS_DATA["cards"]}


def render_state(game: Any, state: Any, viewer: str | None, highlight: bool) -> str:
    view = game.view(state, viewer)
    score = game.score_seen_by(state, viewer).to_json() if highlight else None
    public = view["public"]
    tableaux = []
    for p in view["players"]:
        seat = public["players"][p]
        cards = seat["tableau"]
        rows = [c["cell"][0] for c in cards] or [0]
        cols = [c["cell"][1] for c in cards] or [0]
        grid: list[list[dict[str, Any] | None]] = [[None] * 3 for _ in range(3)]
        for c in cards:
            grid[c["cell"][0] - min(rows)][c["cell"][1] - min(cols)] = c
        tableaux.append({"player": p, "grid": grid, "gold": seat["gold"], "keys": seat["keys"]})
    status = (
        "finished"
        if view["finished"]
        else f"turn {view['turn']}, {', '.join(view['to_move'])} to move"
    )
    return _picture(tableaux, public, score, viewer, status)


def render_position(
    game: Any, position: Mapping[str, Any], viewer: str | None, highlight: bool
) -> str:
    score = game.score_position(position).to_json() if highlight else None
    tableaux = [
        {
            "player": p["player"],
            "grid": p["grid"],
            "gold": p.get("gold", 0),
            "keys": p.get("keys", 0),
        }
        for p in position["players"]
    ]
    return _picture(tableaux, None, score, viewer, "a position from a real table")


def position_players(position: Mapping[str, Any]) -> list[str]:
    return [p["player"] for p in position["players"]]


def _picture(
    tableaux: list[dict[str, Any]],
    public: dict[str, Any] | None,
    score: dict[str, Any] | None,
    viewer: str | None,
    status: str,
) -> str:
    per_row = 2
    rows = (len(tableaux) + per_row - 1) // per_row
    top = 40 if public is None else 210
    width = MARGIN * 2 + PANEL_W * min(per_row, len(tableaux))
    height = top + rows * (3 * (CARD_H + GAP) + 60)
    who = f"as {viewer} sees it" if viewer is not None else "as a spectator sees it"
    desc = "; ".join(
        f"{t['player']}: {sum(1 for row in t['grid'] for c in row if c)} cards, "
        f"{t['gold']} gold, {t['keys']} keys"
        for t in tableaux
    )
    svg = Svg(width, height, f"Castle Combo, {status}, {who}", desc)
    svg.text(MARGIN, 24, f"Castle Combo — {status}", 16, font_weight="bold")
    if public is not None:
        _table(svg, MARGIN, 44, public)
    for i, t in enumerate(tableaux):
        row, col = divmod(i, per_row)
        y = top + row * (3 * (CARD_H + GAP) + 60)
        _tableau(svg, MARGIN + col * PANEL_W, y, t, components_of(score, t["player"]), score)
    return svg.document()


def _card(svg: Svg, x: float, y: float, card: dict[str, Any] | None, points: int | None) -> None:
    if card is None:
        svg.rect(x, y, CARD_W, CARD_H, "none", rx=4, stroke="#cbbf9f", stroke_dasharray="4 3")
        return
    if card.get("face_down"):
        svg.back(x, y, CARD_W, CARD_H, "a face-down card")
    else:
        cid = card["card"]
        svg.group(NAMES[cid])
        svg.rect(x, y, CARD_W, CARD_H, DECK_COLOR[DECK[cid]], rx=4, stroke="#6b5a3a")
        svg.text(x + 4, y + 14, NAMES[cid][:15], 10, font_weight="bold")
        svg.close("g")
    gold = card.get("gold", 0)
    if gold:
        svg.circle(x + 14, y + CARD_H - 14, 9, "#e8c547", stroke="#8a6d00")
        svg.text(x + 14, y + CARD_H - 10, str(gold), 10, text_anchor="middle")
    if points is not None:
        svg.text(
            x + CARD_W - 6,
            y + CARD_H - 8,
            signed(points),
            13,
            text_anchor="end",
            font_weight="bold",
            fill="#c0392b",
            class_="points",
        )


def _tableau(
    svg: Svg, x0: float, y0: float, t: dict[str, Any], components: Any, score: dict[str, Any] | None
) -> None:
    svg.group(f"{t['player']}'s tableau")
    svg.text(
        x0, y0 + 12, f"{t['player']} — {t['gold']} gold, {t['keys']} keys", 14, font_weight="bold"
    )
    points = {c["id"]: c["points"] for c in components}
    for r in range(3):
        for c in range(3):
            x = x0 + c * (CARD_W + GAP)
            y = y0 + 22 + r * (CARD_H + GAP)
            _card(svg, x, y, t["grid"][r][c], points.get(f"card:{r},{c}"))
    if score is not None:
        tx = x0 + 3 * (CARD_W + GAP) + 4
        svg.text(tx, y0 + 40, f"Keys: {signed(points.get('keys', 0))}", 11, class_="points")
        svg.text(
            tx,
            y0 + 58,
            f"Total: {total_of(score, t['player'])}",
            13,
            font_weight="bold",
            class_="points",
        )
    svg.close("g")


def _table(svg: Svg, x0: float, y0: float, public: dict[str, Any]) -> None:
    svg.group("the displays, the messenger and the discards")
    for i, where in enumerate(("castle", "village")):
        y = y0 + i * (CARD_H + 18)
        messenger = " — the messenger is here" if public["messenger"] == where else ""
        svg.text(x0, y + 10, f"{where.title()} display{messenger}", 11, font_weight="bold")
        for j, cid in enumerate(public["displays"][where]):
            _card(svg, x0 + j * (CARD_W + GAP), y + 14, {"card": cid}, None)
        discards = public.get("discards", {}).get(where, [])
        dx = x0 + 3 * (CARD_W + GAP) + 10
        svg.text(dx, y + 40, f"{len(discards)} discarded", 10)
        if public["messenger"] == where:
            svg.circle(dx + 100, y + 36, 10, "#c0392b", stroke="#611")
    svg.close("g")
