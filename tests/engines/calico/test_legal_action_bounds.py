"""How large a Calico answer can grow: every decision is listed, each bounded by the catalogue
and the board, never by the subsets of anything.

Placing: 2 hand tiles × 22 patch spaces = 44 (buttons and cats are earned, never chosen).
Taking: 3 market slots. Choosing goals: 4 × 3 × 2 = 24 per player, 96 while 4 players choose.
A draw reported by the table: a hand, 2 unordered tiles of 36 kinds (36 + 36 × 35 / 2 = 666); the
market, at most 2 ordered tiles (36 × 36 = 1,296), the largest answer of the game.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO, rules
from engines.calico.state import CalicoState

from .helpers import act, table, tile

PLAYERS = ["ann", "bob", "cid", "dee"]
OFFER = ["AAAA-BB", "all_different", "AA-BB-CC", "AAA-BBB"]
KINDS = [
    ("dark_blue", "dots"),
    ("dark_blue", "ferns"),
    ("green", "dots"),
    ("green", "ferns"),
    ("pink", "dots"),
    ("pink", "ferns"),
    ("yellow", "dots"),
    ("yellow", "ferns"),
]


def choosing(players: list[str], **overrides: Any) -> CalicoState:
    options = table(players, **overrides)
    for key in ("goals", "hands", "market"):
        del options[key]
    options["goal_offers"] = {p: OFFER for p in players}
    return CALICO.setup(players, options, None)


def dealt(players: list[str], **overrides: Any) -> CalicoState:
    """Goals chosen (each player's first), then hands of different kinds, two per player."""
    state = choosing(players, **overrides)
    for p in players:
        state = CALICO.apply_checked(state, CALICO.legal_actions(state, p)[0])[0]
    for i in range(len(players)):
        (c1, p1), (c2, p2) = KINDS[2 * i], KINDS[2 * i + 1]
        state = act(state, {"id": f"chance:{c1}-{p1},{c2}-{p2}"})[0]
    return state


def test_four_players_choosing_their_goals_list_4_times_24_entries() -> None:
    state = choosing(PLAYERS)
    # each player keeps 3 of 4 goal tiles, in order, on the 3 goal spaces: 4 × 3 × 2 = 24.
    assert len(CALICO.legal_entries(state)) == 4 * 24
    assert len(CALICO.legal_entries(state, "cid")) == 24


def test_the_opening_market_after_four_hands_lists_36_by_36_ordered_draws() -> None:
    state = dealt(PLAYERS)
    # 8 kinds dealt keep 2 copies of 3; the 28 others keep 3: every ordered pair can be drawn.
    assert CALICO.pending_chance(state)["count"] == 2  # type: ignore[index]
    entries = CALICO.legal_entries(state)
    assert len(entries) == 36 * 36 == 1296
    assert all(e["type"] == "chance" and "choose" not in e for e in entries)


def test_with_two_copies_a_kind_dealt_once_cannot_be_drawn_twice_into_the_market() -> None:
    state = dealt(["ann", "bob"], lower_variance_variant=True)
    # 2 copies of each kind; 4 kinds dealt keep 1: their 4 doubles are gone, 1296 − 4 = 1292.
    assert len(CALICO.legal_entries(state)) == 1292


@pytest.mark.parametrize(
    ("action", "codes"),
    [
        ({"id": "chance:dark_blue-dots,dark_blue-dots"}, []),  # ann holds 1 of 3: 2 left
        ({"id": "chance:dark_blue-dots,dark_blue-dots,dark_blue-dots"}, ["ILLEGAL_CHANCE_OUTCOME"]),
        ({"type": "chance", "drawn": [tile("pink", "vines"), tile("green", "dots")]}, []),
    ],
)
def test_a_draw_is_checked_by_the_bag_without_listing_the_outcomes(
    monkeypatch: pytest.MonkeyPatch, action: dict[str, Any], codes: list[str]
) -> None:
    state = dealt(PLAYERS)

    def listed(*_: object, **__: object) -> None:
        raise AssertionError("check listed the legal actions")

    monkeypatch.setattr(rules, "legal_actions", listed)
    monkeypatch.setattr(rules, "_outcomes", listed)
    reasons = CALICO.check(state, CALICO.decode_action(state, action))
    assert [r.code for r in reasons] == codes
