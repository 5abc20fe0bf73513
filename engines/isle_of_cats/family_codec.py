"""Checking a loaded family game: the standard checks, with the family game's cards and task.

A family state has the standard layout (:mod:`engines.isle_of_cats.codec`). What differs is
checked here: the cards are the 18 family cards (dealt in ``draft_hand``, kept as
``private_lessons``, the third discarded face down, the rest in the deck); nobody holds fish,
baskets, discovery cards or Oshax; the only follow-up is the treasure a matching map earns.
"""

from __future__ import annotations

from engines.core.errors import ViolationCollector, listing
from engines.isle_of_cats.catalogue import OSHAX
from engines.isle_of_cats.family_cards import FAMILY_CARDS, FAMILY_DECK, KEEP
from engines.isle_of_cats.modes import FAMILY, MAP_SOURCE
from engines.isle_of_cats.state import DRAFT, PLACE_TASK, IsleState, Task
from engines.isle_of_cats.state_checks import check_parts, check_supplies, twice_or_unknown

_FAMILY_IDS = frozenset(FAMILY_CARDS)
_REPLACED_PARTS = ("INVALID_LESSON", "INVALID_TASK")
"""Standard part checks that name standard cards and tasks: the family ones replace them."""


def check_family_parts(state: IsleState, v: ViolationCollector) -> None:
    """The standard part checks (save cards and tasks), then the family game's own."""
    standard = ViolationCollector()
    check_parts(state, standard)
    v.violations.extend(x for x in standard.violations if x.code not in _REPLACED_PARTS)
    if state.phase not in FAMILY.phases:
        v.add("UNKNOWN_PHASE", "/phase", "a family game's phase is " + listing(FAMILY.phases, "or"))
    if state.oshax or state.public_lessons:
        v.add("NOT_IN_FAMILY_GAME", "/public", "the family game has no Oshax and no public lessons")
    for name, p in zip(state.env.players, state.players, strict=True):
        # Each pointer is written only for a problem.
        if p.fish or p.permanent_baskets or p.baskets_used or p.card_baskets or p.half_baskets:
            v.add(
                "NOT_IN_FAMILY_GAME",
                f"/public/players/{name}",
                "the family game has no fish and no baskets",
            )
        if p.hand or p.kept or p.rescue_cards or p.anywhere or p.extra_rescues or p.bonus_turn:
            v.add(
                "NOT_IN_FAMILY_GAME",
                f"/public/players/{name}",
                "the family game has no discovery cards",
            )
        if any(x.kind == OSHAX for x in p.boat.pieces):
            v.add(
                "NOT_IN_FAMILY_GAME",
                f"/public/players/{name}/pieces",
                "the family game has no Oshax",
            )
        lessons = p.private_lessons
        if any(c not in FAMILY_CARDS for c in lessons + p.draft_hand) or len(lessons) > KEEP:
            v.add(
                "INVALID_LESSON",
                f"/private/{name}",
                f"a player is dealt family cards (151 to 168) and keeps {KEEP}; "
                f"got {listing(p.draft_hand)} dealt and {listing(lessons)} kept",
            )
        if p.decision is not None and (
            state.phase != DRAFT
            or not set(p.decision) <= set(p.draft_hand)
            or len(set(p.decision)) != min(KEEP, len(p.draft_hand))
        ):
            v.add(
                "INVALID_DECISION",
                f"/private/{name}/decision",
                f"a decision keeps {KEEP} different cards of the ones dealt, in the draft phase",
            )
    for i, task in enumerate(state.tasks):
        if not _map_task(task, len(state.players)):
            v.add(
                "INVALID_TASK",
                f"/public/tasks/{i}",
                "the family game's only task is the treasure a matching map earns",
            )


def _map_task(task: Task, players: int) -> bool:
    return (
        task.kind == PLACE_TASK
        and task.source == MAP_SOURCE
        and task.optional
        and 0 <= task.seat < players
        and task == Task(PLACE_TASK, task.seat, optional=True, source=MAP_SOURCE)
    )


def check_family_supplies(state: IsleState, v: ViolationCollector) -> None:
    """The standard tile and treasure counts, then every family card in one place."""
    check_supplies(state, v, discovery=False)
    cards = list(state.discard)
    for p in state.players:
        cards += p.private_lessons
        cards += p.draft_hand
    if state.deck is not None:
        cards += state.deck
    distinct = set(cards)
    twice = twice_or_unknown(cards, distinct, _FAMILY_IDS)
    if twice:
        v.add(
            "CARD_TWICE", "/private", f"family cards in two places (or unknown): {listing(twice)}"
        )
    if state.deck is not None and sorted(distinct) != list(FAMILY_DECK):
        v.add("CARDS_MISSING", "/hidden/deck", "seeded mode accounts for all 18 family cards")
