"""Castle Combo scoring: every face-up card's scroll, purse gold and keys.

At the end each player places their leftover gold on their face-up purses, up to each purse's
capacity; every purse pays 2 points per gold (and the Banker 1 per gold on all purses), so how the
gold is split cannot change a score: it fills purses in grid order. Keys score 1 point each.
The ranking: the highest total, then the most gold left over (not on purses), then a shared win.

A scroll reads only its owner's tableau. ``row`` and ``column`` are the 3 cards of the card's row
or column (the card included), ``row_and_column`` the 5 cards of its cross. Positions (top row,
corner, …) are cells of the final 3×3 grid; a tableau still growing is scored as if its top-left
card sat at the grid's top-left corner (``score`` mid-game answers "if the game ended now").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engines.castle_combo.catalogue import CARDS, SHIELDS, Card, Scroll
from engines.castle_combo.tableau import Cell, Placed, Tableau
from engines.core.scoring import Component, PlayerScore, ScoreBreakdown, TieBreak, rank_players

TIE_RULE = "most_leftover_gold_then_shared"
GRID_COMPONENTS: tuple[str, ...] = tuple(f"card:{r},{c}" for r in range(3) for c in range(3))
COMPONENT_IDS: tuple[str, ...] = (*GRID_COMPONENTS, "keys", "leftover_gold")


@dataclass(frozen=True)
class Holdings:
    """What a player holds beside the tableau."""

    gold: int
    keys: int


def place_leftover_gold(tableau: Tableau, gold: int) -> tuple[Tableau, int]:
    """The tableau with ``gold`` placed on its purses up to capacity, and the gold left over."""
    golds: dict[Cell, int] = {}
    left = gold
    for p in sorted(tableau.cards, key=lambda p: p.cell):
        room = p.capacity - p.gold
        if room > 0 and left > 0:
            moved = min(room, left)
            golds[p.cell] = p.gold + moved
            left -= moved
    return tableau.with_gold(golds), left


def _grid_cell(cell: Cell, origin: Cell) -> Cell:
    return (cell[0] - origin[0], cell[1] - origin[1])


def _in_scope(scroll: Scroll, me: Placed, others: Sequence[Placed]) -> list[Card]:
    """The face-up cards a scroll with a row/column scope reads (the card itself included)."""
    r, c = me.cell
    if scroll.scope == "row":
        cards = [p for p in others if p.cell[0] == r]
    elif scroll.scope == "column":
        cards = [p for p in others if p.cell[1] == c]
    elif scroll.scope == "row_and_column":
        cards = [p for p in others if p.cell[0] == r or p.cell[1] == c]
    else:
        cards = list(others)
    return [face for p in cards if (face := p.shown) is not None]


def scroll_points(me: Placed, tableau: Tableau, keys: int, origin: Cell) -> int:
    """What the scroll of the card ``me`` of ``tableau`` scores (0 face down); ``origin`` is the
    offset of the grid's top-left cell."""
    card = me.shown
    if card is None:
        return 0
    s = card.scroll
    kind = s.kind
    if kind == "purse":
        return s.points * me.gold
    if kind == "points_if_position":
        return s.points if _grid_cell(me.cell, origin) in s.cells else 0
    if kind == "points_per_key":
        return s.points * keys
    if kind == "points_per_gold_on_all_purses":
        return s.points * tableau.purse_gold
    if kind == "points_if_any_face_down_card":
        return s.points if any(p.face_down for p in tableau.cards) else 0
    faces = _in_scope(s, me, tableau.cards)
    shields = Counter(sh for f in faces for sh in f.shields)
    if kind == "points_per_shield":
        assert s.shield is not None
        return s.points * shields[s.shield]
    if kind == "points_per_distinct_shield_type":
        return s.points * len(shields)
    if kind == "points_per_missing_shield_type":
        return s.points * (len(SHIELDS) - len(shields))
    if kind == "points_if_shield_absent":
        assert s.shield is not None
        return s.points if shields[s.shield] == 0 else 0
    if kind == "points_per_shield_set":
        return s.points * min(shields[sh] for sh in s.sets)
    if kind == "points_per_set_of_identical_shields":
        assert s.number is not None
        return s.points * sum(n // s.number for n in shields.values())
    if kind == "points_per_banner":
        return s.points * sum(1 for f in faces if f.banner == s.banner)
    if kind == "points_per_banner_set":
        need = Counter(s.sets)
        banners = Counter(f.banner for f in faces)
        return s.points * min(banners[b] // n for b, n in need.items())
    if kind == "points_per_card_with_discount_ability":
        return s.points * sum(1 for f in faces if f.discount is not None)
    if kind == "points_per_card_with_exact_shield_count":
        return s.points * sum(1 for f in faces if len(f.shields) == s.number)
    if kind == "points_per_card_with_printed_cost":
        assert s.cost is not None
        if s.comparison == ">=":
            return s.points * sum(1 for f in faces if f.cost >= s.cost)
        return s.points * sum(1 for f in faces if f.cost == s.cost)
    raise AssertionError(f"scroll {kind!r} has no reading")  # the catalogue refuses unknown kinds


def player_score(
    player: str, tableau: Tableau, held: Holdings, *, absolute: bool = False
) -> tuple[PlayerScore, int]:
    """A player's components, and the gold left over after filling the purses (the tie-break).

    ``absolute``: the cells are already those of the 3×3 grid (a position), not offsets.
    """
    filled, left = place_leftover_gold(tableau, held.gold)
    origin = (0, 0) if absolute else filled.grid_origin()
    components = []
    for p in sorted(filled.cards, key=lambda p: _grid_cell(p.cell, origin)):
        r, c = _grid_cell(p.cell, origin)
        name = "face-down card" if p.face_down else CARDS[p.card].name
        components.append(
            Component(
                f"card:{r},{c}",
                f"{name} at row {r}, column {c}",
                scroll_points(p, filled, held.keys, origin),
                {"card": p.card, "face_down": p.face_down, "gold": p.gold},
            )
        )
    components.append(Component("keys", "Keys × 1", held.keys, {"keys": held.keys}))
    components.append(
        Component("leftover_gold", "Gold not on purses (tie-break)", 0, {"gold": left})
    )
    return PlayerScore(player, tuple(components)), left


def breakdown(
    names: Sequence[str],
    tableaux: Sequence[Tableau],
    holdings: Sequence[Holdings],
    *,
    final: bool,
    absolute: bool = False,
) -> ScoreBreakdown:
    players = []
    keys: dict[str, tuple[int, ...]] = {}
    for name, tableau, held in zip(names, tableaux, holdings, strict=True):
        score, left = player_score(name, tableau, held, absolute=absolute)
        players.append(score)
        keys[name] = (score.total, left)
    ranking = rank_players(list(names), keys.__getitem__)
    winners = [p for p, r in ranking if r == 1]
    top = keys[winners[0]][0]
    tied_on_points = [p for p in names if keys[p][0] == top]
    decided = winners[0] if len(winners) == 1 and len(tied_on_points) > 1 else None
    return ScoreBreakdown(tuple(players), ranking, TieBreak(TIE_RULE, decided), final)
