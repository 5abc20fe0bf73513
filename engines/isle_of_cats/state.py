"""The Isle of Cats state: the day, the phase, the island, each player's boat, cards and fish.

A state is a frozen value: every step of :func:`engines.isle_of_cats.rules.apply` builds a new one
(:func:`copy_with`, :func:`with_player`, :func:`with_solo`) and never changes its input.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from engines.core.envelope import Envelope
from engines.isle_of_cats.boat import Boat
from engines.isle_of_cats.solo_state import SoloState

V = TypeVar("V")

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


@dataclass(frozen=True)
class PlayerState:
    boat: Boat
    fish: int = 0
    permanent_baskets: int = 1
    baskets_used: int = 0
    """Permanent baskets turned over today."""
    hand: tuple[int, ...] = ()
    """Bought cards not yet played: rescue, anytime, Oshax and treasure cards (private)."""
    private_lessons: tuple[int, ...] = ()
    draft_hand: tuple[int, ...] = ()
    """The cards to pick from in the current draft round (private)."""
    kept: tuple[int, ...] = ()
    """The cards drafted today, face down until bought (private)."""
    decision: tuple[int, ...] | None = None
    """The draft pick, purchase or rescue cards chosen and not yet revealed (private)."""
    decision_colors: tuple[str | None, ...] = ()
    rescue_cards: tuple[int, ...] = ()
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

    @property
    def baskets(self) -> int:
        """Baskets usable now: played cards (two halves make one) and unused permanent ones."""
        unused = max(0, self.permanent_baskets - self.baskets_used)
        return self.card_baskets + self.half_baskets // 2 + unused


@dataclass(frozen=True)
class Fields:
    """The cats in the two fields by the island, in the order they came (tile keys)."""

    left: tuple[str, ...] = ()
    right: tuple[str, ...] = ()

    def __getitem__(self, field: str) -> tuple[str, ...]:
        """A field by its name (``left`` or ``right``, :data:`~.catalogue.FIELDS`)."""
        if field == "left":
            return self.left
        if field == "right":
            return self.right
        raise KeyError(field)

    def with_tiles(self, field: str, tiles: tuple[str, ...]) -> Fields:
        """These fields with ``field`` holding ``tiles``."""
        return Fields(tiles, self.right) if field == "left" else Fields(self.left, tiles)

    def which(self, tile: str) -> str:
        """The field holding ``tile`` (the right one when the left does not)."""
        return "left" if tile in self.left else "right"


def counts(of: Mapping[int, int]) -> Mapping[int, int]:
    """How many of each thing are left (the common treasures, per shape), read-only: a view of
    a dictionary nothing else holds, so it never changes (and reads at a dictionary's speed)."""
    return MappingProxyType(dict(of))


def less_one(of: Mapping[int, int], key: int) -> Mapping[int, int]:
    """The counts ``of`` with one ``key`` fewer."""
    return counts({**of, key: of[key] - 1})


@dataclass(frozen=True)
class IsleState:
    env: Envelope
    day: int
    phase: str
    players: tuple[PlayerState, ...]
    order: tuple[int, ...]
    """The turn track on the island: seats, first to last."""
    current: int = 0
    """Whose turn it is in ``rescue``/``rare_finds``: an index into ``order``."""
    draft_round: int = 0
    fields: Fields = Fields()
    rare_pool: tuple[str, ...] = ()
    """Rare treasures drawn from the bag, waiting below the island (shape names)."""
    commons: Mapping[int, int] = field(default_factory=lambda: counts({}))
    """Common treasures left below the island, per shape."""
    oshax: tuple[int, ...] = ()
    public_lessons: tuple[tuple[int, str | None], ...] = ()
    bag: tuple[str, ...] | None = None
    """Seeded: the bag in draw order (hidden). External: None, the bag is on the table."""
    deck: tuple[int, ...] | None = None
    """Seeded: the discovery deck in draw order (hidden). External: None."""
    discard: tuple[int, ...] = ()
    """Cards out of play, face down (hidden)."""
    gone: tuple[str, ...] = ()
    """Bag tiles out of the game: cats that fled, discarded rare treasures."""
    tasks: tuple[Task, ...] = ()
    solo: SoloState | None = None
    """The sister's cards and the island's solo numbering (solo mode only)."""
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """What the rules work out from this state, each once (a state never changes): who moves
    now, asked several times a request. A copy (:func:`copy_with`) starts with an empty one.
    A field, not a ``cached_property``: that one writes the instance's ``__dict__`` on first
    use, after which every attribute of the state reads about three times slower (a lean
    ``apply`` counted 69,000 instructions more)."""

    @property
    def seeded(self) -> bool:
        return self.env.rng.mode == "seeded"

    def name(self, seat: int) -> str:
        return self.env.players[seat]

    def mover(self) -> int:
        """The seat whose turn it is in a turn phase."""
        return self.order[self.current]


def copy_with(value: V, **changes: Any) -> V:
    """The frozen ``value`` (a state, a player, the sister's part) with ``changes`` to its fields.

    What :func:`dataclasses.replace` gives, for a sixth of its cost: ``replace`` looks up and
    checks every field and then calls the frozen class's ``__init__``, which sets each field with
    ``object.__setattr__``, and copies made so were two thirds of an ``apply``. The copy is given
    a new ``__dict__`` (the fields as they are, and the changes), whose attributes read as fast as
    an ``__init__``-made instance's (filling the new object's own ``__dict__`` key by key made
    them about three times slower to read). These classes have no ``__post_init__`` and no
    ``cached_property`` (whose value would be copied with the fields)."""
    fields = {**value.__dict__, **changes}
    if "memo" in fields:  # the original's memo (IsleState.memo) is not the copy's
        fields["memo"] = {}
    copy: V = object.__new__(type(value))
    object.__setattr__(copy, "__dict__", fields)
    return copy


def with_player(state: IsleState, seat: int, **changes: Any) -> IsleState:
    """``state`` with ``changes`` to the fields of the player at ``seat``."""
    players = list(state.players)
    players[seat] = copy_with(players[seat], **changes)
    return copy_with(state, players=tuple(players))


def with_solo(state: IsleState, **changes: Any) -> IsleState:
    """``state`` with ``changes`` to the sister's part (a solo game)."""
    assert state.solo is not None
    return copy_with(state, solo=copy_with(state.solo, **changes))
