"""The Isle of Cats state: the day, the phase, the island, each player's boat, cards and fish.

A state is a value: :func:`engines.isle_of_cats.rules.apply` clones it (:meth:`IsleState.clone`)
and changes the clone, never its input.

Phases, in the order of a day:

``fill``, ``deal`` (external randomness only)
    The table reports the tiles drawn into the fields and the cards dealt (``chance``).
``draft``
    Simultaneous: everyone keeps 2 of the cards in front of them; the rest pass on.
``buy``
    Simultaneous: everyone buys any of their 7 drafted cards (declaring public lessons' colours).
``rescue_cards``
    Simultaneous: everyone chooses the rescue cards they play today.
``rescue``, ``rare_finds``
    Turns in the island's order until everyone has passed.

A ``Task`` is a follow-up one player owes before play goes on (a piece to place, cards drawn by
an anytime card to keep, drawn cats to send to a field); tasks come before the phase's moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engines.core.envelope import Envelope
from engines.isle_of_cats.boat import Boat
from engines.isle_of_cats.copying import copy_with
from engines.isle_of_cats.solo_state import SoloState

T = TypeVar("T")

FILL = "fill"
DEAL = "deal"
DRAFT = "draft"
BUY = "buy"
RESCUE_CARDS = "rescue_cards"
RESCUE = "rescue"
RARE_FINDS = "rare_finds"
FINISHED = "finished"
SIMULTANEOUS = (DRAFT, BUY, RESCUE_CARDS)
PHASES = (FILL, DEAL, DRAFT, BUY, RESCUE_CARDS, RESCUE, RARE_FINDS, FINISHED)
TURNS = (RESCUE, RARE_FINDS)

# Task kinds
PLACE_TASK = "place"
"""Place one piece: ``kind``, the ``shapes`` allowed, ``color`` (cats and Oshax)."""
KEEP_TASK = "keep"
"""Keep (and pay for) any of the cards an anytime card drew."""
FIELDS_TASK = "fields"
"""Send each drawn cat to a field."""
DRAW_CARDS_TASK = "draw_cards"
DRAW_TILES_TASK = "draw_tiles"
"""External randomness: the table reports the cards or bag tiles an anytime card draws."""


@dataclass(frozen=True)
class Task:
    kind: str
    seat: int
    piece_kind: str = ""
    shapes: tuple[Any, ...] = ()
    color: str | None = None
    optional: bool = False
    """A map bonus or a found treasure may be declined; a tile from the bag may not."""
    source: str = ""
    """Where the piece comes from: ``supply``, ``pool`` (rare treasures below the island),
    ``oshax``, ``bag`` (a tile already drawn)."""
    cards: tuple[int, ...] = ()
    tiles: tuple[str, ...] = ()
    count: int = 0
    then: str = ""
    """For a draw: what the drawn tiles become (``boat`` or ``fields``)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        for key in ("piece_kind", "color", "source", "then"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.shapes:
            out["shapes"] = list(self.shapes)
        if self.optional:
            out["optional"] = True
        if self.cards:
            out["cards"] = list(self.cards)
        if self.tiles:
            out["tiles"] = list(self.tiles)
        if self.count:
            out["count"] = self.count
        return out


@dataclass
class PlayerState:
    boat: Boat
    fish: int = 0
    permanent_baskets: int = 1
    baskets_used: int = 0
    """Permanent baskets turned over today."""
    hand: list[int] = field(default_factory=list)
    """Bought cards not yet played: rescue, anytime, Oshax and treasure cards (private)."""
    private_lessons: list[int] = field(default_factory=list)
    draft_hand: list[int] = field(default_factory=list)
    """The cards to pick from in the current draft round (private)."""
    kept: list[int] = field(default_factory=list)
    """The cards drafted today, face down until bought (private)."""
    decision: tuple[int, ...] | None = None
    """The draft pick, purchase or rescue cards chosen and not yet revealed (private)."""
    decision_colors: tuple[str | None, ...] = ()
    rescue_cards: list[int] = field(default_factory=list)
    """Rescue cards revealed today (public)."""
    card_baskets: int = 0
    half_baskets: int = 0
    speed: int = 0
    passed: bool = False
    anywhere: int = 0
    """Played "place anywhere" cards not yet used (public)."""
    extra_rescues: int = 0
    bonus_turn: bool = False
    """Rescuing again this turn thanks to an extra-rescue card."""

    def clone(self) -> PlayerState:
        return copy_with(
            self,
            hand=list(self.hand),
            private_lessons=list(self.private_lessons),
            draft_hand=list(self.draft_hand),
            kept=list(self.kept),
            rescue_cards=list(self.rescue_cards),
        )

    @property
    def baskets(self) -> int:
        """Baskets usable now: played cards (two halves make one) and unused permanent ones."""
        unused = max(0, self.permanent_baskets - self.baskets_used)
        return self.card_baskets + self.half_baskets // 2 + unused


@dataclass
class IsleState:
    env: Envelope
    day: int
    phase: str
    players: list[PlayerState]
    order: list[int]
    """The turn track on the island: seats, first to last."""
    current: int = 0
    """Whose turn it is in ``rescue``/``rare_finds``: an index into ``order``."""
    draft_round: int = 0
    fields: dict[str, list[str]] = field(default_factory=lambda: {"left": [], "right": []})
    rare_pool: list[str] = field(default_factory=list)
    """Rare treasures drawn from the bag, waiting below the island (shape names)."""
    commons: dict[int, int] = field(default_factory=dict)
    """Common treasures left below the island, per shape."""
    oshax: list[int] = field(default_factory=list)
    public_lessons: list[tuple[int, str | None]] = field(default_factory=list)
    bag: list[str] | None = None
    """Seeded: the bag in draw order (hidden). External: None, the bag is on the table."""
    deck: list[int] | None = None
    """Seeded: the discovery deck in draw order (hidden). External: None."""
    discard: list[int] = field(default_factory=list)
    """Cards out of play, face down (hidden)."""
    gone: list[str] = field(default_factory=list)
    """Bag tiles out of the game: cats that fled, discarded rare treasures."""
    tasks: list[Task] = field(default_factory=list)
    solo: SoloState | None = None
    """The sister's cards and the island's solo numbering (solo mode only)."""
    legal_cache: dict[tuple[int, str], Any] = field(default_factory=dict, compare=False, repr=False)
    """Each seat's legal actions, computed once: a state is never changed after it is made."""

    def clone(self) -> IsleState:
        return copy_with(
            self,
            players=[p.clone() for p in self.players],
            order=list(self.order),
            fields={k: list(v) for k, v in self.fields.items()},
            rare_pool=list(self.rare_pool),
            commons=dict(self.commons),
            oshax=list(self.oshax),
            public_lessons=list(self.public_lessons),
            bag=None if self.bag is None else list(self.bag),
            deck=None if self.deck is None else list(self.deck),
            discard=list(self.discard),
            gone=list(self.gone),
            tasks=list(self.tasks),
            solo=None if self.solo is None else self.solo.clone(),
            legal_cache={},
        )

    @property
    def seeded(self) -> bool:
        return self.env.rng.mode == "seeded"

    def name(self, seat: int) -> str:
        return self.env.players[seat]

    def remembered(self, key: tuple[int, str], compute: Callable[[], T]) -> T:
        """``compute()`` once per state under ``key`` (a state never changes once made)."""
        if key not in self.legal_cache:
            self.legal_cache[key] = compute()
        found: T = self.legal_cache[key]
        return found

    def mover(self) -> int:
        """The seat whose turn it is in a turn phase."""
        return self.order[self.current]
