"""The family game's score (Board Game Arena only): families, rats, rooms and family cards.

Board Game Arena's ``stEndGameScoring`` in family mode scores rats, unfilled rooms, families and
the private (family) lessons, and leaves out the rare treasures (worth nothing here; card 164
counts them) and public lessons. Ties go to the most filled rooms (``scoreTieBreakerFamily``),
then are shared.

Components per player, in this order: ``family:<n>`` (largest first), ``rats``, ``rooms``, then
``lesson:<card id>`` for each family card kept. The family, rat and room components are the
standard game's (:func:`engines.isle_of_cats.scoring.breakdown`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak, rank_players
from engines.isle_of_cats.catalogue import ROOMS
from engines.isle_of_cats.family_cards import (
    FAMILY_CARDS,
    FAMILY_LESSON,
    best_family_colour,
    family_card_points,
)
from engines.isle_of_cats.lessons import Table
from engines.isle_of_cats.scoring import Lesson, Scorable, breakdown, tables

FAMILY_TIE_RULE = "most_filled_rooms_then_shared"
NOT_SCORED = ("rare_treasures",)
"""Standard components the family game does not score."""


def _lesson_component(lesson: Lesson, table: Table) -> Component:
    card = FAMILY_CARDS[lesson.card]
    detail: dict[str, object] = {"type": FAMILY_LESSON}
    color = lesson.color
    if card.asks_colour:
        if color is None:
            color = best_family_colour(card.id, table)
            detail["color_chosen_by_score"] = True
        detail["color"] = color
    return Component(
        f"lesson:{card.id}", card.text, family_card_points(card.id, table, color), detail
    )


def filled_rooms(scorable: Scorable) -> int:
    return len(ROOMS) - len(scorable.boat.unfilled_rooms)


def family_breakdown(
    players: Sequence[Scorable], turn_order: Sequence[str], *, final: bool
) -> ScoreBreakdown:
    """Score family players; their ``private_lessons`` are family cards (151–168)."""
    standard = breakdown(
        [replace(p, private_lessons=()) for p in players], turn_order, [], final=final
    )
    scores = []
    for player, table, base in zip(
        players, tables(players, turn_order), standard.players, strict=True
    ):
        comps = [c for c in base.components if c.id not in NOT_SCORED]
        comps += [_lesson_component(lesson, table) for lesson in player.private_lessons]
        scores.append(
            PlayerScore(player.name, tuple(comps), {"filled_rooms": filled_rooms(player)})
        )
    by_name = {s.player: s for s in scores}
    rooms = {p.name: filled_rooms(p) for p in players}
    ranking = rank_players(list(by_name), lambda n: (by_name[n].total, rooms[n]))
    return ScoreBreakdown(
        tuple(scores), ranking, TieBreak(FAMILY_TIE_RULE, _decided_by(scores, rooms)), final
    )


def _decided_by(scores: Sequence[PlayerScore], rooms: dict[str, int]) -> str | None:
    """The leader by filled rooms when the top total is shared and rooms separate them."""
    top = max(s.total for s in scores)
    leaders = [s.player for s in scores if s.total == top]
    if len(leaders) < 2:
        return None
    most = max(rooms[p] for p in leaders)
    best = [p for p in leaders if rooms[p] == most]
    return best[0] if len(best) == 1 else None
