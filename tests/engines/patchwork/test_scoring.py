"""Patchwork scoring pinned exactly: each score line with its label, each position rule with its
code, pointer and sentence.

Scores by hand: buttons + 7 for the bonus tile − 2 per empty square of the 81."""

from __future__ import annotations

from typing import Any

from engines.core.errors import Violation
from engines.patchwork import PATCHWORK

from .helpers import CORNER_7X7, CORNER_LEATHER, fresh, position, square


def _player(name: str, buttons: int, **fields: Any) -> dict[str, Any]:
    return {"player": name, "buttons": buttons, "quilt": [], **fields}


# --- score lines --------------------------------------------------------------------------------


def test_score_lines_are_buttons_empty_squares_and_bonus_tile_with_their_labels() -> None:
    # 49 of 81 covered: 32 empty, −64; 20 buttons; bonus 7: −37.
    state = position(fresh(), alice={"buttons": 20, "leather": square(0, 0, 7)}, bonus_tile=0)
    assert PATCHWORK.score(state).to_json()["players"][0] == {
        "player": "alice",
        "total": -37,
        "components": [
            {"id": "buttons", "label": "Buttons", "points": 20},
            {
                "id": "empty_squares",
                "label": "Empty squares × -2",
                "points": -64,
                "detail": {"empty": 32},
            },
            {"id": "bonus_tile", "label": "7×7 bonus tile", "points": 7},
        ],
    }


def test_the_first_to_finish_decides_nothing_without_a_tie() -> None:
    # Empty quilts (−162 each): alice 10 − 162 = −152 beats bob 5 − 162 = −157.
    state = position(
        fresh(),
        alice={"position": 53, "buttons": 10},
        bob={"position": 53, "buttons": 5},
        first_to_finish=1,
    )
    score = PATCHWORK.score(state).to_json()
    assert score["ranking"] == [{"player": "alice", "rank": 1}, {"player": "bob", "rank": 2}]
    assert score["tie_break"] == {"rule": "first_to_reach_final_space", "decided_by": None}


# --- positions from a real table ----------------------------------------------------------------


def test_a_position_with_the_one_bonus_tile_is_scored_with_it() -> None:
    # alice: 49 covered, 32 empty: 12 − 64 + 7 = −45; bob: nothing covered: 3 − 162 = −159.
    pos = {
        "players": [
            _player("alice", 12, quilt=CORNER_7X7, leather=CORNER_LEATHER, bonus_tile=True),
            _player("bob", 3),
        ]
    }
    assert PATCHWORK.validate_position(pos) == []
    score = PATCHWORK.score_position(pos).to_json()
    assert [p["total"] for p in score["players"]] == [-45, -159]
    assert score["players"][0]["components"][2]["points"] == 7


def test_there_is_one_bonus_tile() -> None:
    pos = {
        "players": [
            _player("alice", 12, quilt=CORNER_7X7, leather=CORNER_LEATHER, bonus_tile=True),
            _player("bob", 3, bonus_tile=True),
        ]
    }
    assert PATCHWORK.validate_position(pos) == [
        Violation(
            "BONUS_TILE_WITHOUT_SQUARE", "/players/1/bonus_tile", "no full 7×7 square on this quilt"
        ),
        Violation("BONUS_TILE_TWICE", "/players", "there is one bonus tile"),
    ]


def test_the_box_holds_exactly_five_leather_patches() -> None:
    five = [[8, 0], [8, 1], [8, 2], [8, 3], [8, 4]]
    pos = {"players": [_player("alice", 0, leather=five[:3]), _player("bob", 0, leather=five[3:])]}
    assert PATCHWORK.validate_position(pos) == []
    # 5 covered in all: alice 3 (78 empty, −156), bob 2 (79 empty, −158).
    assert [p.total for p in PATCHWORK.score_position(pos).players] == [-156, -158]
    pos["players"][1]["leather"].append([8, 5])
    assert PATCHWORK.validate_position(pos) == [
        Violation("TOO_MANY_LEATHER_PATCHES", "/players", "the box has 5 leather patches")
    ]


def test_first_to_finish_is_one_of_the_players_or_absent() -> None:
    pos: dict[str, Any] = {"players": [_player("alice", 0), _player("bob", 0)]}
    assert PATCHWORK.validate_position(pos) == []
    pos["first_to_finish"] = "carol"
    assert PATCHWORK.validate_position(pos) == [
        Violation(
            "UNKNOWN_PLAYER",
            "/first_to_finish",
            "“carol” is not one of the players, “alice” and “bob”",
        )
    ]


def test_player_ids_are_distinct() -> None:
    pos = {"players": [_player("alice", 0), _player("alice", 0)]}
    assert PATCHWORK.validate_position(pos) == [
        Violation(
            "DUPLICATE_PLAYER", "/players", "player ids must be distinct: “alice” and “alice”"
        )
    ]


def test_a_quilt_may_hold_leather_patches_only() -> None:
    # No "quilt" list at all: one leather patch, 80 empty: 4 − 160 = −156.
    pos = {"players": [{"player": "alice", "buttons": 4, "leather": [[0, 0]]}, _player("bob", 0)]}
    assert [p.total for p in PATCHWORK.score_position(pos).players] == [-156, -162]


def test_each_patch_and_cell_violation_points_at_its_place() -> None:
    pos = {
        "players": [
            _player(
                "alice",
                0,
                quilt=[{"patch": 1, "cells": [[0, 0], [0, 1], [1, 1], [1, 2]]}],
                leather=[[0, 0], [9, 0]],  # under patch 1; off the quilt
            ),
            _player(
                "bob",
                0,
                quilt=[
                    {"patch": 1, "cells": [[0, 0], [0, 1], [1, 1], [1, 2]]},  # alice's patch 1
                    {"patch": 2, "cells": [[0, 0], [0, 1]]},  # not patch 2, over patch 1
                ],
            ),
        ]
    }
    assert PATCHWORK.validate_position(pos) == [
        Violation("OVERLAPS", "/players/0/leather/0", "leather patch at [0, 0] overlaps"),
        Violation("OUT_OF_BOUNDS", "/players/0/leather/1", "cell [9, 0] is off the 9×9 quilt"),
        Violation(
            "PATCH_USED_TWICE",
            "/players/1/quilt/0/patch",
            "patch 1 is also on the quilt of “alice”",
        ),
        Violation("SHAPE_MISMATCH", "/players/1/quilt/1/cells", "the cells do not form patch 2"),
        Violation("OVERLAPS", "/players/1/quilt/1", "patch 2 overlaps another patch"),
    ]
