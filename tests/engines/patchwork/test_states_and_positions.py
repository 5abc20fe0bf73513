"""Reading states and scoring positions: every violation reported at once, hand-checked scores."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engines.core.errors import IllegalAction, InvalidState, MalformedAction, ViolationCollector
from engines.patchwork import PATCHWORK
from engines.patchwork.jsonio import read_quilt
from tests.engines.decoding import decode_outcome

from .helpers import CORNER_7X7, CORNER_LEATHER, act, fresh, mask, position, square


def _encoded_midgame() -> dict[str, Any]:
    state = position(fresh(), alice={"buttons": 20})
    state, _ = act(
        state,
        {
            "type": "buy_patch",
            "player": "alice",
            "patch": 1,
            "cells": [[0, 0], [0, 1], [1, 1], [1, 2]],
        },
    )
    return PATCHWORK.encode_state(state)


def test_state_json_round_trip_is_the_identity() -> None:
    data = _encoded_midgame()
    assert PATCHWORK.encode_state(PATCHWORK.decode_state(data)) == data


def test_invalid_state_reports_every_violation_at_once() -> None:
    data = _encoded_midgame()
    bad = copy.deepcopy(data)
    bob = bad["public"]["players"]["bob"]
    bob["quilt"] = [
        {"patch": 1, "cells": [[0, 0], [0, 1], [1, 1], [1, 2]]},  # also on alice's quilt
        {"patch": 2, "cells": [[0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [2, 1]]},  # overlaps
    ]
    bad["public"]["bonus_tile"] = "bob"
    with pytest.raises(InvalidState) as err:
        PATCHWORK.decode_state(bad)
    codes = sorted(v.code for v in err.value.violations)
    assert codes == [
        "BONUS_TILE_WITHOUT_SQUARE",
        "OVERLAPS",
        "PATCH_USED_TWICE",
        "PATCH_USED_TWICE",
        "POSITION_BEHIND_PATCHES",  # patches 1 and 2 take 6 + 6 time spaces; bob is on 0
    ]
    pointers = {v.pointer for v in err.value.violations}
    assert "/public/players/bob/quilt/1" in pointers


def test_state_with_altered_to_move_is_rejected() -> None:
    data = _encoded_midgame()
    data["to_move"] = ["alice"]
    assert [v.code for v in PATCHWORK.validate_state(data)] == ["INCONSISTENT_STATE"]


def test_leather_patches_cannot_outnumber_the_ones_passed() -> None:
    data = _encoded_midgame()
    data["public"]["players"]["alice"]["leather"] = [[8, 8]]  # nobody has reached space 20
    assert [v.code for v in PATCHWORK.validate_state(data)] == ["TOO_MANY_LEATHER_PATCHES"]


def test_action_by_id_and_by_object_are_the_same_action() -> None:
    state = fresh()
    by_id = PATCHWORK.decode_action(state, {"id": "buy:1:0,0;0,1;1,1;1,2"})
    by_object = PATCHWORK.decode_action(
        state,
        {
            "type": "buy_patch",
            "player": "alice",
            "patch": 1,
            "cells": [[1, 2], [0, 0], [1, 1], [0, 1]],
        },
    )
    assert by_id == by_object


def test_unknown_action_id_is_malformed() -> None:
    with pytest.raises(MalformedAction):
        PATCHWORK.decode_action(fresh(), {"id": "castle:3"})


def test_off_board_cells_are_illegal() -> None:
    with pytest.raises(IllegalAction) as err:
        PATCHWORK.decode_action(fresh(), {"id": "leather:9,0"})
    assert err.value.code == "OUT_OF_BOUNDS"


def test_not_your_turn() -> None:
    with pytest.raises(IllegalAction) as err:
        act(fresh(), {"type": "advance", "player": "bob"})
    assert err.value.code == "NOT_YOUR_TURN"


def test_view_hides_the_generator_only() -> None:
    view = PATCHWORK.view(fresh(), None)
    assert "rng" not in view and "hidden" not in view
    assert view["public"]["circle"][-1] == 0


# --- positions from a real table ----------------------------------------------------------------

FULL_ROWS_0_6 = [[r, c] for r in range(7) for c in range(7)]


def _position() -> dict[str, Any]:
    return {
        "players": [
            {
                "player": "alice",
                "buttons": 21,
                "bonus_tile": False,
                "quilt": [{"patch": 1, "cells": [[0, 0], [0, 1], [1, 1], [1, 2]]}],
                "leather": [[8, 8]],
            },
            {
                "player": "bob",
                "buttons": 30,
                "quilt": [{"patch": 25, "cells": [[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]}],
            },
        ],
        "first_to_finish": "bob",
    }


def test_position_score_hand_checked() -> None:
    score = PATCHWORK.score_position(_position()).to_json()
    alice, bob = score["players"]
    assert alice["total"] == 21 - 2 * (81 - 5)  # 5 squares covered: -131
    assert bob["total"] == 30 - 2 * (81 - 5)  # -122
    assert score["ranking"] == [{"player": "bob", "rank": 1}, {"player": "alice", "rank": 2}]
    assert score["final"] is True


def test_position_with_full_7x7_square_and_bonus() -> None:
    leather_free = {
        "player": "alice",
        "buttons": 10,
        "bonus_tile": True,
        "quilt": [],
        "leather": [[0, 0]],
    }
    assert (
        PATCHWORK.validate_position({"players": [leather_free]})[0].code
        == "BONUS_TILE_WITHOUT_SQUARE"
    )
    assert square(0, 0, 7).bit_count() == len(FULL_ROWS_0_6) == 49


def test_a_full_7x7_square_means_someone_took_the_bonus_tile() -> None:
    # The first player to fill a 7×7 square takes the tile: a table where a quilt has one and
    # nobody holds it is not a real one (the state reader says the same of a state).
    alice = {"player": "alice", "buttons": 10, "quilt": CORNER_7X7, "leather": CORNER_LEATHER}
    bob = {"player": "bob", "buttons": 10, "quilt": []}
    assert [
        (v.code, v.pointer, v.detail)
        for v in PATCHWORK.validate_position({"players": [alice, bob]})
    ] == [
        (
            "BONUS_TILE_NOT_AWARDED",
            "/players/0/bonus_tile",
            "“alice” has a full 7×7 square, so the bonus tile has been taken: by the first "
            "player to fill one",
        )
    ]
    assert PATCHWORK.validate_position({"players": [{**alice, "bonus_tile": True}, bob]}) == []
    # Held by bob, the tile is taken; that bob shows no square is then the one violation.
    holder = {**bob, "bonus_tile": True}
    assert [
        (v.code, v.pointer) for v in PATCHWORK.validate_position({"players": [alice, holder]})
    ] == [("BONUS_TILE_WITHOUT_SQUARE", "/players/1/bonus_tile")]


def test_a_marker_is_at_least_as_far_as_its_patches_took_it() -> None:
    # Buying a patch moves its buyer by the patch's time; nothing moves a marker back. Patch 1
    # takes 6 spaces: alice's marker on 5 cannot have bought it.
    data = _encoded_midgame()
    data["public"]["players"]["alice"]["position"] = 5
    assert [(v.code, v.pointer) for v in PATCHWORK.validate_state(data)] == [
        ("POSITION_BEHIND_PATCHES", "/public/players/alice/position")
    ]


def test_a_player_wins_only_the_leather_patches_they_passed() -> None:
    # Space 20 holds the first leather patch. bob, on 0, cannot have won it, even if alice has
    # passed it; and no one is owed one they did not reach.
    data = _encoded_midgame()
    data["public"]["players"]["alice"]["position"] = 21
    data["public"]["players"]["bob"]["leather"] = [[8, 8]]
    assert [(v.code, v.pointer, v.detail) for v in PATCHWORK.validate_state(data)] == [
        (
            "TOO_MANY_LEATHER_PATCHES",
            "/public/players/bob",
            "“bob” has won 1 leather patch(es) but passed 0",
        )
    ]


def test_position_violations_are_all_reported() -> None:
    pos = _position()
    pos["players"][1]["quilt"].append(
        {"patch": 1, "cells": [[6, 0], [6, 1], [7, 1], [7, 2]]}
    )  # used twice
    pos["players"][1]["quilt"].append(
        {"patch": 2, "cells": [[4, 0], [4, 1]]}
    )  # wrong shape, overlap
    pos["players"][0]["leather"] = [[8, 8], [8, 7], [8, 6], [8, 5], [8, 4], [8, 3]]  # six leather
    codes = sorted(v.code for v in PATCHWORK.validate_position(pos))
    assert codes == ["OVERLAPS", "PATCH_USED_TWICE", "SHAPE_MISMATCH", "TOO_MANY_LEATHER_PATCHES"]
    with pytest.raises(InvalidState):
        PATCHWORK.score_position(pos)


def test_position_tie_goes_to_first_to_finish() -> None:
    pos = _position()
    pos["players"][0]["buttons"] = 30
    score = PATCHWORK.score_position(pos).to_json()
    assert [p["total"] for p in score["players"]] == [-122, -122]
    assert score["ranking"][0] == {"player": "bob", "rank": 1}
    assert score["tie_break"]["decided_by"] == "bob"


# --- a malformed quilt, as a library caller may send one ---------------------------------------


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
    "cell a float": _cell(0, [1.0, 0]),
    "cell of three numbers": _cell(0, [1, 1, 1]),
    "cell of one number": _cell(0, [1]),
    "cell a string": _cell(0, "00"),
    "cell listed twice": lambda d: _cell(1, list(_quilt(d)["quilt"][0]["cells"][0]))(d),
    "shape not the patch": _patch("patch", 0, 1),
    "patches overlap": _overlap,
    "quilt not a list": lambda d: _quilt(d).update(quilt=None),
    "leather on a patch": _leather_on_a_patch,
    "leather twice on a cell": _leather_twice,
    "leather off the quilt": lambda d: _with_leather(d, [[0, 9]]),
    "leather not a list": lambda d: _with_leather(d, "none"),
    "buttons missing": lambda d: _quilt(d).pop("buttons"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_quilt_is_refused(name: str) -> None:
    data = copy.deepcopy(LATE)
    MALFORMED[name](data)
    outcome = decode_outcome(PATCHWORK, data)
    assert outcome[0] in ("invalid", "error"), outcome


def test_a_cell_off_the_quilt_names_the_cell() -> None:
    data = copy.deepcopy(LATE)
    MALFORMED["cell off the quilt"](data)
    outcome = decode_outcome(PATCHWORK, data)
    assert outcome[0] == "invalid"
    assert (
        "OUT_OF_BOUNDS",
        "/public/players/alice/quilt/0/cells/0",
        "cell [9, 0] is off the 9×9 quilt",
    ) in outcome[1]


def test_overlapping_patches_are_named() -> None:
    data = copy.deepcopy(LATE)
    _overlap(data)
    outcome = decode_outcome(PATCHWORK, data)
    patch = _quilt(data)["quilt"][1]["patch"]
    assert outcome[0] == "invalid"
    assert (
        "OVERLAPS",
        "/public/players/alice/quilt/1",
        f"patch {patch} overlaps another patch",
    ) in outcome[1]


def test_a_quilt_is_read_as_its_patches_and_leather_masks() -> None:
    raw = {
        "position": 12,
        "buttons": 7,
        "quilt": [{"patch": 0, "cells": [[0, 0], [0, 1]]}],
        "leather": [[8, 8]],
    }
    quilt = read_quilt(raw, "/q", ViolationCollector())
    assert (quilt.position, quilt.buttons, quilt.patches, quilt.leather) == (
        12,
        7,
        ((0, mask((0, 0), (0, 1))),),
        mask((8, 8)),
    )
    assert quilt.covered == mask((0, 0), (0, 1), (8, 8))
