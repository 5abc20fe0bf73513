"""The tableau reader's fast path gives exactly what the careful reader gives: the same state for
a well-formed state, and the same violations (code, pointer, detail), in the same order, or the
same exception, for a malformed one."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO, codec, table
from engines.castle_combo.tableau import Placed
from engines.core.errors import ViolationCollector
from tests.engines.decoding import Outcome, both_ways, decode_outcome


def outcome(data: Any) -> Outcome:
    return decode_outcome(CASTLE_COMBO, data)


@contextmanager
def careful() -> Iterator[None]:
    """Every fast path off: the state-wide one and the per-tableau one of ``read_tableau``."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(codec, "_plain_state", lambda data: None)
        mp.setattr(table, "_plain_tableau", lambda raw, pointer, seen: None)
        yield


def both(data: Any) -> tuple[Outcome, Outcome]:
    return both_ways(CASTLE_COMBO, data, careful)


def playout(players: int, seed: str) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    state = CASTLE_COMBO.setup([f"p{i}" for i in range(players)], {}, seed)
    out = [CASTLE_COMBO.encode_state(state)]
    while not CASTLE_COMBO.is_finished(state):
        state, _ = CASTLE_COMBO.apply(state, rnd.choice(CASTLE_COMBO.legal_actions(state)))
        out.append(CASTLE_COMBO.encode_state(state))
    return [json.loads(json.dumps(s)) for s in out]


GAME = playout(3, "fast-paths")
LATE = GAME[(9 * len(GAME)) // 10]


def test_every_state_of_a_whole_game_loads_the_same_both_ways() -> None:
    for data in [*GAME[:: max(1, len(GAME) // 30)], GAME[-1]]:
        fast, slow = both(data)
        assert fast[0] == "state"
        assert fast == slow


def test_a_well_formed_state_never_reaches_the_per_card_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The careful reader reads each card through ``_card``; the fast path reads the tableaux
    without it, so only the displays and discards go through it."""
    calls: list[str] = []
    original = table._card

    def counted(raw: Any, pointer: str, v: ViolationCollector, seen: dict[str, str]) -> Any:
        calls.append(pointer)
        return original(raw, pointer, v, seen)

    monkeypatch.setattr(table, "_card", counted)
    assert CASTLE_COMBO.encode_state(CASTLE_COMBO.decode_state(LATE)) == LATE
    assert calls
    assert all(p.startswith(("/public/displays/", "/public/discards/")) for p in calls)


Mutation = Callable[[dict[str, Any]], None]


def _tableau(data: dict[str, Any], seat: int = 0) -> list[Any]:
    name = data["players"][seat]
    cards: list[Any] = data["public"]["players"][name]["tableau"]
    return cards


def _card(field: str, value: Any, index: int = 0) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        _tableau(data)[index][field] = value

    return mutate


def _share_a_cell(data: dict[str, Any]) -> None:
    cards = _tableau(data)
    cards[1]["cell"] = list(cards[0]["cell"])


def _card_twice(data: dict[str, Any]) -> None:
    _tableau(data, 1)[0]["card"] = _tableau(data)[0]["card"]


def _card_in_display_too(data: dict[str, Any]) -> None:
    data["public"]["displays"]["village"][0] = _tableau(data)[0]["card"]


def _far_away(data: dict[str, Any]) -> None:
    _tableau(data)[-1]["cell"] = [5, 5]


def _gold_on(kind: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        for placed in _tableau(data):
            if kind == "face down" and placed["face_down"]:
                placed["gold"] = 1
                return
            if kind == "face up" and not placed["face_down"]:
                placed["gold"] = 99
                return
        raise AssertionError(f"no {kind} card in the first tableau")

    return mutate


MALFORMED: dict[str, Mutation] = {
    "card unknown": _card("card", "dragon"),
    "card a number": _card("card", 7),
    "card unhashable": _card("card", ["spy"]),
    "card missing": lambda d: _tableau(d)[0].pop("card"),
    "card on two tableaux": _card_twice,
    "card also in a display": _card_in_display_too,
    "cell a bool": _card("cell", [True, 0]),
    "cell a float": _card("cell", [0.0, 0]),
    "cell of three numbers": _card("cell", [0, 0, 0]),
    "cell a string": _card("cell", "0,0"),
    "cell a tuple": _card("cell", (0, 0)),
    "cell missing": lambda d: _tableau(d)[0].pop("cell"),
    "cells shared": _share_a_cell,
    "card far away": _far_away,
    "face_down a number": _card("face_down", 1),
    "face_down missing": lambda d: _tableau(d)[0].pop("face_down"),
    "gold negative": _card("gold", -1),
    "gold a float": _card("gold", 1.0),
    "gold a bool": _card("gold", True),
    "gold missing": lambda d: _tableau(d)[0].pop("gold"),
    "gold on a face-down card": _gold_on("face down"),
    "gold over a purse": _gold_on("face up"),
    "placed card a list": lambda d: _tableau(d).__setitem__(0, ["spy", [0, 0]]),
    "tableau an object": lambda d: d["public"]["players"][d["players"][0]].update(tableau={}),
    "tableau of ten": lambda d: _tableau(d).extend(_tableau(d, 1)[:10]),
    "deck holds a number": lambda d: d["hidden"]["decks"]["castle"].append(3),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_state_is_reported_the_same_both_ways(name: str) -> None:
    data = copy.deepcopy(LATE)
    MALFORMED[name](data)
    fast, slow = both(data)
    assert fast == slow
    # A card without face_down or gold reads as face up with no gold, as the table does.
    assert fast[0] != "state" or name in ("cell a tuple", "face_down missing", "gold missing")


def test_a_card_on_two_tableaux_names_both_places() -> None:
    data = copy.deepcopy(LATE)
    _card_twice(data)
    fast, _ = both(data)
    names = data["players"]
    card = _tableau(data)[0]["card"]
    assert fast[0] == "invalid"
    assert fast[1][0] == (
        "DUPLICATE_CARD",
        f"/public/players/{names[1]}/tableau/0/card",
        f"{card} is also at /public/players/{names[0]}/tableau/0/card: every card is unique",
    )


def test_a_tableau_read_quickly_is_the_tableau_read_carefully() -> None:
    raw = [
        {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
        {"card": "baker", "cell": [0, 1], "face_down": True, "gold": 0},
        {"card": "knight", "cell": [-1, 1]},
    ]
    seen: dict[str, str] = {}
    v = ViolationCollector()
    got = table.read_tableau(raw, "/t", v, seen)
    assert got.cards == (
        Placed("spy", (0, 0)),
        Placed("baker", (0, 1), face_down=True),
        Placed("knight", (-1, 1)),
    )
    assert v.violations == []
    assert seen == {"spy": "/t/0/card", "baker": "/t/1/card", "knight": "/t/2/card"}
