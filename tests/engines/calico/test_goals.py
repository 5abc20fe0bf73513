"""Design goals: the six patches around a goal space against the goal's exact partition.

The goal space under test is (2, 3); its neighbours are (1,2) (1,3) (2,2) (2,4) (3,2) (3,3).
Letters stand for colours (or patterns): "AAABBB" puts colour A on three neighbours and B on three.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.catalogue import BOARD_INDEX, GOAL_INDEX, GOAL_KEYS, tile_of
from engines.calico.quilt import Quilt
from engines.calico.scoring import goal_outcome

from .table_driver import Table

AROUND = [(1, 2), (1, 3), (2, 2), (2, 4), (3, 2), (3, 3)]

MEETS = {
    "all_different": "ABCDEF",
    "AAA-BBB": "ABABAB",
    "AA-BB-CC": "AABBCC",
    "AAAA-BB": "ABAAAB",
    "AAA-BB-C": "CAABAB",
    "AA-BB-C-D": "ABCDAB",
}
"""An arrangement meeting each goal (order shuffled: where a letter sits does not matter)."""
POINTS = {
    "all_different": (10, 15),
    "AAA-BBB": (8, 13),
    "AA-BB-CC": (7, 11),
    "AAAA-BB": (8, 14),
    "AAA-BB-C": (7, 11),
    "AA-BB-C-D": (5, 8),
}


def quilt_around(goal: str, colors: str, patterns: str) -> Quilt:
    """A blue quilt with ``goal`` on (2, 3) and the six neighbours lettered as given."""
    goals = [GOAL_INDEX[g] for g in GOAL_INDEX if g != goal][:2]
    quilt = Quilt.new(BOARD_INDEX["blue"], (GOAL_INDEX[goal], *goals))
    for (r, c), a, b in zip(AROUND, colors, patterns, strict=True):
        quilt = quilt.with_patch(r * 7 + c, tile_of(ord(a) - ord("A"), ord(b) - ord("A")))
    return quilt


def points(goal: str, colors: str, patterns: str) -> tuple[bool, bool, int]:
    outcome = goal_outcome(quilt_around(goal, colors, patterns), GOAL_KEYS.index("2,3"))
    assert outcome is not None
    return outcome.color_met, outcome.pattern_met, outcome.points


NEITHER = "AAAAAA"  # six of one kind meets no goal


@pytest.mark.parametrize("goal", sorted(MEETS))
def test_goal_met_by_colour_only_scores_the_lower_value(goal: str) -> None:
    assert points(goal, MEETS[goal], NEITHER) == (True, False, POINTS[goal][0])


@pytest.mark.parametrize("goal", sorted(MEETS))
def test_goal_met_by_pattern_only_scores_the_lower_value(goal: str) -> None:
    assert points(goal, NEITHER, MEETS[goal]) == (False, True, POINTS[goal][0])


@pytest.mark.parametrize("goal", sorted(MEETS))
def test_goal_met_by_both_scores_the_higher_value_not_the_sum(goal: str) -> None:
    reversed_letters = MEETS[goal][::-1]  # the same partition, laid out differently
    assert points(goal, MEETS[goal], reversed_letters) == (True, True, POINTS[goal][1])


@pytest.mark.parametrize("goal", sorted(MEETS))
def test_goal_met_by_neither_scores_nothing(goal: str) -> None:
    assert points(goal, NEITHER, NEITHER) == (False, False, 0)


NEAR_MISSES = [
    ("AAA-BBB", "AAAAAA"),  # six of one colour is not two threes
    ("AAA-BBB", "AAAABB"),
    ("AAA-BBB", "AAABBC"),
    ("AA-BB-CC", "AABBCD"),
    ("AA-BB-CC", "AAAABB"),
    ("AA-BB-CC", "AAABBB"),
    ("all_different", "AABCDE"),
    ("AAAA-BB", "AAAAAB"),
    ("AAAA-BB", "AAABBB"),
    ("AAAA-BB", "AAAABC"),
    ("AAA-BB-C", "AAABBB"),
    ("AAA-BB-C", "AABBCC"),
    ("AAA-BB-C", "AAABCD"),
    ("AA-BB-C-D", "AABBCC"),
    ("AA-BB-C-D", "AABCDE"),
    ("AA-BB-C-D", "AAABCD"),
]


@pytest.mark.parametrize(("goal", "letters"), NEAR_MISSES)
def test_goal_near_misses_score_nothing(goal: str, letters: str) -> None:
    assert points(goal, letters, letters) == (False, False, 0)


def test_goal_different_letters_must_be_different_colours() -> None:
    # AA-BB-CC needs three different colours: "AABBAA" is four of one and two of another.
    assert points("AA-BB-CC", "AABBAA", NEITHER)[0] is False
    assert points("AAAA-BB", "AABBAA", NEITHER)[0] is True


def test_goal_is_not_met_before_all_six_neighbours_are_filled() -> None:
    quilt = Quilt.new(BOARD_INDEX["blue"], (GOAL_INDEX["AAA-BBB"], 0, 1))
    for (r, c), color in zip(AROUND[:5], "AAABB", strict=True):
        quilt = quilt.with_patch(r * 7 + c, tile_of(ord(color) - ord("A"), 0))
    outcome = goal_outcome(quilt, 0)
    assert outcome is not None and (outcome.complete, outcome.points) == (False, 0)


# --- goal tiles, partition by partition -------------------------------------------------------


RING = [(1, 2), (1, 3), (2, 2), (2, 4), (3, 2), (3, 3)]
P, Y, G, U, D, L = "pink", "yellow", "green", "purple", "dark_blue", "light_blue"
d, f, w, q, s, v = "dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"
OTHERS = ["all_different", "AAA-BBB", "AA-BB-CC", "AAAA-BB", "AAA-BB-C", "AA-BB-C-D"]


def goal_points(goal: str, tiles: list[tuple[str, str]]) -> dict[str, Any]:
    rest = [g for g in OTHERS if g != goal]
    goals = {"ann": {"2,3": goal, "3,4": rest[0], "4,2": rest[1]}}
    seq = [(cell, c, p) for cell, (c, p) in zip(RING, tiles, strict=True)]
    tb = Table({"ann": seq}, goals=goals).run()
    player = CALICO.score(tb.state).to_json()["players"][0]
    by_id = {c["id"]: c for c in player["components"]}
    assert by_id["goal_3_4"]["points"] == by_id["goal_4_2"]["points"] == 0  # not complete
    goal_2_3: dict[str, Any] = by_id["goal_2_3"]
    return goal_2_3


CASES = [
    # ≠: six colours and six patterns
    ("all_different", [(P, d), (Y, f), (G, w), (U, q), (D, s), (L, v)], 15),
    ("all_different", [(P, d), (Y, f), (G, w), (U, q), (D, s), (L, d)], 10),  # patterns 2-1-1-1-1
    ("all_different", [(P, d), (P, f), (G, w), (U, q), (D, s), (L, d)], 0),
    # AAA-BBB
    ("AAA-BBB", [(P, d), (Y, d), (P, d), (Y, f), (P, f), (Y, f)], 13),
    ("AAA-BBB", [(P, d), (Y, f), (P, w), (Y, q), (P, s), (Y, v)], 8),  # colours only
    ("AAA-BBB", [(P, d), (P, f), (P, w), (P, q), (P, s), (P, v)], 0),  # six of one: not AAA-BBB
    ("AAA-BBB", [(P, d), (Y, d), (G, d), (U, f), (D, f), (L, f)], 8),  # patterns only
    # AA-BB-CC
    ("AA-BB-CC", [(P, d), (P, f), (Y, w), (Y, d), (G, f), (G, w)], 11),
    ("AA-BB-CC", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (G, v)], 7),
    ("AA-BB-CC", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (U, v)], 0),  # 2-2-1-1 is not 2-2-2
    ("AA-BB-CC", [(P, d), (P, f), (P, w), (P, q), (G, s), (G, v)], 0),  # 4-2 is not 2-2-2
    # AAAA-BB
    ("AAAA-BB", [(P, d), (P, d), (P, f), (P, f), (Y, f), (Y, f)], 14),
    ("AAAA-BB", [(P, d), (P, f), (P, w), (P, q), (Y, s), (Y, v)], 8),
    ("AAAA-BB", [(P, d), (P, f), (P, w), (P, q), (Y, s), (G, v)], 0),  # 4-1-1
    ("AAAA-BB", [(P, d), (P, f), (P, w), (P, q), (P, s), (Y, v)], 0),  # 5-1
    # AAA-BB-C
    ("AAA-BB-C", [(P, d), (P, d), (P, d), (Y, f), (Y, f), (G, w)], 11),
    ("AAA-BB-C", [(P, d), (P, f), (P, w), (Y, q), (Y, s), (G, v)], 7),
    ("AAA-BB-C", [(P, d), (P, f), (P, w), (Y, q), (Y, s), (Y, v)], 0),  # 3-3
    ("AAA-BB-C", [(P, d), (P, f), (P, w), (Y, q), (G, s), (U, v)], 0),  # 3-1-1-1
    # AA-BB-C-D
    ("AA-BB-C-D", [(P, d), (P, d), (Y, f), (Y, f), (G, w), (U, q)], 8),
    ("AA-BB-C-D", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (U, v)], 5),
    ("AA-BB-C-D", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (G, v)], 0),  # 2-2-2
    ("AA-BB-C-D", [(P, d), (P, f), (P, w), (Y, q), (G, s), (U, v)], 0),  # 3-1-1-1
]


@pytest.mark.parametrize(("goal", "tiles", "points"), CASES)
def test_goal_scores_the_tile_value_for_the_exact_partition(
    goal: str, tiles: list[tuple[str, str]], points: int
) -> None:
    assert goal_points(goal, tiles)["points"] == points


def test_an_incomplete_goal_scores_nothing() -> None:
    goals = {"ann": {"2,3": "all_different", "3,4": "AAA-BBB", "4,2": "AA-BB-CC"}}
    seq = [
        (cell, c, p)
        for cell, (c, p) in zip(RING[:5], [(P, d), (Y, f), (G, w), (U, q), (D, s)], strict=True)
    ]
    tb = Table({"ann": seq}, goals=goals).run()
    player = CALICO.score(tb.state).to_json()["players"][0]
    assert next(c for c in player["components"] if c["id"] == "goal_2_3")["points"] == 0
