"""A turn: at most one key, then one card bought face up (cost less discounts) or face down
(6 gold, 2 keys), placed next to the tableau within 3×3, the messenger, the refill."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo import rules as R
from engines.castle_combo.abilities import Choices
from engines.castle_combo.catalogue import DECKS
from engines.castle_combo.state import CastleComboState
from engines.castle_combo.tableau import Placed, Tableau
from engines.core.errors import Reason

from .helpers import act, buy, public, reasons, table_state, tableau


def two(
    ann: dict[tuple[int, int], str],
    bob: dict[tuple[int, int], str],
    *,
    gold: int = 10,
    keys: int = 2,
    messenger: str = "castle",
    castle: list[str] | None = None,
    village: list[str] | None = None,
    **extra: Any,
) -> CastleComboState:
    """Ann to move in a two-player game."""
    return table_state(
        {"ann": (tableau(ann), gold, keys), "bob": (tableau(bob), 10, 2)},
        to_move="ann",
        messenger=messenger,
        castle=castle or [],
        village=village or [],
        **extra,
    )


def ann(state: CastleComboState) -> dict[str, Any]:
    player: dict[str, Any] = public(state)["players"]["ann"]
    return player


# --- buying --------------------------------------------------------------------------------------
def test_buy_pays_the_cost_less_every_discount_already_shown() -> None:
    # princess (castle -1) + alchemist (castle -1): prince costs 6 - 2 = 4;
    # prince then gives 1 gold per nobility (princess, prince) = 2: 10 - 4 + 2 = 8
    state = two(
        {(0, 0): "princess", (0, 1): "alchemist"},
        {(0, 0): "knight", (0, 1): "nun"},
        castle=["prince"],
    )
    after, events = buy(state, "prince", [0, 2])
    assert ann(after)["gold"] == 8
    assert events[0]["paid"] == 4 and events[0]["gold_gained"] == 2


def test_a_cards_own_discount_does_not_apply_to_its_purchase() -> None:
    # alchemist costs 6 although it gives -1 at the castle: 10 - 6 = 4
    after, events = buy(two({}, {}, castle=["alchemist"]), "alchemist", [0, 0])
    assert ann(after)["gold"] == 4 and events[0]["paid"] == 6


def test_discounts_never_bring_a_cost_below_zero() -> None:
    # squire, baron, armorer: village -3; winemaker costs 2 -> 0, no gold back;
    # winemaker gives 1 gold per village banner (squire, armorer, winemaker) = 3: 5 + 3 = 8
    state = two(
        {(0, 0): "squire", (0, 1): "baron", (0, 2): "armorer"},
        {(0, 0): "knight", (0, 1): "nun", (0, 2): "scribe"},
        gold=5,
        messenger="village",
        village=["winemaker"],
    )
    after, events = buy(state, "winemaker", [1, 0])
    assert events[0]["paid"] == 0 and ann(after)["gold"] == 8


def test_a_card_that_costs_more_than_the_gold_is_refused() -> None:
    # prince costs 6, ann has 3
    state = two({}, {}, gold=3, castle=["prince"])
    assert reasons(
        state, {"type": "buy_card", "player": "ann", "card": "prince", "cell": [0, 0]}
    ) == ["CANNOT_AFFORD"]
    ids = {CASTLE_COMBO.encode_action(state, a)["id"] for a in CASTLE_COMBO.legal_actions(state)}
    assert "buy:prince:0,0" not in ids and "buy:prince:0,0:down" in ids


def test_only_a_card_at_the_messengers_location_can_be_bought() -> None:
    state = two({}, {}, messenger="castle", village=["doctor"])
    assert reasons(
        state, {"type": "buy_card", "player": "ann", "card": "doctor", "cell": [0, 0]}
    ) == ["CARD_NOT_AVAILABLE"]


def test_face_down_is_free_gives_6_gold_and_2_keys_and_nothing_else() -> None:
    # captain (cost 5, messenger icon to the village) face down: 3 + 6 = 9 gold, 2 + 2 = 4 keys,
    # the messenger stays at the castle, no ability
    state = two({}, {}, gold=3, castle=["captain"])
    after, events = buy(state, "captain", [0, 0], face_down=True)
    assert (ann(after)["gold"], ann(after)["keys"]) == (9, 4)
    assert ann(after)["tableau"] == [
        {"card": "captain", "cell": [0, 0], "face_down": True, "gold": 0}
    ]
    assert public(after)["messenger"] == "castle"
    assert events[0] == {
        "type": "card_bought",
        "player": "ann",
        "card": "captain",
        "cell": [0, 0],
        "face_down": True,
        "paid": 0,
        "gold_gained": 6,
        "keys_gained": 2,
    }


def test_face_down_takes_no_choices() -> None:
    state = two({}, {}, messenger="village", village=["barbarian"])
    assert reasons(
        state,
        {
            "type": "buy_card",
            "player": "ann",
            "card": "barbarian",
            "cell": [0, 0],
            "face_down": True,
            "choice": 2,
        },
    ) == ["CHOICE_NOT_ALLOWED"]


# --- the messenger -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "start", "end"),
    [
        ("captain", "castle", "village"),  # castle card with the icon: to the village
        ("doctor", "village", "castle"),  # village card with the icon: to the castle
        ("duchess", "castle", "castle"),  # no icon: stays
        ("squire", "village", "village"),  # no icon: stays
    ],
)
def test_the_messenger_follows_the_icon_of_a_card_bought_face_up(
    card: str, start: str, end: str
) -> None:
    state = two(
        {},
        {},
        messenger=start,
        castle=[card] if start == "castle" else [],
        village=[card] if start == "village" else [],
    )
    after, _ = buy(state, card, [0, 0])
    assert public(after)["messenger"] == end


# --- placement -----------------------------------------------------------------------------------
def test_placement_the_first_card_goes_to_the_origin() -> None:
    state = two({}, {}, castle=["duchess"])
    assert reasons(
        state, {"type": "buy_card", "player": "ann", "card": "duchess", "cell": [1, 1]}
    ) == ["FIRST_CARD_CELL"]


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        ([0, 0], "CELL_TAKEN"),
        ([2, 2], "NOT_ADJACENT"),  # two rows below the row of cards: touches nothing
        ([0, 3], "GRID_TOO_LARGE"),  # columns 0..2 are used: a 4th column
        ([0, -1], "GRID_TOO_LARGE"),
    ],
)
def test_placement_next_to_a_card_within_three_by_three(cell: list[int], code: str) -> None:
    state = two(
        {(0, 0): "princess", (0, 1): "monk", (0, 2): "nun"},
        {(0, 0): "knight", (0, 1): "scribe", (0, 2): "farmer"},
        castle=["duchess"],
    )
    assert reasons(
        state, {"type": "buy_card", "player": "ann", "card": "duchess", "cell": cell}
    ) == [code]


def test_placement_allows_negative_offsets() -> None:
    state = two({(0, 0): "princess"}, {(0, 0): "knight"}, castle=["duchess"])
    after, _ = buy(state, "duchess", [-1, 0])
    assert [p["cell"] for p in ann(after)["tableau"]] == [[0, 0], [-1, 0]]


# Each stage of a growing tableau, and the cells the next card may go to, listed by hand.
STAGES: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = [
    ([], [(0, 0)]),
    ([(0, 0)], [(-1, 0), (0, -1), (0, 1), (1, 0)]),
    # a row of two: above and below both, and one more on each end
    ([(0, 0), (0, 1)], [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)]),
    # a row of three: the row is full, only above and below
    ([(0, 0), (0, 1), (0, 2)], [(-1, 0), (-1, 1), (-1, 2), (1, 0), (1, 1), (1, 2)]),
    # an L of five spanning 3×3: only the free cells inside that touch it
    ([(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)], [(1, 1), (1, 2), (2, 1)]),
    # a column of two and a negative row: rows -1..0, columns 0..1
    ([(0, 0), (-1, 0), (-1, 1)], [(-2, 0), (-2, 1), (-1, -1), (-1, 2), (0, -1), (0, 1), (1, 0)]),
    # eight cards: the last cell
    ([(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)], [(1, 1)]),
    # nine: full
    ([(r, c) for r in range(3) for c in range(3)], []),
]


@pytest.mark.parametrize(("cells", "free"), STAGES)
def test_placement_legal_cells_at_every_stage(
    cells: list[tuple[int, int]], free: list[tuple[int, int]]
) -> None:
    cards = DECKS["castle"]
    t = Tableau(tuple(Placed(cards[i], cell) for i, cell in enumerate(cells)))
    assert t.free_cells() == free


# --- keys ----------------------------------------------------------------------------------------
def test_key_moves_the_messenger_to_the_other_location() -> None:
    state = two({}, {}, keys=2, messenger="village")
    after, events = act(state, {"type": "move_messenger", "player": "ann", "to": "castle"})
    assert public(after)["messenger"] == "castle" and ann(after)["keys"] == 1
    assert public(after)["key_spent"] is True
    assert events == [
        {"type": "key_spent", "player": "ann", "action": "move_messenger", "location": "castle"}
    ]


def test_key_refreshes_the_messengers_display() -> None:
    state = two({}, {}, keys=1, messenger="village", village=["doctor", "monk", "farmhand"])
    deck = CASTLE_COMBO.encode_state(state)["hidden"]["decks"]["village"]
    after, _ = act(state, {"type": "refresh_display", "player": "ann", "location": "village"})
    table = public(after)
    assert table["discards"]["village"] == ["doctor", "monk", "farmhand"]
    assert table["displays"]["village"] == deck[:3]  # the top three of the deck
    assert ann(after)["keys"] == 0


def test_only_one_key_per_turn() -> None:
    state = two({}, {}, keys=2, messenger="village")
    after, _ = act(state, {"type": "move_messenger", "player": "ann", "to": "castle"})
    again = {"type": "refresh_display", "player": "ann", "location": "castle"}
    assert reasons(after, again) == ["KEY_ALREADY_SPENT"]
    kinds = {a.kind for a in CASTLE_COMBO.legal_actions(after)}
    assert kinds == {"buy_card"}


def test_the_key_of_the_turn_is_available_again_next_turn() -> None:
    state = two({}, {}, keys=2, messenger="village")
    after, _ = act(state, {"type": "move_messenger", "player": "ann", "to": "castle"})
    card = public(after)["displays"]["castle"][0]
    after, _ = buy(after, card, [0, 0], face_down=True)
    assert public(after)["key_spent"] is False
    kinds = Counter(a.kind for a in CASTLE_COMBO.legal_actions(after))
    assert kinds["move_messenger"] == 1 and kinds["refresh_display"] == 1


def test_no_key_no_key_action() -> None:
    state = two({}, {}, keys=0)
    assert reasons(state, {"type": "move_messenger", "player": "ann", "to": "village"}) == [
        "NO_KEYS"
    ]


# --- refill, reshuffle, an exhausted location ----------------------------------------------------
def test_refill_reveals_the_top_card_of_the_deck() -> None:
    state = two({}, {}, castle=["duchess"])
    top = CASTLE_COMBO.encode_state(state)["hidden"]["decks"]["castle"][0]
    after, events = buy(state, "duchess", [0, 0])
    assert public(after)["displays"]["castle"][-1] == top
    assert {"type": "card_revealed", "location": "castle", "card": top} in events


def test_an_empty_deck_is_replaced_by_its_discard_pile_shuffled() -> None:
    # every castle card not shown is on the castle discard pile: the deck is empty
    shown = ["duchess", "prince", "baron"]
    dropped = [c for c in DECKS["castle"] if c not in shown]
    state = two({}, {}, castle=shown, discards={"castle": dropped})
    assert CASTLE_COMBO.encode_state(state)["hidden"]["decks"]["castle"] == []
    after, events = buy(state, "duchess", [0, 0])
    # 36 discarded cards become the deck; one is revealed, 35 stay in the deck
    assert {"type": "deck_reshuffled", "location": "castle", "cards": 36} in events
    assert public(after)["discards"]["castle"] == []
    assert len(CASTLE_COMBO.encode_state(after)["hidden"]["decks"]["castle"]) == 35
    assert len(public(after)["displays"]["castle"]) == 3


def exhausted_castle() -> CastleComboState:
    """Five players; 36 castle cards in tableaux, the other 3 shown, none discarded: the castle
    deck cannot refill. p4 is to move with 7 cards, the others hold 8."""
    castle = list(DECKS["castle"])
    shown, rest = castle[:3], castle[3:]
    pool = rest + list(DECKS["village"][:3])  # 36 castle + 3 village = 39 cards
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
    return table_state(
        players, to_move="p4", messenger="castle", castle=shown, village=list(DECKS["village"][3:6])
    )


def test_a_location_that_cannot_show_three_cards_leaves_the_game() -> None:
    state = exhausted_castle()
    card = public(state)["displays"]["castle"][0]
    after, events = buy(state, card, [2, 1], face_down=True)
    table = public(after)
    assert table["removed"] == ["castle"]
    assert table["displays"]["castle"] == []
    assert table["messenger"] == "village"
    assert any(e["type"] == "location_removed" for e in events)
    # the messenger can no longer go to the castle; a key still refreshes the village
    kinds = {a.kind for a in CASTLE_COMBO.legal_actions(after)}
    assert "move_messenger" not in kinds
    assert all(
        a.card in table["displays"]["village"]
        for a in CASTLE_COMBO.legal_actions(after)
        if a.kind == "buy_card"
    )


# --- external randomness -------------------------------------------------------------------------
def test_external_mode_reports_each_card_revealed() -> None:
    state = two({}, {}, castle=["duchess", "prince", "baron"], options={"randomness": "external"})
    after, _ = buy(state, "duchess", [0, 0])
    assert CASTLE_COMBO.to_move(after) == ["chance"]
    pending = CASTLE_COMBO.pending_chance(after)
    assert pending is not None and pending["deck"] == "castle"
    # 39 castle cards: duchess bought, prince and baron shown -> 36 may be revealed
    assert len(pending["support"]["items"]) == 36 and "prince" not in pending["support"]["items"]
    bad = {"type": "chance", "location": "castle", "card": "prince"}
    assert reasons(after, bad) == ["ILLEGAL_CHANCE_OUTCOME"]
    assert reasons(
        after, {"type": "buy_card", "player": "bob", "card": "prince", "cell": [0, 0]}
    ) == ["CHANCE_PENDING"]
    after, _ = act(after, {"type": "chance", "location": "castle", "card": "judge"})
    assert public(after)["displays"]["castle"] == ["prince", "baron", "judge"]
    assert CASTLE_COMBO.to_move(after) == ["bob"]
    assert reasons(after, {"type": "chance", "location": "castle", "card": "nun"}) == [
        "NO_CHANCE_PENDING"
    ]


def test_external_mode_reshuffles_the_discard_pile_without_a_report() -> None:
    shown = ["duchess", "prince", "baron"]
    dropped = [c for c in DECKS["castle"] if c not in shown]
    state = two(
        {}, {}, castle=shown, discards={"castle": dropped}, options={"randomness": "external"}
    )
    after, events = buy(state, "duchess", [0, 0])
    assert {"type": "deck_reshuffled", "location": "castle", "cards": 36} in events
    pending = CASTLE_COMBO.pending_chance(after)
    assert pending is not None and sorted(pending["support"]["items"]) == sorted(dropped)


# --- the choices a card asks for -----------------------------------------------------------------
def table_of_three(card: str) -> CastleComboState:
    """Three players: ann (princess, potter with 2 gold), bob (knight), carol (scribe)."""
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


def buy_ids(state: CastleComboState, card: str, cell: str) -> list[str]:
    ids = [CASTLE_COMBO.encode_action(state, a)["id"] for a in CASTLE_COMBO.legal_actions(state)]
    return sorted(i for i in ids if i.startswith(f"buy:{card}:{cell}"))


def test_legal_actions_list_every_choice_combination() -> None:
    # barbarian: option 1 reads a neighbour's scholarship (bob 0, carol 0 -> one gain, bob
    # first), option 2 is 2 keys; plus face down
    assert buy_ids(table_of_three("barbarian"), "barbarian", "0,2") == [
        "buy:barbarian:0,2:choice=1:neighbour=bob",
        "buy:barbarian:0,2:choice=2",
        "buy:barbarian:0,2:down",
    ]
    # templar reads a neighbour's faith: bob 0, carol 2 -> two different gains
    assert buy_ids(table_of_three("templar"), "templar", "0,2") == [
        "buy:templar:0,2:down",
        "buy:templar:0,2:neighbour=bob",
        "buy:templar:0,2:neighbour=carol",
    ]
    # gravedigger discards one of the three village cards
    assert buy_ids(table_of_three("gravedigger"), "gravedigger", "0,2") == [
        "buy:gravedigger:0,2:discard=beggar",
        "buy:gravedigger:0,2:discard=shepherd",
        "buy:gravedigger:0,2:discard=usurper",
        "buy:gravedigger:0,2:down",
    ]
    # steward fills up to 2 of the purses with room: potter (0,1) and itself (0,2)
    assert buy_ids(table_of_three("steward"), "steward", "0,2") == [
        "buy:steward:0,2",
        "buy:steward:0,2:down",
        "buy:steward:0,2:purses=0,1",
        "buy:steward:0,2:purses=0,1;0,2",
        "buy:steward:0,2:purses=0,2",
    ]


def test_two_neighbours_who_give_the_same_are_one_choice() -> None:
    # blacksmith option 1 reads nobility: bob (stable boy) 1, carol (his majesty) 1 -> naming
    # carol is the same action as naming bob, who is listed
    state = table_of_three("blacksmith")
    action = CASTLE_COMBO.decode_action(
        state,
        {
            "type": "buy_card",
            "player": "ann",
            "card": "blacksmith",
            "cell": [0, 2],
            "choice": 1,
            "neighbour": "carol",
        },
    )
    assert CASTLE_COMBO.encode_action(state, action)["neighbour"] == "bob"
    assert action in CASTLE_COMBO.legal_actions(state)


def test_with_two_players_the_neighbour_is_the_opponent() -> None:
    state = two({(0, 0): "princess"}, {(0, 0): "knight"}, messenger="village", village=["spy"])
    assert buy_ids(state, "spy", "0,1") == ["buy:spy:0,1:down", "buy:spy:0,1:neighbour=bob"]


@pytest.mark.parametrize(
    ("card", "fields", "code"),
    [
        ("barbarian", {}, "CHOICE_REQUIRED"),
        ("barbarian", {"choice": 3}, "CHOICE_REQUIRED"),
        ("duchess", {"choice": 1}, "CHOICE_NOT_ALLOWED"),
        ("templar", {}, "NEIGHBOUR_REQUIRED"),
        ("duchess", {"neighbour": "bob"}, "NEIGHBOUR_NOT_ALLOWED"),
        ("gravedigger", {}, "DISCARD_REQUIRED"),
        ("gravedigger", {"discard": "doctor"}, "DISCARD_REQUIRED"),
        ("duchess", {"discard": "beggar"}, "DISCARD_NOT_ALLOWED"),
        ("steward", {"purses": [[0, 0]]}, "INVALID_PURSES"),  # princess is no purse
        ("duchess", {"purses": [[0, 1]]}, "PURSES_NOT_ALLOWED"),
    ],
)
def test_choices_that_do_not_fit_the_ability_are_refused(
    card: str, fields: dict[str, Any], code: str
) -> None:
    action = {"type": "buy_card", "player": "ann", "card": card, "cell": [0, 2], **fields}
    assert reasons(table_of_three(card), action) == [code]


# --- turn order and the end ----------------------------------------------------------------------
def test_turns_go_round_the_table() -> None:
    state = CASTLE_COMBO.setup(["a", "b", "c"], {"first_player": "b"}, "order")
    seen = []
    for _ in range(4):
        seen.append(CASTLE_COMBO.to_move(state)[0])
        card = public(state)["displays"][public(state)["messenger"]][0]
        cell = [0, len(public(state)["players"][seen[-1]]["tableau"])]
        state, _ = buy(state, card, cell, face_down=True)
    assert seen == ["b", "c", "a", "b"]


def test_the_game_ends_after_every_players_ninth_card() -> None:
    nine = {
        (r, c): f
        for (r, c), f in zip(
            [(r, c) for r in range(3) for c in range(3)],
            [
                "duchess!",
                "prince!",
                "baron!",
                "judge!",
                "nun!",
                "scribe!",
                "cardinal!",
                "devout!",
                "jester!",
            ],
            strict=True,
        )
    }
    eight = {
        (r, c): f
        for (r, c), f in zip(
            [(r, c) for r in range(3) for c in range(3) if (r, c) != (2, 2)],
            ["monk!", "farmer!", "beggar!", "baker!", "doctor!", "witch!", "spy!", "vicar!"],
            strict=True,
        )
    }
    state = table_state(
        {"ann": (tableau(nine), 4, 3), "bob": (tableau(eight), 10, 1)},
        to_move="bob",
        messenger="castle",
    )
    assert CASTLE_COMBO.to_move(state) == ["bob"]
    card = public(state)["displays"]["castle"][0]
    after, events = buy(state, card, [2, 2], face_down=True)
    assert CASTLE_COMBO.is_finished(after)
    assert CASTLE_COMBO.to_move(after) == [] and CASTLE_COMBO.legal_actions(after) == []
    assert public(after)["to_move"] is None
    assert events[-1]["type"] == "game_over"
    score = CASTLE_COMBO.score(after).to_json()
    # all face down: ann 3 keys = 3, bob 1 + 2 (face down) = 3 keys -> 3 each; gold left: ann 4,
    # bob 10 + 6 = 16 -> bob wins the tie-break
    assert [p["total"] for p in score["players"]] == [3, 3]
    assert score["ranking"] == [{"player": "bob", "rank": 1}, {"player": "ann", "rank": 2}]
    assert score["tie_break"] == {"rule": "most_leftover_gold_then_shared", "decided_by": "bob"}
    assert score["final"] is True


def test_after_a_location_leaves_the_game_icons_no_longer_move_the_messenger() -> None:
    state = exhausted_castle()
    card = public(state)["displays"]["castle"][0]
    state, _ = buy(state, card, [2, 1], face_down=True)  # p4's 8th card: the castle leaves
    # p0 buys a village card whose icon points to the castle (the first one shown, face up)
    shown = public(state)["displays"]["village"]
    with_icon = [
        c
        for c in shown
        if c
        in (
            "vicar",
            "miraculously_cured",
            "doctor",
            "executioner",
            "barbarian",
            "militiaman",
            "stonemason",
            "sculptor",
        )
    ]
    assert with_icon, shown
    action = next(
        a
        for a in CASTLE_COMBO.legal_actions(state)
        if a.kind == "buy_card" and a.card == with_icon[0] and not a.face_down
    )
    after, _ = CASTLE_COMBO.apply_checked(state, action)
    assert public(after)["messenger"] == "village"


def test_a_growing_tableau_is_scored_from_its_top_left_card() -> None:
    # ann's cards at [-1, 0] (duchess) and [0, 0] (farmer): the duchess is in the top row of
    # what the grid would be (8), the farmer not yet in the bottom row (0)
    state = two({(0, 0): "farmer", (-1, 0): "duchess"}, {(0, 0): "knight", (0, 1): "nun"})
    score = CASTLE_COMBO.score(state).to_json()
    lines = {c["id"]: c["points"] for c in score["players"][0]["components"]}
    assert lines["card:0,0"] == 8 and lines["card:1,0"] == 0
    assert score["final"] is False


# --- what each rule of a turn reports ---------------------------------------------------------


def table_of_two(
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
    state = table_of_two()  # seeded: the game reveals its own cards
    draw = R.Action(R.DRAW, R.CHANCE_SEAT, card="judge", location="castle")
    assert why(state, draw) == [Reason("NO_CHANCE_PENDING", "no card is to be revealed now")]


def test_a_reported_card_comes_from_the_deck_whose_display_is_short() -> None:
    # External mode, ann buys the duchess: the castle shows prince and baron and waits for one
    # card of its deck; a village card or a card already shown is refused.
    state = table_of_two(castle=["duchess", "prince", "baron"], options={"randomness": "external"})
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
    state, _ = CASTLE_COMBO.apply_checked(table_of_two(), R.Action(R.MOVE, 0, location="village"))
    assert why(state, R.Action(R.REFRESH, 0, location="village")) == [
        Reason("KEY_ALREADY_SPENT", "a player spends at most one key per turn")
    ]


def test_a_key_action_needs_a_key_saying_why() -> None:
    state = table_of_two(keys=0)
    assert why(state, R.Action(R.MOVE, 0, location="village")) == [
        Reason("NO_KEYS", "spending a key needs a key; you have none")
    ]
    # Without a key neither key action is offered: only purchases.
    assert {a.kind for a in CASTLE_COMBO.legal_actions(state)} == {R.BUY}
    one = {a.kind for a in CASTLE_COMBO.legal_actions(table_of_two(keys=1))}
    assert one == {R.BUY, R.MOVE, R.REFRESH}


def test_the_messenger_moves_only_to_the_other_location() -> None:
    state = table_of_two(messenger="castle")
    assert why(state, R.Action(R.MOVE, 0, location="castle")) == [
        Reason("INVALID_LOCATION", "the messenger can only move to the village")
    ]


def test_the_messenger_cannot_move_to_a_location_that_left_the_game() -> None:
    # The village has left the game (its deck and discards ran out); the messenger is at the
    # castle.
    state = replace(table_of_two(messenger="castle"), removed=(False, True))
    assert why(state, R.Action(R.MOVE, 0, location="village")) == [
        Reason("LOCATION_REMOVED", "the village has left the game")
    ]


def test_only_the_messengers_display_is_refreshed() -> None:
    state = table_of_two(messenger="castle")
    assert why(state, R.Action(R.REFRESH, 0, location="village")) == [
        Reason("INVALID_LOCATION", "only the messenger's display (castle) can be refreshed")
    ]


# --- whose actions -------------------------------------------------------------------------------


def test_legal_actions_by_player_name() -> None:
    state = table_of_two()
    # Ann moves first: bob has nothing to do, ann has her actions.
    assert CASTLE_COMBO.legal_actions(state, "bob") == []
    assert CASTLE_COMBO.legal_actions(state, "ann") == CASTLE_COMBO.legal_actions(state)
    assert CASTLE_COMBO.legal_actions(state, "ann") != []


# --- buying --------------------------------------------------------------------------------------


def test_only_a_card_shown_at_the_messenger_is_bought_saying_which_are() -> None:
    state = table_of_two(castle=["duchess", "prince", "baron"])
    assert why(state, R.Action(R.BUY, 0, card="judge", cell=(0, 0))) == [
        Reason(
            "CARD_NOT_AVAILABLE",
            "judge is not among the cards at the castle (duchess, prince and baron)",
        )
    ]


def test_a_card_bought_face_down_takes_no_choice() -> None:
    state = table_of_two(castle=["duchess", "prince", "baron"])
    down = R.Action(R.BUY, 0, card="duchess", cell=(0, 0), face_down=True, choices=Choices(1))
    assert why(state, down) == [
        Reason("CHOICE_NOT_ALLOWED", "a card bought face down has no ability to choose for")
    ]


def test_a_card_costing_more_than_the_gold_is_refused_with_its_price() -> None:
    # The prince costs 6; ann has 3 gold and no discount.
    state = table_of_two(gold=3, castle=["duchess", "prince", "baron"])
    assert why(state, R.Action(R.BUY, 0, card="prince", cell=(0, 0))) == [
        Reason("CANNOT_AFFORD", "prince costs 6 gold; you have 3")
    ]
    # 6 gold is enough.
    assert (
        why(table_of_two(gold=6, castle=["prince"]), R.Action(R.BUY, 0, card="prince", cell=(0, 0)))
        == []
    )


def test_placement_refusals_name_the_cell() -> None:
    castle = ["duchess", "prince", "baron"]
    first = table_of_two(castle=castle)
    assert why(first, R.Action(R.BUY, 0, card="duchess", cell=(0, 1), face_down=True)) == [
        Reason("FIRST_CARD_CELL", "the first card of a tableau goes to [0, 0]")
    ]
    one = table_of_two(ann={(0, 0): "judge"}, castle=castle)
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
    row = table_of_two(
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
    one = table_of_two(ann={(0, 0): "judge"}, castle=["duchess", "prince", "baron"])
    for cell in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        assert why(one, R.Action(R.BUY, 0, card="duchess", cell=cell, face_down=True)) == []


# --- choices -------------------------------------------------------------------------------------


def choosing(card: str, choices: Choices) -> list[Reason]:
    return why(table_of_three(card), R.Action(R.BUY, 0, card=card, cell=(0, 2), choices=choices))


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
    state = table_of_two(castle=["royal_guard", "prince", "baron"])
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
    state = table_of_three("barbarian")
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
    state = table_of_three("steward")
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
    state = table_of_three("gravedigger")
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
    state = table_of_two(messenger="castle")
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
    state = table_of_two(castle=["duchess", "prince", "baron"], options={"randomness": "external"})
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
    state = exhausted_castle()
    shown = public(state)["displays"]["castle"]
    _, events = CASTLE_COMBO.apply_checked(
        state, R.Action(R.BUY, 4, card=shown[0], cell=(2, 1), face_down=True)
    )
    assert events[1:3] == [
        {"type": "location_removed", "location": "castle", "cards": shown[1:]},
        {"type": "messenger_moved", "to": "village"},
    ]


def test_discounts_shown_count_towards_what_a_player_can_afford() -> None:
    # The princess gives 1 off castle cards: the prince (6) costs ann 5, all her gold.
    state = table_of_two(ann={(0, 0): "princess"}, gold=5, castle=["prince"])
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
