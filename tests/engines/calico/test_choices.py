"""Calico's legal actions as decisions: a placement and each player's goals described, a take and
a draw listed; the choices allow exactly the legal actions, and a client's pick is legal."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest

from engines.calico import CALICO, choices, rules
from engines.calico.catalogue import PATCH_SPACES
from engines.calico.rules import Action
from engines.calico.state import CalicoState
from engines.core.choices import LISTED_AT_MOST, Choice
from engines.core.errors import MalformedAction

from .helpers import code, external

PLAYERS = ["ann", "bob", "cid", "dee"]

EVERY_PATCH_SPACE = [
    [1, 1, 5],
    [2, 1, 2],
    [2, 4, 5],
    [3, 1, 3],
    [3, 5, 5],
    [4, 1, 1],
    [4, 3, 5],
    [5, 1, 5],
]
"""The 22 patch spaces as runs: rows 1 to 5, cols 1 to 5, but the goal spaces 2,3 / 3,4 / 4,2
(5 + 2 + 2 + 3 + 1 + 1 + 3 + 5 = 22)."""


def expanded(state: CalicoState, player: str | None = None) -> list[Action]:
    """Every action of every decision, a choice's decoded from its JSON actions."""
    out: list[Action] = []
    for decision in CALICO.choices(state, player):
        if isinstance(decision, Choice):
            out.extend(CALICO.decode_action(state, a) for a in decision.actions())
        else:
            out.append(decision)
    return out


def pick(entry: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """What a client builds from a described entry, knowing no rule: the entry without
    ``choose``, each field set to a value of its domain (read from the JSON alone)."""
    action = {k: v for k, v in entry.items() if k != "choose"}
    for name, domain in entry["choose"].items():
        if domain["domain"] == "one_of":
            action[name] = rnd.choice(domain["values"])
        elif domain["domain"] == "arrangement":
            action[name] = rnd.sample(domain["values"], domain["length"])
        else:
            assert domain["domain"] == "placement", domain
            orientation = rnd.choice(domain["orientations"])
            r, first, last = rnd.choice(orientation["offsets"])
            c = rnd.randint(first, last)
            action[name] = sorted([[r + dr, c + dc] for dr, dc in orientation["cells"]])
    return action


def seeded_after_goals(seed: str, players: list[str]) -> CalicoState:
    """A seeded regular game once every player has kept their first arrangement of goals."""
    state = CALICO.setup(players, {}, seed)
    for p in players:
        state = CALICO.apply_checked(state, CALICO.legal_actions(state, p)[0])[0]
    return state


def external_options(state: CalicoState) -> dict[str, Any]:
    """The table of a seeded regular setup, in external mode, the goals still to choose."""
    data = CALICO.encode_state(state)
    return {
        "randomness": "external",
        "cats": data["public"]["cats"],
        "boards": {p: v["board"] for p, v in data["public"]["players"].items()},
        "goal_offers": {p: v["goal_offer"] for p, v in data["private"].items()},
    }


def games() -> list[tuple[str, list[str], str]]:
    """(seed, players, mode): 1 to 4 players, seeded and external."""
    return [
        (f"calico-choices-{i}", PLAYERS[: 1 + i % 4], "external" if i % 3 == 2 else "seeded")
        for i in range(8)
    ]


def play(seed: str, players: list[str], mode: str) -> list[CalicoState]:
    """Every state of a random game (random legal actions)."""
    state = CALICO.setup(players, {}, seed)
    if mode == "external":
        state = CALICO.setup(players, external_options(state), None)
    rnd = random.Random(seed)
    out = [state]
    while not CALICO.is_finished(state):
        state = CALICO.apply_checked(state, rnd.choice(CALICO.legal_actions(state)))[0]
        out.append(state)
    return out


# --- hand-checked entries -----------------------------------------------------------------------


def test_the_first_placement_is_one_entry_2_tiles_by_22_patch_spaces() -> None:
    state = seeded_after_goals("calico-choices", ["ann", "bob"])
    assert CALICO.encode_state(state)["private"]["ann"]["hand"] == [
        {"color": "pink", "pattern": "stripes"},
        {"color": "green", "pattern": "ferns"},
    ]
    # the tiles in tile-code order (green before pink), the 22 empty patch spaces as runs.
    entry = {
        "type": "place_tile",
        "player": "ann",
        "choose": {
            "tile": {
                "domain": "one_of",
                "values": [
                    {"color": "green", "pattern": "ferns"},
                    {"color": "pink", "pattern": "stripes"},
                ],
            },
            "cells": {
                "domain": "placement",
                "orientations": [{"cells": [[0, 0]], "offsets": EVERY_PATCH_SPACE}],
            },
        },
    }
    assert CALICO.legal_entries(state) == [entry]
    assert CALICO.legal_entries(state, "ann") == [entry]
    assert CALICO.legal_entries(state, "bob") == []
    [decision] = CALICO.choices(state)
    assert isinstance(decision, Choice) and decision.size() == 2 * 22 == 44


def test_a_placement_after_three_tiles_leaves_19_spaces_for_2_tiles() -> None:
    state = seeded_after_goals("calico-choices", ["ann", "bob"])
    rnd = random.Random(1)
    for _ in range(12):  # 3 turns each (place, take) of ann and bob
        state = CALICO.apply_checked(state, rnd.choice(CALICO.legal_actions(state)))[0]
    data = CALICO.encode_state(state)
    assert [p["cell"] for p in data["public"]["players"]["ann"]["patches"]] == [
        [2, 5],
        [2, 4],
        [1, 5],
    ]
    [entry] = CALICO.legal_entries(state)
    assert entry["choose"]["tile"]["values"] == [
        {"color": "light_blue", "pattern": "dots"},
        {"color": "yellow", "pattern": "quatrefoil"},
    ]
    # row 1 loses col 5, row 2 loses cols 4 and 5: 22 − 3 = 19 spaces, 2 × 19 = 38 placements.
    offsets = [[1, 1, 4], [2, 1, 2], [3, 1, 3], [3, 5, 5], [4, 1, 1], [4, 3, 5], [5, 1, 5]]
    assert entry["choose"]["cells"]["orientations"] == [{"cells": [[0, 0]], "offsets": offsets}]
    [decision] = CALICO.choices(state)
    assert isinstance(decision, Choice) and decision.size() == 2 * 19


def leaving(state: CalicoState, keep: int) -> CalicoState:
    """``state`` with every quilt filled but its last ``keep`` patch spaces in row-major order
    (as many tiles on each quilt: ann's turn again)."""
    spaces = [divmod(i, 7) for i in range(49) if PATCH_SPACES >> i & 1][:keep]
    quilts = []
    for quilt in state.quilts:
        for r, c in [divmod(i, 7) for i in range(49) if PATCH_SPACES >> i & 1]:
            if (r, c) not in spaces:
                quilt = quilt.with_patch(r * 7 + c, code("yellow", "dots"), ())
        quilts.append(quilt)
    out = replace(state, quilts=tuple(quilts))
    assert CALICO.to_move(out) == ["ann"]
    return out


def test_a_placement_of_at_most_16_is_listed_with_ids() -> None:
    state = external(["ann", "bob"])  # ann holds pink-dots and green-ferns
    # 2 tiles × 9 spaces = 18: described; 2 × 8 = 16: listed, each with its id.
    described = CALICO.legal_entries(leaving(state, 9))
    assert len(described) == 1 and described[0]["choose"]["cells"]["orientations"] == [
        {"cells": [[0, 0]], "offsets": [[1, 1, 5], [2, 1, 2], [2, 4, 5]]}
    ]
    full = leaving(state, 8)
    listed = CALICO.legal_entries(full)
    assert len(listed) == 16
    assert all("id" in e and "choose" not in e for e in listed)
    assert [e["id"] for e in listed] == [
        CALICO.encode_action(full, a)["id"] for a in CALICO.legal_actions(full)
    ]
    assert listed[0]["id"] == "place:green-ferns:1,1"


def test_two_identical_hand_tiles_are_one_value_17_spaces_described_16_listed() -> None:
    state = external(["ann", "bob"])
    twin = code("pink", "dots")
    state = replace(state, hands=((twin, twin), *state.hands[1:]))
    # 1 tile × 17 spaces = 17: described; 1 × 16 = 16: listed.
    described = CALICO.legal_entries(leaving(state, 17))
    assert len(described) == 1
    assert described[0]["choose"]["tile"]["values"] == [{"color": "pink", "pattern": "dots"}]
    listed = CALICO.legal_entries(leaving(state, 16))
    assert len(listed) == 16 and {e["tile"]["pattern"] for e in listed} == {"dots"}


def test_choosing_goals_is_one_arrangement_of_24_per_player() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "calico-choices")
    ann = {
        "type": "choose_goals",
        "player": "ann",
        "choose": {
            "goals": {
                "domain": "arrangement",
                "values": ["AAA-BB-C", "AAAA-BB", "AAA-BBB", "AA-BB-CC"],
                "length": 3,
            }
        },
    }
    entries = CALICO.legal_entries(state)
    assert entries[0] == ann
    assert [e["player"] for e in entries] == ["ann", "bob"]
    assert CALICO.legal_entries(state, "bob") == entries[1:]
    decision = CALICO.choices(state, "ann")[0]
    assert isinstance(decision, Choice)
    concrete = list(decision.actions())
    # 4 goals for the space 2,3, then 3 for 3,4, then 2 for 4,2: 4 × 3 × 2 = 24 arrangements.
    assert decision.size() == len(concrete) == 4 * 3 * 2 == 24
    assert concrete[0] == {
        "type": "choose_goals",
        "player": "ann",
        "goals": ["AAA-BB-C", "AAAA-BB", "AAA-BBB"],
    }
    actions = [CALICO.decode_action(state, a) for a in concrete]
    assert len(set(actions)) == 24
    assert all(CALICO.check(state, a) == [] for a in actions)
    # the list names the goals of the spaces 2,3 / 3,4 / 4,2: the same action as the object.
    as_object = {"2,3": "AAA-BB-C", "3,4": "AAAA-BB", "4,2": "AAA-BBB"}
    assert actions[0] == CALICO.decode_action(
        state, {"type": "choose_goals", "player": "ann", "goals": as_object}
    )
    assert CALICO.encode_action(state, actions[0])["goals"] == as_object
    # once ann has chosen, bob alone is left
    after = CALICO.apply_checked(state, actions[5])[0]
    assert [e["player"] for e in CALICO.legal_entries(after)] == ["bob"]


def test_take_and_draws_stay_listed() -> None:
    state = seeded_after_goals("calico-choices", ["ann", "bob"])
    state = CALICO.apply_checked(state, CALICO.legal_actions(state)[0])[0]
    entries = CALICO.legal_entries(state)
    assert [e["type"] for e in entries] == ["take_tile"] * len(entries)
    assert all("id" in e for e in entries) and 1 <= len(entries) <= 3
    draw = CALICO.setup(["ann"], external_options(CALICO.setup(["ann"], {}, "d")), None)
    draw = CALICO.apply_checked(draw, CALICO.legal_actions(draw)[0])[0]
    assert CALICO.to_move(draw) == ["chance"]
    drawn = CALICO.legal_entries(draw)
    assert len(drawn) == len(CALICO.legal_actions(draw)) > LISTED_AT_MOST
    assert all(e["type"] == "chance" and "id" in e for e in drawn)
    assert CALICO.legal_entries(draw, "ann") == []


def test_unknown_players_have_no_decisions() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "calico-choices")
    assert CALICO.choices(state, "zed") == []
    assert CALICO.choices(state, "chance") == []


def test_a_goals_list_names_three_different_goals() -> None:
    state = CALICO.setup(["ann", "bob"], {}, "calico-choices")
    for goals in (
        ["AAA-BB-C", "AAAA-BB"],
        ["AAA-BB-C", "AAAA-BB", "AAA-BBB", "AA-BB-CC"],
        ["AAA-BB-C", "AAAA-BB", "AAA-BB-C"],
        ["AAA-BB-C", "AAAA-BB", "no-such-goal"],
    ):
        with pytest.raises(MalformedAction):
            CALICO.decode_action(state, {"type": "choose_goals", "player": "ann", "goals": goals})


# --- the choices allow exactly the legal actions --------------------------------------------------


@pytest.mark.parametrize(("seed", "players", "mode"), games())
def test_expanding_the_choices_gives_the_legal_actions(
    seed: str, players: list[str], mode: str
) -> None:
    for n, state in enumerate(play(seed, players, mode)):
        if n % 3:
            continue
        for who in (None, *players, "chance"):
            legal = CALICO.legal_actions(state, who)
            got = expanded(state, who)
            assert len(got) == len(set(got)), (n, who)
            assert set(got) == set(legal), (n, who)
        entries = CALICO.legal_entries(state)
        for decision in CALICO.choices(state):
            if isinstance(decision, Choice):
                assert decision.size() == len(list(decision.actions()))
        # one entry per described decision, one per listed action: never more than listed
        assert len(entries) <= len(CALICO.legal_actions(state))
        assert all(("id" in e) != ("choose" in e) for e in entries)
        assert all(len(e["choose"]) in (1, 2) for e in entries if "choose" in e)


@pytest.mark.parametrize(("seed", "players", "mode"), games())
def test_a_random_pick_from_each_choice_is_legal_and_applies(
    seed: str, players: list[str], mode: str
) -> None:
    rnd = random.Random(f"pick-{seed}")
    picked = 0
    for n, state in enumerate(play(seed, players, mode)):
        if n % 3:
            continue
        for entry in CALICO.legal_entries(state):
            if "choose" not in entry:
                continue
            action = pick(entry, rnd)
            decoded = CALICO.decode_action(state, action)
            assert CALICO.check(state, decoded) == [], action
            assert decoded in CALICO.legal_actions(state)
            CALICO.apply_checked(state, decoded)
            picked += 1
    assert picked > 0


def test_entries_share_no_object() -> None:
    state = seeded_after_goals("calico-choices", ["ann", "bob"])
    first = CALICO.legal_entries(state)
    kept = copy.deepcopy(first)
    first[0]["choose"]["tile"]["values"][0]["color"] = "changed"
    first[0]["choose"]["cells"]["orientations"][0]["offsets"].clear()
    assert CALICO.legal_entries(state) == kept


def test_check_decides_by_rule_without_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    goals = CALICO.setup(["ann", "bob"], {}, "calico-choices")
    placing = seeded_after_goals("calico-choices", ["ann", "bob"])
    cases: list[tuple[CalicoState, dict[str, Any], list[str]]] = [
        (
            goals,
            {"type": "choose_goals", "player": "ann", "goals": ["AAA-BB-C", "AAAA-BB", "AAA-BBB"]},
            [],
        ),
        (
            goals,
            {"type": "choose_goals", "player": "ann", "goals": ["AA-BB-C-D", "AAAA-BB", "AAA-BBB"]},
            ["GOAL_NOT_OFFERED"],
        ),
        (
            placing,
            {
                "type": "place_tile",
                "player": "ann",
                "tile": {"color": "green", "pattern": "ferns"},
                "cells": [[3, 5]],
            },
            [],
        ),
        (
            placing,
            {
                "type": "place_tile",
                "player": "ann",
                "tile": {"color": "green", "pattern": "dots"},
                "cells": [[3, 5]],
            },
            ["TILE_NOT_IN_HAND"],
        ),
        (
            placing,
            {
                "type": "place_tile",
                "player": "ann",
                "tile": {"color": "green", "pattern": "ferns"},
                "cells": [[3, 4]],
            },
            ["NOT_A_PATCH_SPACE"],
        ),
        (
            placing,
            {
                "type": "place_tile",
                "player": "bob",
                "tile": {"color": "green", "pattern": "ferns"},
                "cells": [[3, 5]],
            },
            ["NOT_YOUR_TURN"],
        ),
    ]

    def listed(*_: object, **__: object) -> None:
        raise AssertionError("check listed the legal actions")

    monkeypatch.setattr(rules, "legal_actions", listed)
    monkeypatch.setattr(choices, "choices", listed)
    for state, action, codes in cases:
        assert [r.code for r in CALICO.check(state, CALICO.decode_action(state, action))] == codes
