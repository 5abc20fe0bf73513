"""The readers' fast paths give exactly what the careful readers give: the same state for a
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

from engines.calico import CALICO, codec, jsonio
from engines.calico.catalogue import COLOR_INDEX, TILE_BY_KEY
from engines.calico.quilt import BUTTON, Token
from engines.core.errors import ViolationCollector
from tests.engines.decoding import Outcome, both_ways, decode_outcome

from .helpers import external


def outcome(data: Any) -> Outcome:
    return decode_outcome(CALICO, data)


@contextmanager
def careful() -> Iterator[None]:
    """Every fast path of the readers and the loader off."""
    with pytest.MonkeyPatch.context() as mp:
        for name in (
            "_cells_quickly",
            "_token_quickly",
            "_tile_keys_quickly",
            "_patches_quickly",
            "tiles_quickly",
        ):
            mp.setattr(jsonio, name, lambda raw: None)
        mp.setattr(jsonio, "_valid_cats", lambda key, prescribed, one_per_dot_group: None)
        mp.setattr(jsonio, "_valid_goals", lambda ids: None)
        mp.setattr(jsonio, "_PATCH_BY_NAMES", {})
        mp.setattr(codec, "tiles_quickly", lambda raw: None)
        mp.setattr(codec, "player_quickly", lambda raw: None)
        mp.setattr(codec, "_replayed", codec._replayed.__wrapped__)
        yield


def both(data: Any) -> tuple[Outcome, Outcome]:
    return both_ways(CALICO, data, careful)


def playout(state: Any, seed: str) -> list[dict[str, Any]]:
    """Every state of a random game from ``state``."""
    rnd = random.Random(seed)
    out = [CALICO.encode_state(state)]
    while not CALICO.is_finished(state):
        state, _ = CALICO.apply(state, rnd.choice(CALICO.legal_actions(state)))
        out.append(CALICO.encode_state(state))
    return [json.loads(json.dumps(s)) for s in out]


# Regular setup: goals chosen, cats from the dot groups, a seeded bag.
GAME_4P = playout(CALICO.setup(["p0", "p1", "p2", "p3"], {}, "fast-paths"), "fast-paths")
LATE = GAME_4P[(9 * len(GAME_4P)) // 10]
EXTERNAL = playout(external(["p0", "p1"]), "fast-paths-external")
BEGINNER_SOLO = playout(CALICO.setup(["p0"], {"setup": "beginner"}, "fast-paths"), "fast-paths")
LATE_EXTERNAL = EXTERNAL[(3 * len(EXTERNAL)) // 4]


def test_every_state_of_whole_games_loads_the_same_both_ways() -> None:
    states = [
        *GAME_4P[:: len(GAME_4P) // 40],
        *EXTERNAL[:: len(EXTERNAL) // 20],
        *BEGINNER_SOLO[:: len(BEGINNER_SOLO) // 10],
        GAME_4P[-1],
        EXTERNAL[-1],
        BEGINNER_SOLO[-1],
    ]
    for data in states:
        fast, slow = both(data)
        assert fast[0] == "state"
        assert fast == slow


def test_a_well_formed_state_never_reaches_the_per_cell_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast paths do read it: the careful cell, token and cat readers are never called."""

    def refuse(*args: Any) -> Any:
        raise AssertionError("the careful reader was called")

    CALICO.decode_state(LATE)  # the cats are read carefully once, then remembered
    monkeypatch.setattr(jsonio, "read_cell", refuse)
    monkeypatch.setattr(jsonio, "read_token", refuse)
    monkeypatch.setattr(jsonio, "_read_cats", refuse)
    assert CALICO.encode_state(CALICO.decode_state(LATE)) == LATE


def _players(data: dict[str, Any]) -> list[str]:
    return list(data["players"])


def _first_token(data: dict[str, Any], kind: str = "button") -> tuple[str, int]:
    for name in _players(data):
        for i, token in enumerate(data["public"]["players"][name]["tokens"]):
            if token["kind"] == kind:
                return name, i
    raise AssertionError(f"the late state holds no {kind}")


Mutation = Callable[[dict[str, Any]], None]


def _set_token(field: str, value: Any, kind: str = "button") -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        name, i = _first_token(data, kind)
        data["public"]["players"][name]["tokens"][i][field] = value

    return mutate


def _set_patch(field: str, value: Any, index: int = 0) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["public"]["players"][_players(data)[0]]["patches"][index][field] = value

    return mutate


def _set_cat(field: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["public"]["cats"][1][field] = value

    return mutate


def _set_public(path: tuple[Any, ...], value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        node = data["public"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return mutate


def _set_bag(index: int, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["hidden"]["bag"][index] = value

    return mutate


def _second_patch_on_first_cell(data: dict[str, Any]) -> None:
    patches = data["public"]["players"][_players(data)[0]]["patches"]
    patches[1]["cell"] = list(patches[0]["cell"])


def _cell_twice_in_token(data: dict[str, Any]) -> None:
    name, i = _first_token(data)
    cells = data["public"]["players"][name]["tokens"][i]["cells"]
    cells.append(list(cells[0]))


def _no_tokens(data: dict[str, Any]) -> None:
    for name in _players(data):
        data["public"]["players"][name]["tokens"] = []


def _extra_rainbow(data: dict[str, Any]) -> None:
    data["public"]["players"][_players(data)[0]]["tokens"].append({"kind": "rainbow_button"})


MALFORMED: dict[str, Mutation] = {
    "token cell a bool": _set_token("cells", [[True, 1]]),
    "token cell a float": _set_token("cells", [[1.0, 1]]),
    "token cell off the board": _set_token("cells", [[7, 0]]),
    "token cell negative": _set_token("cells", [[-1, 0]]),
    "token cell of three numbers": _set_token("cells", [[1, 1, 1]]),
    "token cell a string": _set_token("cells", ["11"]),
    "token cell a tuple": _set_token("cells", [(1, 1)]),
    "token cells not a list": _set_token("cells", "1,1"),
    "token cells missing": _set_token("cells", None),
    "token cells empty": _set_token("cells", []),
    "token cell listed twice": _cell_twice_in_token,
    "token kind unknown": _set_token("kind", "medal"),
    "token kind missing": _set_token("kind", None),
    "token color unknown": _set_token("color", "teal"),
    "token color a list": _set_token("color", ["green"]),
    "token cat unknown": _set_token("cat", "garfield", "cat"),
    "token pattern unknown": _set_token("pattern", "plaid", "cat"),
    "token cat cell a bool": _set_token("cells", [[True, 2]], "cat"),
    "token cat cells empty": _set_token("cells", [], "cat"),
    "token a list": lambda d: _set_public(("players", _players(d)[0], "tokens", 0), [1])(d),
    "tokens a string": lambda d: _set_public(("players", _players(d)[0], "tokens"), "x")(d),
    "no token claimed": _no_tokens,
    "a rainbow too many": _extra_rainbow,
    "patch cell a bool": _set_patch("cell", [True, 1]),
    "patch cell a float": _set_patch("cell", [1.0, 1]),
    "patch on a border patch": _set_patch("cell", [0, 0]),
    "patch on a goal space": _set_patch("cell", [2, 3]),
    "patch cell off the board": _set_patch("cell", [8, 8]),
    "patch cell a string": _set_patch("cell", "1,1"),
    "patch cell a list in a list": _set_patch("cell", [[1], 1]),
    "patch color unknown": _set_patch("color", "teal", 3),
    "patch pattern a number": _set_patch("pattern", 3, 2),
    "patch on a taken space": _second_patch_on_first_cell,
    "patch a string": lambda d: _set_public(("players", _players(d)[1], "patches", 0), "x")(d),
    "patches an object": lambda d: _set_public(("players", _players(d)[1], "patches"), {})(d),
    "cat unknown": _set_cat("cat", "garfield"),
    "cat a list": _set_cat("cat", ["millie"]),
    "cat patterns of one": _set_cat("patterns", ["dots"]),
    "cat patterns a string": _set_cat("patterns", "dots"),
    "cat patterns an object": _set_cat("patterns", {"dots": 1, "ferns": 2}),
    "cat patterns unhashable": _set_cat("patterns", [["dots"], "ferns"]),
    "cat patterns unknown": _set_cat("patterns", ["plaid", "tartan"]),
    "cats swapped patterns": lambda d: _set_cat("patterns", d["public"]["cats"][0]["patterns"])(d),
    "cats two of them": lambda d: _set_public(("cats",), d["public"]["cats"][:2])(d),
    "cats an object": _set_public(("cats",), {"cat": "millie"}),
    "cat not an object": lambda d: _set_public(("cats", 0), ["millie"])(d),
    "bag key unknown": _set_bag(0, "teal-plaid"),
    "bag key a number": _set_bag(3, 7),
    "bag key unhashable": _set_bag(1, ["blue", "dots"]),
    "bag key an object": _set_bag(2, {"color": "dark_blue", "pattern": "dots"}),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_state_is_reported_the_same_both_ways(name: str) -> None:
    data = copy.deepcopy(LATE)
    MALFORMED[name](data)
    fast, slow = both(data)
    assert fast == slow
    assert fast[0] != "state" or name in ("token cell a tuple", "patch cell a bool")


@pytest.mark.parametrize("name", ["token cell a bool", "patch color unknown", "cat unknown"])
def test_an_external_state_is_reported_the_same_both_ways(name: str) -> None:
    data = copy.deepcopy(LATE_EXTERNAL)
    MALFORMED[name](data)
    fast, slow = both(data)
    assert fast[0] == "invalid"
    assert fast == slow


def test_a_token_cell_off_the_board_names_the_cell() -> None:
    data = copy.deepcopy(LATE)
    MALFORMED["token cell off the board"](data)
    name, i = _first_token(data)
    fast, _ = both(data)
    assert fast[0] == "invalid"
    assert (
        "OUT_OF_BOUNDS",
        f"/public/players/{name}/tokens/{i}/cells/0",
        "cell [7, 0] is off the 7×7 board",
    ) in fast[1]


def test_a_bag_key_unknown_names_the_key() -> None:
    data = copy.deepcopy(LATE)
    MALFORMED["bag key unknown"](data)
    fast, _ = both(data)
    assert fast[0] == "invalid"
    assert ("INVALID_TILE", "/hidden/bag/0", "“teal-plaid” is not a tile key like pink-dots") in (
        fast[1]
    )


def test_a_cell_given_as_a_bool_is_read_as_its_number_by_both_paths() -> None:
    """The careful reader takes ``true`` for 1 in a patch cell (the contract refuses it over
    HTTP); the fast path leaves such a cell to it, so a library caller sees no difference."""
    data = copy.deepcopy(LATE)
    patch = data["public"]["players"][_players(data)[0]]["patches"][0]
    patch["cell"] = [True if x == 1 else x for x in patch["cell"]]
    fast, slow = both(data)
    assert fast == slow


def test_the_readers_alone_agree_on_odd_cells_and_keys() -> None:
    cells: list[Any] = [
        [[1, 1], [1, 2]],
        [[1, 1], [1, 1]],
        [[True, 1]],
        [(1, 1)],
        ((1, 1),),
        [[1, 1.0]],
        [[6, 6]],
        [[7, 6]],
        "x",
        None,
        [],
    ]
    for raw in cells:
        v_fast, v_slow = ViolationCollector(), ViolationCollector()
        fast = jsonio.read_cells(raw, "/c", v_fast)
        with careful():
            slow = jsonio.read_cells(raw, "/c", v_slow)
        assert (fast, v_fast.violations) == (slow, v_slow.violations), raw
    assert jsonio.read_cells([[1, 1], [1, 2]], "/c", ViolationCollector()) == 0b11 << 8
    keys: list[Any] = [
        ["dark_blue-dots", "pink-ferns"],
        ["dark_blue-dots", 1],
        [["x"]],
        ("dark_blue-dots",),
        [],
    ]
    for raw in keys:
        v_fast, v_slow = ViolationCollector(), ViolationCollector()
        fast_keys = jsonio.read_tile_keys(raw, "/b", v_fast)
        with careful():
            slow_keys = jsonio.read_tile_keys(raw, "/b", v_slow)
        assert (fast_keys, v_fast.violations) == (slow_keys, v_slow.violations), raw
    assert jsonio.read_tile_keys(["dark_blue-dots"], "/b", ViolationCollector()) == [
        TILE_BY_KEY["dark_blue-dots"]
    ]


def test_a_button_token_read_quickly_is_the_token_play_earns() -> None:
    raw = {"kind": "button", "color": "green", "cells": [[1, 1], [1, 2], [2, 1]]}
    v = ViolationCollector()
    assert jsonio.read_tokens([raw], "/t", v) == (
        Token(BUTTON, (1 << 8) | (1 << 9) | (1 << 15), color=COLOR_INDEX["green"]),
    )
    assert v.violations == []
