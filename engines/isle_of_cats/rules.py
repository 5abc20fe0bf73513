"""The day of The Isle of Cats, in all three modes: who acts and what doing it changes.

``apply`` assumes the action is legal (the game object checks first, with
:mod:`engines.isle_of_cats.checks`), changes a clone of the state and then lets the table run on:
seeded draws, revealing simultaneous decisions once everyone has decided, ending phases and days.
What the standard, solo and family games do differently is read from their
:class:`~engines.isle_of_cats.modes.Mode`; the sister's turns are
:mod:`engines.isle_of_cats.solo_rules`', the cards played :mod:`engines.isle_of_cats.plays`'.
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
from engines.isle_of_cats.draws import apply_draw, chance_due, seeded_draw
from engines.isle_of_cats.effects import Rescue
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
    RESCUE_CARDS,
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


def pass_or_end(state: IsleState, seat: int) -> Action:
    """A turn's way out: pass, or end the turn of an extra rescue."""
    return Action(A.END_TURN if state.players[seat].bonus_turn else A.PASS, seat)


def rescuable(state: IsleState, seat: int) -> list[tuple[str, str]]:
    """The (field, cat) pairs ``seat`` may rescue now, in listing order: any cat where rescues
    are free (the family game), else with a basket left and the field's fish."""
    p = state.players[seat]
    if not mode_of(state).pays_for_rescue:
        return [(f, tile) for f in FIELDS for tile in sorted(set(state.fields[f]))]
    if p.baskets < 1:
        return []
    return [
        (field, tile)
        for field in FIELDS
        if p.fish >= FIELD_COST[field]
        for tile in sorted(set(state.fields[field]))
    ]


# --- apply ------------------------------------------------------------------------------------


def apply(state: IsleState, action: Action) -> tuple[IsleState, list[Event]]:
    s = state.clone()
    events: list[Event] = []
    _HANDLERS[action.kind](s, action, events)
    _run_on(s, events)
    return s, events


def _decide(s: IsleState, a: Action, events: list[Event]) -> None:
    """A draft pick, a purchase or rescue cards chosen: held until everyone has decided."""
    s.players[a.seat].decision = a.cards
    if a.kind == A.BUY:
        s.players[a.seat].decision_colors = a.colors
    events.append({"type": "decided", "player": s.name(a.seat), "phase": s.phase})


def _rescue(s: IsleState, a: Action, events: list[Event]) -> None:
    p = s.players[a.seat]
    assert a.piece is not None
    cost = 0
    if mode_of(s).pays_for_rescue:
        cost = FIELD_COST[a.field]
        p.fish -= cost
        _use_basket(p)
    s.fields[a.field].remove(a.tile)
    events.append(
        {
            "type": "cat_rescued",
            "player": s.name(a.seat),
            "field": a.field,
            "piece": a.piece.to_json(),
            "fish_paid": cost,
        }
    )
    _put(s, a.seat, a.piece, events)
    if p.extra_rescues:
        p.extra_rescues -= 1
        p.bonus_turn = True
    else:
        p.bonus_turn = False
        _next_turn(s)


def _use_basket(p: PlayerState) -> None:
    """A rescue card's basket first, then two halves, then a permanent basket."""
    if p.card_baskets:
        p.card_baskets -= 1
    elif p.half_baskets >= 2:
        p.half_baskets -= 2
    else:
        p.baskets_used += 1


def _put(s: IsleState, seat: int, piece: Piece, events: list[Event]) -> None:
    """Place a piece: the "place anywhere" card is used up, a matching map earns a treasure."""
    p = s.players[seat]
    if p.anywhere:
        p.anywhere -= 1
    p.boat = p.boat.with_piece(piece)
    if p.boat.map_bonus(piece):
        task = _map_task(s, seat)
        if task is not None:
            events.append({"type": "treasure_map", "player": s.name(seat), "color": piece.color})
            s.tasks.insert(0, task)


def _map_task(s: IsleState, seat: int) -> Task | None:
    """The treasure a matching map earns, when one is left: a common treasure of the supply
    (the family game: a common one or a rare one below the island)."""
    if mode_of(s).map_source == MAP_SOURCE:
        found = treasure_shapes(s)
        return Task(PLACE_TASK, seat, optional=True, source=MAP_SOURCE) if found else None
    if not commons_left(s, ALL_COMMONS):
        return None
    return Task(PLACE_TASK, seat, COMMON, ALL_COMMONS, optional=True, source="supply")


def _place(s: IsleState, a: Action, events: list[Event]) -> None:
    task = s.tasks.pop(0)
    assert a.piece is not None
    piece = a.piece
    if task.source == "supply" or (task.source == MAP_SOURCE and piece.kind == COMMON):
        s.commons[int(piece.shape)] -= 1
    elif task.source in ("pool", MAP_SOURCE):
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
    card_id = a.cards[0]
    s.players[a.seat].hand.remove(card_id)
    s.discard.append(card_id)
    events.append(played_event(s, a.seat, card_id, a.option))
    resolve(s, a.seat, card_id, a.option)
    if CARDS[card_id].type in (OSHAX_CARD, TREASURE):
        _next_turn(s)  # a rare find is the turn; an anytime card is played on the way


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
        lesson = CARDS[card_id].lesson
        if lesson is not None and not lesson.public:
            p.private_lessons.append(card_id)
        elif lesson is not None:
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


def _run_on(s: IsleState, events: list[Event]) -> None:
    """Everything that follows without a decision: draws, reveals, phase and day ends."""
    mode = mode_of(s)
    while True:
        if s.phase == DEAL and not mode.deals_daily and s.day > 1:
            _start_turns(s, RESCUE_PHASE)  # the family cards are dealt once, before day 1
            continue
        if s.seeded and seeded_draw(s, events):
            continue
        if s.solo is not None:
            solo_rules.sync_cat_order(s)
        if s.tasks or chance_due(s):
            return
        if s.solo is not None and solo_rules.run_on(s, events):
            continue
        if not _phase_over(s, mode, events):
            return


def _phase_over(s: IsleState, mode: Mode, events: list[Event]) -> bool:
    """End the phase if nobody has anything left to do in it; False when somebody has."""
    if s.phase in SIMULTANEOUS:
        for seat in range(len(s.players)):
            if s.players[seat].decision is None and not _deciding(s, seat):
                s.players[seat].decision = ()
        if any(p.decision is None for p in s.players):
            return False
        _reveal(s, mode, events)
        return True
    if s.phase == RESCUE_PHASE:
        if s.current >= 0 and (s.fields["left"] or s.fields["right"]):
            return False
        if mode.rare_finds:
            _end_rescue(s, events)
        else:
            _end_day(s, mode, events)
        return True
    if s.phase == RARE_FINDS:
        if s.current >= 0:
            return False
        _end_day(s, mode, events)
        return True
    return False


def _reveal(s: IsleState, mode: Mode, events: list[Event]) -> None:
    phase = s.phase
    decisions = [p.decision or () for p in s.players]
    for p in s.players:
        p.decision = None
    if phase == DRAFT and s.solo is not None:
        solo_rules.draft_reveal(s, decisions[0], events)
    elif phase == DRAFT and mode.after_draft == RESCUE_PHASE:
        _keep_lessons(s, decisions, events)
    elif phase == DRAFT:
        _pass_hands(s, decisions, events)
    elif phase == BUY:
        _bought(s, decisions, events)
    else:
        _rescue_cards_revealed(s, decisions, events)


def _pass_hands(s: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> None:
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


def _keep_lessons(s: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> None:
    """The family game: each player keeps the 2 cards chosen as private lessons; the third is
    discarded face down."""
    for p, kept in zip(s.players, decisions, strict=True):
        p.private_lessons.extend(kept)
        s.discard.extend(c for c in p.draft_hand if c not in kept)
        p.draft_hand = []
    events.append({"type": "lessons_kept", "each": len(s.players[0].private_lessons)})
    _start_turns(s, RESCUE_PHASE)


def _bought(s: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> None:
    for seat, p in enumerate(s.players):
        pick = decisions[seat]
        colors = p.decision_colors or (None,) * len(pick)
        p.decision_colors = ()
        _take_cards(s, seat, pick, colors, events)
        s.discard.extend(c for c in p.kept if c not in pick)
        p.kept = []
        events.append({"type": "bought", "player": s.name(seat), "count": len(pick)})
    s.phase = RESCUE_CARDS


def _rescue_cards_revealed(
    s: IsleState, decisions: list[tuple[int, ...]], events: list[Event]
) -> None:
    """Rescue cards are revealed at once; speed reorders the island, ties keep their order."""
    for p, pick in zip(s.players, decisions, strict=True):
        for c in pick:
            p.hand.remove(c)
        p.rescue_cards = list(pick)
        rescues = [CARDS[c].effect(Rescue) for c in pick]
        p.speed = sum(r.speed for r in rescues if r is not None)
        p.card_baskets = sum(r.whole_baskets for r in rescues if r is not None)
        p.half_baskets = sum(r.half_baskets for r in rescues if r is not None)
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


def _start_turns(s: IsleState, phase: str) -> None:
    s.phase = phase
    s.current = 0
    for p in s.players:
        p.passed = False


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


def _end_day(s: IsleState, mode: Mode, events: list[Event]) -> None:
    """Night: the cats left flee; Vesh's boat advances (after day 5 the game ends)."""
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
    if mode.rotates_order:  # the first player on the island becomes the last
        s.order = s.order[1:] + s.order[:1]
        events.append({"type": "turn_order", "turn_order": [s.name(i) for i in s.order]})
    start_day(s, events)


def start_day(s: IsleState, events: list[Event]) -> None:
    fish = mode_of(s).fish_per_day
    for p in s.players:
        p.fish += fish
    events.append({"type": "day_started", "day": s.day, **({"fish": fish} if fish else {})})
    s.phase = FILL
    s.current = 0
    _run_on(s, events)


def start_game(s: IsleState, events: list[Event]) -> None:
    """Day 1; the family game has no baskets and no Oshax."""
    if not mode_of(s).pays_for_rescue:
        for p in s.players:
            p.permanent_baskets = 0
        s.oshax = []
    start_day(s, events)
