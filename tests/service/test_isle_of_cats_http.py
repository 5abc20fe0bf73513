"""The Isle of Cats over HTTP: setup, simultaneous hidden decisions, errors, positions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engines.isle_of_cats.catalogue import BAG_CONTENTS
from tests.engines.isle_of_cats.helpers import DEAL_2P, FILL_2P, position
from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

ISLE = "/v1/games/isle_of_cats"
EXTERNAL = {"randomness": "external", "boats": {"ann": "blue", "bob": "red"}}


def apply(api: ContractClient, state: dict[str, Any], action_id: str, **query: str) -> Any:
    path = f"{ISLE}/apply" + (f"?include={query['include']}" if "include" in query else "")
    return api.post(path, json={"state": state, "action": {"id": action_id}})


def dealt(api: ContractClient) -> dict[str, Any]:
    step = api.post(f"{ISLE}/setup", json={"players": ["ann", "bob"], "options": EXTERNAL})
    state = step.get_json()["state"]
    state = apply(api, state, "chance:fill:" + ",".join(FILL_2P), include="").get_json()["state"]
    deal = "chance:deal:" + ",".join(map(str, DEAL_2P))
    step_json: dict[str, Any] = apply(api, state, deal).get_json()
    return step_json


def test_setup_external_asks_the_table_for_the_fields(api: ContractClient) -> None:
    step = api.post(f"{ISLE}/setup", json={"players": ["ann", "bob"], "options": EXTERNAL})
    body = step.get_json()
    assert body["to_move"] == ["chance"]
    assert body["pending_chance"]["kind"] == "fill" and body["pending_chance"]["cats"] == 8
    assert body["legal_actions"] == []


def test_the_longest_draw_a_table_can_report_is_taken(api: ContractClient) -> None:
    # 4 players' fields take 16 cats; every rare treasure drawn on the way goes below the
    # island: all 25 of them before the cats is a draw of 41 tiles, an id of 602 characters.
    boats = dict(zip(["p1", "p2", "p3", "p4"], ["blue", "red", "green", "purple"], strict=True))
    options = {"randomness": "external", "boats": boats}
    step = api.post(f"{ISLE}/setup", json={"players": list(boats), "options": options}).get_json()
    bag = BAG_CONTENTS
    rares = [k for k in bag if k.startswith("rare-") for _ in range(bag[k])]
    cats = [k for k in bag if not k.startswith("rare-")][:16]
    fill = "chance:fill:" + ",".join(rares + cats)
    assert len(rares) == 25 and len(fill) == 602
    after = apply(api, step["state"], fill, include="")
    assert after.status_code == 200, after.get_json()
    below = after.get_json()["state"]["public"]["rare_treasures"]
    assert sorted(below) == sorted(r.removeprefix("rare-") for r in rares)


SOLO_CARD_83 = [
    "draft:ann:42,114,125",
    "draft:ann:3,19,53",
    "buy:ann:3,41",
    "rescue_cards:ann:",
    "rescue:right:green-402:3,14;4,14;4,15;5,14;5,15;6,15",
    "pass",
    "pass",
    "draft:ann:31,83,86",
    "draft:ann:2,21,139",
    "buy:ann:31,83,86,120",
    "rescue_cards:ann:31",
    "rescue:left:green-416:1,12;2,12;3,11;3,12;3,13;4,12",
    "play:83",
    "fields:right,right,right,left",
]
"""A seeded expert solo game (seed "s15") up to card 83, whose 4 cats go to the fields."""


def test_a_solo_field_holds_more_than_8_cats_after_card_83(api: ContractClient) -> None:
    # The solo fields hold 4 cats each; card 83 draws 4 more tiles to them. The answer, which
    # the client checks against the contract, lists 9 cats in the sister's numbering, and the
    # state goes back in as it came.
    setup = {"players": ["ann"], "seed": "s15", "options": {"mode": "solo", "solo_level": "expert"}}
    body = {"setup": setup, "actions": [{"id": i} for i in SOLO_CARD_83]}
    step = api.post(f"{ISLE}/replay?include=legal_actions", json=body).get_json()
    fields = step["state"]["public"]["fields"]
    assert (
        len(step["state"]["public"]["solo"]["cat_order"])
        == len(fields["left"] + fields["right"])
        == 9
    )
    after = apply(api, step["state"], step["legal_actions"][0]["id"])
    assert after.status_code == 200, after.get_json()


def test_draft_lists_both_players_and_hides_the_pick(api: ContractClient) -> None:
    step = dealt(api)
    assert step["to_move"] == ["ann", "bob"]
    # 7 cards, keep 2: C(7,2) = 21 picks each, more than are listed: one choice each.
    assert [(e["player"], e["choose"]["cards"]["min"]) for e in step["legal_actions"]] == [
        ("ann", 2),
        ("bob", 2),
    ]
    assert all(len(e["choose"]["cards"]["values"]) == 7 for e in step["legal_actions"])
    after = apply(api, step["state"], "draft:ann:55,56").get_json()
    assert after["to_move"] == ["bob"]
    view = api.post(f"{ISLE}/view", json={"state": after["state"], "viewer": "bob"}).get_json()
    assert view["view"]["public"]["players"]["ann"]["decided"] is True
    assert list(view["view"]["private"]) == ["bob"]


def test_an_illegal_action_is_a_422_problem_with_a_stable_code(api: ContractClient) -> None:
    step = dealt(api)
    resp = apply(api, step["state"], "draft:ann:55,7")  # 7 is in bob's hand
    body = problem(resp, 422, "illegal-action", "INVALID_DRAFT")
    assert body["reasons"][0]["code"] == "INVALID_DRAFT"


def test_a_malformed_action_id_is_a_422_problem(api: ContractClient) -> None:
    step = dealt(api)
    resp = apply(api, step["state"], "fly:away")
    problem(resp, 422, "illegal-action", "MALFORMED_ACTION")


def test_score_of_a_position(api: ContractClient) -> None:
    body = api.post(f"{ISLE}/score", json={"position": position()}).get_json()
    ann = body["players"][0]
    # The base boat of the engine tests: 8 + 3 - 17 - 35 = -41.
    assert ann["total"] == -41
    assert [c["id"] for c in ann["components"]] == ["family:1", "rare_treasures", "rats", "rooms"]


def test_validate_state_of_a_position_reports_every_violation(api: ContractClient) -> None:
    pos = position()
    pos["players"][0]["pieces"].append(
        {"kind": "cat", "shape": 401, "color": "purple", "cells": [[8, c] for c in range(9, 14)]}
    )
    pos["players"][1]["boat"] = "blue"
    verdict = api.post(f"{ISLE}/validate-state", json={"position": pos}).get_json()
    assert verdict["valid"] is False
    assert [(v["code"], v["pointer"]) for v in verdict["violations"]] == [
        ("SHAPE_MISMATCH", "/position/players/0/pieces/6/cells"),
        ("DUPLICATE_BOAT", "/position/players"),
    ]


DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "isle_of_cats.md"


def _doc_steps(
    heading: str = "## A complete exchange", end: str = "\n## Phases"
) -> list[tuple[str, list[str]]]:
    """An exchange of the rules page: each shell block with the output block printed after it."""
    text = DOC.read_text().split(heading, 1)[1].split(end, 1)[0]
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
    return re.findall(r'"((?:chance|draft|buy|rescue_cards|rescue|place):[^"]+)"', code)


def _lines(player: dict[str, Any]) -> str:
    components = [(c["id"], c["points"]) for c in player["components"]]
    return f"{player['player']} {player['total']} {components}"


def test_the_exchange_of_the_rules_page_works_as_printed(api: ContractClient) -> None:
    steps = _doc_steps()
    assert len(steps) == 8
    (setup, out1), (fill, out2), (draft, out3), (day, out4) = steps[:4]
    (rescue, out5), (score, out6), (table, out7), (check, out8) = steps[4:]

    s = api.post(f"{ISLE}/setup", json=_doc_body(setup)).get_json()
    c = s["pending_chance"]
    assert f"{s['to_move']} {s['state']['phase']} {c['kind']} {c['cats']}" == out1[0]

    batch = [{"id": i} for i in _doc_ids(fill)]
    s = api.post(f"{ISLE}/apply", json={"state": s["state"], "actions": batch}).get_json()
    p = s["state"]["public"]
    hand = s["state"]["private"]["ann"]["draft_hand"]
    assert f"{s['to_move']} {p['fields']} {p['rare_treasures']} {hand}" == out2[0]

    (one,) = _doc_ids(draft)
    s = api.post(f"{ISLE}/apply?include=", json={"state": s["state"], "action": {"id": one}})
    s = s.get_json()
    v = api.post(f"{ISLE}/view", json={"state": s["state"], "viewer": "bob"}).get_json()["view"]
    assert (
        f"{v['to_move']} {v['public']['players']['ann']['decided']} {list(v['private'])}"
        == (out3[0])
    )

    batch = [{"id": i} for i in _doc_ids(day)]
    s = api.post(f"{ISLE}/apply?include=events", json={"state": s["state"], "actions": batch})
    s = s.get_json()
    kinds = ("public_lesson", "bought", "rescue_cards_revealed")
    assert [f"{s['to_move']} {s['state']['phase']}"] + [
        str(e) for e in s["events"] if e["type"] in kinds
    ] == out4

    batch = [{"id": i} for i in _doc_ids(rescue)]
    s = api.post(f"{ISLE}/apply?include=events", json={"state": s["state"], "actions": batch})
    s = s.get_json()
    ann_fish = s["state"]["public"]["players"]["ann"]["fish"]
    assert [f"{s['to_move']} {ann_fish}"] + [str(e) for e in s["events"]] == out5

    assert "/score" in score
    scored = api.post(f"{ISLE}/score", json={"state": s["state"]}).get_json()
    assert [_lines(scored["players"][0])] == out6

    scored = api.post(f"{ISLE}/score", json=_doc_body(table)).get_json()
    assert [_lines(p) for p in scored["players"]] + [str(scored["ranking"])] == out7

    verdict = api.post(f"{ISLE}/validate-state", json=_doc_body(check)).get_json()
    assert [str(verdict["valid"])] + [
        f"{x['code']} {x['pointer']}" for x in verdict["violations"]
    ] == out8


def test_the_family_exchange_of_the_rules_page_works_as_printed(api: ContractClient) -> None:
    steps = _doc_steps("### The family game: a complete exchange", "\n## ")
    assert len(steps) == 4
    (setup, out1), (start, out2), (rescue, out3), (table, out4) = steps

    s = api.post(f"{ISLE}/setup", json=_doc_body(setup)).get_json()
    c = s["pending_chance"]
    assert f"{s['to_move']} {s['state']['phase']} {c['kind']} {c['cats']}" == out1[0]

    batch = [{"id": i} for i in _doc_ids(start)]
    s = api.post(f"{ISLE}/apply", json={"state": s["state"], "actions": batch}).get_json()
    st = s["state"]
    ann = st["private"]["ann"]["private_lessons"]
    fish = st["public"]["players"]["ann"]["fish"]
    assert f"{s['to_move']} {st['phase']} {ann} {fish} {st['public']['counts']}" == out2[0]

    batch = [{"id": i} for i in _doc_ids(rescue)]
    s = api.post(f"{ISLE}/apply?include=events", json={"state": s["state"], "actions": batch})
    s = s.get_json()
    rares = s["state"]["public"]["rare_treasures"]
    assert [f"{s['to_move']} {rares}"] + [str(e) for e in s["events"]] == out3

    scored = api.post(f"{ISLE}/score", json=_doc_body(table)).get_json()
    last = f"{scored['ranking']} {scored['tie_break']}"
    assert [_lines(p) for p in scored["players"]] + [last] == out4


def test_the_solo_exchange_of_the_rules_page_works_as_printed(api: ContractClient) -> None:
    steps = _doc_steps("### The solo game: a complete exchange", "\n## ")
    assert len(steps) == 4
    (setup, out1), (day, out2), (passing, out3), (table, out4) = steps

    s = api.post(f"{ISLE}/setup", json=_doc_body(setup)).get_json()
    c = s["pending_chance"]
    assert f"{s['to_move']} {s['state']['phase']} {c['kind']} {c['count']}" == out1[0]

    batch = [{"id": i} for i in _doc_ids(day)]
    assert len(batch) == 12
    s = api.post(f"{ISLE}/apply", json={"state": s["state"], "actions": batch}).get_json()
    st, o = s["state"], s["state"]["public"]["solo"]
    first = f"{s['to_move']} {st['phase']} {o['colours']} {o['basket_shown']} {o['basket_count']}"
    assert [f"{first} {o['ahead']}", str(o["cat_order"])] == out2

    assert '"action": {"id": "pass"}' in passing
    body = {"state": s["state"], "action": {"id": "pass"}}
    s = api.post(f"{ISLE}/apply?include=events", json=body).get_json()
    played = [
        f"{e['card']} {[a['action'] + [a['result']] for a in e['actions']]}"
        for e in s["events"]
        if e["type"] == "sister_played"
    ]
    assert [*played, str(s["state"]["public"]["fields"])] == out3

    scored = api.post(f"{ISLE}/score", json=_doc_body(table)).get_json()
    last = f"{scored['ranking']} {scored['solo']}"
    assert [_lines(p) for p in scored["players"]] + [last] == out4
