"""Patchwork scoring: buttons + 7 for the bonus tile − 2 per empty square.

Ties go to the player who reached the final space first.

The same function scores a live state and a position entered from a real table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core.errors import InvalidState, Violation, ViolationCollector
from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak, rank_players
from engines.patchwork import rules
from engines.patchwork.catalogue import (
    BONUS_POINTS,
    BONUS_SQUARES,
    EMPTY_SQUARE_PENALTY,
    FULL_QUILT,
    LEATHER_PATCHES,
)
from engines.patchwork.jsonio import cell_mask, placed_mask
from engines.patchwork.state import PatchworkState

TIE_RULE = "first_to_reach_final_space"


@dataclass(frozen=True)
class QuiltTally:
    """What scoring needs of one player."""

    player: str
    buttons: int
    covered: int
    bonus_tile: bool


def score_state(state: PatchworkState) -> ScoreBreakdown:
    tallies = [
        QuiltTally(name, q.buttons, q.covered, state.bonus_tile == i)
        for i, (name, q) in enumerate(zip(state.env.players, state.quilts, strict=True))
    ]
    first = None if state.first_to_finish is None else state.env.players[state.first_to_finish]
    return breakdown(tallies, first, final=rules.is_finished(state))


def breakdown(
    tallies: Sequence[QuiltTally], first_to_finish: str | None, final: bool
) -> ScoreBreakdown:
    players = tuple(_player_score(t) for t in tallies)
    totals = {p.player: p.total for p in players}

    def key(name: str) -> tuple[int, ...]:
        return (totals[name], 1 if name == first_to_finish else 0)

    tied = len(set(totals.values())) == 1
    decided_by = first_to_finish if tied and first_to_finish is not None else None
    return ScoreBreakdown(
        players=players,
        ranking=rank_players([t.player for t in tallies], key),
        tie_break=TieBreak(TIE_RULE, decided_by),
        final=final,
    )


def _player_score(t: QuiltTally) -> PlayerScore:
    empty = (FULL_QUILT & ~t.covered).bit_count()
    return PlayerScore(
        t.player,
        (
            Component("buttons", "Buttons", t.buttons),
            Component(
                "empty_squares",
                f"Empty squares × {EMPTY_SQUARE_PENALTY}",
                EMPTY_SQUARE_PENALTY * empty,
                {"empty": empty},
            ),
            Component("bonus_tile", "7×7 bonus tile", BONUS_POINTS if t.bonus_tile else 0),
        ),
    )


# --- positions from a real table ----------------------------------------------------------------


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
        v.add("DUPLICATE_PLAYER", "/players", f"player ids must be distinct: {names}")
    for i, raw in enumerate(position["players"]):
        where = f"/players/{i}"
        covered = 0
        for j, placed in enumerate(raw.get("quilt", [])):
            pid = placed["patch"]
            if pid in used:
                v.add(
                    "PATCH_USED_TWICE",
                    f"{where}/quilt/{j}/patch",
                    f"patch {pid} is also on {used[pid]!r}'s quilt",
                )
            used[pid] = raw["player"]
            mask = placed_mask(pid, placed["cells"], f"{where}/quilt/{j}", v)
            if mask & covered:
                v.add("OVERLAPS", f"{where}/quilt/{j}", f"patch {pid} overlaps another patch")
            covered |= mask
        for j, cell in enumerate(raw.get("leather", [])):
            bit = cell_mask(cell, f"{where}/leather/{j}", v)
            if bit & covered:
                v.add("OVERLAPS", f"{where}/leather/{j}", f"leather patch at {list(cell)} overlaps")
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
    if leather_total > LEATHER_PATCHES:
        v.add(
            "TOO_MANY_LEATHER_PATCHES", "/players", f"the box has {LEATHER_PATCHES} leather patches"
        )
    first = position.get("first_to_finish")
    if first is not None and first not in names:
        v.add("UNKNOWN_PLAYER", "/first_to_finish", f"{first!r} is not one of {names}")
    return tallies
