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

from engines.castle_combo.catalogue import CARDS, GRID_SIZE, MAX_PLAYERS, TABLEAU_SIZE
from engines.castle_combo.scoring import Holdings, breakdown
from engines.castle_combo.table import read_tableau
from engines.castle_combo.tableau import OWN_FILL, PURSE_CAPACITY, Placed, Tableau, connected
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
    seen: dict[str, str] = {}
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


def _read_grid(raw: Any, pointer: str, v: ViolationCollector, seen: dict[str, str]) -> Tableau:
    if (
        not isinstance(raw, list)
        or len(raw) != GRID_SIZE
        or not all(isinstance(row, list) and len(row) == GRID_SIZE for row in raw)
    ):
        v.add("INVALID_GRID", pointer, "a grid is 3 rows of 3 cells (a card or null)")
        return Tableau()
    fast = _plain_grid(raw, pointer, seen)
    if fast is not None:
        return fast
    placed: list[dict[str, Any]] = []
    where: list[str] = []
    for r, row in enumerate(raw):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if not isinstance(cell, Mapping):
                v.add("INVALID_GRID", f"{pointer}/{r}/{c}", "a cell is a card object or null")
                continue
            placed.append({**cell, "cell": [r, c]})
            where.append(f"{pointer}/{r}/{c}")
    return read_tableau(placed, pointer, v, seen, where)


def _plain_grid(raw: list[list[Any]], pointer: str, seen: dict[str, str]) -> Tableau | None:
    """The grid's tableau when nothing in it breaks a rule (its cards then join ``seen``), else
    None (``seen`` unchanged).

    Scoring a position is mostly reading it, and almost every grid is valid: this reads one
    without the general tableau reader's per-field checks and copies. Anything unusual (a card
    object that is not a dict, an unknown or repeated card, gold that is no plain count or does
    not fit, less gold than a card's own ability put there, cards that do not touch) falls back
    to :func:`read_tableau`, which names every violation.
    """
    placed: list[Placed] = []
    mine: dict[str, str] = {}
    for r, row in enumerate(raw):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if type(cell) is not dict:
                return None
            card = cell.get("card")
            face_down = cell.get("face_down", False)
            gold = cell.get("gold", 0)
            if (
                type(card) is not str
                or card not in CARDS
                or card in seen
                or card in mine
                or (face_down is not False and face_down is not True)
                or type(gold) is not int
                or gold < 0
                or gold > (0 if face_down else PURSE_CAPACITY[card])
                or (gold < OWN_FILL[card] and not face_down)
            ):
                return None
            mine[card] = f"{pointer}/{r}/{c}/card"
            placed.append(Placed(card, (r, c), face_down, gold))
    tableau = Tableau(tuple(placed))
    # Inside a 3×3 grid nine cards are the whole grid, which is connected.
    if len(placed) < TABLEAU_SIZE and not connected(tableau.cells):
        return None
    seen.update(mine)
    return tableau
