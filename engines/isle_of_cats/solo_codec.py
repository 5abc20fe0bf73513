"""The solo part of a state as JSON: ``public.solo`` and ``hidden.solo``, and their checks.

``public.solo``
    ``colours`` (revealed, in order), ``lessons``, ``oshax_numbered`` (the Oshax of
    ``public.oshax`` are listed in their solo numbering), ``cat_order`` (cat 1 first),
    ``ahead`` (the sister is ahead of the player on the island), ``basket_shown`` (today's
    basket cards face up: the first and those played), ``basket_count`` (drawn today),
    ``basket_played``, ``basket_drawn``, ``basket_used`` (discarded on earlier days),
    ``owed`` (cards the sister plays once no task is pending) and ``deals`` (solo deals today).
``hidden.solo``
    ``basket_today`` (all of today's basket cards); seeded mode also ``colour_deck`` and
    ``basket_deck`` in draw order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engines.core.errors import ViolationCollector
from engines.isle_of_cats.catalogue import OSHAX_SHAPES
from engines.isle_of_cats.sister_cards import (
    ADVANCED_LESSONS,
    BASKET_CARDS,
    SOLO_COLOUR_CARDS,
    SOLO_LESSONS,
)
from engines.isle_of_cats.solo_rules import lesson_count
from engines.isle_of_cats.solo_state import SOLO_DRAFT_ROUNDS, SoloState
from engines.isle_of_cats.state import IsleState

T = TypeVar("T")

_COLOUR_CARDS = frozenset(SOLO_COLOUR_CARDS)
_BASKET_CARDS = frozenset(BASKET_CARDS)


def encode(state: IsleState) -> tuple[dict[str, Any], dict[str, Any]]:
    so = state.solo
    assert so is not None
    public = {
        "colours": list(so.colours),
        "lessons": list(so.lessons),
        "oshax_numbered": so.oshax_ordered,
        "cat_order": list(so.cat_order),
        "ahead": so.ahead,
        "basket_shown": list(so.shown_today),
        "basket_count": len(so.today),
        "basket_played": so.played,
        "basket_drawn": so.drawn,
        "basket_used": list(so.used),
        "owed": so.owed,
        "deals": so.deals,
    }
    hidden: dict[str, Any] = {"basket_today": list(so.today)}
    if so.colour_deck is not None:
        hidden["colour_deck"] = list(so.colour_deck)
    if so.basket_deck is not None:
        hidden["basket_deck"] = list(so.basket_deck)
    return public, hidden


def read(
    pub: Mapping[str, Any], hidden: Mapping[str, Any], seeded: bool, v: ViolationCollector
) -> SoloState | None:
    """The solo part (None, recorded, when it is missing)."""
    raw = pub.get("solo")
    secret = hidden.get("solo")
    # A dict (what JSON gives) first: the abstract-class check costs more.
    if not (type(raw) is dict or isinstance(raw, Mapping)) or not (
        type(secret) is dict or isinstance(secret, Mapping)
    ):
        v.add("INVALID_STATE_SHAPE", "/public/solo", "a solo game has public.solo and hidden.solo")
        return None
    so = SoloState(
        colours=tuple(str(c) for c in raw["colours"]),
        lessons=tuple(int(c) for c in raw["lessons"]),
        oshax_ordered=bool(raw["oshax_numbered"]),
        cat_order=tuple(str(k) for k in raw["cat_order"]),
        today=tuple(int(c) for c in secret["basket_today"]),
        drawn=bool(raw["basket_drawn"]),
        played=int(raw["basket_played"]),
        owed=int(raw["owed"]),
        used=tuple(int(c) for c in raw["basket_used"]),
        ahead=bool(raw["ahead"]),
        deals=int(raw["deals"]),
        colour_deck=_optional(secret, "colour_deck", str),
        basket_deck=_optional(secret, "basket_deck", int),
    )
    if so.shown_today != tuple(int(c) for c in raw["basket_shown"]) or len(so.today) != int(
        raw["basket_count"]
    ):
        v.add(
            "SOLO_MISMATCH",
            "/public/solo/basket_shown",
            "the basket cards shown are the first of today's and those played",
        )
    if seeded != (so.colour_deck is not None and so.basket_deck is not None):
        v.add(
            "HIDDEN_MISMATCH",
            "/hidden/solo",
            "seeded mode keeps the colour and basket decks; external, neither",
        )
    return so


def _optional(
    secret: Mapping[str, Any], key: str, kind: Callable[[Any], T]
) -> tuple[T, ...] | None:
    """A hidden deck of the seeded game (None when absent: external)."""
    return tuple(kind(c) for c in secret[key]) if key in secret else None


def check(state: IsleState, v: ViolationCollector) -> None:
    """The sister's cards are hers, each once; the numbering matches the island."""
    so = state.solo
    if so is None:  # a solo game without its solo part is reported when it is read
        return
    if state.env.options.get("mode") != "solo":
        v.add("SOLO_MISMATCH", "/public/solo", "only a solo game has the sister's cards")
    if len(state.players) != 1:
        v.add("PLAYER_COUNT", "/players", "a solo game has 1 player")
    _check_cards(state, so, v)
    if (
        not 0 <= so.played <= len(so.today)
        or so.owed < 0
        or not 0 <= so.deals <= (SOLO_DRAFT_ROUNDS + 1)
    ):
        v.add("INVALID_COUNT", "/public/solo", "played, owed and deals are counts in range")
    if so.today and not so.drawn:
        v.add("SOLO_MISMATCH", "/public/solo/basket_drawn", "cards drawn today mean drawn is true")
    in_fields = state.fields["left"] + state.fields["right"]
    if sorted(so.cat_order) != sorted(in_fields):
        v.add(
            "SOLO_MISMATCH",
            "/public/solo/cat_order",
            "the solo numbering lists each cat of the fields once",
        )
    if so.oshax_ordered is False and state.oshax != tuple(sorted(OSHAX_SHAPES)):
        v.add(
            "SOLO_MISMATCH",
            "/public/oshax",
            "until they are numbered, the 6 Oshax are listed in shape order",
        )


def _check_cards(state: IsleState, so: SoloState, v: ViolationCollector) -> None:
    """The colour cards, the lessons and the basket cards: each card of hers, once."""
    colours = so.colours + (so.colour_deck or ())
    distinct = set(colours)
    if not distinct <= _COLOUR_CARDS or len(distinct) != len(colours):
        v.add(
            "INVALID_COLOR",
            "/public/solo/colours",
            "the colour cards are " + ", ".join(SOLO_COLOUR_CARDS) + ", each once",
        )
    elif so.colour_deck is not None and len(colours) != len(SOLO_COLOUR_CARDS):
        v.add("CARDS_MISSING", "/hidden/solo/colour_deck", "seeded mode holds all 5 colour cards")
    want = lesson_count(str(state.env.options.get("solo_level", "easy")))
    basic = [c for c in so.lessons if c in SOLO_LESSONS]
    advanced = [c for c in so.lessons if c in ADVANCED_LESSONS]
    if so.lessons and (
        len(set(so.lessons)) != len(so.lessons)
        or len(basic) + len(advanced) != len(so.lessons)
        or len(so.lessons) != want
        or len(basic) != 3
    ):
        v.add(
            "INVALID_LESSON",
            "/public/solo/lessons",
            f"the sister holds 3 solo lessons (197 to 206) and {want - 3} advanced ones "
            "(207 to 215), each once",
        )
    baskets = so.used + so.today + (so.basket_deck or ())
    distinct_baskets = set(baskets)
    if not distinct_baskets <= _BASKET_CARDS or len(distinct_baskets) != len(baskets):
        v.add(
            "CARD_TWICE",
            "/public/solo/basket_used",
            "the basket cards are 174 to 196, each in one place",
        )
    elif so.basket_deck is not None and len(baskets) != len(BASKET_CARDS):
        v.add("CARDS_MISSING", "/hidden/solo/basket_deck", "seeded mode holds all 23 basket cards")
