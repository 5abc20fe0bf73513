"""The day of The Isle of Cats, in all three modes: who acts and what doing it changes.

``apply`` assumes the action is legal (the game object checks first, with
:mod:`engines.isle_of_cats.checks`), changes a clone of the state and then lets the table run on:
seeded draws, revealing simultaneous decisions once everyone has decided, ending phases and days.
What the standard, solo and family games do differently is read from their
:class:`~engines.isle_of_cats.modes.Mode`; the sister's turns are
:mod:`engines.isle_of_cats.solo_rules`', the cards played :mod:`engines.isle_of_cats.plays`', the
simultaneous decisions revealed :mod:`engines.isle_of_cats.decisions`'.
"""

from __future__ import annotations

from collections.abc import Callable

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
    IsleState,
    PlayerState,
    Task,
)
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE
from engines.isle_of_cats.supply import ALL_COMMONS, commons_left, treasure_shapes

# --- who acts --------------------------------------------------------------------------------


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
    new = state.clone()
    events: list[Event] = []
    _HANDLERS[action.kind](new, action, events)
    _run_on(new, events)
    return new, events


def _decide(state: IsleState, action: Action, events: list[Event]) -> None:
    """A draft pick, a purchase or rescue cards chosen: held until everyone has decided."""
    state.players[action.seat].decision = action.cards
    if action.kind == A.BUY:
        state.players[action.seat].decision_colors = action.colors
    events.append({"type": "decided", "player": state.name(action.seat), "phase": state.phase})


def _rescue(state: IsleState, action: Action, events: list[Event]) -> None:
    player = state.players[action.seat]
    assert action.piece is not None
    cost = 0
    if mode_of(state).pays_for_rescue:
        cost = FIELD_COST[action.field]
        player.fish -= cost
        _use_basket(player)
    state.fields[action.field].remove(action.tile)
    events.append(
        {
            "type": "cat_rescued",
            "player": state.name(action.seat),
            "field": action.field,
            "piece": action.piece.to_json(),
            "fish_paid": cost,
        }
    )
    _put(state, action.seat, action.piece, events)
    if player.extra_rescues:
        player.extra_rescues -= 1
        player.bonus_turn = True
    else:
        player.bonus_turn = False
        _next_turn(state)


def _use_basket(player: PlayerState) -> None:
    """A rescue card's basket first, then two halves, then a permanent basket."""
    if player.card_baskets:
        player.card_baskets -= 1
    elif player.half_baskets >= 2:
        player.half_baskets -= 2
    else:
        player.baskets_used += 1


def _put(state: IsleState, seat: int, piece: Piece, events: list[Event]) -> None:
    """Place a piece: the "place anywhere" card is used up, a matching map earns a treasure."""
    player = state.players[seat]
    if player.anywhere:
        player.anywhere -= 1
    player.boat = player.boat.with_piece(piece)
    if player.boat.map_bonus(piece):
        task = _map_task(state, seat)
        if task is not None:
            events.append(
                {"type": "treasure_map", "player": state.name(seat), "color": piece.color}
            )
            state.tasks.insert(0, task)


def _map_task(state: IsleState, seat: int) -> Task | None:
    """The treasure a matching map earns, when one is left: a common treasure of the supply
    (the family game: a common one or a rare one below the island)."""
    if mode_of(state).map_source == MAP_SOURCE:
        found = treasure_shapes(state)
        return Task(PLACE_TASK, seat, optional=True, source=MAP_SOURCE) if found else None
    if not commons_left(state, ALL_COMMONS):
        return None
    return Task(PLACE_TASK, seat, COMMON, ALL_COMMONS, optional=True, source="supply")


def _place(state: IsleState, action: Action, events: list[Event]) -> None:
    task = state.tasks.pop(0)
    assert action.piece is not None
    piece = action.piece
    if task.source == "supply" or (task.source == MAP_SOURCE and piece.kind == COMMON):
        state.commons[int(piece.shape)] -= 1
    elif task.source in ("pool", MAP_SOURCE):
        state.rare_pool.remove(str(piece.shape))
    elif task.source == "oshax":
        state.oshax.remove(int(piece.shape))
    events.append(
        {"type": "piece_placed", "player": state.name(action.seat), "piece": piece.to_json()}
    )
    _put(state, action.seat, piece, events)


def _skip(state: IsleState, action: Action, events: list[Event]) -> None:
    task = state.tasks.pop(0)
    if task.source == "bag":
        state.gone.extend(task.tiles)
    events.append(
        {"type": "piece_skipped", "player": state.name(action.seat), "kind": task.piece_kind}
    )


def _pass(state: IsleState, action: Action, events: list[Event]) -> None:
    state.players[action.seat].passed = True
    events.append({"type": "passed", "player": state.name(action.seat), "phase": state.phase})
    _next_turn(state)


def _end_turn(state: IsleState, action: Action, events: list[Event]) -> None:
    state.players[action.seat].bonus_turn = False
    _next_turn(state)


def _next_turn(state: IsleState) -> None:
    n = len(state.order)
    for step in range(1, n + 1):
        i = (state.current + step) % n
        if not state.players[state.order[i]].passed:
            state.current = i
            break
    else:
        state.current = -1  # everyone has passed: the phase ends in _run_on
    if state.solo is not None:
        solo_rules.after_turn(state)


def _play(state: IsleState, action: Action, events: list[Event]) -> None:
    card_id = action.cards[0]
    state.players[action.seat].hand.remove(card_id)
    state.discard.append(card_id)
    events.append(played_event(state, action.seat, card_id, action.option))
    resolve(state, action.seat, card_id, action.option)
    if CARDS[card_id].type in (OSHAX_CARD, TREASURE):
        _next_turn(state)  # a rare find is the turn; an anytime card is played on the way


def _keep(state: IsleState, action: Action, events: list[Event]) -> None:
    task = state.tasks.pop(0)
    take_cards(state, action.seat, action.cards, action.colors, events)
    state.discard.extend(card_id for card_id in task.cards if card_id not in action.cards)


def _send(state: IsleState, action: Action, events: list[Event]) -> None:
    task = state.tasks.pop(0)
    for tile, field in zip(task.tiles, action.items, strict=True):
        state.fields[field].append(tile)
    events.append(
        {
            "type": "cats_to_fields",
            "player": state.name(action.seat),
            "cats": dict(zip(task.tiles, action.items, strict=True)),
        }
    )


_HANDLERS: dict[str, Callable[[IsleState, Action, list[Event]], None]] = {
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


def _run_on(state: IsleState, events: list[Event]) -> None:
    """Everything that follows without a decision: draws, reveals, phase and day ends."""
    mode = mode_of(state)
    while True:
        if state.phase == DEAL and not mode.deals_daily and state.day > 1:
            _start_turns(state, RESCUE_PHASE)  # the family cards are dealt once, before day 1
            continue
        if state.seeded and seeded_draw(state, events):
            continue
        if state.solo is not None:
            solo_rules.sync_cat_order(state)
        if state.tasks or chance_due(state):
            return
        if state.solo is not None and solo_rules.run_on(state, events):
            continue
        if not _phase_over(state, mode, events):
            return


def _phase_over(state: IsleState, mode: Mode, events: list[Event]) -> bool:
    """End the phase if nobody has anything left to do in it; False when somebody has."""
    if state.phase in SIMULTANEOUS:
        for seat in range(len(state.players)):
            if state.players[seat].decision is None and not _deciding(state, seat):
                state.players[seat].decision = ()
        if any(player.decision is None for player in state.players):
            return False
        _reveal(state, mode, events)
        return True
    if state.phase == RESCUE_PHASE:
        if state.current >= 0 and (state.fields["left"] or state.fields["right"]):
            return False
        if mode.rare_finds:
            _end_rescue(state, events)
        else:
            _end_day(state, mode, events)
        return True
    if state.phase == RARE_FINDS:
        if state.current >= 0:
            return False
        _end_day(state, mode, events)
        return True
    return False


def _reveal(state: IsleState, mode: Mode, events: list[Event]) -> None:
    phase = state.phase
    decisions = [player.decision or () for player in state.players]
    for player in state.players:
        player.decision = None
    if phase == DRAFT and state.solo is not None:
        solo_rules.draft_reveal(state, decisions[0], events)
    elif phase == DRAFT and mode.after_draft == RESCUE_PHASE:
        _keep_lessons(state, decisions, events)
    elif phase == DRAFT:
        pass_hands(state, decisions, events)
    elif phase == BUY:
        bought(state, decisions, events)
    else:
        rescue_cards_revealed(state, decisions, events)


def _keep_lessons(state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> None:
    """The family game: each player keeps the 2 cards chosen as private lessons; the third is
    discarded face down."""
    for player, kept in zip(state.players, decisions, strict=True):
        player.private_lessons.extend(kept)
        state.discard.extend(card_id for card_id in player.draft_hand if card_id not in kept)
        player.draft_hand = []
    events.append({"type": "lessons_kept", "each": len(state.players[0].private_lessons)})
    _start_turns(state, RESCUE_PHASE)


def _start_turns(state: IsleState, phase: str) -> None:
    state.phase = phase
    state.current = 0
    for player in state.players:
        player.passed = False


def _end_rescue(state: IsleState, events: list[Event]) -> None:
    if state.solo is not None:
        solo_rules.end_rescue(state, events)
    for player in state.players:
        state.discard.extend(player.rescue_cards)
        player.rescue_cards = []
        player.card_baskets = player.half_baskets = player.speed = 0
        player.passed = False
        player.bonus_turn = False
    events.append({"type": "rescue_over"})
    state.phase = RARE_FINDS
    state.current = 0


def _end_day(state: IsleState, mode: Mode, events: list[Event]) -> None:
    """Night: the cats left flee; Vesh's boat advances (after day 5 the game ends)."""
    state.gone.extend(state.fields["left"] + state.fields["right"])
    state.fields = {"left": [], "right": []}
    if state.solo is not None:
        solo_rules.end_day(state, events)
    for player in state.players:
        player.baskets_used = 0
        player.passed = False
    events.append({"type": "day_over", "day": state.day})
    if state.day >= DAYS:  # Vesh's boat reaches the hand: the game ends
        state.phase = FINISHED
        state.current = 0
        return
    state.day += 1
    if mode.rotates_order:  # the first player on the island becomes the last
        state.order = state.order[1:] + state.order[:1]
        events.append({"type": "turn_order", "turn_order": [state.name(i) for i in state.order]})
    start_day(state, events)


def start_day(state: IsleState, events: list[Event]) -> None:
    fish = mode_of(state).fish_per_day
    for player in state.players:
        player.fish += fish
    events.append({"type": "day_started", "day": state.day, **({"fish": fish} if fish else {})})
    state.phase = FILL
    state.current = 0
    _run_on(state, events)


def start_game(state: IsleState, events: list[Event]) -> None:
    """Day 1; the family game has no baskets and no Oshax."""
    if not mode_of(state).pays_for_rescue:
        for player in state.players:
            player.permanent_baskets = 0
        state.oshax = []
    start_day(state, events)
