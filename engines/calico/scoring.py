"""Calico scoring: cats, buttons, the rainbow button and the three design goals.

Buttons and cats were earned during play and sit in the quilt's tokens, so scoring them is a sum.
Design goals are scored at the end from the six patches around each goal space: the colours (and
the patterns) must form exactly the printed partition — AAA-BBB is two colours three times each,
six of one colour is not — and meeting it by colour or by pattern scores the lower value, by both
the higher value (tile values, per the designer's ruling).

Ranking: the highest total; ties go to the most cat tokens, then the most buttons (the rainbow
button counts), then the win is shared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.calico.catalogue import (
    BUTTON_POINTS,
    CATS,
    COLORS,
    GOAL_KEYS,
    GOAL_NEIGHBOURS,
    GOALS,
    PATTERNS,
    RAINBOW_POINTS,
    SCENARIOS,
    Scenario,
    cells_json,
)
from engines.calico.quilt import BUTTON, CAT, Quilt
from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak, rank_players

TIE_RULE = "most_cat_tokens_then_most_buttons_then_shared"
GOAL_COMPONENTS: tuple[str, ...] = tuple(f"goal_{k.replace(',', '_')}" for k in GOAL_KEYS)
"""``goal_2_3``, ``goal_3_4``, ``goal_4_2``: one component per goal space."""
COMPONENT_IDS: tuple[str, ...] = ("cats", "buttons", "rainbow_button", *GOAL_COMPONENTS)


@dataclass(frozen=True)
class ScoringRules:
    """The options that change a score."""

    family_variant: bool = False
    """Design goals are not scored."""
    solo_scenario: int | None = None


@dataclass(frozen=True)
class GoalOutcome:
    goal: int
    complete: bool
    """All six neighbours hold a patch (the goal cannot be met before)."""
    color_met: bool
    pattern_met: bool

    @property
    def points(self) -> int:
        g = GOALS[self.goal]
        if self.color_met and self.pattern_met:
            return g.high
        return g.low if self.color_met or self.pattern_met else 0


def partition(masks: Sequence[int], around: int) -> tuple[int, ...]:
    """How the cells of ``around`` split by colour (or pattern): group sizes, largest first."""
    return tuple(sorted((n for m in masks if (n := (m & around).bit_count())), reverse=True))


def goal_outcome(quilt: Quilt, space: int) -> GoalOutcome | None:
    """How the goal on goal space ``space`` stands (None while the player is choosing goals)."""
    if quilt.goals is None:
        return None
    goal = quilt.goals[space]
    around = GOAL_NEIGHBOURS[space]
    if around & quilt.filled != around:
        return GoalOutcome(goal, False, False, False)
    wanted = GOALS[goal].partition
    return GoalOutcome(
        goal,
        True,
        partition(quilt.colors, around) == wanted,
        partition(quilt.patterns, around) == wanted,
    )


def player_score(
    name: str, quilt: Quilt, rules: ScoringRules, cats_in_play: Sequence[int] = ()
) -> PlayerScore:
    cats = [t for t in quilt.tokens if t.kind == CAT]
    buttons = [t for t in quilt.tokens if t.kind == BUTTON]
    components = [
        Component(
            "cats",
            "Cats",
            sum(CATS[t.cat].points for t in cats),
            {
                "count": len(cats),
                "tokens": [
                    {
                        "cat": CATS[t.cat].id,
                        "pattern": PATTERNS[t.pattern],
                        "points": CATS[t.cat].points,
                        "cells": cells_json(t.cells),
                    }
                    for t in cats
                ],
            },
        ),
        Component(
            "buttons",
            f"Buttons × {BUTTON_POINTS}",
            BUTTON_POINTS * len(buttons),
            {
                "count": len(buttons),
                "tokens": [
                    {"color": COLORS[t.color], "cells": cells_json(t.cells)} for t in buttons
                ],
            },
        ),
        Component(
            "rainbow_button",
            "Rainbow button",
            RAINBOW_POINTS if quilt.has_rainbow else 0,
            {"earned": quilt.has_rainbow},
        ),
    ]
    outcomes = [goal_outcome(quilt, s) for s in range(len(GOAL_KEYS))]
    for cid, key, outcome in zip(GOAL_COMPONENTS, GOAL_KEYS, outcomes, strict=True):
        detail: dict[str, Any] = {"goal": None if outcome is None else GOALS[outcome.goal].id}
        points = 0
        if outcome is not None:
            detail.update(
                complete=outcome.complete,
                color_met=outcome.color_met,
                pattern_met=outcome.pattern_met,
                scored=not rules.family_variant,
            )
            points = 0 if rules.family_variant else outcome.points
        components.append(Component(cid, f"Design goal at ({key})", points, detail))
    extra: dict[str, Any] = {}
    if rules.solo_scenario is not None:
        scenario = SCENARIOS[rules.solo_scenario]
        total = sum(c.points for c in components)
        extra["solo"] = solo_result(scenario, quilt, outcomes, total, cats_in_play)
    return PlayerScore(name, tuple(components), extra)


def solo_result(
    scenario: Scenario,
    quilt: Quilt,
    outcomes: Sequence[GoalOutcome | None],
    total: int,
    cats_in_play: Sequence[int],
) -> dict[str, Any]:
    """The scenario's target and extra objectives, met or not."""
    cat_counts = Counter(t.cat for t in quilt.tokens if t.kind == CAT)
    color_counts = Counter(t.color for t in quilt.tokens if t.kind == BUTTON)
    met_goals = sum(1 for o in outcomes if o is not None and (o.color_met or o.pattern_met))
    high_goals = sum(1 for o in outcomes if o is not None and o.color_met and o.pattern_met)
    # Goal objectives are met by distinct goals: those at the higher value serve the "higher"
    # objectives first, the rest count for the "lower" ones.
    reserved = min(high_goals, sum(o.goals_high for o in scenario.objectives))
    results = []
    for o in scenario.objectives:
        checks = [
            not o.rainbow or quilt.has_rainbow,
            not o.each_cat or all(cat_counts[c] for c in cats_in_play),
            sum(cat_counts.values()) >= o.cat_tokens,
            max(cat_counts.values(), default=0) >= o.tokens_of_one_cat,
            max(color_counts.values(), default=0) >= o.buttons_of_one_color,
            high_goals >= o.goals_high,
            met_goals - reserved >= o.goals_met,
        ]
        results.append({**o.to_json(), "met": all(checks)})
    reached = total >= scenario.min_score
    return {
        "scenario": scenario.number,
        "target": scenario.min_score,
        "target_reached": reached,
        "objectives": results,
        "passed": reached and all(r["met"] for r in results),
        "status": scenario.status,
    }


def breakdown(
    names: Sequence[str],
    quilts: Sequence[Quilt],
    rules: ScoringRules,
    cats_in_play: Sequence[int],
    final: bool,
) -> ScoreBreakdown:
    players = tuple(
        player_score(n, q, rules, cats_in_play) for n, q in zip(names, quilts, strict=True)
    )
    keys: dict[str, tuple[int, ...]] = {}
    for p, q in zip(players, quilts, strict=True):
        cats = sum(1 for t in q.tokens if t.kind == CAT)
        buttons = sum(1 for t in q.tokens if t.kind != CAT)
        keys[p.player] = (p.total, cats, buttons)
    ranking = rank_players(list(names), keys.__getitem__)
    return ScoreBreakdown(players, ranking, TieBreak(TIE_RULE, _decided_by(ranking, keys)), final)


def _decided_by(ranking: Sequence[tuple[str, int]], keys: dict[str, tuple[int, ...]]) -> str | None:
    """The winner, when they tied on points with someone and the cats or buttons separated them."""
    winners = [p for p, r in ranking if r == 1]
    if len(winners) != 1:
        return None
    top = keys[winners[0]][0]
    tied = [p for p in keys if keys[p][0] == top]
    return winners[0] if len(tied) > 1 else None
