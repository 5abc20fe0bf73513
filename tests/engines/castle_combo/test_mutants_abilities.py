"""Castle Combo's abilities pinned where the mutation run found them loose.

Card texts from the reference data (`/work/shared/reference/castle_combo/cards.json`).
"""

from __future__ import annotations

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo.abilities import asks_for_choices
from engines.castle_combo.catalogue import CARDS

from .helpers import table_state, tableau

ASKING = {
    # fill up to 2 purses: which ones
    "steward",
    # a gain per shield or banner in a chosen neighbour's tableau: which neighbour
    "templar",
    "spy",
    "witch",
    "brigand",
    # discard a display card for its printed cost: which card
    "gravedigger",
    "guildmaster",
    "executioner",
    # "choose one" of two options: which option
    "banker",
    "barbarian",
    "militiaman",
    "bombardier",
    "blacksmith",
}


def test_exactly_the_cards_whose_ability_takes_a_choice_ask_for_one() -> None:
    # Every other card's ability is fixed (gains from its own tableau, a discount, or nothing).
    assert {card_id for card_id, card in CARDS.items() if asks_for_choices(card)} == ASKING


def test_the_steward_fills_at_most_two_purses() -> None:
    # ann holds two empty purses (gravedigger, capacity 8; potter, capacity 4) and buys the
    # steward (cost 0, a purse of 3 itself): "fill up to 2 of your face-up purse cards". Three
    # purses, at most two chosen: none, one of 3, or two of 3 = 1 + 3 + 3 = 7 ways.
    ann = tableau({(0, 0): "gravedigger", (0, 1): "potter"})
    bob = tableau({(0, 0): "knight", (1, 0): "judge"})
    state = table_state(
        {"ann": (ann, 5, 0), "bob": (bob, 5, 0)},
        to_move="ann",
        messenger="castle",
        castle=["steward"],
    )
    ways = [
        a.choices.purses
        for a in CASTLE_COMBO.legal_actions(state)
        if a.card == "steward" and a.cell == (1, 0) and not a.face_down
    ]
    assert sorted(ways) == [
        (),
        ((0, 0),),
        ((0, 0), (0, 1)),
        ((0, 0), (1, 0)),
        ((0, 1),),
        ((0, 1), (1, 0)),
        ((1, 0),),
    ]
