"""One evaluator for every card's immediate ability.

An ability resolves after the card is placed, so the card counts itself (its discount excepted,
which only ever acts on later purchases). Gains come from the supply, which is unlimited. The
choices an ability asks for are the buy action's fields (:class:`Choices`): ``choice`` (a
"choose one", 1-based), ``discard`` (a display card), ``neighbour`` (a seat) and ``purses``
(cells of purse cards); :func:`combos` lists every legal combination.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from engines.castle_combo.catalogue import (
    CARDS,
    NEIGHBOUR,
    SHIELDS,
    TABLEAU_SIZE,
    Card,
    ChooseOne,
    Count,
    DiscardFromDisplay,
    Discount,
    Effect,
    FillPurses,
    Gain,
    GoldOnEachPurse,
)
from engines.castle_combo.tableau import Cell, Tableau


@dataclass(frozen=True)
class Choices:
    choice: int = 0
    """0: the ability has no "choose one"."""
    discard: str = ""
    neighbour: int = -1
    purses: tuple[Cell, ...] = ()
    """Sorted cells."""


@dataclass(frozen=True)
class Table:
    """What an ability reads: the seat, every tableau (the buyer's with the new card) and the
    displays as they stand after the purchase."""

    seat: int
    tableaux: Sequence[Tableau]
    displays: dict[str, tuple[str, ...]]
    neighbours: tuple[int, ...]


@dataclass
class Outcome:
    gold: list[int]
    keys: list[int]
    purse_gold: dict[Cell, int] = field(default_factory=dict)
    """The buyer's purse cards whose stored gold changed: cell -> new gold."""
    discarded: tuple[str, str] | None = None
    """(location, card) discarded from a display."""


def effects(card: Card, choice: int) -> tuple[Effect, ...] | None:
    """The effects that resolve for ``choice`` (None: no such option, or a choice not asked)."""
    out: list[Effect] = []
    chooser = next((e for e in card.ability if isinstance(e, ChooseOne)), None)
    if (chooser is None) != (choice == 0):
        return None
    for e in card.ability:
        if isinstance(e, ChooseOne):
            if not 1 <= choice <= len(e.options):
                return None
            out.extend(e.options[choice - 1])
        else:
            out.append(e)
    return tuple(out)


def options_count(card: Card) -> int:
    chooser = next((e for e in card.ability if isinstance(e, ChooseOne)), None)
    return 0 if chooser is None else len(chooser.options)


def needs_neighbour(chosen: Sequence[Effect]) -> bool:
    return any(
        isinstance(e, Gain) and e.per is not None and e.per.where == NEIGHBOUR for e in chosen
    )


def discard_effect(chosen: Sequence[Effect]) -> DiscardFromDisplay | None:
    return next((e for e in chosen if isinstance(e, DiscardFromDisplay)), None)


def fill_effect(chosen: Sequence[Effect]) -> FillPurses | None:
    return next((e for e in chosen if isinstance(e, FillPurses)), None)


def open_purses(tableau: Tableau) -> list[Cell]:
    """The face-up purse cards with room for more gold, in cell order."""
    return sorted(p.cell for p in tableau.cards if p.gold < p.capacity)


def count(per: Count, tableau: Tableau) -> int:
    """How many of ``per.kind`` the tableau shows (face-down cards show nothing but fill a cell)."""
    kind = per.kind
    if kind == "shield":
        return tableau.shield_counts[str(per.value)]
    if kind == "banner":
        return tableau.banners(str(per.value))
    if kind == "face_up_card_with_exact_shield_count":
        return sum(1 for c in tableau.faces if len(c.shields) == per.value)
    if kind == "face_up_card_with_printed_cost":
        return sum(1 for c in tableau.faces if c.cost == per.value)
    if kind == "face_up_card_with_purse":
        return sum(1 for c in tableau.faces if c.purse is not None)
    if kind == "distinct_shield_type":
        return tableau.distinct_shields()
    if kind == "missing_shield_type":
        return len(SHIELDS) - tableau.distinct_shields()
    if kind == "empty_tableau_slot":
        return TABLEAU_SIZE - len(tableau)
    if kind == "card_in_tableau":
        return len(tableau)
    raise AssertionError(f"count {kind} has no reading")  # the catalogue refuses unknown kinds


def neighbour_gain(chosen: Sequence[Effect], tableau: Tableau) -> tuple[int, int]:
    """(gold, keys) the neighbour-reading gains give when read in ``tableau``."""
    gold = keys = 0
    for e in chosen:
        if isinstance(e, Gain) and e.per is not None and e.per.where == NEIGHBOUR:
            amount = e.amount * count(e.per, tableau)
            if e.resource == "gold":
                gold += amount
            else:
                keys += amount
    return gold, keys


def asks_for_choices(card: Card) -> bool:
    """Whether buying ``card`` face up takes any choice field (most cards take none)."""
    return bool(
        options_count(card)
        or needs_neighbour(card.ability)
        or discard_effect(card.ability)
        or fill_effect(card.ability)
    )


ASKS: dict[str, bool] = {card_id: asks_for_choices(card) for card_id, card in CARDS.items()}
"""Per card id, :func:`asks_for_choices` (computed once: legal actions ask it for every card)."""


@dataclass(frozen=True)
class Group:
    """The combinations of one option, discard and neighbour: every set of at most ``fill`` of
    ``purses`` (one, the empty set, when the ability fills no purse)."""

    choice: int = 0
    discard: str = ""
    neighbour: int = -1
    purses: tuple[Cell, ...] = ()
    """The purse cards with room the ability may fill, in cell order."""
    fill: int = 0
    """How many of them it fills at most (0: it fills none)."""

    def size(self) -> int:
        n = len(self.purses)
        return sum(math.comb(n, k) for k in range(min(self.fill, n) + 1))

    def combos(self) -> list[Choices]:
        """Every combination, in a fixed order: by number of purses, then by cells."""
        ch, d, nb = self.choice, self.discard, self.neighbour
        return [
            Choices(ch, d, nb, pick)
            for k in range(self.fill + 1)
            for pick in combinations(self.purses, k)
        ]


def groups(card: Card, table: Table) -> list[Group]:
    """The combinations of the choices ``card`` asks for, grouped by option, neighbour and
    discard (the order of :func:`combos`).

    Two neighbours who would give the same gain are one choice (the first listed): both lead to
    the same state. Full purses are not offered to Steward: filling them changes nothing.
    """
    out: list[Group] = []
    n_options = options_count(card)
    for choice in range(1, n_options + 1) if n_options else (0,):
        chosen = effects(card, choice)
        assert chosen is not None
        neighbours: list[int] = [-1]
        if needs_neighbour(chosen):
            neighbours = canonical_neighbours(chosen, table)
        discards: list[str] = [""]
        drop = discard_effect(chosen)
        if drop is not None and table.displays[drop.display]:
            discards = list(table.displays[drop.display])
        purses: tuple[Cell, ...] = ()
        most = 0
        fill = fill_effect(chosen)
        if fill is not None:
            purses = tuple(open_purses(table.tableaux[table.seat]))
            most = fill.cards
        out.extend(Group(choice, d, nb, purses, most) for nb in neighbours for d in discards)
    return out


def combos(card: Card, table: Table) -> list[Choices]:
    """Every legal combination of the choices ``card`` asks for, in a fixed order (see
    :func:`groups`)."""
    return [ch for group in groups(card, table) for ch in group.combos()]


def canonical_neighbours(chosen: Sequence[Effect], table: Table) -> list[int]:
    """The neighbours worth naming: one per distinct gain, the first such in seat order."""
    out: list[int] = []
    gains: list[tuple[int, int]] = []
    for nb in table.neighbours:
        gain = neighbour_gain(chosen, table.tableaux[nb])
        if gain not in gains:
            gains.append(gain)
            out.append(nb)
    return out


def resolve(
    card: Card, choices: Choices, table: Table, gold: list[int], keys: list[int]
) -> Outcome:
    """Apply the ability for legal ``choices``; ``gold`` and ``keys`` are every seat's, updated."""
    chosen = effects(card, choices.choice)
    assert chosen is not None, "choices are checked before they resolve"
    seat = table.seat
    mine = table.tableaux[seat]
    outcome = Outcome(gold, keys)
    for e in chosen:
        if isinstance(e, Gain):
            _gain(e, choices, table, outcome)
        elif isinstance(e, FillPurses):
            for cell in choices.purses:
                placed = mine.at(cell)
                assert placed is not None
                outcome.purse_gold[cell] = placed.capacity
        elif isinstance(e, GoldOnEachPurse):
            for p in mine.cards:
                now = outcome.purse_gold.get(p.cell, p.gold)
                if p.capacity:
                    outcome.purse_gold[p.cell] = min(p.capacity, now + e.amount)
        elif isinstance(e, DiscardFromDisplay):
            if choices.discard:
                price = CARDS[choices.discard].cost
                (outcome.gold if e.resource == "gold" else outcome.keys)[seat] += price
                outcome.discarded = (e.display, choices.discard)
        elif isinstance(e, Discount):
            pass  # acts on later purchases only
        else:  # ChooseOne was flattened by effects()
            raise AssertionError(f"unexpected effect {e}")
    return outcome


def _gain(e: Gain, choices: Choices, table: Table, outcome: Outcome) -> None:
    pot = outcome.gold if e.resource == "gold" else outcome.keys
    if e.recipient == "each_opponent":
        for other in range(len(table.tableaux)):
            if other != table.seat:
                pot[other] += e.amount
        return
    amount = e.amount
    if e.per is not None:
        read = table.tableaux[choices.neighbour if e.per.where == NEIGHBOUR else table.seat]
        amount *= count(e.per, read)
    pot[table.seat] += amount
