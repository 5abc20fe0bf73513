"""A draw from the table is the caller's to report, never a player's: with a viewer, a draw is
refused before it is read, so the answer is the same whatever it names. Reported by the viewer
one tile after the other, the refusals would otherwise tell which tiles the bag still holds,
and with them what the other players hold."""

from __future__ import annotations

from typing import Any

import pytest

from engines import registry
from engines.calico.catalogue import TILE_KEYS
from tests.benchmarks.largest_answers import calico_external
from tests.clients.choose import first_action
from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

CALICO = "/v1/games/calico"
ISLE = "/v1/games/isle_of_cats"


def _calico_draw_pending() -> dict[str, Any]:
    """An external Calico game of two players whose goals are chosen: the table deals the
    hands next."""
    game = registry.get("calico")
    seeded = game.encode_state(game.setup(["ann", "bob"], {}, "viewer-draws"))
    state = game.setup(["ann", "bob"], calico_external(seeded), None)
    for player in ("ann", "bob"):
        entry = game.legal_entries(state, player)[0]
        state, _ = game.apply_checked(state, game.decode_action(state, first_action(entry)))
    assert game.to_move(state) == ["chance"]
    return game.encode_state(state)


def _answer(api: ContractClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    found = problem(api.post(path, json=body), 422, "illegal-action", "NOT_THE_VIEWERS_ACTION")
    return {k: v for k, v in found.items() if k != "instance"}


def test_a_viewer_reporting_each_tile_gets_one_answer(sealing_api: ContractClient) -> None:
    state = _calico_draw_pending()
    answers = [
        _answer(
            sealing_api,
            f"{CALICO}/apply?viewer=ann",
            {"state": state, "action": {"id": f"chance:{tile},{tile}"}},
        )
        for tile in TILE_KEYS
    ]
    assert len(TILE_KEYS) == 36
    assert all(a == answers[0] for a in answers)
    assert answers[0]["detail"] == (
        "the answer is “ann”'s view, and a draw is the table's to report: send it without a viewer"
    )


def test_without_a_viewer_the_backend_reports_the_draw(sealing_api: ContractClient) -> None:
    state = _calico_draw_pending()
    tiles = TILE_KEYS[:4]
    body = {"state": state, "action": {"id": f"chance:{tiles[0]},{tiles[1]}"}}
    assert sealing_api.post(f"{CALICO}/apply", json=body).status_code == 200


@pytest.mark.parametrize(
    "action",
    [
        {"id": "chance:fill:blue-415"},
        {"type": "chance", "option": "fill", "items": ["blue-415"]},
        {"type": "chance", "player": "chance", "option": "fill", "items": []},
    ],
)
def test_a_draw_of_the_isle_is_refused_to_a_viewer_in_every_form(
    sealing_api: ContractClient, action: dict[str, Any]
) -> None:
    boats = {"ann": "blue", "bob": "red"}
    options: dict[str, Any] = {"randomness": "external", "boats": boats}
    setup = {"players": ["ann", "bob"], "options": options}
    step = sealing_api.post(f"{ISLE}/setup", json=setup).get_json()
    assert step["to_move"] == ["chance"]
    body = {"state": step["state"], "action": action}
    answer = _answer(sealing_api, f"{ISLE}/apply?viewer=ann", body)
    assert "a draw is the table's to report" in answer["detail"]


def test_a_card_revealed_in_castle_combo_is_refused_to_a_viewer_whatever_it_names(
    sealing_api: ContractClient,
) -> None:
    setup = {"players": ["ann", "bob"], "options": {"randomness": "external"}}
    step = sealing_api.post("/v1/games/castle_combo/setup", json=setup).get_json()
    assert step["to_move"] == ["chance"]
    listed = [e["id"] for e in step["legal_actions"]]  # every card the deck may reveal
    unknown = ["chance:castle:nobody", "chance:village:no_such_card"]
    answers = [
        _answer(
            sealing_api,
            "/v1/games/castle_combo/apply?viewer=bob",
            {"state": step["state"], "action": {"id": action_id}},
        )
        for action_id in listed + unknown
    ]
    assert len(listed) > 10 and all(a == answers[0] for a in answers)
