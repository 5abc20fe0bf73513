"""Calico's simplified game over HTTP: the rules page's exchange as printed, whole seeded games,
an unknown option."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.clients.choose import first_action
from tests.service.contract_check import ContractClient

SIMPLE = "/v1/games/calico_simplified"
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "calico_simplified.md"


def _doc_steps() -> list[tuple[str, list[str]]]:
    """The exchange of the rules page: each shell block with the output block printed after it."""
    text = DOC.read_text().split("## A complete exchange", 1)[1].split("\n## Phases", 1)[0]
    blocks = re.findall(r"```(sh)?\n(.*?)```", text, re.S)
    steps = []
    for (kind, code), (_, out) in zip(blocks[::2], blocks[1::2], strict=True):
        assert kind == "sh"
        steps.append((code, out.strip().splitlines()))
    return steps


def _doc_body(code: str) -> Any:
    found = re.search(r"-d '(\{.*?\})'", code, re.S)
    assert found is not None, code
    return json.loads(found[1])


def _doc_ids(code: str) -> list[str]:
    return re.findall(r'"((?:draw|place):[^"]+)"', code)


def _lines(player: dict[str, Any]) -> str:
    components = [(c["id"], c["points"]) for c in player["components"]]
    return f"{player['player']} {player['total']} {components}"


def test_the_exchange_of_the_rules_page_works_as_printed(api: ContractClient) -> None:
    steps = _doc_steps()
    assert len(steps) == 6
    (setup, out1), (turns, out2), (score, out3), (bad, out4), (table, out5), (odd, out6) = steps

    s = api.post(f"{SIMPLE}/setup", json=_doc_body(setup)).get_json()
    assert f"{s['to_move']} {s['state']['phase']} {s['pending_chance']['player']}" == out1[0]

    batch = [{"id": i} for i in _doc_ids(turns)]
    s = api.post(f"{SIMPLE}/apply?include=events", json={"state": s["state"], "actions": batch})
    s = s.get_json()
    kinds = ("button_taken", "cat_taken")
    assert [str(s["to_move"])] + [str(e) for e in s["events"] if e["type"] in kinds] == out2

    assert "/score" in score
    scored = api.post(f"{SIMPLE}/score", json={"state": s["state"]}).get_json()
    assert [_lines(p) for p in scored["players"]] == out3

    batch = [{"id": i} for i in _doc_ids(bad)]
    r = api.post(f"{SIMPLE}/apply", json={"state": s["state"], "actions": batch})
    p = r.get_json()
    assert r.status_code == 422
    assert f"{p['status']} {p['code']} {p['action_index']}" == out4[0]

    scored = api.post(f"{SIMPLE}/score", json=_doc_body(table)).get_json()
    assert [_lines(p) for p in scored["players"]] == out5

    r = api.post(f"{SIMPLE}/setup", json=_doc_body(odd))
    p = r.get_json()
    assert r.status_code == 400
    assert f"{p['status']} {p['code']} {p['detail']}" == out6[0]


def test_the_game_is_listed(api: ContractClient) -> None:
    games = api.get("/v1/games").get_json()["games"]
    assert "calico_simplified" in [g["id"] for g in games]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_seeded_games_play_to_their_end_over_http(api: ContractClient, players: int) -> None:
    names = ["ann", "bob", "cy", "dee"][:players]
    s = api.post(f"{SIMPLE}/setup", json={"players": names, "seed": f"http-{players}"}).get_json()
    while not s["finished"]:
        entry = s["legal_actions"][0]
        action = {"id": entry["id"]} if "id" in entry else first_action(entry)
        s = api.post(f"{SIMPLE}/apply", json={"state": s["state"], "action": action}).get_json()
    score = s["score"]
    assert score["final"]
    for p in score["players"]:
        assert [c["id"] for c in p["components"]] == ["buttons", "cats"]
        assert p["total"] == sum(c["points"] for c in p["components"]) > 0
