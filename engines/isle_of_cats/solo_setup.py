"""The sister's cards at the start of a seeded solo game (Board Game Arena's solo setup).

Seeded mode draws, after the standard draws (boats, bag, deck) and in this order: the colour
cards (a ``shuffle`` of blue, green, purple, red, orange), the solo basket cards (a ``shuffle``
of 174-196), the 3 solo lessons (the first 3 of a ``shuffle`` of 197-206), the advanced lessons
the level asks for (the first 0 to 4 of a ``shuffle`` of 207-215) and the Oshax's solo numbers
(a ``shuffle`` of 300-305: Oshax 1 first). External mode reports the lessons and the Oshax order
as ``chance`` draws before the first day, and then a colour card each day.
"""

from __future__ import annotations

from engines.core.rng import CounterRng
from engines.isle_of_cats.catalogue import OSHAX_SHAPES
from engines.isle_of_cats.sister_cards import (
    ADVANCED_BY_LEVEL,
    ADVANCED_LESSONS,
    BASIC_LESSON_COUNT,
    BASKET_CARDS,
    SOLO_COLOUR_CARDS,
    SOLO_LESSONS,
)
from engines.isle_of_cats.solo_state import SoloState


def seeded_solo(rng: CounterRng, level: str) -> tuple[SoloState, tuple[int, ...]]:
    """The sister's shuffled decks and lessons, and the Oshax in their solo order."""
    colours = rng.shuffle(list(SOLO_COLOUR_CARDS))
    baskets = rng.shuffle(sorted(BASKET_CARDS))
    basic = rng.shuffle(sorted(SOLO_LESSONS))[:BASIC_LESSON_COUNT]
    advanced = rng.shuffle(sorted(ADVANCED_LESSONS))[: ADVANCED_BY_LEVEL[level]]
    oshax = rng.shuffle(sorted(OSHAX_SHAPES))
    solo = SoloState(
        lessons=tuple(basic + advanced),
        oshax_ordered=True,
        colour_deck=tuple(colours),
        basket_deck=tuple(baskets),
    )
    return solo, tuple(oshax)
