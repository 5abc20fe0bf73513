"""The family cards: how a card is built from its catalogue line (built when the module loads, so
built again here), and the colour a "pick a colour" card takes when none is declared.

Card texts from cards.json (``family_cards``); what each card counts and is worth from Board Game
Arena's scoring, as listed in engines/isle_of_cats/family_cards.py's docstring.
"""

from __future__ import annotations

from engines.isle_of_cats import family_cards
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import mask_of
from engines.isle_of_cats.effects import Compare, Count, Lesson, PointsIf, PointsPer, Quantity
from engines.isle_of_cats.family_cards import FamilyCard, best_family_colour
from engines.isle_of_cats.lessons import Table


def test_a_pick_a_colour_card_counts_per_thing_with_its_text() -> None:
    # 151: "Pick a colour: 1 point per cat of it touching the edge" - a count, 1 point each.
    built = family_cards._card(151, PointsPer(1, Count(Quantity.EDGE_CATS)), asks_colour=True)
    assert built == FamilyCard(
        151,
        "Pick a colour: 1 point per cat of it touching the edge",
        Lesson(PointsPer(1, Count(Quantity.EDGE_CATS), every=1), asks_colour=True),
    )
    assert family_cards.FAMILY_CARDS[151] == built and built.asks_colour is True


def test_a_condition_card_is_no_count_and_asks_no_colour_unless_told() -> None:
    # 154: "10 points if no visible rats" - 10 points when the rat count is exactly 0.
    no_rats = PointsIf(10, Compare(Count(Quantity.VISIBLE_RATS), "==", 0))
    built = family_cards._card(154, no_rats)
    assert (built.id, built.text, built.lesson.effect) == (
        154,
        "10 points if no visible rats",
        no_rats,
    )
    assert built.asks_colour is False and built.lesson.public is False
    assert family_cards.FAMILY_CARDS[154] == built


def test_card_151_without_a_colour_takes_the_colour_that_scores_most() -> None:
    # An orange cat on the top edge (row 0, columns 7-8: the top cells of those columns) and a
    # blue cat in the middle of the boat (row 4): orange scores 1, every other colour 0.
    boat = Boat(
        "blue",
        (
            Piece("cat", 400, "blue", mask_of([(4, 7), (4, 8)])),
            Piece("cat", 401, "orange", mask_of([(0, 7), (0, 8)])),
        ),
    )
    assert best_family_colour(151, Table(boat, 0, 0, 2, False, ())) == "orange"
