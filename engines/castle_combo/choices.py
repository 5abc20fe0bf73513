"""Castle Combo's legal actions as decisions: complete actions, and the Steward's fill described.

Every decision is listed as complete actions but one: the Steward fills up to 2 of the buyer's
purse cards with room, 1 + m + m(m − 1)/2 ways for m of them, more than
:data:`~engines.core.choices.LISTED_AT_MOST` from m = 6 (22). Such a buy (one card into one cell)
is one :class:`~engines.core.choices.Choice`: the action's JSON without ``id`` and ``purses``, and
``purses`` a subset of the purse cells with room (``[row, col]``), from 0 to 2 of them. Whether
an action is legal stays :func:`engines.castle_combo.rules.check`'s to say, whatever its source.
"""

from __future__ import annotations

from engines.castle_combo.actions import encode_action
from engines.castle_combo.rules import Action, Described, decisions
from engines.castle_combo.state import CastleComboState
from engines.core.choices import Choice, Subset

PURSES = "purses"
"""The field naming the purse cards a fill chooses."""


def choices(state: CastleComboState, seat: int | None = None) -> list[Action | Choice]:
    """The decisions of ``seat`` (of whoever may act if None): :func:`rules.decisions` with each
    described buy as its :class:`Choice`."""
    return [described(state, d) if isinstance(d, Described) else d for d in decisions(state, seat)]


def described(state: CastleComboState, decision: Described) -> Choice:
    fixed = encode_action(state, decision.buy)
    del fixed["id"]
    group = decision.group
    cells = Subset(tuple([r, c] for r, c in group.purses), 0, group.fill)
    return Choice(fixed, ((PURSES, cells),))
