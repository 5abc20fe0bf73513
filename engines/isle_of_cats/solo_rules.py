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
from engines.isle_of_cats.state import (
    BUY,
    DEAL,
    DRAFT,
    FILL,
    RESCUE,
    IsleState,
    copy_with,
    less_one,
    with_player,
    with_solo,
)

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


def basket_left(state: IsleState) -> tuple[int, ...]:
    """Basket cards neither used nor drawn today (in draw order when seeded)."""
    so = solo(state)
    if so.basket_deck is not None:
        return so.basket_deck
    gone = set(so.used) | set(so.today)
    return tuple(c for c in BASKET_CARDS if c not in gone)


def colours_left(state: IsleState) -> tuple[str, ...]:
    so = solo(state)
    if so.colour_deck is not None:
        return so.colour_deck
    return tuple(c for c in SOLO_COLOUR_CARDS if c not in so.colours)


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


def seeded_draw(state: IsleState, due: str, events: list[Event]) -> IsleState:
    so = solo(state)
    if due == COLOUR:
        assert so.colour_deck is not None
        state = with_solo(state, colour_deck=so.colour_deck[1:])
        return reveal_colour(state, so.colour_deck[0], events)
    assert due == BASKET and so.basket_deck is not None
    n = min(BASKET_CARDS[so.basket_deck[0]].baskets, len(so.basket_deck))
    state = with_solo(state, basket_deck=so.basket_deck[n:])
    return drew_basket(state, so.basket_deck[:n], events)


def apply_draw(state: IsleState, due: str, items: Sequence[str], events: list[Event]) -> IsleState:
    if due == LESSONS:
        lessons = tuple(int(x) for x in items)
        events.append({"type": "sister_lessons", "cards": list(lessons)})
        return with_solo(state, lessons=lessons)
    if due == OSHAX_ORDER:
        oshax = tuple(int(x) for x in items)
        events.append({"type": "oshax_numbered", "oshax": list(oshax)})
        return copy_with(with_solo(state, oshax_ordered=True), oshax=oshax)
    if due == COLOUR:
        return reveal_colour(state, items[0], events)
    return drew_basket(state, tuple(int(x) for x in items), events)


def reveal_colour(state: IsleState, colour: str, events: list[Event]) -> IsleState:
    colours = (*solo(state).colours, colour)
    events.append({"type": "colour_card", "color": colour, "number": len(colours)})
    return with_solo(state, colours=colours)


def drew_basket(state: IsleState, cards: tuple[int, ...], events: list[Event]) -> IsleState:
    """The sister's cards for today: her speed places her ahead of or behind the player."""
    so = solo(state)
    speed = BASKET_CARDS[cards[0]].speed
    mine = state.players[0].speed
    ahead = so.ahead if speed == mine else speed > mine
    events.append(
        {
            "type": "sister_basket",
            "card": cards[0],
            "count": len(cards),
            "speed": speed,
            "ahead": ahead,
        }
    )
    owed = so.owed + 1 if ahead else so.owed
    return with_solo(state, today=cards, played=0, drawn=True, ahead=ahead, owed=owed)


# --- the draft --------------------------------------------------------------------------------


def deal_size(state: IsleState, deck_left: int) -> int:
    size = SOLO_HAND if solo(state).deals < SOLO_DRAFT_ROUNDS else SOLO_EXTRA_CARDS
    return min(size, deck_left)


def deal(state: IsleState, cards: tuple[int, ...], events: list[Event]) -> IsleState:
    so = solo(state)
    if so.deals == 0:
        state = copy_with(with_player(state, 0, kept=()), draft_round=0)
    state = with_solo(state, deals=so.deals + 1)
    if so.deals + 1 > SOLO_DRAFT_ROUNDS:
        events.append({"type": "cards_dealt", "each": len(cards), "to": "kept"})
        return copy_with(with_player(state, 0, kept=state.players[0].kept + cards), phase=BUY)
    events.append({"type": "cards_dealt", "each": len(cards)})
    return copy_with(with_player(state, 0, draft_hand=cards), phase=DRAFT)


def draft_reveal(state: IsleState, pick: Sequence[int], events: list[Event]) -> IsleState:
    """Keep the picked cards, discard the rest, and deal again (or the extra card)."""
    p = state.players[0]
    rest = tuple(c for c in p.draft_hand if c not in pick)
    state = with_player(state, 0, kept=p.kept + tuple(pick), draft_hand=())
    draft_round = state.draft_round + 1
    events.append({"type": "draft_discarded", "round": draft_round, "count": len(rest)})
    return copy_with(state, discard=state.discard + rest, draft_round=draft_round, phase=DEAL)


# --- the island's numbering and the sister's cards --------------------------------------------


def sync_cat_order(state: IsleState) -> IsleState:
    """The numbering in step with the fields (the same state when it is)."""
    so = solo(state)
    left, right = state.fields.left, state.fields.right
    here = set(left) | set(right)
    kept = tuple(k for k in so.cat_order if k in here)
    known = set(kept)
    if any(k not in known for k in left + right):
        rank = {k: i for i, k in enumerate(kept)}
        big = len(here)

        def by_number(field: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(sorted(field, key=lambda k: rank.get(k, big + field.index(k))))

        kept = by_number(left) + by_number(right)
    if kept == so.cat_order:
        return state
    return with_solo(state, cat_order=kept)


def _numbered(items: Sequence[object], n: int) -> int | None:
    """The index of number ``n`` (1-based), the highest number when there is none, or None."""
    if not items:
        return None
    return n - 1 if 1 <= n <= len(items) else len(items) - 1


def _take_cat(state: IsleState, n: int) -> tuple[IsleState, str | None]:
    order = solo(state).cat_order
    i = _numbered(order, n)
    if i is None:
        return state, None
    key = order[i]
    fields = state.fields
    for field in ("left", "right"):
        if key in fields[field]:
            fields = fields.with_tiles(field, _less(fields[field], key))
    state = copy_with(state, fields=fields, gone=(*state.gone, key))
    return with_solo(state, cat_order=order[:i] + order[i + 1 :]), key


def _less(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` less the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _switch(state: IsleState, a: int, b: int) -> tuple[IsleState, list[str] | None]:
    order = list(solo(state).cat_order)
    if len(order) < 2:
        return state, None
    i = a - 1 if 1 <= a <= len(order) else len(order) - 2
    j = b - 1 if 1 <= b <= len(order) else len(order) - 1
    if i == j:  # both fell back to the same cat: take the one numbered just before it
        if j == 0:
            return state, None
        i = j - 1
    first, second = order[i], order[j]
    fields = state.fields
    f1, f2 = fields.which(first), fields.which(second)
    if f1 != f2:
        one, two = list(fields[f1]), list(fields[f2])
        one[one.index(first)] = second
        two[two.index(second)] = first
        fields = fields.with_tiles(f1, tuple(one)).with_tiles(f2, tuple(two))
    order[i], order[j] = second, first
    return with_solo(copy_with(state, fields=fields), cat_order=tuple(order)), [first, second]


def play_card(state: IsleState, card: int, events: list[Event]) -> IsleState:
    """One basket card: its two actions in order."""
    state = sync_cat_order(state)
    basket = BASKET_CARDS[card]
    done = []
    for action, raw in zip(basket.actions, basket.raw, strict=True):
        state, result = _sister_does(state, action)
        done.append({"action": [*raw], "result": result})
    events.append({"type": "sister_played", "card": card, "actions": done})
    return state


def _sister_does(state: IsleState, action: SisterAction) -> tuple[IsleState, object]:
    """One action of a basket card, and what it took or moved (None: nothing)."""
    if isinstance(action, Switch):
        return _switch(state, action.first, action.second)
    if isinstance(action, TakeCommon):
        if state.commons.get(action.shape, 0) > 0:
            return copy_with(state, commons=less_one(state.commons, action.shape)), action.shape
        return state, None
    if action.what == "cat":
        return _take_cat(state, action.number)
    if action.what == "oshax":
        i = _numbered(state.oshax, action.number)
        if i is None:
            return state, None
        return copy_with(state, oshax=state.oshax[:i] + state.oshax[i + 1 :]), state.oshax[i]
    shapes = list(dict.fromkeys(state.rare_pool))
    i = _numbered(shapes, action.number)
    if i is None:
        return state, None
    rare_pool = _less(state.rare_pool, shapes[i])
    return copy_with(state, rare_pool=rare_pool, gone=(*state.gone, rare_key(shapes[i]))), shapes[i]


def play_next(state: IsleState, events: list[Event]) -> IsleState | None:
    """The sister's next card of today played; None when she has played them all."""
    so = solo(state)
    if so.played >= len(so.today):
        return None
    return play_card(with_solo(state, played=so.played + 1), so.today[so.played], events)


def after_turn(state: IsleState) -> IsleState:
    """The player's rescue turn is over: the sister plays a card (once no task is pending)."""
    if state.phase == RESCUE:
        return with_solo(state, owed=solo(state).owed + 1)
    return state


def run_on(state: IsleState, events: list[Event]) -> IsleState | None:
    """What the sister does without a decision; None when she has nothing to do."""
    so = solo(state)
    synced = sync_cat_order(state)
    if synced is not state:
        return synced
    if so.owed and state.phase == RESCUE and so.drawn:
        owing = with_solo(state, owed=so.owed - 1)
        played = play_next(owing, events)
        return owing if played is None else played
    return None


def end_rescue(state: IsleState, events: list[Event]) -> IsleState:
    while (played := play_next(state, events)) is not None:
        state = played
    return with_solo(state, owed=0)


def end_day(state: IsleState, events: list[Event]) -> IsleState:
    """Night: the day's basket cards are discarded (the next colour card comes at dawn)."""
    so = solo(state)
    events.append({"type": "sister_discarded"})
    return with_solo(
        state,
        used=so.used + so.today,
        today=(),
        played=0,
        owed=0,
        deals=0,
        drawn=False,
        cat_order=(),
    )
