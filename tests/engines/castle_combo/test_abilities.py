"""Every card's immediate ability, bought face up into a known tableau, with hand-checked gains.

Two tables are used, so that no card is both in a tableau and bought. In both, ann is to move
with 20 gold and 1 key, and the new card goes to the cell named.

MAIN (3 players: ann, bob to her left, carol to her right); ann's tableau:

    (0,0) princess [nobility]           castle  cost 3, discount castle 1
    (0,1) monk [faith, peasantry]       village cost 4
    (0,2) potter [craft, craft]         village cost 2, purse 4, 2 gold on it (its own ability's)
    (1,0) goldsmith [schol, craft]      castle  cost 4
    (1,1) farmer, face down
    new card at (1,2)

  shown: nobility 1, faith 1, peasantry 1, scholarship 1, craftsmanship 3, military 0 (5 types);
  castle banners 2, village banners 2; 1 card with one shield, 3 with two; 2 cards printed 4;
  1 purse; 5 cards. A Castle card costs 1 less (princess), a Village card full price.
  bob: knight [military], clockmaker [craft], stable_boy [peasantry, nobility],
       fisherman [peasantry x2], vicar [faith] -> military 1, craft 1, peasantry 3, nobility 1,
       faith 1, scholarship 0; 1 castle banner.
  carol: professor [schol], scribe [faith], his_majesty [nobility, faith], cardinal [faith],
       farmhand [peasantry] -> scholarship 1, faith 3, nobility 1, peasantry 1; 4 castle banners.

ALT (2 players: ann, bob); ann's tableau:

    (0,0) chancellor [nobility, scholarship] castle cost 6
    (0,1) winemaker [scholarship, peasantry]  village cost 2
    (1,0) miraculously_cured [faith, faith]   village cost 2, purse 4, no gold
    new card at (1,1)

  shown: nobility 1, scholarship 2, peasantry 1, faith 2 (4 types); castle banners 1, village 2;
  3 cards with two shields; 1 purse; 3 cards; no discount.
  bob: duchess, baker, glassblower.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo.abilities import asks_for_choices
from engines.castle_combo.catalogue import CARDS
from engines.castle_combo.state import CastleComboState

from .helpers import buy, public, table_state, tableau

MAIN_ANN = {
    (0, 0): "princess",
    (0, 1): "monk",
    (0, 2): "potter$2",
    (1, 0): "goldsmith",
    (1, 1): "farmer!",
}
MAIN_BOB = {
    (0, 0): "knight",
    (0, 1): "clockmaker",
    (0, 2): "stable_boy",
    (1, 0): "fisherman",
    (1, 1): "vicar",
}
MAIN_CAROL = {
    (0, 0): "professor",
    (0, 1): "scribe",
    (0, 2): "his_majesty",
    (1, 0): "cardinal",
    (1, 1): "farmhand",
}
ALT_ANN = {(0, 0): "chancellor", (0, 1): "winemaker", (1, 0): "miraculously_cured"}
ALT_BOB = {(0, 0): "duchess", (0, 1): "baker", (0, 2): "glassblower"}


def main_table(card: str, **displays: list[str]) -> CastleComboState:
    deck = CARDS[card].deck
    shown = {deck: [card]}
    shown.update({k: v for k, v in displays.items() if k != deck})
    return table_state(
        {
            "ann": (tableau(MAIN_ANN), 20, 1),
            "bob": (tableau(MAIN_BOB), 10, 0),
            "carol": (tableau(MAIN_CAROL), 10, 0),
        },
        to_move="ann",
        messenger=deck,
        castle=shown.get("castle", []),
        village=shown.get("village", []),
    )


def alt_table(card: str) -> CastleComboState:
    deck = CARDS[card].deck
    return table_state(
        {"ann": (tableau(ALT_ANN), 20, 1), "bob": (tableau(ALT_BOB), 10, 0)},
        to_move="ann",
        messenger=deck,
        castle=[card] if deck == "castle" else [],
        village=[card] if deck == "village" else [],
    )


# (card, extra buy fields, ann's gold after, ann's keys after, comment = the hand computation)
MAIN_CASES: list[tuple[str, dict[str, Any], int, int]] = [
    # Castle cards cost 1 less (princess).
    # fill potter (1 -> 4) and steward (0 -> 3): price 0 -> 20 gold
    ("steward", {"purses": [[0, 2], [1, 2]]}, 20, 1),
    # +4 keys; price 5-1 = 4 -> 16 gold, 5 keys
    ("mother_superior", {}, 16, 5),
    # +3 keys (opponents +1 each); price 6 -> 14 gold, 4 keys
    ("his_holiness", {}, 14, 4),
    # 1 gold per card with one shield: princess, chaplain = 2; price 4 -> 20-4+2 = 18
    ("chaplain", {}, 18, 1),
    # 1 gold per faith of carol (3); 1 key per own military (templar 1); price 4 -> 19 gold, 2 keys
    ("templar", {"neighbour": "carol"}, 19, 2),
    # discard shepherd (printed 5) from the village: +5 gold; price 3 -> 22
    ("gravedigger", {"discard": "shepherd"}, 22, 1),
    # discount only; price 5 -> 15
    ("alchemist", {}, 15, 1),
    # discount only; price 4 -> 16
    ("astronomer", {}, 16, 1),
    # discount only; price 5 -> 15
    ("pilgrim", {}, 15, 1),
    # 1 gold per empty slot: 9 - 6 cards = 3; price 3 -> 20
    ("devout", {}, 20, 1),
    # 1 gold per castle banner: princess, goldsmith, nun = 3; price 2 -> 21
    ("nun", {}, 21, 1),
    # discount only; price 3 -> 17
    ("architect", {}, 17, 1),
    # discount only; price 2 -> 18
    ("apothecary", {}, 18, 1),
    # 1 gold per nobility (1) + 1 per military (officer 1) = 2; price 4 -> 18
    ("officer", {}, 18, 1),
    # discount only; price 4 -> 16
    ("captain", {}, 16, 1),
    # +2 keys; price 3 -> 17 gold, 3 keys
    ("judge", {}, 17, 3),
    # opponents +2 gold each, nothing for ann; price 6 -> 14
    ("patron", {}, 14, 1),
    # discard usurper (printed 5) from the village: +5 keys; price 4 -> 16 gold, 6 keys
    ("guildmaster", {"discard": "usurper"}, 16, 6),
    # 1 key per shield type: the 5 shown + military = 6; price 6 -> 14 gold, 7 keys
    ("general", {}, 14, 7),
    # 1 key per military: lookout 1; price 5 -> 15 gold, 2 keys
    ("lookout", {}, 15, 2),
    # +1 key (opponents +1 each); price 3 -> 17 gold, 2 keys
    ("royal_guard", {}, 17, 2),
    # option 2: +3 keys; price 6 -> 14 gold, 4 keys
    ("banker", {"choice": 2}, 14, 4),
    # 1 gold per card printed 4: monk, goldsmith, pawnbroker = 3; price 3 -> 20
    ("pawnbroker", {}, 20, 1),
    # discount only; price 1 -> 19
    ("chatelaine", {}, 19, 1),
    # 1 gold per faith (1) + 1 per craftsmanship (3 + 1) = 5; price 4 -> 21
    ("glassblower", {}, 21, 1),
    # 1 gold per nobility: princess, prince = 2; price 5 -> 17
    ("prince", {}, 17, 1),
    # 2 gold on each purse (potter 2 -> 4, queen mother 0 -> 2); price 2 -> 18
    ("queen_mother", {}, 18, 1),
    # 2 gold per nobility: (1 + 1) x 2 = 4; price 2 -> 22
    ("jester", {}, 22, 1),
    # 1 key per scholarship: goldsmith 1 + chancellor 1 = 2; price 5 -> 15 gold, 3 keys
    ("chancellor", {}, 15, 3),
    # discount only; price 2 -> 18
    ("baron", {}, 18, 1),
    # 1 key per nobility: princess, queen = 2; price 6 -> 14 gold, 3 keys
    ("her_majesty_the_queen", {}, 14, 3),
    # +2 keys; price 4 -> 16 gold, 3 keys
    ("duchess", {}, 16, 3),
    # Village cards at full price.
    # 1 gold per scholarship: goldsmith 1 + inventor 2 = 3; price 2 -> 21
    ("inventor", {}, 21, 1),
    # 1 gold per scholarship (1 + 1 = 2), 1 key per military of bob (1); price 4 -> 18 gold, 2 keys
    ("spy", {"neighbour": "bob"}, 18, 2),
    # 1 key per face-up purse: potter, miraculously cured = 2; price 2 -> 18 gold, 3 keys
    ("miraculously_cured", {}, 18, 3),
    # discount only; price 0 -> 20
    ("squire", {}, 20, 1),
    # discount only; price 2 -> 18
    ("philosopher", {}, 18, 1),
    # 1 gold per scholarship (1 + 1) + 1 per peasantry (1) = 3; price 5 -> 18
    ("doctor", {}, 18, 1),
    # discard prince (printed 6) from the castle: +6 gold; price 0 -> 26
    ("executioner", {"discard": "prince"}, 26, 1),
    # option 1: 1 gold per scholarship of carol (1); price 2 -> 19
    ("barbarian", {"choice": 1, "neighbour": "carol"}, 19, 1),
    # option 1: 1 gold per peasantry of bob (3); price 2 -> 21
    ("militiaman", {"choice": 1, "neighbour": "bob"}, 21, 1),
    # option 1: 1 gold per craftsmanship of bob (1); price 2 -> 19
    ("bombardier", {"choice": 1, "neighbour": "bob"}, 19, 1),
    # discount only; price 3 -> 17
    ("stonemason", {}, 17, 1),
    # option 1: 1 gold per nobility of bob (1; carol has 1 too); price 5 -> 16
    ("blacksmith", {"choice": 1, "neighbour": "bob"}, 16, 1),
    # 1 gold per military: master-at-arms 2; price 2 -> 20
    ("master_at_arms", {}, 20, 1),
    # 1 gold per shield type: the 5 shown + military = 6; price 6 -> 20
    ("mercenary", {}, 20, 1),
    # 2 gold on each purse (potter 2 -> 4, innkeeper 0 -> 2), opponents +2 gold; price 0 -> 20
    ("innkeeper", {}, 20, 1),
    # 1 key per faith: monk 1 + sculptor 1 = 2; price 3 -> 17 gold, 3 keys
    ("sculptor", {}, 17, 3),
    # 2 gold per craftsmanship: (3 + 1) x 2 = 8; price 0 -> 28
    ("spice_merchant", {}, 28, 1),
    # discount only; price 3 -> 17
    ("armorer", {}, 17, 1),
    # 1 key per craftsmanship: 3 + 1 = 4; price 4 -> 16 gold, 5 keys
    ("locksmith", {}, 16, 5),
    # 1 key per missing shield type: only military is missing = 1; price 0 -> 20 gold, 2 keys
    ("carpenter", {}, 20, 2),
    # 1 gold per peasantry (monk 1 + witch 1 = 2), 1 key per faith of carol (3); price 4
    # -> 18 gold, 4 keys
    ("witch", {"neighbour": "carol"}, 18, 4),
    # 1 key per castle banner of carol (4); price 7 -> 13 gold, 5 keys
    ("brigand", {"neighbour": "carol"}, 13, 5),
    # 1 gold per card in the tableau, the face-down farmer included: 6; price 0 -> 26
    ("woodcutter", {}, 26, 1),
    # 1 gold per card: 6; price 0 -> 26
    ("beggar", {}, 26, 1),
    # 1 gold per village banner: monk, potter, winemaker = 3; price 2 -> 21
    ("winemaker", {}, 21, 1),
    # 1 gold per empty slot: 9 - 6 = 3; price 5 -> 18
    ("shepherd", {}, 18, 1),
    # 1 key per card with one shield: princess, usurper = 2; price 5 -> 15 gold, 3 keys
    ("usurper", {}, 15, 3),
    # 3 gold per face-up card printed 0: traveler = 1 -> 3; price 0 -> 23
    ("traveler", {}, 23, 1),
    # 1 key per village banner: monk, potter, revolutionary = 3; price 4 -> 16 gold, 4 keys
    ("revolutionary", {}, 16, 4),
    # 1 gold per peasantry (monk 1 + baker 1 = 2), 1 key per village banner (3); price 0
    # -> 22 gold, 4 keys
    ("baker", {}, 22, 4),
    # 2 gold on each purse (potter 2 -> 4, beekeeper 0 -> 2); price 2 -> 18
    ("beekeeper", {}, 18, 1),
]

ALT_CASES: list[tuple[str, dict[str, Any], int, int]] = [
    # 1 gold per faith: 2 + 1 = 3; price 4 -> 19
    ("scribe", {}, 19, 1),
    # 1 key per castle banner: chancellor, cardinal = 2; price 4 -> 16 gold, 3 keys
    ("cardinal", {}, 16, 3),
    # 1 key per card with two shields: 3 + goldsmith = 4; price 4 -> 16 gold, 5 keys
    ("goldsmith", {}, 16, 5),
    # 1 gold per shield type: nobility, scholarship, peasantry, faith = 4; price 4 -> 20
    ("professor", {}, 20, 1),
    # 1 gold per castle banner: chancellor, knight = 2; price 5 -> 17
    ("knight", {}, 17, 1),
    # discount only; price 3 -> 17
    ("princess", {}, 17, 1),
    # opponents +1 gold; price 6 -> 14
    ("his_majesty", {}, 14, 1),
    # 1 gold per village banner: winemaker, miraculously cured, vicar = 3; price 0 -> 23
    ("vicar", {}, 23, 1),
    # 1 gold per craftsmanship: clockmaker 1; price 3 -> 18
    ("clockmaker", {}, 18, 1),
    # 2 gold on each purse (miraculously cured 0 -> 2, potter 0 -> 2); price 2 -> 18
    ("potter", {}, 18, 1),
    # 1 key per peasantry: winemaker 1 + farmer 2 = 3; price 5 -> 15 gold, 4 keys
    ("farmer", {}, 15, 4),
    # 1 key per faith: 2 + monk 1 = 3; price 4 -> 16 gold, 4 keys
    ("monk", {}, 16, 4),
    # 1 key per nobility: chancellor 1 + stable boy 1 = 2; price 4 -> 16 gold, 3 keys
    ("stable_boy", {}, 16, 3),
    # discount only; price 0 -> 20
    ("farmhand", {}, 20, 1),
    # discount only; price 2 -> 18
    ("fisherman", {}, 18, 1),
]


def test_every_card_has_an_ability_case() -> None:
    assert sorted(c for c, *_ in MAIN_CASES + ALT_CASES) == sorted(CARDS)


@pytest.mark.parametrize(
    ("card", "fields", "gold", "keys"), MAIN_CASES, ids=[c[0] for c in MAIN_CASES]
)
def test_ability(card: str, fields: dict[str, Any], gold: int, keys: int) -> None:
    state = main_table(
        card, village=["beggar", "shepherd", "usurper"], castle=["prince", "nun", "baron"]
    )
    after, _ = buy(state, card, [1, 2], **fields)
    ann = public(after)["players"]["ann"]
    assert (ann["gold"], ann["keys"]) == (gold, keys)


@pytest.mark.parametrize(
    ("card", "fields", "gold", "keys"), ALT_CASES, ids=[c[0] for c in ALT_CASES]
)
def test_ability_alt(card: str, fields: dict[str, Any], gold: int, keys: int) -> None:
    after, _ = buy(alt_table(card), card, [1, 1], **fields)
    ann = public(after)["players"]["ann"]
    assert (ann["gold"], ann["keys"]) == (gold, keys)


def _purses(state: CastleComboState, player: str = "ann") -> dict[tuple[int, int], int]:
    return {
        (p["cell"][0], p["cell"][1]): p["gold"]
        for p in public(state)["players"][player]["tableau"]
        if p["gold"]
    }


def test_steward_fills_the_chosen_purses_to_capacity() -> None:
    # potter holds 2 of 4 -> 4; steward itself 0 of 3 -> 3
    after, _ = buy(main_table("steward"), "steward", [1, 2], purses=[[0, 2], [1, 2]])
    assert _purses(after) == {(0, 2): 4, (1, 2): 3}


def test_steward_may_fill_fewer_purses() -> None:
    # only steward itself: 0 -> 3; potter keeps its 2
    after, _ = buy(main_table("steward"), "steward", [1, 2], purses=[[1, 2]])
    assert _purses(after) == {(0, 2): 2, (1, 2): 3}


@pytest.mark.parametrize("card", ["queen_mother", "innkeeper", "potter", "beekeeper"])
def test_two_gold_onto_each_purse_card_itself_included(card: str) -> None:
    # potter already holds 2 -> 4; the new purse at (1,2) 0 -> 2
    state = alt_table(card) if card == "potter" else main_table(card)
    cell = [1, 1] if card == "potter" else [1, 2]
    after, _ = buy(state, card, cell)
    expected = {(1, 0): 2, (1, 1): 2} if card == "potter" else {(0, 2): 4, (1, 2): 2}
    assert _purses(after) == expected


def test_banker_first_option_puts_two_gold_on_each_purse() -> None:
    # banker is no purse; potter 2 -> 4; keys stay 1, gold 20 - 6 = 14
    after, _ = buy(main_table("banker"), "banker", [1, 2], choice=1)
    assert _purses(after) == {(0, 2): 4}
    assert (public(after)["players"]["ann"]["gold"], public(after)["players"]["ann"]["keys"]) == (
        14,
        1,
    )


def test_purse_gold_is_capped_at_capacity() -> None:
    # potter full at 4: queen mother's 2 gold cannot go on it; queen mother 0 -> 2
    ann = {**MAIN_ANN, (0, 2): "potter$4"}
    state = table_state(
        {
            "ann": (tableau(ann), 20, 1),
            "bob": (tableau(MAIN_BOB), 10, 0),
            "carol": (tableau(MAIN_CAROL), 10, 0),
        },
        to_move="ann",
        messenger="castle",
        castle=["queen_mother"],
    )
    after, _ = buy(state, "queen_mother", [1, 2])
    assert _purses(after) == {(0, 2): 4, (1, 2): 2}


@pytest.mark.parametrize(
    ("card", "gold", "keys"),
    [
        # his holiness and royal guard: each opponent +1 key
        ("his_holiness", 0, 1),
        ("royal_guard", 0, 1),
        # patron and innkeeper: each opponent +2 gold
        ("patron", 2, 0),
        ("innkeeper", 2, 0),
    ],
)
def test_opponents_gain(card: str, gold: int, keys: int) -> None:
    after, _ = buy(main_table(card), card, [1, 2])
    for name in ("bob", "carol"):  # both start with 10 gold and 0 keys
        mine = public(after)["players"][name]
        assert (mine["gold"], mine["keys"]) == (10 + gold, keys)


def test_discarding_a_display_card_puts_it_on_its_discard_pile() -> None:
    state = main_table("gravedigger", village=["beggar", "shepherd", "usurper"])
    after, events = buy(state, "gravedigger", [1, 2], discard="shepherd")
    table = public(after)
    assert table["discards"]["village"] == ["shepherd"]
    assert "shepherd" not in table["displays"]["village"]
    assert len(table["displays"]["village"]) == 3
    assert {"type": "card_discarded", "location": "village", "card": "shepherd"} in events


# --- which abilities ask for a choice ---------------------------------------------------------


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
