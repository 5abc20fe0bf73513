"""The Castle Combo state, and who acts next (derived, never stored).

Play goes round the table from the first player, one card each per turn, so after ``t`` cards
bought in all the next buyer is seat ``(first + t) mod n``. The game ends when every tableau
holds 9 cards. In external mode a display short of cards waits for the table to report the card
revealed (a ``chance`` action); in seeded mode the decks' order is in the state (hidden).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engines.castle_combo.catalogue import DECKS, DISPLAY_SIZE, LOCATIONS
from engines.castle_combo.tableau import Tableau
from engines.core.derived import derived
from engines.core.envelope import Envelope


class Phase(StrEnum):
    PLAY = "play"
    """The player to move may spend a key (once), then must buy a card."""
    DRAW = "draw"
    """External randomness: the table reports the card revealed to refill a display."""
    FINISHED = "finished"


_INDEX = {loc: i for i, loc in enumerate(LOCATIONS)}


def loc_index(location: str) -> int:
    return _INDEX[location]


@dataclass(frozen=True)
class CastleComboState:
    env: Envelope
    first: int
    """Seat of the first player (``options.first_player``)."""
    tableaux: tuple[Tableau, ...]
    """Indexed like ``env.players``."""
    gold: tuple[int, ...]
    """Each player's gold in hand (gold stored on purses lies on the tableau cards)."""
    keys: tuple[int, ...]
    displays: tuple[tuple[str, ...], ...]
    """The face-up cards at the Castle and the Village, in the order they were revealed."""
    discards: tuple[tuple[str, ...], ...]
    """Each location's face-up discard pile, oldest first."""
    removed: tuple[bool, ...]
    """A location that could not show 3 cards even after reshuffling is out of the game."""
    messenger: str
    key_spent: bool
    """The player to move has spent their key of this turn."""
    decks: tuple[tuple[str, ...], ...] | None
    """Seeded: each deck in draw order (hidden). External: None, the decks are on the table."""

    def with_env(self, env: Envelope) -> CastleComboState:
        """The state with the envelope ``env`` (after every action), built field by field:
        ``dataclasses.replace`` walks the fields first."""
        return CastleComboState(
            env,
            self.first,
            self.tableaux,
            self.gold,
            self.keys,
            self.displays,
            self.discards,
            self.removed,
            self.messenger,
            self.key_spent,
            self.decks,
        )

    @derived
    def bought(self) -> int:
        return sum(len(t) for t in self.tableaux)

    @derived
    def phase(self) -> Phase:
        if all(t.full for t in self.tableaux):
            return Phase.FINISHED
        if self.draw_location() is not None:
            return Phase.DRAW
        return Phase.PLAY

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return (self.first + self.bought) % len(self.env.players)

    def deck(self, location: str) -> tuple[str, ...]:
        """The cards of a location's deck: in draw order (seeded) or catalogue order (external)."""
        i = loc_index(location)
        if self.decks is not None:
            return self.decks[i]
        if self.removed[i]:
            return ()
        seen = self.seen_cards()
        return tuple(c for c in DECKS[location] if c not in seen)

    def seen_cards(self) -> set[str]:
        """Every card out of the decks: in tableaux, displays and discard piles."""
        out = {p.card for t in self.tableaux for p in t.cards}
        for cards in (*self.displays, *self.discards):
            out.update(cards)
        return out

    def draw_location(self) -> str | None:
        """External mode: the location whose display waits for a revealed card (Castle first)."""
        if self.decks is not None or all(t.full for t in self.tableaux):
            return None
        for i, loc in enumerate(LOCATIONS):
            if not self.removed[i] and len(self.displays[i]) < DISPLAY_SIZE:
                return loc
        return None

    def display(self, location: str) -> tuple[str, ...]:
        return self.displays[loc_index(location)]

    def neighbours(self, seat: int) -> tuple[int, ...]:
        """The players to the left and right (one player when there are two)."""
        n = len(self.env.players)
        left, right = (seat + 1) % n, (seat - 1) % n
        return (left,) if left == right else (left, right)
