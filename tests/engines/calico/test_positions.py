"""Positions from a real table: scored, and every token checked against the group it sits on."""

from __future__ import annotations

import copy
import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.catalogue import BOARDS, BORDER, CATS, COLORS, GOALS, GRID, PATCH_SPACES
from engines.calico.earning import (
    best_case_buttons,
    button_trigger,
    could_earn,
    separation_problem,
)
from engines.calico.positions import button_bounds
from engines.calico.quilt import Quilt
from engines.core.errors import InvalidState

from .helpers import mask, quilt_after


def finished(players: int, seed: str) -> Any:
    state = CALICO.setup([f"p{i}" for i in range(players)], {"setup": "beginner"}, seed)
    chooser = random.Random(seed)
    while not CALICO.is_finished(state):
        state, _ = CALICO.apply(state, chooser.choice(CALICO.legal_actions(state)))
    return state


def position_of(state: Any) -> dict[str, Any]:
    """What a companion app would enter for a finished game."""
    data = CALICO.encode_state(state)
    return {
        "cats": data["public"]["cats"],
        "players": [
            {"player": name, **data["public"]["players"][name]} for name in data["players"]
        ],
    }


def codes(position: dict[str, Any]) -> list[tuple[str, str]]:
    return sorted((v.code, v.pointer) for v in CALICO.validate_position(position))


@pytest.mark.parametrize("seed", ["pos-1", "pos-2", "pos-3"])
def test_position_of_a_played_game_is_valid_and_scores_like_the_state(seed: str) -> None:
    state = finished(3, seed)
    position = position_of(state)
    assert CALICO.validate_position(position) == []
    by_state = CALICO.score(state).to_json()
    by_position = CALICO.score_position(position).to_json()
    assert by_position["ranking"] == by_state["ranking"]
    for got, want, raw in zip(
        by_position["players"], by_state["players"], position["players"], strict=True
    ):
        assert got["total"] == want["total"]
        points = {c["id"]: c["points"] for c in got["components"]}
        assert points == _score_by_hand(raw)
        buttons = next(c for c in got["components"] if c["id"] == "buttons")["detail"]
        assert buttons["fewest"] <= buttons["count"] <= buttons["best_case"]


GOAL_NEIGHBOURS_BY_HAND = {
    "2,3": [(2, 2), (2, 4), (1, 2), (1, 3), (3, 2), (3, 3)],
    "3,4": [(3, 3), (3, 5), (2, 4), (2, 5), (4, 4), (4, 5)],
    "4,2": [(4, 1), (4, 3), (3, 1), (3, 2), (5, 1), (5, 2)],
}
"""The six patch spaces around each goal space (odd rows shifted right), as in the review tests."""
CAT_POINTS = {c.id: c.points for c in CATS}
GOAL_BY_ID = {g.id: g for g in GOALS}


def _score_by_hand(player: dict[str, Any]) -> dict[str, int]:
    """A finished quilt's score lines from its position alone, with none of the engine's scoring:
    3 a button, 3 the rainbow button, each cat its printed points, and each design goal its
    lower value when the colours or the patterns around it split as printed, the higher when
    both do."""
    tokens = player["tokens"]
    kinds = [t["kind"] for t in tokens]
    lines = {
        "cats": sum(CAT_POINTS[t["cat"]] for t in tokens if t["kind"] == "cat"),
        "buttons": 3 * kinds.count("button"),
        "rainbow_button": 3 if "rainbow_button" in kinds else 0,
    }
    patch_at = {tuple(p["cell"]): (p["color"], p["pattern"]) for p in player["patches"]}
    for space, goal_id in player["goals"].items():
        goal = GOAL_BY_ID[goal_id]
        around = [patch_at[cell] for cell in GOAL_NEIGHBOURS_BY_HAND[space]]
        met = [
            tuple(sorted(Counter(x[i] for x in around).values(), reverse=True)) == goal.partition
            for i in (0, 1)
        ]
        value = goal.high if all(met) else goal.low if any(met) else 0
        lines[f"goal_{space.replace(',', '_')}"] = value
    return lines


def test_position_invalid_positions_are_not_scored() -> None:
    position = position_of(finished(2, "pos-1"))
    quilt = position["players"][0]
    in_groups = [c for t in quilt["tokens"] for c in t.get("cells", [])]
    loose = next(i for i, p in enumerate(quilt["patches"]) if p["cell"] not in in_groups)
    del quilt["patches"][loose]
    with pytest.raises(InvalidState) as err:
        CALICO.score_position(position)
    assert [v.code for v in err.value.violations] == ["QUILT_NOT_FINISHED"]


def test_position_token_problems_are_all_reported() -> None:
    position = position_of(finished(2, "pos-1"))
    tokens = position["players"][0]["tokens"]
    buttons = [i for i, t in enumerate(tokens) if t["kind"] == "button"]
    assert buttons, "the seeded game earned a button"
    broken = copy.deepcopy(position)
    first = broken["players"][0]["tokens"][buttons[0]]
    first["color"] = next(c for c in COLORS if c != first["color"])
    assert codes(broken) == [
        ("BUTTON_MISSING", "/players/0/tokens"),  # its real colour now lacks one
        ("BUTTON_NOT_EARNABLE", f"/players/0/tokens/{buttons[0]}/cells"),
    ]
    dropped = copy.deepcopy(position)
    del dropped["players"][0]["tokens"][buttons[0]]
    assert codes(dropped) == [("BUTTON_MISSING", "/players/0/tokens")]


# --- could a group have earned its token? -------------------------------------------------------

BLUE = BOARDS[0]
YELLOW, PINK = COLORS.index("yellow"), COLORS.index("pink")


def test_position_button_group_must_hold_the_border_patches_beside_it() -> None:
    quilt = quilt_after(
        [((3, 1), "yellow", "dots"), ((4, 1), "yellow", "ferns"), ((5, 1), "yellow", "vines")]
    )
    yellow = quilt.colors[YELLOW]
    assert (
        could_earn(mask((4, 1), (5, 0), (5, 1)), yellow, BLUE.colors[YELLOW], button_trigger)
        is None
    )
    problem = could_earn(mask((3, 1), (4, 1), (5, 1)), yellow, BLUE.colors[YELLOW], button_trigger)
    assert problem is not None and "border patch" in problem


RHOMBUS = [
    ((2, 1), "pink", "dots"),
    ((2, 2), "pink", "ferns"),
    ((3, 1), "pink", "vines"),
    ((3, 2), "pink", "stripes"),
]


def test_position_button_group_needs_a_last_patch_that_completed_it() -> None:
    # Four patches, each touching two or three others: whichever came last, the other three
    # already made a group of three, which took the button then.
    quilt = quilt_after(RHOMBUS)
    pink = quilt.colors[PINK]
    rhombus = mask(*[c for c, _, _ in RHOMBUS])
    problem = could_earn(rhombus, pink, BLUE.colors[PINK], button_trigger)
    assert problem is not None and "earlier part" in problem
    assert could_earn(mask((2, 1), (2, 2), (3, 1)), pink, BLUE.colors[PINK], button_trigger) is None


JOINED = [
    ((2, 1), "pink", "dots"),
    ((2, 2), "pink", "ferns"),
    ((3, 2), "pink", "flowers"),
    ((3, 5), "pink", "quatrefoil"),
    ((4, 4), "pink", "stripes"),
    ((4, 5), "pink", "vines"),
    ((3, 3), "pink", "dots"),
]
ROW_5 = [
    ((5, c), "purple", p)
    for c, p in zip(range(1, 6), ["dots", "ferns", "vines", "stripes", "flowers"], strict=True)
]


def test_position_button_bounds_fewest_and_best_case() -> None:
    # The 7 pink patches hold at most two groups of three apart; the purple row of five one.
    quilt = quilt_after(JOINED + ROW_5)
    assert button_bounds(quilt) == {"fewest": 2, "best_case": 3}
    assert button_bounds(quilt_after(RHOMBUS)) == {"fewest": 1, "best_case": 1}


def test_position_two_tokens_on_touching_groups_are_refused() -> None:
    quilt = quilt_after(JOINED)
    # As played: two buttons on groups that formed apart.
    groups = [t.cells for t in quilt.tokens if t.kind == "button"]
    assert groups == [mask((2, 1), (2, 2), (3, 2)), mask((3, 5), (4, 4), (4, 5))]
    assert separation_problem(groups) is None
    assert separation_problem([groups[0], groups[0] | mask((3, 3))]) == (0, 1)


def _most_buttons_by_play(area: int, board_same: int) -> int:
    """The most buttons any order of placing ``area``'s patches earns, found by playing every
    order with the rule as the rulebook states it — a placed patch whose same-colour group reaches
    3 with no button in it earns one — and none of the engine's earning code.

    A state is the set of patches placed and the cells of the groups that hold a button; groups
    only grow, so what matters of the buttons is which current groups hold one.
    """
    fixed = area & board_same  # the border patches of this colour: there from the start
    patches = [1 << i for i in range(49) if (area & ~board_same) >> i & 1]

    @cache
    def best(placed: int, buttoned: int) -> int:
        most = 0
        for x in patches:
            if placed & x:
                continue
            now = placed | x
            group = GRID.component(now | fixed, x)
            earns = group.bit_count() >= 3 and not group & buttoned
            marked = group if earns or group & buttoned else 0
            most = max(most, earns + best(now, (buttoned & ~group) | marked))
        return most

    return best(0, 0)


@pytest.mark.parametrize("seed", [f"best-{i}" for i in range(6)])
def test_position_best_case_agrees_with_playing_every_order(seed: str) -> None:
    for quilt in finished(4, seed).quilts:
        board = BOARDS[quilt.board]
        expected = 0
        for c in range(6):
            for area in GRID.components(quilt.colors[c]):
                if area.bit_count() >= 3 and area & ~BORDER:
                    expected += _most_buttons_by_play(area, board.colors[c])
        assert best_case_buttons(quilt) == expected


@pytest.mark.parametrize("seed", range(12))
def test_position_best_case_agrees_with_playing_every_order_on_crowded_quilts(seed: int) -> None:
    # Three colours only, so same-colour areas are large and can hold several buttons.
    chooser = random.Random(seed)
    board = BOARDS[seed % 4]
    quilt = Quilt.new(seed % 4, None)
    spaces = [i for i in range(49) if PATCH_SPACES >> i & 1]
    for i in spaces:
        quilt = quilt.with_patch(i, chooser.choice([3, 4, 5]) * 6 + chooser.randrange(6))
    expected = 0
    for c in range(6):
        for area in GRID.components(quilt.colors[c]):
            if area.bit_count() >= 3 and area & ~BORDER:
                expected += _most_buttons_by_play(area, board.colors[c])
    assert best_case_buttons(quilt) == expected


def test_a_solo_scenario_position_has_the_scenarios_goal_tiles() -> None:
    # Scenario 1 places all_different, AA-BB-CC and AAA-BBB (rules.json); a table with other
    # goal tiles was not that scenario, as setup refuses them too (GOALS_FIXED).
    state = CALICO.setup(["ann"], {"solo_scenario": 1}, "scenario-goals")
    chooser = random.Random("scenario-goals")
    while not CALICO.is_finished(state):
        state, _ = CALICO.apply(state, chooser.choice(CALICO.legal_actions(state)))
    position = {**position_of(state), "options": {"solo_scenario": 1}}
    assert position["players"][0]["goals"] == {
        "2,3": "all_different",
        "3,4": "AA-BB-CC",
        "4,2": "AAA-BBB",
    }
    assert codes(position) == []
    other = copy.deepcopy(position)
    other["players"][0]["goals"] = {"2,3": "AAAA-BB", "3,4": "AA-BB-C-D", "4,2": "AAA-BB-C"}
    assert [(v.code, v.pointer, v.detail) for v in CALICO.validate_position(other)] == [
        (
            "GOALS_FIXED",
            "/players/0/goals",
            "solo scenario 1 places its own goal tiles: all_different on 2,3, AA-BB-CC on 3,4, "
            "AAA-BBB on 4,2",
        )
    ]


# --- a hand-built quilt -----------------------------------------------------------------------


P, Y, G, U, D, L = "pink", "yellow", "green", "purple", "dark_blue", "light_blue"
d, f, w, q, s, v = "dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"
QUILT = {
    (1, 1): (U, d),
    (1, 2): (P, d),
    (1, 3): (Y, f),
    (1, 4): (L, s),
    (1, 5): (P, f),
    (2, 1): (Y, v),
    (2, 2): (G, w),
    (2, 4): (U, q),
    (2, 5): (U, q),
    (3, 1): (P, f),
    (3, 2): (D, s),
    (3, 3): (L, v),
    (3, 5): (L, v),
    (4, 1): (P, w),
    (4, 3): (D, q),
    (4, 4): (G, d),
    (4, 5): (G, d),
    (5, 1): (D, s),
    (5, 2): (P, v),
    (5, 3): (L, w),
    (5, 4): (Y, q),
    (5, 5): (U, f),
}
PURPLE = {"kind": "button", "color": U, "cells": [[2, 4], [2, 5], [2, 6]]}
GREEN = {"kind": "button", "color": G, "cells": [[4, 4], [4, 5], [4, 6]]}


def position(tokens: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "cats": [
            {"cat": "millie", "patterns": [d, f]},
            {"cat": "tibbit", "patterns": [w, q]},
            {"cat": "coconut", "patterns": [s, v]},
        ],
        "players": [
            {
                "player": "ann",
                "board": "blue",
                "goals": {"2,3": "all_different", "3,4": "AA-BB-CC", "4,2": "AAA-BBB"},
                "patches": [
                    {"cell": [r, c], "color": col, "pattern": pat}
                    for (r, c), (col, pat) in QUILT.items()
                ],
                "tokens": copy.deepcopy([PURPLE, GREEN] if tokens is None else tokens),
            }
        ],
    }


def test_the_hand_built_quilt_is_valid_and_scores_40() -> None:
    assert CALICO.validate_position(position()) == []
    player = CALICO.score_position(position()).to_json()["players"][0]
    points = {c["id"]: c["points"] for c in player["components"]}
    assert points == {
        "cats": 0,
        "buttons": 6,
        "rainbow_button": 0,
        "goal_2_3": 15,
        "goal_3_4": 11,
        "goal_4_2": 8,
    }
    assert player["total"] == 40
    buttons = next(c for c in player["components"] if c["id"] == "buttons")["detail"]
    assert (buttons["fewest"], buttons["best_case"]) == (2, 2)


def violations(pos: dict[str, Any]) -> list[tuple[str, str]]:
    """Every violation, as (code, pointer), in the order reported: the list is known in full."""
    return [(x.code, x.pointer) for x in CALICO.validate_position(pos)]


def test_a_missing_button_is_reported() -> None:
    # The green group of 3 has no button; nothing else is wrong.
    assert violations(position([PURPLE])) == [("BUTTON_MISSING", "/players/0/tokens")]
    with pytest.raises(InvalidState):
        CALICO.score_position(position([PURPLE]))


def test_a_button_on_a_pair_is_not_earnable() -> None:
    pair = {"kind": "button", "color": U, "cells": [[2, 4], [2, 5]]}
    # The pair's token stands on the purple group of 3, so that group is not also reported.
    assert violations(position([pair, GREEN])) == [
        ("BUTTON_NOT_EARNABLE", "/players/0/tokens/0/cells")
    ]


def test_a_rainbow_button_needs_every_colour() -> None:
    rainbow = {"kind": "rainbow_button"}
    assert violations(position([PURPLE, GREEN, rainbow])) == [
        ("RAINBOW_NOT_EARNED", "/players/0/tokens")
    ]


def test_a_cat_on_a_pair_is_not_earnable() -> None:
    cat = {"kind": "cat", "cat": "millie", "pattern": f, "cells": [[0, 3], [1, 3]]}
    assert violations(position([PURPLE, GREEN, cat])) == [
        ("CAT_NOT_EARNABLE", "/players/0/tokens/2/cells")
    ]
