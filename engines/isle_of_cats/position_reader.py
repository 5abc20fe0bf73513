"""Reading a position from a real table: finished boats, fish, baskets, lessons, turn order.

::

    {"players": [{"player": "ann", "boat": "blue", "pieces": [...], "fish": 3,
                  "permanent_baskets": 1, "private_lessons": [{"card": 117, "color": "red"}]}],
     "turn_order": ["ann", "bob"],
     "public_lessons": [{"card": 143, "color": "orange"}]}

A lesson that asks for a colour may leave it out: the score then uses the colour that scores most
(for a public lesson, most over all players together) and says so in the component's detail.
The solo and family readings (:mod:`engines.isle_of_cats.solo_positions`,
:mod:`engines.isle_of_cats.family_positions`) read the boats with :func:`read_position`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.errors import ViolationCollector, listing, shown
from engines.isle_of_cats.catalogue import (
    BOATS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRIVATE_LESSON,
    PUBLIC_LESSON,
)
from engines.isle_of_cats.jsonio import (
    as_list,
    as_mapping,
    check_supply,
    groups,
    read_boat,
    read_lesson,
)
from engines.isle_of_cats.scoring import Lesson, Scorable

MAX_PERMANENT_BASKETS = 7
"""The starting basket and the 6 cards that gain one (84 to 89)."""


def read_position(
    position: Mapping[str, Any], v: ViolationCollector, max_groups: int | None = None
) -> tuple[list[Scorable], list[str], list[Lesson]]:
    """The players' boats, the turn order and the public lessons.

    ``max_groups``: how many separate groups of pieces play can leave on a boat. The standard
    game sets no limit: the first piece and the 2 "place anywhere" cards start a group each, and
    cards 88 and 89 discard treasures from the boat, which may split a group into several.
    """
    raw_players = as_list(position.get("players"), "/players", v)
    if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        v.add(
            "PLAYER_COUNT", "/players", f"a position lists {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    players = [
        _read_player(item, f"/players/{i}", i, v, max_groups) for i, item in enumerate(raw_players)
    ]
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        v.add("DUPLICATE_PLAYER", "/players", f"player ids must be distinct: {names}")
    boats = [p.boat.id for p in players]
    if len(set(boats)) != len(boats):
        v.add("DUPLICATE_BOAT", "/players", f"each player has their own boat: {boats}")
    check_supply([p.boat for p in players], len(players), "/players", v)
    order = [str(n) for n in as_list(position.get("turn_order", names), "/turn_order", v)]
    if sorted(order) != sorted(names):
        v.add("INVALID_TURN_ORDER", "/turn_order", f"the turn order lists each of {names} once")
    public = []
    for j, lesson in enumerate(as_list(position.get("public_lessons", []), "/public_lessons", v)):
        read = read_lesson(lesson, ("/public_lessons", j, ""), v, PUBLIC_LESSON)
        if read is not None:
            public.append(read)
    cards = [x.card for p in players for x in p.private_lessons] + [x.card for x in public]
    if len(set(cards)) != len(cards):
        v.add("DUPLICATE_CARD", "/players", "each lesson card exists once")
    return players, order, public


def _read_player(
    item: Any, where: str, i: int, v: ViolationCollector, max_groups: int | None
) -> Scorable:
    """One player's boat, fish, permanent baskets and private lessons, at ``where``."""
    raw = as_mapping(item, where, v)
    name = raw.get("player")
    if not isinstance(name, str) or not name:
        v.add("INVALID_PLAYER", f"{where}/player", "each boat names its player")
        name = f"#{i}"
    boat_id = raw.get("boat")
    if boat_id not in BOATS:
        v.add(
            "UNKNOWN_BOAT",
            f"{where}/boat",
            f"boat is one of {listing(BOATS, 'or')}, not {shown(boat_id)}",
        )
        boat_id = "blue"
    boat = read_boat(str(boat_id), raw.get("pieces"), f"{where}/pieces", v)
    if max_groups is not None and groups(boat) > max_groups:
        v.add(
            "PIECES_NOT_CONNECTED",
            f"{where}/pieces",
            f"the pieces form {groups(boat)} separate groups; play allows at most {max_groups}",
        )
    fish = raw.get("fish", 0)
    if not isinstance(fish, int) or isinstance(fish, bool) or fish < 0:
        v.add("INVALID_FISH", f"{where}/fish", "fish is a count, 0 or more")
        fish = 0
    baskets = raw.get("permanent_baskets", 1)
    if not isinstance(baskets, int) or not 0 <= baskets <= MAX_PERMANENT_BASKETS:
        v.add(
            "INVALID_BASKETS",
            f"{where}/permanent_baskets",
            f"a player holds 0 to {MAX_PERMANENT_BASKETS} permanent baskets",
        )
        baskets = 1
    lessons = []
    at = f"{where}/private_lessons"
    for j, lesson in enumerate(as_list(raw.get("private_lessons", []), at, v)):
        read = read_lesson(lesson, (at, j, ""), v, PRIVATE_LESSON)
        if read is not None:
            lessons.append(read)
    return Scorable(name, boat, fish, baskets, tuple(lessons))
