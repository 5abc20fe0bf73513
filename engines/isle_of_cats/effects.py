"""What every card of The Isle of Cats does, as small typed values read from ``cards.json``.

Each card's ``effect`` object is read once, when the catalogue loads, into the vocabulary below;
the rules (:mod:`engines.isle_of_cats.plays`, :mod:`engines.isle_of_cats.rules`) and the lesson
evaluator (:mod:`engines.isle_of_cats.lessons`) read these values, never the card's dictionary.
Reading refuses any key outside the vocabulary, so a data change the engine cannot play fails at
import, not in the middle of a game.

Lessons are measured by :class:`Count` (one :class:`Quantity` of a player's table, of a colour or
of some rooms) and :class:`ColoursWhere` (how many colours meet a condition); a lesson is worth
points if a condition holds (:class:`PointsIf`), points per thing counted (:class:`PointsPer`),
a family's points once more (:class:`FamilyPoints`) or, for the sister, her best lesson again
(:class:`BestOtherAgain`). The family cards and the sister's lessons, which ``cards.json`` gives
by text only, are written in the same vocabulary in :mod:`engines.isle_of_cats.mode_cards`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any

# --- measures ---------------------------------------------------------------------------------


class Quantity(Enum):
    """What a :class:`Count` counts on one player's table (cats include Oshax)."""

    CATS = "cats"
    EDGE_CATS = "cats touching the edge"
    LONELY_CATS = "cats in a family of 1"
    CATS_AWAY_FROM_TREASURE = "cats touching no treasure"
    CATS_BY_VISIBLE_RATS = "cats touching a visible rat"
    DISTINCT_CAT_COLOURS = "colours of cats (not Oshax)"
    TREASURES_TOUCHING_CATS = "treasures touching a cat"
    OSHAX = "Oshax"
    RARE = "rare treasures"
    COMMON = "common treasures"
    TREASURES = "common and rare treasures"
    VISIBLE_RATS = "visible rats"
    EMPTY_EDGE_CELLS = "empty edge cells"
    EMPTY_MIDDLE_ROW_CELLS = "empty cells of the middle row"
    FULL_ROOMS = "full rooms"
    EMPTY_ROOMS = "empty rooms"
    FILLED_ROOMS = "filled rooms"
    UNCOVERED_MAPS = "uncovered treasure maps"
    COVERED_MAPS = "covered treasure maps"
    LARGE_FAMILIES = "families of 4 or more"
    SCORING_FAMILIES = "families of 3 or more"
    LARGEST_FAMILY = "tiles in the largest family"
    HAS_LARGEST_FAMILY = "1 with a largest family no smaller than anyone's"
    FIRST_IN_TURN_ORDER = "1 when first in turn order"
    FISH = "fish"
    PERMANENT_BASKETS = "permanent baskets"
    PRIVATE_LESSONS = "private lessons"


@dataclass(frozen=True)
class Count:
    """A quantity of one player's table.

    ``colour``: of that colour only; None: of the colour the card declares, or of every colour
    when it declares none. ``rooms``: the rooms a room quantity looks at. ``beyond``: only what
    exceeds this counts (the sister's "per cat over 15")."""

    quantity: Quantity
    colour: str | None = None
    rooms: tuple[str, ...] = ()
    beyond: int = 0


@dataclass(frozen=True)
class Compare:
    """``measure`` against ``value`` (``op``: ``==``, ``>=`` or ``<``)."""

    measure: Measure
    op: str
    value: int


@dataclass(frozen=True)
class EveryColour:
    """``condition`` holds for each of the 5 colours (the colour given to its counts)."""

    condition: Compare


@dataclass(frozen=True)
class ColoursWhere:
    """How many of the 5 colours meet ``condition`` (the colour given to its counts)."""

    condition: Compare


Measure = Count | ColoursWhere
Condition = Compare | EveryColour

# --- lessons ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PointsIf:
    points: int
    condition: Condition


@dataclass(frozen=True)
class PointsPer:
    """``points`` per ``every`` things measured (a remainder scores nothing)."""

    points: int
    measure: Measure
    every: int = 1


@dataclass(frozen=True)
class FamilyPoints:
    """The family points of the ``rank``-th largest family (1: the largest); 0 without one."""

    rank: int


@dataclass(frozen=True)
class BestOtherAgain:
    """The sister's best other lesson scores once more (solo lesson 204)."""


LessonEffect = PointsIf | PointsPer | FamilyPoints | BestOtherAgain


@dataclass(frozen=True)
class Lesson:
    """A lesson card: what it scores, and whether its owner picks a colour for it."""

    effect: LessonEffect
    asks_colour: bool = False
    public: bool = False


# --- rescue, Oshax and treasure cards -------------------------------------------------------


@dataclass(frozen=True)
class Rescue:
    """A rescue card: its speed, and a whole basket or half of one (two halves make one)."""

    speed: int
    whole_baskets: int
    half_baskets: int


@dataclass(frozen=True)
class TakeOshax:
    """Place one of the Oshax left on the boat, in a colour of the player's choice."""


@dataclass(frozen=True)
class TreasureOption:
    """One way to play a treasure card: ``rare`` (one rare treasure from below the island),
    ``small`` or ``common`` (two common treasures, small ones or any, for ``pay_fish``)."""

    name: str
    pay_fish: int = 0


@dataclass(frozen=True)
class TakeTreasure:
    options: tuple[TreasureOption, ...]


# --- anytime cards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GainFish:
    """``amount`` fish, times ``per`` when given (of a colour chosen when ``asks_colour``)."""

    amount: int
    per: Count | None = None
    asks_colour: bool = False


@dataclass(frozen=True)
class PlaceAnywhere:
    """The next piece placed ignores the adjacency rule."""


@dataclass(frozen=True)
class DrawCards:
    """Draw ``count`` cards; keep any of them at their cost."""

    count: int


@dataclass(frozen=True)
class DrawTiles:
    """Draw ``count`` tiles from the bag: onto the boat, or the cats to the fields."""

    count: int
    to_boat: bool


@dataclass(frozen=True)
class LoseBasket:
    """Discard a permanent basket (one is needed to play the card)."""


@dataclass(frozen=True)
class MoveCats:
    """Move 1 to ``at_most`` cats from either field to the other."""

    at_most: int


@dataclass(frozen=True)
class ExtraRescue:
    """Rescue once more this turn (in the rescue phase)."""


@dataclass(frozen=True)
class DiscardLessons:
    """Discard exactly ``count`` private lessons (they stay face down)."""

    count: int


@dataclass(frozen=True)
class DiscardTreasures:
    """Discard exactly ``count`` treasures from the boat."""

    count: int


@dataclass(frozen=True)
class GainBasket:
    count: int


Anytime = (
    GainFish
    | PlaceAnywhere
    | DrawCards
    | DrawTiles
    | LoseBasket
    | MoveCats
    | ExtraRescue
    | DiscardLessons
    | DiscardTreasures
    | GainBasket
)
Listed = MoveCats | DiscardLessons | DiscardTreasures
"""Effects played with a list of things (cats, lessons, treasures): the play's ``items``."""
Effect = Rescue | TakeOshax | TakeTreasure | Anytime | Lesson

# --- the sister's basket cards ------------------------------------------------------------------


@dataclass(frozen=True)
class TakeNumbered:
    """Take (out of the game) the ``what`` (``cat``, ``oshax``, ``rare``) numbered ``number``, or
    the highest-numbered one when there is none."""

    what: str
    number: int


@dataclass(frozen=True)
class TakeCommon:
    """Take one common treasure of ``shape`` if any is left."""

    shape: int


@dataclass(frozen=True)
class Switch:
    """Swap cats ``first`` and ``second`` (fields and numbers)."""

    first: int
    second: int


SisterAction = TakeNumbered | TakeCommon | Switch


@dataclass(frozen=True)
class BasketCard:
    """A solo basket card: its two actions in order, how many cards the sister plays that day
    when it is drawn first, and its speed."""

    actions: tuple[SisterAction, ...]
    baskets: int
    speed: int
    raw: tuple[tuple[str | int, ...], ...]
    """The actions as ``cards.json`` writes them (the event of a play repeats them)."""


# --- reading cards.json ----------------------------------------------------------------------


def _treasure(effect: dict[str, Any]) -> TakeTreasure:
    names = {"rare_treasure": "rare", "small_common_treasure": "small", "common_treasure": "common"}
    options = []
    for option in effect["choose_one_of"]:
        [name] = [names[k] for k in option if k in names]
        options.append(TreasureOption(name, int(option.get("pay_fish", 0))))
    return TakeTreasure(tuple(options))


_FISH_PER = {
    "oshax_on_boat": Quantity.OSHAX,
    "private_lesson_in_front_of_you": Quantity.PRIVATE_LESSONS,
    "distinct_cat_colour_on_boat": Quantity.DISTINCT_CAT_COLOURS,
    "rare_treasure_on_boat": Quantity.RARE,
    "common_treasure_on_boat": Quantity.COMMON,
    "cat_or_oshax_of_chosen_colour": Quantity.CATS,
}
_ANYTIME_KEYS = frozenset(
    {
        "gain_fish",
        "next_tile_ignores_adjacency",
        "draw_cards",
        "keep_cost",
        "draw_tiles_from_bag",
        "destination",
        "mandatory",
        "cats_choose_field",
        "non_cats",
        "discard_permanent_basket",
        "move_cats_between_fields",
        "extra_rescue",
        "still_requires",
        "stackable",
        "discard_private_lessons",
        "discard_treasures_from_boat",
        "gain_permanent_basket",
    }
)
"""Keys an anytime effect may have; the ones read below, and notes on them for people."""


def _gain_fish(gain: int | dict[str, Any]) -> GainFish:
    if isinstance(gain, int):
        return GainFish(gain)
    return GainFish(
        int(gain["amount"]), Count(_FISH_PER[gain["per"]]), bool(gain.get("choose_colour"))
    )


def _anytime(effect: dict[str, Any]) -> tuple[Anytime, ...]:
    unknown = set(effect) - _ANYTIME_KEYS
    assert not unknown, f"anytime effect keys not understood: {sorted(unknown)}"
    out: list[Anytime] = []
    if "gain_fish" in effect:
        out.append(_gain_fish(effect["gain_fish"]))
    if effect.get("next_tile_ignores_adjacency"):
        out.append(PlaceAnywhere())
    if "draw_cards" in effect:
        out.append(DrawCards(int(effect["draw_cards"])))
    if "draw_tiles_from_bag" in effect:
        to_boat = effect["destination"] == "own_boat"
        out.append(DrawTiles(int(effect["draw_tiles_from_bag"]), to_boat))
    if "discard_permanent_basket" in effect:
        out.append(LoseBasket())
    if "move_cats_between_fields" in effect:
        out.append(MoveCats(int(effect["move_cats_between_fields"])))
    if "extra_rescue" in effect:
        out.append(ExtraRescue())
    if "discard_private_lessons" in effect:
        out.append(DiscardLessons(int(effect["discard_private_lessons"])))
    if "discard_treasures_from_boat" in effect:
        out.append(DiscardTreasures(int(effect["discard_treasures_from_boat"])))
    if "gain_permanent_basket" in effect:
        out.append(GainBasket(int(effect["gain_permanent_basket"])))
    return tuple(out)


# The lesson vocabulary of cards.json: each name of a count or condition, read into a measure.
_EDGE = Count(Quantity.EDGE_CATS)
_COUNTS: dict[str, Count] = {
    "cats_plus_oshax": Count(Quantity.CATS),
    "count": Count(Quantity.CATS),
    "cat/oshax of colour": Count(Quantity.CATS),
    "permanent_baskets": Count(Quantity.PERMANENT_BASKETS),
    "visible_rats": Count(Quantity.VISIBLE_RATS),
    "visible_rat": Count(Quantity.VISIBLE_RATS),
    "private_lessons": Count(Quantity.PRIVATE_LESSONS),
    "private_lesson_card": Count(Quantity.PRIVATE_LESSONS),
    "common+rare treasures": Count(Quantity.TREASURES),
    "fish": Count(Quantity.FISH),
    "cat_or_oshax of chosen colour touching edge": _EDGE,
    "cat/oshax of colour touching edge": _EDGE,
    "lonely cat/oshax (family of size 1)": Count(Quantity.LONELY_CATS),
    "lonely cat/oshax of colour": Count(Quantity.LONELY_CATS),
    "rare_treasure": Count(Quantity.RARE),
    "common_treasure": Count(Quantity.COMMON),
    "family of size >= 4": Count(Quantity.LARGE_FAMILIES),
    "oshax": Count(Quantity.OSHAX),
    "treasure touching a cat/oshax of colour": Count(Quantity.TREASURES_TOUCHING_CATS),
    "uncovered treasure map": Count(Quantity.UNCOVERED_MAPS),
}
_CONDITIONS: dict[str, Condition] = {
    "no_empty_edge_cell": Compare(Count(Quantity.EMPTY_EDGE_CELLS), "==", 0),
    "each colour count(cats+oshax) >= 3": EveryColour(Compare(Count(Quantity.CATS), ">=", 3)),
    "every colour has >=1 cat/oshax touching edge": EveryColour(Compare(_EDGE, ">=", 1)),
    "first in turn order at game end": Compare(Count(Quantity.FIRST_IN_TURN_ORDER), "==", 1),
    "largest family >= every other player's largest (ties score); solo: largest family >= 7": (
        Compare(Count(Quantity.HAS_LARGEST_FAMILY), "==", 1)
    ),
    "both parrot rooms (R0,R5) full": Compare(
        Count(Quantity.FULL_ROOMS, rooms=("R0", "R5")), "==", 2
    ),
    "both moon rooms (R1,R2) completely empty": Compare(
        Count(Quantity.EMPTY_ROOMS, rooms=("R1", "R2")), "==", 2
    ),
    "apple room (R3) completely empty": Compare(
        Count(Quantity.EMPTY_ROOMS, rooms=("R3",)), "==", 1
    ),
}
_COMPARISON = re.compile(r"^(?P<measure>.+?)\s*(?P<op>==|>=)\s*(?P<n>\d+)(?: at end)?$")
_COLOUR_COUNT = re.compile(r"^(?P<colour>[a-z]+) cats\+oshax$")
_PER_EVERY = {"2 cats/oshax touching edge": (_EDGE, 2)}
"""Counts scored per group of things: "1 point per 2 cats touching the edge"."""


def _count(name: str) -> Count:
    colour = _COLOUR_COUNT.match(name)
    if colour is not None:
        return Count(Quantity.CATS, colour["colour"])
    return _COUNTS[name]


def _condition(text: str) -> Condition:
    if text in _CONDITIONS:
        return _CONDITIONS[text]
    found = _COMPARISON.match(text)
    assert found is not None, f"unknown condition {text!r}"
    return Compare(_count(found["measure"]), found["op"], int(found["n"]))


def _lesson(effect: dict[str, Any], public: bool) -> Lesson:
    asks = bool(effect.get("choose_colour"))
    if "if" in effect:
        return Lesson(PointsIf(int(effect["points"]), _condition(effect["if"])), asks, public)
    if "per" in effect:
        measure, every = _PER_EVERY.get(effect["per"], (None, 1))
        counted = measure if measure is not None else _count(effect["per"])
        return Lesson(PointsPer(int(effect["points_each"]), counted, every), asks, public)
    assert effect["score"].startswith("family table value of your 3rd largest family")
    return Lesson(FamilyPoints(3), asks, public)


def card_effects(card_type: str, effect: dict[str, Any]) -> tuple[Effect, ...]:
    """A discovery card's ``effect`` object of ``cards.json``, read (``card_type`` its type)."""
    if card_type == "rescue":
        baskets = float(effect["baskets"])
        assert baskets in (0, 0.5, 1), baskets
        return (Rescue(int(effect["speed"]), int(baskets == 1), int(baskets == 0.5)),)
    if card_type == "oshax":
        assert effect["action"] == "take_oshax" and effect["choose_colour"]
        return (TakeOshax(),)
    if card_type == "treasure":
        return (_treasure(effect),)
    if card_type == "anytime":
        return _anytime(effect)
    assert card_type in ("private_lesson", "public_lesson"), card_type
    return (_lesson(effect, public=card_type == "public_lesson"),)


def basket_card(raw: dict[str, Any], common_by_name: dict[str, int]) -> BasketCard:
    """A solo basket card of ``cards.json`` (``common_by_name``: a common treasure's shape by
    the name the card gives it)."""
    actions: list[SisterAction] = []
    for action in raw["actions"]:
        what = str(action[0])
        if what in ("cat", "oshax", "rare"):
            actions.append(TakeNumbered(what, int(action[1])))
        elif what == "common":
            actions.append(TakeCommon(common_by_name[str(action[1])]))
        else:
            assert what == "switch", what
            actions.append(Switch(int(action[1]), int(action[2])))
    raw_actions = tuple(tuple(a) for a in raw["actions"])
    return BasketCard(tuple(actions), int(raw["baskets"]), int(raw["speed"]), raw_actions)
