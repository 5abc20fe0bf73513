"""The quilt reader's fast path gives exactly what the careful reader gives: the same state for a
well-formed state, and the same violations (code, pointer, detail), in the same order, or the same
exception, for a malformed one."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engines.core.errors import ViolationCollector
from engines.patchwork import PATCHWORK, jsonio
from tests.engines.decoding import Outcome, both_ways, decode_outcome

from .helpers import mask


def outcome(data: Any) -> Outcome:
    return decode_outcome(PATCHWORK, data)


@contextmanager
def careful() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(jsonio, "_quilt_quickly", lambda raw: None)
        yield


def both(data: Any) -> tuple[Outcome, Outcome]:
    return both_ways(PATCHWORK, data, careful)


def playout(seed: str) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    state = PATCHWORK.setup(["alice", "bob"], {}, seed)
    out = [PATCHWORK.encode_state(state)]
    while not PATCHWORK.is_finished(state):
        state, _ = PATCHWORK.apply(state, rnd.choice(PATCHWORK.legal_actions(state)))
        out.append(PATCHWORK.encode_state(state))
    return [json.loads(json.dumps(s)) for s in out]


GAME = playout("fast-paths")
LATE = GAME[(9 * len(GAME)) // 10]


def test_every_state_of_a_whole_game_loads_the_same_both_ways() -> None:
    for data in [*GAME[:: len(GAME) // 40], GAME[-1]]:
        fast, slow = both(data)
        assert fast[0] == "state"
        assert fast == slow


def test_a_well_formed_state_never_reaches_the_per_cell_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*args: Any) -> Any:
        raise AssertionError("the careful reader was called")

    monkeypatch.setattr(jsonio, "placed_mask", refuse)
    monkeypatch.setattr(jsonio, "cell_mask", refuse)
    assert PATCHWORK.encode_state(PATCHWORK.decode_state(LATE)) == LATE


def _quilt(data: dict[str, Any], who: str = "alice") -> dict[str, Any]:
    quilt: dict[str, Any] = data["public"]["players"][who]
    return quilt


def _with_leather(data: dict[str, Any], cells: Any) -> None:
    _quilt(data)["leather"] = cells


Mutation = Callable[[dict[str, Any]], None]


def _patch(field: str, value: Any, index: int = 0) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        _quilt(data)["quilt"][index][field] = value

    return mutate


def _cell(index: int, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        _quilt(data)["quilt"][0]["cells"][index] = value

    return mutate


def _overlap(data: dict[str, Any]) -> None:
    quilt = _quilt(data)["quilt"]
    quilt[1]["cells"][0] = list(quilt[0]["cells"][0])


def _leather_on_a_patch(data: dict[str, Any]) -> None:
    _with_leather(data, [list(_quilt(data)["quilt"][0]["cells"][0])])


def _leather_twice(data: dict[str, Any]) -> None:
    free = _free_cell(data)
    _with_leather(data, [free, list(free)])


def _free_cell(data: dict[str, Any]) -> list[int]:
    taken = {tuple(c) for p in _quilt(data)["quilt"] for c in p["cells"]}
    taken |= {tuple(c) for c in _quilt(data)["leather"]}
    return next([r, c] for r in range(9) for c in range(9) if (r, c) not in taken)


MALFORMED: dict[str, Mutation] = {
    "position past the end": lambda d: _quilt(d).update(position=54),
    "position negative": lambda d: _quilt(d).update(position=-1),
    "position a string": lambda d: _quilt(d).update(position="3"),
    "position missing": lambda d: _quilt(d).pop("position"),
    "patch unknown": _patch("patch", 40),
    "patch a string": _patch("patch", "3"),
    "patch unhashable": _patch("patch", [3]),
    "cells not a list": _patch("cells", "0,0"),
    "cells empty": _patch("cells", []),
    "cells missing": lambda d: _quilt(d)["quilt"][0].pop("cells"),
    "cell off the quilt": _cell(0, [9, 0]),
    "cell negative": _cell(0, [0, -1]),
    "cell a bool": _cell(0, [True, 0]),
    "cell a float": _cell(0, [1.0, 0]),
    "cell of three numbers": _cell(0, [1, 1, 1]),
    "cell of one number": _cell(0, [1]),
    "cell a tuple": _cell(0, (0, 0)),
    "cell a string": _cell(0, "00"),
    "cell listed twice": lambda d: _cell(1, list(_quilt(d)["quilt"][0]["cells"][0]))(d),
    "shape not the patch": _patch("patch", 0, 1),
    "patches overlap": _overlap,
    "quilt not a list": lambda d: _quilt(d).update(quilt=None),
    "leather on a patch": _leather_on_a_patch,
    "leather twice on a cell": _leather_twice,
    "leather off the quilt": lambda d: _with_leather(d, [[0, 9]]),
    "leather a bool cell": lambda d: _with_leather(d, [[False, 0]]),
    "leather not a list": lambda d: _with_leather(d, "none"),
    "buttons missing": lambda d: _quilt(d).pop("buttons"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_state_is_reported_the_same_both_ways(name: str) -> None:
    data = copy.deepcopy(LATE)
    MALFORMED[name](data)
    fast, slow = both(data)
    assert fast == slow
    assert fast[0] != "state" or name in ("cell a tuple", "cell a bool", "leather a bool cell")


def test_a_cell_off_the_quilt_names_the_cell() -> None:
    data = copy.deepcopy(LATE)
    MALFORMED["cell off the quilt"](data)
    fast, _ = both(data)
    assert fast[0] == "invalid"
    assert (
        "OUT_OF_BOUNDS",
        "/public/players/alice/quilt/0/cells/0",
        "cell [9, 0] is off the 9×9 quilt",
    ) in fast[1]


def test_overlapping_patches_are_named() -> None:
    data = copy.deepcopy(LATE)
    _overlap(data)
    fast, _ = both(data)
    patch = _quilt(data)["quilt"][1]["patch"]
    assert fast[0] == "invalid"
    assert (
        "OVERLAPS",
        "/public/players/alice/quilt/1",
        f"patch {patch} overlaps another patch",
    ) in fast[1]


def test_a_quilt_read_quickly_is_the_quilt_read_carefully() -> None:
    raw = {
        "position": 12,
        "buttons": 7,
        "quilt": [{"patch": 0, "cells": [[0, 0], [0, 1]]}],
        "leather": [[8, 8]],
    }
    quilt = jsonio.read_quilt(raw, "/q", ViolationCollector())
    assert (quilt.position, quilt.buttons, quilt.patches, quilt.leather) == (
        12,
        7,
        ((0, mask((0, 0), (0, 1))),),
        mask((8, 8)),
    )
    assert quilt.covered == mask((0, 0), (0, 1), (8, 8))
