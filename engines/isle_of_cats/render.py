"""The Isle of Cats as a picture: each boat (rooms, rats, treasure maps, the cats, treasures and
Oshax placed), fish and baskets, the two fields and the hands (SVG).

Drawn from the engine's own view: another player's hand and private lessons are never there, so
they are drawn as card backs from their counts. With the score, each family is outlined with its
points, every unfilled room is marked with its penalty, and the visible rats are crossed out.

Each boat (its rooms, rats and treasure maps) and each square's rectangle, outline and cross are
written once, at import, as immutable strings in the boat's own coordinates; a call formats only
what the state says (see ``engines.core.svg``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.svg import (
    BOLD,
    at,
    back,
    circle,
    components_of,
    document,
    group,
    line,
    palette,
    points,
    rect,
    signed,
    text,
    total_of,
)
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
ROOMS = [(room["id"], {(y, x) for x, y in room["cells"]}) for room in BOATS_DATA["rooms"]["list"]]
BOATS = {b["boat"]: b for b in BOATS_DATA["boats"]}
CHAR_PX = 6
"""About the width of a character of 10 px text: the island's lines wrap to the picture."""

# --- written once, from the catalogue (the boats, 9 × 22 squares: bounded) --------------------
# Measured (the bench's mid-game state, in-process, whole render with the view): 1.85 ms with
# the element writer of before, 0.091 ms with these strings.

ROOMS_DRAWN = "".join(
    rect(
        c * CELL,
        r * CELL,
        CELL,
        CELL,
        palette(i + 3, 30, 86),
        ' stroke="#b9ab8c" stroke-width="0.4"',
    )
    for i, (_, cells) in enumerate(ROOMS)
    for r, c in sorted(cells)
)
BOAT: dict[str, str] = {
    name: ROOMS_DRAWN
    + "".join(
        circle(x * CELL + CELL / 2, y * CELL + CELL / 2, 4, "#6d6d6d") for x, y in boat["rat_cells"]
    )
    + "".join(
        rect(
            x * CELL + 3,
            y * CELL + 3,
            CELL - 6,
            CELL - 6,
            CATS[color],
            ' stroke="#222" stroke-width="0.5"',
        )
        for color, (x, y) in sorted(boat["treasure_maps"].items())
    )
    for name, boat in BOATS.items()
}
"""Each boat's rooms, rats and treasure maps, from its top left corner."""
SQUARES = [(r, c) for r in range(9) for c in range(22)]
SQUARE: dict[tuple[int, int], str] = {
    (r, c): f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}"'
    ' stroke="#333" stroke-width="0.5" fill="'
    for r, c in SQUARES
}
"""A square's rectangle up to its fill: ``SQUARE[r, c] + colour + '"/>'``."""
OUTLINE: dict[tuple[int, int], str] = {
    (r, c): rect(c * CELL, r * CELL, CELL, CELL, "none", ' stroke="#111" stroke-width="2"')
    for r, c in SQUARES
}
CROSS: dict[tuple[int, int], str] = {
    (r, c): line(
        c * CELL + 3,
        r * CELL + 3,
        c * CELL + CELL - 3,
        r * CELL + CELL - 3,
        ' stroke="#c0392b" stroke-width="1.5"',
    )
    for r, c in SQUARES
}
UNFILLED: dict[str, str] = {
    room: points(min(cells)[1] * CELL + 2, min(cells)[0] * CELL + 12, "-5", 9, BOLD, "#c0392b")
    for room, cells in ROOMS
}
FILL_END = {k: v + '"/>' for k, v in (CATS | KIND_FILL).items()}
HIDDEN_CARD = back(12, 18, "a hidden card")
HIDDEN_LESSON = back(12, 18, "a hidden lesson")


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


def wrap(words: list[str], first: str, room: int) -> list[str]:
    """``first`` then ``words`` joined by ", " in lines of at most ``room`` pixels of 10 px text,
    broken between words (a word longer than a line keeps a line of its own)."""
    most = max(1, room // CHAR_PX)
    lines = [first]
    for i, word in enumerate(words):
        piece = word + ("," if i < len(words) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) <= most or lines[-1] == first:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


def _picture(
    boats: list[dict[str, Any]],
    public: dict[str, Any] | None,
    score: dict[str, Any] | None,
    viewer: str | None,
    status: str,
) -> str:
    per_row = 2
    rows = (len(boats) + per_row - 1) // per_row
    width = MARGIN * 2 + PANEL_W * min(per_row, len(boats))
    who = f"as {viewer} sees it" if viewer is not None else "as a spectator sees it"
    desc = "; ".join(
        f"{b['player']}: the {b['boat']} boat, {len(b['pieces'])} pieces, {b.get('fish', 0)} fish"
        for b in boats
    )
    parts = [text(MARGIN, 24, f"The Isle of Cats — {status}", 16, BOLD)]
    top = 40 if public is None else _island(parts, MARGIN, 44, public, width - 2 * MARGIN)
    for i, b in enumerate(boats):
        row, col = divmod(i, per_row)
        x0, y0 = MARGIN + col * PANEL_W, top + row * PANEL_H
        _boat(parts, x0, y0, b, components_of(score, b["player"]), score)
    height = top + rows * PANEL_H + 10
    drawn = {b["player"] for b in boats}
    for entry in (score or {}).get("players", []):
        if entry["player"] not in drawn:  # the solo game's sister: her score, as the player's
            height = _scored_only(parts, MARGIN, height + 6, entry)
    return document(width, height, f"The Isle of Cats, {status}, {who}", desc, parts)


def _boat(
    parts: list[str],
    x0: float,
    y0: float,
    b: dict[str, Any],
    components: Any,
    score: dict[str, Any] | None,
) -> None:
    add = parts.append
    add(group(f"{b['player']}'s boat"))
    add(text(x0, y0 + 12, f"{b['player']} — {b['boat']} boat, {b.get('fish', 0)} fish", 14, BOLD))
    add(at(x0, y0 + 20))
    add(BOAT[b["boat"]])
    for piece in b["pieces"]:
        end = FILL_END[piece["color"] if piece["kind"] == "cat" else piece["kind"]]
        parts.extend(SQUARE[r, c] + end for r, c in piece["cells"])
    if score is not None:
        _marks(parts, components)
    add("</g>")
    tx = x0 + BOAT_W + 8
    ty = y0 + 34
    if b.get("hand") is not None:
        add(text(tx, ty, f"Hand: {', '.join(str(c) for c in b['hand']) or 'none'}", 10))
        ty += 14
    elif b.get("hand_count"):
        parts.extend(
            at(tx + i * 14, ty - 10) + HIDDEN_CARD + "</g>" for i in range(b["hand_count"])
        )
        ty += 16
    if b.get("lessons") is not None:
        add(text(tx, ty, f"Lessons: {', '.join(str(c) for c in b['lessons']) or 'none'}", 10))
        ty += 14
    elif b.get("private_lesson_count"):
        parts.extend(
            at(tx + i * 14, ty - 10) + HIDDEN_LESSON + "</g>"
            for i in range(b["private_lesson_count"])
        )
        ty += 16
    for comp in components:
        add(points(tx, ty, f"{comp['label'][:34]}: {signed(comp['points'])}", 9))
        ty += 12
    if score is not None:
        add(points(tx, ty + 4, f"Total: {total_of(score, b['player'])}", 12, BOLD))
    add("</g>")


def _scored_only(parts: list[str], x0: int, y0: int, entry: dict[str, Any]) -> int:
    """A scored player with no boat (the solo game's sister): her components and total."""
    add = parts.append
    add(group(f"{entry['player']}'s score"))
    add(text(x0, y0 + 12, f"{entry['player']} — no boat, scored by the solo rules", 14, BOLD))
    y = y0 + 30
    for comp in entry["components"]:
        add(points(x0, y, f"{comp['label']}: {signed(comp['points'])}", 9))
        y += 12
    add(points(x0, y + 4, f"Total: {entry['total']}", 12, BOLD))
    add("</g>")
    return y + 16


def _marks(parts: list[str], components: Any) -> None:
    """Families outlined with their points; unfilled rooms and visible rats marked (in the
    boat's own coordinates)."""
    for comp in components:
        detail = comp.get("detail") or {}
        if comp["id"].startswith("family:"):
            cells = [(r, c) for r, c in detail["cells"]]
            parts.extend(OUTLINE[cell] for cell in cells)
            r, c = min(cells)
            parts.append(points(c * CELL, r * CELL - 2, signed(comp["points"]), 10, BOLD))
        elif comp["id"] == "rooms":
            unfilled = set(detail.get("unfilled", []))
            parts.extend(UNFILLED[room] for room, _ in ROOMS if room in unfilled)
        elif comp["id"] == "rats":
            parts.extend(CROSS[r, c] for r, c in detail.get("cells", []))


def _island(parts: list[str], x0: int, y0: int, public: dict[str, Any], room: int) -> int:
    """The day, the fields, then the rare treasures and the decks wrapped to ``room`` pixels;
    answers where the boats start."""
    add = parts.append
    add("<g><title>the fields, the treasures and the decks</title>")
    day = public.get("day")
    add(text(x0, y0 + 4, f"Day {day}" if day is not None else "", 12, BOLD))
    for i, field in enumerate(("left", "right")):
        cats = public.get("fields", {}).get(field, [])
        y = y0 + 22 + i * 22
        add(text(x0, y + 12, f"{field.title()} field:", 11))
        for j, key in enumerate(cats):
            color = key.split("-")[0]
            add(rect(x0 + 80 + j * 56, y, 52, 16, CATS.get(color, "#999"), ' rx="3"'))
            add(text(x0 + 84 + j * 56, y + 12, key, 9, fill="#fff"))
    counts = public.get("counts", {})
    rares = list(public.get("rare_treasures", [])) or ["none"]
    lines = wrap(rares, "Rare treasures:", room)
    lines.append(
        "Deck, bag, discard: "
        + ", ".join(str(counts.get(k, 0)) for k in ("deck", "bag", "discard"))
    )
    y = y0 + 82
    for text_line in lines:
        add(text(x0, y, text_line, 10))
        y += 14
    add("</g>")
    return y
