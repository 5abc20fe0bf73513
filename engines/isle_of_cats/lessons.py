"""Lesson cards scored from their structured ``effect`` by one evaluator.

An effect is either a condition worth fixed ``points`` (``"if"``), a count worth ``points_each``
(``"per"``), or the third-largest family scored again (``"score"``). Each condition and count
named in ``cards.json`` is one entry of :data:`MEASURES`: a function of the player's table
(:class:`Table`) and, for "pick a colour" cards, the colour.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engines.isle_of_cats.boat import Boat, touches_edge
from engines.isle_of_cats.catalogue import (
    CARDS,
    COLORS,
    COMMON,
    FAMILY_MIN,
    OSHAX,
    PRIVATE_LESSON,
    PUBLIC_LESSON,
    RARE,
    family_points,
    neighbours,
)


@dataclass(frozen=True)
class Table:
    """What one player's lessons look at when the game is scored."""

    boat: Boat
    fish: int
    permanent_baskets: int
    private_lessons: int
    first_in_turn_order: bool
    others_largest_family: tuple[int, ...]
    """The size of every other player's largest family (0: none)."""


Measure = Callable[[Table, str | None], int]


def largest_family(boat: Boat) -> int:
    """The largest family's size in tiles; 0 when no group has the 3 tiles a family needs."""
    sizes = [f.size for f in boat.families if f.size >= FAMILY_MIN]
    return max(sizes, default=0)


def _cats(t: Table, color: str | None) -> int:
    return len(t.boat.cat_likes(color))


def _edge_cats(t: Table, color: str | None) -> int:
    return sum(1 for p in t.boat.cat_likes(color) if touches_edge(p))


def _lonely(t: Table, color: str | None) -> int:
    return sum(1 for f in t.boat.families if f.size == 1 and (color is None or f.color == color))


def _treasures_touching(t: Table, color: str | None) -> int:
    colour_mask = 0
    for p in t.boat.cat_likes(color):
        colour_mask |= p.mask
    return sum(1 for p in t.boat.pieces if p.is_treasure and neighbours(p.mask) & colour_mask)


def _has_largest_family(t: Table, _: str | None) -> int:
    mine = largest_family(t.boat)
    return int(mine > 0 and all(mine >= other for other in t.others_largest_family))


def _colour_count(color: str) -> Measure:
    return lambda t, _: len(t.boat.cat_likes(color))


MEASURES: dict[str, Measure] = {
    # conditions (true = 1)
    "no_empty_edge_cell": lambda t, _: int(not t.boat.empty_edge),
    "each colour count(cats+oshax) >= 3": lambda t, _: int(
        all(len(t.boat.cat_likes(c)) >= 3 for c in COLORS)
    ),
    "every colour has >=1 cat/oshax touching edge": lambda t, _: int(
        all(_edge_cats(t, c) >= 1 for c in COLORS)
    ),
    "first in turn order at game end": lambda t, _: int(t.first_in_turn_order),
    "largest family >= every other player's largest (ties score); solo: largest family >= 7": (
        _has_largest_family
    ),
    "both parrot rooms (R0,R5) full": lambda t, _: int(
        t.boat.room_full("R0") and t.boat.room_full("R5")
    ),
    "both moon rooms (R1,R2) completely empty": lambda t, _: int(
        t.boat.room_empty("R1") and t.boat.room_empty("R2")
    ),
    "apple room (R3) completely empty": lambda t, _: int(t.boat.room_empty("R3")),
    # quantities, compared by "<quantity> == N" / ">= N" conditions
    "cats_plus_oshax": lambda t, _: _cats(t, None),
    "permanent_baskets": lambda t, _: t.permanent_baskets,
    "visible_rats": lambda t, _: t.boat.visible_rats.bit_count(),
    "private_lessons": lambda t, _: t.private_lessons,
    "common+rare treasures": lambda t, _: t.boat.count(COMMON) + t.boat.count(RARE),
    "fish": lambda t, _: t.fish,
    "count": _cats,
    **{f"{c} cats+oshax": _colour_count(c) for c in COLORS},
    # counts
    "cat_or_oshax of chosen colour touching edge": _edge_cats,
    "cat/oshax of colour touching edge": _edge_cats,
    "lonely cat/oshax (family of size 1)": _lonely,
    "lonely cat/oshax of colour": _lonely,
    "rare_treasure": lambda t, _: t.boat.count(RARE),
    "common_treasure": lambda t, _: t.boat.count(COMMON),
    "visible_rat": lambda t, _: t.boat.visible_rats.bit_count(),
    "private_lesson_card": lambda t, _: t.private_lessons,
    "2 cats/oshax touching edge": lambda t, _: _edge_cats(t, None) // 2,
    "family of size >= 4": lambda t, _: sum(1 for f in t.boat.families if f.size >= 4),
    "oshax": lambda t, _: t.boat.count(OSHAX),
    "cat/oshax of colour": _cats,
    "treasure touching a cat/oshax of colour": _treasures_touching,
    "uncovered treasure map": lambda t, _: t.boat.uncovered_maps,
}

_COMPARISON = re.compile(r"^(?P<measure>.+?)\s*(?P<op>==|>=)\s*(?P<n>\d+)(?: at end)?$")


def _condition(text: str, table: Table, color: str | None) -> bool:
    if text in MEASURES:
        return MEASURES[text](table, color) > 0
    found = _COMPARISON.match(text)
    assert found is not None and found["measure"] in MEASURES, f"unknown condition {text!r}"
    value = MEASURES[found["measure"]](table, color)
    n = int(found["n"])
    return value == n if found["op"] == "==" else value >= n


def lesson_points(card_id: int, table: Table, color: str | None) -> int:
    """What the lesson ``card_id`` scores for this player (``color`` for "pick a colour")."""
    effect = CARDS[card_id].effect
    if "if" in effect:
        return int(effect["points"]) if _condition(effect["if"], table, color) else 0
    if "per" in effect:
        return int(effect["points_each"]) * MEASURES[effect["per"]](table, color)
    # "Score your third largest family twice": its family points once more.
    families = [f.size for f in table.boat.families if f.size >= FAMILY_MIN]
    return family_points(families[2]) if len(families) >= 3 else 0


def asks_colour(card_id: int) -> bool:
    return CARDS[card_id].asks_colour


def best_colour(card_id: int, tables: list[Table]) -> str:
    """The colour that scores most over ``tables`` (the first such colour in colour order)."""
    return max(COLORS, key=lambda c: sum(lesson_points(card_id, t, c) for t in tables))


def _check_all_effects() -> None:
    # Every lesson of the catalogue must be evaluable: fail at import, not mid-game.
    empty = Table(Boat("blue"), 0, 1, 0, False, ())
    for card_id, kind in CARDS.items():
        if kind.type in (PRIVATE_LESSON, PUBLIC_LESSON):
            lesson_points(card_id, empty, COLORS[0] if kind.asks_colour else None)


_check_all_effects()
