"""What the solo game adds to the state: the sister's cards and the solo numbering of the island.

The sister (Board Game Arena's solo mode, its only source) has no boat. She holds 5 colour cards,
revealed one a day; 3 solo lessons and 0 to 4 advanced ones (``options.solo_level``); and a deck
of 23 solo basket cards. When the rescue cards are revealed she draws basket cards: the first one
sets her speed and how many she draws that day; each card, played one at a time between the
player's turns, takes or moves what the island shows by its solo number (see
:mod:`engines.isle_of_cats.solo_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass

SOLO_HAND = 5
"""Cards dealt per solo draft round (BGA ``DRAW_CARDS_PER_DAY_SOLO``)."""
SOLO_KEEP = 3
"""Cards kept per solo draft round (BGA ``NB_CARDS_KEEP_SOLO``); the rest are discarded."""
SOLO_DRAFT_ROUNDS = 2
"""Two rounds of 5-keep-3, then 1 more card goes straight to the cards to buy (7 in all)."""
SOLO_EXTRA_CARDS = 1
SOLO_CATS_PER_FIELD = 4


@dataclass(frozen=True)
class SoloState:
    colours: tuple[str, ...] = ()
    """The colour cards revealed, first to last (public)."""
    lessons: tuple[int, ...] = ()
    """The sister's solo lessons (public once drawn)."""
    oshax_ordered: bool = False
    """Whether ``IsleState.oshax`` lists the Oshax in their solo numbering (set at setup)."""
    cat_order: tuple[str, ...] = ()
    """The cats on the island by solo number: ``cat_order[0]`` is cat 1 (public)."""
    today: tuple[int, ...] = ()
    """The basket cards drawn today; the first is face up, the others until played (hidden)."""
    drawn: bool = False
    """Whether the sister has drawn her basket cards this day."""
    played: int = 0
    """How many of ``today`` the sister has played."""
    owed: int = 0
    """Basket cards the sister plays as soon as no task is pending."""
    used: tuple[int, ...] = ()
    """Basket cards discarded on earlier days (public)."""
    ahead: bool = False
    """Whether the sister is ahead of the player on the island (public)."""
    deals: int = 0
    """Solo deals made today: 2 rounds of 5 cards, then the 1 extra card."""
    colour_deck: tuple[str, ...] | None = None
    """Seeded: the colour cards not yet revealed, in order (hidden). External: None."""
    basket_deck: tuple[int, ...] | None = None
    """Seeded: the basket cards not yet drawn, in order (hidden). External: None."""

    @property
    def shown_today(self) -> tuple[int, ...]:
        """Today's basket cards face up: the first (its speed is public) and those played."""
        return self.today[: max(1, self.played)]
