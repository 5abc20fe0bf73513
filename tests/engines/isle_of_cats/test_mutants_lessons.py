"""The lesson evaluator pinned where the mutation run found it loose: the parts built or run when
the module loads (the per-colour counts, the check that every lesson card can be scored) are
called again here, where a broken copy of them would show, and the lesson-card test.

Ann's base boat (helpers.py) holds 3 blue cats (I 415, L 408, Y 403) and 1 orange (I 415).
Lesson card ids from cards.json: 113-142 private, 143-150 public, 1-6 Oshax, 7-66 rescue cards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core.errors import ViolationCollector
from engines.isle_of_cats import lessons
from engines.isle_of_cats.boat import Boat
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
    counts = [lessons._colour_count(c)(table, None) for c in ("blue", "orange", "red")]
    assert counts == [3, 1, 0]


def test_every_lesson_card_is_checked_when_the_catalogue_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A private lesson whose condition the evaluator does not know must stop the module from
    # loading, not fail in the middle of a game's scoring.
    broken = replace(lessons.CARDS[113], effect={"points": 12, "if": "no such condition"})
    monkeypatch.setitem(lessons.CARDS, 113, broken)
    with pytest.raises(AssertionError, match="unknown condition 'no such condition'"):
        lessons._check_all_effects()
