"""What the solo game adds to the state: the sister's cards and the solo numbering of the island.

The sister (Board Game Arena's solo mode, its only source) has no boat. She holds 5 colour cards,
revealed one a day; 3 solo lessons and 0 to 4 advanced ones (``options.solo_level``); and a deck
of 23 solo basket cards. When the rescue cards are revealed she draws basket cards: the first one
sets her speed and how many she draws that day; each card, played one at a time between the
player's turns, takes or moves what the island shows by its solo number (see
:mod:`engines.isle_of_cats.solo_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.isle_of_cats.copying import copy_with

SOLO_HAND = 5
"""Cards dealt per solo draft round (BGA ``DRAW_CARDS_PER_DAY_SOLO``)."""
SOLO_KEEP = 3
"""Cards kept per solo draft round (BGA ``NB_CARDS_KEEP_SOLO``); the rest are discarded."""
SOLO_DRAFT_ROUNDS = 2
"""Two rounds of 5-keep-3, then 1 more card goes straight to the cards to buy (7 in all)."""
SOLO_EXTRA_CARDS = 1
SOLO_CATS_PER_FIELD = 4


@dataclass
class SoloState:
    colours: list[str] = field(default_factory=list)
    """The colour cards revealed, first to last (public)."""
    lessons: list[int] = field(default_factory=list)
    """The sister's solo lessons (public once drawn)."""
    oshax_ordered: bool = False
    """Whether ``IsleState.oshax`` lists the Oshax in their solo numbering (set at setup)."""
    cat_order: list[str] = field(default_factory=list)
    """The cats on the island by solo number: ``cat_order[0]`` is cat 1 (public)."""
    today: list[int] = field(default_factory=list)
    """The basket cards drawn today; the first is face up, the others until played (hidden)."""
    drawn: bool = False
    """Whether the sister has drawn her basket cards this day."""
    played: int = 0
    """How many of ``today`` the sister has played."""
    owed: int = 0
    """Basket cards the sister plays as soon as no task is pending."""
    used: list[int] = field(default_factory=list)
    """Basket cards discarded on earlier days (public)."""
    ahead: bool = False
    """Whether the sister is ahead of the player on the island (public)."""
    deals: int = 0
    """Solo deals made today: 2 rounds of 5 cards, then the 1 extra card."""
    colour_deck: list[str] | None = None
    """Seeded: the colour cards not yet revealed, in order (hidden). External: None."""
    basket_deck: list[int] | None = None
    """Seeded: the basket cards not yet drawn, in order (hidden). External: None."""

    def clone(self) -> SoloState:
        return copy_with(
            self,
            colours=list(self.colours),
            lessons=list(self.lessons),
            cat_order=list(self.cat_order),
            today=list(self.today),
            used=list(self.used),
            colour_deck=None if self.colour_deck is None else list(self.colour_deck),
            basket_deck=None if self.basket_deck is None else list(self.basket_deck),
        )

    @property
    def shown_today(self) -> list[int]:
        """Today's basket cards face up: the first (its speed is public) and those played."""
        return self.today[: max(1, self.played)] if self.today else []
