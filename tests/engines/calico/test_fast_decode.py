"""Loading a state with every fast path gives exactly what the careful readers give.

The fast paths: a player's public object remembered by its JSON (``player_quickly``), a list of
patches, of tiles or of goal ids read in one pass (``_patches_quickly``, ``tiles_quickly``,
``_valid_goals``), the quilt found by the remembered pieces (``_known_quilt``), the tile count
that lists tiles only when one is off, and the state's values computed on first read
(``cached_property``).
Each is compared with the careful path on whole games and on malformed states that send it to
its fallback: the same state, or the same violations (code, pointer, detail) in the same order.
"""

from __future__ import annotations

import copy
import functools
import math
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pytest

from engines.calico import CALICO, codec, jsonio
from engines.calico import state as state_module
from engines.calico.catalogue import (
    BOARD_INDEX,
    COLOR_INDEX,
    GOAL_INDEX,
    PATTERN_INDEX,
    TILE_KEYS,
    TILE_TYPES,
    tile_of,
)
from engines.calico.setup import tile_supply
from engines.calico.state import CalicoState, Phase
from engines.core.errors import ViolationCollector, listing
from tests.engines.decoding import Outcome

from .helpers import external
from .test_fast_paths import (
    BEGINNER_SOLO,
    EXTERNAL,
    GAME_4P,
    LATE,
    LATE_EXTERNAL,
    MALFORMED,
    careful,
    outcome,
)
from .test_fast_paths import playout as _playout

Mutation = Callable[[dict[str, Any]], None]


@contextmanager
def forgetful() -> Iterator[None]:
    """The fast paths on, with nothing remembered of any player."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(jsonio, "_players", {})
        yield


def three_ways(data: Any) -> tuple[Outcome, Outcome, Outcome]:
    """Fast with nothing remembered, fast again (now remembered), careful."""
    with forgetful():
        cold = outcome(copy.deepcopy(data))
        warm = outcome(copy.deepcopy(data))
    with careful():
        slow = outcome(copy.deepcopy(data))
    return cold, warm, slow


LOWER_VARIANCE = _playout(
    CALICO.setup(["p0", "p1", "p2"], {"lower_variance_variant": True}, "fast-decode"),
    "fast-decode-lower",
)


def test_every_state_of_whole_games_loads_the_same_three_ways() -> None:
    games = (GAME_4P, EXTERNAL, BEGINNER_SOLO, LOWER_VARIANCE)
    for game in games:
        for data in [*game[:: max(1, len(game) // 25)], game[-1]]:
            cold, warm, slow = three_ways(data)
            assert cold[0] == "state"
            assert cold == warm == slow
            assert CALICO.encode_state(cold[1]) == data


def test_states_of_a_game_in_order_load_as_the_careful_readers_load_them() -> None:
    """As in play: each state repeats every player's object but one's."""
    with forgetful():
        fast = [outcome(data) for data in GAME_4P]
    with careful():
        slow = [outcome(data) for data in GAME_4P]
    assert fast == slow
    assert all(o[0] == "state" for o in fast)


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
    # tiles_quickly: a hand, the market
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
    # _valid_goals
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
    # _patches_quickly
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
    # player_quickly
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
"""Each sends one fast path to its fallback (or reads the same through it)."""

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
"""States the careful readers load: extra keys are not read, and a library caller's tuple, dict
or str subclass reads as the list, object or string."""


@pytest.mark.parametrize("name", sorted(OWN))
def test_a_state_sent_to_a_fallback_is_read_the_same_three_ways(name: str) -> None:
    data = copy.deepcopy(LATE)
    OWN[name](data)
    cold, warm, slow = three_ways(data)
    assert cold == warm == slow
    assert (cold[0] == "state") == (name in ACCEPTED)


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_the_other_malformed_states_are_read_the_same_three_ways(name: str) -> None:
    data = copy.deepcopy(LATE)
    MALFORMED[name](data)
    cold, warm, slow = three_ways(data)
    assert cold == warm == slow


@pytest.mark.parametrize("name", ["hand tile color unknown", "goal twice", "patch cell a tuple"])
def test_an_external_state_sent_to_a_fallback_is_read_the_same(name: str) -> None:
    data = copy.deepcopy(LATE_EXTERNAL)
    OWN[name](data)
    cold, warm, slow = three_ways(data)
    assert cold == warm == slow


def test_a_remembered_player_is_not_taken_for_a_broken_one() -> None:
    """The good state first (its players remembered), then each broken one: still reported."""
    with forgetful():
        assert outcome(copy.deepcopy(LATE))[0] == "state"
        for name in sorted(OWN):
            data = copy.deepcopy(LATE)
            OWN[name](data)
            fast = outcome(data)
            with careful():
                slow = outcome(copy.deepcopy(data))
            assert fast == slow, name


def test_the_violations_of_a_fallback_name_the_piece() -> None:
    """Hand-checked details, through the fast paths."""
    data = copy.deepcopy(LATE)
    OWN["goal twice"](data)
    goals = _goals(data)
    assert goals["2,3"] == goals["3,4"]
    cold, _, _ = three_ways(data)
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
    cold, _, _ = three_ways(data)
    assert cold[0] == "invalid"
    assert cold[1][0] == (
        "UNKNOWN_COLOR",
        "/private/p0/hand/0/color",
        "“teal” is not one of dark_blue, green, light_blue, pink, purple or yellow",
    )
    data = copy.deepcopy(LATE)
    OWN["patch cell of three numbers"](data)
    cold, _, _ = three_ways(data)
    assert cold[0] == "invalid"
    assert cold[1][0] == (
        "INVALID_CELL",
        "/public/players/p0/patches/0/cell",
        "a cell is [row, col], not [1, 1, 1]",
    )


def test_an_equal_player_object_is_remembered_once() -> None:
    with forgetful():
        first = jsonio.player_quickly(copy.deepcopy(_p(LATE)))
        again = jsonio.player_quickly(copy.deepcopy(_p(LATE)))
        assert first is not None
        assert again is first
        assert len(jsonio._players) == 1


def test_the_remembered_pieces_are_what_the_readers_read() -> None:
    raw = {
        "board": "green",
        "goals": {"2,3": "AAA-BBB", "3,4": "all_different", "4,2": "AA-BB-CC"},
        "patches": [
            {"cell": [1, 1], "color": "pink", "pattern": "dots"},
            {"cell": [3, 5], "color": "yellow", "pattern": "ferns"},
        ],
        "tokens": [],
    }
    with forgetful():
        pieces = jsonio.player_quickly(raw)
    assert pieces is not None
    assert pieces.board == BOARD_INDEX["green"]
    assert pieces.goals == (
        GOAL_INDEX["AAA-BBB"],
        GOAL_INDEX["all_different"],
        GOAL_INDEX["AA-BB-CC"],
    )
    pink_dots = tile_of(COLOR_INDEX["pink"], PATTERN_INDEX["dots"])
    yellow_ferns = tile_of(COLOR_INDEX["yellow"], PATTERN_INDEX["ferns"])
    assert pieces.patches == ((1 * 7 + 1, pink_dots), (3 * 7 + 5, yellow_ferns))
    assert pieces.tokens == ()


@pytest.mark.parametrize(
    "raw",
    [
        {"board": "green", "goals": None, "patches": [], "tokens": []},
        {"board": "green", "patches": [], "tokens": []},
        {"board": "red", "goals": {"2,3": "AAA-BBB", "3,4": "all_different", "4,2": "AA-BB-CC"}},
        {"board": "green", "goals": {"2,3": "AAA-BBB", "3,4": "AAA-BBB", "4,2": "AA-BB-CC"}},
        {"board": "green", "goals": {"2,3": "AAA-BBB", "3,4": "all_different", "4,2": 1.5}},
        ["green"],
        None,
    ],
)
def test_a_player_object_with_anything_to_report_is_left_to_the_readers(raw: Any) -> None:
    with forgetful():
        assert jsonio.player_quickly(raw) is None


def test_the_store_of_players_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonio, "_PLAYERS_KEPT", 3)
    monkeypatch.setattr(jsonio, "_players", {})
    fast = [outcome(data) for data in GAME_4P[-30:]]
    assert len(jsonio._players) == 3
    with careful():
        slow = [outcome(data) for data in GAME_4P[-30:]]
    assert fast == slow


def test_the_same_json_from_another_list_type_reads_the_same() -> None:
    """A tuple is written as the array its list is: both read alike, remembered or not."""
    listed = copy.deepcopy(LATE)
    tupled = copy.deepcopy(LATE)
    for player in tupled["public"]["players"].values():
        player["patches"] = tuple(
            {**patch, "cell": tuple(patch["cell"])} for patch in player["patches"]
        )
    with forgetful():
        first = outcome(listed)
        second = outcome(tupled)
    with careful():
        slow = outcome(copy.deepcopy(tupled))
    assert first[0] == "state"
    assert first == second == slow


def test_a_quilt_holds_the_very_token_objects_the_reader_returns() -> None:
    state = CALICO.decode_state(copy.deepcopy(LATE))
    for name, quilt in zip(state.env.players, state.quilts, strict=True):
        read = jsonio.read_tokens(
            _p(LATE, list(LATE["players"]).index(name))["tokens"], "", ViolationCollector()
        )
        assert read == quilt.tokens
        assert all(a is b for a, b in zip(read, quilt.tokens, strict=True))
    assert sum(len(q.tokens) for q in state.quilts) > 0


def test_patches_read_quickly_are_the_careful_readers_patches() -> None:
    raw: list[Any] = [
        {"cell": [1, 1], "color": "pink", "pattern": "dots"},
        {"cell": [5, 5], "color": "green", "pattern": "vines"},
    ]
    pink_dots = tile_of(COLOR_INDEX["pink"], PATTERN_INDEX["dots"])
    green_vines = tile_of(COLOR_INDEX["green"], PATTERN_INDEX["vines"])
    assert jsonio._patches_quickly(raw) == ((8, pink_dots), (40, green_vines))
    assert jsonio._patches_quickly([]) == ()
    odd: list[Any] = [
        raw,
        [raw[0], raw[0]],
        [{**raw[0], "cell": [True, 1]}],
        [{**raw[0], "cell": [1.0, 1]}],
        [{**raw[0], "cell": [0, 0]}],
        [{**raw[0], "cell": [2, 3]}],
        [{**raw[0], "cell": (1, 1)}],
        [{**raw[0], "cell": [1, 1, 1]}],
        [{**raw[0], "color": "teal"}],
        [{"cell": [1, 1], "color": "pink"}],
        [raw[0], "x"],
        (raw[0],),
        "x",
        None,
    ]
    for patches in odd:
        v_fast, v_slow = ViolationCollector(), ViolationCollector()
        fast = jsonio.read_patches(patches, "/p", v_fast)
        with careful():
            slow = jsonio.read_patches(patches, "/p", v_slow)
        assert (fast, v_fast.violations) == (slow, v_slow.violations), patches
    for patches in odd[1:]:
        assert jsonio._patches_quickly(patches) is None, patches


def test_tiles_and_goals_read_quickly_are_the_careful_readers_ones() -> None:
    tiles: list[Any] = [
        [{"color": "pink", "pattern": "dots"}, {"color": "green", "pattern": "vines"}],
        [{"color": "pink", "pattern": "dots"}, "pink-dots"],
        [{"color": "pink"}],
        [{"color": ["pink"], "pattern": "dots"}],
        ({"color": "pink", "pattern": "dots"},),
        [],
        "x",
    ]
    for raw in tiles:
        v_fast, v_slow = ViolationCollector(), ViolationCollector()
        fast = jsonio.read_tiles(raw, "/t", v_fast)
        with careful():
            slow = jsonio.read_tiles(raw, "/t", v_slow)
        assert (fast, v_fast.violations) == (slow, v_slow.violations), raw
    assert jsonio.tiles_quickly(tiles[0]) == [
        tile_of(COLOR_INDEX["pink"], PATTERN_INDEX["dots"]),
        tile_of(COLOR_INDEX["green"], PATTERN_INDEX["vines"]),
    ]
    ok = {"2,3": "AAA-BBB", "3,4": "all_different", "4,2": "AA-BB-CC"}
    goals: list[Any] = [
        ok,
        {**ok, "4,2": "AAA-BBB"},
        {**ok, "4,2": ["AAA-BBB"]},
        {**ok, "5,5": "AAAA-BB"},
        {"2,3": "AAA-BBB", "3,4": "all_different"},
        {"2,3": "AAA-BBB", "3,4": "all_different", "9,9": "AA-BB-CC"},
        {**ok, "2,3": None},
        _Object(ok),
        ["AAA-BBB"],
        None,
    ]
    for raw in goals:
        v_fast, v_slow = ViolationCollector(), ViolationCollector()
        fast_goals = jsonio.read_goals(raw, "/g", v_fast)
        with careful():
            slow_goals = jsonio.read_goals(raw, "/g", v_slow)
        assert (fast_goals, v_fast.violations) == (slow_goals, v_slow.violations), raw
    assert jsonio.read_goals(ok, "/g", ViolationCollector()) == (
        GOAL_INDEX["AAA-BBB"],
        GOAL_INDEX["all_different"],
        GOAL_INDEX["AA-BB-CC"],
    )


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
    assert isinstance(CalicoState.__dict__["phase"], functools.cached_property)
    opening = external(["p0", "p1"])  # hands and market given by the table: p0 places first
    assert opening.placements == 0
    assert opening.phase is Phase.PLACE
    assert opening.movers == (0,)
