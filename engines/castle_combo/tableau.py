"""A player's tableau: the cards placed so far, where they lie, and what they show.

A cell is a ``(row, col)`` offset; the first card of a game goes to ``(0, 0)`` and later ones
next to it, so offsets may be negative. The tableau must end as a 3×3 grid, which is a rule on
its bounding box (never a fourth row or column), not a count per row. A face-down card fills a
cell but shows nothing: no shields, banner, printed cost, ability, purse or scroll.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from engines.castle_combo.catalogue import (
    CARDS,
    GRID_SIZE,
    SHIELDS,
    TABLEAU_SIZE,
    Card,
    ChooseOne,
    GoldOnEachPurse,
)
from engines.core.derived import derived

Cell = tuple[int, int]
NEIGHBOURS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
PURSE_CAPACITY: dict[str, int] = {card.id: card.purse or 0 for card in CARDS.values()}
"""How much gold each card holds face up (0: no purse), looked up once per card id."""


def _own_fill(card: Card) -> int:
    """The gold that ``card``'s own ability puts on it when it is bought face up: every "gold onto
    each of your purses" counts the card itself (Potter, Queen Mother, Beekeeper, Innkeeper: 2),
    up to its capacity; the least any option gives for a "choose one"."""
    capacity = card.purse or 0
    plain = [e for e in card.ability if not isinstance(e, ChooseOne)]
    chooser = next((e for e in card.ability if isinstance(e, ChooseOne)), None)
    options = [plain] if chooser is None else [[*plain, *o] for o in chooser.options]
    return min(
        min(capacity, sum(e.amount for e in o if isinstance(e, GoldOnEachPurse))) for o in options
    )


OWN_FILL: dict[str, int] = {card.id: _own_fill(card) for card in CARDS.values()}
"""The least gold a card bought face up holds (see :func:`_own_fill`): purse gold only grows."""


class Placed(NamedTuple):
    """A card of a tableau. A named tuple, not a frozen dataclass: scoring a position makes
    dozens of them, and a tuple is several times cheaper to make."""

    card: str
    cell: Cell
    face_down: bool = False
    gold: int = 0
    """Gold stored on the card (a face-up purse only)."""

    @property
    def shown(self) -> Card | None:
        """The card's face, or None when it lies face down."""
        return None if self.face_down else CARDS[self.card]

    @property
    def capacity(self) -> int:
        """How much gold the card can hold (0: not a face-up purse)."""
        return 0 if self.face_down else PURSE_CAPACITY[self.card]

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "cell": list(self.cell),
            "face_down": self.face_down,
            "gold": self.gold,
        }


@dataclass(frozen=True)
class Tableau:
    cards: tuple[Placed, ...] = ()
    """In the order they were placed (a table given to ``setup`` may list them in any order)."""

    def __len__(self) -> int:
        return len(self.cards)

    @derived
    def cells(self) -> frozenset[Cell]:
        return frozenset(p.cell for p in self.cards)

    @derived
    def faces(self) -> tuple[Card, ...]:
        """The face-up cards."""
        return tuple(CARDS[p.card] for p in self.cards if not p.face_down)

    @derived
    def shield_counts(self) -> Counter[str]:
        return Counter(s for card in self.faces for s in card.shields)

    @property
    def full(self) -> bool:
        return len(self.cards) >= TABLEAU_SIZE

    @property
    def purse_gold(self) -> int:
        return sum(p.gold for p in self.cards)

    def distinct_shields(self) -> int:
        return sum(1 for s in SHIELDS if self.shield_counts[s])

    def banners(self, location: str) -> int:
        return sum(1 for card in self.faces if card.banner == location)

    def discount(self, location: str) -> int:
        """The sum of the discounts shown for buying at ``location``."""
        return sum(card.discount_at(location) for card in self.faces)

    def free_cells(self) -> list[Cell]:
        """Every cell the next card may go to, in row-major order."""
        if not self.cards:
            return [(0, 0)]
        if self.full:
            return []
        out = {
            (r + dr, c + dc)
            for r, c in self.cells
            for dr, dc in NEIGHBOURS
            if (r + dr, c + dc) not in self.cells
        }
        return sorted(cell for cell in out if fits(self.cells | {cell}))

    def with_card(self, placed: Placed) -> Tableau:
        return Tableau((*self.cards, placed))

    def with_gold(self, golds: dict[Cell, int]) -> Tableau:
        """The tableau with the gold on the given cells replaced."""
        return Tableau(
            tuple(
                Placed(p.card, p.cell, p.face_down, golds[p.cell]) if p.cell in golds else p
                for p in self.cards
            )
        )

    def at(self, cell: Cell) -> Placed | None:
        for p in self.cards:
            if p.cell == cell:
                return p
        return None

    def grid_origin(self) -> Cell:
        """The offset of the grid's top-left cell: the smallest row and column in use."""
        if not self.cards:
            return (0, 0)
        return (min(r for r, _ in self.cells), min(c for _, c in self.cells))


def fits(cells: frozenset[Cell] | set[Cell]) -> bool:
    """The cells span at most 3 rows and 3 columns."""
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    return max(rows) - min(rows) < GRID_SIZE and max(cols) - min(cols) < GRID_SIZE


def connected(cells: frozenset[Cell]) -> bool:
    """Every cell is reachable from every other through orthogonal neighbours."""
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in NEIGHBOURS:
            nxt = (r + dr, c + dc)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)
