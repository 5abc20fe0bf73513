"""What the table holds that no player does: the bag, the deck, the fields' needs, the treasures.

In external mode the bag and the deck are on the table: what they hold is worked out from
everything out of them. Seeded mode keeps them, in draw order, in the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.catalogue import (
    BAG_CONTENTS,
    CAT,
    CATS_PER_FIELD_PER_PLAYER,
    COMMON_SHAPES,
    FIELDS,
    RARE,
    is_cat_key,
    rare_key,
)
from engines.isle_of_cats.modes import mode_of
from engines.isle_of_cats.solo_state import SOLO_CATS_PER_FIELD
from engines.isle_of_cats.state import IsleState, Task


def bag_counts(state: IsleState, raw: bool = False) -> Counter[str]:
    """What the bag holds (computed from everything out of it in external mode).

    ``raw`` keeps negative counts, which only an altered state can have."""
    if state.bag is not None:
        return Counter(state.bag)
    out = Counter(BAG_CONTENTS)
    out.subtract(state.fields["left"] + state.fields["right"])
    out.subtract(rare_key(s) for s in state.rare_pool)
    out.subtract(state.gone)
    for player in state.players:
        for piece in player.boat.pieces:
            if piece.kind == CAT:
                out[f"{piece.color}-{piece.shape}"] -= 1
            elif piece.kind == RARE:
                out[rare_key(str(piece.shape))] -= 1
    for task in state.tasks:
        out.subtract(task.tiles)
    return out if raw else +out


def bag_size(state: IsleState) -> int:
    """How many tiles the bag holds: the stored bag's length when seeded (counting its tiles
    one by one, as :func:`bag_counts` does, cost a seeded state's encoding a fifth)."""
    return len(state.bag) if state.bag is not None else sum(bag_counts(state).values())


def deck_left(state: IsleState) -> tuple[int, ...]:
    """The cards still in the deck (in draw order when seeded)."""
    if state.deck is not None:
        return state.deck
    seen = set(state.discard)
    seen.update(card_id for card_id, _ in state.public_lessons)
    for player in state.players:
        seen.update(
            player.hand, player.private_lessons, player.draft_hand, player.kept, player.rescue_cards
        )
    for task in state.tasks:
        seen.update(task.cards)
    return tuple(card_id for card_id in mode_of(state).deck if card_id not in seen)


def field_target(state: IsleState) -> int:
    if state.solo is not None:
        return SOLO_CATS_PER_FIELD
    return CATS_PER_FIELD_PER_PLAYER * len(state.players)


def cats_needed(state: IsleState) -> int:
    """How many more cats the fields need, at most the cats left in the bag."""
    want = sum(field_target(state) - len(state.fields[field]) for field in FIELDS)
    cats = sum(n for k, n in bag_counts(state).items() if is_cat_key(k))
    return min(want, cats)


def deal_size(state: IsleState) -> int:
    if state.solo is not None:
        return solo_rules.deal_size(state, len(deck_left(state)))
    return min(mode_of(state).hand, len(deck_left(state)) // len(state.players))


def draw_count(state: IsleState) -> int:
    """How many cards an anytime card's draw takes: what it says, at most the deck."""
    return min(state.tasks[0].count, len(deck_left(state)))


def commons_left(state: IsleState, shapes: Iterable[int]) -> bool:
    # ``commons`` counts every common shape, 0 included (setup; a decoded state is checked).
    return any(state.commons[s] > 0 for s in shapes)


ALL_COMMONS = tuple(sorted(COMMON_SHAPES))


def treasure_shapes(state: IsleState) -> list[tuple[str, int | str]]:
    """The treasures a matching map may bring in the family game: commons left, then rares
    below the island."""
    commons: list[tuple[str, int | str]] = [
        ("common_treasure", s) for s in ALL_COMMONS if state.commons[s] > 0
    ]
    return commons + [("rare_treasure", s) for s in sorted(set(state.rare_pool))]


def task_shapes(state: IsleState, task: Task) -> list[Any]:
    """The shapes still available for a placement task."""
    if task.source == "supply":
        return [s for s in task.shapes if state.commons[s] > 0]  # a supply task's are commons
    if task.source == "pool":
        return sorted(set(state.rare_pool))
    if task.source == "oshax":
        return sorted(state.oshax)
    return list(task.shapes)
