"""The game endpoints over HTTP, on Patchwork: steps, errors with stable codes, dry runs, views.

Each response is checked against ``openapi.yaml`` by the ``api`` client (see contract_check.py).
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest

from engines.patchwork.catalogue import PATCHES
from tests.clients.choose import first_action
from tests.service.conftest import PATCHWORK, PLAYERS, SEED
from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

STEP_ALWAYS = {"state", "state_hash", "to_move", "pending_chance", "finished", "meta"}
META = {"game": "patchwork", "engine_version": "1.0.0", "rules_version": "2014-lookout"}


def canonical_hash(state: dict[str, Any]) -> str:
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def patch_info(api: ContractClient, pid: int) -> dict[str, Any]:
    info = api.get(PATCHWORK).get_json()
    found: dict[str, Any] = next(p for p in info["catalogue"]["patches"] if p["id"] == pid)
    return found


def apply(api: ContractClient, state: dict[str, Any], **body: Any) -> Any:
    return api.post(f"{PATCHWORK}/apply", json={"state": state, **body})


# --- games ----------------------------------------------------------------------------------------


def test_the_games_are_listed_with_their_metadata(api: ContractClient) -> None:
    games = {g["id"]: g for g in api.get("/v1/games").get_json()["games"]}
    assert "patchwork" in games
    patchwork = games["patchwork"]
    assert patchwork["title"] == "Patchwork"
    assert patchwork["players"] == {"min": 2, "max": 2}
    assert patchwork["rules_versions"] == ["2014-lookout"]
    assert patchwork["features"]["hidden_information"] is False


def test_a_game_serves_its_catalogue(api: ContractClient) -> None:
    info = api.get(PATCHWORK).get_json()
    assert info["id"] == "patchwork"
    assert info["score_components"] == ["buttons", "empty_squares", "bonus_tile"]
    patches = info["catalogue"]["patches"]
    assert sorted(p["id"] for p in patches) == list(range(33))
    assert patches[0] == {
        "id": 0,
        "cells": [[0, 0], [0, 1]],
        "buttons_cost": 2,
        "time_cost": 1,
        "income": 0,
        "orientations": 2,
    }
    assert info["catalogue"]["quilt"] == {"rows": 9, "cols": 9}
    assert info["meta"] == META


# --- setup and apply ----------------------------------------------------------------------------


def test_setup_answers_the_opening_step(opening: dict[str, Any]) -> None:
    state = opening["state"]
    assert set(opening) == STEP_ALWAYS | {"events", "legal_actions", "score"}
    assert state["players"] == PLAYERS
    assert state["turn"] == 0
    assert state["to_move"] == opening["to_move"] == ["alice"]
    assert state["phase"] == "play"
    assert state["finished"] is opening["finished"] is False
    assert state["rng"]["mode"] == "seeded"
    assert state["rng"]["seed"] == SEED
    assert state["rng"]["counter"] > 0
    circle = state["public"]["circle"]
    assert sorted(circle) == list(range(33))
    assert circle[-1] == 0  # the 1×2 lies just before the neutral token
    for name in PLAYERS:
        assert state["public"]["players"][name] == {
            "position": 0,
            "buttons": 5,
            "quilt": [],
            "leather": [],
        }
    assert opening["state_hash"] == canonical_hash(state)
    assert opening["events"] == []
    assert opening["pending_chance"] is None
    assert opening["legal_actions"][0] == {"id": "advance", "type": "advance", "player": "alice"}
    assert {a["type"] for a in opening["legal_actions"]} == {"advance", "buy_patch"}
    assert opening["score"]["final"] is False
    assert [p["total"] for p in opening["score"]["players"]] == [5 - 2 * 81] * 2
    assert opening["meta"] == META


def test_the_same_seed_deals_the_same_game(api: ContractClient, opening: dict[str, Any]) -> None:
    again = api.post(f"{PATCHWORK}/setup", json={"players": PLAYERS, "seed": SEED}).get_json()
    other = api.post(f"{PATCHWORK}/setup", json={"players": PLAYERS, "seed": "other"}).get_json()
    assert again["state_hash"] == opening["state_hash"]
    assert other["state"]["public"]["circle"] != opening["state"]["public"]["circle"]


def test_setup_without_a_seed_makes_and_returns_one(api: ContractClient) -> None:
    step = api.post(f"{PATCHWORK}/setup", json={"players": PLAYERS}).get_json()
    assert step["state"]["rng"]["seed"]


def test_setup_that_breaks_the_rules_is_an_invalid_state(api: ContractClient) -> None:
    resp = api.post(
        f"{PATCHWORK}/setup",
        json={"players": ["chance", "chance"], "options": {"first_player": "zoe"}},
    )
    body = problem(resp, 422, "invalid-state", "INVALID_STATE")
    codes = {(v["code"], v["pointer"]) for v in body["violations"]}
    assert codes == {
        ("DUPLICATE_PLAYER", "/players"),
        ("RESERVED_PLAYER_ID", "/players"),
        ("UNKNOWN_PLAYER", "/options/first_player"),
    }


def test_apply_one_action_by_id(api: ContractClient, opening: dict[str, Any]) -> None:
    step = apply(api, opening["state"], action={"id": "advance"}).get_json()
    state = step["state"]
    assert state["turn"] == 1
    assert state["public"]["players"]["alice"] == {
        "position": 1,
        "buttons": 6,
        "quilt": [],
        "leather": [],
    }
    assert step["to_move"] == ["bob"]
    assert step["events"] == [
        {"type": "advanced", "player": "alice", "from": 0, "to": 1, "buttons": 1}
    ]
    assert step["state_hash"] == canonical_hash(state)
    assert state["rng"] == opening["state"]["rng"]  # no draw after setup


def test_apply_a_listed_action_unchanged(api: ContractClient, opening: dict[str, Any]) -> None:
    buy = first_action(next(a for a in opening["legal_actions"] if a["type"] == "buy_patch"))
    patch = patch_info(api, buy["patch"])
    step = apply(api, opening["state"], action=buy).get_json()
    alice = step["state"]["public"]["players"]["alice"]
    assert alice["quilt"] == [{"patch": buy["patch"], "cells": buy["cells"]}]
    assert alice["buttons"] == 5 - patch["buttons_cost"]
    assert alice["position"] == patch["time_cost"]
    circle = opening["state"]["public"]["circle"]
    at = circle.index(buy["patch"])
    assert step["state"]["public"]["circle"] == circle[at + 1 :] + circle[:at]
    assert step["events"][0] == {
        "type": "patch_bought",
        "player": "alice",
        "patch": buy["patch"],
        "cells": buy["cells"],
        "buttons_paid": patch["buttons_cost"],
        "time": patch["time_cost"],
    }
    cells = ";".join(f"{r},{c}" for r, c in sorted(buy["cells"]))  # row-major, as ids are
    by_id = apply(api, opening["state"], action={"id": f"buy:{buy['patch']}:{cells}"}).get_json()
    assert by_id["state_hash"] == step["state_hash"]


# --- illegal actions ------------------------------------------------------------------------------


def test_an_action_out_of_turn_is_illegal(api: ContractClient, opening: dict[str, Any]) -> None:
    resp = apply(api, opening["state"], action={"type": "advance", "player": "bob"})
    body = problem(resp, 422, "illegal-action", "NOT_YOUR_TURN")
    assert body["reasons"] == [{"code": "NOT_YOUR_TURN", "detail": "it is the turn of “alice”"}]
    assert "action_index" not in body


def test_a_patch_beyond_the_market_is_illegal(api: ContractClient, opening: dict[str, Any]) -> None:
    market = opening["state"]["public"]["circle"][:3]
    pid = next(p for p in range(1, 33) if p not in market)
    cells = patch_info(api, pid)["cells"]
    action = {"type": "buy_patch", "player": "alice", "patch": pid, "cells": cells}
    body = problem(
        apply(api, opening["state"], action=action), 422, "illegal-action", "PATCH_NOT_AVAILABLE"
    )
    assert body["reasons"] == [
        {
            "code": "PATCH_NOT_AVAILABLE",
            "detail": f"patch {pid} is not among the next three patches "
            f"({market[0]}, {market[1]} and {market[2]})",
        }
    ]


def test_a_patch_too_dear_is_illegal(api: ContractClient, opening: dict[str, Any]) -> None:
    market = opening["state"]["public"]["circle"][:3]
    dear = [p for p in market if patch_info(api, p)["buttons_cost"] > 5]
    if not dear:
        pytest.skip(f"every patch of the market {market} is affordable with this seed")
    patch = patch_info(api, dear[0])
    action = {"type": "buy_patch", "player": "alice", "patch": dear[0], "cells": patch["cells"]}
    body = problem(
        apply(api, opening["state"], action=action), 422, "illegal-action", "CANNOT_AFFORD"
    )
    assert body["reasons"][0] == {
        "code": "CANNOT_AFFORD",
        "detail": f"patch {dear[0]} costs {patch['buttons_cost']} buttons; you have 5",
    }


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"id": "jump"}, "MALFORMED_ACTION"),
        ({"type": "advance", "player": "carol"}, "UNKNOWN_PLAYER"),
        (
            {"type": "place_leather_patch", "player": "alice", "cells": [[0, 0]]},
            "NO_LEATHER_PATCH_PENDING",
        ),
        ({"id": "buy:0:9,9;9,10"}, "OUT_OF_BOUNDS"),
        ({"id": "buy:0:a,b"}, "MALFORMED_ACTION"),
    ],
)
def test_every_illegal_action_has_a_stable_code(
    api: ContractClient, opening: dict[str, Any], action: dict[str, Any], code: str
) -> None:
    body = problem(apply(api, opening["state"], action=action), 422, "illegal-action", code)
    assert body["reasons"][0]["code"] == code
    assert body["detail"] == body["reasons"][0]["detail"]


# --- invalid states -------------------------------------------------------------------------------


def _tampered(opening: dict[str, Any]) -> dict[str, Any]:
    """The opening state with one patch on both quilts and two overlapping patches on bob's."""
    buys = [first_action(a) for a in opening["legal_actions"] if a["type"] == "buy_patch"]
    first = buys[0]
    overlapping = next(
        a for a in buys if a["patch"] != first["patch"] and a["cells"][0] == first["cells"][0]
    )
    state = copy.deepcopy(opening["state"])
    players = state["public"]["players"]
    players["alice"]["quilt"] = [{"patch": first["patch"], "cells": first["cells"]}]
    players["bob"]["quilt"] = [
        {"patch": first["patch"], "cells": first["cells"]},
        {"patch": overlapping["patch"], "cells": overlapping["cells"]},
    ]
    # Each marker as far as its patches took it (a marker behind them is another violation).
    time = {p.id: p.time_cost for p in PATCHES}
    players["alice"]["position"] = time[first["patch"]]
    players["bob"]["position"] = time[first["patch"]] + time[overlapping["patch"]]
    state["public"]["circle"] = [
        p for p in state["public"]["circle"] if p not in (first["patch"], overlapping["patch"])
    ]
    return state


def test_an_invalid_state_reports_every_violation(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    state = _tampered(opening)
    first = state["public"]["players"]["alice"]["quilt"][0]["patch"]
    body = problem(
        apply(api, state, action={"id": "advance"}), 422, "invalid-state", "INVALID_STATE"
    )
    found = {(v["code"], v["pointer"]) for v in body["violations"]}
    assert found == {
        ("OVERLAPS", "/state/public/players/bob/quilt/1"),
        ("PATCH_USED_TWICE", "/state/public/players/bob/quilt/0"),
    }
    twice = next(v for v in body["violations"] if v["code"] == "PATCH_USED_TWICE")
    assert twice["detail"] == f"patch {first} is also in /public/players/alice/quilt"
    assert body["detail"].startswith("2 violation(s); first: ")


def test_validate_state_lists_the_same_violations(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    state = _tampered(opening)
    verdict = api.post(f"{PATCHWORK}/validate-state", json={"state": state}).get_json()
    assert verdict["valid"] is False
    assert {v["code"] for v in verdict["violations"]} == {"OVERLAPS", "PATCH_USED_TWICE"}
    assert all(v["pointer"].startswith("/state/public/players/bob/") for v in verdict["violations"])
    ok = api.post(f"{PATCHWORK}/validate-state", json={"state": opening["state"]}).get_json()
    assert ok == {"valid": True, "violations": [], "facts": {}, "meta": META}


def test_a_state_whose_derived_fields_were_edited_is_invalid(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    state = {**opening["state"], "to_move": ["bob"], "finished": True}
    body = problem(
        api.post(f"{PATCHWORK}/legal-actions", json={"state": state}),
        422,
        "invalid-state",
        "INVALID_STATE",
    )
    assert [(v["code"], v["pointer"]) for v in body["violations"]] == [
        ("INCONSISTENT_STATE", "/state/to_move"),
        ("INCONSISTENT_STATE", "/state/finished"),
    ]


# --- expected_turn, batches and replays -------------------------------------------------------


def test_a_stale_expected_turn_is_a_409(api: ContractClient, opening: dict[str, Any]) -> None:
    resp = apply(api, opening["state"], action={"id": "advance"}, expected_turn=3)
    body = problem(resp, 409, "stale-state", "STALE_STATE")
    assert body["expected_turn"] == 3
    assert body["actual_turn"] == 0
    fresh = apply(api, opening["state"], action={"id": "advance"}, expected_turn=0)
    assert fresh.status_code == 200
    assert fresh.get_json()["state"]["turn"] == 1


def test_a_batch_applies_in_order(api: ContractClient, opening: dict[str, Any]) -> None:
    actions = [{"id": "advance"}] * 4
    step = apply(api, opening["state"], actions=actions).get_json()
    one_by_one = opening["state"]
    for action in actions:
        one_by_one = apply(api, one_by_one, action=action).get_json()["state"]
    assert step["state"] == one_by_one
    assert step["state"]["turn"] == 4
    assert [e["player"] for e in step["events"]] == ["alice", "bob", "alice", "bob"]


def test_an_illegal_action_mid_batch_applies_nothing(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    actions = [
        {"id": "advance"},  # alice
        {"id": "advance"},  # bob
        {"type": "advance", "player": "bob"},  # alice's turn again
        {"id": "advance"},
    ]
    body = problem(
        apply(api, opening["state"], actions=actions), 422, "illegal-action", "NOT_YOUR_TURN"
    )
    assert body["action_index"] == 2
    assert body["detail"] == "it is the turn of “alice” (action 2)"
    assert "state" not in body
    # Stateless: the state sent is still at turn 0, and the legal prefix still applies.
    prefix = apply(api, opening["state"], actions=actions[:2], expected_turn=0)
    assert prefix.get_json()["state"]["turn"] == 2


def test_replay_answers_the_final_step(api: ContractClient, opening: dict[str, Any]) -> None:
    buy = first_action(next(a for a in opening["legal_actions"] if a["type"] == "buy_patch"))
    actions = [{"id": "advance"}, {"id": "advance"}, {"id": "advance"}]
    sequential = apply(api, opening["state"], actions=[buy, *actions]).get_json()
    replayed = api.post(
        f"{PATCHWORK}/replay",
        json={"setup": {"players": PLAYERS, "seed": SEED}, "actions": [buy, *actions]},
    ).get_json()
    assert replayed["state"]["turn"] == 4
    assert replayed["state_hash"] == sequential["state_hash"]
    assert replayed["events"] == sequential["events"]
    assert replayed["legal_actions"] == sequential["legal_actions"]


def test_replay_names_the_first_illegal_action(api: ContractClient) -> None:
    actions = [{"id": "advance"}, {"id": "advance"}, {"id": "leather:0,0"}, {"id": "nonsense"}]
    body = problem(
        api.post(
            f"{PATCHWORK}/replay",
            json={"setup": {"players": PLAYERS, "seed": SEED}, "actions": actions},
        ),
        422,
        "illegal-action",
        "NO_LEATHER_PATCH_PENDING",
    )
    assert body["action_index"] == 2
    assert body["reasons"][0]["code"] == "NO_LEATHER_PATCH_PENDING"


def test_replay_of_an_impossible_setup_points_into_it(api: ContractClient) -> None:
    body = problem(
        api.post(
            f"{PATCHWORK}/replay",
            json={"setup": {"players": ["ann", "ann"]}, "actions": []},
        ),
        422,
        "invalid-state",
        "INVALID_STATE",
    )
    assert body["violations"][0]["code"] == "DUPLICATE_PLAYER"
    assert body["violations"][0]["pointer"] == "/setup/players"


# --- include= -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("include", "parts"),
    [
        ("", set()),
        ("score", {"score"}),
        ("legal_actions,events", {"legal_actions", "events"}),
        ("events,score,legal_actions", {"events", "score", "legal_actions"}),
        (",score,", {"score"}),
    ],
)
def test_include_trims_every_step(
    api: ContractClient, opening: dict[str, Any], include: str, parts: set[str]
) -> None:
    responses = [
        api.post(
            f"{PATCHWORK}/setup",
            query_string={"include": include},
            json={"players": PLAYERS, "seed": SEED},
        ),
        api.post(
            f"{PATCHWORK}/apply",
            query_string={"include": include},
            json={"state": opening["state"], "action": {"id": "advance"}},
        ),
        api.post(
            f"{PATCHWORK}/replay",
            query_string={"include": include},
            json={"setup": {"players": PLAYERS, "seed": SEED}, "actions": []},
        ),
    ]
    for resp in responses:
        assert resp.status_code == 200, resp.get_json()
        assert set(resp.get_json()) == STEP_ALWAYS | parts
    assert responses[2].get_json()["state_hash"] == opening["state_hash"]


def test_an_unknown_include_part_is_a_400(api: ContractClient, opening: dict[str, Any]) -> None:
    resp = api.post(
        f"{PATCHWORK}/apply?include=score,state",
        json={"state": opening["state"], "action": {"id": "advance"}},
    )
    body = problem(resp, 400, "schema-validation", "SCHEMA_VALIDATION")
    assert body["errors"] == [
        {
            "pointer": "",
            "detail": "include: unknown parts “state”; the parts are legal_actions, score, "
            "events and view",
        }
    ]


# --- dry runs, legal actions, scores and views ------------------------------------------------


def test_validate_action_never_errors_for_an_illegal_action(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    url = f"{PATCHWORK}/validate-action"
    state = opening["state"]
    illegal = api.post(url, json={"state": state, "action": {"type": "advance", "player": "bob"}})
    assert illegal.status_code == 200
    assert illegal.get_json() == {
        "legal": False,
        "reasons": [{"code": "NOT_YOUR_TURN", "detail": "it is the turn of “alice”"}],
        "meta": META,
    }
    malformed = api.post(url, json={"state": state, "action": {"id": "jump"}}).get_json()
    assert malformed["legal"] is False
    assert malformed["reasons"][0]["code"] == "MALFORMED_ACTION"
    for entry in opening["legal_actions"][:10]:
        action = first_action(entry)  # a choice: its first values
        verdict = api.post(url, json={"state": state, "action": action}).get_json()
        assert verdict == {"legal": True, "reasons": [], "meta": META}, action


def test_legal_actions_for_the_mover_and_the_others(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    url = f"{PATCHWORK}/legal-actions"
    every = api.post(url, json={"state": opening["state"]}).get_json()
    assert every["legal_actions"] == opening["legal_actions"]
    assert every["to_move"] == ["alice"]
    assert every["pending_chance"] is None
    alice = api.post(url, json={"state": opening["state"], "player": "alice"}).get_json()
    bob = api.post(url, json={"state": opening["state"], "player": "bob"}).get_json()
    assert alice["legal_actions"] == opening["legal_actions"]
    assert bob["legal_actions"] == []
    body = problem(
        api.post(url, json={"state": opening["state"], "player": "carol"}),
        422,
        "unknown-player",
        "UNKNOWN_PLAYER",
    )
    assert body["pointer"] == "/player"


def test_score_of_a_state_and_of_a_position(api: ContractClient, opening: dict[str, Any]) -> None:
    of_state = api.post(f"{PATCHWORK}/score", json={"state": opening["state"]}).get_json()
    assert {k: v for k, v in of_state.items() if k != "meta"} == opening["score"]
    position = {
        "players": [
            {
                "player": "alice",
                "buttons": 20,
                "bonus_tile": False,
                "quilt": [{"patch": 0, "cells": [[0, 0], [0, 1]]}],
                "leather": [[8, 8]],
            },
            {"player": "bob", "buttons": 31, "bonus_tile": False, "quilt": [], "leather": []},
        ]
    }
    score = api.post(f"{PATCHWORK}/score", json={"position": position}).get_json()
    totals = {p["player"]: p["total"] for p in score["players"]}
    assert totals == {"alice": 20 - 2 * 78, "bob": 31 - 2 * 81}
    alice = score["players"][0]["components"]
    assert alice[1] == {
        "id": "empty_squares",
        "label": "Empty squares × -2",
        "points": -156,
        "detail": {"empty": 78},
    }
    assert score["ranking"] == [{"player": "bob", "rank": 1}, {"player": "alice", "rank": 2}]
    assert score["final"] is True


def test_score_of_an_impossible_position_is_an_invalid_state(api: ContractClient) -> None:
    position = {
        "players": [
            {"player": "alice", "buttons": 0, "quilt": [{"patch": 0, "cells": [[0, 0], [5, 5]]}]},
        ]
    }
    body = problem(
        api.post(f"{PATCHWORK}/score", json={"position": position}),
        422,
        "invalid-state",
        "INVALID_STATE",
    )
    assert ("SHAPE_MISMATCH", "/position/players/0/quilt/0/cells") in {
        (v["code"], v["pointer"]) for v in body["violations"]
    }


@pytest.mark.parametrize("viewer", ["alice", "bob", None])
def test_a_view_strips_the_generator_and_hidden_parts(
    api: ContractClient, opening: dict[str, Any], viewer: str | None
) -> None:
    resp = api.post(f"{PATCHWORK}/view", json={"state": opening["state"], "viewer": viewer})
    body = resp.get_json()
    assert body["viewer"] == viewer
    view = body["view"]
    assert "rng" not in view
    assert "hidden" not in view
    assert view["viewer"] == viewer
    assert view["private"] == ({} if viewer is None else {viewer: {}})
    assert view["public"] == opening["state"]["public"]
    assert SEED not in resp.get_data(as_text=True)


def test_a_view_for_a_stranger_is_refused(api: ContractClient, opening: dict[str, Any]) -> None:
    resp = api.post(f"{PATCHWORK}/view", json={"state": opening["state"], "viewer": "eve"})
    body = problem(resp, 422, "unknown-player", "UNKNOWN_PLAYER")
    assert body["pointer"] == "/viewer"
