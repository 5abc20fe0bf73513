"""Positions from a real table: finished quilts and the tokens on them, scored and checked.

A position is what a companion app sees at the end of a game it did not follow::

    {"cats": [{"cat": "millie", "patterns": ["dots", "vines"]}, …],
     "players": [{"player": "ann", "board": "blue",
                  "goals": {"2,3": "all_different", "3,4": "AA-BB-CC", "4,2": "AAA-BBB"},
                  "patches": [{"cell": [1, 1], "color": "pink", "pattern": "dots"}, …],
                  "tokens": [{"kind": "button", "color": "pink", "cells": [[1, 1], …]}, …]}],
     "options": {"shape_cats_in_larger_area": true, "family_variant": false,
                 "solo_scenario": null}}

Buttons and cats are earned as groups form, and the order is lost, so each token names the group
that earned it and :func:`validate_position` checks that the group could have earned it (see
:func:`engines.calico.earning.could_earn`), that tokens sharing an area formed apart, and that no
area that must have earned a token lacks one. The buttons component of a scored position also
gives the fewest and the most buttons any placement order of that quilt could have earned
(``detail.fewest``, ``detail.best_case``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.calico.catalogue import (
    BOARDS,
    BUTTON_GROUP,
    CATS,
    COLORS,
    COPIES,
    GOAL_KEYS,
    GOALS,
    GRID,
    PATCH_SPACE_COUNT,
    PATTERNS,
    SCENARIOS,
    TILE_KEYS,
    cells_json,
)
from engines.calico.earning import (
    best_case_buttons,
    button_trigger,
    cat_trigger,
    could_earn,
    separation_problem,
    unearned_areas,
)
from engines.calico.jsonio import (
    as_mapping,
    read_board,
    read_cats,
    read_goals,
    read_patches,
    read_tokens,
)
from engines.calico.quilt import BUTTON, RAINBOW, Quilt
from engines.calico.scoring import ScoringRules, breakdown
from engines.calico.setup import is_scenario
from engines.calico.state import CatInPlay, cat_of_pattern
from engines.core.errors import (
    InvalidState,
    Violation,
    ViolationCollector,
    listing,
    quoted_listing,
    shown,
)
from engines.core.scoring import PlayerScore, ScoreBreakdown

POSITION_OPTIONS: dict[str, Any] = {
    "shape_cats_in_larger_area": True,
    "family_variant": False,
    "solo_scenario": None,
}


@dataclass(frozen=True)
class Position:
    names: tuple[str, ...]
    quilts: tuple[Quilt, ...]
    """Patches and the tokens as given (not as any replay would award them)."""
    cats: tuple[CatInPlay, ...]
    rules: ScoringRules
    strict_shapes: bool


def validate_position(position: Mapping[str, Any]) -> list[Violation]:
    v = ViolationCollector()
    read_position(position, v)
    return v.violations


def position_facts(position: Mapping[str, Any]) -> dict[str, Any]:
    """What the finished quilts allow whatever the play order: each player's button bounds."""
    pos = read_position(position, ViolationCollector())
    if pos is None:
        return {}
    return {
        name: {"buttons": button_bounds(q)} for name, q in zip(pos.names, pos.quilts, strict=True)
    }


def score_position(position: Mapping[str, Any]) -> ScoreBreakdown:
    """The breakdown of a valid position; raises :class:`InvalidState` with every violation."""
    v = ViolationCollector()
    pos = read_position(position, v)
    if pos is None or v.violations:
        raise InvalidState(v.violations or [Violation("INVALID_POSITION", "", "unreadable")])
    scored = breakdown(pos.names, pos.quilts, pos.rules, [c.cat for c in pos.cats], final=True)
    players = tuple(
        _with_button_bounds(p, q) for p, q in zip(scored.players, pos.quilts, strict=True)
    )
    return replace(scored, players=players)


def button_bounds(quilt: Quilt) -> dict[str, int]:
    """The fewest and the most buttons a placement order of this finished quilt earns.

    Every same-colour area of 3 or more earns at least one (the first time it reached 3), and
    building it outward from one patch earns exactly one; the most is the best packing of groups
    that formed apart (:func:`~engines.calico.earning.best_case_buttons`).
    """
    fewest = sum(
        1
        for c in range(len(COLORS))
        for area in GRID.components(quilt.colors[c])
        if area.bit_count() >= BUTTON_GROUP
    )
    return {"fewest": fewest, "best_case": best_case_buttons(quilt)}


def _with_button_bounds(player: PlayerScore, quilt: Quilt) -> PlayerScore:
    components = tuple(
        replace(c, detail={**(c.detail or {}), **button_bounds(quilt)}) if c.id == "buttons" else c
        for c in player.components
    )
    return PlayerScore(player.player, components, player.extra)


def read_position(position: Mapping[str, Any], v: ViolationCollector) -> Position | None:
    if not isinstance(position, Mapping):
        v.add("INVALID_POSITION", "", "a position is an object")
        return None
    options = {**POSITION_OPTIONS, **as_mapping(position.get("options", {}), "/options", v)}
    unknown = sorted(set(options) - set(POSITION_OPTIONS))
    if unknown:
        v.add(
            "UNKNOWN_OPTION", "/options", f"a position takes no options {quoted_listing(unknown)}"
        )
    scenario = options["solo_scenario"]
    if scenario is not None and not is_scenario(scenario):
        v.add("INVALID_OPTION", "/options/solo_scenario", f"no solo scenario {shown(scenario)}")
        scenario = None
    for key in ("shape_cats_in_larger_area", "family_variant"):
        if not isinstance(options[key], bool):
            v.add("INVALID_OPTION", f"/options/{key}", f"{key} is true or false")
    family = options["family_variant"] is True
    strict = options["shape_cats_in_larger_area"] is False
    prescribed = SCENARIOS[scenario].cats if scenario is not None else None
    cats = read_cats(position.get("cats"), "/cats", v, prescribed, one_per_dot_group=False)

    raw_players = position.get("players")
    if not isinstance(raw_players, Sequence) or isinstance(raw_players, str) or not raw_players:
        v.add("INVALID_PLAYERS", "/players", "a position lists 1 to 4 players")
        return None
    if len(raw_players) > len(BOARDS) or (scenario is not None and len(raw_players) != 1):
        v.add("PLAYER_COUNT", "/players", f"{len(raw_players)} players cannot share this table")
    names: list[str] = []
    quilts: list[Quilt] = []
    for i, raw in enumerate(raw_players):
        quilt = _read_quilt(as_mapping(raw, f"/players/{i}", v), f"/players/{i}", v, family, names)
        if quilt is not None:
            quilts.append(quilt)
    if len(set(names)) != len(names):
        v.add(
            "DUPLICATE_PLAYER", "/players", f"player ids must be distinct: {quoted_listing(names)}"
        )
    boards = [q.board for q in quilts]
    if len(set(boards)) != len(boards):
        v.add("DUPLICATE_BOARD", "/players", "each player has their own board")
    counts = Counter(t for q in quilts for _, t in q.placed)
    over = sorted(TILE_KEYS[t] for t, n in counts.items() if n > COPIES)
    if over:
        v.add("TOO_MANY_TILES", "/players", f"the box has only {COPIES} of each of {listing(over)}")
    if cats is None or len(quilts) != len(raw_players):
        return None
    for i, q in enumerate(quilts):
        if scenario is not None and q.goals not in (None, SCENARIOS[scenario].goals):
            fixed = {
                k: GOALS[g].id for k, g in zip(GOAL_KEYS, SCENARIOS[scenario].goals, strict=True)
            }
            v.add(
                "GOALS_FIXED",
                f"/players/{i}/goals",
                f"solo scenario {scenario} places its own goal tiles: "
                + ", ".join(f"{g} on {k}" for k, g in fixed.items()),
            )
        _check_tokens(q, cats, strict, f"/players/{i}/tokens", v)
    return Position(tuple(names), tuple(quilts), cats, ScoringRules(family, scenario), strict)


def _read_quilt(
    raw: Mapping[str, Any], where: str, v: ViolationCollector, family: bool, names: list[str]
) -> Quilt | None:
    name = raw.get("player")
    if not isinstance(name, str) or not name:
        v.add("INVALID_PLAYER", f"{where}/player", "each quilt names its player")
    names.append(str(name))
    board = read_board(raw.get("board"), f"{where}/board", v)
    goals = None
    if raw.get("goals") is not None or not family:
        goals = read_goals(raw.get("goals"), f"{where}/goals", v)
    patches = read_patches(raw.get("patches"), f"{where}/patches", v)
    if len(patches) != PATCH_SPACE_COUNT:
        v.add(
            "QUILT_NOT_FINISHED",
            f"{where}/patches",
            f"a finished quilt has {PATCH_SPACE_COUNT} patches, not {len(patches)}",
        )
    tokens = read_tokens(raw.get("tokens", []), f"{where}/tokens", v)
    if board is None:
        return None
    quilt = Quilt.new(board, goals)
    for index, tile in patches:
        quilt = quilt.with_patch(index, tile)
    return quilt.with_tokens(tokens)


def _check_tokens(
    quilt: Quilt, cats: tuple[CatInPlay, ...], strict: bool, where: str, v: ViolationCollector
) -> None:
    """Each token's group could have earned it, tokens in one area formed apart, none is missing."""
    board = BOARDS[quilt.board]
    owner = cat_of_pattern(cats)
    buttons: dict[int, list[tuple[int, int]]] = {}
    cat_groups: dict[int, list[tuple[int, int]]] = {}
    rainbows = 0
    for j, t in enumerate(quilt.tokens):
        at = f"{where}/{j}"
        if t.kind == RAINBOW:
            rainbows += 1
            continue
        if t.kind == BUTTON:
            problem = could_earn(
                t.cells, quilt.colors[t.color], board.colors[t.color], button_trigger
            )
            if problem:
                v.add(
                    "BUTTON_NOT_EARNABLE",
                    f"{at}/cells",
                    f"this {COLORS[t.color]} button: {problem}",
                )
            buttons.setdefault(t.color, []).append((j, t.cells))
            continue
        cat = CATS[t.cat]
        if owner[t.pattern] != t.cat:
            v.add(
                "CAT_PATTERN_MISMATCH",
                f"{at}/pattern",
                f"{PATTERNS[t.pattern]} does not attract {cat.id} in this game",
            )
            continue
        trigger = cat_trigger(cat, strict)
        problem = could_earn(t.cells, quilt.patterns[t.pattern], board.patterns[t.pattern], trigger)
        if problem:
            v.add("CAT_NOT_EARNABLE", f"{at}/cells", f"this {cat.id} token: {problem}")
        cat_groups.setdefault(t.pattern, []).append((j, t.cells))

    for groups in (*buttons.values(), *cat_groups.values()):
        clash = separation_problem([cells for _, cells in groups])
        if clash is not None:
            a, b = groups[clash[0]][0], groups[clash[1]][0]
            v.add(
                "TOKENS_SHARE_A_GROUP",
                f"{where}/{b}",
                f"tokens {a} and {b} sit on groups that touch: one group earns one token",
            )
    for color in range(len(COLORS)):
        earned = _union(buttons.get(color, []))
        for area in unearned_areas(quilt.colors[color], earned, button_trigger):
            v.add(
                "BUTTON_MISSING",
                where,
                f"the {COLORS[color]} group at {listing(cells_json(area))} earned a button on "
                "reaching 3",
            )
    for c in cats:
        trigger = cat_trigger(CATS[c.cat], strict)
        for p in c.patterns:
            earned = _union(cat_groups.get(p, []))
            for area in unearned_areas(quilt.patterns[p], earned, trigger):
                v.add(
                    "CAT_MISSING",
                    where,
                    f"the {PATTERNS[p]} group at {listing(cells_json(area))} attracted "
                    f"{CATS[c.cat].id}",
                )
    all_colors = len(buttons) == len(COLORS)
    if rainbows > 1:
        v.add("RAINBOW_TWICE", where, "a player earns the rainbow button once")
    if rainbows and not all_colors:
        v.add("RAINBOW_NOT_EARNED", where, "the rainbow button needs a button of every colour")
    if all_colors and not rainbows:
        v.add("RAINBOW_MISSING", where, "a button of every colour earns the rainbow button")


def _union(groups: Sequence[tuple[int, int]]) -> int:
    out = 0
    for _, cells in groups:
        out |= cells
    return out
