"""Patchwork scoring: buttons + 7 for the bonus tile − 2 per empty square.

Ties go to the player who reached the final space first.

The same :func:`breakdown` scores a live state and a position entered from a real table
(:mod:`engines.patchwork.positions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak, rank_players
from engines.patchwork import rules
from engines.patchwork.catalogue import (
    BONUS_POINTS,
    EMPTY_SQUARE_PENALTY,
    FULL_QUILT,
)
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
