"""Score components, the tie-break, the family variant and solo scenarios."""

from __future__ import annotations

from dataclasses import replace

from engines.calico import CALICO
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

from .helpers import mask, quilt_after
from .test_buttons import RAINBOW_QUILT
from .test_goals import quilt_around

GOALS = (GOAL_INDEX["all_different"], GOAL_INDEX["AA-BB-CC"], GOAL_INDEX["AAA-BBB"])


def cat(name: str) -> Token:
    return Token(CAT, 1, cat=CAT_INDEX[name], pattern=0)


def button(color: int = 0) -> Token:
    return Token(BUTTON, 1, color=color)


def holding(*tokens: Token, board: str = "blue") -> Quilt:
    return replace(Quilt.new(BOARD_INDEX[board], GOALS), tokens=tokens)


def ranking(**quilts: Quilt) -> tuple[list[tuple[str, int]], str | None, list[int]]:
    scored = breakdown(list(quilts), list(quilts.values()), ScoringRules(), [], final=True)
    return list(scored.ranking), scored.tie_break.decided_by, [p.total for p in scored.players]


def test_score_components_in_order_with_stable_ids() -> None:
    state = CALICO.setup(["ann"], {"setup": "beginner"}, "score")
    score = CALICO.score(state)
    assert [c.id for c in score.players[0].components] == [
        "cats",
        "buttons",
        "rainbow_button",
        "goal_2_3",
        "goal_3_4",
        "goal_4_2",
    ]
    assert score.final is False and score.players[0].total == 0


def test_score_cat_tokens_score_their_cats_points() -> None:
    quilt = holding(cat("millie"), cat("millie"), cat("leo"), button(), Token(RAINBOW))
    scored = breakdown(["ann"], [quilt], ScoringRules(), [], final=True).players[0]
    by_id = {c.id: c for c in scored.components}
    assert (by_id["cats"].points, (by_id["cats"].detail or {})["count"]) == (17, 3)
    assert (by_id["buttons"].points, by_id["rainbow_button"].points, scored.total) == (3, 3, 23)


def test_tie_break_most_cat_tokens_wins() -> None:
    ranks, decided, totals = ranking(
        ann=holding(cat("millie"), button(), button()), bob=holding(button(), button(), button())
    )
    assert totals == [9, 9]
    assert (ranks, decided) == ([("ann", 1), ("bob", 2)], "ann")


def test_tie_break_then_most_buttons_rainbow_included() -> None:
    ranks, decided, totals = ranking(
        ann=holding(cat("cira")), bob=holding(cat("millie"), button(), Token(RAINBOW))
    )
    assert totals == [9, 9]
    assert (ranks, decided) == ([("bob", 1), ("ann", 2)], "bob")


def test_tie_break_then_the_win_is_shared() -> None:
    ranks, decided, totals = ranking(
        ann=holding(cat("tibbit"), button()),
        bob=holding(cat("millie"), button(2)),
        cy=holding(cat("rumi"), button(4)),
    )
    assert totals == [8, 6, 8]
    assert (ranks, decided) == ([("ann", 1), ("cy", 1), ("bob", 3)], None)


def test_score_family_variant_scores_no_design_goal() -> None:
    quilt = quilt_around("AAA-BBB", "ABABAB", "ABABAB")
    standard = breakdown(["ann"], [quilt], ScoringRules(), [], final=True).players[0]
    family = breakdown(["ann"], [quilt], ScoringRules(family_variant=True), [], final=True)
    goal = next(c for c in standard.components if c.id == "goal_2_3")
    assert (goal.points, goal.detail) == (
        13,
        {
            "goal": "AAA-BBB",
            "complete": True,
            "color_met": True,
            "pattern_met": True,
            "scored": True,
        },
    )
    family_goal = next(c for c in family.players[0].components if c.id == "goal_2_3")
    assert family_goal.points == 0 and (family_goal.detail or {})["scored"] is False


def test_solo_scenario_1_needs_58_points_and_the_rainbow_button() -> None:
    quilt = quilt_after(RAINBOW_QUILT)  # 6 buttons and the rainbow: 21 points
    state = CALICO.setup(["ann"], {"solo_scenario": 1}, "solo")
    solo = CALICO.score(replace(state, quilts=(quilt,))).players[0].extra["solo"]
    assert (solo["target"], solo["target_reached"], solo["passed"]) == (58, False, False)
    assert solo["objectives"] == [
        {"id": "rainbow_button", "label": "Earn the rainbow button", "met": True}
    ]
    richer = replace(quilt, tokens=(*quilt.tokens, *[cat("coconut")] * 6))  # + 42 = 63
    solo = CALICO.score(replace(state, quilts=(richer,))).players[0].extra["solo"]
    assert (solo["target_reached"], solo["passed"]) == (True, True)


def test_solo_goal_objectives_are_met_by_distinct_goals() -> None:
    scenario = SCENARIOS[6]  # 2 goals lower, 1 goal higher, rainbow
    high = GoalOutcome(0, True, True, True)
    low = GoalOutcome(0, True, True, False)
    none = GoalOutcome(0, True, False, False)
    quilt = holding(Token(RAINBOW))

    def met(*outcomes: GoalOutcome) -> list[bool]:
        result = solo_result(scenario, quilt, outcomes, 0, [])
        return [o["met"] for o in result["objectives"]]

    assert met(high, low, none) == [False, True, True]  # only one goal left for "2 lower"
    assert met(high, low, low) == [True, True, True]
    assert met(low, low, low) == [True, False, True]


def test_solo_token_objectives() -> None:
    three_pinks = holding(button(3), button(3), button(3))
    assert _objectives(4, three_pinks)[1] is True  # 3 buttons of one colour
    assert _objectives(4, holding(button(3), button(3), button(2)))[1] is False
    three_callies = holding(cat("callie"), cat("callie"), cat("callie"))
    assert _objectives(5, three_callies)[1] is True  # 3 of the same cat
    five_cats = holding(*[cat("tibbit")] * 5)
    assert _objectives(2, five_cats)[0] is True  # 5 cat tokens
    each = holding(cat("millie"), cat("rumi"), cat("coconut"))
    assert _objectives(3, each)[1] is True  # one of each cat
    assert _objectives(3, holding(cat("millie"), cat("rumi")))[1] is False


def _objectives(n: int, quilt: Quilt) -> list[bool]:
    scenario = SCENARIOS[n]
    result = solo_result(scenario, quilt, [None, None, None], 0, scenario.cats)
    return [o["met"] for o in result["objectives"]]


# --- score lines and solo targets -------------------------------------------------------------


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
