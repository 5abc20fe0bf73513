"""The 18 green-backed family lesson cards and what each scores (Board Game Arena only).

``cards.json`` lists the family cards by text (``family_cards``); what each one counts follows
Board Game Arena's end-of-game scoring, where most family cards share the code of a standard
private lesson (151 = 117, 152 = 116 at 9 points, 153 = 135, 154 = 124, 156 = 113, 158 = 115,
159–163 = 127–131, 165 = 121, 166 = 125, 168 = 141). Each is written here in the lesson
vocabulary of :mod:`engines.isle_of_cats.effects` and scored by the one lesson evaluator
(:func:`engines.isle_of_cats.lessons.points`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.isle_of_cats.catalogue import CARDS_DATA, COLORS
from engines.isle_of_cats.effects import (
    Compare,
    Count,
    EveryColour,
    FamilyPoints,
    Lesson,
    LessonEffect,
    PointsIf,
    PointsPer,
    Quantity,
)
from engines.isle_of_cats.lessons import Table, points

FAMILY_LESSON = "family_lesson"
DEAL = 3
"""Family cards dealt to each player at the start (``DRAW_CARDS_FAMILY_PER_PLAYERS``)."""
KEEP = 2
"""Family cards each player keeps (``NB_CARDS_KEEP_FAMILY``); the third is discarded."""


@dataclass(frozen=True)
class FamilyCard:
    id: int
    text: str
    lesson: Lesson

    @property
    def asks_colour(self) -> bool:
        return self.lesson.asks_colour

    def score(self, table: Table, color: str | None) -> int:
        return points(self.lesson.effect, table, color)


_TEXTS = {int(c["bga_id"]): str(c["text"]) for c in CARDS_DATA["family_cards"]["list"]}


def _card(card_id: int, effect: LessonEffect, *, asks_colour: bool = False) -> FamilyCard:
    return FamilyCard(card_id, _TEXTS[card_id], Lesson(effect, asks_colour))


def _exactly(quantity: Quantity, value: int, colour: str | None = None) -> Compare:
    return Compare(Count(quantity, colour), "==", value)


_EDGE = Count(Quantity.EDGE_CATS)
_COLOUR_CARDS = dict(
    zip(("blue", "green", "purple", "red", "orange"), range(159, 164), strict=True)
)

FAMILY_CARDS: dict[int, FamilyCard] = {
    c.id: c
    for c in (
        _card(151, PointsPer(1, _EDGE), asks_colour=True),
        _card(152, PointsIf(9, EveryColour(Compare(_EDGE, ">=", 1)))),
        _card(153, PointsPer(1, _EDGE, every=2)),
        _card(154, PointsIf(10, _exactly(Quantity.VISIBLE_RATS, 0))),
        _card(155, PointsIf(10, _exactly(Quantity.EMPTY_MIDDLE_ROW_CELLS, 0))),
        _card(156, PointsIf(12, _exactly(Quantity.EMPTY_EDGE_CELLS, 0))),
        _card(157, PointsIf(10, _exactly(Quantity.CATS, 20))),
        _card(158, PointsIf(15, EveryColour(Compare(Count(Quantity.CATS), ">=", 3)))),
        *(
            _card(i, PointsIf(9, _exactly(Quantity.CATS, 5, colour)))
            for colour, i in _COLOUR_CARDS.items()
        ),
        _card(164, PointsPer(2, Count(Quantity.TREASURES))),
        _card(165, PointsIf(10, _exactly(Quantity.HAS_LARGEST_FAMILY, 1))),
        _card(166, PointsPer(2, Count(Quantity.VISIBLE_RATS))),
        _card(167, PointsPer(2, Count(Quantity.FILLED_ROOMS))),
        _card(168, FamilyPoints(3)),
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
