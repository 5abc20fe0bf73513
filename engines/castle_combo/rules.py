"""Castle Combo's turn: what is legal and what an action does.

A turn: the player may first spend one key (``move_messenger`` to the other location, or
``refresh_display``: discard the three cards at the messenger's location and reveal three new
ones), then must ``buy_card``, one of the three cards at the messenger's location:

- face up, paying its cost less every discount for that location already shown in their tableau
  (never below 0; the card's own discount waits for later purchases), then resolving its ability
  (the card counts itself), then the messenger follows the card's icon if it has one;
- or face down, for free, gaining 6 gold and 2 keys and nothing else.

The card goes next to a card already placed (anywhere for the first, which is ``[0, 0]``) so that
the tableau still fits in 3×3. Then both displays are refilled, Castle first: a deck that runs
out is replaced by its location's discard pile, shuffled; a location that still cannot show three
cards leaves the game (its cards with it) and the messenger stays at the other one. In external
mode each revealed card is reported by a ``chance`` action; a reshuffle needs no report, since a
reshuffled deck's order is only ever learnt card by card. After the last player's ninth card the
game ends and nothing is refilled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple, TypeVar

from engines.castle_combo.abilities import (
    ASKS,
    Choices,
    Group,
    Table,
    canonical_neighbours,
    discard_effect,
    effects,
    fill_effect,
    groups,
    needs_neighbour,
    open_purses,
    options_count,
    resolve,
)
from engines.castle_combo.catalogue import (
    CARDS,
    DISPLAY_SIZE,
    FACE_DOWN_GOLD,
    FACE_DOWN_KEYS,
    LOCATIONS,
    Card,
    other,
)
from engines.castle_combo.state import CastleComboState, Phase, loc_index
from engines.castle_combo.tableau import Cell, Placed, fits
from engines.core.choices import LISTED_AT_MOST
from engines.core.errors import Reason, listing, quoted
from engines.core.protocol import Event
from engines.core.rng import CounterRng

T = TypeVar("T")

BUY = "buy_card"
MOVE = "move_messenger"
REFRESH = "refresh_display"
DRAW = "chance"
CHANCE_SEAT = -1


class Action(NamedTuple):
    """One action; the fields an action kind does not use keep their defaults."""

    kind: str
    player: int
    """Seat index, or :data:`CHANCE_SEAT`."""
    card: str = ""
    """buy_card: the card bought; chance: the card revealed."""
    cell: Cell = (0, 0)
    face_down: bool = False
    choices: Choices = Choices()
    location: str = ""
    """move_messenger: where to; refresh_display: where; chance: whose deck."""


def player_index(state: CastleComboState, name: str) -> int:
    return state.env.players.index(name)


# --- what is legal ------------------------------------------------------------------------------


class Described(NamedTuple):
    """A buy face up whose purse choices are more than :data:`LISTED_AT_MOST`: ``buy`` with its
    option, discard and neighbour and no purses, and the purses to choose from (``group``)."""

    buy: Action
    group: Group

    def actions(self) -> list[Action]:
        return [self.buy._replace(choices=ch) for ch in self.group.combos()]


def legal_actions(state: CastleComboState, seat: int | None = None) -> list[Action]:
    """Every legal action, each listed once (:func:`decisions` with every buy expanded)."""
    out: list[Action] = []
    for decision in decisions(state, seat):
        if isinstance(decision, Described):
            out.extend(decision.actions())
        else:
            out.append(decision)
    return out


def decisions(state: CastleComboState, seat: int | None = None) -> list[Action | Described]:
    """Every legal action, but for the buys of one card into one cell with one option, discard
    and neighbour that fill more than :data:`LISTED_AT_MOST` sets of purses: one
    :class:`Described` each (only the Steward's fill, up to 2 of m purses, 1 + m + m(m − 1)/2
    ways, is ever that large: m ≥ 6, 22 ways or more)."""
    now = state.phase
    if now is Phase.DRAW:
        if seat not in (None, CHANCE_SEAT):
            return []
        loc = state.draw_location()
        assert loc is not None
        return [Action(DRAW, CHANCE_SEAT, card=c, location=loc) for c in sorted(state.deck(loc))]
    if now is Phase.FINISHED:
        return []
    me = state.current
    if seat not in (None, me):
        return []
    out: list[Action | Described] = []
    if not state.key_spent and state.keys[me] > 0:
        there = other(state.messenger)
        if not state.removed[loc_index(there)]:
            out.append(Action(MOVE, me, location=there))
        out.append(Action(REFRESH, me, location=state.messenger))
    loc = state.messenger
    tableau = state.tableaux[me]
    cells = tableau.free_cells()
    discount = tableau.discount(loc)
    for card_id in state.display(loc):
        card = CARDS[card_id]
        affordable = max(0, card.cost - discount) <= state.gold[me]
        for cell in cells:
            out.append(Action(BUY, me, card=card_id, cell=cell, face_down=True))
            if not affordable:
                continue
            if not ASKS[card_id]:
                out.append(Action(BUY, me, card=card_id, cell=cell))
                continue
            for group in groups(card, _table(state, me, card_id, cell)):
                buy = Action(BUY, me, card=card_id, cell=cell)
                if group.size() > LISTED_AT_MOST:
                    fixed = Choices(group.choice, group.discard, group.neighbour)
                    out.append(Described(buy._replace(choices=fixed), group))
                else:
                    out.extend(buy._replace(choices=ch) for ch in group.combos())
    return out


def _table(state: CastleComboState, seat: int, card_id: str, cell: Cell) -> Table:
    """What the ability of ``card_id`` bought into ``cell`` reads."""
    tableaux = list(state.tableaux)
    tableaux[seat] = tableaux[seat].with_card(Placed(card_id, cell))
    displays = {
        loc: tuple(c for c in state.displays[i] if c != card_id) for i, loc in enumerate(LOCATIONS)
    }
    return Table(seat, tableaux, displays, state.neighbours(seat))


def check(state: CastleComboState, action: Action) -> list[Reason]:
    now = state.phase
    if now is Phase.FINISHED:
        return [Reason("GAME_OVER", "the game is over: every tableau holds 9 cards")]
    if action.kind == DRAW:
        return _check_draw(state, action)
    if now is Phase.DRAW:
        loc = state.draw_location()
        return [Reason("CHANCE_PENDING", f"the table must first report the card revealed at {loc}")]
    if action.player != state.current:
        name = state.env.players[state.current]
        return [Reason("NOT_YOUR_TURN", f"it is the turn of {quoted(name)}")]
    if action.kind in (MOVE, REFRESH):
        return _check_key(state, action)
    return _check_buy(state, action)


def _check_draw(state: CastleComboState, action: Action) -> list[Reason]:
    loc = state.draw_location()
    if loc is None:
        return [Reason("NO_CHANCE_PENDING", "no card is to be revealed now")]
    if action.location != loc:
        return [Reason("ILLEGAL_CHANCE_OUTCOME", f"the next card is revealed at the {loc}")]
    if action.card not in state.deck(loc):
        return [Reason("ILLEGAL_CHANCE_OUTCOME", f"{action.card} is not in the {loc} deck")]
    return []


def _check_key(state: CastleComboState, action: Action) -> list[Reason]:
    me = state.current
    if state.key_spent:
        return [Reason("KEY_ALREADY_SPENT", "a player spends at most one key per turn")]
    if state.keys[me] < 1:
        return [Reason("NO_KEYS", "spending a key needs a key; you have none")]
    if action.kind == MOVE:
        there = other(state.messenger)
        if action.location != there:
            return [Reason("INVALID_LOCATION", f"the messenger can only move to the {there}")]
        if state.removed[loc_index(there)]:
            return [Reason("LOCATION_REMOVED", f"the {there} has left the game")]
    elif action.location != state.messenger:
        return [
            Reason(
                "INVALID_LOCATION",
                f"only the messenger's display ({state.messenger}) can be refreshed",
            )
        ]
    return []


def _check_buy(state: CastleComboState, action: Action) -> list[Reason]:
    me = state.current
    loc = state.messenger
    if action.card not in state.display(loc):
        return [
            Reason(
                "CARD_NOT_AVAILABLE",
                f"{action.card} is not among the cards at the {loc} "
                f"({listing(state.display(loc))})",
            )
        ]
    reasons = _placement_reasons(state, me, action.cell)
    card = CARDS[action.card]
    if action.face_down:
        if action.choices != Choices():
            reasons.append(
                Reason("CHOICE_NOT_ALLOWED", "a card bought face down has no ability to choose for")
            )
        return reasons
    price = max(0, card.cost - state.tableaux[me].discount(loc))
    if price > state.gold[me]:
        reasons.append(
            Reason("CANNOT_AFFORD", f"{action.card} costs {price} gold; you have {state.gold[me]}")
        )
    if not reasons:
        reasons.extend(
            choice_reasons(card, action.choices, _table(state, me, card.id, action.cell))
        )
    return reasons


def _placement_reasons(state: CastleComboState, seat: int, cell: Cell) -> list[Reason]:
    tableau = state.tableaux[seat]
    if not tableau.cards:
        if cell != (0, 0):
            return [Reason("FIRST_CARD_CELL", "the first card of a tableau goes to [0, 0]")]
        return []
    if cell in tableau.cells:
        return [Reason("CELL_TAKEN", f"[{cell[0]}, {cell[1]}] already holds a card")]
    r, c = cell
    if not any((r + dr, c + dc) in tableau.cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
        return [Reason("NOT_ADJACENT", f"[{cell[0]}, {cell[1]}] touches no card of the tableau")]
    if not fits(tableau.cells | {cell}):
        return [
            Reason(
                "GRID_TOO_LARGE", f"a card at [{cell[0]}, {cell[1]}] would make a 4th row or column"
            )
        ]
    return []


def choice_reasons(card: Card, choices: Choices, table: Table) -> list[Reason]:
    """Why ``choices`` do not fit the ability of ``card`` (empty: they do)."""
    n = options_count(card)
    if n == 0 and choices.choice != 0:
        return [Reason("CHOICE_NOT_ALLOWED", f"{card.id} asks for no choice")]
    if n and not 1 <= choices.choice <= n:
        return [Reason("CHOICE_REQUIRED", f"{card.id} asks for a choice between 1 and {n}")]
    chosen = effects(card, choices.choice)
    assert chosen is not None
    reasons: list[Reason] = []
    if needs_neighbour(chosen):
        if choices.neighbour not in table.neighbours:
            reasons.append(Reason("NEIGHBOUR_REQUIRED", "name the player to your left or right"))
        elif choices.neighbour not in canonical_neighbours(chosen, table):
            reasons.append(
                Reason("NEIGHBOUR_NOT_CANONICAL", "both neighbours give the same: name the first")
            )
    elif choices.neighbour != -1:
        reasons.append(Reason("NEIGHBOUR_NOT_ALLOWED", "this ability reads no neighbour"))
    drop = discard_effect(chosen)
    shown = table.displays[drop.display] if drop is not None else ()
    if shown:
        assert drop is not None
        if choices.discard not in shown:
            reasons.append(
                Reason(
                    "DISCARD_REQUIRED",
                    f"name one of the {drop.display} cards ({listing(shown, 'or')})",
                )
            )
    elif choices.discard:
        reasons.append(Reason("DISCARD_NOT_ALLOWED", "this ability discards no display card"))
    fill = fill_effect(chosen)
    if fill is not None:
        allowed = open_purses(table.tableaux[table.seat])
        picked = choices.purses
        if (
            len(picked) > fill.cards
            or len(set(picked)) != len(picked)
            or any(c not in allowed for c in picked)
            or list(picked) != sorted(picked)
        ):
            reasons.append(
                Reason(
                    "INVALID_PURSES",
                    f"choose up to {fill.cards} of your purse cards with room "
                    f"({listing(list(c) for c in allowed)})",
                )
            )
    elif choices.purses:
        reasons.append(Reason("PURSES_NOT_ALLOWED", "this ability fills no purse"))
    return reasons


# --- what an action does ------------------------------------------------------------------------


def apply(state: CastleComboState, action: Action) -> tuple[CastleComboState, list[Event]]:
    """The state after a legal ``action`` and what happened (the envelope is the caller's)."""
    gen = state.env.rng.generator() if state.decks is not None else None
    events: list[Event] = []
    if action.kind == DRAW:
        i = loc_index(action.location)
        displays = _set(state.displays, i, (*state.displays[i], action.card))
        new = replace(state, displays=displays)
        events.append({"type": "card_revealed", "location": action.location, "card": action.card})
    elif action.kind == MOVE:
        new = _spend_key(state)
        new = replace(new, messenger=action.location)
        events.append(_key_event(state, MOVE, action.location))
    elif action.kind == REFRESH:
        i = loc_index(action.location)
        new = _spend_key(state)
        new = replace(
            new,
            displays=_set(new.displays, i, ()),
            discards=_set(new.discards, i, (*new.discards[i], *new.displays[i])),
        )
        events.append(_key_event(state, REFRESH, action.location))
    else:
        new = _buy(state, action, events)
    if new.phase is not Phase.FINISHED:
        new = refill(new, gen, events)
    if gen is not None:
        new = replace(new, env=new.env.advanced(gen))
    return new, events


def _spend_key(state: CastleComboState) -> CastleComboState:
    me = state.current
    return replace(state, keys=_set(state.keys, me, state.keys[me] - 1), key_spent=True)


def _key_event(state: CastleComboState, kind: str, location: str) -> Event:
    return {
        "type": "key_spent",
        "player": state.env.players[state.current],
        "action": kind,
        "location": location,
    }


def _buy(state: CastleComboState, action: Action, events: list[Event]) -> CastleComboState:
    me = state.current
    loc = state.messenger
    name = state.env.players[me]
    card = CARDS[action.card]
    gold = list(state.gold)
    keys = list(state.keys)
    i = loc_index(loc)
    displays = _set(state.displays, i, tuple(c for c in state.displays[i] if c != card.id))
    discards = state.discards
    tableaux = list(state.tableaux)
    messenger = loc
    bought: Event = {
        "type": "card_bought",
        "player": name,
        "card": card.id,
        "cell": list(action.cell),
        "face_down": action.face_down,
    }
    if action.face_down:
        tableaux[me] = tableaux[me].with_card(Placed(card.id, action.cell, face_down=True))
        gold[me] += FACE_DOWN_GOLD
        keys[me] += FACE_DOWN_KEYS
        bought.update(paid=0, gold_gained=FACE_DOWN_GOLD, keys_gained=FACE_DOWN_KEYS)
        events.append(bought)
    else:
        price = max(0, card.cost - tableaux[me].discount(loc))
        gold[me] -= price
        tableaux[me] = tableaux[me].with_card(Placed(card.id, action.cell))
        before_gold, before_keys = list(gold), list(keys)
        table = Table(
            me,
            tableaux,
            {loc_: displays[j] for j, loc_ in enumerate(LOCATIONS)},
            state.neighbours(me),
        )
        outcome = resolve(card, action.choices, table, gold, keys)
        if outcome.purse_gold:
            tableaux[me] = tableaux[me].with_gold(outcome.purse_gold)
        bought.update(
            paid=price,
            gold_gained=gold[me] - before_gold[me],
            keys_gained=keys[me] - before_keys[me],
        )
        if action.choices.choice:
            bought["choice"] = action.choices.choice
        events.append(bought)
        _gain_events(
            state.env.players,
            me,
            outcome.purse_gold,
            (before_gold, gold),
            (before_keys, keys),
            events,
        )
        if outcome.discarded is not None:
            where, dropped = outcome.discarded
            j = loc_index(where)
            displays = _set(displays, j, tuple(c for c in displays[j] if c != dropped))
            discards = _set(discards, j, (*discards[j], dropped))
            events.append({"type": "card_discarded", "location": where, "card": dropped})
        if card.messenger is not None and not state.removed[loc_index(card.messenger)]:
            if card.messenger != loc:
                events.append({"type": "messenger_moved", "to": card.messenger})
            messenger = card.messenger
    return replace(
        state,
        tableaux=tuple(tableaux),
        gold=tuple(gold),
        keys=tuple(keys),
        displays=displays,
        discards=discards,
        messenger=messenger,
        key_spent=False,
    )


def _gain_events(
    players: Sequence[str],
    me: int,
    purse_gold: Mapping[Cell, int],
    gold: tuple[Sequence[int], Sequence[int]],
    keys: tuple[Sequence[int], Sequence[int]],
    events: list[Event],
) -> None:
    """What a card's ability gave besides its buyer's gold and keys: gold on the buyer's purses,
    and what each other player gained (``gold`` and ``keys``: before and after, by seat)."""
    if purse_gold:
        events.append(
            {
                "type": "purses_filled",
                "player": players[me],
                "purses": [{"cell": list(c), "gold": g} for c, g in sorted(purse_gold.items())],
            }
        )
    (gold_before, gold_after), (keys_before, keys_after) = gold, keys
    for seat in range(len(gold_after)):
        gained = (gold_after[seat] - gold_before[seat], keys_after[seat] - keys_before[seat])
        if seat != me and gained != (0, 0):
            events.append(
                {
                    "type": "opponent_gain",
                    "player": players[seat],
                    "gold": gained[0],
                    "keys": gained[1],
                }
            )


def refill(
    state: CastleComboState, gen: CounterRng | None, events: list[Event]
) -> CastleComboState:
    """Refill both displays, Castle first, as far as the state allows (see the module doc)."""
    displays = list(state.displays)
    discards = list(state.discards)
    removed = list(state.removed)
    decks = None if state.decks is None else list(state.decks)
    messenger = state.messenger
    for i, loc in enumerate(LOCATIONS):
        while not removed[i] and len(displays[i]) < DISPLAY_SIZE:
            if decks is not None:
                deck = decks[i]
            else:
                current = replace(state, displays=_pair(displays), discards=_pair(discards))
                deck = current.deck(loc)
            if not deck:
                if discards[i]:
                    if decks is not None:
                        assert gen is not None
                        decks[i] = tuple(gen.shuffle(discards[i]))
                    events.append(
                        {"type": "deck_reshuffled", "location": loc, "cards": len(discards[i])}
                    )
                    discards[i] = ()
                    continue
                events.append(
                    {"type": "location_removed", "location": loc, "cards": list(displays[i])}
                )
                removed[i] = True
                displays[i] = ()
                if messenger == loc:
                    messenger = other(loc)
                    events.append({"type": "messenger_moved", "to": messenger})
                break
            if decks is None:
                break  # external mode: the table reports the card revealed
            displays[i] = (*displays[i], deck[0])
            decks[i] = deck[1:]
            events.append({"type": "card_revealed", "location": loc, "card": deck[0]})
    return replace(
        state,
        displays=_pair(displays),
        discards=_pair(discards),
        removed=tuple(removed),
        decks=None if decks is None else _pair(decks),
        messenger=messenger,
    )


def _pair(items: list[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    return tuple(items)


def _set(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1 :])
