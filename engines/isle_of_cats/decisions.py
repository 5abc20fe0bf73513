"""What the simultaneous decisions change once everyone has decided and they are revealed: the
draft picks passed on, the cards bought, the rescue cards that set the island's order.
"""

from __future__ import annotations

from engines.core.protocol import Event
from engines.isle_of_cats.catalogue import CARDS
from engines.isle_of_cats.effects import Rescue
from engines.isle_of_cats.state import BUY, RESCUE_CARDS, IsleState, copy_with, with_player
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE


def take_cards(
    state: IsleState,
    seat: int,
    cards: tuple[int, ...],
    colors: tuple[str | None, ...],
    events: list[Event],
) -> IsleState:
    """Pay for cards; lessons go to the lesson pile or face up, the rest to the hand."""
    player = state.players[seat]
    private_lessons, hand = list(player.private_lessons), list(player.hand)
    public_lessons = list(state.public_lessons)
    for card_id, color in zip(cards, colors or (None,) * len(cards), strict=True):
        lesson = CARDS[card_id].lesson
        if lesson is not None and not lesson.public:
            private_lessons.append(card_id)
        elif lesson is not None:
            public_lessons.append((card_id, color))
            events.append(
                {
                    "type": "public_lesson",
                    "player": state.name(seat),
                    "card": card_id,
                    "color": color,
                }
            )
        else:
            hand.append(card_id)
    state = with_player(
        state,
        seat,
        fish=player.fish - sum(CARDS[card_id].cost for card_id in cards),
        private_lessons=tuple(private_lessons),
        hand=tuple(hand),
    )
    return copy_with(state, public_lessons=tuple(public_lessons))


def pass_hands(
    state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]
) -> IsleState:
    draft_round = state.draft_round + 1
    kept = [player.kept + pick for player, pick in zip(state.players, decisions, strict=True)]
    hands = [
        tuple(card_id for card_id in player.draft_hand if card_id not in pick)
        for player, pick in zip(state.players, decisions, strict=True)
    ]
    n = len(state.players)
    step = 1 if state.day % 2 == 1 else -1  # left on days 1, 3 and 5; right on days 2 and 4
    hands = [hands[(seat - step) % n] for seat in range(n)]
    events.append(
        {
            "type": "draft_passed",
            "round": draft_round,
            "direction": "left" if step == 1 else "right",
        }
    )
    if draft_round == 3:  # the single card passed last is kept
        kept = [mine + hand for mine, hand in zip(kept, hands, strict=True)]
        hands = [()] * n
    players = tuple(
        copy_with(player, kept=mine, draft_hand=hand)
        for player, mine, hand in zip(state.players, kept, hands, strict=True)
    )
    phase = state.phase if any(hands) else BUY
    return copy_with(state, players=players, draft_round=draft_round, phase=phase)


def bought(state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> IsleState:
    for seat, pick in enumerate(decisions):
        player = state.players[seat]
        colors = player.decision_colors or (None,) * len(pick)
        state = take_cards(state, seat, pick, colors, events)
        left = tuple(card_id for card_id in player.kept if card_id not in pick)
        state = with_player(state, seat, decision_colors=(), kept=())
        state = copy_with(state, discard=state.discard + left)
        events.append({"type": "bought", "player": state.name(seat), "count": len(pick)})
    return copy_with(state, phase=RESCUE_CARDS)


def rescue_cards_revealed(
    state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]
) -> IsleState:
    """Rescue cards are revealed at once; speed reorders the island, ties keep their order."""
    players = []
    for player, pick in zip(state.players, decisions, strict=True):
        rescues = [r for r in (CARDS[card_id].effect(Rescue) for card_id in pick) if r is not None]
        players.append(
            copy_with(
                player,
                hand=tuple(card_id for card_id in player.hand if card_id not in pick),
                rescue_cards=pick,
                speed=sum(rescue.speed for rescue in rescues),
                card_baskets=sum(rescue.whole_baskets for rescue in rescues),
                half_baskets=sum(rescue.half_baskets for rescue in rescues),
                passed=False,
            )
        )
    order = tuple(sorted(state.order, key=lambda seat: -players[seat].speed))
    events.append(
        {
            "type": "rescue_cards_revealed",
            "cards": {state.name(i): list(player.rescue_cards) for i, player in enumerate(players)},
            "turn_order": [state.name(i) for i in order],
        }
    )
    return copy_with(state, players=tuple(players), order=order, phase=RESCUE_PHASE, current=0)
