"""Positions from a real table: finished quilts, scored and checked.

A position is what a companion app sees at the end of a game it did not follow::

    {"players": [{"player": "ann", "buttons": 23, "bonus_tile": true,
                  "quilt": [{"patch": 7, "cells": [[0, 0], [0, 1], …]}, …],
                  "leather": [[4, 4]]}, …],
     "first_to_finish": "ann"}

:func:`validate_position` reports every impossible thing at once (a patch used twice, a shape
that does not fit, cells covered twice, a bonus tile without a full 7×7 square or twice, more
leather patches than the box holds); :func:`score_position` scores what passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.errors import (
    InvalidState,
    Violation,
    ViolationCollector,
    quoted,
    quoted_listing,
    shown,
)
from engines.core.scoring import ScoreBreakdown
from engines.patchwork.catalogue import BONUS_SQUARES, LEATHER_PATCHES
from engines.patchwork.jsonio import cell_bit, placed_mask
from engines.patchwork.scoring import QuiltTally, breakdown


def validate_position(position: Mapping[str, Any]) -> list[Violation]:
    v = ViolationCollector()
    _read_position(position, v)
    return v.violations


def score_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    v = ViolationCollector()
    tallies = _read_position(position, v)
    if v.violations:
        raise InvalidState(v.violations)
    return breakdown(tallies, position.get("first_to_finish"), final=True)


def _read_position(position: Mapping[str, Any], v: ViolationCollector) -> list[QuiltTally]:
    """Each patch used at most once, shapes that fit, no cell covered twice, one bonus tile."""
    tallies: list[QuiltTally] = []
    used: dict[int, str] = {}
    leather_total = 0
    names = [p["player"] for p in position["players"]]
    if len(set(names)) != len(names):
        v.add(
            "DUPLICATE_PLAYER", "/players", f"player ids must be distinct: {quoted_listing(names)}"
        )
    for i, raw in enumerate(position["players"]):
        where = f"/players/{i}"
        quilt_at, leather_at = f"{where}/quilt", f"{where}/leather"
        covered = 0
        for j, placed in enumerate(raw.get("quilt", [])):
            pid = placed["patch"]
            if pid in used:
                v.add(
                    "PATCH_USED_TWICE",
                    f"{quilt_at}/{j}/patch",
                    f"patch {pid} is also on the quilt of {quoted(used[pid])}",
                )
            used[pid] = raw["player"]
            mask = placed_mask(pid, placed["cells"], quilt_at, j, v)
            if mask & covered:
                v.add("OVERLAPS", f"{quilt_at}/{j}", f"patch {pid} overlaps another patch")
            covered |= mask
        for j, cell in enumerate(raw.get("leather", [])):
            bit = cell_bit(cell, leather_at, j, v)
            if bit & covered:
                v.add("OVERLAPS", f"{leather_at}/{j}", f"leather patch at {shown(cell)} overlaps")
            covered |= bit
            leather_total += 1
        bonus = bool(raw.get("bonus_tile", False))
        if bonus and not any(sq & covered == sq for sq in BONUS_SQUARES):
            v.add(
                "BONUS_TILE_WITHOUT_SQUARE",
                f"{where}/bonus_tile",
                "no full 7×7 square on this quilt",
            )
        tallies.append(QuiltTally(raw["player"], raw["buttons"], covered, bonus))
    if sum(t.bonus_tile for t in tallies) > 1:
        v.add("BONUS_TILE_TWICE", "/players", "there is one bonus tile")
    if not any(t.bonus_tile for t in tallies):
        for i, t in enumerate(tallies):
            if any(sq & t.covered == sq for sq in BONUS_SQUARES):
                v.add(
                    "BONUS_TILE_NOT_AWARDED",
                    f"/players/{i}/bonus_tile",
                    f"{quoted(t.player)} has a full 7×7 square, so the bonus tile has been "
                    "taken: by the first player to fill one",
                )
    if leather_total > LEATHER_PATCHES:
        v.add(
            "TOO_MANY_LEATHER_PATCHES", "/players", f"the box has {LEATHER_PATCHES} leather patches"
        )
    first = position.get("first_to_finish")
    if first is not None and first not in names:
        v.add(
            "UNKNOWN_PLAYER",
            "/first_to_finish",
            f"{shown(first)} is not one of the players, {quoted_listing(names)}",
        )
    return tallies
