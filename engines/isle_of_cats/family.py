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

from engines.core.errors import Reason, listing, quoted_listing
from engines.core.protocol import Event
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import rules
from engines.isle_of_cats.actions import CHANCE_SEAT, Action, valid_shape
from engines.isle_of_cats.boat import Piece, pieces_by_mask
from engines.isle_of_cats.catalogue import (
    CAT_SHAPES,
    COMMON,
    COMMON_SHAPES,
    DAYS,
    FIELDS,
    RARE,
    RARE_SHAPES,
    parse_cat_key,
)
from engines.isle_of_cats.family_cards import KEEP
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


# --- legal actions --------------------------------------------------------------------------


def legal_actions(state: IsleState, seat: int | None = None) -> list[Action]:
    return rules.legal_actions(state, seat, _listed)


def _listed(state: IsleState, seat: int) -> tuple[Action, ...]:
    return state.remembered((seat, "family"), lambda: tuple(_actions_of(state, seat)))


def _legal_set(state: IsleState, seat: int) -> frozenset[Action]:
    return state.remembered((seat, "family_set"), lambda: frozenset(_listed(state, seat)))


def _actions_of(state: IsleState, seat: int) -> list[Action]:
    if seat == CHANCE_SEAT:
        return []  # a draw is reported, not chosen from a list
    if state.tasks:
        return _treasure_places(state, seat)
    if state.phase == DRAFT:
        return rules.legal_actions(state, seat)  # keep 2 of the 3 cards: the standard listing
    return [Action(A.PASS, seat), *_free_rescues(state, seat)]


def _free_rescues(state: IsleState, seat: int) -> list[Action]:
    boat = state.players[seat].boat
    out: list[Action] = []
    masks: dict[int, list[int]] = {}
    for field in FIELDS:
        for tile in sorted(set(state.fields[field])):
            color, shape = parse_cat_key(tile)
            if shape not in masks:
                masks[shape] = boat.placements(CAT_SHAPES[shape])
            pieces = pieces_by_mask("cat", shape, color)
            out += [
                Action(A.RESCUE, seat, field=field, tile=tile, piece=pieces[m])
                for m in masks[shape]
            ]
    return out


def _treasure_shapes(state: IsleState) -> list[tuple[str, int | str]]:
    """The treasures a matching map may bring: commons left, then rares below the island."""
    commons: list[tuple[str, int | str]] = [
        (COMMON, s) for s in sorted(COMMON_SHAPES) if state.commons.get(s, 0) > 0
    ]
    return commons + [(RARE, s) for s in sorted(set(state.rare_pool))]


def _treasure_places(state: IsleState, seat: int) -> list[Action]:
    boat = state.players[seat].boat
    out = []
    for kind, shape in _treasure_shapes(state):
        found = COMMON_SHAPES[int(shape)] if kind == COMMON else RARE_SHAPES[str(shape)]
        pieces = pieces_by_mask(kind, shape, None)
        out += [Action(A.PLACE, seat, piece=pieces[m]) for m in boat.placements(found)]
    out.append(Action(A.SKIP, seat))  # the treasure may always be declined
    return out


# --- check -----------------------------------------------------------------------------------


def check(state: IsleState, action: Action) -> list[Reason]:
    if state.phase == FINISHED:
        return [Reason("GAME_OVER", "the game has ended")]
    if action.kind == A.DRAW:
        return rules.check(state, action)  # the fields and the deal are reported as standard
    who = rules.movers(state)
    if who == [CHANCE_SEAT]:
        due = rules.chance_due(state)
        return [Reason("CHANCE_PENDING", f"the table must first report a draw ({due})")]
    if action.seat not in who:
        waiting = quoted_listing(state.name(s) for s in who)
        return [Reason("NOT_YOUR_TURN", f"waiting for {waiting}")]
    if action in _legal_set(state, action.seat):
        return []
    if action.kind in (A.RESCUE, A.PLACE) and action.piece and not valid_shape(action.piece):
        return [Reason("SHAPE_MISMATCH", "the cells are not that piece's shape")]
    return [_why_not(state, action)]


def _why_not(state: IsleState, action: Action) -> Reason:
    boat = state.players[action.seat].boat
    if state.phase == DRAFT:
        if action.kind != A.DRAFT:
            return Reason("WRONG_PHASE", "each player first keeps 2 of their 3 family cards")
        hand = listing(state.players[action.seat].draft_hand)
        return Reason("INVALID_DRAFT", f"keep {KEEP} different cards of {hand}")
    if state.tasks:
        if action.kind != A.PLACE or action.piece is None:
            return Reason("TASK_PENDING", "first place the treasure the map earned (or skip)")
        piece = action.piece
        if (piece.kind, piece.shape) not in _treasure_shapes(state):
            return Reason(
                "WRONG_PIECE", "the map earns a common treasure left or a rare one below the island"
            )
        return _placement_reason(boat.placement_problem(piece.mask))
    if action.kind == A.RESCUE and action.piece is not None:
        if action.tile not in state.fields.get(action.field, []):
            return Reason("NOT_IN_FIELD", f"{action.tile} is not in the {action.field} field")
        return _placement_reason(boat.placement_problem(action.piece.mask))
    if action.kind in (A.PLACE, A.SKIP):
        return Reason("NO_TASK", "nothing is waiting to be placed")
    if action.kind == A.DRAFT:
        return Reason("WRONG_PHASE", f"the game is in the {state.phase} phase")
    return Reason(
        "NOT_IN_FAMILY_GAME",
        "the family game has no fish, baskets or discovery cards: rescue a cat or pass",
    )


def _placement_reason(problem: tuple[str, str] | None) -> Reason:
    if problem is None:
        return Reason("INVALID_CHOICE", "that piece is not available")
    return Reason(*problem)


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
    if p.boat.map_bonus(a.piece) and _treasure_shapes(s):
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
