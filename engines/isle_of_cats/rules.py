"""The day of The Isle of Cats, in all three modes: who acts and what doing it changes.

``apply`` assumes the action is legal (the game object checks first, with
:mod:`engines.isle_of_cats.checks`), builds the state it leads to (a new value: its input is never
changed) and then lets the table run on:
seeded draws, revealing simultaneous decisions once everyone has decided, ending phases and days.
What the standard, solo and family games do differently is read from their
:class:`~engines.isle_of_cats.modes.Mode`; the sister's turns are
:mod:`engines.isle_of_cats.solo_rules`', the cards played :mod:`engines.isle_of_cats.plays`', the
simultaneous decisions revealed :mod:`engines.isle_of_cats.decisions`'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engines.core.protocol import Event
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.actions import CHANCE_SEAT, Action
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import (
    CARDS,
    COMMON,
    DAYS,
    FIELD_COST,
    FIELDS,
    OSHAX_CARD,
    RESCUE,
    TREASURE,
)
from engines.isle_of_cats.decisions import bought, pass_hands, rescue_cards_revealed, take_cards
from engines.isle_of_cats.draws import apply_draw, chance_due, seeded_draw
from engines.isle_of_cats.modes import MAP_SOURCE, Mode, mode_of
from engines.isle_of_cats.plays import played_event, resolve
from engines.isle_of_cats.state import (
    BUY,
    DEAL,
    DRAFT,
    FILL,
    FINISHED,
    PLACE_TASK,
    RARE_FINDS,
    SIMULTANEOUS,
    TURNS,
    Fields,
    IsleState,
    PlayerState,
    Task,
    copy_with,
    less_one,
    with_player,
)
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE
from engines.isle_of_cats.supply import ALL_COMMONS, commons_left, treasure_shapes

T = TypeVar("T")

# --- who acts --------------------------------------------------------------------------------


def movers(state: IsleState) -> list[int]:
    """The seats that must act now; ``[CHANCE_SEAT]`` while a draw is due; ``[]`` at the end.

    Worked out once per state (asked about seven times a ply: 860 of a game's 1,004 were
    repeats, 2.5 % of a whole game's instructions)."""
    found: tuple[int, ...] | None = state.memo.get("movers")
    if found is None:
        found = state.memo["movers"] = tuple(_movers(state))
    return list(found)


def _movers(state: IsleState) -> list[int]:
    if chance_due(state):
        return [CHANCE_SEAT]
    if state.tasks:
        return [state.tasks[0].seat]
    if state.phase in SIMULTANEOUS:
        return [
            seat
            for seat, player in enumerate(state.players)
            if player.decision is None and _deciding(state, seat)
        ]
    if state.phase in TURNS:
        return [state.mover()]
    return []


def _deciding(state: IsleState, seat: int) -> bool:
    player = state.players[seat]
    if state.phase == DRAFT:
        return bool(player.draft_hand)
    if state.phase == BUY:
        return bool(player.kept)
    return any(CARDS[card_id].type == RESCUE for card_id in player.hand)


def pass_or_end(state: IsleState, seat: int) -> Action:
    """A turn's way out: pass, or end the turn of an extra rescue."""
    return Action(A.END_TURN if state.players[seat].bonus_turn else A.PASS, seat)


def rescuable(state: IsleState, seat: int) -> list[tuple[str, str]]:
    """The (field, cat) pairs ``seat`` may rescue now, in listing order: any cat where rescues
    are free (the family game), else with a basket left and the field's fish."""
    player = state.players[seat]
    if not mode_of(state).pays_for_rescue:
        return [(field, tile) for field in FIELDS for tile in sorted(set(state.fields[field]))]
    if player.baskets < 1:
        return []
    return [
        (field, tile)
        for field in FIELDS
        if player.fish >= FIELD_COST[field]
        for tile in sorted(set(state.fields[field]))
    ]


# --- apply ------------------------------------------------------------------------------------


def apply(state: IsleState, action: Action) -> tuple[IsleState, list[Event]]:
    events: list[Event] = []
    new = _HANDLERS[action.kind](state, action, events)
    return _run_on(new, events), events


def _decide(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    """A draft pick, a purchase or rescue cards chosen: held until everyone has decided."""
    events.append({"type": "decided", "player": state.name(action.seat), "phase": state.phase})
    if action.kind == A.BUY:
        return with_player(state, action.seat, decision=action.cards, decision_colors=action.colors)
    return with_player(state, action.seat, decision=action.cards)


def _rescue(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    player = state.players[action.seat]
    assert action.piece is not None
    cost = 0
    # An extra-rescue card played makes this turn go on with another rescue.
    changes: dict[str, Any] = {"bonus_turn": bool(player.extra_rescues)}
    if player.extra_rescues:
        changes["extra_rescues"] = player.extra_rescues - 1
    if mode_of(state).pays_for_rescue:
        cost = FIELD_COST[action.field]
        changes.update(fish=player.fish - cost, **_basket_used(player))
    field = list(state.fields[action.field])
    field.remove(action.tile)
    events.append(
        {
            "type": "cat_rescued",
            "player": state.name(action.seat),
            "field": action.field,
            "piece": action.piece.to_json(),
            "fish_paid": cost,
        }
    )
    state = with_player(state, action.seat, **changes)
    state = copy_with(state, fields=state.fields.with_tiles(action.field, tuple(field)))
    state = _put(state, action.seat, action.piece, events)
    return state if changes["bonus_turn"] else _next_turn(state)


def _basket_used(player: PlayerState) -> dict[str, int]:
    """The change a basket used makes: a rescue card's basket first, then two halves, then a
    permanent basket."""
    if player.card_baskets:
        return {"card_baskets": player.card_baskets - 1}
    if player.half_baskets >= 2:
        return {"half_baskets": player.half_baskets - 2}
    return {"baskets_used": player.baskets_used + 1}


def _put(state: IsleState, seat: int, piece: Piece, events: list[Event]) -> IsleState:
    """Place a piece: the "place anywhere" card is used up, a matching map earns a treasure."""
    player = state.players[seat]
    boat = player.boat.with_piece(piece)
    anywhere = player.anywhere - 1 if player.anywhere else player.anywhere  # used up by this piece
    state = with_player(state, seat, boat=boat, anywhere=anywhere)
    if not boat.map_bonus(piece):
        return state
    task = _map_task(state, seat)
    if task is None:
        return state
    events.append({"type": "treasure_map", "player": state.name(seat), "color": piece.color})
    return copy_with(state, tasks=(task, *state.tasks))


def _map_task(state: IsleState, seat: int) -> Task | None:
    """The treasure a matching map earns, when one is left: a common treasure of the supply
    (the family game: a common one or a rare one below the island)."""
    if mode_of(state).map_source == MAP_SOURCE:
        found = treasure_shapes(state)
        return Task(PLACE_TASK, seat, optional=True, source=MAP_SOURCE) if found else None
    if not commons_left(state, ALL_COMMONS):
        return None
    return Task(PLACE_TASK, seat, COMMON, ALL_COMMONS, optional=True, source="supply")


def _place(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    task = state.tasks[0]
    assert action.piece is not None
    piece = action.piece
    state = copy_with(state, tasks=state.tasks[1:])
    if task.source == "supply" or (task.source == MAP_SOURCE and piece.kind == COMMON):
        state = copy_with(state, commons=less_one(state.commons, int(piece.shape)))
    elif task.source in ("pool", MAP_SOURCE):
        state = copy_with(state, rare_pool=_without(state.rare_pool, str(piece.shape)))
    elif task.source == "oshax":
        state = copy_with(state, oshax=_without(state.oshax, int(piece.shape)))
    events.append(
        {"type": "piece_placed", "player": state.name(action.seat), "piece": piece.to_json()}
    )
    return _put(state, action.seat, piece, events)


def _skip(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    task = state.tasks[0]
    events.append(
        {"type": "piece_skipped", "player": state.name(action.seat), "kind": task.piece_kind}
    )
    # A tile drawn from the bag and not placed leaves the game; no other task holds a tile.
    return copy_with(state, tasks=state.tasks[1:], gone=(*state.gone, *task.tiles))


def _pass(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    events.append({"type": "passed", "player": state.name(action.seat), "phase": state.phase})
    return _next_turn(with_player(state, action.seat, passed=True))


def _end_turn(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    return _next_turn(with_player(state, action.seat, bonus_turn=False))


def _next_turn(state: IsleState) -> IsleState:
    n = len(state.order)
    current = -1  # everyone has passed: the phase ends in _run_on
    for step in range(1, n + 1):
        i = (state.current + step) % n
        if not state.players[state.order[i]].passed:
            current = i
            break
    state = copy_with(state, current=current)
    return state if state.solo is None else solo_rules.after_turn(state)


def _play(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    card_id = action.cards[0]
    hand = _without(state.players[action.seat].hand, card_id)
    state = copy_with(with_player(state, action.seat, hand=hand), discard=(*state.discard, card_id))
    events.append(played_event(state, action.seat, card_id, action.option))
    state = resolve(state, action.seat, card_id, action.option)
    if CARDS[card_id].type in (OSHAX_CARD, TREASURE):
        return _next_turn(state)  # a rare find is the turn; an anytime card is played on the way
    return state


def _keep(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    task = state.tasks[0]
    state = copy_with(state, tasks=state.tasks[1:])
    state = take_cards(state, action.seat, action.cards, action.colors, events)
    left = tuple(card_id for card_id in task.cards if card_id not in action.cards)
    return copy_with(state, discard=state.discard + left)


def _send(state: IsleState, action: Action, events: list[Event]) -> IsleState:
    task = state.tasks[0]
    fields = state.fields
    for tile, field in zip(task.tiles, action.items, strict=True):
        fields = fields.with_tiles(field, (*fields[field], tile))
    events.append(
        {
            "type": "cats_to_fields",
            "player": state.name(action.seat),
            "cats": dict(zip(task.tiles, action.items, strict=True)),
        }
    )
    return copy_with(state, tasks=state.tasks[1:], fields=fields)


def _without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` less the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


_HANDLERS: dict[str, Callable[[IsleState, Action, list[Event]], IsleState]] = {
    A.DRAFT: _decide,
    A.BUY: _decide,
    A.RESCUE_CARDS: _decide,
    A.RESCUE: _rescue,
    A.PLACE: _place,
    A.SKIP: _skip,
    A.PASS: _pass,
    A.END_TURN: _end_turn,
    A.PLAY: _play,
    A.KEEP: _keep,
    A.SEND: _send,
    A.DRAW: apply_draw,
}

# --- the table runs on ------------------------------------------------------------------------


def _run_on(state: IsleState, events: list[Event]) -> IsleState:
    """Everything that follows without a decision: draws, reveals, phase and day ends."""
    mode = mode_of(state)
    while True:
        if state.phase == DEAL and not mode.deals_daily and state.day > 1:
            # The family cards are dealt once, before day 1.
            state = _start_turns(state, RESCUE_PHASE)
            continue
        if state.seeded:
            drawn = seeded_draw(state, events)
            if drawn is not None:
                state = drawn
                continue
        if state.solo is not None:
            state = solo_rules.sync_cat_order(state)
        if state.tasks or chance_due(state):
            return state
        if state.solo is not None:
            ran = solo_rules.run_on(state, events)
            if ran is not None:
                state = ran
                continue
        over = _phase_over(state, mode, events)
        if over is None:
            return state
        state = over


def _phase_over(state: IsleState, mode: Mode, events: list[Event]) -> IsleState | None:
    """The state once the phase has ended, if nobody has anything left to do in it; else None."""
    if state.phase in SIMULTANEOUS:
        players = tuple(
            copy_with(player, decision=())
            if player.decision is None and not _deciding(state, seat)
            else player
            for seat, player in enumerate(state.players)
        )
        if any(player.decision is None for player in players):
            # Those with nothing to decide have decided nothing; the table runs on once more
            # with them, and then waits for the others.
            return None if players == state.players else copy_with(state, players=players)
        return _reveal(copy_with(state, players=players), mode, events)
    if state.phase == RESCUE_PHASE:
        if state.current >= 0 and (state.fields.left or state.fields.right):
            return None
        return _end_rescue(state, events) if mode.rare_finds else _end_day(state, mode, events)
    if state.phase == RARE_FINDS:
        return None if state.current >= 0 else _end_day(state, mode, events)
    return None


def _reveal(state: IsleState, mode: Mode, events: list[Event]) -> IsleState:
    decisions = [player.decision or () for player in state.players]
    phase = state.phase
    state = copy_with(state, players=tuple(copy_with(p, decision=None) for p in state.players))
    if phase == DRAFT and state.solo is not None:
        return solo_rules.draft_reveal(state, decisions[0], events)
    if phase == DRAFT and mode.after_draft == RESCUE_PHASE:
        return _keep_lessons(state, decisions, events)
    if phase == DRAFT:
        return pass_hands(state, decisions, events)
    if phase == BUY:
        return bought(state, decisions, events)
    return rescue_cards_revealed(state, decisions, events)


def _keep_lessons(
    state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]
) -> IsleState:
    """The family game: each player keeps the 2 cards chosen as private lessons; the third is
    discarded face down."""
    discard = list(state.discard)
    players = []
    for player, kept in zip(state.players, decisions, strict=True):
        discard.extend(card_id for card_id in player.draft_hand if card_id not in kept)
        players.append(
            copy_with(player, private_lessons=player.private_lessons + kept, draft_hand=())
        )
    events.append({"type": "lessons_kept", "each": len(players[0].private_lessons)})
    state = copy_with(state, players=tuple(players), discard=tuple(discard))
    return _start_turns(state, RESCUE_PHASE)


def _start_turns(state: IsleState, phase: str) -> IsleState:
    players = tuple(copy_with(player, passed=False) for player in state.players)
    return copy_with(state, phase=phase, current=0, players=players)


def _end_rescue(state: IsleState, events: list[Event]) -> IsleState:
    if state.solo is not None:
        state = solo_rules.end_rescue(state, events)
    discard = state.discard + tuple(c for player in state.players for c in player.rescue_cards)
    players = tuple(
        copy_with(
            player,
            rescue_cards=(),
            card_baskets=0,
            half_baskets=0,
            speed=0,
            passed=False,
            bonus_turn=False,
        )
        for player in state.players
    )
    events.append({"type": "rescue_over"})
    return copy_with(state, players=players, discard=discard, phase=RARE_FINDS, current=0)


def _end_day(state: IsleState, mode: Mode, events: list[Event]) -> IsleState:
    """Night: the cats left flee; Vesh's boat advances (after day 5 the game ends)."""
    gone = state.gone + state.fields.left + state.fields.right
    state = copy_with(state, gone=gone, fields=Fields())
    if state.solo is not None:
        state = solo_rules.end_day(state, events)
    players = tuple(copy_with(player, baskets_used=0, passed=False) for player in state.players)
    state = copy_with(state, players=players)
    events.append({"type": "day_over", "day": state.day})
    if state.day >= DAYS:  # Vesh's boat reaches the hand: the game ends
        return copy_with(state, phase=FINISHED, current=0)
    state = copy_with(state, day=state.day + 1)
    if mode.rotates_order:  # the first player on the island becomes the last
        state = copy_with(state, order=state.order[1:] + state.order[:1])
        events.append({"type": "turn_order", "turn_order": [state.name(i) for i in state.order]})
    return start_day(state, events)


def start_day(state: IsleState, events: list[Event]) -> IsleState:
    fish = mode_of(state).fish_per_day
    players = tuple(copy_with(player, fish=player.fish + fish) for player in state.players)
    events.append({"type": "day_started", "day": state.day, **({"fish": fish} if fish else {})})
    return _run_on(copy_with(state, players=players, phase=FILL, current=0), events)


def start_game(state: IsleState, events: list[Event]) -> IsleState:
    """Day 1; the family game has no baskets and no Oshax."""
    if not mode_of(state).pays_for_rescue:
        players = tuple(copy_with(player, permanent_baskets=0) for player in state.players)
        state = copy_with(state, players=players, oshax=())
    return start_day(state, events)
