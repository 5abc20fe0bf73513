"""Options and the opening: goal patterns, cat cards, each board's three starting patches.

Seeded mode draws, in this order: the goals (a ``shuffle`` of the goal patterns, the first
three), the cats (a ``shuffle`` of the 36 cat cards, the first three), each board's starting
patches (seat order, three ``randbelow(6)`` colours each) and the first player's patch
(``randbelow(6)``); afterwards each turn's patch is a ``randbelow(6)`` drawn as the turn
before ends. Whatever ``options`` gives (``goals``, ``cats``, ``starts``) is not drawn.
External mode takes all three from ``options`` and each turn's patch is a ``draw`` reported
by the table. The bag never runs out, so every draw is any of the six colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.calico.catalogue import COLORS
from engines.calico_simplified.catalogue import (
    CAT_CARDS,
    CAT_INDEX,
    CATS_IN_PLAY,
    COLOR_INDEX,
    GOAL_INDEX,
    GOALS,
    GOALS_IN_PLAY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_CELLS,
)
from engines.calico_simplified.state import Board, SimplifiedState
from engines.core.envelope import CHANCE, Envelope, RngState
from engines.core.errors import ViolationCollector, quoted, quoted_listing, shown

OPTION_DEFAULTS: dict[str, Any] = {"randomness": "seeded", "record_log": False}
TABLE_OPTIONS = ("goals", "cats", "starts")
"""What lies on the table at setup; read once, never stored in ``options``."""


def check_players(players: Sequence[Any], v: ViolationCollector, pointer: str = "/players") -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        v.add(
            "PLAYER_COUNT",
            pointer,
            f"the simplified game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
            f"got {len(players)}",
        )
    if not all(isinstance(p, str) and p for p in players):
        v.add("INVALID_PLAYER", pointer, "player ids are non-empty strings")
    elif len(set(players)) != len(players):
        v.add(
            "DUPLICATE_PLAYER", pointer, f"player ids must be distinct: {quoted_listing(players)}"
        )
    if CHANCE in players:
        v.add(
            "RESERVED_PLAYER_ID", pointer, f"the player id {quoted(CHANCE)} is reserved for chance"
        )


def normalize_options(options: Mapping[str, Any], v: ViolationCollector) -> dict[str, Any]:
    unknown = sorted(set(options) - set(OPTION_DEFAULTS) - set(TABLE_OPTIONS))
    if unknown:
        v.add(
            "UNKNOWN_OPTION",
            "/options",
            f"the simplified game has no options {quoted_listing(unknown)}",
        )
    out = {k: options.get(k, d) for k, d in OPTION_DEFAULTS.items()}
    if out["randomness"] not in ("seeded", "external"):
        v.add("INVALID_OPTION", "/options/randomness", "randomness is seeded or external")
    if not isinstance(out["record_log"], bool):
        v.add("INVALID_OPTION", "/options/record_log", "record_log is true or false")
    return out


def read_ids(
    raw: Any, index: Mapping[str, int], count: int, what: str, pointer: str, v: ViolationCollector
) -> tuple[int, ...] | None:
    """``count`` different ids of ``index``."""
    if not isinstance(raw, list) or len(raw) != count or not all(isinstance(x, str) for x in raw):
        v.add("INVALID_OPTION", pointer, f"{what} is a list of {count} ids")
        return None
    bad = [x for x in raw if x not in index]
    if bad:
        v.add("UNKNOWN_ID", pointer, f"no {what} {quoted_listing(bad)}")
        return None
    if len(set(raw)) != count:
        v.add("DUPLICATE_ID", pointer, f"the {what} must be different: {quoted_listing(raw)}")
        return None
    return tuple(index[x] for x in raw)


def read_color(raw: Any, pointer: str, v: ViolationCollector) -> int | None:
    if not isinstance(raw, str) or raw not in COLOR_INDEX:
        v.add("UNKNOWN_COLOR", pointer, f"{shown(raw)} is not a colour ({', '.join(COLORS)})")
        return None
    return COLOR_INDEX[raw]


def read_starts(
    raw: Any, players: Sequence[str], v: ViolationCollector
) -> tuple[tuple[int, ...], ...] | None:
    if not isinstance(raw, Mapping) or set(raw) != set(players):
        v.add("INVALID_OPTION", "/options/starts", "starts is {player: [3 colours]}, every player")
        return None
    out = []
    for name in players:
        colors = raw[name]
        if not isinstance(colors, list) or len(colors) != len(START_CELLS):
            v.add("INVALID_OPTION", f"/options/starts/{name}", "three colours")
            return None
        read = [read_color(c, f"/options/starts/{name}/{i}", v) for i, c in enumerate(colors)]
        if any(c is None for c in read):
            return None
        out.append(tuple(c for c in read if c is not None))
    return tuple(out)


def setup(players: Sequence[str], options: Mapping[str, Any], seed: str | None) -> SimplifiedState:
    v = ViolationCollector()
    check_players(players, v)
    opts = normalize_options(options, v)
    external = opts["randomness"] == "external"
    given: dict[str, Any] = {}
    for key in TABLE_OPTIONS:
        if key in options:
            if key == "goals":
                given[key] = read_ids(
                    options[key], GOAL_INDEX, GOALS_IN_PLAY, "goal", "/options/goals", v
                )
            elif key == "cats":
                given[key] = read_ids(
                    options[key], CAT_INDEX, CATS_IN_PLAY, "cat", "/options/cats", v
                )
            else:
                given[key] = read_starts(options[key], players, v)
        elif external:
            v.add("MISSING_OPTION", f"/options/{key}", f"external mode needs options.{key}")
    v.raise_if_any()
    rng_state = RngState.for_setup(opts["randomness"], seed)
    env = Envelope.new(players, opts, rng_state)
    if external:
        starts = given["starts"]
        boards = tuple(Board(tuple(zip(START_CELLS, s, strict=True))) for s in starts)
        return SimplifiedState(env, given["goals"], given["cats"], boards, None)
    rng = rng_state.generator()
    goals = given.get("goals") or tuple(rng.shuffle(range(len(GOALS)))[:GOALS_IN_PLAY])
    cats = given.get("cats") or tuple(rng.shuffle(range(len(CAT_CARDS)))[:CATS_IN_PLAY])
    starts = given.get("starts") or tuple(
        tuple(rng.randbelow(len(COLORS)) for _ in START_CELLS) for _ in players
    )
    boards = tuple(Board(tuple(zip(START_CELLS, s, strict=True))) for s in starts)
    drawn = rng.randbelow(len(COLORS))
    env = replace(env, rng=rng_state.advanced(rng))
    return SimplifiedState(env, goals, cats, boards, drawn)
