"""How large a Calico answer can grow: each entry a player's decision or one complete action,
each bounded by the catalogue and the board, never by the subsets of anything.

Placing: 2 hand tiles × 22 patch spaces = 44 placements, more than 16: one entry describing
them (buttons and cats are earned, never chosen); 2 × 8 = 16 or fewer are listed. Taking: 3 market
slots, listed. Choosing goals: 4 × 3 × 2 = 24 per player, one entry each, 4 while 4 players
choose. A draw reported by the table is not a player's decision: its outcomes stay listed, a hand
2 unordered tiles of 36 kinds (36 + 36 × 35 / 2 = 666), the market at most 2 ordered tiles
(36 × 36 = 1,296), the largest answer of the game.
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


def test_four_players_choosing_their_goals_get_one_entry_each() -> None:
    state = choosing(PLAYERS)
    # each player keeps 3 of 4 goal tiles, in order, on the 3 goal spaces: 4 × 3 × 2 = 24 > 16,
    # one entry (an arrangement of length 3) per player: 4 entries for 4 × 24 = 96 actions.
    entries = CALICO.legal_entries(state)
    assert len(entries) == 4 and len(CALICO.legal_actions(state)) == 4 * 24
    assert [e["choose"]["goals"]["domain"] for e in entries] == ["arrangement"] * 4
    assert len(CALICO.legal_entries(state, "cid")) == 1


def test_the_first_placement_is_one_entry_for_44_and_a_take_lists_3() -> None:
    state = dealt(PLAYERS)
    state = act(state, {"type": "chance", "drawn": [tile("pink", "vines"), tile("green", "dots")]})[
        0
    ]
    state = act(state, {"type": "chance", "drawn": [tile("purple", "stripes")]})[0]
    # ann holds dark_blue-dots and dark_blue-ferns, 22 empty patch spaces: 2 × 22 = 44 > 16.
    entries = CALICO.legal_entries(state)
    assert len(entries) == 1 and len(CALICO.legal_actions(state)) == 2 * 22 == 44
    assert entries[0]["type"] == "place_tile" and set(entries[0]["choose"]) == {"tile", "cells"}
    state = act(
        state,
        {
            "type": "place_tile",
            "player": "ann",
            "tile": tile("dark_blue", "dots"),
            "cells": [[1, 1]],
        },
    )[0]
    # three different market tiles: three slots, each listed with its id.
    taking = CALICO.legal_entries(state)
    assert [e["id"] for e in taking] == [
        "take:0:pink-vines",
        "take:1:green-dots",
        "take:2:purple-stripes",
    ]


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
