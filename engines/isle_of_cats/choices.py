"""What each player may decide now, as decisions: complete actions, or choices described.

A purchase is a subset of the cards drafted with a colour for each public lesson, a rescue is a
cat onto some cells of the boat: such decisions are described (:mod:`engines.core.choices`), so
an answer grows with the hand and the fields, never with their subsets. Whether an action is
legal is :mod:`engines.isle_of_cats.checks`' to say; the two read the same rules below.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engines.core.choices import (
    Choice,
    Domain,
    EachOf,
    Limit,
    Orientation,
    PerItem,
    Placement,
    Subset,
)
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import rules
from engines.isle_of_cats.actions import CHANCE_SEAT, LISTED_OPTIONS, Action
from engines.isle_of_cats.boat import Boat, Piece, runs
from engines.isle_of_cats.catalogue import (
    CARDS,
    CAT,
    CAT_SHAPES,
    COLORS,
    COLS,
    FIELDS,
    PUBLIC_LESSON,
    RESCUE,
    ShapeDef,
    mask_of,
    parse_cat_key,
    shape_def,
)
from engines.isle_of_cats.modes import is_family, mode_of
from engines.isle_of_cats.plays import gains_fish, listed_option, play_options
from engines.isle_of_cats.state import (
    BUY,
    DRAFT,
    FIELDS_TASK,
    KEEP_TASK,
    PLACE_TASK,
    RESCUE_CARDS,
    IsleState,
    Task,
)
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE
from engines.isle_of_cats.supply import task_shapes, treasure_shapes

Decision = Action | Choice


def choices(state: IsleState, seat: int | None = None) -> list[Decision]:
    """The movers' decisions (``seat``'s alone if given)."""
    out: list[Decision] = []
    for s in rules.movers(state):
        if s != CHANCE_SEAT and seat in (None, s):  # a draw is reported, not chosen
            out.extend(_of_seat(state, s))
    return out


def _of_seat(state: IsleState, seat: int) -> list[Decision]:
    p = state.players[seat]
    name = state.name(seat)
    if state.tasks:
        return _task(state, state.tasks[0], name)
    if state.phase == DRAFT:
        return [_choose_cards(A.DRAFT, name, p.draft_hand, draft_keep(state, len(p.draft_hand)))]
    if is_family(state):
        return [Action(A.PASS, seat), *_rescues(state, seat)]
    if state.phase == BUY:
        return [_purchase(A.BUY, name, p.kept, p.fish), *_fish_plays(state, seat)]
    if state.phase == RESCUE_CARDS:
        rescue = [c for c in p.hand if CARDS[c].type == RESCUE]
        cards = Subset(_sorted(rescue), 0, len(rescue))
        return [Choice(_fixed(A.RESCUE_CARDS, name), (("cards", cards),))]
    out: list[Decision] = [rules.pass_or_end(state, seat)]
    if state.phase == RESCUE_PHASE:
        out.extend(_rescues(state, seat))
    out.extend(_plays(state, seat))
    return out


def draft_keep(state: IsleState, hand: int) -> int:
    """How many cards a draft pick keeps: 2 (the family game: 2 of the 3 family cards), 3 solo."""
    return min(mode_of(state).draft_keep, hand)


def _fixed(kind: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "player": name, **fields}


def _sorted(cards: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def _choose_cards(kind: str, name: str, cards: Iterable[int], keep: int) -> Choice:
    return Choice(_fixed(kind, name), (("cards", Subset(_sorted(cards), keep, keep)),))


def _purchase(kind: str, name: str, cards: Iterable[int], fish: int) -> Choice:
    """Any of ``cards`` whose cost adds up to at most ``fish``, with a colour declared for each
    public lesson that asks for one."""
    offered = _sorted(cards)
    domains: list[tuple[str, Domain]] = [("cards", Subset(offered, 0, len(offered)))]
    asks = tuple(c for c in offered if asks_colour(c))
    if asks:
        domains.append(("colors", PerItem("cards", asks, COLORS)))
    limit = None
    if sum(CARDS[c].cost for c in offered) > fish:
        detail = f"the cards chosen cost at most your {fish} fish"
        costs = tuple((c, CARDS[c].cost) for c in offered)
        limit = Limit("CANNOT_AFFORD", detail, "cards", costs, fish)
    return Choice(_fixed(kind, name), tuple(domains), limit)


def asks_colour(card_id: int) -> bool:
    kind = CARDS[card_id]
    return kind.type == PUBLIC_LESSON and kind.asks_colour


def _fish_plays(state: IsleState, seat: int) -> list[Decision]:
    """While buying, a card that gains fish may be played to pay (Board Game Arena)."""
    return [d for d in _plays(state, seat) if gains_fish(_card_of(d))]


def _card_of(decision: Decision) -> int:
    if isinstance(decision, Choice):
        card: int = decision.fixed["cards"][0]
        return card
    return decision.cards[0]


def _plays(state: IsleState, seat: int) -> list[Decision]:
    out: list[Decision] = []
    for card_id in sorted(set(state.players[seat].hand)):
        if card_id in LISTED_OPTIONS:
            listed = listed_option(state, seat, card_id)
            if listed is not None:
                fixed = _fixed(A.PLAY, state.name(seat), cards=[card_id])
                out.append(Choice(fixed, (("items", listed),)))
            continue
        out.extend(
            Action(A.PLAY, seat, (card_id,), option=option)
            for option in play_options(state, seat, card_id)
        )
    return out


def _rescues(state: IsleState, seat: int) -> list[Decision]:
    """One decision per cat a player may rescue: onto which cells of the boat."""
    p = state.players[seat]
    anywhere = p.anywhere > 0 and not is_family(state)
    places: dict[int, Placement | None] = {}
    out: list[Decision] = []
    for field, tile in rules.rescuable(state, seat):
        color, shape = parse_cat_key(tile)
        if shape not in places:  # cats of one shape in several colours: their places found once
            places[shape] = _placement(p.boat, CAT_SHAPES[shape], anywhere)
        where = places[shape]
        if where is not None:
            piece = {"kind": CAT, "shape": shape, "color": color}
            fixed = _fixed(A.RESCUE, state.name(seat), field=field, tile=tile, piece=piece)
            out.append(Choice(fixed, (("piece/cells", where),)))
    return out


def _placement(boat: Boat, shape: ShapeDef, anywhere: bool) -> Placement | None:
    """Where ``shape`` may go on ``boat``, by orientation; listed (when expanded) in the order of
    the pieces' masks, the order of the legal actions since the first version."""
    found = boat.offsets(shape, anywhere)
    if not found:
        return None
    orientations = tuple(Orientation(cells, runs(offsets)) for cells, offsets in found)

    def by_mask() -> list[tuple[int, tuple[int, int]]]:
        masks = [
            (mask_of(list(o.cells)) << (r * COLS + c), i, (r, c))
            for i, o in enumerate(orientations)
            for r, c in o.offsets
        ]
        return [(i, offset) for _, i, offset in sorted(masks)]

    return Placement(orientations, ordering=by_mask)


def _task(state: IsleState, task: Task, name: str) -> list[Decision]:
    p = state.players[task.seat]
    if task.kind == KEEP_TASK:
        return [_purchase(A.KEEP, name, task.cards, p.fish)]
    if task.kind == FIELDS_TASK:
        return [Choice(_fixed(A.SEND, name), (("items", EachOf(FIELDS, len(task.tiles))),))]
    assert task.kind == PLACE_TASK
    out: list[Decision] = []
    anywhere = p.anywhere > 0 and not is_family(state)
    for kind, shape, color in task_pieces(state, task):
        found = shape_def(kind, shape)
        assert found is not None
        where = _placement(p.boat, found, anywhere)
        if where is not None:
            piece = {"kind": kind, "shape": shape, **({"color": color} if color else {})}
            out.append(Choice(_fixed(A.PLACE, name, piece=piece), (("piece/cells", where),)))
    if task.optional or not out:
        out.append(Action(A.SKIP, task.seat))
    return out


def task_pieces(state: IsleState, task: Task) -> list[tuple[str, Any, str | None]]:
    """The pieces a placement task may place now: (kind, shape, colour)."""
    if is_family(state):
        return [(kind, shape, None) for kind, shape in treasure_shapes(state)]
    return [(task.piece_kind, s, task.color) for s in task_shapes(state, task)]


def chosen_action(
    state: IsleState, choice: Choice, chosen: Mapping[str, Any], task_color: str | None
) -> Action:
    """The action of one of :func:`choices`' choices with the values ``chosen``, made without
    reading its JSON: a piece's cells (a cat or Oshax placed takes ``task_color``, the colour of
    the placing task, as the reader gives it); a played card's items, in the reader's order; a
    field for each cat drawn; cards, sorted as the subset offers them, with the colour chosen for
    each public lesson that asks one."""
    fixed = choice.fixed
    kind = fixed["type"]
    seat = state.env.players.index(fixed["player"])
    if kind in (A.RESCUE, A.PLACE):
        given = fixed["piece"]
        mask = mask_of(chosen["piece/cells"])
        if kind == A.RESCUE:
            piece = Piece(CAT, given["shape"], given["color"], mask)
            return Action(A.RESCUE, seat, field=fixed["field"], tile=fixed["tile"], piece=piece)
        # A task places a cat or an Oshax of its colour, or a treasure and has none (state_checks).
        return Action(A.PLACE, seat, piece=Piece(given["kind"], given["shape"], task_color, mask))
    if kind == A.PLAY:
        return A.play_listed(seat, fixed["cards"][0], chosen["items"])
    if kind == A.SEND:
        return Action(A.SEND, seat, items=tuple(chosen["items"]))
    cards = tuple(chosen["cards"])
    if kind not in (A.BUY, A.KEEP):
        return Action(kind, seat, cards)
    colors = chosen.get("colors", {})
    return Action(kind, seat, cards, tuple([colors.get(str(c)) for c in cards]))
