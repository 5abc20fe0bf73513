"""The Calico state, and who acts next (derived, never stored).

Whose turn it is follows from the patches placed: play goes round the table from the first
player, one placement each, so after ``t`` placements the next to place is seat ``t mod n``. A
player who has placed but not yet taken holds one tile; when a hand is still empty or the market
is short in external mode the table owes a draw. Deriving all this keeps the state small and
leaves nothing to contradict.

In regular setup the players choose their design goals before any tile leaves the bag (rulebook,
"Preparação Regular": step 6 the goals, step 7 the hands, step 8 the market), so while goals are
being chosen every hand and the market are empty.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from engines.calico.catalogue import (
    CATS,
    COPIES,
    HAND_SIZE,
    LOWER_VARIANCE_COPIES,
    MARKET_SIZE,
    PATCH_SPACE_COUNT,
    PATTERNS,
    TILE_TYPES,
)
from engines.calico.quilt import Quilt
from engines.core.derived import derived
from engines.core.envelope import Envelope


class Phase(StrEnum):
    """What the game waits for."""

    CHOOSE_GOALS = "choose_goals"
    """Regular setup: each player keeps 3 of the 4 goal tiles they revealed (simultaneously)."""
    PLACE = "place_tile"
    TAKE = "take_tile"
    DRAW = "draw"
    """External randomness: the table reports the tiles drawn: once every goal is chosen, each
    hand in seat order then the market; later, each refill of the market."""
    FINISHED = "finished"


@dataclass(frozen=True)
class CatInPlay:
    cat: int
    patterns: tuple[int, int]

    def to_json(self) -> dict[str, object]:
        first, second = self.patterns
        return {"cat": CATS[self.cat].id, "patterns": [PATTERNS[first], PATTERNS[second]]}


def cat_of_pattern(cats: tuple[CatInPlay, ...]) -> tuple[int, ...]:
    """For each pattern, the cat in play that it attracts (-1: none)."""
    out = [-1] * len(PATTERNS)
    for c in cats:
        for p in c.patterns:
            out[p] = c.cat
    return tuple(out)


@dataclass(frozen=True)
class CalicoState:
    env: Envelope
    first: int
    """Seat of the first player (``options.first_player``)."""
    cats: tuple[CatInPlay, ...]
    quilts: tuple[Quilt, ...]
    """Indexed like ``env.players``."""
    hands: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    """Oldest first: index 0 has waited longest (in solo, the next to be discarded)."""
    discarded: tuple[int, ...]
    """Solo: the market tiles discarded so far."""
    bag: tuple[int, ...] | None
    """Seeded: the bag in draw order (hidden). External: None, the bag is on the table."""
    offers: tuple[tuple[int, ...] | None, ...]
    """Per player, the goal tiles revealed to choose from; None once chosen (or never offered)."""

    @derived
    def cat_of_pattern(self) -> tuple[int, ...]:
        return cat_of_pattern(self.cats)

    @property
    def solo(self) -> bool:
        return len(self.env.players) == 1

    @property
    def strict_shapes(self) -> bool:
        return not self.env.options["shape_cats_in_larger_area"]

    @derived
    def placements(self) -> int:
        return sum(len(q.placed) for q in self.quilts)

    @derived
    def phase(self) -> Phase:
        """What the game waits for (computed once per state: every call site asks)."""
        return _phase(self)

    @derived
    def movers(self) -> tuple[int, ...]:
        """The seats that must act now (none while a draw is due or once the game is over)."""
        return _movers(self)

    def with_env(self, env: Envelope) -> CalicoState:
        """The state with the envelope ``env`` (after every action), built field by field as
        :meth:`with_placement` is."""
        return CalicoState(
            env,
            self.first,
            self.cats,
            self.quilts,
            self.hands,
            self.market,
            self.discarded,
            self.bag,
            self.offers,
        )

    def with_placement(self, seat: int, quilt: Quilt, hand: tuple[int, ...]) -> CalicoState:
        """The state once ``seat`` has placed: their quilt and hand. Built field by field (every
        placement makes one): ``dataclasses.replace`` walks the fields first, 32,000
        instructions where this takes 19,000."""
        quilts = (*self.quilts[:seat], quilt, *self.quilts[seat + 1 :])
        hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])
        return CalicoState(
            self.env,
            self.first,
            self.cats,
            quilts,
            hands,
            self.market,
            self.discarded,
            self.bag,
            self.offers,
        )

    def seat(self, turn: int) -> int:
        """The seat that makes placement number ``turn`` (0-based)."""
        return (self.first + turn) % len(self.env.players)

    def copies(self) -> int:
        lower = self.env.options["lower_variance_variant"]
        return LOWER_VARIANCE_COPIES if lower else COPIES

    def bag_counts(self) -> list[int]:
        """How many tiles of each kind are in the bag."""
        if self.bag is not None:
            counts = [0] * TILE_TYPES
            for t in self.bag:
                counts[t] += 1
            return counts
        seen = Counter(self.visible_tiles())
        return [self.copies() - seen[t] for t in range(TILE_TYPES)]

    def bag_size(self) -> int:
        if self.bag is not None:
            return len(self.bag)
        return self.copies() * TILE_TYPES - len(self.visible_tiles())

    def visible_tiles(self) -> list[int]:
        """Every tile out of the bag: placed, in hands, in the market, discarded."""
        out: list[int] = []
        for q in self.quilts:
            out += q.tiles
        for hand in self.hands:
            out.extend(hand)
        out.extend(self.market)
        out.extend(self.discarded)
        return out


def _phase(state: CalicoState) -> Phase:
    if any(o is not None for o in state.offers):
        return Phase.CHOOSE_GOALS
    n = len(state.env.players)
    t = state.placements
    if t >= PATCH_SPACE_COUNT * n:
        return Phase.FINISHED
    if t > 0:
        last = state.seat(t - 1)
        if len(state.hands[last]) < HAND_SIZE and not state.quilts[last].is_full:
            return Phase.TAKE
    if state.bag is None and hand_to_deal(state) is not None:
        return Phase.DRAW
    if len(state.market) < MARKET_SIZE and state.bag is None and state.bag_size() > 0:
        return Phase.DRAW
    return Phase.PLACE


def _movers(state: CalicoState) -> tuple[int, ...]:
    now = state.phase
    if now is Phase.CHOOSE_GOALS:
        return tuple(i for i, o in enumerate(state.offers) if o is not None)
    if now is Phase.TAKE:
        return (state.seat(state.placements - 1),)
    if now is Phase.PLACE:
        return (state.seat(state.placements),)
    return ()


MOST_DRAWN = 2
"""The most tiles one reported draw holds, so that its outcomes can be listed (36 × 36 = 1,296
ordered draws of two): the opening market of three is reported as two tiles, then one."""


def hand_to_deal(state: CalicoState) -> int | None:
    """The first seat whose opening hand is still to be drawn (None: every hand is dealt).

    Only before the first placement can a hand be empty: afterwards a hand holds 2 tiles, or 1
    between placing and taking and once the quilt is full.
    """
    if state.placements:
        return None
    for seat, hand in enumerate(state.hands):
        if not hand:
            return seat
    return None


def draw_count(state: CalicoState) -> int:
    """How many tiles the table draws now: a whole hand, or what the market lacks (never more
    than :data:`MOST_DRAWN` or than the bag holds)."""
    if hand_to_deal(state) is not None:
        return HAND_SIZE
    return min(MARKET_SIZE - len(state.market), state.bag_size(), MOST_DRAWN)
