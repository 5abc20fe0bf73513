"""Castle Combo's turn pinned where the mutation run found it loose: the exact reason each refusal
gives, and the edges of the key and the chance draws.

Card data from the reference (`/work/shared/reference/castle_combo/cards.json`); the turn from the
rulebook (`/work/shared/rules/castle_combo.pt.txt`). Expected values are worked out by hand.
"""

from __future__ import annotations

from dataclasses import replace

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo import rules as R
from engines.castle_combo.abilities import Choices
from engines.castle_combo.catalogue import DECKS
from engines.castle_combo.state import CastleComboState
from engines.core.errors import Reason

from .helpers import table_state, tableau


def two(
    *,
    ann: dict[tuple[int, int], str] | None = None,
    bob: dict[tuple[int, int], str] | None = None,
    gold: int = 10,
    keys: int = 2,
    messenger: str = "castle",
    castle: list[str] | None = None,
    village: list[str] | None = None,
    options: dict[str, str] | None = None,
) -> CastleComboState:
    """Ann to move (10 gold) in a two-player game, bob holding a knight unless told."""
    return table_state(
        {
            "ann": (tableau(ann or {}), gold, keys),
            "bob": (tableau(bob or {(0, 0): "knight"}), 10, 2),
        },
        to_move="ann",
        messenger=messenger,
        castle=castle or [],
        village=village or [],
        options=options,
    )


def why(state: CastleComboState, action: R.Action) -> list[Reason]:
    return CASTLE_COMBO.check(state, action)


# --- the table's draws -------------------------------------------------------------------------


def test_a_card_reported_when_no_draw_is_due_is_refused() -> None:
    state = two()  # seeded: the game reveals its own cards
    draw = R.Action(R.DRAW, R.CHANCE_SEAT, card="judge", location="castle")
    assert why(state, draw) == [Reason("NO_CHANCE_PENDING", "no card is to be revealed now")]


def test_a_reported_card_comes_from_the_deck_whose_display_is_short() -> None:
    # External mode, ann buys the duchess: the castle shows prince and baron and waits for one
    # card of its deck; a village card or a card already shown is refused.
    state = two(castle=["duchess", "prince", "baron"], options={"randomness": "external"})
    state, _ = CASTLE_COMBO.apply_checked(
        state, R.Action(R.BUY, 0, card="duchess", cell=(0, 0), face_down=True)
    )
    at_village = R.Action(R.DRAW, R.CHANCE_SEAT, card="judge", location="village")
    assert why(state, at_village) == [
        Reason("ILLEGAL_CHANCE_OUTCOME", "the next card is revealed at the castle")
    ]
    shown = R.Action(R.DRAW, R.CHANCE_SEAT, card="prince", location="castle")
    assert why(state, shown) == [
        Reason("ILLEGAL_CHANCE_OUTCOME", "prince is not in the castle deck")
    ]
    judge = R.Action(R.DRAW, R.CHANCE_SEAT, card="judge", location="castle")
    assert why(state, judge) == []
    _, events = CASTLE_COMBO.apply_checked(state, judge)
    assert events[0] == {"type": "card_revealed", "location": "castle", "card": "judge"}


# --- keys ----------------------------------------------------------------------------------------


def test_one_key_per_turn_saying_why() -> None:
    state, _ = CASTLE_COMBO.apply_checked(two(), R.Action(R.MOVE, 0, location="village"))
    assert why(state, R.Action(R.REFRESH, 0, location="village")) == [
        Reason("KEY_ALREADY_SPENT", "a player spends at most one key per turn")
    ]


def test_a_key_action_needs_a_key_saying_why() -> None:
    state = two(keys=0)
    assert why(state, R.Action(R.MOVE, 0, location="village")) == [
        Reason("NO_KEYS", "spending a key needs a key; you have none")
    ]
    # Without a key neither key action is offered: only purchases.
    assert {a.kind for a in CASTLE_COMBO.legal_actions(state)} == {R.BUY}
    one = {a.kind for a in CASTLE_COMBO.legal_actions(two(keys=1))}
    assert one == {R.BUY, R.MOVE, R.REFRESH}


def test_the_messenger_moves_only_to_the_other_location() -> None:
    state = two(messenger="castle")
    assert why(state, R.Action(R.MOVE, 0, location="castle")) == [
        Reason("INVALID_LOCATION", "the messenger can only move to the village")
    ]


def test_the_messenger_cannot_move_to_a_location_that_left_the_game() -> None:
    # The village has left the game (its deck and discards ran out); the messenger is at the
    # castle.
    state = replace(two(messenger="castle"), removed=(False, True))
    assert why(state, R.Action(R.MOVE, 0, location="village")) == [
        Reason("LOCATION_REMOVED", "the village has left the game")
    ]


def test_only_the_messengers_display_is_refreshed() -> None:
    state = two(messenger="castle")
    assert why(state, R.Action(R.REFRESH, 0, location="village")) == [
        Reason("INVALID_LOCATION", "only the messenger's display (castle) can be refreshed")
    ]


# --- whose actions -------------------------------------------------------------------------------


def test_legal_actions_by_player_name() -> None:
    state = two()
    # Ann moves first: bob has nothing to do, ann has her actions.
    assert CASTLE_COMBO.legal_actions(state, "bob") == []
    assert CASTLE_COMBO.legal_actions(state, "ann") == CASTLE_COMBO.legal_actions(state)
    assert CASTLE_COMBO.legal_actions(state, "ann") != []


# --- buying --------------------------------------------------------------------------------------


def test_only_a_card_shown_at_the_messenger_is_bought_saying_which_are() -> None:
    state = two(castle=["duchess", "prince", "baron"])
    assert why(state, R.Action(R.BUY, 0, card="judge", cell=(0, 0))) == [
        Reason(
            "CARD_NOT_AVAILABLE",
            "judge is not among the cards at the castle (duchess, prince and baron)",
        )
    ]


def test_a_card_bought_face_down_takes_no_choice() -> None:
    state = two(castle=["duchess", "prince", "baron"])
    down = R.Action(R.BUY, 0, card="duchess", cell=(0, 0), face_down=True, choices=Choices(1))
    assert why(state, down) == [
        Reason("CHOICE_NOT_ALLOWED", "a card bought face down has no ability to choose for")
    ]


def test_a_card_costing_more_than_the_gold_is_refused_with_its_price() -> None:
    # The prince costs 6; ann has 3 gold and no discount.
    state = two(gold=3, castle=["duchess", "prince", "baron"])
    assert why(state, R.Action(R.BUY, 0, card="prince", cell=(0, 0))) == [
        Reason("CANNOT_AFFORD", "prince costs 6 gold; you have 3")
    ]
    # 6 gold is enough.
    assert why(two(gold=6, castle=["prince"]), R.Action(R.BUY, 0, card="prince", cell=(0, 0))) == []


def test_placement_refusals_name_the_cell() -> None:
    castle = ["duchess", "prince", "baron"]
    first = two(castle=castle)
    assert why(first, R.Action(R.BUY, 0, card="duchess", cell=(0, 1), face_down=True)) == [
        Reason("FIRST_CARD_CELL", "the first card of a tableau goes to [0, 0]")
    ]
    one = two(ann={(0, 0): "judge"}, castle=castle)
    assert why(one, R.Action(R.BUY, 0, card="duchess", cell=(0, 0), face_down=True)) == [
        Reason("CELL_TAKEN", "[0, 0] already holds a card")
    ]
    # (1, 1) touches (0, 0) only at a corner: not adjacent.
    assert why(one, R.Action(R.BUY, 0, card="duchess", cell=(1, 1), face_down=True)) == [
        Reason("NOT_ADJACENT", "[1, 1] touches no card of the tableau")
    ]
    assert why(one, R.Action(R.BUY, 0, card="duchess", cell=(2, 0), face_down=True)) == [
        Reason("NOT_ADJACENT", "[2, 0] touches no card of the tableau")
    ]
    row = two(
        ann={(0, 0): "judge", (0, 1): "templar", (0, 2): "steward"},
        bob={(0, 0): "knight", (0, 1): "nun", (0, 2): "potter"},
        castle=castle,
    )
    assert why(row, R.Action(R.BUY, 0, card="duchess", cell=(0, 3), face_down=True)) == [
        Reason("GRID_TOO_LARGE", "a card at [0, 3] would make a 4th row or column")
    ]
    assert why(row, R.Action(R.BUY, 0, card="duchess", cell=(0, 2), face_down=True)) == [
        Reason("CELL_TAKEN", "[0, 2] already holds a card")
    ]


def test_a_new_card_touches_a_card_on_any_of_its_four_sides() -> None:
    # ann's one card is at (0, 0): the four cells sharing a side with it are open.
    one = two(ann={(0, 0): "judge"}, castle=["duchess", "prince", "baron"])
    for cell in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        assert why(one, R.Action(R.BUY, 0, card="duchess", cell=cell, face_down=True)) == []


# --- choices -------------------------------------------------------------------------------------


def main3(card: str) -> CastleComboState:
    """Three players: ann (princess, potter with 2 gold; 20 gold), bob (knight, stable boy),
    carol (scribe, his majesty); ``card`` shown at the messenger's location."""
    deck = "castle" if card in DECKS["castle"] else "village"
    return table_state(
        {
            "ann": (tableau({(0, 0): "princess", (0, 1): "potter$2"}), 20, 1),
            "bob": (tableau({(0, 0): "knight", (0, 1): "stable_boy"}), 10, 0),
            "carol": (tableau({(0, 0): "scribe", (0, 1): "his_majesty"}), 10, 0),
        },
        to_move="ann",
        messenger=deck,
        castle=[card] if deck == "castle" else [],
        village=[card] if deck == "village" else ["beggar", "shepherd", "usurper"],
    )


def choosing(card: str, choices: Choices) -> list[Reason]:
    return why(main3(card), R.Action(R.BUY, 0, card=card, cell=(0, 2), choices=choices))


def test_choice_refusals_say_what_the_ability_asks_for() -> None:
    # barbarian: "choose one" of 2; duchess: no choice, no neighbour, no discard, no purse;
    # templar reads a neighbour; gravedigger discards a village card (beggar, shepherd and
    # usurper are shown there); steward fills up to 2 purses with room (potter at [0, 1],
    # holding 1 of 4, and the steward itself at [0, 2]).
    assert choosing("barbarian", Choices()) == [
        Reason("CHOICE_REQUIRED", "barbarian asks for a choice between 1 and 2")
    ]
    assert choosing("barbarian", Choices(3)) == [
        Reason("CHOICE_REQUIRED", "barbarian asks for a choice between 1 and 2")
    ]
    assert choosing("duchess", Choices(1)) == [
        Reason("CHOICE_NOT_ALLOWED", "duchess asks for no choice")
    ]
    assert choosing("templar", Choices()) == [
        Reason("NEIGHBOUR_REQUIRED", "name the player to your left or right")
    ]
    assert choosing("duchess", Choices(neighbour=1)) == [
        Reason("NEIGHBOUR_NOT_ALLOWED", "this ability reads no neighbour")
    ]
    assert choosing("gravedigger", Choices(discard="doctor")) == [
        Reason("DISCARD_REQUIRED", "name one of the village cards (beggar, shepherd or usurper)")
    ]
    assert choosing("duchess", Choices(discard="beggar")) == [
        Reason("DISCARD_NOT_ALLOWED", "this ability discards no display card")
    ]
    assert choosing("duchess", Choices(purses=((0, 1),))) == [
        Reason("PURSES_NOT_ALLOWED", "this ability fills no purse")
    ]


def test_two_neighbours_who_give_the_same_are_named_by_the_first() -> None:
    # blacksmith option 1 reads nobility: bob (stable boy) 1, carol (his majesty) 1: the same
    # gain, so only bob (seat 1) is named.
    assert choosing("blacksmith", Choices(1, neighbour=2)) == [
        Reason("NEIGHBOUR_NOT_CANONICAL", "both neighbours give the same: name the first")
    ]
    assert choosing("blacksmith", Choices(1, neighbour=1)) == []


def test_the_steward_fills_up_to_two_purses_with_room_each_once_in_order() -> None:
    bad = [
        Reason("INVALID_PURSES", "choose up to 2 of your purse cards with room ([0, 1] and [0, 2])")
    ]
    assert choosing("steward", Choices(purses=((0, 0),))) == bad  # the princess is no purse
    assert choosing("steward", Choices(purses=((0, 1), (0, 1)))) == bad  # twice
    assert choosing("steward", Choices(purses=((0, 2), (0, 1)))) == bad  # not in cell order
    assert choosing("steward", Choices(purses=((0, 1), (0, 2), (0, 2)))) == bad  # 3 of 2
    for purses in ((), ((0, 1),), ((0, 2),), ((0, 1), (0, 2))):
        assert choosing("steward", Choices(purses=purses)) == []


# --- what a purchase announces -------------------------------------------------------------------


def test_a_purchase_announces_the_buyers_gains_and_each_opponents() -> None:
    # Royal guard (castle, cost 4, messenger icon village): 1 key for ann, 1 key for each
    # opponent. Ann has no discount: she pays 4.
    state = two(castle=["royal_guard", "prince", "baron"])
    _, events = CASTLE_COMBO.apply_checked(state, R.Action(R.BUY, 0, card="royal_guard"))
    assert events[:3] == [
        {
            "type": "card_bought",
            "player": "ann",
            "card": "royal_guard",
            "cell": [0, 0],
            "face_down": False,
            "paid": 4,
            "gold_gained": 0,
            "keys_gained": 1,
        },
        {"type": "opponent_gain", "player": "bob", "gold": 0, "keys": 1},
        {"type": "messenger_moved", "to": "village"},
    ]


def test_a_chosen_option_is_announced_with_the_purchase() -> None:
    # Barbarian (village, cost 2, messenger icon castle), option 2: 2 keys. The princess's
    # discount is for the castle only: ann pays 2.
    state = main3("barbarian")
    buy = R.Action(R.BUY, 0, card="barbarian", cell=(0, 2), choices=Choices(2))
    _, events = CASTLE_COMBO.apply_checked(state, buy)
    assert events[:2] == [
        {
            "type": "card_bought",
            "player": "ann",
            "card": "barbarian",
            "cell": [0, 2],
            "face_down": False,
            "paid": 2,
            "gold_gained": 0,
            "keys_gained": 2,
            "choice": 2,
        },
        {"type": "messenger_moved", "to": "castle"},
    ]


def test_purses_filled_are_announced_with_the_gold_each_now_holds() -> None:
    # Steward (cost 0, a purse of 3 itself) fills the potter (1 of 4) and itself to capacity.
    state = main3("steward")
    buy = R.Action(R.BUY, 0, card="steward", cell=(0, 2), choices=Choices(purses=((0, 1), (0, 2))))
    _, events = CASTLE_COMBO.apply_checked(state, buy)
    assert events[:2] == [
        {
            "type": "card_bought",
            "player": "ann",
            "card": "steward",
            "cell": [0, 2],
            "face_down": False,
            "paid": 0,
            "gold_gained": 0,
            "keys_gained": 0,
        },
        {
            "type": "purses_filled",
            "player": "ann",
            "purses": [{"cell": [0, 1], "gold": 4}, {"cell": [0, 2], "gold": 3}],
        },
    ]


def test_a_display_card_discarded_by_an_ability_pays_its_printed_cost() -> None:
    # Gravedigger (castle, cost 4 less the princess's castle discount 1 = 3) discards a village
    # card and gains its printed cost in gold: the shepherd costs 5.
    state = main3("gravedigger")
    buy = R.Action(R.BUY, 0, card="gravedigger", cell=(0, 2), choices=Choices(discard="shepherd"))
    after, events = CASTLE_COMBO.apply_checked(state, buy)
    assert events[:2] == [
        {
            "type": "card_bought",
            "player": "ann",
            "card": "gravedigger",
            "cell": [0, 2],
            "face_down": False,
            "paid": 3,
            "gold_gained": 5,
            "keys_gained": 0,
        },
        {"type": "card_discarded", "location": "village", "card": "shepherd"},
    ]
    assert after.gold[0] == 20 - 3 + 5
    assert after.discards[1] == ("shepherd",)
    assert after.displays[1][:2] == ("beggar", "usurper")


def test_a_refresh_is_announced_as_the_key_spent() -> None:
    state = two(messenger="castle")
    _, events = CASTLE_COMBO.apply_checked(state, R.Action(R.REFRESH, 0, location="castle"))
    assert events[0] == {
        "type": "key_spent",
        "player": "ann",
        "action": "refresh_display",
        "location": "castle",
    }


def test_a_reshuffle_moves_the_stored_generator_on() -> None:
    # Every castle card not shown (36) is on the discard pile: buying the duchess reshuffles
    # them. Fisher-Yates on 36 cards draws at least 35 words, so the counter the state keeps
    # moves on by at least 35 (the next reshuffle must not repeat this one).
    shown = ["duchess", "prince", "baron"]
    dropped = [c for c in DECKS["castle"] if c not in shown]
    state = table_state(
        {"ann": (tableau({}), 10, 2), "bob": (tableau({}), 10, 2)},
        to_move="ann",
        messenger="castle",
        castle=shown,
        discards={"castle": dropped},
    )
    before = state.env.rng.counter
    after, _ = CASTLE_COMBO.apply_checked(state, R.Action(R.BUY, 0, card="duchess", face_down=True))
    assert after.env.rng.counter >= before + 35


def test_refusals_name_whose_turn_or_which_draw_is_awaited() -> None:
    state = two(castle=["duchess", "prince", "baron"], options={"randomness": "external"})
    assert why(state, R.Action(R.BUY, 1, card="duchess", face_down=True)) == [
        Reason("NOT_YOUR_TURN", "it is the turn of “ann”")
    ]
    state, _ = CASTLE_COMBO.apply_checked(state, R.Action(R.BUY, 0, card="duchess", face_down=True))
    assert why(state, R.Action(R.BUY, 1, card="prince", face_down=True)) == [
        Reason("CHANCE_PENDING", "the table must first report the card revealed at castle")
    ]


def test_a_location_that_leaves_the_game_is_announced_with_its_cards() -> None:
    # Five players: 36 castle cards in tableaux, the other 3 shown, none discarded; p4 (7 cards)
    # buys the first shown face down: the castle cannot show 3 cards again and leaves with the 2
    # still shown; the messenger, at the castle, goes to the village.
    castle = list(DECKS["castle"])
    shown, pool = castle[:3], castle[3:] + list(DECKS["village"][:3])
    cells = [(r, c) for r in range(3) for c in range(3)]
    players = {}
    for seat in range(5):
        size = 7 if seat == 4 else 8
        mine, pool = pool[:size], pool[size:]
        players[f"p{seat}"] = (
            [
                {"card": c, "cell": list(cells[i]), "face_down": True, "gold": 0}
                for i, c in enumerate(mine)
            ],
            20,
            0,
        )
    state = table_state(
        players, to_move="p4", messenger="castle", castle=shown, village=list(DECKS["village"][3:6])
    )
    _, events = CASTLE_COMBO.apply_checked(
        state, R.Action(R.BUY, 4, card=shown[0], cell=(2, 1), face_down=True)
    )
    assert events[1:3] == [
        {"type": "location_removed", "location": "castle", "cards": shown[1:]},
        {"type": "messenger_moved", "to": "village"},
    ]


def test_discounts_shown_count_towards_what_a_player_can_afford() -> None:
    # The princess gives 1 off castle cards: the prince (6) costs ann 5, all her gold.
    state = two(ann={(0, 0): "princess"}, gold=5, castle=["prince"])
    assert why(state, R.Action(R.BUY, 0, card="prince", cell=(0, 1))) == []


def test_a_finished_game_takes_no_action() -> None:
    # Ann and bob hold 8 face-down cards each; each buys a 9th: the game is over.
    castle = list(DECKS["castle"])
    cells = [(r, c) for r in range(3) for c in range(3)]

    def eight(cards: list[str]) -> list[dict[str, object]]:
        return [
            {"card": c, "cell": list(cells[i]), "face_down": True, "gold": 0}
            for i, c in enumerate(cards)
        ]

    state = table_state(
        {"ann": (eight(castle[3:11]), 10, 0), "bob": (eight(castle[11:19]), 10, 0)},
        to_move="ann",
        messenger="castle",
        castle=castle[:3],
    )
    state, _ = CASTLE_COMBO.apply_checked(
        state, R.Action(R.BUY, 0, card=castle[0], cell=(2, 2), face_down=True)
    )
    shown = state.displays[0]
    state, _ = CASTLE_COMBO.apply_checked(
        state, R.Action(R.BUY, 1, card=shown[0], cell=(2, 2), face_down=True)
    )
    assert CASTLE_COMBO.is_finished(state)
    assert why(state, R.Action(R.BUY, 0, card=shown[1], face_down=True)) == [
        Reason("GAME_OVER", "the game is over: every tableau holds 9 cards")
    ]
