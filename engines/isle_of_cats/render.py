"""The Isle of Cats as a picture: each boat (rooms, rats, treasure maps, the cats, treasures and
Oshax placed), fish and baskets, the two fields and the hands (SVG).

Drawn from the engine's own view: another player's hand and private lessons are never there, so
they are drawn as card backs from their counts. With the score, each family is outlined with its
points, every unfilled room is marked with its penalty, and the visible rats are crossed out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.svg import Svg, components_of, palette, signed, total_of
from engines.isle_of_cats.catalogue import BOATS_DATA

CELL = 16
MARGIN = 20
BOAT_W = 22 * CELL
BOAT_H = 9 * CELL
PANEL_W = BOAT_W + 200
PANEL_H = BOAT_H + 80
CATS = {
    "blue": "#3b6fb6",
    "green": "#4f9a4a",
    "red": "#c0392b",
    "purple": "#8a5bb5",
    "orange": "#e67e22",
}
KIND_FILL = {"rare_treasure": "#f1c40f", "common_treasure": "#f7e08a", "oshax": "#ecf0f1"}
BOAT_CELLS = {(y, x) for x, y in BOATS_DATA["cells"]}
ROOMS = [(room["id"], {(y, x) for x, y in room["cells"]}) for room in BOATS_DATA["rooms"]["list"]]
BOATS = {b["boat"]: b for b in BOATS_DATA["boats"]}


def render_state(game: Any, state: Any, viewer: str | None, highlight: bool) -> str:
    view = game.view(state, viewer)
    score = game.score_seen_by(state, viewer).to_json() if highlight else None
    public = view["public"]
    own = view.get("private", {}).get(viewer, {}) if viewer is not None else {}
    boats = []
    for p in view["players"]:
        seat = public["players"][p]
        boats.append(
            {
                **seat,
                "player": p,
                "hand": own.get("hand") if p == viewer else None,
                "lessons": own.get("private_lessons") if p == viewer else None,
            }
        )
    status = (
        "finished"
        if view["finished"]
        else f"turn {view['turn']}, {', '.join(view['to_move'])} to move"
    )
    return _picture(boats, public, score, viewer, status)


def render_position(
    game: Any, position: Mapping[str, Any], viewer: str | None, highlight: bool
) -> str:
    score = game.score_position(position).to_json() if highlight else None
    boats = [
        {**p, "hand": None, "hand_count": 0, "lessons": p.get("private_lessons", [])}
        for p in position["players"]
    ]
    return _picture(boats, None, score, viewer, "a position from a real table")


def position_players(position: Mapping[str, Any]) -> list[str]:
    return [p["player"] for p in position["players"]]


def _picture(
    boats: list[dict[str, Any]],
    public: dict[str, Any] | None,
    score: dict[str, Any] | None,
    viewer: str | None,
    status: str,
) -> str:
    per_row = 2
    rows = (len(boats) + per_row - 1) // per_row
    top = 40 if public is None else 120
    width = MARGIN * 2 + PANEL_W * min(per_row, len(boats))
    height = top + rows * PANEL_H + 10
    who = f"as {viewer} sees it" if viewer is not None else "as a spectator sees it"
    desc = "; ".join(
        f"{b['player']}: the {b['boat']} boat, {len(b['pieces'])} pieces, {b.get('fish', 0)} fish"
        for b in boats
    )
    svg = Svg(width, height, f"The Isle of Cats, {status}, {who}", desc)
    svg.text(MARGIN, 24, f"The Isle of Cats — {status}", 16, font_weight="bold")
    if public is not None:
        _island(svg, MARGIN, 44, public)
    for i, b in enumerate(boats):
        row, col = divmod(i, per_row)
        _boat(
            svg,
            MARGIN + col * PANEL_W,
            top + row * PANEL_H,
            b,
            components_of(score, b["player"]),
            score,
        )
    return svg.document()


def _boat(
    svg: Svg, x0: float, y0: float, b: dict[str, Any], components: Any, score: dict[str, Any] | None
) -> None:
    svg.group(f"{b['player']}'s boat")
    svg.text(
        x0,
        y0 + 12,
        f"{b['player']} — {b['boat']} boat, {b.get('fish', 0)} fish",
        14,
        font_weight="bold",
    )
    by = y0 + 20
    boat = BOATS[b["boat"]]
    for i, (_, cells) in enumerate(ROOMS):
        for r, c in sorted(cells):
            svg.rect(
                x0 + c * CELL,
                by + r * CELL,
                CELL,
                CELL,
                palette(i + 3, 30, 86),
                stroke="#b9ab8c",
                stroke_width=0.4,
            )
    for x, y in boat["rat_cells"]:
        svg.circle(x0 + x * CELL + CELL / 2, by + y * CELL + CELL / 2, 4, "#6d6d6d")
    for color, (x, y) in sorted(boat["treasure_maps"].items()):
        svg.rect(
            x0 + x * CELL + 3,
            by + y * CELL + 3,
            CELL - 6,
            CELL - 6,
            CATS[color],
            stroke="#222",
            stroke_width=0.5,
        )
    for piece in b["pieces"]:
        fill = CATS[piece["color"]] if piece["kind"] == "cat" else KIND_FILL[piece["kind"]]
        for r, c in piece["cells"]:
            svg.rect(
                x0 + c * CELL, by + r * CELL, CELL, CELL, fill, stroke="#333", stroke_width=0.5
            )
    if score is not None:
        _marks(svg, x0, by, components)
    tx = x0 + BOAT_W + 8
    ty = y0 + 34
    if b.get("hand") is not None:
        svg.text(tx, ty, f"Hand: {', '.join(str(c) for c in b['hand']) or 'none'}", 10)
        ty += 14
    elif b.get("hand_count"):
        for i in range(b["hand_count"]):
            svg.back(tx + i * 14, ty - 10, 12, 18, "a hidden card")
        ty += 16
    if b.get("lessons") is not None:
        svg.text(tx, ty, f"Lessons: {', '.join(str(c) for c in b['lessons']) or 'none'}", 10)
        ty += 14
    elif b.get("private_lesson_count"):
        for i in range(b["private_lesson_count"]):
            svg.back(tx + i * 14, ty - 10, 12, 18, "a hidden lesson")
        ty += 16
    for comp in components:
        svg.text(tx, ty, f"{comp['label'][:34]}: {signed(comp['points'])}", 9, class_="points")
        ty += 12
    if score is not None:
        svg.text(
            tx,
            ty + 4,
            f"Total: {total_of(score, b['player'])}",
            12,
            font_weight="bold",
            class_="points",
        )
    svg.close("g")


def _marks(svg: Svg, x0: float, y0: float, components: Any) -> None:
    """Families outlined with their points; unfilled rooms and visible rats marked."""
    for comp in components:
        detail = comp.get("detail") or {}
        if comp["id"].startswith("family:"):
            cells = detail["cells"]
            for r, c in cells:
                svg.rect(
                    x0 + c * CELL, y0 + r * CELL, CELL, CELL, "none", stroke="#111", stroke_width=2
                )
            r, c = min(tuple(cell) for cell in cells)
            svg.text(
                x0 + c * CELL,
                y0 + r * CELL - 2,
                signed(comp["points"]),
                10,
                font_weight="bold",
                class_="points",
            )
        elif comp["id"] == "rooms":
            for room_id, cells in ROOMS:
                if room_id in detail.get("unfilled", []):
                    r, c = min(cells)
                    svg.text(
                        x0 + c * CELL + 2,
                        y0 + r * CELL + 12,
                        "-5",
                        9,
                        fill="#c0392b",
                        font_weight="bold",
                        class_="points",
                    )
        elif comp["id"] == "rats":
            for r, c in detail.get("cells", []):
                x, y = x0 + c * CELL, y0 + r * CELL
                svg.line(
                    x + 3, y + 3, x + CELL - 3, y + CELL - 3, stroke="#c0392b", stroke_width=1.5
                )


def _island(svg: Svg, x0: float, y0: float, public: dict[str, Any]) -> None:
    svg.group("the fields, the treasures and the decks")
    day = public.get("day")
    svg.text(x0, y0 + 4, f"Day {day}" if day is not None else "", 12, font_weight="bold")
    for i, field in enumerate(("left", "right")):
        cats = public.get("fields", {}).get(field, [])
        y = y0 + 22 + i * 22
        svg.text(x0, y + 12, f"{field.title()} field:", 11)
        for j, key in enumerate(cats):
            color = key.split("-")[0]
            svg.rect(x0 + 80 + j * 56, y, 52, 16, CATS.get(color, "#999"), rx=3)
            svg.text(x0 + 84 + j * 56, y + 12, key, 9, fill="#fff")
    counts = public.get("counts", {})
    rares = ", ".join(public.get("rare_treasures", []))
    svg.text(x0 + 520, y0 + 34, f"Rare treasures: {rares or 'none'}", 10)
    svg.text(
        x0 + 520,
        y0 + 50,
        "Deck, bag, discard: "
        + ", ".join(str(counts.get(k, 0)) for k in ("deck", "bag", "discard")),
        10,
    )
    svg.close("g")
