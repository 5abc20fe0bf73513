"""How large a Castle Combo answer can grow: each decision bounded by the 3×3 tableau and the
3-card displays, never by the subsets of anything the rules leave unbounded.

A buy is a decision per display card × free cell: face down, or face up with every combination
of the choices its ability asks for. The only ability combining several things is the Steward's
(fill up to 2 of your purse cards with room): 1 + m + m(m − 1)/2 ways for m such purses, and m
is at most 9, the tableau's size; from m = 6 (22 ways) it is more than 16, one entry describing
the choice. The rest ask for one thing: a discard (3 display cards), a neighbour (2), or an
option (2, the first of which may read a neighbour: 1 + 2), each listed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO, abilities, rules
from engines.castle_combo.state import CastleComboState
from engines.core.choices import LISTED_AT_MOST

from .helpers import table_state, tableau

RECT = [(r, c) for r in range(2) for c in range(3)]
"""A 2×3 block: the 6-card tableau with the most free cells (the 3 above it and the 3 below)."""
PURSES = ["queen_mother", "vicar", "miraculously_cured", "master_at_arms", "innkeeper", "potter"]
OTHERS = [
    ["knight", "clockmaker", "stable_boy", "fisherman", "professor", "scribe"],
    ["cardinal", "duchess", "baker", "glassblower", "chancellor", "winemaker"],
    ["monk", "farmer", "princess", "goldsmith", "armorer", "locksmith"],
    ["carpenter", "woodcutter", "beggar", "shepherd", "traveler", "revolutionary"],
]


def largest_table() -> CastleComboState:
    """5 players with 6 cards each; ann's six are purse cards with room; the Castle shows the
    Steward, the Gravedigger and the Guildmaster, and the messenger is there."""
    players: dict[str, tuple[list[dict[str, Any]], int, int]] = {
        "ann": (tableau(dict(zip(RECT, PURSES, strict=True))), 10000, 10000)
    }
    for name, cards in zip(["bob", "carol", "dan", "eve"], OTHERS, strict=True):
        players[name] = (tableau(dict(zip(RECT, cards, strict=True))), 10000, 10000)
    return table_state(
        players,
        to_move="ann",
        messenger="castle",
        castle=["steward", "gravedigger", "guildmaster"],
        village=["spy", "witch", "brigand"],
    )


def test_the_largest_buy_turn_at_the_largest_table_the_contract_accepts_is_62_entries() -> None:
    state = largest_table()
    entries = CASTLE_COMBO.legal_entries(state)
    # keys: move_messenger and refresh_display = 2.
    # 6 free cells; per cell:
    #   Steward: face down 1; face up, purses with room 6 + the Steward itself = 7, fill up to 2:
    #            C(7,0) + C(7,1) + C(7,2) = 1 + 7 + 21 = 29 > 16: one choice            ->  2
    #   Gravedigger: face down 1 + discard one of the 3 Village cards 3                   ->  4
    #   Guildmaster: likewise                                                             ->  4
    #   10 per cell. 2 + 6 × 10 = 62 entries; listed, the same 2 + 6 × (30 + 4 + 4) = 230.
    assert len(entries) == 62
    assert len(CASTLE_COMBO.legal_actions(state)) == 230
    described = [e for e in entries if "choose" in e]
    assert len(described) == 6
    assert all(e["card"] == "steward" and "id" not in e for e in described)
    assert all("id" in e for e in entries if "choose" not in e)
    per_card = Counter(e["card"] for e in entries if e["type"] == "buy_card")
    assert per_card == {"steward": 6 * 2, "gravedigger": 6 * 4, "guildmaster": 6 * 4}
    assert len({(e["card"], tuple(e["cell"])) for e in entries if "card" in e}) == 3 * 6


def test_the_steward_with_eight_purses_with_room_fills_up_to_two_of_nine_in_46_ways() -> None:
    # ann's 8 cards are purses with room; the Steward is her 9th card, into the one cell left.
    purses = [*PURSES, "sculptor", "farmhand"]
    cells = [(r, c) for r in range(3) for c in range(3)][:8]
    state = table_state(
        {
            "ann": (tableau(dict(zip(cells, purses, strict=True))), 10, 1),
            "bob": (tableau(dict(zip(cells, OTHERS[0] + OTHERS[1][:2], strict=True))), 10, 1),
        },
        to_move="ann",
        messenger="castle",
        castle=["steward"],
    )
    steward = [e for e in CASTLE_COMBO.legal_entries(state) if e.get("card") == "steward"]
    # face down 1; face up: 9 purses with room, up to 2 filled: 1 + 9 + 36 = 46 > 16, described:
    # 2 entries.
    assert len(steward) == 2
    assert {tuple(e["cell"]) for e in steward} == {(2, 2)}
    (choice,) = [e for e in steward if "choose" in e]
    domain = choice["choose"]["purses"]
    assert (len(domain["values"]), domain["min"], domain["max"]) == (9, 0, 2)
    listed = [a for a in CASTLE_COMBO.legal_actions(state) if a.card == "steward"]
    assert len(listed) == 1 + 46 > LISTED_AT_MOST
    assert sum(1 for a in listed if len(a.choices.purses) == 2) == 36


@pytest.mark.parametrize(
    ("purses", "codes"),
    [
        ([[0, 0], [0, 1]], []),
        ([[0, 0], [0, 1], [0, 2]], ["INVALID_PURSES"]),  # 3 purses: the Steward fills 2
        ([[0, 0], [5, 5]], ["INVALID_PURSES"]),  # no card at [5, 5]
    ],
)
def test_a_steward_buy_is_checked_by_the_rules_without_listing_the_legal_actions(
    monkeypatch: pytest.MonkeyPatch, purses: list[list[int]], codes: list[str]
) -> None:
    state = largest_table()

    def listed(*_: object, **__: object) -> None:
        raise AssertionError("check listed the legal actions")

    monkeypatch.setattr(rules, "legal_actions", listed)
    monkeypatch.setattr(rules, "decisions", listed)
    monkeypatch.setattr(rules, "groups", listed)
    monkeypatch.setattr(abilities, "groups", listed)
    monkeypatch.setattr(abilities, "combos", listed)
    action = {"type": "buy_card", "player": "ann", "card": "steward", "cell": [2, 0]}
    decoded = CASTLE_COMBO.decode_action(state, {**action, "purses": purses})
    assert [r.code for r in CASTLE_COMBO.check(state, decoded)] == codes
