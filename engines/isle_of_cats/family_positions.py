"""Family positions from a real table: finished boats and the family cards kept, scored.

::

    {"mode": "family",
     "players": [{"player": "ann", "boat": "blue", "pieces": [...],
                  "private_lessons": [{"card": 151, "color": "red"}, {"card": 164}]}],
     "turn_order": ["ann", "bob"]}

The boats are read as in a standard position
(:func:`engines.isle_of_cats.position_reader.read_position`); ``private_lessons`` are the 2
family cards (151–168) each player kept; card 151 may declare its colour (left out: the colour
that scores most). A family table has no fish, baskets, Oshax or
public lessons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.errors import (
    InvalidState,
    Violation,
    ViolationCollector,
    Where,
    pointer_at,
    shown,
)
from engines.core.scoring import ScoreBreakdown
from engines.isle_of_cats.catalogue import COLORS, OSHAX
from engines.isle_of_cats.family_cards import FAMILY_CARDS, KEEP
from engines.isle_of_cats.family_scoring import family_breakdown
from engines.isle_of_cats.jsonio import as_list, as_mapping
from engines.isle_of_cats.position_reader import read_position
from engines.isle_of_cats.scoring import Lesson, Scorable

_NOT_FAMILY = ("fish", "permanent_baskets")
CONNECTED = 1
"""A family boat is one group of pieces: only the first goes anywhere, every later one touches
an earlier one, and no card places anywhere or discards a piece."""


def read_family_lesson(raw: Any, where: Where, v: ViolationCollector) -> Lesson | None:
    data = as_mapping(raw, where, v)
    card_id = data.get("card")
    if not isinstance(card_id, int) or isinstance(card_id, bool) or card_id not in FAMILY_CARDS:
        v.add(
            "UNKNOWN_CARD",
            f"{pointer_at(where)}/card",
            f"a family card is 151 to 168, not {shown(card_id)}",
        )
        return None
    color = data.get("color")
    if color is not None and (color not in COLORS or not FAMILY_CARDS[card_id].asks_colour):
        v.add(
            "INVALID_COLOR",
            f"{pointer_at(where)}/color",
            f"card {card_id} takes no colour {shown(color)}",
        )
        return None
    return Lesson(card_id, color)


def read_family_position(
    position: Mapping[str, Any], v: ViolationCollector
) -> tuple[list[Scorable], list[str]]:
    raw_players = as_list(position.get("players"), "/players", v)
    boats_only = {
        **{k: x for k, x in position.items() if k not in ("mode", "players")},
        "players": [
            {k: x for k, x in p.items() if k != "private_lessons"} if isinstance(p, Mapping) else p
            for p in raw_players
        ],
    }
    players, order, _ = read_position(boats_only, v, max_groups=CONNECTED)
    if position.get("public_lessons"):
        v.add("NOT_IN_FAMILY_GAME", "/public_lessons", "the family game has no public lessons")
    read: list[Scorable] = []
    for i, (raw, player) in enumerate(zip(raw_players, players, strict=False)):
        where = f"/players/{i}"
        data = raw if isinstance(raw, Mapping) else {}
        if any(data.get(k) for k in _NOT_FAMILY):
            v.add("NOT_IN_FAMILY_GAME", where, "the family game has no fish and no baskets")
        if any(p.kind == OSHAX for p in player.boat.pieces):
            v.add("NOT_IN_FAMILY_GAME", f"{where}/pieces", "the family game has no Oshax")
        at = f"{where}/private_lessons"
        raw_lessons = as_list(data.get("private_lessons", []), at, v)
        if len(raw_lessons) > KEEP:
            v.add(
                "INVALID_LESSON",
                at,
                f"each player keeps {KEEP} family cards, not {len(raw_lessons)}",
            )
        lessons = [
            lesson
            for j, item in enumerate(raw_lessons)
            if (lesson := read_family_lesson(item, (at, j, ""), v)) is not None
        ]
        read.append(Scorable(player.name, player.boat, 0, 0, tuple(lessons)))
    cards = [x.card for p in read for x in p.private_lessons]
    if len(set(cards)) != len(cards):
        v.add("DUPLICATE_CARD", "/players", "each family card exists once")
    return read, order


def validate_family_position(position: Mapping[str, Any]) -> list[Violation]:
    v = ViolationCollector()
    read_family_position(position, v)
    return list(v.violations)


def score_family_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    v = ViolationCollector()
    players, order = read_family_position(position, v)
    if v.violations:
        raise InvalidState(list(v.violations))
    return family_breakdown(players, order, final=True)
