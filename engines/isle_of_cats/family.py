"""The family game (``options.mode = "family"``), as Board Game Arena plays it (BGA only).

The official FAQ says only "use the green-backed cards"; the flow below is Board Game Arena's
(``TiocFamily.trait.php``), on the standard boat, fields, placement, families, rats and rooms:

* Setup: the fields are filled as in the standard game (2 cats per player in each field, rare
  treasures drawn on the way wait below the island), then each player is dealt 3 family cards
  (``deal`` phase) and keeps 2 of them (``draft``, simultaneous); the third is discarded face
  down. There are no fish, no baskets, no discovery cards and no Oshax.
* A turn (``rescue`` phase), in the island's order: take any cat from either field for free and
  place it (``rescue``), or ``pass`` for the rest of the day. A cat covering the treasure map of
  its own colour earns one treasure, placed at once: a common treasure from the supply or a rare
  treasure from below the island (``place``), or none (``skip``).
* The day ends when everyone has passed or the fields are empty: the cats left flee, Vesh's boat
  advances, the first player on the island becomes the last, and the fields are filled again.
  After 5 days the game ends and is scored (:mod:`engines.isle_of_cats.family_scoring`).
"""

from __future__ import annotations

from engines.core.protocol import Event
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import rules
from engines.isle_of_cats.actions import Action
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import (
    COMMON,
    COMMON_SHAPES,
    DAYS,
    RARE,
)
from engines.isle_of_cats.state import (
    DEAL,
    DRAFT,
    FILL,
    FINISHED,
    PLACE_TASK,
    RESCUE,
    IsleState,
    Task,
)

FAMILY = "family"
MAP_SOURCE = "map"
"""The source of the treasure a matching map earns: a common or a rare treasure, or none."""
PHASES = (FILL, DEAL, DRAFT, RESCUE, FINISHED)
"""The phases a family game goes through (``deal`` and ``draft`` only before day 1)."""


def is_family(state: IsleState) -> bool:
    return state.env.options.get("mode") == FAMILY


def start(state: IsleState, events: list[Event]) -> None:
    """Day 1 of a family game: no fish, no baskets, no Oshax; the table fills the fields."""
    for p in state.players:
        p.permanent_baskets = 0
    state.oshax = []
    events.append({"type": "day_started", "day": state.day})
    state.phase = FILL
    state.current = 0
    _run_on(state, events)


# --- what a map earns ------------------------------------------------------------------------


def treasure_shapes(state: IsleState) -> list[tuple[str, int | str]]:
    """The treasures a matching map may bring: commons left, then rares below the island."""
    commons: list[tuple[str, int | str]] = [
        (COMMON, s) for s in sorted(COMMON_SHAPES) if state.commons.get(s, 0) > 0
    ]
    return commons + [(RARE, s) for s in sorted(set(state.rare_pool))]


# --- apply -----------------------------------------------------------------------------------


def apply(state: IsleState, action: Action) -> tuple[IsleState, list[Event]]:
    s = state.clone()
    events: list[Event] = []
    kind = action.kind
    if kind == A.DRAW:
        rules._chance(s, action, events)
    elif kind == A.DRAFT:
        rules._draft(s, action, events)
    elif kind == A.RESCUE:
        _rescue(s, action, events)
    elif kind == A.PASS:
        rules._pass(s, action, events)
    elif kind == A.PLACE:
        _place_treasure(s, action, events)
    else:
        assert kind == A.SKIP, kind
        rules._skip(s, action, events)
    _run_on(s, events)
    return s, events


def _rescue(s: IsleState, a: Action, events: list[Event]) -> None:
    """A free cat: no fish, no basket (``familyConfirmActions``)."""
    assert a.piece is not None
    s.fields[a.field].remove(a.tile)
    events.append(
        {
            "type": "cat_rescued",
            "player": s.name(a.seat),
            "field": a.field,
            "piece": a.piece.to_json(),
            "fish_paid": 0,
        }
    )
    p = s.players[a.seat]
    p.boat = p.boat.with_piece(a.piece)
    if p.boat.map_bonus(a.piece) and treasure_shapes(s):
        events.append({"type": "treasure_map", "player": s.name(a.seat), "color": a.piece.color})
        s.tasks.insert(0, Task(PLACE_TASK, a.seat, optional=True, source=MAP_SOURCE))
    rules._next_turn(s)


def _place_treasure(s: IsleState, a: Action, events: list[Event]) -> None:
    s.tasks.pop(0)
    piece: Piece | None = a.piece
    assert piece is not None
    if piece.kind == COMMON:
        s.commons[int(piece.shape)] -= 1
    else:
        s.rare_pool.remove(str(piece.shape))
    events.append({"type": "piece_placed", "player": s.name(a.seat), "piece": piece.to_json()})
    p = s.players[a.seat]
    p.boat = p.boat.with_piece(piece)  # a treasure covering a map earns nothing


# --- the table runs on -----------------------------------------------------------------------


def _run_on(s: IsleState, events: list[Event]) -> None:
    while True:
        if s.phase == DEAL and s.day > 1:
            _start_rescue(s)  # the family cards are dealt once, before day 1
            continue
        if s.seeded and rules._seeded_draw(s, events):
            continue
        if s.tasks or rules.chance_due(s):
            return
        if s.phase == DRAFT:
            if any(p.decision is None for p in s.players):
                return
            _keep_lessons(s, events)
            continue
        if s.phase == RESCUE:
            if s.current >= 0 and (s.fields["left"] or s.fields["right"]):
                return
            _end_day(s, events)
            continue
        return


def _keep_lessons(s: IsleState, events: list[Event]) -> None:
    """Each player keeps the 2 cards chosen as private lessons; the third is discarded."""
    for p in s.players:
        kept = list(p.decision or ())
        p.decision = None
        p.private_lessons.extend(kept)
        s.discard.extend(c for c in p.draft_hand if c not in kept)
        p.draft_hand = []
    events.append({"type": "lessons_kept", "each": len(s.players[0].private_lessons)})
    _start_rescue(s)


def _start_rescue(s: IsleState) -> None:
    s.phase = RESCUE
    s.current = 0
    for p in s.players:
        p.passed = False


def _end_day(s: IsleState, events: list[Event]) -> None:
    """The cats left flee; Vesh's boat advances; the first on the island becomes the last."""
    s.gone.extend(s.fields["left"] + s.fields["right"])
    s.fields = {"left": [], "right": []}
    for p in s.players:
        p.passed = False
    events.append({"type": "day_over", "day": s.day})
    s.current = 0
    if s.day >= DAYS:
        s.phase = FINISHED
        return
    s.day += 1
    s.order = s.order[1:] + s.order[:1]
    events.append({"type": "turn_order", "turn_order": [s.name(i) for i in s.order]})
    events.append({"type": "day_started", "day": s.day})
    s.phase = FILL
