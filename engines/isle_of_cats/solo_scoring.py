"""The solo game's score: the player's boat against the sister's cards (Board Game Arena only).

The sister has no boat: she scores the player's boat. Each of the 5 colour cards, in the order
they were revealed, is worth 5, 4, 3, 2 and 1 points per cat or Oshax of its colour on the
player's boat; each solo lesson scores a count on the player's boat (card 204 scores the best of
the other solo lessons once more). The player scores as in the standard game, except that public
lessons score half, rounded up, and the "largest family" lesson (121) needs a family of 7 or more.
The player wins with more points than the sister; an equal score is a loss.

Components of the sister, in order: ``solo_colour:<n>`` for each revealed colour card (n = 1..5),
then ``solo_lesson:<card id>`` for each solo lesson.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak
from engines.isle_of_cats.boat import Boat
from engines.isle_of_cats.effects import BestOtherAgain
from engines.isle_of_cats.lessons import Table, largest_family, points
from engines.isle_of_cats.scoring import Lesson, Scorable, breakdown
from engines.isle_of_cats.sister_cards import ALL_SOLO_LESSONS, DOUBLE_BEST_CARD, SISTER_LESSONS

SISTER = "sister"
"""The sister's name in a solo score; a player may not take it."""
SOLO_TIE_RULE = "solo_player_needs_more_points"
COLOUR_POINTS = (5, 4, 3, 2, 1)
"""Points per cat or Oshax of the 1st to 5th colour card revealed (BGA ``SCORE_SOLO_COLOR``)."""
LARGEST_FAMILY_CARD = 121
SOLO_LARGEST_FAMILY = 7


@dataclass(frozen=True)
class Sister:
    """What the sister scores with: the colour cards revealed (in order) and her lessons."""

    colours: tuple[str, ...]
    lessons: tuple[int, ...]
    first_in_turn_order: bool = False
    """Whether the sister is ahead of the player on the island at the end (lesson 119)."""


def solo_lesson_points(card: int, boat: Boat, fish: int, private_lessons: int) -> int:
    """What solo lesson ``card`` scores for the sister on the player's finished boat."""
    effect = SISTER_LESSONS[card]
    if isinstance(effect, BestOtherAgain):
        raise ValueError(f"{card} is not a solo lesson scored on its own")
    return points(effect, Table(boat, fish, 0, private_lessons, False, ()))


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def sister_components(player: Scorable, sister: Sister) -> tuple[Component, ...]:
    boat = player.boat
    comps: list[Component] = []
    for n, color in enumerate(sister.colours, start=1):
        count = len(boat.cat_likes(color))
        each = COLOUR_POINTS[n - 1]
        comps.append(
            Component(
                f"solo_colour:{n}",
                f"{_ordinal(n)} colour card ({color}): {each} per {color} cat or Oshax",
                each * count,
                {"color": color, "count": count, "points_each": each},
            )
        )
    own = {
        c: solo_lesson_points(c, boat, player.fish, player.lesson_count)
        for c in sister.lessons
        if c != DOUBLE_BEST_CARD
    }
    # The sister always plays 3 solo lessons (setup, states and positions check it), so 204
    # always has two others to repeat the best of.
    for card in sister.lessons:
        worth = max(own.values()) if card == DOUBLE_BEST_CARD else own[card]
        comps.append(Component(f"solo_lesson:{card}", ALL_SOLO_LESSONS[card], worth))
    return tuple(comps)


def _player_components(player: Scorable, sister: Sister, public: Sequence[Lesson]) -> PlayerScore:
    """The standard score with the solo changes to public lessons and lesson 121."""
    standard = breakdown(
        [player], [] if sister.first_in_turn_order else [player.name], public, final=True
    )
    comps = []
    public_ids = {f"lesson:{x.card}" for x in public}
    for comp in standard.players[0].components:
        if comp.id in public_ids:
            halved = math.ceil(comp.points / 2)
            detail = dict(comp.detail or {}) | {"full_points": comp.points, "solo": "halved"}
            comp = replace(comp, points=halved, detail=detail)
        elif comp.id == f"lesson:{LARGEST_FAMILY_CARD}":
            size = largest_family(player.boat)
            points = 10 if size >= SOLO_LARGEST_FAMILY else 0
            detail = dict(comp.detail or {}) | {"largest_family": size, "solo": "needs 7"}
            comp = replace(comp, points=points, detail=detail)
        comps.append(comp)
    return PlayerScore(player.name, tuple(comps), {"fish": player.fish})


def solo_result(player_total: int, sister_total: int) -> str:
    """``win`` with strictly more points than the sister; an equal score is a ``loss``."""
    return "win" if player_total > sister_total else "loss"


def solo_breakdown(
    player: Scorable, sister: Sister, public: Sequence[Lesson], *, final: bool
) -> ScoreBreakdown:
    """Both scores line by line; the player ranks first only with strictly more points."""
    mine = _player_components(player, sister, public)
    hers = PlayerScore(SISTER, sister_components(player, sister))
    won = solo_result(mine.total, hers.total) == "win"
    ranking = ((player.name, 1), (SISTER, 2)) if won else ((SISTER, 1), (player.name, 2))
    return ScoreBreakdown(
        (mine, hers),
        ranking,
        TieBreak(SOLO_TIE_RULE, SISTER if mine.total == hers.total else None),
        final,
        {"solo": {"result": "win" if won else "loss", "margin": mine.total - hers.total}},
    )
