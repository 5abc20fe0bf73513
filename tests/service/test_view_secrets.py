"""A view step goes to its viewer as it is: nothing in it, or in a refusal of the viewer's
request, may show what that player could not see at the table."""

from __future__ import annotations

import random
from typing import Any

from engines import registry
from tests.clients.choose import first_action
from tests.service.contract_check import ContractClient
from tests.service.test_problems import problem

ISLE = "/v1/games/isle_of_cats"
PLAYERS = ["alice", "bob"]


def _isle_game_until_both_hold_a_lesson(mode: str) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """A seeded game's setup and the actions (random, seeded) after which both players hold a
    private lesson (the family game: the family cards they kept), long before its end."""
    game = registry.get("isle_of_cats")
    setup = {"players": PLAYERS, "options": {"mode": mode}, "seed": f"view-secrets-{mode}"}
    state = game.setup(PLAYERS, setup["options"], setup["seed"])
    rnd, actions = random.Random(mode), []
    while not all(p.private_lessons for p in state.players):
        action = rnd.choice(game.legal_actions(state))
        actions.append({"id": game.encode_action(state, action)["id"]})
        state, _ = game.apply(state, action)
    assert not game.is_finished(state)
    return setup, actions


def _private_lines(step: dict[str, Any], player: str) -> list[str]:
    scored = next(p for p in step["score"]["players"] if p["player"] == player)
    return [
        c["id"]
        for c in scored["components"]
        if c.get("detail", {}).get("type") in ("private_lesson", "family_lesson")
    ]


def test_a_view_steps_score_leaves_out_the_others_face_down_lessons(
    sealing_api: ContractClient,
) -> None:
    for mode in ("standard", "family"):
        setup, actions = _isle_game_until_both_hold_a_lesson(mode)
        body = {"setup": setup, "actions": actions}
        whole = sealing_api.post(f"{ISLE}/replay?include=score", json=body).get_json()
        bobs = _private_lines(whole, "bob")
        assert bobs, "bob holds a lesson, scored in the whole step"
        seen = sealing_api.post(f"{ISLE}/replay?include=score&viewer=alice", json=body).get_json()
        assert _private_lines(seen, "alice") == _private_lines(whole, "alice") != []
        assert _private_lines(seen, "bob") == []
        assert all(line not in str(seen) for line in bobs)


def _draft(api: ContractClient) -> dict[str, Any]:
    resp = api.post(f"{ISLE}/setup", json={"players": PLAYERS, "seed": "view-secrets-draft"})
    step: dict[str, Any] = resp.get_json()
    while step["to_move"] != PLAYERS:  # the draws of the day, then both players draft at once
        action = {"id": step["legal_actions"][0]["id"]}
        step = api.post(f"{ISLE}/apply", json={"state": step["state"], "action": action}).get_json()
    return step


def test_a_viewer_acts_only_for_themself(sealing_api: ContractClient) -> None:
    step = _draft(sealing_api)
    bobs_hand = step["state"]["private"]["bob"]["draft_hand"]
    # alice's client sends a pick for bob: refused before it is checked, so the refusal cannot
    # quote bob's hand (the reason a wrong pick is wrong names the cards it may be chosen from).
    body = {"state": step["state"], "action": {"id": "draft:bob:1,2"}}
    resp = sealing_api.post(f"{ISLE}/apply?viewer=alice", json=body)
    refused = problem(resp, 422, "illegal-action", "NOT_THE_VIEWERS_ACTION")
    assert refused["detail"] == (
        "the answer is “alice”'s view, and this action is “bob”'s: a viewer acts only for themself"
    )
    # Without a viewer the answer is the backend's, which holds the state anyway.
    plain = problem(
        sealing_api.post(f"{ISLE}/apply", json=body), 422, "illegal-action", "INVALID_DRAFT"
    )
    assert all(str(card) in plain["detail"] for card in bobs_hand)
    # alice's own pick is answered as her view.
    own = next(a for a in step["legal_actions"] if a["player"] == "alice")
    body = {"state": step["state"], "action": first_action(own)}
    answer = sealing_api.post(f"{ISLE}/apply?viewer=alice", json=body).get_json()
    assert answer["viewer"] == "alice" and "state" not in answer


def test_a_viewer_not_playing_is_refused_before_any_action(sealing_api: ContractClient) -> None:
    step = _draft(sealing_api)
    body = {"state": step["state"], "action": {"id": "draft:bob:1,2"}}
    resp = sealing_api.post(f"{ISLE}/apply?viewer=mallory", json=body)
    problem(resp, 422, "unknown-player", "UNKNOWN_PLAYER")


def test_a_card_id_sent_by_a_viewer_is_read_as_the_viewers_own(
    sealing_api: ContractClient,
) -> None:
    # While both buy, `play:<card>` names no player. bob holds 76 (it gains fish); ann sends
    # it with her view: it is read as hers, and refused as not in her hand, exactly as a card
    # nobody holds. Read as bob's, the answer would tell ann what bob holds.
    from engines.isle_of_cats.state import with_player
    from tests.engines.isle_of_cats.helpers import GAME, drafted

    state = with_player(drafted(), 1, hand=(76,))
    body = {"state": GAME.encode_state(state), "action": {"id": "play:76"}}
    held = problem(
        sealing_api.post(f"{ISLE}/apply?viewer=ann", json=body),
        422,
        "illegal-action",
        "NOT_IN_HAND",
    )
    body["action"] = {"id": "play:78"}
    nobodys = problem(
        sealing_api.post(f"{ISLE}/apply?viewer=ann", json=body),
        422,
        "illegal-action",
        "NOT_IN_HAND",
    )
    assert held["detail"] == "card 76 is not in your hand"
    assert nobodys["detail"] == "card 78 is not in your hand"
    # bob's own view plays it.
    body["action"] = {"id": "play:76"}
    played = sealing_api.post(f"{ISLE}/apply?viewer=bob&include=events", json=body).get_json()
    assert played["events"][0] == {"type": "card_played", "player": "bob", "card": 76, "option": ""}
