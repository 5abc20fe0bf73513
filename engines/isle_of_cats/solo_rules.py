"""The solo day (Board Game Arena's solo mode, its only source): the draft and the sister's turns.

* Fields hold 4 cats each. Cats get solo numbers in the order they were drawn (the left field's
  first); a cat rescued or taken leaves a gap that closes (numbers stay in order); a cat sent to a
  field by a card renumbers the island, the left field's cats first.
* The draft: 5 cards dealt, 3 kept and 2 discarded, twice; then 1 more card joins the 6 kept.
* When the rescue cards are revealed the sister draws solo basket cards: the first one is face up
  and gives her speed and how many cards she draws that day. She goes ahead of the player with a
  higher speed, behind with a lower one; an equal speed keeps the order. Ahead, she plays one card
  before the player's first turn; she plays one after each of the player's turns, and when the
  rescue phase ends she plays the cards she has left.
* A basket card does its two actions in order: ``cat n`` takes (out of the game) cat n, or the
  highest-numbered cat when there is no cat n; ``oshax n`` and ``rare n`` likewise take the Oshax
  or the rare treasure numbered n (rare treasures are numbered by shape, in the order the shapes
  were drawn; a shape's copies share a number); ``common <shape>`` takes one common treasure of
  that shape if any is left; ``switch a b`` swaps cats a and b (fields and numbers; absent numbers
  fall back to the two highest).
* Each night the day's basket cards are discarded and the next colour card is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.errors import Reason
from engines.core.protocol import Event
from engines.isle_of_cats.catalogue import DAYS, OSHAX_SHAPES, rare_key
from engines.isle_of_cats.effects import SisterAction, Switch, TakeCommon
from engines.isle_of_cats.sister_cards import (
    ADVANCED_BY_LEVEL,
    ADVANCED_LESSONS,
    BASIC_LESSON_COUNT,
    BASKET_CARDS,
    SOLO_COLOUR_CARDS,
    SOLO_LESSONS,
)
from engines.isle_of_cats.solo_state import (
    SOLO_DRAFT_ROUNDS,
    SOLO_EXTRA_CARDS,
    SOLO_HAND,
    SoloState,
)
from engines.isle_of_cats.state import BUY, DEAL, DRAFT, FILL, RESCUE, IsleState

LESSONS = "solo_lessons"
OSHAX_ORDER = "oshax_order"
COLOUR = "colour"
BASKET = "basket"
CHANCE_KINDS = (LESSONS, OSHAX_ORDER, COLOUR, BASKET)
"""The draws the table reports for the sister in external mode."""


def solo(state: IsleState) -> SoloState:
    assert state.solo is not None
    return state.solo


def lesson_count(level: str) -> int:
    return BASIC_LESSON_COUNT + ADVANCED_BY_LEVEL[level]


def basket_left(state: IsleState) -> list[int]:
    """Basket cards neither used nor drawn today (in draw order when seeded)."""
    so = solo(state)
    if so.basket_deck is not None:
        return so.basket_deck
    gone = set(so.used) | set(so.today)
    return [c for c in BASKET_CARDS if c not in gone]


def colours_left(state: IsleState) -> list[str]:
    so = solo(state)
    if so.colour_deck is not None:
        return so.colour_deck
    return [c for c in SOLO_COLOUR_CARDS if c not in so.colours]


# --- draws ------------------------------------------------------------------------------------


def chance_due(state: IsleState) -> str | None:
    """The sister's draw the table owes now (no task pending), or None."""
    so = solo(state)
    if not so.lessons:
        return LESSONS
    if not so.oshax_ordered:
        return OSHAX_ORDER
    if state.phase == FILL and len(so.colours) < min(state.day, DAYS) and colours_left(state):
        return COLOUR
    if state.phase == RESCUE and not so.drawn and basket_left(state):
        return BASKET
    return None


def draw_count(state: IsleState, due: str) -> int:
    if due == LESSONS:
        return lesson_count(str(state.env.options["solo_level"]))
    if due == OSHAX_ORDER:
        return len(OSHAX_SHAPES)
    if due == COLOUR:
        return 1
    return len(basket_left(state))  # the first card drawn says how many: at most this many


def support(state: IsleState, due: str) -> list[int] | list[str]:
    if due == LESSONS:
        return sorted(SOLO_LESSONS) + sorted(ADVANCED_LESSONS)
    if due == OSHAX_ORDER:
        return sorted(OSHAX_SHAPES)
    if due == COLOUR:
        return sorted(colours_left(state))
    return sorted(basket_left(state))


def check_draw(state: IsleState, due: str, items: Sequence[str]) -> list[Reason]:
    """Why a reported sister draw is not possible (empty: it is)."""
    if due == COLOUR:
        if len(items) != 1 or items[0] not in colours_left(state):
            left = ", ".join(sorted(colours_left(state)))
            return [Reason("NOT_IN_DECK", f"one colour card is revealed, one of {left}")]
        return []
    try:
        numbers = [int(x) for x in items]
    except ValueError:
        return [Reason("UNKNOWN_CARD", "the items are numbers")]
    if len(set(numbers)) != len(numbers):
        return [Reason("DRAW_TWICE", "each card or Oshax is drawn once")]
    if due == LESSONS:
        level = str(state.env.options["solo_level"])
        basic = [c for c in numbers if c in SOLO_LESSONS]
        advanced = [c for c in numbers if c in ADVANCED_LESSONS]
        want = ADVANCED_BY_LEVEL[level]
        if (
            len(basic) != BASIC_LESSON_COUNT
            or len(advanced) != want
            or len(numbers) != len(basic) + len(advanced)
        ):
            return [
                Reason(
                    "DRAW_COUNT",
                    f"the sister draws {BASIC_LESSON_COUNT} solo lessons (197 to 206) and "
                    f"{want} advanced ones (207 to 215) at level {level}",
                )
            ]
        return []
    if due == OSHAX_ORDER:
        if sorted(numbers) != sorted(OSHAX_SHAPES):
            return [Reason("DRAW_COUNT", "the 6 Oshax (300 to 305) are listed in their order")]
        return []
    deck = set(basket_left(state))
    if not numbers or not set(numbers) <= deck:
        return [Reason("NOT_IN_DECK", "the basket cards drawn are cards of the sister's deck")]
    want = min(BASKET_CARDS[numbers[0]].baskets, len(deck))
    if len(numbers) != want:
        return [
            Reason("DRAW_COUNT", f"card {numbers[0]} makes {want} basket cards, not {len(numbers)}")
        ]
    return []


def seeded_draw(state: IsleState, due: str, events: list[Event]) -> None:
    so = solo(state)
    if due == COLOUR:
        assert so.colour_deck is not None
        reveal_colour(state, so.colour_deck.pop(0), events)
        return
    assert due == BASKET and so.basket_deck is not None
    n = min(BASKET_CARDS[so.basket_deck[0]].baskets, len(so.basket_deck))
    cards, so.basket_deck[:] = so.basket_deck[:n], so.basket_deck[n:]
    drew_basket(state, cards, events)


def apply_draw(state: IsleState, due: str, items: Sequence[str], events: list[Event]) -> None:
    so = solo(state)
    if due == LESSONS:
        so.lessons = [int(x) for x in items]
        events.append({"type": "sister_lessons", "cards": list(so.lessons)})
    elif due == OSHAX_ORDER:
        state.oshax = [int(x) for x in items]
        so.oshax_ordered = True
        events.append({"type": "oshax_numbered", "oshax": list(state.oshax)})
    elif due == COLOUR:
        reveal_colour(state, items[0], events)
    else:
        drew_basket(state, [int(x) for x in items], events)


def reveal_colour(state: IsleState, colour: str, events: list[Event]) -> None:
    so = solo(state)
    so.colours.append(colour)
    events.append({"type": "colour_card", "color": colour, "number": len(so.colours)})


def drew_basket(state: IsleState, cards: list[int], events: list[Event]) -> None:
    """The sister's cards for today: her speed places her ahead of or behind the player."""
    so = solo(state)
    so.today = cards
    so.played = 0
    so.drawn = True
    speed = BASKET_CARDS[cards[0]].speed
    mine = state.players[0].speed
    if speed != mine:
        so.ahead = speed > mine
    events.append(
        {
            "type": "sister_basket",
            "card": cards[0],
            "count": len(cards),
            "speed": speed,
            "ahead": so.ahead,
        }
    )
    if so.ahead:
        so.owed += 1


# --- the draft --------------------------------------------------------------------------------


def deal_size(state: IsleState, deck_left: int) -> int:
    size = SOLO_HAND if solo(state).deals < SOLO_DRAFT_ROUNDS else SOLO_EXTRA_CARDS
    return min(size, deck_left)


def deal(state: IsleState, cards: list[int], events: list[Event]) -> None:
    so = solo(state)
    p = state.players[0]
    if so.deals == 0:
        p.kept = []
        state.draft_round = 0
    so.deals += 1
    if so.deals > SOLO_DRAFT_ROUNDS:
        p.kept.extend(cards)
        events.append({"type": "cards_dealt", "each": len(cards), "to": "kept"})
        state.phase = BUY
        return
    p.draft_hand = list(cards)
    events.append({"type": "cards_dealt", "each": len(cards)})
    state.phase = DRAFT


def draft_reveal(state: IsleState, pick: Sequence[int], events: list[Event]) -> None:
    """Keep the picked cards, discard the rest, and deal again (or the extra card)."""
    p = state.players[0]
    p.kept.extend(pick)
    rest = [c for c in p.draft_hand if c not in pick]
    state.discard.extend(rest)
    p.draft_hand = []
    state.draft_round += 1
    events.append({"type": "draft_discarded", "round": state.draft_round, "count": len(rest)})
    state.phase = DEAL


# --- the island's numbering and the sister's cards --------------------------------------------


def sync_cat_order(state: IsleState) -> bool:
    """Keep the numbering in step with the fields; True when it changed."""
    so = solo(state)
    left, right = state.fields["left"], state.fields["right"]
    here = set(left) | set(right)
    kept = [k for k in so.cat_order if k in here]
    known = set(kept)
    if any(k not in known for k in left + right):
        rank = {k: i for i, k in enumerate(kept)}
        big = len(here)

        def by_number(field: list[str]) -> list[str]:
            return sorted(field, key=lambda k: rank.get(k, big + field.index(k)))

        kept = by_number(left) + by_number(right)
    if kept == so.cat_order:
        return False
    so.cat_order = kept
    return True


def _numbered(items: Sequence[object], n: int) -> int | None:
    """The index of number ``n`` (1-based), the highest number when there is none, or None."""
    if not items:
        return None
    return n - 1 if 1 <= n <= len(items) else len(items) - 1


def _take_cat(state: IsleState, n: int) -> str | None:
    so = solo(state)
    i = _numbered(so.cat_order, n)
    if i is None:
        return None
    key = so.cat_order.pop(i)
    for field in ("left", "right"):
        if key in state.fields[field]:
            state.fields[field].remove(key)
    state.gone.append(key)
    return key


def _switch(state: IsleState, a: int, b: int) -> list[str] | None:
    order = solo(state).cat_order
    if len(order) < 2:
        return None
    i = a - 1 if 1 <= a <= len(order) else len(order) - 2
    j = b - 1 if 1 <= b <= len(order) else len(order) - 1
    if i == j:  # both fell back to the same cat: take the one numbered just before it
        if j == 0:
            return None
        i = j - 1
    first, second = order[i], order[j]
    f1 = "left" if first in state.fields["left"] else "right"
    f2 = "left" if second in state.fields["left"] else "right"
    if f1 != f2:
        state.fields[f1][state.fields[f1].index(first)] = second
        state.fields[f2][state.fields[f2].index(second)] = first
    order[i], order[j] = second, first
    return [first, second]


def play_card(state: IsleState, card: int, events: list[Event]) -> None:
    """One basket card: its two actions in order."""
    sync_cat_order(state)
    basket = BASKET_CARDS[card]
    done = [
        {"action": [*raw], "result": _sister_does(state, action)}
        for action, raw in zip(basket.actions, basket.raw, strict=True)
    ]
    events.append({"type": "sister_played", "card": card, "actions": done})


def _sister_does(state: IsleState, action: SisterAction) -> object:
    """One action of a basket card; what it took or moved (None: nothing)."""
    if isinstance(action, Switch):
        return _switch(state, action.first, action.second)
    if isinstance(action, TakeCommon):
        if state.commons.get(action.shape, 0) > 0:
            state.commons[action.shape] -= 1
            return action.shape
        return None
    if action.what == "cat":
        return _take_cat(state, action.number)
    if action.what == "oshax":
        i = _numbered(state.oshax, action.number)
        return None if i is None else state.oshax.pop(i)
    shapes = list(dict.fromkeys(state.rare_pool))
    i = _numbered(shapes, action.number)
    if i is None:
        return None
    state.rare_pool.remove(shapes[i])
    state.gone.append(rare_key(shapes[i]))
    return shapes[i]


def play_next(state: IsleState, events: list[Event]) -> bool:
    so = solo(state)
    if so.played >= len(so.today):
        return False
    card = so.today[so.played]
    so.played += 1
    play_card(state, card, events)
    return True


def after_turn(state: IsleState) -> None:
    """The player's rescue turn is over: the sister plays a card (once no task is pending)."""
    if state.phase == RESCUE:
        solo(state).owed += 1


def run_on(state: IsleState, events: list[Event]) -> bool:
    """What the sister does without a decision; True when the state changed."""
    so = solo(state)
    if sync_cat_order(state):
        return True
    if so.owed and state.phase == RESCUE and so.drawn:
        so.owed -= 1
        play_next(state, events)
        return True
    return False


def end_rescue(state: IsleState, events: list[Event]) -> None:
    so = solo(state)
    while play_next(state, events):
        pass
    so.owed = 0


def end_day(state: IsleState, events: list[Event]) -> None:
    """Night: the day's basket cards are discarded (the next colour card comes at dawn)."""
    so = solo(state)
    so.used.extend(so.today)
    so.today = []
    so.played = so.owed = so.deals = 0
    so.drawn = False
    so.cat_order = []
    events.append({"type": "sister_discarded"})
