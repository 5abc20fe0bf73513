"""A rescue turn's action is checked without listing the turn: the check agrees with the list.

A rescue turn lists thousands of rescues; checking one action decides a rescue from its own field,
cat and cells, and anything else against the turn's other actions. Here every placement of every
cat in the fields, offered from either field, and the turn's other actions are checked both ways
at several rescue plies of seeded games.
"""

from __future__ import annotations

import random

from engines.isle_of_cats import ISLE_OF_CATS, rules
from engines.isle_of_cats import actions as A
from engines.isle_of_cats.actions import Action
from engines.isle_of_cats.boat import pieces_by_mask
from engines.isle_of_cats.catalogue import CAT, FIELDS, parse_cat_key
from engines.isle_of_cats.state import RESCUE, IsleState


def rescue_plies(seed: str, limit: int) -> list[IsleState]:
    """States of a seeded two-player game where someone is to rescue, with no task pending."""
    state = ISLE_OF_CATS.setup(["ann", "bob"], {}, seed)
    pick = random.Random(seed)
    found: list[IsleState] = []
    while not ISLE_OF_CATS.is_finished(state) and len(found) < limit:
        if state.phase == RESCUE and not state.tasks:
            found.append(state)
        movers = rules.movers(state)
        legal = ISLE_OF_CATS.legal_actions(state, state.name(movers[0]))
        rescues = [a for a in legal if a.kind == A.RESCUE]
        choice = pick.choice(rescues) if rescues and pick.random() < 0.7 else pick.choice(legal)
        state, _ = ISLE_OF_CATS.apply(state, choice)
    return found


def candidates(state: IsleState, seat: int) -> list[Action]:
    """Every placement of every cat in either field, offered from each field."""
    cats = {tile for field in FIELDS for tile in state.fields[field]}
    out = []
    for tile in sorted(cats):
        color, shape = parse_cat_key(tile)
        for piece in pieces_by_mask(CAT, shape, color).values():
            out += [Action(A.RESCUE, seat, (), (), f, tile, piece, "", ()) for f in FIELDS]
    return out


def test_a_rescue_checked_alone_is_legal_exactly_when_listed() -> None:
    checked = accepted = 0
    for seed in ("rescue-1", "rescue-2"):
        for state in rescue_plies(seed, 6):
            seat = state.mover()
            listed = set(rules._listed(state, seat))
            for action in candidates(state, seat):
                alone = rules._rescue_listed(state, action)
                assert alone == (action in listed), action
                checked += 1
                accepted += alone
            assert accepted > 0
    # The checks covered many placements, legal and not.
    assert checked > 10_000
    assert 0 < accepted < checked


def test_a_rescue_turns_other_actions_are_checked_without_the_rescues() -> None:
    checked = 0
    for seed in ("rescue-1", "rescue-2"):
        for state in rescue_plies(seed, 6):
            seat = state.mover()
            listed = set(rules._listed(state, seat))
            others = [a for a in listed if a.kind != A.RESCUE]
            ways_out = [Action(A.PASS, seat), Action(A.END_TURN, seat)]
            for action in [*others, *ways_out]:
                fresh = state.clone()  # nothing listed yet: the check must not rely on a list
                assert rules._is_listed(fresh, action) == (action in listed), action
                assert (seat, "set") not in fresh.legal_cache
                checked += 1
    assert checked >= 24
