"""Patchwork's legal actions as decisions: a buy or a leather patch of at most 16 placements
(``LISTED_AT_MOST``) listed, a larger one described (a placement, its offsets as runs along a
row), and every entry exactly what the rules allow."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engines.core.choices import LISTED_AT_MOST, Choice, Placement, concrete
from engines.core.protocol import Game
from engines.core.rng import CounterRng
from engines.patchwork import PATCHWORK
from engines.patchwork.catalogue import PATCHES
from engines.patchwork.rules import Action
from engines.patchwork.state import LeatherDue, PatchworkState
from tests.engines.patchwork.helpers import CORNER_7X7, fresh, position

PLAYERS = ["alice", "bob"]
ROWS = COLS = 9

# --- states -----------------------------------------------------------------------------------


@cache
def seeded_game(seed: str) -> tuple[PatchworkState, ...]:
    """Every state of a seeded game whose players buy whenever they can (a random placement)."""
    chooser = CounterRng(f"choices-{seed}")
    state = PATCHWORK.setup(PLAYERS, {}, seed)
    states = [state]
    while not PATCHWORK.is_finished(state):
        legal = PATCHWORK.legal_actions(state)
        buys = [a for a in legal if a[0] != "advance"] or legal
        state, _ = PATCHWORK.apply_checked(state, buys[chooser.randbelow(len(buys))])
        states.append(state)
    return tuple(states)


def hand_made(order: list[int], **alice: Any) -> PatchworkState:
    """Alice to move, the market the first three of ``order`` (the rest follow, 0 last)."""
    rest = [p for p in range(1, 33) if p not in order]
    return position(fresh(patch_order=[*order, *rest, 0]), alice=alice)


def cells_mask(cells: Any) -> int:
    out = 0
    for r, c in cells:
        out |= 1 << (r * COLS + c)
    return out


def corner_quilt() -> tuple[tuple[int, int], ...]:
    patches: list[dict[str, Any]] = CORNER_7X7
    return tuple((p["patch"], cells_mask(p["cells"])) for p in patches)


def leather_pending(patches: tuple[tuple[int, int], ...] = (), leather: int = 0) -> PatchworkState:
    return position(
        fresh(), alice={"patches": patches, "leather": leather}, leather_due=LeatherDue(0, 1)
    )


def bands() -> int:
    """Leather on the corner quilt's free bands but for the 2×2 at (7, 7): six cells left."""
    cells = [(r, c) for r in range(9) for c in range(9) if (r >= 7 or c >= 7)]
    return cells_mask(rc for rc in cells if not (rc[0] >= 7 and rc[1] >= 7))


def sample_states() -> dict[str, PatchworkState]:
    """The first move of two seeded games, mid-game states, leather patches pending (a real
    one of a seeded game, one on an empty quilt, one on a quilt with 34 free cells, one with 6),
    and markets of hand-picked patches."""
    states: dict[str, PatchworkState] = {}
    for seed in ("choices-1", "choices-2"):
        game = seeded_game(seed)
        states[f"{seed} first move"] = game[0]
        for turn in (4, 9, 14, 19, 24):
            states[f"{seed} turn {turn}"] = game[turn]
        turn = next(i for i, s in enumerate(game) if s.leather_due is not None)
        states[f"{seed} turn {turn}, a leather patch pending"] = game[turn]
    states["leather on an empty quilt"] = leather_pending()
    states["leather beside a 7×7 corner"] = leather_pending(corner_quilt())
    states["leather on six free cells"] = leather_pending(corner_quilt(), bands())
    states["patches 27, 7, 28 on an empty quilt"] = hand_made([27, 7, 28], buttons=10)
    states["patches 27, 7, 28 beside a 7×7 corner"] = hand_made(
        [27, 7, 28], buttons=10, patches=corner_quilt()
    )
    return states


SAMPLES = sample_states()


# --- an enumeration of every candidate, knowing nothing of the engine's placements ---------------


def every_mask(cells: tuple[tuple[int, int], ...]) -> set[int]:
    """Every mask the shape covers on the 9×9 quilt: its 8 turns and flips, at every offset."""
    masks: set[int] = set()
    for flip in (1, -1):
        shape = [(r, flip * c) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            r0 = min(r for r, _ in shape)
            c0 = min(c for _, c in shape)
            norm = [(r - r0, c - c0) for r, c in shape]
            height = 1 + max(r for r, _ in norm)
            width = 1 + max(c for _, c in norm)
            for dr in range(ROWS - height + 1):
                for dc in range(COLS - width + 1):
                    masks.add(cells_mask((r + dr, c + dc) for r, c in norm))
    return masks


@cache
def masks_of(pid: int) -> frozenset[int]:
    return frozenset(every_mask(PATCHES[pid].cells))


def candidates() -> Iterator[Action]:
    """Every action of either player: advance, every patch at every place, every one-cell
    leather patch (legal or not)."""
    for who in (0, 1):
        yield ("advance", who, -1, 0)
        for patch in PATCHES:
            for m in masks_of(patch.id):
                yield ("buy_patch", who, patch.id, m)
        for i in range(ROWS * COLS):
            yield ("place_leather_patch", who, -1, 1 << i)


def accepted(state: PatchworkState) -> set[Action]:
    return {a for a in candidates() if not PATCHWORK.check(state, a)}


def expand(entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """What a client builds from an entry, knowing no rules: the entry itself, or every
    combination of its described choice (here, one placement field)."""
    if "choose" not in entry:
        yield entry
        return
    fixed = {k: v for k, v in entry.items() if k not in ("choose", "limit")}
    assert list(entry["choose"]) == ["cells"] and "limit" not in entry
    domain = entry["choose"]["cells"]
    assert domain["domain"] == "placement"
    for o in domain["orientations"]:
        for dr, first, last in o["offsets"]:
            for dc in range(first, last + 1):
                yield {**fixed, "cells": sorted([r + dr, c + dc] for r, c in o["cells"])}


# --- (a) every entry together allows exactly what the rules accept --------------------------------


@pytest.mark.parametrize("name", list(SAMPLES))
def test_the_entries_allow_exactly_the_actions_check_accepts(name: str) -> None:
    state = SAMPLES[name]
    entries = PATCHWORK.legal_entries(state)
    built = [a for entry in entries for a in expand(entry)]
    allowed = [PATCHWORK.decode_action(state, a) for a in built]
    assert len(set(allowed)) == len(allowed)  # no action twice
    assert set(allowed) == accepted(state)
    assert set(allowed) == set(PATCHWORK.legal_actions(state))
    # The listed ones carry the id they are known by; a described one has none.
    for entry in entries:
        if "choose" not in entry:
            assert PATCHWORK.decode_action(state, {"id": entry["id"]}) == (
                PATCHWORK.decode_action(state, entry)
            )
        else:
            assert "id" not in entry


@pytest.mark.parametrize("name", list(SAMPLES))
def test_a_decision_of_at_most_64_placements_is_listed_a_larger_one_described(name: str) -> None:
    state = SAMPLES[name]
    decisions = PATCHWORK.choices(state)
    described = [d for d in decisions if isinstance(d, Choice) and d.size() > LISTED_AT_MOST]
    entries = PATCHWORK.legal_entries(state)
    assert [e for e in entries if "choose" in e] == [d.to_json() for d in described]
    # Choice.actions() and a client's expansion of the JSON are the same actions.
    for d in described:
        (entry,) = [e for e in entries if e == d.to_json()]
        assert list(d.actions()) == list(expand(entry))
    # Every decision at most once per (type, patch); one Choice per affordable patch that fits.
    keys = [(d.fixed["type"], d.fixed.get("patch")) for d in decisions if isinstance(d, Choice)]
    assert len(keys) == len(set(keys))
    # The engine's own enumeration is every action of every decision.
    assert sorted(PATCHWORK.legal_actions(state)) == sorted(Game.legal_actions(PATCHWORK, state))


def test_the_samples_hold_every_kind_of_entry() -> None:
    kinds = set()
    for state in SAMPLES.values():
        for entry in PATCHWORK.legal_entries(state):
            kinds.add((entry["type"], "choose" in entry))
    assert kinds == {
        ("advance", False),
        ("buy_patch", False),
        ("buy_patch", True),
        ("place_leather_patch", False),
        ("place_leather_patch", True),
    }


def test_each_orientation_is_normalised_and_its_offsets_in_row_major_order() -> None:
    for state in SAMPLES.values():
        for d in PATCHWORK.choices(state):
            if not isinstance(d, Choice):
                continue
            ((_, cells),) = d.choose
            assert isinstance(cells, Placement)
            shapes = [o.cells for o in cells.orientations]
            assert len(set(shapes)) == len(shapes)
            for o in cells.orientations:
                assert list(o.cells) == sorted(o.cells)
                assert min(r for r, _ in o.cells) == min(c for _, c in o.cells) == 0
                assert o.offsets == sorted(o.offsets) and o.size() > 0


def test_whoever_is_not_to_move_has_no_entry() -> None:
    state = SAMPLES["choices-1 turn 9"]
    (mover,) = PATCHWORK.to_move(state)
    other = next(p for p in PLAYERS if p != mover)
    assert PATCHWORK.legal_entries(state, mover) == PATCHWORK.legal_entries(state)
    assert PATCHWORK.legal_entries(state, other) == []
    assert PATCHWORK.legal_entries(state, "zoe") == []
    assert PATCHWORK.choices(state, other) == []
    assert PATCHWORK.choices(state, "zoe") == []
    assert PATCHWORK.legal_entries(seeded_game("choices-1")[-1]) == []


# --- (b) counts checked by hand ---------------------------------------------------------------


def test_the_cross_of_seven_has_70_placements_on_an_empty_quilt_and_is_described() -> None:
    # Patch 7: a 3×5 cross of seven cells. Two orientations (lying, standing: turning it by a
    # half turn or flipping it gives the same cells), each fits 7 × 5 = 35 places: 70 > 16.
    # The orientations come in the order of their cells, sorted: standing ([0, 1] first) first.
    state = hand_made([27, 7, 28], buttons=10)
    (entry,) = [e for e in PATCHWORK.legal_entries(state) if e.get("patch") == 7]
    lying = [[0, 2], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [2, 2]]
    standing = [[0, 1], [1, 1], [2, 0], [2, 1], [2, 2], [3, 1], [4, 1]]
    assert entry == {
        "type": "buy_patch",
        "player": "alice",
        "patch": 7,
        "choose": {
            "cells": {
                "domain": "placement",
                "orientations": [
                    {"cells": standing, "offsets": [[r, 0, 6] for r in range(5)]},
                    {"cells": lying, "offsets": [[r, 0, 4] for r in range(7)]},
                ],
            }
        },
    }


def test_the_2x2_square_and_the_plus_have_one_orientation_on_an_empty_quilt() -> None:
    # Patch 27: a 2×2 square, one orientation, 8 × 8 = 64 places (rows and columns 0–7).
    # Patch 28: a plus of five, one orientation, 7 × 7 = 49 places. Both more than 16.
    state = hand_made([27, 7, 28], buttons=10)
    entries = PATCHWORK.legal_entries(state)
    assert [(e["type"], e.get("patch")) for e in entries] == [
        ("advance", None),
        ("buy_patch", 27),
        ("buy_patch", 7),
        ("buy_patch", 28),
    ]
    square, plus = entries[1]["choose"]["cells"], entries[3]["choose"]["cells"]
    assert square["orientations"] == [
        {"cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "offsets": [[r, 0, 7] for r in range(8)]}
    ]
    assert plus["orientations"] == [
        {
            "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
            "offsets": [[r, 0, 6] for r in range(7)],
        }
    ]
    assert len(PATCHWORK.legal_actions(state)) == 1 + 64 + 70 + 49


def test_beside_a_7x7_corner_few_placements_are_left_and_listed() -> None:
    # The corner covers rows and columns 0–6 but for (0, 1) and (0, 4): free are those two
    # gaps, a band two wide down the right (columns 7–8) and one along the bottom (rows 7–8).
    # The square (patch 27) fits where both its columns are 7–8 (8 rows) or both its rows are
    # 7–8 (8 columns), top-left (7, 7) counted twice: 8 + 8 − 1 = 15. The plus (28) needs its
    # middle row of three free, so rows 6–8, and then its top cell (6, c + 1) in the right band:
    # only c = 6. The cross of seven (7) needs a free row of five with a free cell above it in
    # the same middle column: a bottom row, then (6, c + 2) with c + 2 ≥ 7 and c + 4 ≤ 8: none.
    state = hand_made([27, 7, 28], buttons=10, patches=corner_quilt())
    entries = PATCHWORK.legal_entries(state)
    assert [e for e in entries if e.get("patch") == 7] == []
    assert [e["cells"] for e in entries if e.get("patch") == 28] == [
        [[6, 7], [7, 6], [7, 7], [7, 8], [8, 7]]
    ]
    square = [e for e in entries if e.get("patch") == 27]
    assert len(square) == 15  # at most 16: listed
    assert all("id" in e for e in square)
    assert square[0]["id"] == "buy:27:0,7;0,8;1,7;1,8"


def test_a_leather_patch_on_an_empty_quilt_is_described_by_its_81_cells() -> None:
    (entry,) = PATCHWORK.legal_entries(leather_pending())
    assert entry == {
        "type": "place_leather_patch",
        "player": "alice",
        "choose": {
            "cells": {
                "domain": "placement",
                "orientations": [{"cells": [[0, 0]], "offsets": [[r, 0, 8] for r in range(9)]}],
            }
        },
    }


def test_a_leather_patch_beside_a_7x7_corner_is_described_by_its_34_free_cells() -> None:
    (entry,) = PATCHWORK.legal_entries(leather_pending(corner_quilt()))
    ((o,),) = [entry["choose"]["cells"]["orientations"]]
    # The gaps (0, 1) and (0, 4) and columns 7–8 of rows 0–6; rows 7–8 whole.
    assert o["offsets"] == [
        [0, 1, 1],
        [0, 4, 4],
        [0, 7, 8],
        *[[r, 7, 8] for r in range(1, 7)],
        [7, 0, 8],
        [8, 0, 8],
    ]
    assert sum(last - first + 1 for _, first, last in o["offsets"]) == 81 - 47 == 34


def test_a_leather_patch_on_six_free_cells_is_listed() -> None:
    entries = PATCHWORK.legal_entries(leather_pending(corner_quilt(), bands()))
    assert [e["id"] for e in entries] == [
        "leather:0,1",
        "leather:0,4",
        "leather:7,7",
        "leather:7,8",
        "leather:8,7",
        "leather:8,8",
    ]
    assert entries[0] == {
        "id": "leather:0,1",
        "type": "place_leather_patch",
        "player": "alice",
        "cells": [[0, 1]],
    }


# --- (c) a client picks values at random ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_any_value_of_a_described_choice_is_an_action_that_applies(seed: int) -> None:
    rng = random.Random(seed)
    states = [s for s in SAMPLES.values() if any("choose" in e for e in legal(s))]
    state = rng.choice(states)
    entry = rng.choice([e for e in legal(state) if "choose" in e])
    chosen: dict[str, Any] = {}
    for name, domain in entry["choose"].items():
        assert domain["domain"] == "placement"
        o = rng.choice(domain["orientations"])
        dr, first, last = rng.choice(o["offsets"])
        dc = rng.randint(first, last)
        chosen[name] = [[r + dr, c + dc] for r, c in o["cells"]]
    fixed = {k: v for k, v in entry.items() if k != "choose"}
    action = concrete(fixed, chosen)
    _, events = PATCHWORK.apply_checked(state, PATCHWORK.decode_action(state, action))
    assert events[0]["player"] == entry["player"]
    assert events[0]["cells"] == sorted(chosen["cells"])
    assert events[0].get("patch") == entry.get("patch")


def legal(state: PatchworkState) -> list[dict[str, Any]]:
    return PATCHWORK.legal_entries(state)


# --- (d) every answer is new ----------------------------------------------------------------------


def scribble(value: Any) -> None:
    """Change every dict and list inside ``value``, as a careless caller might."""
    if isinstance(value, dict):
        for v in value.values():
            scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            scribble(v)
        value.append("scribbled")


def containers(value: Any) -> Iterator[int]:
    if isinstance(value, dict | list):
        yield id(value)
        for v in value.values() if isinstance(value, dict) else value:
            yield from containers(v)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_entry_is_a_new_object(name: str) -> None:
    state = SAMPLES[name]
    first = PATCHWORK.legal_entries(state)
    kept = copy.deepcopy(first)
    ids = list(containers(first))
    assert len(ids) == len(set(ids))  # no list or dict shared between two places of an answer
    scribble(first)
    assert PATCHWORK.legal_entries(state) == kept
    for action in PATCHWORK.legal_actions(state)[:5]:
        encoded = PATCHWORK.encode_action(state, action)
        again = copy.deepcopy(encoded)
        scribble(encoded)
        assert PATCHWORK.encode_action(state, action) == again


# --- the example of docs/rules/patchwork.md ------------------------------------------------------


def test_the_documented_entry_is_the_real_one() -> None:
    page = (Path(__file__).parents[3] / "docs/rules/patchwork.md").read_text("utf-8")
    section = page.split("## Legal actions", 1)[1].split("\n## ", 1)[0]
    entry, action = (json.loads(block.split("```")[0]) for block in section.split("```json")[1:])
    state = PATCHWORK.setup(PLAYERS, {}, "docs-28")
    entries = PATCHWORK.legal_entries(state)
    assert [e.get("patch") for e in entries] == [None, 7, 9]
    assert entries[1] == entry
    assert len(PATCHWORK.legal_actions(state)) == 1 + 70 + 168
    o = entry["choose"]["cells"]["orientations"][1]
    assert [3, 0, 4] in o["offsets"]  # the offsets [3, 0] to [3, 4]: [3, 2] among them
    fixed = {k: v for k, v in entry.items() if k != "choose"}
    assert concrete(fixed, {"cells": [[r + 3, c + 2] for r, c in o["cells"]]}) == action
    decoded = PATCHWORK.decode_action(state, action)
    assert PATCHWORK.encode_action(state, decoded)["id"] == "buy:7:3,4;4,2;4,3;4,4;4,5;4,6;5,4"
    _, events = PATCHWORK.apply_checked(state, decoded)
    assert (events[0]["buttons_paid"], events[0]["time"]) == (1, 4)
