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
from engines.isle_of_cats.boat import Boat, touches_edge
from engines.isle_of_cats.catalogue import (
    CARDS_DATA,
    COLORS,
    COMMON,
    FAMILY_MIN,
    RARE,
    ROOMS,
    family_points,
    neighbours,
)
from engines.isle_of_cats.lessons import largest_family
from engines.isle_of_cats.scoring import Lesson, Scorable, breakdown

SISTER = "sister"
"""The sister's name in a solo score; a player may not take it."""
SOLO_TIE_RULE = "solo_player_needs_more_points"
COLOUR_POINTS = (5, 4, 3, 2, 1)
"""Points per cat or Oshax of the 1st to 5th colour card revealed (BGA ``SCORE_SOLO_COLOR``)."""
LARGEST_FAMILY_CARD = 121
SOLO_LARGEST_FAMILY = 7
DOUBLE_BEST_CARD = 204
""""Highest scoring sister lesson scores twice": the best other solo lesson once more."""

_SOLO = CARDS_DATA["solo"]
SOLO_COLOUR_CARDS: tuple[str, ...] = tuple(_SOLO["colour_cards"])
BASKET_CARDS: dict[int, tuple[tuple[tuple[str | int, ...], ...], int, int]] = {
    int(c["bga_id"]): (
        tuple(tuple(a) for a in c["actions"]),
        int(c["baskets"]),
        int(c["speed"]),
    )
    for c in _SOLO["basket_cards"]
}
"""Solo basket card id: (its two actions, how many cards the sister plays that day, speed)."""
SOLO_LESSONS: dict[int, str] = {int(c["bga_id"]): c["text"] for c in _SOLO["lesson_cards"]}
ADVANCED_LESSONS: dict[int, str] = {
    int(c["bga_id"]): c["text"] for c in _SOLO["advanced_lesson_cards"]
}
ALL_SOLO_LESSONS = {**SOLO_LESSONS, **ADVANCED_LESSONS}
BASIC_LESSON_COUNT = 3
ADVANCED_BY_LEVEL = {"easy": 0, "medium": 1, "hard": 2, "very_hard": 3, "expert": 4}


@dataclass(frozen=True)
class Sister:
    """What the sister scores with: the colour cards revealed (in order) and her lessons."""

    colours: tuple[str, ...]
    lessons: tuple[int, ...]
    first_in_turn_order: bool = False
    """Whether the sister is ahead of the player on the island at the end (lesson 119)."""


def _treasures_touching(boat: Boat, color: str) -> int:
    colour_mask = 0
    for p in boat.cat_likes(color):
        colour_mask |= p.mask
    return sum(1 for p in boat.pieces if p.is_treasure and neighbours(p.mask) & colour_mask)


def _not_touching_treasure(boat: Boat) -> int:
    treasure = 0
    for p in boat.pieces:
        if p.is_treasure:
            treasure |= p.mask
    near = neighbours(treasure)
    return sum(1 for p in boat.cat_likes() if not p.mask & near)


def _colours_off_rats(boat: Boat) -> int:
    near_rats = neighbours(boat.visible_rats)
    touching = {p.color for p in boat.cat_likes() if p.mask & near_rats}
    return sum(1 for c in COLORS if c not in touching)


def _family_scores(boat: Boat) -> list[int]:
    """Every family's points, highest first (families are listed largest first)."""
    return [family_points(f.size) for f in boat.families if f.size >= FAMILY_MIN]


def solo_lesson_points(card: int, boat: Boat, fish: int, private_lessons: int) -> int:
    """What solo lesson ``card`` scores for the sister on the player's finished boat."""
    if card == 197:
        return 5 * sum(
            1 for c in COLORS if not boat.cat_likes(c) or _treasures_touching(boat, c) == 0
        )
    if card == 198:
        return 2 * largest_family(boat)
    if card == 199:
        return 10 if boat.count(COMMON) + boat.count(RARE) < 9 else 0
    if card == 200:
        return 4 * fish
    if card == 201:
        return 5 * boat.visible_rats.bit_count()
    if card == 202:
        return 5 * max(0, len(boat.cat_likes()) - 15)
    if card == 203:
        return 5 * sum(1 for c in COLORS if not any(touches_edge(p) for p in boat.cat_likes(c)))
    if card == 205:
        return 3 * (len(ROOMS) - len(boat.unfilled_rooms))
    if card == 206:
        return 5 * sum(1 for f in boat.families if f.size == 1)
    if card == 207:
        return 3 * private_lessons
    if card in (208, 209):
        scores = _family_scores(boat)
        index = card - 208
        return scores[index] if len(scores) > index else 0
    if card == 210:
        return 3 * boat.count(COMMON)
    if card == 211:
        return 3 * _not_touching_treasure(boat)
    if card == 212:
        return 4 * (len(boat.layout.maps) - boat.uncovered_maps)
    if card == 213:
        return 5 * len(_family_scores(boat))
    if card == 214:
        return sum(1 for p in boat.cat_likes() if touches_edge(p))
    if card == 215:
        return 5 * _colours_off_rats(boat)
    raise ValueError(f"{card} is not a solo lesson scored on its own")


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
        points = max(own.values()) if card == DOUBLE_BEST_CARD else own[card]
        comps.append(Component(f"solo_lesson:{card}", ALL_SOLO_LESSONS[card], points))
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
