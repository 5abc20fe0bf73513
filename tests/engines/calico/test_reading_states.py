"""Reading a state: every state of whole games reads back as written, each malformed piece is
refused with the violation that names it (code, pointer, detail), and what a library caller may
send in place of JSON's own types reads as the JSON it stands for."""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from engines.calico import CALICO, codec, jsonio
from engines.calico import state as state_module
from engines.calico.catalogue import COLOR_INDEX, TILE_KEYS, TILE_TYPES
from engines.calico.quilt import BUTTON, Token
from engines.calico.setup import tile_supply
from engines.calico.state import CalicoState, Phase
from engines.core.derived import derived
from engines.core.errors import ViolationCollector, listing
from tests.engines.decoding import Outcome, decode_outcome

from .helpers import external


def outcome(data: Any) -> Outcome:
    return decode_outcome(CALICO, data)


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


@pytest.mark.parametrize(
    "name",
    # a library caller's tuple for a cell, or true for 1 (see below), is read as the cell
    sorted(set(MALFORMED) - {"token cell a tuple", "patch cell a bool"}),
)
def test_a_malformed_state_is_refused(name: str) -> None:
    data = copy.deepcopy(LATE)
    MALFORMED[name](data)
    assert outcome(data)[0] in ("invalid", "error")


@pytest.mark.parametrize("name", ["token cell a bool", "patch color unknown", "cat unknown"])
def test_a_malformed_external_state_is_refused(name: str) -> None:
    data = copy.deepcopy(LATE_EXTERNAL)
    MALFORMED[name](data)
    assert outcome(data)[0] == "invalid"


def test_a_token_cell_off_the_board_names_the_cell() -> None:
    data = copy.deepcopy(LATE)
    MALFORMED["token cell off the board"](data)
    name, i = _first_token(data)
    fast = outcome(data)
    assert fast[0] == "invalid"
    assert (
        "OUT_OF_BOUNDS",
        f"/public/players/{name}/tokens/{i}/cells/0",
        "cell [7, 0] is off the 7×7 board",
    ) in fast[1]


def test_a_bag_key_unknown_names_the_key() -> None:
    data = copy.deepcopy(LATE)
    MALFORMED["bag key unknown"](data)
    fast = outcome(data)
    assert fast[0] == "invalid"
    assert ("INVALID_TILE", "/hidden/bag/0", "“teal-plaid” is not a tile key like pink-dots") in (
        fast[1]
    )


def test_a_cell_given_as_a_bool_is_refused() -> None:
    """A library caller's ``true`` for 1 in a patch cell (the contract refuses it over HTTP)."""
    data = copy.deepcopy(LATE)
    name = _players(data)[0]
    patch = data["public"]["players"][name]["patches"][0]
    assert 1 in patch["cell"]
    patch["cell"] = [True if x == 1 else x for x in patch["cell"]]
    fast = outcome(data)
    assert fast[0] == "invalid"
    assert fast[1][0] == (
        "INVALID_CELL",
        f"/public/players/{name}/patches/0/cell",
        f"a cell is [row, col], not {json.dumps(patch['cell'], separators=(', ', ': '))}",
    )


def test_a_button_token_is_read_as_the_token_play_earns() -> None:
    raw = {"kind": "button", "color": "green", "cells": [[1, 1], [1, 2], [2, 1]]}
    v = ViolationCollector()
    assert jsonio.read_tokens([raw], "/t", v) == (
        Token(BUTTON, (1 << 8) | (1 << 9) | (1 << 15), color=COLOR_INDEX["green"]),
    )
    assert v.violations == []


LOWER_VARIANCE = playout(
    CALICO.setup(["p0", "p1", "p2"], {"lower_variance_variant": True}, "fast-decode"),
    "fast-decode-lower",
)


def _p(data: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    player: dict[str, Any] = data["public"]["players"][list(data["players"])[seat]]
    return player


def _mine(data: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    mine: dict[str, Any] = data["private"][list(data["players"])[seat]]
    return mine


def _set(get: Callable[[dict[str, Any]], Any], key: Any, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        get(data)[key] = value

    return mutate


def _drop(get: Callable[[dict[str, Any]], Any], key: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        del get(data)[key]

    return mutate


class _Object(dict[str, Any]):
    """A mapping that is not JSON's own dict (orjson refuses to write it)."""


class _Name(str):
    """A string that is not JSON's own str."""

    __slots__ = ()


@dataclass(frozen=True)
class _Patch:
    """A patch as a library caller's object, not a mapping: orjson would write it as the object."""

    cell: list[int]
    color: str
    pattern: str


def _patch_as_dataclass(data: dict[str, Any]) -> None:
    patches = _p(data)["patches"]
    patches[0] = _Patch(**patches[0])


def _goals(data: dict[str, Any]) -> dict[str, Any]:
    goals: dict[str, Any] = _p(data)["goals"]
    return goals


def _renamed_goal_space(data: dict[str, Any]) -> None:
    goals = _goals(data)
    goals["9,9"] = goals.pop("2,3")


def _same_goal_twice(data: dict[str, Any]) -> None:
    goals = _goals(data)
    goals["3,4"] = goals["2,3"]


def _patches_as_tuple(data: dict[str, Any]) -> None:
    _p(data)["patches"] = tuple(_p(data)["patches"])


def _patch_cell_as_object(data: dict[str, Any]) -> None:
    _p(data)["patches"][0]["cell"] = {"row": 1, "col": 1}


def _player_as_subclass(data: dict[str, Any]) -> None:
    name = list(data["players"])[1]
    data["public"]["players"][name] = _Object(data["public"]["players"][name])


OWN: dict[str, Mutation] = {
    # a hand, the market
    "hand tile not an object": _set(lambda d: _mine(d)["hand"], 0, "pink-dots"),
    "hand tile a list": _set(lambda d: _mine(d)["hand"], 1, ["pink", "dots"]),
    "hand tile color unknown": _set(lambda d: _mine(d)["hand"][0], "color", "teal"),
    "hand tile color unhashable": _set(lambda d: _mine(d)["hand"][0], "color", ["pink"]),
    "hand tile pattern missing": _drop(lambda d: _mine(d)["hand"][0], "pattern"),
    "hand a string": _set(_mine, "hand", "pink-dots"),
    "hand an object": _set(_mine, "hand", {"color": "pink", "pattern": "dots"}),
    "hand an object not JSON's": lambda d: _set(
        lambda e: _mine(e)["hand"], 0, _Object(_mine(d)["hand"][0])
    )(d),
    "private entry a list": lambda d: _set(lambda e: e["private"], "p1", [])(d),
    "market tile a number": _set(lambda d: d["public"]["market"], 2, 7),
    "market tile with a bool pattern": _set(lambda d: d["public"]["market"][0], "pattern", True),
    "market a string": _set(lambda d: d["public"], "market", "x"),
    # goals
    "goal unknown": _set(_goals, "3,4", "AAAAA"),
    "goal a number": _set(_goals, "4,2", 3),
    "goal unhashable": _set(_goals, "2,3", ["AAA-BBB"]),
    "goal null": _set(_goals, "2,3", None),
    "goal twice": _same_goal_twice,
    "goal space missing": _drop(_goals, "4,2"),
    "goal space extra": _set(_goals, "5,5", "AAA-BBB"),
    "goal space renamed": _renamed_goal_space,
    "goals a list": _set(_p, "goals", ["AAA-BBB", "AA-BB-CC", "all_different"]),
    "goals NaN": _set(_p, "goals", math.nan),
    "goals a string": _set(_p, "goals", "AAA-BBB"),
    # patches
    "patch with an extra key": _set(lambda d: _p(d)["patches"][2], "note", "first"),
    "patch cell of three numbers": _set(lambda d: _p(d)["patches"][0], "cell", [1, 1, 1]),
    "patch cell of one number": _set(lambda d: _p(d)["patches"][0], "cell", [1]),
    "patch cell a tuple": lambda d: _set(
        lambda e: _p(e)["patches"][1], "cell", tuple(_p(d)["patches"][1]["cell"])
    )(d),
    "patch cell an object": _patch_cell_as_object,
    "patch cell null": _set(lambda d: _p(d)["patches"][0], "cell", None),
    "patch pattern missing": _drop(lambda d: _p(d)["patches"][3], "pattern"),
    "patch color unhashable": _set(lambda d: _p(d)["patches"][0], "color", {"c": 1}),
    "patch not JSON's object": lambda d: _set(
        lambda e: _p(e)["patches"], 0, _Object(_p(d)["patches"][0])
    )(d),
    "patches a tuple": _patches_as_tuple,
    "patch a dataclass": _patch_as_dataclass,
    "patches null": _set(_p, "patches", None),
    # a player
    "player an array": lambda d: _set(lambda e: e["public"]["players"], "p2", [])(d),
    "player missing": _drop(lambda d: d["public"]["players"], "p3"),
    "player a dict subclass": _player_as_subclass,
    "player with an extra key": _set(_p, "note", {"a": [1, 2]}),
    "player with an extra NaN": _set(_p, "note", math.nan),
    "player with an extra set": _set(_p, "note", {1, 2}),
    "player board a str subclass": lambda d: _set(_p, "board", _Name(_p(d)["board"]))(d),
    "player board unknown": _set(_p, "board", "red"),
    "player board null": _set(_p, "board", None),
    "player tokens null": _set(_p, "tokens", None),
    "player tokens missing": _drop(_p, "tokens"),
    "player patches missing": _drop(_p, "patches"),
    "player int beyond 64 bits": _set(_p, "note", 1 << 70),
}
"""Each breaks one piece of a player's object or hand (or reads as it would)."""

ACCEPTED = {
    "patch with an extra key",
    "patch cell a tuple",
    "patch not JSON's object",
    "patches a tuple",
    "player a dict subclass",
    "player with an extra key",
    "player with an extra NaN",
    "player with an extra set",
    "player board a str subclass",
    "player int beyond 64 bits",
    "hand an object not JSON's",
}
"""States the readers load: extra keys are not read, and a library caller's tuple, dict
or str subclass reads as the list, object or string."""


@pytest.mark.parametrize("name", sorted(OWN))
def test_a_player_object_is_refused_unless_it_reads_as_one(name: str) -> None:
    data = copy.deepcopy(LATE)
    OWN[name](data)
    assert (outcome(data)[0] == "state") == (name in ACCEPTED)


@pytest.mark.parametrize("name", ["hand tile color unknown", "goal twice", "patch cell a tuple"])
def test_an_external_state_is_refused_or_read_as_a_seeded_one(name: str) -> None:
    data = copy.deepcopy(LATE_EXTERNAL)
    OWN[name](data)
    assert (outcome(data)[0] == "state") == (name in ACCEPTED)


def test_the_violations_name_the_piece() -> None:
    """Hand-checked details."""
    data = copy.deepcopy(LATE)
    OWN["goal twice"](data)
    goals = _goals(data)
    assert goals["2,3"] == goals["3,4"]
    cold = outcome(data)
    assert cold == (
        "invalid",
        [
            (
                "DUPLICATE_GOAL",
                "/public/players/p0/goals",
                "a player has one tile of each goal, so all three differ",
            )
        ],
    )
    data = copy.deepcopy(LATE)
    OWN["hand tile color unknown"](data)
    cold = outcome(data)
    assert cold[0] == "invalid"
    assert cold[1][0] == (
        "UNKNOWN_COLOR",
        "/private/p0/hand/0/color",
        "“teal” is not one of dark_blue, green, light_blue, pink, purple or yellow",
    )
    data = copy.deepcopy(LATE)
    OWN["patch cell of three numbers"](data)
    cold = outcome(data)
    assert cold[0] == "invalid"
    assert cold[1][0] == (
        "INVALID_CELL",
        "/public/players/p0/patches/0/cell",
        "a cell is [row, col], not [1, 1, 1]",
    )


def test_the_same_json_from_another_list_type_reads_the_same() -> None:
    """A library caller's tuple reads as the list it stands for."""
    listed = copy.deepcopy(LATE)
    tupled = copy.deepcopy(LATE)
    for player in tupled["public"]["players"].values():
        player["patches"] = tuple(
            {**patch, "cell": tuple(patch["cell"])} for patch in player["patches"]
        )
    first = outcome(listed)
    assert first[0] == "state"
    assert first == outcome(tupled)


def _tiles_checked_as_before(state: CalicoState) -> list[tuple[str, str, str]]:
    """The tile count as written before it listed tiles only when one is off: the reference."""
    copies = tile_supply(state.env.options)
    counts = Counter(t for q in state.quilts for _, t in q.placed)
    for hand in state.hands:
        counts.update(hand)
    counts.update(state.market)
    counts.update(state.discarded)
    if state.bag is not None:
        counts.update(state.bag)
    out = []
    over = sorted(TILE_KEYS[t] for t in range(TILE_TYPES) if counts[t] > copies)
    if over:
        out.append(
            ("TOO_MANY_TILES", "/public", f"the box has only {copies} of each of {listing(over)}")
        )
    if state.bag is not None:
        short = sorted(TILE_KEYS[t] for t in range(TILE_TYPES) if counts[t] < copies)
        if short:
            out.append(("TILES_MISSING", "/hidden/bag", f"tiles unaccounted for: {listing(short)}"))
    return out


def _tiles_checked(state: CalicoState) -> list[tuple[str, str, str]]:
    v = ViolationCollector()
    codec._check_tiles(state, v)
    return [(x.code, x.pointer, x.detail) for x in v.violations if x.code != "TOO_MANY_PATCHES"]


def test_the_tile_count_reports_what_it_reported_before() -> None:
    seeded = CALICO.decode_state(copy.deepcopy(LATE))
    outside = CALICO.decode_state(copy.deepcopy(LATE_EXTERNAL))
    assert seeded.bag is not None and len(seeded.bag) > 3
    bag = seeded.bag
    other = next(t for t in bag if t != bag[0])
    variants = [
        seeded,
        outside,
        replace(seeded, bag=bag[1:]),
        replace(seeded, bag=(other, *bag[1:])),
        replace(seeded, bag=(*bag, bag[0], bag[0])),
        replace(seeded, bag=()),
        replace(outside, market=(*outside.market, *outside.market, *outside.market)),
        replace(outside, hands=tuple((h[0],) * 4 for h in outside.hands)),
    ]
    for state in variants:
        assert _tiles_checked(state) == _tiles_checked_as_before(state)
    # Hand-checked: one tile of the bag swapped for another kind.
    assert _tiles_checked(variants[3]) == [
        ("TOO_MANY_TILES", "/public", f"the box has only 3 of each of {TILE_KEYS[other]}"),
        ("TILES_MISSING", "/hidden/bag", f"tiles unaccounted for: {TILE_KEYS[bag[0]]}"),
    ]
    assert _tiles_checked(variants[0]) == []
    assert _tiles_checked(variants[1]) == []


def test_the_tiles_out_of_the_bag_are_listed_quilt_by_quilt_then_hands_market_discards() -> None:
    for data in (LATE, LATE_EXTERNAL, BEGINNER_SOLO[len(BEGINNER_SOLO) // 2]):
        state = CALICO.decode_state(copy.deepcopy(data))
        expected = [t for q in state.quilts for _, t in q.placed]
        for hand in state.hands:
            expected.extend(hand)
        assert state.visible_tiles() == expected + list(state.market) + list(state.discarded)
        assert all(q.tiles == tuple(t for _, t in q.placed) for q in state.quilts)


def test_a_state_computes_its_phase_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[CalicoState] = []
    computed = state_module._phase

    def counted(state: CalicoState) -> Phase:
        calls.append(state)
        return computed(state)

    monkeypatch.setattr(state_module, "_phase", counted)
    state = CALICO.decode_state(copy.deepcopy(LATE_EXTERNAL))
    assert calls == [state]
    assert state.phase is state.phase
    assert calls == [state]
    assert isinstance(CalicoState.__dict__["phase"], derived)
    opening = external(["p0", "p1"])  # hands and market given by the table: p0 places first
    assert opening.placements == 0
    assert opening.phase is Phase.PLACE
    assert opening.movers == (0,)


def test_every_state_of_whole_games_reads_back_as_written() -> None:
    for game in (GAME_4P, EXTERNAL, BEGINNER_SOLO, LOWER_VARIANCE):
        for data in [*game[:: max(1, len(game) // 25)], game[-1]]:
            assert CALICO.encode_state(CALICO.decode_state(copy.deepcopy(data))) == data
