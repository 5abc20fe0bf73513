"""Castle Combo as a picture: each tableau (3×3, gold on the purses, face-down cards as backs),
gold and keys, the two displays, the messenger and the discards (SVG).

Drawn from the engine's own view; a face-down card is drawn as its back, never its face. With
the score, each card shows the points its scroll counts, and the keys theirs.

Each of the 78 card faces, the card back and the empty slot are written once, at import, as
immutable strings at the origin; a call places them and formats only gold and points (see
``engines.core.svg``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.castle_combo.catalogue import CARDS_DATA
from engines.core.svg import (
    BOLD,
    END,
    MIDDLE,
    at,
    back,
    circle,
    components_of,
    document,
    esc,
    group,
    points,
    rect,
    signed,
    text,
    total_of,
)

CARD_W = 92
CARD_H = 64
GAP = 6
MARGIN = 20
PANEL_W = 3 * (CARD_W + GAP) + 150
NAMES: dict[str, str] = {c["id"]: c["name"] for c in CARDS_DATA["cards"]}
DECK_COLOR = {"castle": "#d9c7ef", "village": "#cfe6c4"}
DECK: dict[str, str] = {c["id"]: c["deck"] for c in CARDS_DATA["cards"]}
LINE_CHARS = 13
"""A bold 10 px line of a card's name fits about 13 characters in the card's 84 px."""


def name_lines(name: str) -> list[str]:
    """A card's name in lines of at most ``LINE_CHARS`` characters, broken after a space or a
    hyphen ("Her Majesty" / "the Queen", "Master-at-" / "Arms"); never cut."""
    words: list[str] = []
    for word in name.split(" "):
        pieces = word.split("-")
        words += [p + "-" for p in pieces[:-1]] + [pieces[-1]]
    lines: list[str] = []
    for word in words:
        joiner = "" if lines and lines[-1].endswith("-") else " "
        if lines and len(lines[-1]) + len(joiner) + len(word) <= LINE_CHARS:
            lines[-1] += joiner + word
        else:
            lines.append(word)
    return lines


def _face(cid: str) -> str:
    name = NAMES[cid]
    return (
        f"<title>{esc(name)}</title>"
        + rect(0, 0, CARD_W, CARD_H, DECK_COLOR[DECK[cid]], ' rx="4" stroke="#6b5a3a"')
        + "".join(text(4, 14 + 12 * i, part, 10, BOLD) for i, part in enumerate(name_lines(name)))
    )


# --- written once, from the catalogue (78 faces, a back, an empty slot: bounded) --------------
# Measured (the bench's mid-game state, in-process, whole render with the view): 0.25 ms with
# the element writer of before, 0.060 ms placing these strings.

FACE: dict[str, str] = {cid: _face(cid) for cid in NAMES}
"""Each card's face at the origin, named by a ``<title>`` with its whole name."""
FACE_DOWN = back(CARD_W, CARD_H, "a face-down card")
EMPTY = rect(0, 0, CARD_W, CARD_H, "none", ' rx="4" stroke="#cbbf9f" stroke-dasharray="4 3"')
GOLD = circle(14, CARD_H - 14, 9, "#e8c547", ' stroke="#8a6d00"')


def render_state(game: Any, state: Any, viewer: str | None, highlight: bool) -> str:
    view = game.view(state, viewer)
    score = game.score_seen_by(state, viewer).to_json() if highlight else None
    public = view["public"]
    tableaux = []
    for p in view["players"]:
        seat = public["players"][p]
        cards = seat["tableau"]
        top = min((c["cell"][0] for c in cards), default=0)
        left = min((c["cell"][1] for c in cards), default=0)
        grid: list[list[dict[str, Any] | None]] = [[None] * 3 for _ in range(3)]
        for c in cards:
            grid[c["cell"][0] - top][c["cell"][1] - left] = c
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
    parts = [text(MARGIN, 24, f"Castle Combo — {status}", 16, BOLD)]
    if public is not None:
        _table(parts, MARGIN, 44, public)
    for i, t in enumerate(tableaux):
        row, col = divmod(i, per_row)
        y = top + row * (3 * (CARD_H + GAP) + 60)
        _tableau(parts, MARGIN + col * PANEL_W, y, t, components_of(score, t["player"]), score)
    return document(width, height, f"Castle Combo, {status}, {who}", desc, parts)


def _card(x: float, y: float, card: dict[str, Any] | None, points_of: int | None) -> str:
    if card is None:
        return at(x, y) + EMPTY + "</g>"
    out = at(x, y) + (FACE_DOWN if card.get("face_down") else FACE[card["card"]])
    gold = card.get("gold", 0)
    if gold:
        out += GOLD + text(14, CARD_H - 10, str(gold), 10, MIDDLE)
    if points_of is not None:
        out += points(CARD_W - 6, CARD_H - 8, signed(points_of), 13, END + BOLD, "#c0392b")
    return out + "</g>"


def _tableau(
    parts: list[str],
    x0: float,
    y0: float,
    t: dict[str, Any],
    components: Any,
    score: dict[str, Any] | None,
) -> None:
    add = parts.append
    add(group(f"{t['player']}'s tableau"))
    add(text(x0, y0 + 12, f"{t['player']} — {t['gold']} gold, {t['keys']} keys", 14, BOLD))
    got = {c["id"]: c["points"] for c in components}
    for r in range(3):
        for c in range(3):
            x = x0 + c * (CARD_W + GAP)
            y = y0 + 22 + r * (CARD_H + GAP)
            add(_card(x, y, t["grid"][r][c], got.get(f"card:{r},{c}")))
    if score is not None:
        tx = x0 + 3 * (CARD_W + GAP) + 4
        add(points(tx, y0 + 40, f"Keys: {signed(got.get('keys', 0))}", 11))
        add(points(tx, y0 + 58, f"Total: {total_of(score, t['player'])}", 13, BOLD))
    add("</g>")


def _table(parts: list[str], x0: float, y0: float, public: dict[str, Any]) -> None:
    add = parts.append
    add("<g><title>the displays, the messenger and the discards</title>")
    for i, where in enumerate(("castle", "village")):
        y = y0 + i * (CARD_H + 18)
        messenger = " — the messenger is here" if public["messenger"] == where else ""
        add(text(x0, y + 10, f"{where.title()} display{messenger}", 11, BOLD))
        for j, cid in enumerate(public["displays"][where]):
            add(_card(x0 + j * (CARD_W + GAP), y + 14, {"card": cid}, None))
        discards = public.get("discards", {}).get(where, [])
        dx = x0 + 3 * (CARD_W + GAP) + 10
        add(text(dx, y + 40, f"{len(discards)} discarded", 10))
        if public["messenger"] == where:
            add(circle(dx + 100, y + 36, 10, "#c0392b", ' stroke="#611"'))
    add("</g>")
