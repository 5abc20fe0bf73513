"""Whether an action is legal, and why not: one check per action kind, read from the rules.

Each check looks at the action and the parts of the state it touches, never at a list of every
legal action, so a hand of 21 cards costs what a hand of 7 does. The first rule an action breaks
is its reason; :mod:`engines.isle_of_cats.choices` describes the same rules to the players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from engines.core.errors import Reason, listing, quoted_listing, shown
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import draws, rules
from engines.isle_of_cats.actions import CHANCE_SEAT, LISTED_OPTIONS, Action, valid_shape
from engines.isle_of_cats.catalogue import (
    ANYTIME,
    CARDS,
    CAT,
    COLORS,
    FIELD_COST,
    FIELDS,
    OSHAX_CARD,
    RESCUE,
    TREASURE,
    ShapeDef,
    parse_cat_key,
    shape_def,
)
from engines.isle_of_cats.choices import asks_colour, draft_keep, task_pieces
from engines.isle_of_cats.modes import is_family
from engines.isle_of_cats.plays import gains_fish, listed_option, play_options
from engines.isle_of_cats.state import (
    BUY,
    DRAFT,
    FIELDS_TASK,
    FINISHED,
    KEEP_TASK,
    PLACE_TASK,
    RARE_FINDS,
    RESCUE_CARDS,
    TURNS,
    IsleState,
    Task,
)
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE

Verdict = Reason | None
"""The first rule an action breaks, or None when it breaks none."""

_PHASE_OF = {A.DRAFT: DRAFT, A.BUY: BUY, A.RESCUE_CARDS: RESCUE_CARDS}
"""The phase of each simultaneous decision."""


def check(state: IsleState, action: Action) -> list[Reason]:
    """Why ``action`` is illegal now (its first reason), or nothing."""
    if state.phase == FINISHED:
        return [Reason("GAME_OVER", "the game has ended")]
    if action.kind == A.DRAW:
        return draws.check_chance(state, action)
    who = rules.movers(state)
    if who == [CHANCE_SEAT]:
        due = draws.chance_due(state)
        return [Reason("CHANCE_PENDING", f"the table must first report a draw ({due})")]
    if action.seat not in who:
        waiting = quoted_listing(state.name(s) for s in who)
        return [Reason("NOT_YOUR_TURN", f"waiting for {waiting}")]
    if action.piece is not None and not valid_shape(action.piece):
        whose = "the cat's" if action.kind == A.RESCUE and not is_family(state) else "that piece's"
        return [Reason("SHAPE_MISMATCH", f"the cells are not {whose} shape")]
    verdict = _task(state, state.tasks[0], action) if state.tasks else _move(state, action)
    return [] if verdict is None else [verdict]


def _move(state: IsleState, action: Action) -> Verdict:
    if is_family(state):
        return _family_move(state, action)
    kind, phase = action.kind, state.phase
    if kind in (A.PLACE, A.SKIP, A.KEEP, A.SEND):
        return Reason("NO_TASK", "nothing is waiting to be placed, kept or sent")
    if kind in _PHASE_OF and _PHASE_OF[kind] != phase:
        return Reason("WRONG_PHASE", f"the game is in the {phase} phase")
    if kind == A.DRAFT:
        return _draft(state, action)
    if kind == A.BUY:
        return _buy(state, action)
    if kind == A.RESCUE_CARDS:
        return _rescue_cards(state, action)
    if phase == BUY and kind == A.PLAY:
        return _fish_play(state, action)
    if phase not in TURNS:
        return Reason("WRONG_PHASE", f"the game is in the {phase} phase")
    if kind in (A.PASS, A.END_TURN):
        return _pass_or_end(state, action)
    if kind == A.RESCUE:
        return _rescue(state, action)
    return _play(state, action)


# --- the simultaneous decisions -----------------------------------------------------------------


def _draft(state: IsleState, action: Action) -> Verdict:
    hand = state.players[action.seat].draft_hand
    keep = draft_keep(state, len(hand))
    if len(action.cards) != keep or not _distinct_among(action.cards, hand):
        return Reason("INVALID_DRAFT", f"keep {keep} different cards of {listing(sorted(hand))}")
    return None


def _buy(state: IsleState, action: Action) -> Verdict:
    p = state.players[action.seat]
    if not _distinct_among(action.cards, p.kept):
        return Reason(
            "NOT_DRAFTED", f"you may buy only the cards you drafted: {listing(sorted(p.kept))}"
        )
    return _paid_and_coloured(action, p.fish, buying=True)


def _paid_and_coloured(action: Action, fish: int, buying: bool) -> Verdict:
    """Cards chosen to keep: they cost at most ``fish``, and each public lesson that asks for a
    colour has one (no other card has)."""
    if sum(CARDS[c].cost for c in action.cards) > fish:
        return Reason("CANNOT_AFFORD", f"those cards cost more than your {fish} fish")
    colours = action.colors or (None,) * len(action.cards)
    detail = "a public lesson that asks for a colour takes one; others none"
    for card_id, colour in zip(action.cards, colours, strict=True):
        if asks_colour(card_id) != (colour in COLORS):
            return Reason("COLOR_REQUIRED" if buying else "INVALID_CHOICE", detail)
    return None


def _rescue_cards(state: IsleState, action: Action) -> Verdict:
    rescue = [c for c in state.players[action.seat].hand if CARDS[c].type == RESCUE]
    if not _distinct_among(action.cards, rescue):
        return Reason("NOT_A_RESCUE_CARD", "choose rescue cards from your hand")
    return None


def _distinct_among(chosen: tuple[int, ...], offered: Collection[int]) -> bool:
    return len(set(chosen)) == len(chosen) and set(chosen) <= set(offered)


# --- turns ------------------------------------------------------------------------------------


def _pass_or_end(state: IsleState, action: Action) -> Verdict:
    if action == rules.pass_or_end(state, action.seat):
        return None
    if action.kind == A.END_TURN:
        return Reason("NO_EXTRA_RESCUE", "end_turn closes a turn with an extra rescue")
    return Reason("FINISH_EXTRA_RESCUE", "after an extra rescue, end_turn (passing is later)")


def _rescue(state: IsleState, action: Action) -> Verdict:
    if state.phase != RESCUE_PHASE:
        return Reason("WRONG_PHASE", "cats are rescued in the rescue phase")
    p = state.players[action.seat]
    missing = _rescued_cat(state, action)
    if missing is not None:
        return missing
    if p.baskets < 1:
        return Reason("NO_BASKET", "you have no basket left today")
    cost = FIELD_COST[action.field]
    if p.fish < cost:
        return Reason("CANNOT_AFFORD", f"a cat in the {action.field} field costs {cost} fish")
    return _placed(state, action, p.anywhere > 0)


def _rescued_cat(state: IsleState, action: Action) -> Verdict:
    """The cat is in the field, and the piece placed is that cat."""
    if action.field not in FIELDS or action.tile not in state.fields[action.field]:
        return Reason("NOT_IN_FIELD", f"{action.tile} is not in the {action.field} field")
    color, shape = parse_cat_key(action.tile)
    piece = action.piece
    if piece is None or (piece.kind, piece.shape, piece.color) != (CAT, shape, color):
        return Reason("INVALID_CHOICE", "that piece is not available")
    return None


def _placed(state: IsleState, action: Action, anywhere: bool) -> Verdict:
    assert action.piece is not None  # a rescue and a placement name their piece
    problem = state.players[action.seat].boat.placement_problem(action.piece.mask, anywhere)
    return None if problem is None else Reason(*problem)


def _play(state: IsleState, action: Action) -> Verdict:
    card_id = action.cards[0] if action.cards else -1
    if card_id not in state.players[action.seat].hand:
        return Reason("NOT_IN_HAND", f"card {card_id} is not in your hand")
    kind = CARDS[card_id].type
    if kind in (OSHAX_CARD, TREASURE) and state.phase != RARE_FINDS:
        return Reason("WRONG_PHASE", "Oshax and treasure cards are played in the rare finds phase")
    if kind not in (OSHAX_CARD, TREASURE, ANYTIME):
        return Reason("NOT_PLAYABLE", f"card {card_id} is a {kind} card")
    return _option(state, action)


def _fish_play(state: IsleState, action: Action) -> Verdict:
    card_id = action.cards[0]
    if card_id not in state.players[action.seat].hand:
        return Reason("NOT_IN_HAND", f"card {card_id} is not in your hand")
    if not gains_fish(card_id):
        return Reason("WRONG_PHASE", "while buying, only an anytime card that gains fish is played")
    return _option(state, action)


def _option(state: IsleState, action: Action) -> Verdict:
    """The way a held card is played: one of its options now, or a list it may take."""
    card_id = action.cards[0]
    if card_id in LISTED_OPTIONS:
        allowed = listed_option(state, action.seat, card_id)
        items = action.option.split(",") if action.option else []
        if (
            allowed is not None
            and _sub_multiset(items, allowed.values)
            and allowed.minimum <= len(items) <= allowed.maximum
        ):
            return None
    elif action.option in play_options(state, action.seat, card_id):
        return None
    return Reason("CANNOT_PLAY", f"card {card_id} cannot be played with {shown(action.option)} now")


def _sub_multiset(items: list[str], offered: tuple[str, ...]) -> bool:
    return not Counter(items) - Counter(offered)


# --- the family game --------------------------------------------------------------------------


def _family_move(state: IsleState, action: Action) -> Verdict:
    """The family game: keep 2 of the 3 family cards, then rescue a cat for free or pass."""
    kind = action.kind
    if state.phase == DRAFT:
        if kind != A.DRAFT:
            return Reason("WRONG_PHASE", "each player first keeps 2 of their 3 family cards")
        return _draft(state, action)
    if kind == A.PASS:
        return None
    if kind == A.RESCUE:
        return _rescued_cat(state, action) or _placed(state, action, False)
    if kind in (A.PLACE, A.SKIP):
        return Reason("NO_TASK", "nothing is waiting to be placed")
    if kind == A.DRAFT:
        return Reason("WRONG_PHASE", f"the game is in the {state.phase} phase")
    return Reason(
        "NOT_IN_FAMILY_GAME",
        "the family game has no fish, baskets or discovery cards: rescue a cat or pass",
    )


# --- tasks ------------------------------------------------------------------------------------

_EXPECTED = {PLACE_TASK: A.PLACE, KEEP_TASK: A.KEEP, FIELDS_TASK: A.SEND}
"""The action each kind of task waits for."""


def _task(state: IsleState, task: Task, action: Action) -> Verdict:
    expected = _EXPECTED[task.kind]
    if action.kind != expected and not (action.kind == A.SKIP and task.kind == PLACE_TASK):
        if is_family(state):
            return Reason("TASK_PENDING", "first place the treasure the map earned (or skip)")
        return Reason("TASK_PENDING", f"first resolve the pending {task.kind} ({expected})")
    if task.kind == KEEP_TASK:
        if not _distinct_among(action.cards, list(task.cards)):
            return Reason("INVALID_CHOICE", "keep only cards the card drew, each once")
        return _paid_and_coloured(action, state.players[action.seat].fish, buying=False)
    if task.kind == FIELDS_TASK:
        if len(action.items) != len(task.tiles) or not set(action.items) <= set(FIELDS):
            return Reason("INVALID_CHOICE", f"name a field for each of {listing(task.tiles)}")
        return None
    return _place(state, task, action)


def _place(state: IsleState, task: Task, action: Action) -> Verdict:
    p = state.players[action.seat]
    anywhere = p.anywhere > 0 and not is_family(state)
    pieces = task_pieces(state, task)
    if action.kind == A.SKIP:
        if task.optional or not any(
            p.boat.fits(_shape(kind, shape), anywhere) for kind, shape, _ in pieces
        ):
            return None
        return Reason("MUST_PLACE", "this piece must be placed: it fits on the boat")
    assert action.piece is not None
    piece = action.piece
    if (piece.kind, piece.shape, piece.color) not in pieces:
        if is_family(state):
            return Reason(
                "WRONG_PIECE", "the map earns a common treasure left or a rare one below the island"
            )
        if (piece.kind, piece.shape) in {(kind, shape) for kind, shape, _ in pieces}:
            return Reason("WRONG_PIECE", f"the pending {task.piece_kind} is {task.color}")
        return Reason("WRONG_PIECE", f"the pending piece is a {task.piece_kind}")
    return _placed(state, action, anywhere)


def _shape(kind: str, shape: int | str) -> ShapeDef:
    found = shape_def(kind, shape)
    assert found is not None  # a task's pieces are the catalogue's
    return found
