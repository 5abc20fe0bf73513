"""Calico's score lines pinned whole: labels, token details, goal details and the solo result.

Points by hand from the rulebook: a cat its printed value (Millie 3), a button 3, the rainbow
button 3; a design goal scores nothing until its six neighbours are filled.
"""

from __future__ import annotations

from dataclasses import replace

from engines.calico.catalogue import (
    BOARD_INDEX,
    CAT_INDEX,
    COLOR_INDEX,
    GOAL_INDEX,
    PATTERN_INDEX,
    SCENARIOS,
)
from engines.calico.quilt import BUTTON, CAT, RAINBOW, Quilt, Token
from engines.calico.scoring import (
    GoalOutcome,
    ScoringRules,
    breakdown,
    player_score,
    solo_result,
)

from .helpers import mask

GOALS = (GOAL_INDEX["all_different"], GOAL_INDEX["AA-BB-CC"], GOAL_INDEX["AAA-BBB"])
MILLIE_ON_DOTS = Token(
    CAT, mask((1, 1), (1, 2), (2, 1)), cat=CAT_INDEX["millie"], pattern=PATTERN_INDEX["dots"]
)
PINK_BUTTON = Token(BUTTON, mask((4, 4), (4, 5), (5, 4)), color=COLOR_INDEX["pink"])


def _quilt(*tokens: Token) -> Quilt:
    return replace(Quilt.new(BOARD_INDEX["blue"], GOALS), tokens=tokens)


def _unfilled_goal(component: str, key: str, goal: str) -> dict[str, object]:
    detail = {
        "goal": goal,
        "complete": False,
        "color_met": False,
        "pattern_met": False,
        "scored": True,
    }
    return {"id": component, "label": f"Design goal at ({key})", "points": 0, "detail": detail}


def test_score_lines_name_every_token_and_goal_they_count() -> None:
    # Millie 3 + one button 3 + the rainbow button 3 = 9; no goal is surrounded yet.
    quilt = _quilt(MILLIE_ON_DOTS, PINK_BUTTON, Token(RAINBOW))
    assert player_score("ann", quilt, ScoringRules()).to_json() == {
        "player": "ann",
        "total": 9,
        "components": [
            {
                "id": "cats",
                "label": "Cats",
                "points": 3,
                "detail": {
                    "count": 1,
                    "tokens": [
                        {
                            "cat": "millie",
                            "pattern": "dots",
                            "points": 3,
                            "cells": [[1, 1], [1, 2], [2, 1]],
                        }
                    ],
                },
            },
            {
                "id": "buttons",
                "label": "Buttons × 3",
                "points": 3,
                "detail": {
                    "count": 1,
                    "tokens": [{"color": "pink", "cells": [[4, 4], [4, 5], [5, 4]]}],
                },
            },
            {
                "id": "rainbow_button",
                "label": "Rainbow button",
                "points": 3,
                "detail": {"earned": True},
            },
            _unfilled_goal("goal_2_3", "2,3", "all_different"),
            _unfilled_goal("goal_3_4", "3,4", "AA-BB-CC"),
            _unfilled_goal("goal_4_2", "4,2", "AAA-BBB"),
        ],
    }


def test_solo_target_reached_on_exactly_the_target_score() -> None:
    # Scenario 1: 58 points and the rainbow button. 58 is enough.
    result = solo_result(SCENARIOS[1], _quilt(Token(RAINBOW)), [None, None, None], 58, [])
    assert result == {
        "scenario": 1,
        "target": 58,
        "target_reached": True,
        "objectives": [{"id": "rainbow_button", "label": "Earn the rainbow button", "met": True}],
        "passed": True,
        "status": "cross-checked (rulebook art and myautoma data.js)",
    }
    missed = solo_result(SCENARIOS[1], _quilt(Token(RAINBOW)), [None, None, None], 57, [])
    assert (missed["target_reached"], missed["passed"]) == (False, False)


def test_solo_two_goals_at_the_higher_value_need_two_goals() -> None:
    # Scenario 10 asks for 2 goals at the higher value; one high goal and two unmet are not it.
    high = GoalOutcome(0, True, True, True)
    unmet = GoalOutcome(0, True, False, False)
    result = solo_result(SCENARIOS[10], _quilt(), [high, unmet, unmet], 0, [])
    assert result["objectives"][0] == {
        "id": "goals_higher_2",
        "label": "Meet 2 design goals at the higher value",
        "met": False,
    }
    both = solo_result(SCENARIOS[10], _quilt(), [high, high, unmet], 0, [])
    assert both["objectives"][0]["met"] is True


def test_tie_break_rule_is_named_and_decides_nothing_without_a_tie() -> None:
    # ann: Millie 3 + a button 3 = 6; bob: a button, 3. No tie, so nothing was decided by it.
    scored = breakdown(
        ["ann", "bob"],
        [_quilt(MILLIE_ON_DOTS, PINK_BUTTON), _quilt(PINK_BUTTON)],
        ScoringRules(),
        [],
        final=True,
    ).to_json()
    assert [p["total"] for p in scored["players"]] == [6, 3]
    assert scored["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 2}]
    assert scored["tie_break"] == {
        "rule": "most_cat_tokens_then_most_buttons_then_shared",
        "decided_by": None,
    }


def test_solo_one_of_each_cat_counts_the_cats_in_play() -> None:
    # Scenario 3 plays three cats; Millie alone is one of them, not each of them.
    scenario = SCENARIOS[3]
    scored = breakdown(
        ["ann"], [_quilt(MILLIE_ON_DOTS)], ScoringRules(solo_scenario=3), scenario.cats, True
    )
    objectives = scored.players[0].extra["solo"]["objectives"]
    assert [o["id"] for o in objectives] == ["goals_lower_2", "one_of_each_cat", "rainbow_button"]
    assert [o["met"] for o in objectives] == [False, False, False]


def test_solo_one_high_goal_is_one_goal_not_two() -> None:
    # Scenario 9: 1 goal at the lower value, 2 at the higher, one of each cat. One goal met at the
    # higher value and one at the lower: the lower objective is met (by the low goal), the higher
    # one is not (one high goal, two wanted), and no cat is held.
    high = GoalOutcome(0, True, True, True)
    low = GoalOutcome(0, True, True, False)
    unmet = GoalOutcome(0, True, False, False)
    result = solo_result(SCENARIOS[9], _quilt(), [high, low, unmet], 0, SCENARIOS[9].cats)
    assert [(o["id"], o["met"]) for o in result["objectives"]] == [
        ("goals_lower_1", True),
        ("goals_higher_2", False),
        ("one_of_each_cat", False),
    ]
