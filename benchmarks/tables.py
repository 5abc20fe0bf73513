"""Markdown tables, so a run is pasted into the docs as printed, and the targets they report."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Cell = str | int | float | None


def fmt(value: Cell, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:,.{digits}f}" if isinstance(value, float) else value


def table(headers: Sequence[str], rows: Sequence[Sequence[Cell]], digits: int = 1) -> str:
    """A Markdown table; numeric columns are right-aligned."""
    text = [[fmt(c, digits) for c in row] for row in rows]
    numeric = [
        bool(rows) and all(isinstance(row[i], int | float) or row[i] is None for row in rows)
        for i in range(len(headers))
    ]
    widths = [max([len(h), 3, *(len(r[i]) for r in text)]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        aligned = zip(cells, widths, numeric, strict=True)
        return "| " + " | ".join(c.rjust(w) if num else c.ljust(w) for c, w, num in aligned) + " |"

    rule = [
        ("-" * (w - 1) + ":") if num else "-" * w for w, num in zip(widths, numeric, strict=True)
    ]
    return "\n".join([line(headers), line(rule), *(line(r) for r in text)])


def heading(title: str, level: int = 2) -> str:
    return f"\n{'#' * level} {title}\n"


@dataclass(frozen=True)
class Check:
    """One target: ``value`` against ``limit`` (at most, or at least)."""

    game: str
    target: str
    value: float
    limit: float
    unit: str
    at_least: bool = False

    @property
    def verdict(self) -> str:
        if math.isnan(self.value):
            return "not measured"
        met = self.value >= self.limit if self.at_least else self.value <= self.limit
        return "met" if met else "MISSED"


def targets(checks: Sequence[Check]) -> str:
    rows: list[list[Cell]] = [
        [
            c.game,
            c.target,
            "–" if c.verdict == "not measured" else f"{c.value:,.2f} {c.unit}",
            f"{'≥' if c.at_least else '≤'} {c.limit:g} {c.unit}",
            c.verdict,
        ]
        for c in sorted(checks, key=lambda c: c.game)
    ]
    return table(["game", "target", "figure", "limit", "verdict"], rows)
