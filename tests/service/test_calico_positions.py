"""Calico score checking over HTTP: a finished quilt from a real table, scored and validated."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from tests.service.conftest import ROOT
from tests.service.contract_check import ContractClient

CALICO = "/v1/games/calico"
EXAMPLE: dict[str, Any] = json.loads(Path(ROOT / "docs/examples/calico-position.json").read_text())


def test_the_documented_position_scores_as_the_docs_say(api: ContractClient) -> None:
    score = api.post(f"{CALICO}/score", json={"position": EXAMPLE}).get_json()
    ann = score["players"][0]
    assert ann["total"] == 15
    points = {c["id"]: c["points"] for c in ann["components"]}
    assert points == {
        "cats": 3,
        "buttons": 12,
        "rainbow_button": 0,
        "goal_2_3": 0,
        "goal_3_4": 0,
        "goal_4_2": 0,
    }


def test_validate_state_reports_the_buttons_any_play_order_allows(api: ContractClient) -> None:
    verdict = api.post(f"{CALICO}/validate-state", json={"position": EXAMPLE}).get_json()
    assert verdict["valid"] is True
    assert verdict["facts"] == {"ann": {"buttons": {"fewest": 4, "best_case": 4}}}


def test_a_token_its_group_could_not_earn_is_reported(api: ContractClient) -> None:
    position = copy.deepcopy(EXAMPLE)
    button = next(t for t in position["players"][0]["tokens"] if t["kind"] == "button")
    button["cells"] = button["cells"][:2]  # a pair never earns a button
    verdict = api.post(f"{CALICO}/validate-state", json={"position": position}).get_json()
    assert verdict["valid"] is False
    codes = {v["code"] for v in verdict["violations"]}
    assert "BUTTON_NOT_EARNABLE" in codes
    assert all(v["pointer"].startswith("/position/players/0/tokens") for v in verdict["violations"])
