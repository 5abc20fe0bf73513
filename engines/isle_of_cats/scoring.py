"""The end-of-game score: families, rare treasures, rats, rooms and lessons; ties go to fish.

Components per player, in this order: ``family:<n>`` for each family (largest first, numbered
from 1), ``rare_treasures``, ``rats``, ``rooms``, then ``lesson:<card id>`` for each private
lesson the player holds and each public lesson in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak, rank_players
from engines.isle_of_cats.boat import Boat
from engines.isle_of_cats.catalogue import (
    CARDS,
    FAMILY_MIN,
    RARE,
    RARE_POINTS,
    RAT_POINTS,
    ROOM_POINTS,
    cells_of,
    family_points,
)
from engines.isle_of_cats.lessons import (
    Table,
    asks_colour,
    best_colour,
    largest_family,
    lesson_points,
)

TIE_RULE = "most_fish_then_shared"
FIXED_COMPONENTS = ("rare_treasures", "rats", "rooms")


@dataclass(frozen=True)
class Lesson:
    card: int
    color: str | None
    """The declared colour of a "pick a colour" lesson; None: not declared (or not asked)."""


@dataclass(frozen=True)
class Scorable:
    """One player's part of a finished table."""

    name: str
    boat: Boat
    fish: int
    permanent_baskets: int
    private_lessons: tuple[Lesson, ...]
    face_down: int = 0
    """Private lessons held but not shown (another player's, before the end): not scored, but
    counted where a lesson counts them (147: 2 points per private lesson), as at the table."""

    @property
    def lesson_count(self) -> int:
        return len(self.private_lessons) + self.face_down


def tables(players: Sequence[Scorable], turn_order: Sequence[str]) -> list[Table]:
    largest = [largest_family(p.boat) for p in players]
    return [
        Table(
            p.boat,
            p.fish,
            p.permanent_baskets,
            p.lesson_count,
            bool(turn_order) and turn_order[0] == p.name,
            tuple(s for j, s in enumerate(largest) if j != i),
        )
        for i, p in enumerate(players)
    ]


def _lesson_component(lesson: Lesson, table: Table, chosen_for: list[Table]) -> Component:
    detail: dict[str, object] = {"type": CARDS[lesson.card].type}
    color = lesson.color
    if asks_colour(lesson.card):
        if color is None:
            color = best_colour(lesson.card, chosen_for)
            detail["color_chosen_by_score"] = True
        detail["color"] = color
    return Component(
        f"lesson:{lesson.card}",
        CARDS[lesson.card].text,
        lesson_points(lesson.card, table, color),
        detail,
    )


def breakdown(
    players: Sequence[Scorable],
    turn_order: Sequence[str],
    public_lessons: Sequence[Lesson],
    *,
    final: bool,
) -> ScoreBreakdown:
    all_tables = tables(players, turn_order)
    scores = []
    for player, table in zip(players, all_tables, strict=True):
        boat = player.boat
        comps: list[Component] = []
        families = [f for f in boat.families if f.size >= FAMILY_MIN]
        for n, fam in enumerate(families, start=1):
            comps.append(
                Component(
                    f"family:{n}",
                    f"{fam.color} family of {fam.size}",
                    family_points(fam.size),
                    {"color": fam.color, "size": fam.size, "cells": cells_of(fam.mask)},
                )
            )
        rares = boat.count(RARE)
        comps.append(
            Component(
                "rare_treasures",
                f"Rare treasures × {RARE_POINTS}",
                RARE_POINTS * rares,
                {"count": rares},
            )
        )
        rats = boat.visible_rats
        comps.append(
            Component(
                "rats",
                f"Visible rats × {RAT_POINTS}",
                RAT_POINTS * rats.bit_count(),
                {"cells": cells_of(rats)},
            )
        )
        rooms = boat.unfilled_rooms
        comps.append(
            Component(
                "rooms",
                f"Unfilled rooms × {ROOM_POINTS}",
                ROOM_POINTS * len(rooms),
                {"unfilled": rooms},
            )
        )
        for lesson in player.private_lessons:
            comps.append(_lesson_component(lesson, table, [table]))
        for lesson in public_lessons:
            comps.append(_lesson_component(lesson, table, all_tables))
        scores.append(PlayerScore(player.name, tuple(comps), {"fish": player.fish}))
    by_name = {s.player: s for s in scores}
    fish = {p.name: p.fish for p in players}
    ranking = rank_players(list(by_name), lambda n: (by_name[n].total, fish[n]))
    return ScoreBreakdown(
        tuple(scores), ranking, TieBreak(TIE_RULE, _decided_by(scores, fish)), final
    )


def _decided_by(scores: Sequence[PlayerScore], fish: dict[str, int]) -> str | None:
    """The leader by fish when the top total is shared and fish separate them; else None."""
    top = max(s.total for s in scores)
    leaders = [s.player for s in scores if s.total == top]
    if len(leaders) < 2:
        return None
    most = max(fish[p] for p in leaders)
    best = [p for p in leaders if fish[p] == most]
    return best[0] if len(best) == 1 else None
