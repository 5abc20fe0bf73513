"""Build Castle Combo tables, states and positions for rule tests without playing up to them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo.catalogue import CARDS, DECKS
from engines.castle_combo.state import CastleComboState
from engines.castle_combo.tableau import OWN_FILL
from engines.core.protocol import Event


def grid(rows: Sequence[str]) -> list[list[dict[str, Any] | None]]:
    """A position grid from 3 rows of 3 tokens: ``card``, ``card!`` (face down), ``card$3``
    (3 gold stored on it; by default what the card's own ability put there when it was bought,
    as play leaves it: 2 on a Potter) or ``.`` (no card yet)."""
    out: list[list[dict[str, Any] | None]] = []
    for row in rows:
        cells: list[dict[str, Any] | None] = []
        for token in row.split():
            cells.append(None if token == "." else _placed(token))
        assert len(cells) == 3, row
        out.append(cells)
    while len(out) < 3:
        out.append([None, None, None])
    return out


def _placed(token: str) -> dict[str, Any]:
    gold = None
    if "$" in token:
        token, amount = token.split("$")
        gold = int(amount)
    face_down = token.endswith("!")
    card = token.rstrip("!")
    assert card in CARDS, card
    if gold is None:  # what its own ability put on it (Potter, Queen Mother, …: 2)
        gold = 0 if face_down else OWN_FILL[card]
    return {"card": card, "face_down": face_down, "gold": gold}


def tableau(cells: Mapping[tuple[int, int], str]) -> list[dict[str, Any]]:
    """A table's tableau from ``{(row, col): token}`` (tokens as in :func:`grid`)."""
    return [{**_placed(token), "cell": list(cell)} for cell, token in cells.items()]


def score_of(rows: Sequence[str], *, keys: int = 0, gold: int = 0) -> dict[str, Any]:
    """The score breakdown (JSON) of one player's position."""
    position = {"players": [{"player": "ann", "grid": grid(rows), "gold": gold, "keys": keys}]}
    return CASTLE_COMBO.score_position(position).to_json()


def component(score: dict[str, Any], cid: str, player: int = 0) -> int:
    found = [c for c in score["players"][player]["components"] if c["id"] == cid]
    assert len(found) == 1, cid
    points: int = found[0]["points"]
    return points


def fillers(location: str, avoid: Iterable[str], count: int) -> list[str]:
    """The first ``count`` cards of a location that are not in ``avoid`` (catalogue order)."""
    avoid = set(avoid)
    return [c for c in DECKS[location] if c not in avoid][:count]


def table_state(
    players: Mapping[str, tuple[list[dict[str, Any]], int, int]],
    *,
    to_move: str,
    messenger: str,
    castle: Sequence[str] = (),
    village: Sequence[str] = (),
    discards: Mapping[str, Sequence[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str = "table",
) -> CastleComboState:
    """A seeded game resumed from a table; displays left short are completed with the first
    unused cards of the catalogue (the tests never depend on those)."""
    used = {p["card"] for tab, _, _ in players.values() for p in tab}
    used.update(castle)
    used.update(village)
    for cards in (discards or {}).values():
        used.update(cards)
    castle = [*castle, *fillers("castle", used, 3 - len(castle))]
    used.update(castle)
    village = [*village, *fillers("village", used, 3 - len(village))]
    table = {
        "players": {
            name: {"tableau": tab, "gold": gold, "keys": keys}
            for name, (tab, gold, keys) in players.items()
        },
        "displays": {"castle": castle, "village": village},
        "messenger": messenger,
        "to_move": to_move,
        "discards": {k: list(v) for k, v in (discards or {}).items()},
    }
    return CASTLE_COMBO.setup(list(players), {**(options or {}), "table": table}, seed)


def act(state: CastleComboState, action: dict[str, Any]) -> tuple[CastleComboState, list[Event]]:
    return CASTLE_COMBO.apply_checked(state, CASTLE_COMBO.decode_action(state, action))


def buy(
    state: CastleComboState, card: str, cell: Sequence[int], **fields: Any
) -> tuple[CastleComboState, list[Event]]:
    player = CASTLE_COMBO.to_move(state)[0]
    action = {"type": "buy_card", "player": player, "card": card, "cell": list(cell), **fields}
    return act(state, action)


def reasons(state: CastleComboState, action: dict[str, Any]) -> list[str]:
    return [r.code for r in CASTLE_COMBO.check(state, CASTLE_COMBO.decode_action(state, action))]


def public(state: CastleComboState) -> dict[str, Any]:
    encoded: dict[str, Any] = CASTLE_COMBO.encode_state(state)["public"]
    return encoded
