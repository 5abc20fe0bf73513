"""Solo positions from a real table: one finished boat and the sister's cards, scored.

::

    {"mode": "solo",
     "players": [{"player": "ann", "boat": "blue", "pieces": [...], "fish": 3,
                  "permanent_baskets": 1, "private_lessons": [{"card": 121}]}],
     "turn_order": ["sister", "ann"],
     "public_lessons": [{"card": 144, "color": "blue"}],
     "sister": {"colours": ["red", "blue", "green", "orange", "purple"],
                "lessons": [198, 201, 205]}}

``sister.colours`` are the colour cards in the order they were revealed (all 5 at the end of a
game, each colour once); ``sister.lessons`` her solo lessons (3 basic ones, 197-206, and up to 4
advanced ones, 207-215, as many as the level asks). ``turn_order`` (optional) places the sister
on the island: ahead of the player or behind (the default), which only lesson 119 looks at. The
player is read as in a standard position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.errors import InvalidState, Violation, ViolationCollector
from engines.core.scoring import ScoreBreakdown
from engines.isle_of_cats.jsonio import as_list, as_mapping
from engines.isle_of_cats.position_reader import read_position
from engines.isle_of_cats.scoring import Lesson, Scorable
from engines.isle_of_cats.sister_cards import (
    ADVANCED_LESSONS,
    BASIC_LESSON_COUNT,
    SOLO_COLOUR_CARDS,
    SOLO_LESSONS,
)
from engines.isle_of_cats.solo_scoring import SISTER, Sister, solo_breakdown

_STANDARD_ONLY = ("PLAYER_COUNT", "INVALID_TURN_ORDER")
"""Standard reading rules that the solo reading replaces with its own."""
MAX_ADVANCED = 4


def _words(values: Any) -> str:
    """A list from the caller in plain words (never Python's notation)."""
    return ", ".join(str(x) for x in values) or "nothing"


def read_sister(raw: Any, v: ViolationCollector) -> tuple[tuple[str, ...], tuple[int, ...]]:
    data = as_mapping(raw, "/sister", v)
    colours = [c for c in as_list(data.get("colours", []), "/sister/colours", v)]
    if not all(isinstance(c, str) and c in SOLO_COLOUR_CARDS for c in colours):
        v.add(
            "INVALID_COLOR",
            "/sister/colours",
            "each colour card is one of "
            + ", ".join(SOLO_COLOUR_CARDS)
            + f"; got {_words(colours)}",
        )
        colours = []
    elif len(set(colours)) != len(colours):
        v.add("DUPLICATE_CARD", "/sister/colours", "each colour card is revealed once")
    elif len(colours) != len(SOLO_COLOUR_CARDS):
        # One is revealed each day: a finished game has shown all of them.
        v.add(
            "INCOMPLETE_SISTER",
            "/sister/colours",
            f"a finished solo game has revealed all {len(SOLO_COLOUR_CARDS)} colour cards, "
            f"not {len(colours)}",
        )
    lessons = list(as_list(data.get("lessons", []), "/sister/lessons", v))
    if not all(
        isinstance(c, int) and (c in SOLO_LESSONS or c in ADVANCED_LESSONS) for c in lessons
    ):
        v.add(
            "INVALID_LESSON",
            "/sister/lessons",
            f"solo lessons are cards 197 to 215; got {_words(lessons)}",
        )
        return tuple(colours), ()
    basic = sum(1 for c in lessons if c in SOLO_LESSONS)
    advanced = len(lessons) - basic
    if len(set(lessons)) != len(lessons):
        v.add("DUPLICATE_CARD", "/sister/lessons", "each solo lesson card exists once")
    elif basic > BASIC_LESSON_COUNT or advanced > MAX_ADVANCED:
        v.add(
            "INVALID_LESSON",
            "/sister/lessons",
            f"the sister has {BASIC_LESSON_COUNT} solo lessons and at most {MAX_ADVANCED} "
            f"advanced ones, not {basic} and {advanced}",
        )
    elif basic < BASIC_LESSON_COUNT:
        v.add(
            "INCOMPLETE_SISTER",
            "/sister/lessons",
            f"the sister plays with {BASIC_LESSON_COUNT} solo lessons (197 to 206), not {basic}",
        )
    return tuple(colours), tuple(lessons)


def read_solo_position(
    position: Mapping[str, Any], v: ViolationCollector
) -> tuple[Scorable | None, Sister, list[Lesson]]:
    standard = ViolationCollector()
    players, _, public = read_position(
        {k: x for k, x in position.items() if k != "turn_order"}, standard
    )
    v.violations.extend(x for x in standard.violations if x.code not in _STANDARD_ONLY)
    if len(players) != 1:
        v.add("PLAYER_COUNT", "/players", f"a solo position lists 1 player, not {len(players)}")
    player = players[0] if len(players) == 1 else None
    if player is not None and player.name == SISTER:
        v.add("RESERVED_PLAYER_ID", "/players/0/player", f"“{SISTER}” is the sister")
    colours: tuple[str, ...] = ()
    lessons: tuple[int, ...] = ()
    if "sister" in position:
        colours, lessons = read_sister(position["sister"], v)
    else:
        v.add(
            "MISSING_SISTER",
            "/sister",
            "a solo position gives the sister's colour cards and lessons",
        )
    ahead = False
    if "turn_order" in position and player is not None:
        order = list(as_list(position["turn_order"], "/turn_order", v))
        if sorted(map(str, order)) != sorted([player.name, SISTER]):
            v.add(
                "INVALID_TURN_ORDER",
                "/turn_order",
                f"the solo turn order lists “{player.name}” and “{SISTER}” once each",
            )
        else:
            ahead = order[0] == SISTER
    return player, Sister(colours, lessons, ahead), public


def validate_solo_position(position: Mapping[str, Any]) -> list[Violation]:
    v = ViolationCollector()
    read_solo_position(position, v)
    return list(v.violations)


def score_solo_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    v = ViolationCollector()
    player, sister, public = read_solo_position(position, v)
    if v.violations or player is None:
        raise InvalidState(list(v.violations))
    return solo_breakdown(player, sister, public, final=True)
