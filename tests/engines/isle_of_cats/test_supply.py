"""External mode's counts of the bag and the deck.

In external mode the engine stores neither the bag nor the deck: it works out what they hold
from everything that has left them. The bag holds 110 tiles (`tiles.json`, "bag"): every cat
once (85: 17 shapes in 5 colours) and 5 copies of each of the 5 rare treasures (25). The deck is
the 150 discovery cards (`cards.json`). Two players: 2 cats per player in each field, so each
field is filled to 4 (rulebook, "Fill the fields").
"""

from __future__ import annotations

from dataclasses import replace

from engines.isle_of_cats import supply
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import CAT, RARE, mask_of
from engines.isle_of_cats.state import FIELDS_TASK, Fields, IsleState, Task, with_player

from .helpers import GAME, external_game, row, with_piece

ANN, BOB = 0, 1
O_CELLS = [(4, 7), (4, 8), (5, 7), (5, 8)]


def fresh() -> IsleState:
    """A new two-player game in external mode: nothing has left the bag or the deck yet."""
    state = external_game()
    assert state.bag is None and state.deck is None
    return state


def test_the_untouched_bag_holds_every_cat_once_and_five_of_each_rare_treasure() -> None:
    bag = supply.bag_counts(fresh())
    assert sum(bag.values()) == 110
    assert (bag["blue-415"], bag["rare-O-tetromino"]) == (1, 5)


def test_cats_in_the_fields_are_out_of_the_bag() -> None:
    state = replace(fresh(), fields=Fields(("blue-415",), ("red-412",)))
    bag = supply.bag_counts(state)
    # 110 - 2 cats; each cat exists once, so neither is left.
    assert sum(bag.values()) == 108
    assert "blue-415" not in bag and "red-412" not in bag


def test_rare_treasures_below_the_island_are_out_of_the_bag() -> None:
    state = replace(fresh(), rare_pool=("O-tetromino", "O-tetromino"))
    bag = supply.bag_counts(state)
    # 5 copies - 2 drawn to the pool = 3.
    assert bag["rare-O-tetromino"] == 3
    assert sum(bag.values()) == 108


def test_tiles_out_of_the_game_are_out_of_the_bag() -> None:
    state = replace(fresh(), gone=("green-414", "rare-I-tetromino"))
    bag = supply.bag_counts(state)
    assert "green-414" not in bag
    assert bag["rare-I-tetromino"] == 4
    assert sum(bag.values()) == 108


def test_a_cat_on_a_boat_is_out_of_the_bag() -> None:
    state = with_piece(fresh(), ANN, Piece(CAT, 415, "blue", mask_of(row(4, 7, 11))))
    bag = supply.bag_counts(state)
    # The only blue 415 is on ann's boat: none left (not one).
    assert bag["blue-415"] == 0
    assert sum(bag.values()) == 109


def test_each_rare_treasure_on_a_boat_is_one_copy_out_of_the_bag() -> None:
    state = with_piece(fresh(), ANN, Piece(RARE, "O-tetromino", None, mask_of(O_CELLS)))
    # 5 copies, one on ann's boat: 4 left.
    assert supply.bag_counts(state)["rare-O-tetromino"] == 4
    state = with_piece(state, BOB, Piece(RARE, "O-tetromino", None, mask_of(O_CELLS)))
    # A second copy on bob's boat: 3 left.
    assert supply.bag_counts(state)["rare-O-tetromino"] == 3
    assert sum(supply.bag_counts(state).values()) == 108


def test_tiles_drawn_and_not_yet_sent_are_out_of_the_bag() -> None:
    state = replace(fresh(), tasks=(Task(FIELDS_TASK, ANN, tiles=("purple-409", "orange-400")),))
    bag = supply.bag_counts(state)
    assert "purple-409" not in bag and "orange-400" not in bag
    assert sum(bag.values()) == 108


def test_the_raw_count_keeps_a_tile_counted_out_twice() -> None:
    # Only an altered state has a cat both in a field and out of the game: the raw count
    # shows it as -1 (1 in the bag, 2 out), the plain count drops it.
    state = replace(fresh(), fields=Fields(("blue-415",), ()), gone=("blue-415",))
    assert supply.bag_counts(state, raw=True)["blue-415"] == -1
    assert "blue-415" not in supply.bag_counts(state)


def test_the_fields_need_only_the_cats_they_lack() -> None:
    state = fresh()
    # Two players: 4 cats in each field. Nothing there yet: 8 needed.
    assert supply.cats_needed(state) == 8
    state = replace(state, fields=Fields(("blue-415",), ("red-412", "green-414")))
    # 4 - 1 on the left, 4 - 2 on the right: 5.
    assert supply.cats_needed(state) == 5


def test_cards_in_draft_hands_are_out_of_the_deck() -> None:
    state = with_player(with_player(fresh(), ANN, draft_hand=(55, 56)), BOB, draft_hand=(1,))
    deck = supply.deck_left(state)
    assert len(deck) == 150 - 3
    assert not {1, 55, 56} & set(deck)


def test_rescue_cards_played_are_out_of_the_deck() -> None:
    state = with_player(fresh(), ANN, rescue_cards=(7,))
    state = with_player(state, BOB, rescue_cards=(15, 16))
    deck = supply.deck_left(state)
    assert len(deck) == 150 - 3
    assert not {7, 15, 16} & set(deck)


def test_the_bag_size_is_the_stored_bag_when_seeded_and_worked_out_when_external() -> None:
    seeded = GAME.setup(["ann", "bob"], {"boats": {"ann": "blue", "bob": "red"}}, "seed-1")
    assert seeded.bag is not None and len(seeded.rare_pool) == 3
    # Seeded: the bag's own length; 110 less the 8 cats in the two fields of 4 and the 3 rare
    # treasures drawn with them.
    assert supply.bag_size(seeded) == len(seeded.bag) == 99
    # External: 110 less the two cats in the fields.
    state = replace(fresh(), fields=Fields(("blue-415",), ("red-412",)))
    assert supply.bag_size(state) == 108
