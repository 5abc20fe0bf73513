"""Plain-text tables in Markdown pipe syntax, so a run can be pasted into the docs as it is."""

from __future__ import annotations

import math
from collections.abc import Sequence

Cell = str | int | float | None


def fmt(value: Cell, digits: int = 1) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:,.{digits}f}"
    return value


def table(headers: Sequence[str], rows: Sequence[Sequence[Cell]], digits: int = 1) -> str:
    """A Markdown table; numeric columns are right-aligned."""
    text = [[fmt(c, digits) for c in row] for row in rows]
    numeric = [
        all(isinstance(row[i], int | float) or row[i] is None for row in rows) and bool(rows)
        for i in range(len(headers))
    ]
    widths = [max([len(h), 3, *(len(r[i]) for r in text)]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        padded = [
            c.rjust(w) if num else c.ljust(w)
            for c, w, num in zip(cells, widths, numeric, strict=True)
        ]
        return "| " + " | ".join(padded) + " |"

    rule = [
        ("-" * (w - 1) + ":") if num else "-" * w for w, num in zip(widths, numeric, strict=True)
    ]
    return "\n".join([line(headers), line(rule), *(line(r) for r in text)])


def heading(title: str, level: int = 2) -> str:
    return f"\n{'#' * level} {title}\n"
