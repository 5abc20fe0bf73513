"""Review: scoring and validating a finished quilt built by hand (no engine play involved).

The quilt (blue board) and every group in it were worked out by hand:

- colour groups of 3+: purple (2,4),(2,5)+border (2,6); green (4,4),(4,5)+border (4,6) -> 2 buttons;
  every other colour touches at most one patch of its colour (pairs: pink (0,3)-(1,2),
  (3,1)-(4,1), (5,2)-(6,2); dark blue (3,2)-(4,3));
- pattern groups: none larger than 2 (ferns (0,3)-(1,3), (3,0)-(3,1); vines (2,6)-(3,5);
  dots (1,1)-(1,2), (4,4)-(4,5); quatrefoil (2,4)-(2,5)) -> no cat;
- goal (2,3) ≠: six colours and six patterns -> 15; goal (3,4) AA-BB-CC: colours L L U U G G,
  patterns v v q q d d -> 11; goal (4,2) AAA-BBB: colours P D P D D P (3-3), patterns
  w q f s s v (2-1-1-1-1) -> 8.
Total 6 + 15 + 11 + 8 = 40.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engines.calico import CALICO
from engines.core.errors import InvalidState

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
