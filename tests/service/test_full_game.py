"""A whole game over HTTP, for every game: setup with a seed, then the first legal action until
the game ends. Every step is checked against the contract (by the ``api`` client) and against
the previous one; the final score must be final, and a replay of the moves must agree.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from engines import registry
from tests.clients.choose import first_action
from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

MAX_STEPS = 2000


def canonical_hash(state: dict[str, Any]) -> str:
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("game_id", [g.id for g in registry.all_games()])
def test_a_whole_game_of_first_legal_actions(api: ContractClient, game_id: str) -> None:
    base = f"/v1/games/{game_id}"
    info = api.get(base).get_json()
    players = [f"p{i}" for i in range(1, info["players"]["min"] + 1)]
    setup = {"players": players, "seed": f"full-game-{game_id}"}
    step = api.post(f"{base}/setup", json=setup).get_json()
    assert step["state"]["turn"] == 0
    played: list[dict[str, Any]] = []
    event_counts: list[int] = []

    while not step["finished"]:
        assert len(played) < MAX_STEPS, f"{game_id}: no end after {MAX_STEPS} actions"
        state = step["state"]
        assert step["legal_actions"], f"turn {state['turn']}: not finished but nothing is legal"
        action = first_action(step["legal_actions"][0])  # a choice made concrete
        assert step["to_move"] == state["to_move"]
        assert action["player"] in step["to_move"]
        resp = api.post(
            f"{base}/apply",
            json={"state": state, "action": action, "expected_turn": state["turn"]},
        )
        assert resp.status_code == 200, resp.get_json()
        nxt = resp.get_json()
        assert nxt["state"]["turn"] == state["turn"] + 1
        assert nxt["state_hash"] == canonical_hash(nxt["state"])
        assert nxt["state_hash"] != step["state_hash"]
        assert nxt["score"]["final"] is nxt["finished"]
        assert nxt["state"]["finished"] is nxt["finished"]
        played.append({"id": action["id"]} if "id" in action else action)  # by id when listed
        event_counts.append(len(nxt["events"]))
        step = nxt

    final = step
    assert final["to_move"] == []
    assert final["legal_actions"] == []
    score = final["score"]
    assert score["final"] is True
    for player in score["players"]:
        assert player["total"] == sum(c["points"] for c in player["components"]), player
    assert {r["player"] for r in score["ranking"]} == set(players)
    totals = {p["player"]: p["total"] for p in score["players"]}
    ranks = {r["player"]: r["rank"] for r in score["ranking"]}
    for a in players:
        for b in players:
            if totals[a] > totals[b]:
                assert ranks[a] < ranks[b], (totals, ranks)

    # The score endpoint and a replay of the ids agree with the last step.
    scored = api.post(f"{base}/score", json={"state": final["state"]}).get_json()
    assert {k: v for k, v in scored.items() if k != "meta"} == score
    replayed = api.post(f"{base}/replay", json={"setup": setup, "actions": played}).get_json()
    assert replayed["state_hash"] == final["state_hash"]

    # Nothing is legal after the end.
    verdict = api.post(
        f"{base}/validate-action", json={"state": final["state"], "action": played[-1]}
    ).get_json()
    assert verdict["legal"] is False
    assert verdict["reasons"][0]["code"] == "GAME_OVER"
    over = api.post(f"{base}/apply", json={"state": final["state"], "action": played[-1]})
    problem(over, 422, "illegal-action", "GAME_OVER")

    if game_id == "patchwork":
        _check_patchwork_final(final, played, event_counts)


def _check_patchwork_final(
    final: dict[str, Any], played: list[dict[str, Any]], event_counts: list[int]
) -> None:
    """The first legal action is always ``advance`` (or a leather patch when one is due)."""
    assert min(event_counts) >= 1, "every Patchwork action reports what it did"
    assert final["state"]["phase"] == "finished"
    assert final["events"][-1] == {"type": "game_over", "ranking": final["score"]["ranking"]}
    public = final["state"]["public"]
    # a leather patch placed from a choice is sent by its fields: its type, not its id
    kinds = {a["id"].split(":")[0] if "id" in a else "leather" for a in played}
    assert kinds == {"advance", "leather"}
    assert all(q["position"] == 53 for q in public["players"].values())
    assert public["first_to_finish"] in public["players"]
    leather = sum(len(q["leather"]) for q in public["players"].values())
    assert leather == 5
    assert leather == sum(1 for a in played if a.get("id", "leather:").startswith("leather:"))
    for player in final["score"]["players"]:
        quilt = public["players"][player["player"]]
        # Advancing pays a button a space, 53 spaces from 5 buttons; no patch pays income.
        assert quilt["buttons"] == 5 + 53
        empty = 81 - len(quilt["leather"])
        parts = {c["id"]: c for c in player["components"]}
        assert parts["buttons"]["points"] == quilt["buttons"]
        assert parts["empty_squares"]["points"] == -2 * empty
        assert parts["empty_squares"]["detail"] == {"empty": empty}
        assert parts["bonus_tile"]["points"] == 0
        assert player["total"] == 58 - 2 * empty
