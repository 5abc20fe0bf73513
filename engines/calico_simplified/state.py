"""The simplified game's state; who moves is derived from the patches placed, never stored.

Every player starts with 3 patches and places one a turn in seat order, so after ``P``
placements (patches beyond the first three, all boards together) the next to place is seat
``P mod n``. The patch in hand (``drawn``) is public: it is drawn at the start of the turn and
the player places it; None while the table owes a draw (external mode) or at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.calico_simplified.catalogue import GRID, SPACES, START_CELLS
from engines.core.derived import derived
from engines.core.envelope import Envelope


@dataclass(frozen=True)
class Board:
    placed: tuple[tuple[int, int], ...]
    """``(cell, colour)`` in the order placed, the three starting patches first."""
    buttons: tuple[tuple[int, int], ...] = ()
    """``(goal, cells)``: the goal whose pattern a placement completed, and the patches of it."""
    cats: tuple[tuple[int, int], ...] = ()
    """``(cat card, cells)``: the cats on the board and the patches under each."""

    @derived
    def filled(self) -> int:
        out = 0
        for cell, _ in self.placed:
            out |= 1 << cell
        return out

    @derived
    def colors(self) -> dict[int, int]:
        return dict(self.placed)

    @derived
    def catted(self) -> int:
        out = 0
        for _, cells in self.cats:
            out |= cells
        return out

    @property
    def is_full(self) -> bool:
        return len(self.placed) == SPACES

    @property
    def open_spaces(self) -> int:
        """The empty spaces touching a placed patch: where the next patch may go."""
        return GRID.dilate(self.filled) & ~self.filled & GRID.full


@dataclass(frozen=True)
class SimplifiedState:
    env: Envelope
    goals: tuple[int, ...]
    """The three goal patterns in play (indices into ``GOALS``)."""
    cats: tuple[int, ...]
    """The three cat cards revealed (indices into ``CAT_CARDS``)."""
    boards: tuple[Board, ...]
    drawn: int | None

    @derived
    def placements(self) -> int:
        """Patches placed in play so far, every board together."""
        return sum(len(b.placed) - len(START_CELLS) for b in self.boards)

    @property
    def seat(self) -> int:
        """Whose turn it is (or was, once the game is over)."""
        return self.placements % len(self.boards)

    @property
    def finished(self) -> bool:
        """One board is full and every other player has had their last turn."""
        return self.seat == 0 and any(b.is_full for b in self.boards)
