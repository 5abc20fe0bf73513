"""The rules a loaded state must keep: each part names things the game has, every card and tile
is in one place. :mod:`engines.isle_of_cats.codec` runs these on every state it loads (the family
game's own checks, :mod:`engines.isle_of_cats.family_codec`, build on them).
"""

from __future__ import annotations

from collections import Counter

from engines.core.errors import ViolationCollector, listing, shown
from engines.isle_of_cats.catalogue import (
    BAG_CONTENTS,
    CARDS,
    CAT,
    CAT_SHAPES,
    COLORS,
    COMMON,
    COMMON_SHAPES,
    DECK,
    FIELDS,
    OSHAX,
    OSHAX_SHAPES,
    PRIVATE_LESSON,
    PUBLIC_LESSON,
    RARE,
    RARE_SHAPES,
    RESCUE,
    is_cat_key,
    shape_def,
)
from engines.isle_of_cats.jsonio import check_supply
from engines.isle_of_cats.state import (
    DRAW_CARDS_TASK,
    DRAW_TILES_TASK,
    FIELDS_TASK,
    KEEP_TASK,
    PHASES,
    PLACE_TASK,
    SIMULTANEOUS,
    TURNS,
    IsleState,
    Task,
)
from engines.isle_of_cats.supply import bag_counts

_DECK_IDS = frozenset(DECK)
_TILE_OF: dict[tuple[str, int | str, str | None], str] = {
    **{(CAT, s, c): f"{c}-{s}" for s in CAT_SHAPES for c in COLORS},
    **{(RARE, s, None): f"rare-{s}" for s in RARE_SHAPES},
}
"""The bag tile a piece on a boat was: every cat and rare treasure piece of the game."""
_BAG_TILES = frozenset(BAG_CONTENTS)
_CAT_TILES = frozenset(t for t in BAG_CONTENTS if is_cat_key(t))
_RARE_NAMES = frozenset(RARE_SHAPES)
_COMMON_KEYS = frozenset(COMMON_SHAPES)
_OSHAX_KEYS = frozenset(OSHAX_SHAPES)
_PRIVATE_LESSONS = frozenset(c for c, k in CARDS.items() if k.type == PRIVATE_LESSON)
_RESCUE_CARDS = frozenset(c for c, k in CARDS.items() if k.type == RESCUE)
_BAG_KINDS = (CAT, RARE)
_BAG_SORTED = sorted(t for t, n in BAG_CONTENTS.items() for _ in range(n))


def _cats_of_the_bag(tiles: list[str]) -> bool:
    """Whether every tile is a cat of the bag: decided on the set. Only when it is not are the
    tiles read one by one as names, up to the first that is no cat, so that one that is no name
    at all (a number, a list) stops the check as a malformed state (``is_cat_key`` raises)."""
    try:
        if _CAT_TILES.issuperset(tiles):
            return True
    except TypeError:  # a list among the tiles: is_cat_key meets it below
        pass
    for t in tiles:
        if not (is_cat_key(t) and t in BAG_CONTENTS):
            return False
    raise AssertionError("a tile that is no cat of the bag is found on the way")


def check_parts(state: IsleState, v: ViolationCollector) -> None:
    """Each part names things the game has, where the rules can use them."""
    n = len(state.players)
    if state.phase not in PHASES:
        v.add("UNKNOWN_PHASE", "/phase", f"phase is one of {listing(PHASES, 'or')}")
    if state.phase in TURNS and not 0 <= state.current < n:
        v.add("INVALID_TURN", "/public/current", f"current is an index into the {n} seats")
    if not _cats_of_the_bag([t for f in FIELDS for t in state.fields[f]]):
        v.add("UNKNOWN_TILE", "/public/fields", "the fields hold cats")
    # issuperset reads the tiles in order and stops at the first it lacks; a list before that
    # cannot be hashed and stops the check as a malformed state.
    if not _RARE_NAMES.issuperset(state.rare_pool):
        v.add("UNKNOWN_TILE", "/public/rare_treasures", "below the island wait rare treasures")
    if not _BAG_TILES.issuperset(state.gone):
        v.add("UNKNOWN_TILE", "/public/gone", "only bag tiles leave the game")
    # The keys are every common shape (so there are counts) before the least count is taken.
    if set(state.commons) != _COMMON_KEYS or min(state.commons.values()) < 0:
        v.add("UNKNOWN_TILE", "/public/common_treasures", "one count per common treasure shape")
    oshax = set(state.oshax)
    if not oshax <= _OSHAX_KEYS or len(oshax) != len(state.oshax):
        v.add("UNKNOWN_TILE", "/public/oshax", "each Oshax once")
    for i, (card_id, color) in enumerate(state.public_lessons):
        kind = CARDS.get(card_id)
        if kind is None or kind.type != PUBLIC_LESSON or (color is not None) != kind.asks_colour:
            v.add(
                "INVALID_LESSON",
                f"/public/public_lessons/{i}",
                "a public lesson, with a colour exactly when it asks for one",
            )
        elif color is not None and color not in COLORS:
            v.add(
                "INVALID_COLOR",
                f"/public/public_lessons/{i}/color",
                f"{shown(color)} is not a colour: {listing(COLORS, 'or')}",
            )
    for name, p in zip(state.env.players, state.players, strict=True):
        # The piles hold ints (read with int()), so set membership is the catalogue's lookup.
        if not _PRIVATE_LESSONS.issuperset(p.private_lessons):
            v.add("INVALID_LESSON", f"/private/{name}/private_lessons", "private lessons only")
        if not _RESCUE_CARDS.issuperset(p.rescue_cards):
            v.add("INVALID_CARD", f"/public/players/{name}/rescue_cards", "rescue cards only")
        if p.decision is not None and (
            state.phase not in SIMULTANEOUS
            or len(p.decision_colors) not in (0, len(p.decision))
            or any(k is not None and k not in COLORS for k in p.decision_colors)
        ):
            v.add(
                "INVALID_DECISION",
                f"/private/{name}/decision",
                "a decision is held only in a simultaneous phase, a colour per card or none",
            )
    for i, task in enumerate(state.tasks):
        if not _task_ok(task, n):
            v.add(
                "INVALID_TASK", f"/public/tasks/{i}", f"{task.to_json()} is not a task of this game"
            )


def _task_ok(task: Task, players: int) -> bool:
    if not 0 <= task.seat < players:
        return False
    if task.kind == PLACE_TASK:
        sources = {"supply": COMMON, "pool": RARE, "oshax": OSHAX}
        if task.source in sources:  # only a tile drawn from the bag is held by its task
            kind_ok = sources[task.source] == task.piece_kind and not task.tiles
        else:
            kind_ok = (
                task.source == "bag" and len(task.tiles) == 1 and task.piece_kind in (CAT, RARE)
            )
        shapes_ok = all(shape_def(task.piece_kind, s) is not None for s in task.shapes)
        needs_shapes = task.source in ("supply", "bag")
        color_ok = (task.color in COLORS) == (task.piece_kind in (CAT, OSHAX))
        return kind_ok and shapes_ok and color_ok and (bool(task.shapes) or not needs_shapes)
    if task.kind == KEEP_TASK:
        return True
    if task.kind == FIELDS_TASK:
        return bool(task.tiles) and all(is_cat_key(t) and t in BAG_CONTENTS for t in task.tiles)
    if task.kind == DRAW_CARDS_TASK:
        return task.count >= 1
    return task.kind == DRAW_TILES_TASK and task.count >= 1 and task.then in ("boat", "fields")


def twice_or_unknown(cards: list[int], distinct: set[int], known: frozenset[int]) -> list[int]:
    """The cards ``cards`` (``distinct`` is their set) lists twice or that are not ``known``, in
    order."""
    # The rule is decided on the set; the cards are counted only to name what breaks it.
    if len(distinct) == len(cards) and distinct <= known:
        return []
    counted = Counter(cards)
    return sorted(c for c, n in counted.items() if n > 1 or c not in known)


def check_supplies(state: IsleState, v: ViolationCollector, discovery: bool = True) -> None:
    """Every card and tile is in one place, and no more pieces than the box holds.

    ``discovery=False`` leaves out the count of the 150 discovery cards (a family game has
    none: it counts its own cards instead).
    """
    if discovery:
        _check_cards(state, v)
    if state.bag is not None:
        if not _tiles_all_there(state):
            v.add("TILES_MISMATCH", "/hidden/bag", "every cat and rare treasure is in one place")
    elif any(n < 0 for n in bag_counts(state, raw=True).values()):
        v.add("TILES_MISMATCH", "/public", "more tiles out of the bag than it held")
    check_supply([p.boat for p in state.players], len(state.players), "/public/players", v)


def _check_cards(state: IsleState, v: ViolationCollector) -> None:
    """Every discovery card is in one place (seeded mode: each of the 150 somewhere)."""
    cards = [*state.discard, *(c for c, _ in state.public_lessons)]
    for p in state.players:
        cards += p.hand
        cards += p.private_lessons
        cards += p.draft_hand
        cards += p.kept
        cards += p.rescue_cards
    for t in state.tasks:
        cards += t.cards
    if state.deck is not None:
        cards += state.deck
    distinct = set(cards)
    twice = twice_or_unknown(cards, distinct, _DECK_IDS)
    if twice:
        v.add("CARD_TWICE", "/private", f"cards in two places (or unknown): {twice}")
    if state.deck is not None and len(distinct) != len(DECK):
        v.add("CARDS_MISSING", "/hidden/deck", "seeded mode accounts for all 150 cards")


def _tiles_all_there(state: IsleState) -> bool:
    """Whether the bag, the fields, the rare treasures waiting, the tiles gone, the boats and the
    tasks hold each bag tile exactly as often as the box has it (seeded mode).

    Sorted lists are equal exactly when the counts are, and one sort in C is cheaper than
    counting. A tile that is no name (a number, a list) cannot be sorted among names and is no
    tile of the box: False."""
    assert state.bag is not None
    try:
        tiles = [*state.bag, *state.fields["left"], *state.fields["right"], *state.gone]
        tiles += ["rare-" + s for s in state.rare_pool]
        tiles += [
            _TILE_OF[x[:3]] for p in state.players for x in p.boat.pieces if x.kind in _BAG_KINDS
        ]
        for t in state.tasks:
            tiles += t.tiles
        tiles.sort()
    except TypeError:
        return False
    return tiles == _BAG_SORTED
