"""Positions for companion scoring: each player's board from a real table, in placement order.

A position is ``{"goals": [3 goal ids], "cats": [3 cat ids], "players": {name: {"patches":
[{cell, color}, …]}}}``, each board's patches in the order they were placed, the three
starting patches first. Buttons and cats are earned placement by placement, so the order
decides them; the position is replayed and scored as the game would have scored it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.calico_simplified.catalogue import CAT_INDEX, CATS_IN_PLAY, GOAL_INDEX, GOALS_IN_PLAY
from engines.calico_simplified.rules import score_lines
from engines.calico_simplified.setup import check_players, read_ids
from engines.calico_simplified.state import Board
from engines.core.errors import InvalidState, Violation, ViolationCollector
from engines.core.scoring import PlayerScore, ScoreBreakdown, TieBreak, rank_players

TIE_RULE = "shared"
"""The text names no tie-breaker: players with equal scores share the rank."""


def read_position(position: Mapping[str, Any]) -> tuple[list[str], list[Board]]:
    from engines.calico_simplified.codec import read_board

    v = ViolationCollector()
    if not isinstance(position, Mapping):
        raise InvalidState([Violation("INVALID_POSITION", "", "a position is a JSON object")])
    unknown = sorted(set(position) - {"goals", "cats", "players"})
    if unknown:
        v.add("UNKNOWN_FIELD", "", f"a position has goals, cats and players, not {unknown}")
    goals = read_ids(position.get("goals"), GOAL_INDEX, GOALS_IN_PLAY, "goal", "/goals", v)
    cats = read_ids(position.get("cats"), CAT_INDEX, CATS_IN_PLAY, "cat", "/cats", v)
    raw = position.get("players")
    if not isinstance(raw, Mapping):
        v.add("INVALID_POSITION", "/players", "players is {name: {patches}}")
        raise InvalidState(v.violations)
    names = list(raw)
    check_players(names, v)
    v.raise_if_any()
    assert goals is not None and cats is not None
    boards = []
    for name in names:
        entry = raw[name]
        if isinstance(entry, Mapping) and set(entry) - {"patches"}:
            v.add("UNKNOWN_FIELD", f"/players/{name}", "a player's entry has patches only")
            continue
        board = read_board(entry, goals, cats, f"/players/{name}", v, claims=False)
        if board is not None:
            boards.append(board)
    v.raise_if_any()
    return names, boards


def breakdown(names: list[str], boards: list[Board], *, final: bool) -> ScoreBreakdown:
    scores = tuple(PlayerScore(n, score_lines(b)) for n, b in zip(names, boards, strict=True))
    totals = {s.player: s.total for s in scores}
    ranking = rank_players(names, lambda p: (totals[p],))
    return ScoreBreakdown(scores, ranking, TieBreak(TIE_RULE, None), final)


def score_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    names, boards = read_position(position)
    return breakdown(names, boards, final=all(b.is_full for b in boards))


def validate_position(position: Mapping[str, Any]) -> list[Violation]:
    try:
        read_position(position)
    except InvalidState as err:
        return err.violations
    return []
