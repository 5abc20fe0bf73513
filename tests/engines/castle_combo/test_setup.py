"""Setup: both decks shuffled, 3 cards face up at each location, the messenger at the Village,
15 gold and 2 keys each, the first player."""

from __future__ import annotations

import pytest

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo.catalogue import DECKS
from engines.core.errors import InvalidState

from .helpers import public


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_three_cards_per_location_gold_keys_and_the_messenger(n: int) -> None:
    names = [f"p{i}" for i in range(n)]
    state = CASTLE_COMBO.setup(names, {}, "setup")
    table = public(state)
    assert all(table["players"][p] == {"tableau": [], "gold": 15, "keys": 2} for p in names)
    assert table["messenger"] == "village"
    assert table["to_move"] == "p0"
    for loc in ("castle", "village"):
        shown = table["displays"][loc]
        assert len(shown) == 3 and set(shown) <= set(DECKS[loc])
        # 39 cards per location: 3 shown, 36 in the deck, none discarded
        deck = CASTLE_COMBO.encode_state(state)["hidden"]["decks"][loc]
        assert len(deck) == 36 and set(deck) | set(shown) == set(DECKS[loc])
        assert table["discards"][loc] == []


def test_setup_the_same_seed_deals_the_same_cards() -> None:
    a = CASTLE_COMBO.encode_state(CASTLE_COMBO.setup(["a", "b"], {}, "same"))
    b = CASTLE_COMBO.encode_state(CASTLE_COMBO.setup(["a", "b"], {}, "same"))
    c = CASTLE_COMBO.encode_state(CASTLE_COMBO.setup(["a", "b"], {}, "other"))
    assert a == b and a["hidden"] != c["hidden"]


def test_setup_first_player_option() -> None:
    state = CASTLE_COMBO.setup(["a", "b", "c"], {"first_player": "c"}, "first")
    assert CASTLE_COMBO.to_move(state) == ["c"]


@pytest.mark.parametrize("n", [1, 6])
def test_setup_refuses_player_counts_outside_two_to_five(n: int) -> None:
    with pytest.raises(InvalidState) as err:
        CASTLE_COMBO.setup([f"p{i}" for i in range(n)], {}, "x")
    assert err.value.violations[0].code == "PLAYER_COUNT"


def test_setup_refuses_unknown_options() -> None:
    with pytest.raises(InvalidState) as err:
        CASTLE_COMBO.setup(["a", "b"], {"solo": True}, "x")
    assert err.value.violations[0].code == "UNKNOWN_OPTION"


def test_external_setup_waits_for_the_six_cards_revealed() -> None:
    state = CASTLE_COMBO.setup(["a", "b"], {"randomness": "external"}, None)
    assert CASTLE_COMBO.to_move(state) == ["chance"]
    pending = CASTLE_COMBO.pending_chance(state)
    assert pending is not None
    assert pending["deck"] == "castle" and len(pending["support"]["items"]) == 39
    # Castle first: three castle cards, then three village cards
    for loc, card in [
        ("castle", "scribe"),
        ("castle", "officer"),
        ("castle", "captain"),
        ("village", "doctor"),
        ("village", "monk"),
        ("village", "farmhand"),
    ]:
        action = {"type": "chance", "location": loc, "card": card}
        state, _ = CASTLE_COMBO.apply_checked(state, CASTLE_COMBO.decode_action(state, action))
    table = public(state)
    assert table["displays"] == {
        "castle": ["scribe", "officer", "captain"],
        "village": ["doctor", "monk", "farmhand"],
    }
    assert CASTLE_COMBO.to_move(state) == ["a"]
    assert CASTLE_COMBO.pending_chance(state) is None
