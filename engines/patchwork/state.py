"""The Patchwork state: two quilts, two time markers, the circle of patches.

Only what the rules need is stored; the rest is derived. A leather patch at space ``m`` is still
on the time board exactly while no marker has reached ``m`` (markers only move forward), so the
remaining leather patches are computed, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.core.derived import derived
from engines.core.envelope import Envelope
from engines.patchwork.catalogue import FULL_QUILT, PATCHES


@dataclass(frozen=True)
class Quilt:
    """One player's side of the table."""

    position: int
    buttons: int
    patches: tuple[tuple[int, int], ...]
    """``(patch id, mask of covered cells)`` in the order they were placed."""
    leather: int
    """Mask of the cells covered by leather (1×1) patches."""

    @derived
    def covered(self) -> int:
        """Every covered cell (asked by the rules check, legal actions and scoring alike)."""
        mask = self.leather
        for _, m in self.patches:
            mask |= m
        return mask

    @property
    def income(self) -> int:
        """Buttons printed on the quilt's patches: what each income mark pays."""
        return sum(PATCHES[pid].income for pid, _ in self.patches)

    @property
    def empty_squares(self) -> int:
        return (FULL_QUILT & ~self.covered).bit_count()

    @property
    def is_full(self) -> bool:
        return self.covered == FULL_QUILT


@dataclass(frozen=True)
class LeatherDue:
    """Leather patches won by ``player`` that must be placed before anything else happens."""

    player: int
    count: int


@dataclass(frozen=True)
class PatchworkState:
    env: Envelope
    circle: tuple[int, ...]
    """The patches still in the circle, clockwise, starting just after the neutral token."""
    quilts: tuple[Quilt, Quilt]
    """Indexed like ``env.players``."""
    on_top: int
    """Who moved a time marker last: on a shared space that marker is on top, so it moves next."""
    leather_due: LeatherDue | None
    bonus_tile: int | None
    """Who holds the 7×7 bonus tile (there is one)."""
    first_to_finish: int | None
    """Who reached the final space first: the tie-break."""

    @property
    def leather_positions(self) -> tuple[int, ...]:
        return tuple(self.env.options["leather_positions"])

    @property
    def leather_on_board(self) -> tuple[int, ...]:
        furthest = max(q.position for q in self.quilts)
        return tuple(m for m in self.leather_positions if m > furthest)

    def with_env(self, env: Envelope) -> PatchworkState:
        """The state with the envelope ``env`` (after every action), built field by field:
        ``dataclasses.replace`` walks the fields first."""
        return PatchworkState(
            env,
            self.circle,
            self.quilts,
            self.on_top,
            self.leather_due,
            self.bonus_tile,
            self.first_to_finish,
        )

    def with_quilt(self, index: int, quilt: Quilt) -> PatchworkState:
        quilts = (quilt, self.quilts[1]) if index == 0 else (self.quilts[0], quilt)
        return replace(self, quilts=quilts)
