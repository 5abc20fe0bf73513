"""The 18 green-backed family lesson cards and what each scores (Board Game Arena only).

``cards.json`` lists the family cards by text (``family_cards``); what each one counts follows
Board Game Arena's end-of-game scoring, where most family cards share the code of a standard
private lesson (151 = 117, 152 = 116 at 9 points, 153 = 135, 154 = 124, 156 = 113, 158 = 115,
159–163 = 127–131, 165 = 121, 166 = 125, 168 = 141). The conditions and counts are the standard
game's :data:`engines.isle_of_cats.lessons.MEASURES`, plus three only family cards ask for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.isle_of_cats.catalogue import (
    BOAT_MASK,
    CARDS_DATA,
    COLORS,
    COLS,
    FAMILY_MIN,
    ROOMS,
    family_points,
)
from engines.isle_of_cats.lessons import MEASURES, Table

FAMILY_LESSON = "family_lesson"
DEAL = 3
"""Family cards dealt to each player at the start (``DRAW_CARDS_FAMILY_PER_PLAYERS``)."""
KEEP = 2
"""Family cards each player keeps (``NB_CARDS_KEEP_FAMILY``); the third is discarded."""

MIDDLE_ROW = 4
_MIDDLE_ROW_MASK = sum(1 << (MIDDLE_ROW * COLS + c) for c in range(COLS)) & BOAT_MASK


def _middle_row_full(t: Table, _: str | None) -> int:
    return int(not _MIDDLE_ROW_MASK & ~t.boat.occupied)


def _filled_rooms(t: Table, _: str | None) -> int:
    return len(ROOMS) - len(t.boat.unfilled_rooms)


def _third_family(t: Table, _: str | None) -> int:
    # The third largest family scores its family points once more; none without 3 families.
    sizes = [f.size for f in t.boat.families if f.size >= FAMILY_MIN]
    return family_points(sizes[2]) if len(sizes) >= 3 else 0


Measure = Callable[[Table, str | None], int]

FAMILY_MEASURES: dict[str, Measure] = {
    **MEASURES,
    "middle row (row 4) full": _middle_row_full,
    "filled room": _filled_rooms,
    "third largest family's points": _third_family,
}


@dataclass(frozen=True)
class FamilyCard:
    id: int
    text: str
    measure: str
    """A key of :data:`FAMILY_MEASURES`."""
    points: int
    """Points when the condition holds, or points per thing counted (``per``)."""
    per: bool = False
    exactly: int | None = None
    """A condition on a count: the count must be exactly this (None: the measure is a truth)."""
    asks_colour: bool = False

    def score(self, table: Table, color: str | None) -> int:
        value = FAMILY_MEASURES[self.measure](table, color)
        if self.per:
            return self.points * value
        met = value == self.exactly if self.exactly is not None else value > 0
        return self.points if met else 0


_TEXTS = {int(c["bga_id"]): str(c["text"]) for c in CARDS_DATA["family_cards"]["list"]}


def _card(
    card_id: int,
    measure: str,
    points: int,
    *,
    per: bool = False,
    exactly: int | None = None,
    asks_colour: bool = False,
) -> FamilyCard:
    return FamilyCard(card_id, _TEXTS[card_id], measure, points, per, exactly, asks_colour)


_COLOUR_CARDS = dict(
    zip(("blue", "green", "purple", "red", "orange"), range(159, 164), strict=True)
)

FAMILY_CARDS: dict[int, FamilyCard] = {
    c.id: c
    for c in (
        _card(151, "cat/oshax of colour touching edge", 1, per=True, asks_colour=True),
        _card(152, "every colour has >=1 cat/oshax touching edge", 9),
        _card(153, "2 cats/oshax touching edge", 1, per=True),
        _card(154, "visible_rats", 10, exactly=0),
        _card(155, "middle row (row 4) full", 10),
        _card(156, "no_empty_edge_cell", 12),
        _card(157, "cats_plus_oshax", 10, exactly=20),
        _card(158, "each colour count(cats+oshax) >= 3", 15),
        *(_card(i, f"{c} cats+oshax", 9, exactly=5) for c, i in _COLOUR_CARDS.items()),
        _card(164, "common+rare treasures", 2, per=True),
        _card(
            165,
            "largest family >= every other player's largest (ties score); "
            "solo: largest family >= 7",
            10,
        ),
        _card(166, "visible_rat", 2, per=True),
        _card(167, "filled room", 2, per=True),
        _card(168, "third largest family's points", 1, per=True),
    )
}
FAMILY_DECK: tuple[int, ...] = tuple(sorted(FAMILY_CARDS))
assert len(FAMILY_DECK) == CARDS_DATA["family_cards"]["count"] == 18
assert set(_COLOUR_CARDS) == set(COLORS)


def family_card_points(card_id: int, table: Table, color: str | None) -> int:
    return FAMILY_CARDS[card_id].score(table, color)


def best_family_colour(card_id: int, table: Table) -> str:
    """The colour that scores most (the first such in colour order), as Board Game Arena picks."""
    return max(COLORS, key=lambda c: family_card_points(card_id, table, c))
