"""One evaluator for every lesson (discovery, family and the sister's) and every count a card makes.

A lesson is a typed :data:`~engines.isle_of_cats.effects.LessonEffect` read from the catalogue;
what it measures is a :class:`~engines.isle_of_cats.effects.Count` or
:class:`~engines.isle_of_cats.effects.ColoursWhere` of one player's table (:class:`Table`) and,
for "pick a colour" cards, the colour. A card that gains fish per thing counts with the same
measures (:func:`measure`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.isle_of_cats.boat import Boat, touches_edge
from engines.isle_of_cats.catalogue import (
    BOAT_MASK,
    CARDS,
    CAT,
    COLORS,
    COLS,
    COMMON,
    FAMILY_MIN,
    OSHAX,
    RARE,
    ROOMS,
    family_points,
    neighbours,
)
from engines.isle_of_cats.effects import (
    ColoursWhere,
    Condition,
    Count,
    EveryColour,
    FamilyPoints,
    LessonEffect,
    Measure,
    PointsIf,
    PointsPer,
    Quantity,
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


def largest_family(boat: Boat) -> int:
    """The largest family's size in tiles; 0 when no group has the 3 tiles a family needs."""
    sizes = [f.size for f in boat.families if f.size >= FAMILY_MIN]
    return max(sizes, default=0)


def _colour_mask(boat: Boat, colour: str | None) -> int:
    mask = 0
    for piece in boat.cat_likes(colour):
        mask |= piece.mask
    return mask


def _treasures_touching(boat: Boat, colour: str | None) -> int:
    colour_mask = _colour_mask(boat, colour)
    return sum(1 for p in boat.pieces if p.is_treasure and neighbours(p.mask) & colour_mask)


def _away_from_treasure(boat: Boat, _: str | None) -> int:
    treasure = 0
    for piece in boat.pieces:
        if piece.is_treasure:
            treasure |= piece.mask
    near = neighbours(treasure)
    return sum(1 for p in boat.cat_likes() if not p.mask & near)


def _by_visible_rats(boat: Boat, colour: str | None) -> int:
    near_rats = neighbours(boat.visible_rats)
    return sum(1 for p in boat.cat_likes(colour) if p.mask & near_rats)


def _has_largest_family(table: Table) -> int:
    mine = largest_family(table.boat)
    return int(mine > 0 and all(mine >= other for other in table.others_largest_family))


MIDDLE_ROW = 4
_MIDDLE_ROW_MASK = sum(1 << (MIDDLE_ROW * COLS + c) for c in range(COLS)) & BOAT_MASK

_OF_BOAT: dict[Quantity, Callable[[Boat, str | None], int]] = {
    Quantity.CATS: lambda boat, colour: len(boat.cat_likes(colour)),
    Quantity.EDGE_CATS: lambda boat, colour: sum(
        1 for piece in boat.cat_likes(colour) if touches_edge(piece)
    ),
    Quantity.LONELY_CATS: lambda boat, colour: sum(
        1 for family in boat.families if family.size == 1 and colour in (None, family.color)
    ),
    Quantity.CATS_AWAY_FROM_TREASURE: _away_from_treasure,
    Quantity.CATS_BY_VISIBLE_RATS: _by_visible_rats,
    Quantity.DISTINCT_CAT_COLOURS: lambda boat, _: len(
        {piece.color for piece in boat.pieces if piece.kind == CAT}
    ),
    Quantity.TREASURES_TOUCHING_CATS: _treasures_touching,
    Quantity.OSHAX: lambda boat, _: boat.count(OSHAX),
    Quantity.RARE: lambda boat, _: boat.count(RARE),
    Quantity.COMMON: lambda boat, _: boat.count(COMMON),
    Quantity.TREASURES: lambda boat, _: boat.count(COMMON) + boat.count(RARE),
    Quantity.VISIBLE_RATS: lambda boat, _: boat.visible_rats.bit_count(),
    Quantity.EMPTY_EDGE_CELLS: lambda boat, _: boat.empty_edge.bit_count(),
    Quantity.EMPTY_MIDDLE_ROW_CELLS: lambda boat, _: (
        _MIDDLE_ROW_MASK & ~boat.occupied
    ).bit_count(),
    Quantity.FILLED_ROOMS: lambda boat, _: len(ROOMS) - len(boat.unfilled_rooms),
    Quantity.UNCOVERED_MAPS: lambda boat, _: boat.uncovered_maps,
    Quantity.COVERED_MAPS: lambda boat, _: len(boat.layout.maps) - boat.uncovered_maps,
    Quantity.LARGE_FAMILIES: lambda boat, _: sum(1 for family in boat.families if family.size >= 4),
    Quantity.SCORING_FAMILIES: lambda boat, _: sum(
        1 for family in boat.families if family.size >= FAMILY_MIN
    ),
    Quantity.LARGEST_FAMILY: lambda boat, _: largest_family(boat),
}
"""The quantities a boat alone answers (of a colour when one is given)."""
_OF_TABLE: dict[Quantity, Callable[[Table], int]] = {
    Quantity.HAS_LARGEST_FAMILY: _has_largest_family,
    Quantity.FIRST_IN_TURN_ORDER: lambda table: int(table.first_in_turn_order),
    Quantity.FISH: lambda table: table.fish,
    Quantity.PERMANENT_BASKETS: lambda table: table.permanent_baskets,
    Quantity.PRIVATE_LESSONS: lambda table: table.private_lessons,
}
"""The quantities that need more of the table than the boat."""
assert set(_OF_BOAT) | set(_OF_TABLE) | {Quantity.FULL_ROOMS, Quantity.EMPTY_ROOMS} == set(Quantity)


def _count(count: Count, table: Table, colour: str | None) -> int:
    quantity = count.quantity
    boat = table.boat
    if quantity is Quantity.FULL_ROOMS:
        value = sum(1 for room in count.rooms if boat.room_full(room))
    elif quantity is Quantity.EMPTY_ROOMS:
        value = sum(1 for room in count.rooms if boat.room_empty(room))
    elif quantity in _OF_TABLE:
        value = _OF_TABLE[quantity](table)
    else:
        value = _OF_BOAT[quantity](boat, count.colour or colour)
    return max(0, value - count.beyond)


def measure(what: Measure, table: Table, colour: str | None = None) -> int:
    """How many of ``what`` the table shows (``colour``: the colour the card declares)."""
    if isinstance(what, ColoursWhere):
        return sum(1 for c in COLORS if holds(what.condition, table, c))
    return _count(what, table, colour)


def holds(condition: Condition, table: Table, colour: str | None = None) -> bool:
    if isinstance(condition, EveryColour):
        return all(holds(condition.condition, table, c) for c in COLORS)
    value = measure(condition.measure, table, colour)
    if condition.op == "==":
        return value == condition.value
    if condition.op == ">=":
        return value >= condition.value
    assert condition.op == "<", condition.op
    return value < condition.value


def points(effect: LessonEffect, table: Table, colour: str | None = None) -> int:
    """What a lesson scores for the player at ``table`` (``colour`` for "pick a colour")."""
    if isinstance(effect, PointsIf):
        return effect.points if holds(effect.condition, table, colour) else 0
    if isinstance(effect, PointsPer):
        return effect.points * (measure(effect.measure, table, colour) // effect.every)
    # The one other kind, BestOtherAgain, has no points of its own: the sister's scoring
    # repeats her best lesson (solo_scoring.py).
    assert isinstance(effect, FamilyPoints), effect
    sizes = [f.size for f in table.boat.families if f.size >= FAMILY_MIN]
    return family_points(sizes[effect.rank - 1]) if len(sizes) >= effect.rank else 0


def _discovery_lesson(card_id: int) -> LessonEffect:
    lesson = CARDS[card_id].lesson
    assert lesson is not None, f"card {card_id} is no lesson"
    return lesson.effect


def lesson_points(card_id: int, table: Table, color: str | None) -> int:
    """What the discovery lesson ``card_id`` scores for this player (``color`` for "pick a
    colour")."""
    return points(_discovery_lesson(card_id), table, color)


def asks_colour(card_id: int) -> bool:
    return CARDS[card_id].asks_colour


def best_colour(card_id: int, tables: list[Table]) -> str:
    """The colour that scores most over ``tables`` (the first such colour in colour order)."""
    effect = _discovery_lesson(card_id)
    return max(COLORS, key=lambda c: sum(points(effect, t, c) for t in tables))


def _check_all_effects() -> None:
    # Every lesson of the catalogue must be evaluable: fail at import, not mid-game.
    empty = Table(Boat("blue"), 0, 1, 0, False, ())
    for card_id, kind in CARDS.items():
        if kind.lesson is not None:
            lesson_points(card_id, empty, COLORS[0] if kind.asks_colour else None)


_check_all_effects()
