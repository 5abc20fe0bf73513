"""The score breakdown every game returns: components per player, a ranking, the tie-break."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Component:
    """One line of a player's score; `id` is stable per game and listed in openapi.yaml."""

    id: str
    label: str
    points: int
    detail: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label, "points": self.points}
        if self.detail is not None:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True)
class PlayerScore:
    player: str
    components: tuple[Component, ...]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(c.points for c in self.components)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "player": self.player,
            "total": self.total,
            "components": [c.to_json() for c in self.components],
        }
        out.update(self.extra)
        return out


@dataclass(frozen=True)
class TieBreak:
    """Which rule separates equal totals, and whom it favoured (None: no tie, or a shared one)."""

    rule: str
    decided_by: str | None

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "decided_by": self.decided_by}


@dataclass(frozen=True)
class ScoreBreakdown:
    players: tuple[PlayerScore, ...]
    ranking: tuple[tuple[str, int], ...]
    tie_break: TieBreak
    final: bool
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": [p.to_json() for p in self.players],
            "ranking": [{"player": p, "rank": r} for p, r in self.ranking],
            "tie_break": self.tie_break.to_json(),
            "final": self.final,
        }
        out.update(self.extra)
        return out


def rank_players(
    players: Sequence[str], key: Callable[[str], tuple[int, ...]]
) -> tuple[tuple[str, int], ...]:
    """Competition ranking (1, 1, 3, …) by descending `key`; equal keys share a rank.

    >>> rank_players(["a", "b", "c"], {"a": (3,), "b": (5,), "c": (3,)}.__getitem__)
    (('b', 1), ('a', 2), ('c', 2))
    """
    ordered = sorted(players, key=key, reverse=True)
    ranking: list[tuple[str, int]] = []
    for i, p in enumerate(ordered):
        if i > 0 and key(p) == key(ordered[i - 1]):
            ranking.append((p, ranking[-1][1]))
        else:
            ranking.append((p, i + 1))
    return tuple(ranking)
