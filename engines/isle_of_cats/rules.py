"""The day of The Isle of Cats: who acts, what they may do, and what doing it changes.

``check`` says why an action is illegal; ``apply`` assumes it is legal (the game object checks
first), changes a clone of the state and then lets the table run on: seeded draws, revealing
simultaneous decisions once everyone has decided, ending phases and days.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any

from engines.core.errors import Reason, listing, quoted_listing, shown
from engines.core.protocol import Event
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.actions import CHANCE_SEAT, Action, valid_shape
from engines.isle_of_cats.boat import Piece, pieces_by_mask
from engines.isle_of_cats.catalogue import (
    ANYTIME,
    BAG_CONTENTS,
    CARDS,
    CAT,
    CAT_SHAPES,
    CATS_PER_FIELD_PER_PLAYER,
    COLORS,
    COMMON,
    COMMON_SHAPES,
    DAYS,
    DECK,
    DRAFT_KEEP,
    FIELD_COST,
    FIELDS,
    FISH_PER_DAY,
    HAND_SIZE,
    OSHAX,
    OSHAX_CARD,
    OSHAX_SHAPES,
    PRIVATE_LESSON,
    PUBLIC_LESSON,
    RARE,
    RESCUE,
    SMALL_COMMON,
    TREASURE,
    is_cat_key,
    parse_cat_key,
    rare_key,
    shape_def,
)
from engines.isle_of_cats.family_cards import DEAL as FAMILY_DEAL
from engines.isle_of_cats.family_cards import FAMILY_DECK
from engines.isle_of_cats.solo_state import SOLO_CATS_PER_FIELD, SOLO_KEEP
from engines.isle_of_cats.state import (
    BUY,
    DEAL,
    DRAFT,
    DRAW_CARDS_TASK,
    DRAW_TILES_TASK,
    FIELDS_TASK,
    FILL,
    FINISHED,
    KEEP_TASK,
    PLACE_TASK,
    RARE_FINDS,
    RESCUE_CARDS,
    SIMULTANEOUS,
    TURNS,
    IsleState,
    Task,
)
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE

CHANCE = "chance"

# --- who acts --------------------------------------------------------------------------------


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


def movers(state: IsleState) -> list[int]:
    """The seats that must act now; ``[CHANCE_SEAT]`` while a draw is due; ``[]`` at the end."""
    return list(state.remembered((-9, "movers"), lambda: _movers(state)))


def _movers(state: IsleState) -> list[int]:
    if chance_due(state):
        return [CHANCE_SEAT]
    if state.tasks:
        return [state.tasks[0].seat]
    if state.phase in SIMULTANEOUS:
        return [
            s for s, p in enumerate(state.players) if p.decision is None and _deciding(state, s)
        ]
    if state.phase in TURNS:
        return [state.mover()]
    return []


def _deciding(state: IsleState, seat: int) -> bool:
    p = state.players[seat]
    if state.phase == DRAFT:
        return bool(p.draft_hand)
    if state.phase == BUY:
        return bool(p.kept)
    return any(CARDS[c].type == RESCUE for c in p.hand)


# --- the supply ---------------------------------------------------------------------------------


def bag_counts(state: IsleState, raw: bool = False) -> Counter[str]:
    """What the bag holds (computed from everything out of it in external mode).

    ``raw`` keeps negative counts, which only an altered state can have."""
    if state.bag is not None:
        return Counter(state.bag)
    out = Counter(BAG_CONTENTS)
    out.subtract(state.fields["left"] + state.fields["right"])
    out.subtract(rare_key(s) for s in state.rare_pool)
    out.subtract(state.gone)
    for p in state.players:
        for piece in p.boat.pieces:
            if piece.kind == CAT:
                out[f"{piece.color}-{piece.shape}"] -= 1
            elif piece.kind == RARE:
                out[rare_key(str(piece.shape))] -= 1
    for task in state.tasks:
        out.subtract(task.tiles)
    return out if raw else +out


def deck_left(state: IsleState) -> list[int]:
    """The cards still in the deck (in draw order when seeded)."""
    if state.deck is not None:
        return state.deck
    seen = set(state.discard)
    seen.update(c for c, _ in state.public_lessons)
    for p in state.players:
        seen.update(p.hand, p.private_lessons, p.draft_hand, p.kept, p.rescue_cards)
    for task in state.tasks:
        seen.update(task.cards)
    deck = FAMILY_DECK if state.env.options.get("mode") == "family" else DECK
    return [c for c in deck if c not in seen]


def field_target(state: IsleState) -> int:
    if state.solo is not None:
        return SOLO_CATS_PER_FIELD
    return CATS_PER_FIELD_PER_PLAYER * len(state.players)


def cats_needed(state: IsleState) -> int:
    """How many more cats the fields need, at most the cats left in the bag."""
    want = sum(field_target(state) - len(state.fields[f]) for f in FIELDS)
    cats = sum(n for k, n in bag_counts(state).items() if is_cat_key(k))
    return min(want, cats)


def deal_size(state: IsleState) -> int:
    if state.solo is not None:
        return solo_rules.deal_size(state, len(deck_left(state)))
    hand = FAMILY_DEAL if state.env.options.get("mode") == "family" else HAND_SIZE
    return min(hand, len(deck_left(state)) // len(state.players))


# --- legal actions ----------------------------------------------------------------------------


def legal_actions(
    state: IsleState,
    seat: int | None = None,
    listed: Callable[[IsleState, int], tuple[Action, ...]] | None = None,
) -> list[Action]:
    """The movers' legal actions (``seat``'s alone if given), as ``listed`` lists a seat's: the
    standard game's by default; a mode passes its own."""
    listed = listed or _listed
    out: list[Action] = []
    for s in movers(state):
        if seat is None or seat == s:
            out.extend(listed(state, s))
    return out


def _listed(state: IsleState, seat: int) -> tuple[Action, ...]:
    """A seat's legal actions, computed once per state (states never change once made)."""
    return state.remembered((seat, "list"), lambda: tuple(_actions_of(state, seat)))


def _actions_of(state: IsleState, seat: int) -> list[Action]:
    if seat == CHANCE_SEAT:
        return []  # a draw is reported, not chosen from a list (see pending_chance)
    if state.tasks:
        return _task_actions(state, state.tasks[0])
    p = state.players[seat]
    phase = state.phase
    if phase == DRAFT:
        k = min(SOLO_KEEP if state.solo is not None else DRAFT_KEEP, len(p.draft_hand))
        return [Action(A.DRAFT, seat, pick) for pick in combinations(sorted(p.draft_hand), k)]
    if phase == BUY:
        return _buys(A.BUY, seat, sorted(p.kept), p.fish) + _fish_plays(state, seat)
    if phase == RESCUE_CARDS:
        rescue = sorted(c for c in p.hand if CARDS[c].type == RESCUE)
        return [
            Action(A.RESCUE_CARDS, seat, pick)
            for n in range(len(rescue) + 1)
            for pick in combinations(rescue, n)
        ]
    out = [_pass_or_end(state, seat)]
    if phase == RESCUE_PHASE:
        out.extend(_rescues(state, seat))
    out.extend(_plays(state, seat))
    return out


def _pass_or_end(state: IsleState, seat: int) -> Action:
    """A turn's way out: pass, or end the turn of an extra rescue."""
    return Action(A.END_TURN if state.players[seat].bonus_turn else A.PASS, seat)


def _buys(kind: str, seat: int, cards: list[int], fish: int) -> list[Action]:
    out: list[Action] = []
    cost = {c: CARDS[c].cost for c in cards}.__getitem__
    asks = {c for c in cards if _public_colour(c)}
    # Positional construction: a buy lists hundreds of actions a ply.
    new = tuple.__new__
    for n in range(len(cards) + 1):
        for pick in combinations(cards, n):
            if sum(map(cost, pick)) > fish:
                continue
            if asks.isdisjoint(pick):
                out.append(new(Action, (kind, seat, pick, (None,) * n, "", "", None, "", ())))
                continue
            colourings = _colourings(n, tuple(i for i, c in enumerate(pick) if c in asks))
            out += [new(Action, (kind, seat, pick, cs, "", "", None, "", ())) for cs in colourings]
    return out


@cache
def _colourings(n: int, slots: tuple[int, ...]) -> tuple[tuple[str | None, ...], ...]:
    """Every ``colors`` of a purchase of ``n`` cards whose cards at ``slots`` ask for a colour
    (None for the others), in the order the colours are listed: these few tuples are shared by
    every purchase."""
    out: list[tuple[str, ...]] = [()]
    for _ in slots:
        out = [(*c, k) for c in out for k in COLORS]
    result = []
    for colours in out:
        chosen: list[str | None] = [None] * n
        for i, k in zip(slots, colours, strict=True):
            chosen[i] = k
        result.append(tuple(chosen))
    return tuple(result)


def _public_colour(card_id: int) -> bool:
    kind = CARDS[card_id]
    return kind.type == PUBLIC_LESSON and kind.asks_colour


def _rescues(state: IsleState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    # Both fields often hold the same shape in several colours: find its places once.
    masks: dict[int, list[int]] = {}
    new = tuple.__new__
    rescue = A.RESCUE
    for field, tile in _rescuable(state, seat):
        color, shape = parse_cat_key(tile)
        if shape not in masks:
            masks[shape] = p.boat.placements(CAT_SHAPES[shape], p.anywhere > 0)
        pieces = pieces_by_mask(CAT, shape, color)
        # Positional construction: these lists run to thousands of actions a ply.
        out += [
            new(Action, (rescue, seat, (), (), field, tile, pieces[m], "", ()))
            for m in masks[shape]
        ]
    return out


def _rescuable(state: IsleState, seat: int) -> list[tuple[str, str]]:
    """The (field, cat) pairs ``seat`` may rescue now, in listing order."""
    p = state.players[seat]
    if p.baskets < 1:
        return []
    return [
        (field, tile)
        for field in FIELDS
        if p.fish >= FIELD_COST[field]
        for tile in sorted(set(state.fields[field]))
    ]


def _rescue_listed(state: IsleState, action: Action) -> bool:
    """Whether :func:`_rescues` lists ``action``, decided from its own cat and cells: a ply lists
    thousands of rescues, and checking one should not cost listing them all."""
    if (action.field, action.tile) not in _rescuable(state, action.seat) or action.piece is None:
        return False
    color, shape = parse_cat_key(action.tile)
    piece = pieces_by_mask(CAT, shape, color).get(action.piece.mask)
    p = state.players[action.seat]
    listed = Action(A.RESCUE, action.seat, (), (), action.field, action.tile, piece, "", ())
    return (
        piece is not None
        and action == listed
        and p.boat.placement_problem(piece.mask, p.anywhere > 0) is None
    )


def _plays(state: IsleState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for card_id in sorted(set(p.hand)):
        for option in _play_options(state, seat, card_id):
            out.append(Action(A.PLAY, seat, (card_id,), option=option))
    return out


def _fish_plays(state: IsleState, seat: int) -> list[Action]:
    """While buying, a card that gains fish may be played to pay for the purchase (Board Game
    Arena): one held before the purchase, as the cards bought join the hand after it."""
    return [a for a in _plays(state, seat) if _gains_fish(a.cards[0])]


def _gains_fish(card_id: int) -> bool:
    return CARDS[card_id].type == ANYTIME and "gain_fish" in CARDS[card_id].effect


def _play_options(state: IsleState, seat: int, card_id: int) -> list[str]:
    """The ways ``card_id`` may be played now (empty: not now)."""
    p = state.players[seat]
    kind = CARDS[card_id]
    effect = kind.effect
    if kind.type in (OSHAX_CARD, TREASURE):
        if state.phase != RARE_FINDS:
            return []
        if kind.type == OSHAX_CARD:
            fits = any(p.boat.fits(OSHAX_SHAPES[s], p.anywhere > 0) for s in state.oshax)
            return list(COLORS) if fits else []
        out = []
        for choice in effect["choose_one_of"]:
            if "rare_treasure" in choice and state.rare_pool:
                out.append("rare")
            elif "small_common_treasure" in choice and _commons_left(state, SMALL_COMMON):
                out.append("small")
            elif (
                "common_treasure" in choice
                and _commons_left(state, set(COMMON_SHAPES))
                and p.fish >= choice.get("pay_fish", 0)
            ):
                out.append("common")
        return out
    if kind.type != ANYTIME:
        return []
    if isinstance(effect.get("gain_fish"), dict) and effect["gain_fish"].get("choose_colour"):
        return list(COLORS)
    if "move_cats_between_fields" in effect:
        tiles = sorted(state.fields["left"] + state.fields["right"])
        n = effect["move_cats_between_fields"]
        return [",".join(c) for k in range(1, n + 1) for c in combinations(tiles, k)]
    if "discard_private_lessons" in effect:
        n = effect["discard_private_lessons"]
        return [",".join(map(str, c)) for c in combinations(sorted(p.private_lessons), n)]
    if "discard_treasures_from_boat" in effect:
        n = effect["discard_treasures_from_boat"]
        treasures = [i for i, piece in enumerate(p.boat.pieces) if piece.is_treasure]
        return [",".join(map(str, c)) for c in combinations(treasures, n)]
    if "discard_permanent_basket" in effect and p.permanent_baskets < 1:
        return []
    if "draw_cards" in effect and not deck_left(state):
        return []
    if "draw_tiles_from_bag" in effect and not bag_counts(state):
        return []
    if "extra_rescue" in effect and state.phase != RESCUE_PHASE:
        return []
    return [""]


def _commons_left(state: IsleState, shapes: set[int] | frozenset[int]) -> bool:
    return any(state.commons.get(s, 0) > 0 for s in shapes)


def _task_actions(state: IsleState, task: Task) -> list[Action]:
    seat = task.seat
    p = state.players[seat]
    if task.kind == PLACE_TASK:
        out = []
        for shape in _task_shapes(state, task):
            found = shape_def(task.piece_kind, shape)
            assert found is not None
            pieces = pieces_by_mask(task.piece_kind, shape, task.color)
            out += [
                Action(A.PLACE, seat, piece=pieces[mask])
                for mask in p.boat.placements(found, p.anywhere > 0)
            ]
        if task.optional or not out:
            out.append(Action(A.SKIP, seat))
        return out
    if task.kind == KEEP_TASK:
        return _buys(A.KEEP, seat, sorted(task.cards), p.fish)
    # FIELDS_TASK: every way to send the drawn cats to the fields
    out_f: list[tuple[str, ...]] = [()]
    for _ in task.tiles:
        out_f = [(*c, f) for c in out_f for f in FIELDS]
    return [Action(A.SEND, seat, items=c) for c in out_f]


def _task_shapes(state: IsleState, task: Task) -> list[Any]:
    """The shapes still available for a placement task."""
    if task.source == "supply":
        return [s for s in task.shapes if state.commons.get(s, 0) > 0]
    if task.source == "pool":
        return sorted(set(state.rare_pool))
    if task.source == "oshax":
        return sorted(state.oshax)
    return list(task.shapes)


# --- check ------------------------------------------------------------------------------------


def check(state: IsleState, action: Action) -> list[Reason]:
    who = movers(state)
    if state.phase == FINISHED:
        return [Reason("GAME_OVER", "the game has ended")]
    if action.kind == A.DRAW:
        return _check_chance(state, action)
    if who == [CHANCE_SEAT]:
        return [
            Reason("CHANCE_PENDING", f"the table must first report a draw ({chance_due(state)})")
        ]
    if action.seat not in who:
        return [
            Reason("NOT_YOUR_TURN", f"waiting for {quoted_listing(state.name(s) for s in who)}")
        ]
    if _is_listed(state, action):
        return []
    if action.kind == A.RESCUE and action.piece is not None and not valid_shape(action.piece):
        return [Reason("SHAPE_MISMATCH", "the cells are not the cat's shape")]
    if action.kind == A.PLACE and action.piece is not None and not valid_shape(action.piece):
        return [Reason("SHAPE_MISMATCH", "the cells are not that piece's shape")]
    return [_why_not(state, action)]


def _is_listed(state: IsleState, action: Action) -> bool:
    """``action`` is among the legal actions of its seat (the mover's, checked before).

    A standard game's rescue turn lists thousands of rescues, so an action there is checked
    without them: a rescue by its own cat and cells (:func:`_rescue_listed`), anything else
    against the turn's other actions. Other modes check against the whole list."""
    standard = state.env.options.get("mode", "standard") == "standard"
    listed = (action.seat, "set") in state.legal_cache
    if standard and not listed and not state.tasks and state.phase == RESCUE_PHASE:
        if action.kind == A.RESCUE:
            return _rescue_listed(state, action)
        return action == _pass_or_end(state, action.seat) or action in _plays(state, action.seat)
    return action in _legal_set(state, action.seat)


def _legal_set(state: IsleState, seat: int) -> frozenset[Action]:
    return state.remembered((seat, "set"), lambda: frozenset(_listed(state, seat)))


def _why_not(state: IsleState, action: Action) -> Reason:
    """The most specific reason a well-formed action is not among the legal ones."""
    seat = action.seat
    p = state.players[seat]
    if state.tasks:
        task = state.tasks[0]
        expected = {PLACE_TASK: A.PLACE, KEEP_TASK: A.KEEP, FIELDS_TASK: A.SEND}[task.kind]
        if action.kind not in (expected, A.SKIP):
            return Reason("TASK_PENDING", f"first resolve the pending {task.kind} ({expected})")
        if action.kind == A.SKIP:
            return Reason("MUST_PLACE", "this piece must be placed: it fits on the boat")
        if action.kind == A.PLACE and action.piece is not None:
            if action.piece.kind != task.piece_kind or action.piece.shape not in _task_shapes(
                state, task
            ):
                return Reason("WRONG_PIECE", f"the pending piece is a {task.piece_kind}")
            return _placement_reason(state, seat, action.piece.mask)
        if action.kind == A.KEEP and sum(CARDS[c].cost for c in action.cards) > p.fish:
            return Reason("CANNOT_AFFORD", f"those cards cost more than your {p.fish} fish")
        return Reason("INVALID_CHOICE", "not one of the drawn cards, or a colour is missing")
    phase = state.phase
    simultaneous = {A.DRAFT: DRAFT, A.BUY: BUY, A.RESCUE_CARDS: RESCUE_CARDS}
    if action.kind in simultaneous and simultaneous[action.kind] != phase:
        return Reason("WRONG_PHASE", f"the game is in the {phase} phase")
    if action.kind == A.DRAFT:
        return Reason(
            "INVALID_DRAFT", f"keep {DRAFT_KEEP} different cards of {listing(p.draft_hand)}"
        )
    if action.kind == A.BUY:
        if any(c not in p.kept for c in action.cards) or len(set(action.cards)) != len(
            action.cards
        ):
            return Reason("NOT_DRAFTED", f"you may buy only the cards you drafted: {p.kept}")
        if sum(CARDS[c].cost for c in action.cards) > p.fish:
            return Reason("CANNOT_AFFORD", f"those cards cost more than your {p.fish} fish")
        return Reason(
            "COLOR_REQUIRED", "a public lesson that asks for a colour takes one; others none"
        )
    if action.kind == A.RESCUE_CARDS:
        return Reason("NOT_A_RESCUE_CARD", "choose rescue cards from your hand")
    if action.kind in (A.PLACE, A.SKIP, A.KEEP, A.SEND):
        return Reason("NO_TASK", "nothing is waiting to be placed, kept or sent")
    if phase == BUY and action.kind == A.PLAY:
        card_id = action.cards[0]  # a play always names its card
        if card_id not in p.hand:
            return Reason("NOT_IN_HAND", f"card {card_id} is not in your hand")
        if not _gains_fish(card_id):
            return Reason(
                "WRONG_PHASE", "while buying, only an anytime card that gains fish is played"
            )
        return Reason(
            "CANNOT_PLAY", f"card {card_id} cannot be played with {shown(action.option)} now"
        )
    if phase not in TURNS:
        return Reason("WRONG_PHASE", f"the game is in the {phase} phase")
    if action.kind == A.END_TURN:
        return Reason("NO_EXTRA_RESCUE", "end_turn closes a turn with an extra rescue")
    if action.kind == A.PASS:
        return Reason("FINISH_EXTRA_RESCUE", "after an extra rescue, end_turn (passing is later)")
    if action.kind == A.RESCUE:
        if phase != RESCUE_PHASE:
            return Reason("WRONG_PHASE", "cats are rescued in the rescue phase")
        if action.tile not in state.fields.get(action.field, []):
            return Reason("NOT_IN_FIELD", f"{action.tile} is not in the {action.field} field")
        if p.baskets < 1:
            return Reason("NO_BASKET", "you have no basket left today")
        cost = FIELD_COST[action.field]
        if p.fish < cost:
            return Reason("CANNOT_AFFORD", f"a cat in the {action.field} field costs {cost} fish")
        assert action.piece is not None
        return _placement_reason(state, seat, action.piece.mask)
    card_id = action.cards[0] if action.cards else -1
    if card_id not in p.hand:
        return Reason("NOT_IN_HAND", f"card {card_id} is not in your hand")
    kind = CARDS[card_id]
    if kind.type in (OSHAX_CARD, TREASURE) and phase != RARE_FINDS:
        return Reason("WRONG_PHASE", "Oshax and treasure cards are played in the rare finds phase")
    if kind.type not in (OSHAX_CARD, TREASURE, ANYTIME):
        return Reason("NOT_PLAYABLE", f"card {card_id} is a {kind.type} card")
    return Reason("CANNOT_PLAY", f"card {card_id} cannot be played with {shown(action.option)} now")


def _placement_reason(state: IsleState, seat: int, mask: int) -> Reason:
    p = state.players[seat]
    problem = p.boat.placement_problem(mask, p.anywhere > 0)
    if problem is None:
        return Reason("INVALID_CHOICE", "that piece is not available")
    return Reason(*problem)


def _check_chance(state: IsleState, action: Action) -> list[Reason]:
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
        try:
            cards = [int(c) for c in action.items]
        except ValueError:
            return [Reason("UNKNOWN_CARD", "cards are numbers")]
        want = deal_size(state) * len(state.players) if due == "deal" else _draw_count(state)
        if len(cards) != want:
            return [Reason("DRAW_COUNT", f"{want} cards are drawn now, not {len(cards)}")]
        left = set(deck_left(state))
        if len(set(cards)) != len(cards) or not set(cards) <= left:
            return [Reason("NOT_IN_DECK", "every card drawn must be a different card of the deck")]
        return []
    bag = bag_counts(state)
    drawn = Counter(action.items)
    if any(drawn[k] > bag[k] for k in drawn):
        return [Reason("NOT_IN_BAG", f"the bag holds {dict(bag)}")]
    if due == "tiles":
        want = min(state.tasks[0].count, sum(bag.values()))
        if len(action.items) != want:
            return [Reason("DRAW_COUNT", f"{want} tiles are drawn now, not {len(action.items)}")]
        return []
    cats = [k for k in action.items if is_cat_key(k)]
    need = cats_needed(state)
    if len(cats) != need:
        return [Reason("DRAW_COUNT", f"the fields need {need} more cats, not {len(cats)}")]
    runs_out = sum(n for k, n in bag.items() if is_cat_key(k)) == need
    if action.items and not is_cat_key(action.items[-1]) and not runs_out:
        return [Reason("DRAW_COUNT", "drawing stops with the cat that fills the fields")]
    if runs_out and len(action.items) != sum(bag.values()) and not is_cat_key(action.items[-1]):
        return [Reason("DRAW_COUNT", "drawing stops with the cat that fills the fields")]
    return []


def _draw_count(state: IsleState) -> int:
    return min(state.tasks[0].count, len(deck_left(state)))


# --- apply ------------------------------------------------------------------------------------


def apply(state: IsleState, action: Action) -> tuple[IsleState, list[Event]]:
    s = state.clone()
    events: list[Event] = []
    handler = _HANDLERS[action.kind]
    handler(s, action, events)
    _run_on(s, events)
    return s, events


def _draft(s: IsleState, a: Action, events: list[Event]) -> None:
    s.players[a.seat].decision = a.cards
    events.append({"type": "decided", "player": s.name(a.seat), "phase": s.phase})


def _buy(s: IsleState, a: Action, events: list[Event]) -> None:
    s.players[a.seat].decision = a.cards
    s.players[a.seat].decision_colors = a.colors
    events.append({"type": "decided", "player": s.name(a.seat), "phase": s.phase})


def _rescue(s: IsleState, a: Action, events: list[Event]) -> None:
    p = s.players[a.seat]
    assert a.piece is not None
    p.fish -= FIELD_COST[a.field]
    if p.card_baskets:
        p.card_baskets -= 1
    elif p.half_baskets >= 2:
        p.half_baskets -= 2
    else:
        p.baskets_used += 1
    s.fields[a.field].remove(a.tile)
    events.append(
        {
            "type": "cat_rescued",
            "player": s.name(a.seat),
            "field": a.field,
            "piece": a.piece.to_json(),
            "fish_paid": FIELD_COST[a.field],
        }
    )
    _put(s, a.seat, a.piece, events)
    if p.extra_rescues:
        p.extra_rescues -= 1
        p.bonus_turn = True
    else:
        p.bonus_turn = False
        _next_turn(s)


def _put(s: IsleState, seat: int, piece: Piece, events: list[Event]) -> None:
    """Place a piece: the "place anywhere" card is used up, a matching map earns a treasure."""
    p = s.players[seat]
    if p.anywhere:
        p.anywhere -= 1
    p.boat = p.boat.with_piece(piece)
    if p.boat.map_bonus(piece) and _commons_left(s, set(COMMON_SHAPES)):
        events.append({"type": "treasure_map", "player": s.name(seat), "color": piece.color})
        s.tasks.insert(
            0,
            Task(
                PLACE_TASK,
                seat,
                COMMON,
                tuple(sorted(COMMON_SHAPES)),
                optional=True,
                source="supply",
            ),
        )


def _place(s: IsleState, a: Action, events: list[Event]) -> None:
    task = s.tasks.pop(0)
    assert a.piece is not None
    piece = a.piece
    if task.source == "supply":
        s.commons[int(piece.shape)] -= 1
    elif task.source == "pool":
        s.rare_pool.remove(str(piece.shape))
    elif task.source == "oshax":
        s.oshax.remove(int(piece.shape))
    events.append({"type": "piece_placed", "player": s.name(a.seat), "piece": piece.to_json()})
    _put(s, a.seat, piece, events)


def _skip(s: IsleState, a: Action, events: list[Event]) -> None:
    task = s.tasks.pop(0)
    if task.source == "bag":
        s.gone.extend(task.tiles)
    events.append({"type": "piece_skipped", "player": s.name(a.seat), "kind": task.piece_kind})


def _pass(s: IsleState, a: Action, events: list[Event]) -> None:
    s.players[a.seat].passed = True
    events.append({"type": "passed", "player": s.name(a.seat), "phase": s.phase})
    _next_turn(s)


def _end_turn(s: IsleState, a: Action, events: list[Event]) -> None:
    s.players[a.seat].bonus_turn = False
    _next_turn(s)


def _next_turn(s: IsleState) -> None:
    n = len(s.order)
    for step in range(1, n + 1):
        i = (s.current + step) % n
        if not s.players[s.order[i]].passed:
            s.current = i
            break
    else:
        s.current = -1  # everyone has passed: the phase ends in _run_on
    if s.solo is not None:
        solo_rules.after_turn(s)


def _play(s: IsleState, a: Action, events: list[Event]) -> None:
    p = s.players[a.seat]
    card_id = a.cards[0]
    p.hand.remove(card_id)
    s.discard.append(card_id)
    kind = CARDS[card_id]
    effect = kind.effect
    # The private lessons a card discards stay face down: the event, seen by every player,
    # does not name them (the log names them to their owner only).
    shown = "" if "discard_private_lessons" in effect else a.option
    events.append(
        {"type": "card_played", "player": s.name(a.seat), "card": card_id, "option": shown}
    )
    if kind.type == OSHAX_CARD:
        s.tasks.insert(0, Task(PLACE_TASK, a.seat, OSHAX, color=a.option, source="oshax"))
        _next_turn(s)
        return
    if kind.type == TREASURE:
        if a.option == "rare":
            s.tasks.insert(0, Task(PLACE_TASK, a.seat, RARE, source="pool"))
        else:
            if a.option == "common":
                choice = next(c for c in effect["choose_one_of"] if "common_treasure" in c)
                p.fish -= choice.get("pay_fish", 0)
            shapes = SMALL_COMMON if a.option == "small" else set(COMMON_SHAPES)
            two = Task(
                PLACE_TASK, a.seat, COMMON, tuple(sorted(shapes)), optional=True, source="supply"
            )
            s.tasks[0:0] = [two, two]
        _next_turn(s)
        return
    _anytime(s, a, events)


def _anytime(s: IsleState, a: Action, events: list[Event]) -> None:
    p = s.players[a.seat]
    effect = CARDS[a.cards[0]].effect
    if "gain_fish" in effect:
        gain = effect["gain_fish"]
        if isinstance(gain, int):
            p.fish += gain
        else:
            p.fish += gain["amount"] * _fish_count(s, a.seat, gain, a.option)
    if effect.get("next_tile_ignores_adjacency"):
        p.anywhere += 1
    if "draw_cards" in effect:
        s.tasks.insert(0, Task(DRAW_CARDS_TASK, a.seat, count=effect["draw_cards"]))
    if "draw_tiles_from_bag" in effect:
        then = "boat" if effect["destination"] == "own_boat" else "fields"
        s.tasks.insert(
            0, Task(DRAW_TILES_TASK, a.seat, count=effect["draw_tiles_from_bag"], then=then)
        )
    if "discard_permanent_basket" in effect:
        p.permanent_baskets -= 1
        p.baskets_used = min(p.baskets_used, p.permanent_baskets)
    if "move_cats_between_fields" in effect:
        for tile in a.option.split(","):
            here = "left" if tile in s.fields["left"] else "right"
            there = "right" if here == "left" else "left"
            s.fields[here].remove(tile)
            s.fields[there].append(tile)
    if "extra_rescue" in effect:
        p.extra_rescues += 1
    if "discard_private_lessons" in effect:
        for card_id in map(int, a.option.split(",")):
            p.private_lessons.remove(card_id)
            s.discard.append(card_id)
    if "discard_treasures_from_boat" in effect:
        gone = {int(i) for i in a.option.split(",")}
        for i in gone:
            piece = p.boat.pieces[i]
            if piece.kind == RARE:
                s.gone.append(rare_key(str(piece.shape)))
        p.boat = p.boat.without(gone)
    if "gain_permanent_basket" in effect:
        p.permanent_baskets += effect["gain_permanent_basket"]


def _fish_count(s: IsleState, seat: int, gain: dict[str, Any], option: str) -> int:
    p = s.players[seat]
    per = gain["per"]
    if per == "oshax_on_boat":
        return p.boat.count(OSHAX)
    if per == "private_lesson_in_front_of_you":
        return len(p.private_lessons)
    if per == "distinct_cat_colour_on_boat":
        return len({x.color for x in p.boat.pieces if x.kind == CAT})
    if per == "rare_treasure_on_boat":
        return p.boat.count(RARE)
    if per == "common_treasure_on_boat":
        return p.boat.count(COMMON)
    assert per == "cat_or_oshax_of_chosen_colour", per
    return len(p.boat.cat_likes(option))


def _keep(s: IsleState, a: Action, events: list[Event]) -> None:
    task = s.tasks.pop(0)
    _take_cards(s, a.seat, a.cards, a.colors, events)
    s.discard.extend(c for c in task.cards if c not in a.cards)


def _take_cards(
    s: IsleState,
    seat: int,
    cards: tuple[int, ...],
    colors: tuple[str | None, ...],
    events: list[Event],
) -> None:
    """Pay for cards; lessons go to the lesson pile or face up, the rest to the hand."""
    p = s.players[seat]
    p.fish -= sum(CARDS[c].cost for c in cards)
    for card_id, color in zip(cards, colors or (None,) * len(cards), strict=True):
        kind = CARDS[card_id].type
        if kind == PRIVATE_LESSON:
            p.private_lessons.append(card_id)
        elif kind == PUBLIC_LESSON:
            s.public_lessons.append((card_id, color))
            events.append(
                {"type": "public_lesson", "player": s.name(seat), "card": card_id, "color": color}
            )
        else:
            p.hand.append(card_id)


def _send(s: IsleState, a: Action, events: list[Event]) -> None:
    task = s.tasks.pop(0)
    for tile, field in zip(task.tiles, a.items, strict=True):
        s.fields[field].append(tile)
    events.append(
        {
            "type": "cats_to_fields",
            "player": s.name(a.seat),
            "cats": dict(zip(task.tiles, a.items, strict=True)),
        }
    )


def _chance(s: IsleState, a: Action, events: list[Event]) -> None:
    what = a.option
    if what in solo_rules.CHANCE_KINDS:
        solo_rules.apply_draw(s, what, a.items, events)
    elif what == "fill":
        _fill(s, list(a.items), events)
    elif what == "deal":
        _deal(s, [int(c) for c in a.items], events)
    elif what == "cards":
        _drew_cards(s, [int(c) for c in a.items])
    else:
        _drew_tiles(s, list(a.items), events)


_HANDLERS = {
    A.DRAFT: _draft,
    A.BUY: _buy,
    A.RESCUE_CARDS: _draft,
    A.RESCUE: _rescue,
    A.PLACE: _place,
    A.SKIP: _skip,
    A.PASS: _pass,
    A.END_TURN: _end_turn,
    A.PLAY: _play,
    A.KEEP: _keep,
    A.SEND: _send,
    A.DRAW: _chance,
}

# --- draws ------------------------------------------------------------------------------------


def _fill(s: IsleState, drawn: list[str], events: list[Event]) -> None:
    target = field_target(s)
    for tile in drawn:
        if is_cat_key(tile):
            field = "left" if len(s.fields["left"]) < target else "right"
            s.fields[field].append(tile)
        else:
            s.rare_pool.append(tile.removeprefix("rare-"))
    events.append(
        {
            "type": "fields_filled",
            "left": list(s.fields["left"]),
            "right": list(s.fields["right"]),
            "rare_treasures": list(s.rare_pool),
        }
    )
    s.phase = DEAL


def _deal(s: IsleState, cards: list[int], events: list[Event]) -> None:
    if s.solo is not None:
        solo_rules.deal(s, cards, events)
        return
    size = len(cards) // len(s.players)
    for seat, p in enumerate(s.players):
        p.draft_hand = cards[seat * size : (seat + 1) * size]
        p.kept = []
    events.append({"type": "cards_dealt", "each": size})
    s.phase = DRAFT
    s.draft_round = 0


def _drew_cards(s: IsleState, cards: list[int]) -> None:
    task = s.tasks.pop(0)
    s.tasks.insert(0, Task(KEEP_TASK, task.seat, cards=tuple(cards)))


def _drew_tiles(s: IsleState, tiles: list[str], events: list[Event]) -> None:
    task = s.tasks.pop(0)
    events.append({"type": "tiles_drawn", "player": s.name(task.seat), "tiles": tiles})
    if task.then == "boat":
        new = []
        for tile in tiles:
            if is_cat_key(tile):
                color, shape = parse_cat_key(tile)
                new.append(
                    Task(PLACE_TASK, task.seat, CAT, (shape,), color, source="bag", tiles=(tile,))
                )
            else:
                name = tile.removeprefix("rare-")
                new.append(Task(PLACE_TASK, task.seat, RARE, (name,), source="bag", tiles=(tile,)))
        s.tasks[0:0] = new
        return
    cats = tuple(t for t in tiles if is_cat_key(t))
    s.rare_pool.extend(t.removeprefix("rare-") for t in tiles if not is_cat_key(t))
    if cats:
        s.tasks.insert(0, Task(FIELDS_TASK, task.seat, tiles=cats))


def _seeded_draw(s: IsleState, events: list[Event]) -> bool:
    """Draw what is due from the stored bag or deck; False when nothing is due."""
    due = chance_due(s)
    if due is None:
        return False
    assert s.bag is not None and s.deck is not None
    if due in solo_rules.CHANCE_KINDS:
        solo_rules.seeded_draw(s, due, events)
    elif due == "fill":
        drawn: list[str] = []
        need = cats_needed(s)
        while need and s.bag:
            tile = s.bag.pop(0)
            drawn.append(tile)
            need -= is_cat_key(tile)
        _fill(s, drawn, events)
    elif due == "deal":
        n = deal_size(s) * len(s.players)
        cards, s.deck[:] = s.deck[:n], s.deck[n:]
        _deal(s, cards, events)
    elif due == "cards":
        n = _draw_count(s)
        cards, s.deck[:] = s.deck[:n], s.deck[n:]
        _drew_cards(s, cards)
    else:
        n = min(s.tasks[0].count, len(s.bag))
        tiles, s.bag[:] = s.bag[:n], s.bag[n:]
        _drew_tiles(s, tiles, events)
    return True


# --- the table runs on ------------------------------------------------------------------------


def _run_on(s: IsleState, events: list[Event]) -> None:
    """Everything that follows without a decision: draws, reveals, phase and day ends."""
    while True:
        if s.seeded and _seeded_draw(s, events):
            continue
        if s.solo is not None:
            solo_rules.sync_cat_order(s)
        if s.tasks or chance_due(s):
            return
        if s.solo is not None and solo_rules.run_on(s, events):
            continue
        if s.phase in SIMULTANEOUS:
            for seat in range(len(s.players)):
                if s.players[seat].decision is None and not _deciding(s, seat):
                    s.players[seat].decision = ()
            if any(p.decision is None for p in s.players):
                return
            _reveal(s, events)
            continue
        if s.phase == RESCUE_PHASE:
            if s.current >= 0 and (s.fields["left"] or s.fields["right"]):
                return
            _end_rescue(s, events)
            continue
        if s.phase == RARE_FINDS:
            if s.current >= 0:
                return
            _end_day(s, events)
            continue
        return


def _reveal(s: IsleState, events: list[Event]) -> None:
    phase = s.phase
    decisions = [p.decision or () for p in s.players]
    for p in s.players:
        p.decision = None
    if phase == DRAFT and s.solo is not None:
        solo_rules.draft_reveal(s, decisions[0], events)
        return
    if phase == DRAFT:
        for p, pick in zip(s.players, decisions, strict=True):
            p.kept.extend(pick)
            for c in pick:
                p.draft_hand.remove(c)
        s.draft_round += 1
        n = len(s.players)
        step = 1 if s.day % 2 == 1 else -1  # left on days 1, 3 and 5; right on days 2 and 4
        hands = [p.draft_hand for p in s.players]
        for seat, p in enumerate(s.players):
            p.draft_hand = list(hands[(seat - step) % n])
        events.append(
            {
                "type": "draft_passed",
                "round": s.draft_round,
                "direction": "left" if step == 1 else "right",
            }
        )
        if s.draft_round == 3:
            for p in s.players:
                p.kept.extend(p.draft_hand)  # the single card passed last is kept
                p.draft_hand = []
        if not any(p.draft_hand for p in s.players):
            s.phase = BUY
        return
    if phase == BUY:
        for seat, p in enumerate(s.players):
            pick = decisions[seat]
            colors = p.decision_colors or (None,) * len(pick)
            p.decision_colors = ()
            _take_cards(s, seat, pick, colors, events)
            s.discard.extend(c for c in p.kept if c not in pick)
            p.kept = []
            events.append({"type": "bought", "player": s.name(seat), "count": len(pick)})
        s.phase = RESCUE_CARDS
        return
    # rescue cards: revealed at once; speed reorders the island, ties keep their order
    for p, pick in zip(s.players, decisions, strict=True):
        for c in pick:
            p.hand.remove(c)
        p.rescue_cards = list(pick)
        effects = [CARDS[c].effect for c in pick]
        p.speed = sum(e["speed"] for e in effects)
        p.card_baskets = sum(1 for e in effects if e["baskets"] == 1)
        p.half_baskets = sum(1 for e in effects if e["baskets"] == 0.5)
        p.passed = False
    s.order = sorted(s.order, key=lambda seat: -s.players[seat].speed)
    events.append(
        {
            "type": "rescue_cards_revealed",
            "cards": {s.name(i): p.rescue_cards for i, p in enumerate(s.players)},
            "turn_order": [s.name(i) for i in s.order],
        }
    )
    s.phase = RESCUE_PHASE
    s.current = 0


def _end_rescue(s: IsleState, events: list[Event]) -> None:
    if s.solo is not None:
        solo_rules.end_rescue(s, events)
    for p in s.players:
        s.discard.extend(p.rescue_cards)
        p.rescue_cards = []
        p.card_baskets = p.half_baskets = p.speed = 0
        p.passed = False
        p.bonus_turn = False
    events.append({"type": "rescue_over"})
    s.phase = RARE_FINDS
    s.current = 0


def _end_day(s: IsleState, events: list[Event]) -> None:
    s.gone.extend(s.fields["left"] + s.fields["right"])
    s.fields = {"left": [], "right": []}
    if s.solo is not None:
        solo_rules.end_day(s, events)
    for p in s.players:
        p.baskets_used = 0
        p.passed = False
    events.append({"type": "day_over", "day": s.day})
    if s.day >= DAYS:  # Vesh's boat reaches the hand: the game ends
        s.phase = FINISHED
        s.current = 0
        return
    s.day += 1
    start_day(s, events)


def start_day(s: IsleState, events: list[Event]) -> None:
    for p in s.players:
        p.fish += FISH_PER_DAY
    events.append({"type": "day_started", "day": s.day, "fish": FISH_PER_DAY})
    s.phase = FILL
    s.current = 0
    _run_on(s, events)
