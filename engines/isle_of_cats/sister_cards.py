"""The sister's cards in the solo game (Board Game Arena only): colour cards, basket cards, lessons.

``cards.json`` gives the basket cards as data (read into
:class:`~engines.isle_of_cats.effects.BasketCard`) and the solo lessons by text only: what each
lesson counts on the player's boat is written here in the lesson vocabulary of
:mod:`engines.isle_of_cats.effects`, and scored by the one lesson evaluator
(:func:`engines.isle_of_cats.lessons.points`).
"""

from __future__ import annotations

from engines.isle_of_cats.catalogue import CARDS_DATA, COMMON_SHAPES
from engines.isle_of_cats.effects import (
    BasketCard,
    BestOtherAgain,
    ColoursWhere,
    Compare,
    Count,
    FamilyPoints,
    LessonEffect,
    PointsIf,
    PointsPer,
    Quantity,
    basket_card,
)

_SOLO = CARDS_DATA["solo"]
SOLO_COLOUR_CARDS: tuple[str, ...] = tuple(_SOLO["colour_cards"])
COMMON_BY_NAME = {shape.name: sid for sid, shape in COMMON_SHAPES.items()}
"""cards.json names common treasures by size (``1-square``, ``2-square``) and the two 3-square
ones by letter (``3-square L`` is shape 102, ``3-square I`` shape 103)."""
COMMON_BY_NAME |= {"3-square L": 102, "3-square I": 103}
BASKET_CARDS: dict[int, BasketCard] = {
    int(c["bga_id"]): basket_card(c, COMMON_BY_NAME) for c in _SOLO["basket_cards"]
}
SOLO_LESSONS: dict[int, str] = {int(c["bga_id"]): c["text"] for c in _SOLO["lesson_cards"]}
ADVANCED_LESSONS: dict[int, str] = {
    int(c["bga_id"]): c["text"] for c in _SOLO["advanced_lesson_cards"]
}
ALL_SOLO_LESSONS = {**SOLO_LESSONS, **ADVANCED_LESSONS}
BASIC_LESSON_COUNT = 3
ADVANCED_BY_LEVEL = {"easy": 0, "medium": 1, "hard": 2, "very_hard": 3, "expert": 4}
DOUBLE_BEST_CARD = 204
""""Highest scoring sister lesson scores twice": the best other solo lesson once more."""


def _per(points: int, quantity: Quantity, beyond: int = 0) -> PointsPer:
    return PointsPer(points, Count(quantity, beyond=beyond))


def _colours_without(quantity: Quantity) -> ColoursWhere:
    return ColoursWhere(Compare(Count(quantity), "==", 0))


SISTER_LESSONS: dict[int, LessonEffect] = {
    197: PointsPer(5, _colours_without(Quantity.TREASURES_TOUCHING_CATS)),
    198: _per(2, Quantity.LARGEST_FAMILY),
    199: PointsIf(10, Compare(Count(Quantity.TREASURES), "<", 9)),
    200: _per(4, Quantity.FISH),
    201: _per(5, Quantity.VISIBLE_RATS),
    202: _per(5, Quantity.CATS, beyond=15),
    203: PointsPer(5, _colours_without(Quantity.EDGE_CATS)),
    DOUBLE_BEST_CARD: BestOtherAgain(),
    205: _per(3, Quantity.FILLED_ROOMS),
    206: _per(5, Quantity.LONELY_CATS),
    207: _per(3, Quantity.PRIVATE_LESSONS),
    208: FamilyPoints(1),
    209: FamilyPoints(2),
    210: _per(3, Quantity.COMMON),
    211: _per(3, Quantity.CATS_AWAY_FROM_TREASURE),
    212: _per(4, Quantity.COVERED_MAPS),
    213: _per(5, Quantity.SCORING_FAMILIES),
    214: _per(1, Quantity.EDGE_CATS),
    215: PointsPer(5, _colours_without(Quantity.CATS_BY_VISIBLE_RATS)),
}
"""What each solo lesson scores on the player's boat (texts in :data:`ALL_SOLO_LESSONS`)."""
assert set(SISTER_LESSONS) == set(ALL_SOLO_LESSONS)
