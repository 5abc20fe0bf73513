"""The 78 Castle Combo cards, loaded once from ``data/cards.json`` (a copy of the reference).

Each card's ``ability``, ``discount`` and ``scoring`` objects are read into a small typed
vocabulary here (:class:`Gain`, :class:`Count`, :class:`Scroll`, …) so that one evaluator
(:mod:`engines.castle_combo.abilities`, :mod:`engines.castle_combo.scrolls`) reads every card,
instead of one function per card. Loading refuses any object outside that vocabulary, so a data
change the engine cannot read fails at import, not in the middle of a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

CASTLE = "castle"
VILLAGE = "village"
LOCATIONS: tuple[str, str] = (CASTLE, VILLAGE)
"""Castle first: the order displays are refilled and listed in."""
DISPLAY_SIZE = 3
GRID_SIZE = 3
TABLEAU_SIZE = GRID_SIZE * GRID_SIZE
START_GOLD = 15
START_KEYS = 2
FACE_DOWN_GOLD = 6
FACE_DOWN_KEYS = 2
MIN_PLAYERS = 2
MAX_PLAYERS = 5


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath(f"data/{name}.json").read_text("utf-8")
    )
    return data


CARDS_DATA = _load("cards")
RULES_DATA = _load("rules")
SHIELDS: tuple[str, ...] = tuple(CARDS_DATA["shield_types"])

# --- abilities ----------------------------------------------------------------------------------

OWN = "own_tableau"
NEIGHBOUR = "chosen_neighbor_tableau"
COUNT_KINDS = (
    "shield",
    "banner",
    "face_up_card_with_exact_shield_count",
    "face_up_card_with_printed_cost",
    "face_up_card_with_purse",
    "distinct_shield_type",
    "missing_shield_type",
    "empty_tableau_slot",
    "card_in_tableau",
)


@dataclass(frozen=True)
class Count:
    """What a gain is multiplied by: ``kind`` counted in a tableau (``where``: own or neighbour's).

    ``value`` is the kind's parameter: a shield, a banner, a shield count or a printed cost.
    """

    where: str
    kind: str
    value: str | int | None = None


@dataclass(frozen=True)
class Gain:
    """``amount`` gold or keys, times ``per`` when given, for the buyer or each opponent."""

    resource: str
    amount: int
    per: Count | None
    recipient: str


@dataclass(frozen=True)
class FillPurses:
    """Fill up to ``cards`` chosen face-up purse cards to capacity from the supply (Steward)."""

    cards: int


@dataclass(frozen=True)
class GoldOnEachPurse:
    """``amount`` gold from the supply onto each face-up purse card, up to its capacity."""

    amount: int


@dataclass(frozen=True)
class DiscardFromDisplay:
    """Discard a chosen card of ``display``; gain its printed cost in ``resource``."""

    display: str
    resource: str


@dataclass(frozen=True)
class Discount:
    """A lasting discount: it acts on later purchases, never on its own (nothing when bought)."""

    castle: int
    village: int


@dataclass(frozen=True)
class ChooseOne:
    """The buyer picks one option (``choice``, 1-based in ``cards.json`` order)."""

    options: tuple[tuple[Effect, ...], ...]


Effect = Gain | FillPurses | GoldOnEachPurse | DiscardFromDisplay | Discount | ChooseOne

# --- scrolls ------------------------------------------------------------------------------------

SCOPES = ("row", "column", "row_and_column", "tableau")


@dataclass(frozen=True)
class Scroll:
    """An end-game scroll: ``kind`` (the ``scoring.type`` of ``cards.json``) and its parameters.

    ``points`` per unit (per gold for a purse); ``scope`` for counts; ``shield`` or ``banner``
    counted; ``sets`` the items of one complete set; ``cells`` the grid cells a position scroll
    pays on; ``cost`` and ``comparison`` for printed-cost counts; ``number`` a shield count or a
    set size; ``capacity`` a purse's.
    """

    kind: str
    points: int
    scope: str = "tableau"
    shield: str | None = None
    banner: str | None = None
    sets: tuple[str, ...] = ()
    cells: frozenset[tuple[int, int]] = frozenset()
    position: str | None = None
    cost: int | None = None
    comparison: str | None = None
    number: int | None = None
    capacity: int | None = None


SCROLL_KINDS = (
    "purse",
    "points_per_shield",
    "points_if_position",
    "points_per_missing_shield_type",
    "points_per_banner",
    "points_per_key",
    "points_per_card_with_discount_ability",
    "points_per_distinct_shield_type",
    "points_if_shield_absent",
    "points_per_shield_set",
    "points_per_banner_set",
    "points_per_card_with_printed_cost",
    "points_per_set_of_identical_shields",
    "points_per_card_with_exact_shield_count",
    "points_per_gold_on_all_purses",
    "points_if_any_face_down_card",
)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    deck: str
    """``castle`` or ``village``: its deck, its display and its banner (always the same here)."""
    cost: int
    shields: tuple[str, ...]
    banner: str
    messenger: str | None
    """Where the messenger icon sends the messenger (None: no icon)."""
    ability: tuple[Effect, ...]
    discount: Discount | None
    scroll: Scroll

    @property
    def purse(self) -> int | None:
        """Capacity in gold when the card is a purse, else None."""
        return self.scroll.capacity if self.scroll.kind == "purse" else None

    def discount_at(self, location: str) -> int:
        if self.discount is None:
            return 0
        return self.discount.castle if location == CASTLE else self.discount.village

    def to_json(self) -> dict[str, Any]:
        raw = _RAW[self.id]
        return {
            key: raw[key]
            for key in (
                "id",
                "name",
                "name_fr",
                "deck",
                "cost",
                "shields",
                "banner",
                "messenger_icon",
                "ability",
                "discount",
                "scoring",
                "verification",
                "notes",
            )
        }


def _count(raw: dict[str, Any] | None) -> Count | None:
    if raw is None:
        return None
    where, kind = raw["in"], raw["kind"]
    if where not in (OWN, NEIGHBOUR) or kind not in COUNT_KINDS:
        raise ValueError(f"unknown count {raw}")
    value = raw.get("shield", raw.get("deck", raw.get("count", raw.get("cost"))))
    return Count(where, kind, value)


def _effect(raw: dict[str, Any]) -> Effect:
    kind = raw["type"]
    if kind == "gain":
        if raw["resource"] not in ("gold", "keys") or raw["recipient"] not in (
            "self",
            "each_opponent",
        ):
            raise ValueError(f"unknown gain {raw}")
        return Gain(raw["resource"], raw["amount"], _count(raw["per"]), raw["recipient"])
    if kind == "fill_purses_from_supply":
        return FillPurses(raw["purse_cards"])
    if kind == "gold_from_supply_onto_each_purse":
        return GoldOnEachPurse(raw["amount"])
    if kind == "discard_one_display_card":
        resource = "gold" if raw["gain_resource"] == "gold" else "keys"
        if (
            raw["display"] not in LOCATIONS
            or raw["gain_amount"] != "printed_cost_of_discarded_card"
        ):
            raise ValueError(f"unknown discard {raw}")
        return DiscardFromDisplay(raw["display"], resource)
    if kind == "discount":
        return Discount(raw["castle"], raw["village"])
    if kind == "choose_one":
        return ChooseOne(tuple(tuple(_effect(e) for e in option) for option in raw["options"]))
    raise ValueError(f"unknown ability {kind}")


def _scroll(raw: dict[str, Any]) -> Scroll:
    kind = raw["type"]
    if kind not in SCROLL_KINDS:
        raise ValueError(f"unknown scroll {kind}")
    if kind == "purse":
        return Scroll(kind, raw["points_per_gold"], capacity=raw["capacity"])
    scope = raw.get("scope", "tableau")
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope}")
    number = raw.get("shield_count", raw.get("set_size"))
    sets = tuple(raw.get("set", ()))
    banner = raw.get("deck")
    return Scroll(
        kind,
        raw["points"],
        scope=scope,
        shield=raw.get("shield"),
        banner=banner,
        sets=sets,
        cells=frozenset((r, c) for r, c in raw.get("cells_row_col", ())),
        position=raw.get("position"),
        cost=raw.get("cost"),
        comparison=raw.get("comparison"),
        number=number,
    )


def _card(raw: dict[str, Any]) -> Card:
    ability = tuple(_effect(e) for e in raw["ability"])
    disc = raw["discount"]
    return Card(
        id=raw["id"],
        name=raw["name"],
        deck=raw["deck"],
        cost=raw["cost"],
        shields=tuple(raw["shields"]),
        banner=raw["banner"],
        messenger=raw["messenger_icon"],
        ability=ability,
        discount=None if disc is None else Discount(disc["castle"], disc["village"]),
        scroll=_scroll(raw["scoring"]),
    )


_RAW: dict[str, dict[str, Any]] = {c["id"]: c for c in CARDS_DATA["cards"]}
CARDS: dict[str, Card] = {c["id"]: _card(c) for c in CARDS_DATA["cards"]}
CARD_IDS: tuple[str, ...] = tuple(CARDS)
DECKS: dict[str, tuple[str, ...]] = {
    loc: tuple(c.id for c in CARDS.values() if c.deck == loc) for loc in LOCATIONS
}
"""Each location's cards in ``cards.json`` order: the order a seeded setup shuffles."""

assert len(CARDS) == CARDS_DATA["deck_sizes"]["total"] == 78
assert all(len(DECKS[loc]) == CARDS_DATA["deck_sizes"][loc] for loc in LOCATIONS)
assert all(c.banner == c.deck for c in CARDS.values()), "each card shows its own deck's banner"
assert all(c.messenger in (None, *LOCATIONS) for c in CARDS.values())
assert all(set(c.shields) <= set(SHIELDS) for c in CARDS.values())


def other(location: str) -> str:
    return VILLAGE if location == CASTLE else CASTLE
