"""A tiny SVG writer: the pictures of ``POST /v1/games/{game}/render``, written as text.

Deterministic by construction: attributes are written in sorted order, numbers with a fixed
format (at most two decimals, no exponent, no ``-0``), text escaped. The document is
self-contained: no external font, image or stylesheet; its text stays text (``<text>``), and it
opens with ``<title>`` and ``<desc>`` for screen readers. Knows no game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Number = int | float
Attr = str | Number | None

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""Generic families only: the picture names no font file to fetch."""

BACK = "#5b4a8a"
"""The colour of a card back (hidden information)."""


def num(value: Number) -> str:
    """``3``, ``2.5``, ``0.33``: at most two decimals, trailing zeros dropped, never ``-0``."""
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def esc(text: str) -> str:
    """Escaped for an attribute or element content."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _attrs(attrs: dict[str, Attr]) -> str:
    out = []
    for key in sorted(attrs):
        value = attrs[key]
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, int | float) else esc(value)
        out.append(f' {name}="{text}"')
    return "".join(out)


class Svg:
    """An SVG document under construction: append elements, then :meth:`document`."""

    def __init__(self, width: Number, height: Number, title: str, desc: str) -> None:
        self.width = width
        self.height = height
        self.title = title
        self.desc = desc
        self.parts: list[str] = []

    # --- elements ---------------------------------------------------------------------------

    def el(self, tag: str, content: str | None = None, /, **attrs: Attr) -> None:
        """``<tag …/>``, or ``<tag …>content</tag>`` (``content`` escaped here)."""
        if content is None:
            self.parts.append(f"<{tag}{_attrs(attrs)}/>")
        else:
            self.parts.append(f"<{tag}{_attrs(attrs)}>{esc(content)}</{tag}>")

    def open(self, tag: str, **attrs: Attr) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def group(self, label: str | None = None, **attrs: Attr) -> None:
        """Open a ``<g>``; with a label, a ``<title>`` names it for assistive technology."""
        self.open("g", **attrs)
        if label is not None:
            self.el("title", label)

    def rect(self, x: Number, y: Number, w: Number, h: Number, fill: str, **attrs: Attr) -> None:
        self.el("rect", x=x, y=y, width=w, height=h, fill=fill, **attrs)

    def circle(self, cx: Number, cy: Number, r: Number, fill: str, **attrs: Attr) -> None:
        self.el("circle", cx=cx, cy=cy, r=r, fill=fill, **attrs)

    def line(self, x1: Number, y1: Number, x2: Number, y2: Number, **attrs: Attr) -> None:
        self.el("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polygon(self, points: Iterable[tuple[Number, Number]], fill: str, **attrs: Attr) -> None:
        text = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self.el("polygon", points=text, fill=fill, **attrs)

    def text(self, x: Number, y: Number, content: str, size: Number = 12, **attrs: Attr) -> None:
        attrs.setdefault("fill", "#222")
        self.el("text", content, x=x, y=y, font_size=size, **attrs)

    def back(self, x: Number, y: Number, w: Number, h: Number, label: str = "card back") -> None:
        """A card back: hidden information drawn as such, never its face."""
        self.group(label)
        self.rect(x, y, w, h, BACK, rx=4, stroke="#2e2450", stroke_width=1)
        self.rect(x + 3, y + 3, w - 6, h - 6, "none", rx=3, stroke="#c9b8ff", stroke_width=1)
        self.close("g")

    # --- the document -------------------------------------------------------------------------

    def document(self) -> str:
        head = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img"'
            f' viewBox="0 0 {num(self.width)} {num(self.height)}"'
            f' width="{num(self.width)}" height="{num(self.height)}"'
            f' font-family="{esc(FONT)}" aria-labelledby="title desc">'
            f'<title id="title">{esc(self.title)}</title>'
            f'<desc id="desc">{esc(self.desc)}</desc>'
            f'<rect x="0" y="0" width="{num(self.width)}" height="{num(self.height)}"'
            ' fill="#fbf8f1"/>'
        )
        return head + "".join(self.parts) + "</svg>\n"


def signed(points: int) -> str:
    """``+7``, ``-2``, ``0``: points as a player reads them."""
    return f"+{points}" if points > 0 else str(points)


def palette(index: int, saturation: int = 55, lightness: int = 62) -> str:
    """A fixed, distinct colour for an index (a patch, a room): golden-angle hues."""
    hue = (index * 137) % 360
    return f"hsl({hue},{saturation}%,{lightness}%)"


def components_of(score: dict[str, object] | None, player: str) -> Sequence[dict[str, object]]:
    """One player's score components from a breakdown's JSON (empty without a score)."""
    if score is None:
        return []
    players = score.get("players")
    assert isinstance(players, list)
    for entry in players:
        if entry["player"] == player:
            components: list[dict[str, object]] = entry["components"]
            return components
    return []


def total_of(score: dict[str, object] | None, player: str) -> int | None:
    if score is None:
        return None
    players = score.get("players")
    assert isinstance(players, list)
    for entry in players:
        if entry["player"] == player:
            total: int = entry["total"]
            return total
    return None
