"""What the simultaneous decisions change once everyone has decided and they are revealed: the
draft picks passed on, the cards bought, the rescue cards that set the island's order.
"""

from __future__ import annotations

from engines.core.protocol import Event
from engines.isle_of_cats.catalogue import CARDS
from engines.isle_of_cats.effects import Rescue
from engines.isle_of_cats.state import BUY, RESCUE_CARDS, IsleState
from engines.isle_of_cats.state import RESCUE as RESCUE_PHASE


def take_cards(
    state: IsleState,
    seat: int,
    cards: tuple[int, ...],
    colors: tuple[str | None, ...],
    events: list[Event],
) -> None:
    """Pay for cards; lessons go to the lesson pile or face up, the rest to the hand."""
    player = state.players[seat]
    player.fish -= sum(CARDS[card_id].cost for card_id in cards)
    for card_id, color in zip(cards, colors or (None,) * len(cards), strict=True):
        lesson = CARDS[card_id].lesson
        if lesson is not None and not lesson.public:
            player.private_lessons.append(card_id)
        elif lesson is not None:
            state.public_lessons.append((card_id, color))
            events.append(
                {
                    "type": "public_lesson",
                    "player": state.name(seat),
                    "card": card_id,
                    "color": color,
                }
            )
        else:
            player.hand.append(card_id)


def pass_hands(state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> None:
    for player, pick in zip(state.players, decisions, strict=True):
        player.kept.extend(pick)
        for card_id in pick:
            player.draft_hand.remove(card_id)
    state.draft_round += 1
    n = len(state.players)
    step = 1 if state.day % 2 == 1 else -1  # left on days 1, 3 and 5; right on days 2 and 4
    hands = [player.draft_hand for player in state.players]
    for seat, player in enumerate(state.players):
        player.draft_hand = list(hands[(seat - step) % n])
    events.append(
        {
            "type": "draft_passed",
            "round": state.draft_round,
            "direction": "left" if step == 1 else "right",
        }
    )
    if state.draft_round == 3:
        for player in state.players:
            player.kept.extend(player.draft_hand)  # the single card passed last is kept
            player.draft_hand = []
    if not any(player.draft_hand for player in state.players):
        state.phase = BUY


def bought(state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]) -> None:
    for seat, player in enumerate(state.players):
        pick = decisions[seat]
        colors = player.decision_colors or (None,) * len(pick)
        player.decision_colors = ()
        take_cards(state, seat, pick, colors, events)
        state.discard.extend(card_id for card_id in player.kept if card_id not in pick)
        player.kept = []
        events.append({"type": "bought", "player": state.name(seat), "count": len(pick)})
    state.phase = RESCUE_CARDS


def rescue_cards_revealed(
    state: IsleState, decisions: list[tuple[int, ...]], events: list[Event]
) -> None:
    """Rescue cards are revealed at once; speed reorders the island, ties keep their order."""
    for player, pick in zip(state.players, decisions, strict=True):
        for card_id in pick:
            player.hand.remove(card_id)
        player.rescue_cards = list(pick)
        rescues = [CARDS[card_id].effect(Rescue) for card_id in pick]
        player.speed = sum(rescue.speed for rescue in rescues if rescue is not None)
        player.card_baskets = sum(rescue.whole_baskets for rescue in rescues if rescue is not None)
        player.half_baskets = sum(rescue.half_baskets for rescue in rescues if rescue is not None)
        player.passed = False
    state.order = sorted(state.order, key=lambda seat: -state.players[seat].speed)
    events.append(
        {
            "type": "rescue_cards_revealed",
            "cards": {state.name(i): player.rescue_cards for i, player in enumerate(state.players)},
            "turn_order": [state.name(i) for i in state.order],
        }
    )
    state.phase = RESCUE_PHASE
    state.current = 0
