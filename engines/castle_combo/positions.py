"""Positions from a real table: tableaux photographed as 3×3 grids, scored and checked.

::

    {"players": [{"player": "ann",
                  "grid": [[{"card": "spy", "face_down": false, "gold": 0}, null, null],
                           [ … ], [ … ]],
                  "gold": 3, "keys": 1}]}

``grid[row][col]`` is the card at that cell of the final grid (row 0 at the top), ``null`` where
the grid is not yet full; ``gold`` on a cell is the gold stored on that purse, ``gold`` of the
player the gold in hand. A position is scored as the game's end scores it: leftover gold goes on
the purses up to their capacity.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.castle_combo.catalogue import GRID_SIZE, MAX_PLAYERS
from engines.castle_combo.scoring import Holdings, breakdown
from engines.castle_combo.table import Seen, read_tableau
from engines.castle_combo.tableau import Tableau
from engines.core.errors import InvalidState, Violation, ViolationCollector, shown
from engines.core.scoring import ScoreBreakdown


@dataclass(frozen=True)
class Position:
    names: tuple[str, ...]
    tableaux: tuple[Tableau, ...]
    holdings: tuple[Holdings, ...]


def validate_position(position: Mapping[str, Any]) -> list[Violation]:
    v = ViolationCollector()
    read_position(position, v)
    return v.violations


def score_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    """The breakdown of a valid position; raises :class:`InvalidState` with every violation."""
    v = ViolationCollector()
    pos = read_position(position, v)
    if pos is None or v.violations:
        raise InvalidState(v.violations or [Violation("INVALID_POSITION", "", "unreadable")])
    final = all(t.full for t in pos.tableaux)
    return breakdown(pos.names, pos.tableaux, pos.holdings, final=final, absolute=True)


def read_position(position: Mapping[str, Any], v: ViolationCollector) -> Position | None:
    if not isinstance(position, Mapping):
        v.add("INVALID_POSITION", "", "a position is an object")
        return None
    raw_players = position.get("players")
    if not isinstance(raw_players, Sequence) or isinstance(raw_players, str) or not raw_players:
        v.add("INVALID_PLAYERS", "/players", f"a position lists 1 to {MAX_PLAYERS} players")
        return None
    if len(raw_players) > MAX_PLAYERS:
        v.add("PLAYER_COUNT", "/players", f"at most {MAX_PLAYERS} players share a table")
    names: list[str] = []
    tableaux: list[Tableau] = []
    holdings: list[Holdings] = []
    seen: Seen = {}
    for k, raw in enumerate(raw_players):
        where = f"/players/{k}"
        if not isinstance(raw, Mapping):
            v.add("INVALID_POSITION", where, "a player is an object")
            continue
        name = raw.get("player")
        if not isinstance(name, str) or not name or name in names:
            v.add("INVALID_PLAYER", f"{where}/player", "player ids are distinct non-empty strings")
        names.append(str(name))
        tableaux.append(_read_grid(raw.get("grid"), f"{where}/grid", v, seen))
        holdings.append(
            Holdings(
                _count(raw.get("gold", 0), f"{where}/gold", v),
                _count(raw.get("keys", 0), f"{where}/keys", v),
            )
        )
    if v.violations:
        return None
    return Position(tuple(names), tuple(tableaux), tuple(holdings))


def _count(raw: Any, pointer: str, v: ViolationCollector) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        v.add("INVALID_COUNT", pointer, f"a count is a whole number >= 0, not {shown(raw)}")
        return 0
    return raw


def _read_grid(raw: Any, pointer: str, v: ViolationCollector, seen: Seen) -> Tableau:
    if (
        not isinstance(raw, list)
        or len(raw) != GRID_SIZE
        or not all(isinstance(row, list) and len(row) == GRID_SIZE for row in raw)
    ):
        v.add("INVALID_GRID", pointer, "a grid is 3 rows of 3 cells (a card or null)")
        return Tableau()
    placed: list[Mapping[str, Any]] = []
    where: list[tuple[int, int]] = []
    for r, row in enumerate(raw):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if not isinstance(cell, Mapping):
                v.add("INVALID_GRID", f"{pointer}/{r}/{c}", "a cell is a card object or null")
                continue
            placed.append(cell)
            where.append((r, c))
    return read_tableau(placed, pointer, v, seen, where)
