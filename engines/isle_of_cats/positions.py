"""Positions from a real table, scored and checked: standard, solo (``"mode": "solo"``) and
family (``"mode": "family"``). Each is read by its own reader
(:mod:`engines.isle_of_cats.position_reader`, :mod:`engines.isle_of_cats.solo_positions`,
:mod:`engines.isle_of_cats.family_positions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.errors import InvalidState, Violation, ViolationCollector
from engines.core.scoring import ScoreBreakdown
from engines.isle_of_cats.family_positions import score_family_position, validate_family_position
from engines.isle_of_cats.position_reader import read_position
from engines.isle_of_cats.scoring import breakdown
from engines.isle_of_cats.solo_positions import score_solo_position, validate_solo_position


def validate_position(position: Mapping[str, Any]) -> list[Violation]:
    v = ViolationCollector()
    if not isinstance(position, Mapping):
        return [Violation("INVALID_POSITION", "", "a position is an object")]
    if position.get("mode") == "solo":
        return validate_solo_position(position)
    if position.get("mode") == "family":
        return validate_family_position(position)
    read_position(position, v)
    return list(v.violations)


def score_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    if not isinstance(position, Mapping):
        raise InvalidState([Violation("INVALID_POSITION", "", "a position is an object")])
    if position.get("mode") == "solo":
        return score_solo_position(position)
    if position.get("mode") == "family":
        return score_family_position(position)
    # One reading both checks the position and gives what is scored.
    v = ViolationCollector()
    players, order, public = read_position(position, v)
    if v.violations:
        raise InvalidState(list(v.violations))
    return breakdown(players, order, public, final=True)
