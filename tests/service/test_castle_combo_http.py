"""Castle Combo over HTTP: the exchange of docs/rules/castle_combo.md, step by step.

Setup with a seed, a turn (a key, then a purchase), a game resumed from a table in the middle of
play, an external reveal, a photographed position scored, and the problems bad input gets. Every
response is checked against the contract by the ``api`` client.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

BASE = "/v1/games/castle_combo"

TABLE: dict[str, Any] = {
    "players": {
        "ann": {
            "tableau": [{"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0}],
            "gold": 11,
            "keys": 2,
        },
        "bob": {"tableau": [], "gold": 15, "keys": 2},
    },
    "displays": {
        "castle": ["officer", "captain", "pilgrim"],
        "village": ["farmhand", "doctor", "monk"],
    },
    "messenger": "castle",
    "to_move": "bob",
}


def test_the_documented_exchange(api: ContractClient) -> None:
    """Steps 1, 2, 4, 5 and 6 of docs/rules/castle_combo.md, with the values it prints."""
    step = api.post(f"{BASE}/setup", json={"players": ["ann", "bob"], "seed": "demo"}).get_json()
    table = step["state"]["public"]
    assert step["to_move"] == ["ann"] and table["messenger"] == "village"
    assert table["displays"] == {
        "castle": ["professor", "his_majesty", "prince"],
        "village": ["squire", "fisherman", "barbarian"],
    }
    assert table["players"]["ann"] == {"tableau": [], "gold": 15, "keys": 2}
    assert [a["id"] for a in step["legal_actions"]][:3] == [
        "move_messenger:castle",
        "refresh_display:village",
        "buy:squire:0,0:down",
    ]

    # ann: a key to the castle, then the prince face up: 15 - 6 + 1 (its own nobility) = 10
    batch = [{"id": "move_messenger:castle"}, {"id": "buy:prince:0,0"}]
    turn = api.post(
        f"{BASE}/apply?include=events", json={"state": step["state"], "actions": batch}
    ).get_json()
    ann = turn["state"]["public"]["players"]["ann"]
    assert (ann["gold"], ann["keys"]) == (10, 1)
    assert turn["to_move"] == ["bob"]
    assert [e["type"] for e in turn["events"]] == ["key_spent", "card_bought", "card_revealed"]
    assert turn["state"]["public"]["displays"]["castle"] == ["professor", "his_majesty", "devout"]

    # bob's first card must go to [0, 0]
    far = api.post(
        f"{BASE}/apply", json={"state": turn["state"], "action": {"id": "buy:professor:0,2"}}
    )
    problem(far, 422, "illegal-action", "FIRST_CARD_CELL")

    # a table resumed; bob takes the officer face down, ann buys the queen mother
    resumed = api.post(
        f"{BASE}/setup",
        json={"players": ["ann", "bob"], "seed": "resume", "options": {"table": DOC_TABLE}},
    ).get_json()
    assert resumed["state"]["options"]["first_player"] == "ann"
    batch = [{"id": "buy:officer:1,0:down"}, {"id": "buy:queen_mother:1,1"}]
    after = api.post(
        f"{BASE}/apply?include=events", json={"state": resumed["state"], "actions": batch}
    ).get_json()
    ann = after["state"]["public"]["players"]["ann"]
    assert [p["gold"] for p in ann["tableau"]] == [0, 4, 2]
    assert (ann["gold"], ann["keys"]) == (7, 1)

    # the photographed tableau of step 6 scores 60 (worked out by hand in the doc)
    score = api.post(f"{BASE}/score", json={"position": DOC_POSITION}).get_json()
    points = {c["id"]: c["points"] for c in score["players"][0]["components"]}
    assert score["players"][0]["total"] == 60
    assert points == {
        "card:0,0": 8,
        "card:0,1": 9,
        "card:0,2": 8,
        "card:1,0": 12,
        "card:1,1": 2,
        "card:1,2": 8,
        "card:2,0": 7,
        "card:2,1": 0,
        "card:2,2": 4,
        "keys": 2,
        "leftover_gold": 0,
    }


DOC_TABLE: dict[str, Any] = {
    "players": {
        "ann": {
            "tableau": [
                {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
                {"card": "potter", "cell": [0, 1], "face_down": False, "gold": 2},
            ],
            "gold": 10,
            "keys": 1,
        },
        "bob": {
            "tableau": [{"card": "monk", "cell": [0, 0], "face_down": False, "gold": 0}],
            "gold": 11,
            "keys": 3,
        },
    },
    "displays": {
        "castle": ["officer", "queen_mother", "pilgrim"],
        "village": ["farmhand", "doctor", "barbarian"],
    },
    "messenger": "castle",
    "to_move": "bob",
}

DOC_POSITION: dict[str, Any] = {
    "players": [
        {
            "player": "ann",
            "gold": 3,
            "keys": 2,
            "grid": [
                [{"card": "duchess"}, {"card": "knight"}, {"card": "captain"}],
                [{"card": "pilgrim"}, {"card": "jester"}, {"card": "potter", "gold": 2}],
                [{"card": "farmer"}, {"card": "spy", "face_down": True}, {"card": "squire"}],
            ],
        }
    ]
}


DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "castle_combo.md"


def _doc_bodies() -> list[Any]:
    """The JSON bodies the doc's curl commands send inline (``-d '…'``), in order."""
    return [json.loads(body) for body in re.findall(r"-d '(\{.*?\})'", DOC.read_text(), re.S)]


def test_the_doc_sends_the_bodies_the_exchange_test_sends() -> None:
    # Steps 2, 3 and 5 pipe a state through python3; steps 1, 4 and 6 are printed inline.
    setup, resumed, scored = _doc_bodies()
    assert setup == {"players": ["ann", "bob"], "seed": "demo"}
    assert resumed == {"players": ["ann", "bob"], "seed": "resume", "options": {"table": DOC_TABLE}}
    assert scored == {"position": DOC_POSITION}


def test_a_game_resumed_from_a_table(api: ContractClient) -> None:
    step = api.post(
        f"{BASE}/setup",
        json={"players": ["ann", "bob"], "seed": "resume", "options": {"table": TABLE}},
    ).get_json()
    assert step["to_move"] == ["bob"]
    assert step["state"]["options"]["first_player"] == "ann"
    # bob buys the captain face up into his first cell: 5 gold, the messenger goes to the village
    action = {"type": "buy_card", "player": "bob", "card": "captain", "cell": [0, 0]}
    after = api.post(f"{BASE}/apply", json={"state": step["state"], "action": action}).get_json()
    public = after["state"]["public"]
    assert public["players"]["bob"]["gold"] == 10
    assert public["messenger"] == "village"
    assert after["to_move"] == ["ann"]


def test_an_external_table_reports_each_card_revealed(api: ContractClient) -> None:
    table = {
        **TABLE,
        "displays": {"castle": ["officer", "captain"], "village": TABLE["displays"]["village"]},
    }
    step = api.post(
        f"{BASE}/setup",
        json={"players": ["ann", "bob"], "options": {"table": table, "randomness": "external"}},
    ).get_json()
    assert step["to_move"] == ["chance"]
    assert step["pending_chance"]["deck"] == "castle"
    revealed = api.post(
        f"{BASE}/apply", json={"state": step["state"], "action": {"id": "chance:castle:duchess"}}
    ).get_json()
    assert revealed["state"]["public"]["displays"]["castle"] == ["officer", "captain", "duchess"]
    wrong = api.post(
        f"{BASE}/apply", json={"state": step["state"], "action": {"id": "chance:castle:spy"}}
    )
    problem(wrong, 422, "illegal-action", "ILLEGAL_CHANCE_OUTCOME")


def test_a_photographed_position_is_scored(api: ContractClient) -> None:
    def cell(card: str, gold: int = 0) -> dict[str, Any]:
        return {"card": card, "face_down": False, "gold": gold}

    position = {
        "players": [
            {
                "player": "ann",
                "grid": [
                    [cell("duchess"), cell("potter", 2), None],
                    [None, None, None],
                    [None, None, None],
                ],
                "gold": 5,
                "keys": 2,
            }
        ]
    }
    score = api.post(f"{BASE}/score", json={"position": position}).get_json()
    # duchess in the top row 8; potter 2 (its own fill) + 2 leftover gold = 4 (its capacity) x 2
    # = 8; 2 keys; 3 gold left over
    ann = score["players"][0]
    assert ann["total"] == 18
    assert {c["id"]: c["points"] for c in ann["components"]} == {
        "card:0,0": 8,
        "card:0,1": 8,
        "keys": 2,
        "leftover_gold": 0,
    }
    verdict = api.post(f"{BASE}/validate-state", json={"position": position}).get_json()
    assert verdict["valid"] is True


def test_bad_input_gets_a_problem(api: ContractClient) -> None:
    step = api.post(f"{BASE}/setup", json={"players": ["ann", "bob"], "seed": "demo"}).get_json()
    shown = step["state"]["public"]["displays"]["village"][0]
    far = api.post(
        f"{BASE}/apply",
        json={"state": step["state"], "action": {"id": f"buy:{shown}:1,1:down"}},
    )
    problem(far, 422, "illegal-action", "FIRST_CARD_CELL")
    table = {**TABLE, "to_move": "ann"}
    bad = api.post(f"{BASE}/setup", json={"players": ["ann", "bob"], "options": {"table": table}})
    body = problem(bad, 422, "invalid-state", "INVALID_STATE")
    assert "TURN_ORDER" in [v["code"] for v in body["violations"]]
    verdict = api.post(
        f"{BASE}/validate-state",
        json={
            "position": {
                "players": [
                    {
                        "player": "ann",
                        "grid": [
                            [{"card": "duchess", "gold": 2}, None, None],
                            [None, None, None],
                            [None, None, None],
                        ],
                    }
                ]
            }
        },
    ).get_json()
    assert verdict["valid"] is False
    assert verdict["violations"][0]["code"] == "NOT_A_PURSE"
