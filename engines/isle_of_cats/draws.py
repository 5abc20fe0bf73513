"""The draws: which one the table owes, checking one reported, and what each one changes.

In external mode the table reports each draw as a ``chance`` action; in seeded mode
:func:`seeded_draw` makes it from the bag and deck stored in the state, as it falls due.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.core.errors import Reason
from engines.core.protocol import Event
from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.actions import Action
from engines.isle_of_cats.catalogue import CAT, RARE, is_cat_key, parse_cat_key
from engines.isle_of_cats.state import (
    DEAL,
    DRAFT,
    DRAW_CARDS_TASK,
    DRAW_TILES_TASK,
    FIELDS_TASK,
    FILL,
    KEEP_TASK,
    PLACE_TASK,
    Fields,
    IsleState,
    Task,
    copy_with,
)
from engines.isle_of_cats.supply import (
    bag_counts,
    cats_needed,
    deal_size,
    deck_left,
    draw_count,
    field_target,
)


def chance_due(state: IsleState) -> str | None:
    """The draw the table owes (``fill``, ``deal``, ``cards``, ``tiles``), or None."""
    if state.tasks:
        task = state.tasks[0]
        if task.kind == DRAW_CARDS_TASK:
            return "cards"
        if task.kind == DRAW_TILES_TASK:
            return "tiles"
        return None
    if state.solo is not None and (solo_due := solo_rules.chance_due(state)):
        return solo_due
    if state.phase == FILL:
        return "fill"
    if state.phase == DEAL:
        return "deal"
    return None


def check_chance(state: IsleState, action: Action) -> list[Reason]:
    due = chance_due(state)
    if due is None:
        return [Reason("NO_CHANCE_PENDING", "no draw is due")]
    if state.seeded:
        return [Reason("SEEDED", "a seeded game draws from its own generator")]
    if action.option != due:
        return [Reason("WRONG_DRAW", f"the table owes a {due} draw")]
    if due in solo_rules.CHANCE_KINDS:
        return solo_rules.check_draw(state, due, action.items)
    if due in ("deal", "cards"):
        return _check_cards(state, due, action.items)
    bag = bag_counts(state)
    drawn = Counter(action.items)
    if any(drawn[k] > bag[k] for k in drawn):
        return [Reason("NOT_IN_BAG", f"the bag holds {dict(bag)}")]
    if due == "tiles":
        want = min(state.tasks[0].count, sum(bag.values()))
        if len(action.items) != want:
            return [Reason("DRAW_COUNT", f"{want} tiles are drawn now, not {len(action.items)}")]
        return []
    return _check_fill(state, bag, action.items)


def _check_cards(state: IsleState, due: str, items: tuple[str, ...]) -> list[Reason]:
    try:
        cards = [int(card_id) for card_id in items]
    except ValueError:
        return [Reason("UNKNOWN_CARD", "cards are numbers")]
    want = deal_size(state) * len(state.players) if due == "deal" else draw_count(state)
    if len(cards) != want:
        return [Reason("DRAW_COUNT", f"{want} cards are drawn now, not {len(cards)}")]
    left = set(deck_left(state))
    if len(set(cards)) != len(cards) or not set(cards) <= left:
        return [Reason("NOT_IN_DECK", "every card drawn must be a different card of the deck")]
    return []


def _check_fill(state: IsleState, bag: Counter[str], items: tuple[str, ...]) -> list[Reason]:
    cats = [k for k in items if is_cat_key(k)]
    need = cats_needed(state)
    if len(cats) != need:
        return [Reason("DRAW_COUNT", f"the fields need {need} more cats, not {len(cats)}")]
    runs_out = sum(n for k, n in bag.items() if is_cat_key(k)) == need
    if items and not is_cat_key(items[-1]) and not runs_out:
        return [Reason("DRAW_COUNT", "drawing stops with the cat that fills the fields")]
    if runs_out and len(items) != sum(bag.values()) and not is_cat_key(items[-1]):
        return [Reason("DRAW_COUNT", "drawing stops with the cat that fills the fields")]
    return []


# --- what a draw changes -------------------------------------------------------------------------


def apply_draw(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    """A draw the table reported (external mode)."""
    what = action.option
    if what in solo_rules.CHANCE_KINDS:
        return solo_rules.apply_draw(state, what, action.items, events)
    if what == "fill":
        return fill(state, action.items, events)
    if what == "deal":
        return deal(state, tuple(int(card_id) for card_id in action.items), events)
    if what == "cards":
        return drew_cards(state, tuple(int(card_id) for card_id in action.items))
    return drew_tiles(state, action.items, events)


def fill(state: IsleState, drawn: Sequence[str], events: list[Event]) -> IsleState:
    target = field_target(state)
    left, right = list(state.fields.left), list(state.fields.right)
    rare_pool = list(state.rare_pool)
    for tile in drawn:
        if is_cat_key(tile):
            (left if len(left) < target else right).append(tile)
        else:
            rare_pool.append(tile.removeprefix("rare-"))
    events.append(
        {"type": "fields_filled", "left": left, "right": right, "rare_treasures": list(rare_pool)}
    )
    fields = Fields(tuple(left), tuple(right))
    return copy_with(state, fields=fields, rare_pool=tuple(rare_pool), phase=DEAL)


def deal(state: IsleState, cards: tuple[int, ...], events: list[Event]) -> IsleState:
    if state.solo is not None:
        return solo_rules.deal(state, cards, events)
    size = len(cards) // len(state.players)
    players = tuple(
        copy_with(player, draft_hand=cards[seat * size : (seat + 1) * size], kept=())
        for seat, player in enumerate(state.players)
    )
    events.append({"type": "cards_dealt", "each": size})
    return copy_with(state, players=players, phase=DRAFT, draft_round=0)


def drew_cards(state: IsleState, cards: tuple[int, ...]) -> IsleState:
    keep = Task(KEEP_TASK, state.tasks[0].seat, cards=cards)
    return copy_with(state, tasks=(keep, *state.tasks[1:]))


def drew_tiles(state: IsleState, tiles: Sequence[str], events: list[Event]) -> IsleState:
    task, rest = state.tasks[0], state.tasks[1:]
    events.append({"type": "tiles_drawn", "player": state.name(task.seat), "tiles": list(tiles)})
    if task.then == "boat":
        return copy_with(state, tasks=(*(_tile_task(task.seat, tile) for tile in tiles), *rest))
    cats = tuple(tile for tile in tiles if is_cat_key(tile))
    rares = tuple(tile.removeprefix("rare-") for tile in tiles if not is_cat_key(tile))
    if cats:
        rest = (Task(FIELDS_TASK, task.seat, tiles=cats), *rest)
    return copy_with(state, tasks=rest, rare_pool=state.rare_pool + rares)


def _tile_task(seat: int, tile: str) -> Task:
    """A tile drawn onto the boat: it must be placed if it fits."""
    if is_cat_key(tile):
        color, shape = parse_cat_key(tile)
        return Task(PLACE_TASK, seat, CAT, (shape,), color, source="bag", tiles=(tile,))
    name = tile.removeprefix("rare-")
    return Task(PLACE_TASK, seat, RARE, (name,), source="bag", tiles=(tile,))


def seeded_draw(state: IsleState, events: list[Event]) -> IsleState | None:
    """Draw what is due from the stored bag or deck; None when nothing is due."""
    due = chance_due(state)
    if due is None:
        return None
    bag, deck = state.bag, state.deck
    assert bag is not None and deck is not None
    if due in solo_rules.CHANCE_KINDS:
        return solo_rules.seeded_draw(state, due, events)
    if due == "fill":
        need = cats_needed(state)  # at most the cats in the bag: drawing ends at the last one
        n = 0
        while need:
            need -= is_cat_key(bag[n])
            n += 1
        return fill(copy_with(state, bag=bag[n:]), bag[:n], events)
    if due in ("deal", "cards"):
        n = deal_size(state) * len(state.players) if due == "deal" else draw_count(state)
        state = copy_with(state, deck=deck[n:])
        return deal(state, deck[:n], events) if due == "deal" else drew_cards(state, deck[:n])
    n = min(state.tasks[0].count, len(bag))
    return drew_tiles(copy_with(state, bag=bag[n:]), bag[:n], events)
