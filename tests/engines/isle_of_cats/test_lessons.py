"""The lesson evaluator: the parts built or run when the module loads (the per-colour counts, the
check that every lesson card can be scored), called again here where a broken copy of them would
show, and the lesson-card test.

Ann's base boat (helpers.py) holds 3 blue cats (I 415, L 408, Y 403) and 1 orange (I 415).
Lesson card ids from cards.json: 113-142 private, 143-150 public, 1-6 Oshax, 7-66 rescue cards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core.errors import ViolationCollector
from engines.isle_of_cats import lessons
from engines.isle_of_cats.boat import Boat
from engines.isle_of_cats.catalogue import CARDS
from engines.isle_of_cats.effects import Compare, Count, Lesson, PointsIf, Quantity, card_effects
from engines.isle_of_cats.jsonio import read_piece
from engines.isle_of_cats.lessons import Table

from .helpers import BASE_PIECES


def base_table() -> Table:
    v = ViolationCollector()
    pieces = tuple(read_piece(p, f"/pieces/{i}", v) for i, p in enumerate(BASE_PIECES))
    assert not v.violations
    boat = Boat("blue", tuple(p for p in pieces if p is not None))
    return Table(boat, 0, 1, 0, False, ())


def test_a_colour_count_counts_the_cats_and_oshax_of_that_colour() -> None:
    # The exactly-5-of-a-colour lessons (127-131) compare these counts: 3 blue, 1 orange, 0 red.
    table = base_table()
    counts = [lessons.measure(Count(Quantity.CATS, c), table) for c in ("blue", "orange", "red")]
    assert counts == [3, 1, 0]
    # Card 127 ("9 points if exactly 5 blue cats") is read into that count of blue.
    assert CARDS[127].lesson == Lesson(PointsIf(9, Compare(Count(Quantity.CATS, "blue"), "==", 5)))


def test_a_lesson_the_evaluator_cannot_read_stops_the_catalogue_from_loading() -> None:
    # A private lesson whose condition the vocabulary does not know must stop the catalogue from
    # loading, not fail in the middle of a game's scoring; so must an anytime effect.
    with pytest.raises(AssertionError, match="unknown condition 'no such condition'"):
        card_effects("private_lesson", {"points": 12, "if": "no such condition"})
    with pytest.raises(AssertionError, match="not understood"):
        card_effects("anytime", {"gain_fish": 2, "teleport": True})


def test_every_lesson_card_is_checked_when_the_catalogue_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A lesson read into a measure the evaluator cannot answer fails the load-time check.
    odd = Lesson(PointsIf(1, Compare(Count(Quantity.CATS), "<=", 3)))
    broken = replace(lessons.CARDS[113], effects=(odd,))
    monkeypatch.setitem(lessons.CARDS, 113, broken)
    with pytest.raises(AssertionError, match="<="):
        lessons._check_all_effects()
