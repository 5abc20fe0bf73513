"""The day of The Isle of Cats: who acts, what they may do, and what doing it changes.

``apply`` assumes the action is legal (the game object checks first, with
:mod:`engines.isle_of_cats.checks`), changes a clone of the state and then lets the table run on:
seeded draws, revealing simultaneous decisions once everyone has decided, ending phases and days.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core.errors import Reason
from engines.core.protocol import Event
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import solo_rules
from engines.isle_of_cats.actions import CHANCE_SEAT, Action
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import (
    ANYTIME,
    BAG_CONTENTS,
    CARDS,
    CAT,
    CATS_PER_FIELD_PER_PLAYER,
    COLORS,
    COMMON,
    COMMON_SHAPES,
    DAYS,
    DECK,
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
)
from engines.isle_of_cats.family_cards import DEAL as FAMILY_DEAL
from engines.isle_of_cats.family_cards import FAMILY_DECK
from engines.isle_of_cats.solo_state import SOLO_CATS_PER_FIELD
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


# --- what the rules allow -------------------------------------------------------------------


def pass_or_end(state: IsleState, seat: int) -> Action:
    """A turn's way out: pass, or end the turn of an extra rescue."""
    return Action(A.END_TURN if state.players[seat].bonus_turn else A.PASS, seat)


def rescuable(state: IsleState, seat: int) -> list[tuple[str, str]]:
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


def gains_fish(card_id: int) -> bool:
    return CARDS[card_id].type == ANYTIME and "gain_fish" in CARDS[card_id].effect


def play_options(state: IsleState, seat: int, card_id: int) -> list[str]:
    """The ways ``card_id`` may be played now (empty: not now); a card played with a list of
    things is :func:`engines.isle_of_cats.choices.listed_option`'s."""
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


def task_shapes(state: IsleState, task: Task) -> list[Any]:
    """The shapes still available for a placement task."""
    if task.source == "supply":
        return [s for s in task.shapes if state.commons.get(s, 0) > 0]
    if task.source == "pool":
        return sorted(set(state.rare_pool))
    if task.source == "oshax":
        return sorted(state.oshax)
    return list(task.shapes)


# --- draws reported ----------------------------------------------------------------------


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
