"""The three ways to play, as data: the standard game, the solo game and the family game.

One rules module (:mod:`engines.isle_of_cats.rules`) plays all three; what differs is read from
the :class:`Mode` of the state's ``options.mode``. The solo game's sister, who has turns and
cards of her own, is :mod:`engines.isle_of_cats.solo_rules`, called where she acts.

The family game follows Board Game Arena (``TiocFamily.trait.php``), on the standard boat,
fields, placement, families, rats and rooms: each player is dealt 3 family cards once, before
day 1, and keeps 2 of them (the third is discarded face down); there are no fish, no baskets, no
discovery cards and no Oshax; a turn takes any cat of either field for free, or passes for the
rest of the day; a cat covering the treasure map of its own colour earns a common treasure from
the supply or a rare treasure from below the island (or none); the day ends when everyone has
passed or the fields are empty, with no rare finds phase, and the first player on the island
becomes the last.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.isle_of_cats.catalogue import DECK, DRAFT_KEEP, FISH_PER_DAY, HAND_SIZE
from engines.isle_of_cats.family_cards import DEAL as FAMILY_DEAL
from engines.isle_of_cats.family_cards import FAMILY_DECK
from engines.isle_of_cats.family_cards import KEEP as FAMILY_KEEP
from engines.isle_of_cats.solo_state import SOLO_KEEP
from engines.isle_of_cats.state import (
    BUY,
    DEAL,
    DRAFT,
    FILL,
    FINISHED,
    PHASES,
    RESCUE,
    IsleState,
)

SUPPLY = "supply"
MAP_SOURCE = "map"
"""The source of the treasure a matching map earns in the family game: a common or a rare
treasure, or none."""


@dataclass(frozen=True)
class Mode:
    name: str
    deck: tuple[int, ...]
    """The cards dealt from: the 150 discovery cards, or the 18 family cards."""
    hand: int
    """Cards dealt to each player (the solo game deals its own way)."""
    draft_keep: int
    """Cards a draft pick keeps."""
    fish_per_day: int
    pays_for_rescue: bool
    """A cat costs its field's fish and a basket (the family game: free)."""
    map_source: str
    """Where the treasure a matching map earns comes from: the common ``supply``, or the family
    game's ``map`` (a common or a rare treasure)."""
    deals_daily: bool
    """The deal and draft come every day (the family game: once, before day 1)."""
    after_draft: str
    """The phase the draft leads to: buying, or the family game's rescue."""
    rare_finds: bool
    """A rare finds phase follows the rescue (the family game: the night does)."""
    rotates_order: bool
    """Each night the first player on the island becomes the last (the family game)."""
    phases: tuple[str, ...]


STANDARD = Mode(
    name="standard",
    deck=DECK,
    hand=HAND_SIZE,
    draft_keep=DRAFT_KEEP,
    fish_per_day=FISH_PER_DAY,
    pays_for_rescue=True,
    map_source=SUPPLY,
    deals_daily=True,
    after_draft=BUY,
    rare_finds=True,
    rotates_order=False,
    phases=PHASES,
)
SOLO = replace(STANDARD, name="solo", draft_keep=SOLO_KEEP)
FAMILY = Mode(
    name="family",
    deck=FAMILY_DECK,
    hand=FAMILY_DEAL,
    draft_keep=FAMILY_KEEP,
    fish_per_day=0,
    pays_for_rescue=False,
    map_source=MAP_SOURCE,
    deals_daily=False,
    after_draft=RESCUE,
    rare_finds=False,
    rotates_order=True,
    phases=(FILL, DEAL, DRAFT, RESCUE, FINISHED),
)
MODES = {m.name: m for m in (STANDARD, SOLO, FAMILY)}


def mode_of(state: IsleState) -> Mode:
    # The options are checked at setup and stored without the default mode (setup.py).
    return MODES[state.env.options.get("mode", STANDARD.name)]


def is_family(state: IsleState) -> bool:
    return mode_of(state) is FAMILY
