"""Sealed states: tokens players can neither read nor forge, over HTTP and in ``service.tokens``.

A token that was altered in any way, cut short, expired, sealed under a key this service does not
hold or sealed for another game must be refused with its own stable code, and a whole game of
every engine must be playable sending nothing but tokens.
"""

from __future__ import annotations

import base64
import json
import string
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import registry
from service import create_app
from service.config import Settings
from service.contract import Contract
from service.routes import KEYRING
from service.tokens import (
    NONCE_BYTES,
    PAD_TO,
    TAG_BYTES,
    Keyring,
    TokenError,
    new_key,
    parse_keys,
)
from tests.clients.choose import first_action
from tests.service.conftest import PLAYERS
from tests.service.contract_check import ContractChecker, ContractClient
from tests.service.test_problems import problem

GAMES = [g.id for g in registry.all_games()]
TOKEN_CODES = {
    "TOKEN_MALFORMED",
    "TOKEN_INVALID",
    "TOKEN_EXPIRED",
    "TOKEN_UNKNOWN_KEY",
    "TOKEN_WRONG_GAME",
}
KEY_A = base64.b64encode(bytes(range(32))).decode()
KEY_B = base64.b64encode(bytes(range(100, 132))).decode()
TTL = 3600
SEED = "tokens-must-not-leak-this-seed"


class Clock:
    """A clock the tests move by hand (tokens expire by it; no test waits on real time)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def keyring(spec: str = f"k1:{KEY_A}", clock: Clock | None = None) -> Keyring:
    ring = Keyring.from_spec(spec, TTL, GAMES, clock or Clock())
    assert ring is not None
    return ring


def app_with(contract: Contract, ring: Keyring | None) -> Flask:
    app = create_app(Settings(), contract)
    app.extensions[KEYRING] = ring
    return app


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def sealed_app(contract: Contract, clock: Clock) -> Flask:
    return app_with(contract, keyring(clock=clock))


@pytest.fixture
def tapi(sealed_app: Flask, checker: ContractChecker) -> ContractClient:
    return ContractClient(sealed_app.test_client(), checker)


def setup_step(api: ContractClient, game: str, query: str = "", **extra: Any) -> dict[str, Any]:
    body = {"players": PLAYERS, "seed": SEED, **extra}
    resp = api.post(f"/v1/games/{game}/setup{query}", json=body)
    assert resp.status_code == 200, resp.get_json()
    step: dict[str, Any] = resp.get_json()
    return step


# --- the token itself -------------------------------------------------------------------------

STATE = {"game": "calico", "turn": 3, "hidden": {"bag": ["pink-dots", "green-vines"]}}


def test_the_settings_given_to_create_app_decide_the_key_ring(
    contract: Contract, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys in the settings turn tokens on, whatever the environment says, and none turn them
    off: ``create_app(settings)`` alone decides."""
    body = {"players": ["p1", "p2"], "seed": "s"}
    monkeypatch.delenv("REFEREE_STATE_KEYS", raising=False)
    sealing = create_app(Settings(state_keys=f"k1:{KEY_A}"), contract).test_client()
    step = sealing.post("/v1/games/patchwork/setup", json=body).get_json()
    ring = Keyring.from_spec(f"k1:{KEY_A}", TTL, GAMES)  # the real clock, as the app's
    assert ring is not None
    assert ring.open("patchwork", step["state_token"])["state"] == step["state"]
    monkeypatch.setenv("REFEREE_STATE_KEYS", f"k1:{KEY_A}")
    plain = create_app(Settings(), contract).test_client()
    assert "state_token" not in plain.post("/v1/games/patchwork/setup", json=body).get_json()


def test_a_sealed_state_opens_to_the_same_state_and_reads_as_nothing() -> None:
    ring = keyring()
    token = ring.seal("calico", STATE)
    assert token.startswith("v1.k1.")
    assert ring.open("calico", token) == STATE
    raw = base64.urlsafe_b64decode(token.split(".")[2] + "==")
    assert b"pink-dots" not in raw and b"turn" not in raw  # encrypted, not merely encoded


def test_two_seals_of_one_state_differ() -> None:
    """A fresh nonce per token: equal states give unrelated tokens (nothing to compare)."""
    ring = keyring()
    assert ring.seal("calico", STATE) != ring.seal("calico", STATE)


def test_a_tokens_length_says_its_states_size_only_to_the_kibibyte() -> None:
    """States that differ only in a secret (here the other hand) compress to sizes a few bytes
    apart; padded to a multiple of 1 KiB, their tokens are as long as each other."""
    ring = keyring()
    hands = [["pink-dots", "green-vines"], ["light_blue-quatrefoil", "dark_blue-flowers"]]
    sizes = {len(ring.seal("calico", {**STATE, "private": {"bob": {"hand": h}}})) for h in hands}
    assert len(sizes) == 1
    raw = base64.urlsafe_b64decode(ring.seal("calico", STATE).split(".")[2] + "==")
    assert len(raw) == NONCE_BYTES + 8 + PAD_TO + TAG_BYTES  # the expiry, 1 KiB, the tag
    big = {**STATE, "hidden": {"bag": [f"tile-{i}" for i in range(600)]}}
    raw = base64.urlsafe_b64decode(ring.seal("calico", big).split(".")[2] + "==")
    assert (len(raw) - NONCE_BYTES - 8 - TAG_BYTES) % PAD_TO == 0 and len(raw) > 2 * PAD_TO
    assert ring.open("calico", ring.seal("calico", big)) == big


def _code(ring: Keyring, game: str, token: str) -> str:
    with pytest.raises(TokenError) as err:
        ring.open(game, token)
    return err.value.code


_B64URL = string.ascii_letters + string.digits + "-_"


def _changed(token: str, index: int, char: str) -> str:
    return token[:index] + char + token[index + 1 :]


@pytest.mark.parametrize("game", ["patchwork", "calico"])
def test_every_single_character_change_of_a_real_token_is_refused(
    game: str, api: ContractClient
) -> None:
    """Each position of a real setup's token, changed to the next base64url character (so the
    text stays well-formed and only the tag can catch it) and to a dot."""
    state = setup_step(api, game)["state"]
    ring = keyring()
    token = ring.seal(game, {"engine_version": "x", "state": state})
    for i, char in enumerate(token):
        neighbour = _B64URL[(_B64URL.index(char) + 1) % len(_B64URL)] if char in _B64URL else "a"
        for replacement in (neighbour, "."):
            if replacement == char:
                continue
            assert _code(ring, game, _changed(token, i, replacement)) in TOKEN_CODES


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_single_character_change_is_refused(data: st.DataObject) -> None:
    ring = keyring()
    token = ring.seal("calico", STATE)
    index = data.draw(st.integers(0, len(token) - 1))
    char = data.draw(st.characters().filter(lambda c: c != token[index]))
    assert _code(ring, "calico", _changed(token, index, char)) in TOKEN_CODES


@settings(max_examples=400)
@given(data=st.data())
def test_any_single_byte_change_of_the_sealed_bytes_fails_authentication(
    data: st.DataObject,
) -> None:
    """The body re-encoded canonically after one byte changed: only AES-GCM's tag stands in
    the way, and it must always refuse."""
    ring = keyring()
    version, kid, body = ring.seal("calico", STATE).split(".")
    raw = bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    index = data.draw(st.integers(0, len(raw) - 1))
    raw[index] ^= data.draw(st.integers(1, 255))
    forged = base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()
    assert _code(ring, "calico", f"{version}.{kid}.{forged}") == "TOKEN_INVALID"


@settings(max_examples=200)
@given(data=st.data())
def test_a_truncated_or_extended_token_is_refused(data: st.DataObject) -> None:
    ring = keyring()
    token = ring.seal("calico", STATE)
    cut = token[: data.draw(st.integers(0, len(token) - 1))]
    assert _code(ring, "calico", cut) in TOKEN_CODES
    longer = token + data.draw(st.text(min_size=1, max_size=8))
    assert _code(ring, "calico", longer) in TOKEN_CODES


def test_a_last_character_with_other_unused_bits_is_malformed_not_the_same_token() -> None:
    """Base64 leaves low bits of a final character unused; a lenient decoder would read a
    changed last character as the same bytes and accept a token that is not the one sealed."""
    ring = keyring()
    token = next(t for t in (ring.seal("calico", STATE) for _ in range(20)) if len(t) % 4 != 1)
    body = token.split(".")[2]
    assert len(body) % 4 in (2, 3)  # 1 or 2 bytes in the last group: 4 or 2 bits unused
    last = _B64URL.index(body[-1])
    twin = _B64URL[last ^ 1]  # flips an unused bit: same bytes to a lenient decoder
    assert base64.urlsafe_b64decode(_changed(body, len(body) - 1, twin) + "==") == (
        base64.urlsafe_b64decode(body + "==")
    )
    assert _code(ring, "calico", _changed(token, len(token) - 1, twin)) == "TOKEN_MALFORMED"


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("", "TOKEN_MALFORMED"),
        ("v2.k1.AAAA", "TOKEN_MALFORMED"),
        ("v1.k1", "TOKEN_MALFORMED"),
        ("v1.k1.a.b", "TOKEN_MALFORMED"),
        ("v1.k 1.AAAA", "TOKEN_MALFORMED"),
        ("v1.k1.AA==", "TOKEN_MALFORMED"),  # padding is not part of the format
        ("v1.k1.AAAA", "TOKEN_MALFORMED"),  # 3 bytes: too short for a nonce and a tag
        ("v1.nokey." + "A" * 60, "TOKEN_UNKNOWN_KEY"),
        ("v1.k1." + "A" * 60, "TOKEN_INVALID"),
    ],
)
def test_hand_made_tokens_are_refused_with_their_code(token: str, code: str) -> None:
    assert _code(keyring(), "calico", token) == code


def test_a_token_expires_after_its_lifetime() -> None:
    clock = Clock()
    ring = keyring(clock=clock)
    token = ring.seal("calico", STATE)
    clock.now += TTL - 1  # sealed at t, valid until t + TTL (exclusive)
    assert ring.open("calico", token) == STATE
    clock.now += 1
    assert _code(ring, "calico", token) == "TOKEN_EXPIRED"


def test_rotation_the_new_key_seals_and_the_old_one_still_opens() -> None:
    old = keyring(f"k1:{KEY_A}")
    during = keyring(f"k2:{KEY_B},k1:{KEY_A}")
    after = keyring(f"k2:{KEY_B}")
    from_old = old.seal("calico", STATE)
    assert during.open("calico", from_old) == STATE
    from_during = during.seal("calico", STATE)
    assert from_during.startswith("v1.k2.")
    assert after.open("calico", from_during) == STATE
    assert _code(after, "calico", from_old) == "TOKEN_UNKNOWN_KEY"
    assert _code(old, "calico", from_during) == "TOKEN_UNKNOWN_KEY"


def test_a_token_from_another_key_set_under_the_same_key_id_is_invalid() -> None:
    theirs = keyring(f"k1:{KEY_B}")
    assert _code(keyring(f"k1:{KEY_A}"), "calico", theirs.seal("calico", STATE)) == "TOKEN_INVALID"


def test_a_token_of_another_game_is_the_wrong_game() -> None:
    ring = keyring()
    assert _code(ring, "patchwork", ring.seal("calico", STATE)) == "TOKEN_WRONG_GAME"


def test_a_changed_key_id_naming_another_held_key_fails_authentication() -> None:
    """The key id is associated data: moving a token to another key cannot pass."""
    ring = keyring(f"k1:{KEY_A},k2:{KEY_A}")  # even the very same key under another id
    token = ring.seal("calico", STATE)
    assert _code(ring, "calico", token.replace("v1.k1.", "v1.k2.", 1)) == "TOKEN_INVALID"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("k1", "kid:base64"),
        ("k.1:" + KEY_A, "kid:base64"),
        ("k1:not base64!", "not base64"),
        ("k1:" + base64.b64encode(b"short").decode(), "16, 24 or 32"),
        (f"k1:{KEY_A},k1:{KEY_B}", "twice"),
    ],
)
def test_a_bad_key_list_fails_at_startup(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_keys(spec)


def test_keys_are_read_in_order_and_url_safe_base64_is_accepted() -> None:
    urlsafe = base64.urlsafe_b64encode(bytes([251] * 32)).decode()
    assert "-" in urlsafe or "_" in urlsafe
    keys = parse_keys(f" k2:{urlsafe} , k1:{KEY_A},")
    assert list(keys) == ["k2", "k1"]
    assert keys["k2"] == bytes([251] * 32)
    assert len(base64.b64decode(new_key())) == 32


def test_no_keys_means_no_keyring() -> None:
    assert Keyring.from_spec("", TTL) is None


# --- configuration ----------------------------------------------------------------------------


def test_keys_and_lifetime_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, contract: Contract, checker: ContractChecker
) -> None:
    monkeypatch.setenv("REFEREE_STATE_KEYS", f"env1:{KEY_A}")
    monkeypatch.setenv("REFEREE_STATE_TOKEN_TTL", "60")
    settings_ = Settings.from_env()
    assert (settings_.state_keys, settings_.state_token_ttl) == (f"env1:{KEY_A}", 60)
    api = ContractClient(create_app(settings_, contract).test_client(), checker)
    assert setup_step(api, "patchwork")["state_token"].startswith("v1.env1.")


def test_without_keys_steps_carry_no_token_and_tokens_are_refused(api: ContractClient) -> None:
    step = setup_step(api, "patchwork")
    assert "state_token" not in step
    resp = api.post("/v1/games/patchwork/score", json={"state_token": "v1.k1." + "A" * 60})
    problem(resp, 422, "tokens-disabled", "TOKENS_DISABLED")
    resp = api.post(
        "/v1/games/patchwork/setup?include=view", json={"players": PLAYERS, "seed": SEED}
    )
    problem(resp, 422, "tokens-disabled", "TOKENS_DISABLED")


# --- over HTTP ----------------------------------------------------------------------------------


def test_a_step_carries_a_token_that_opens_to_its_state(
    tapi: ContractClient, sealed_app: Flask
) -> None:
    step = setup_step(tapi, "calico")
    payload = sealed_app.extensions[KEYRING].open("calico", step["state_token"])
    assert payload["state"] == step["state"]
    assert payload["engine_version"] == step["meta"]["engine_version"]


@pytest.mark.parametrize("game", GAMES)
def test_every_endpoint_that_takes_a_state_answers_the_same_for_its_token(
    tapi: ContractClient, game: str
) -> None:
    step = setup_step(tapi, game)
    action = first_action(step["legal_actions"][0])
    bodies: dict[str, dict[str, Any]] = {
        "apply?include=legal_actions,score,events": {"action": action},
        "legal-actions": {"player": step["to_move"][0]},
        "validate-action": {"action": action},
        "score": {},
        "validate-state": {},
        "view": {"viewer": PLAYERS[0]},
    }
    for operation, extra in bodies.items():
        path = f"/v1/games/{game}/{operation}"
        clear = tapi.post(path, json={"state": step["state"], **extra})
        sealed = tapi.post(path, json={"state_token": step["state_token"], **extra})
        assert clear.status_code == sealed.status_code == 200, sealed.get_json()
        a, b = clear.get_json(), sealed.get_json()
        a.pop("state_token", None), b.pop("state_token", None)  # fresh nonce, fresh text
        assert a == b, operation


def test_a_tampered_token_is_refused_over_http(tapi: ContractClient) -> None:
    token = setup_step(tapi, "patchwork")["state_token"]
    middle = len(token) // 2
    forged = _changed(token, middle, "A" if token[middle] != "A" else "B")
    for operation, extra in [("apply", {"action": {"id": "advance"}}), ("score", {})]:
        resp = tapi.post(f"/v1/games/patchwork/{operation}", json={"state_token": forged, **extra})
        body = problem(resp, 422, "invalid-state-token", "TOKEN_INVALID")
        assert body["pointer"] == "/state_token"


def test_a_token_of_the_other_game_is_refused_over_http(tapi: ContractClient) -> None:
    token = setup_step(tapi, "calico")["state_token"]
    resp = tapi.post("/v1/games/patchwork/score", json={"state_token": token})
    problem(resp, 422, "invalid-state-token", "TOKEN_WRONG_GAME")


def test_an_expired_token_is_refused_over_http(
    contract: Contract, checker: ContractChecker
) -> None:
    clock = Clock()
    api = ContractClient(app_with(contract, keyring(clock=clock)).test_client(), checker)
    token = setup_step(api, "patchwork")["state_token"]
    clock.now += TTL
    resp = api.post("/v1/games/patchwork/score", json={"state_token": token})
    problem(resp, 422, "invalid-state-token", "TOKEN_EXPIRED")


def test_tokens_of_another_key_set_are_refused_over_http(
    tapi: ContractClient, contract: Contract, checker: ContractChecker
) -> None:
    token = setup_step(tapi, "patchwork")["state_token"]  # sealed with k1 = KEY_A
    same_id = ContractClient(app_with(contract, keyring(f"k1:{KEY_B}")).test_client(), checker)
    resp = same_id.post("/v1/games/patchwork/score", json={"state_token": token})
    problem(resp, 422, "invalid-state-token", "TOKEN_INVALID")
    other_id = ContractClient(app_with(contract, keyring(f"k9:{KEY_A}")).test_client(), checker)
    resp = other_id.post("/v1/games/patchwork/score", json={"state_token": token})
    problem(resp, 422, "invalid-state-token", "TOKEN_UNKNOWN_KEY")


def test_rotation_over_http(contract: Contract, checker: ContractChecker) -> None:
    """Deploy 1 seals with k1; deploy 2 lists k2 first and keeps k1; deploy 3 drops k1."""
    apis = [
        ContractClient(app_with(contract, keyring(spec)).test_client(), checker)
        for spec in (f"k1:{KEY_A}", f"k2:{KEY_B},k1:{KEY_A}", f"k2:{KEY_B}")
    ]
    old = setup_step(apis[0], "patchwork")["state_token"]
    resp = apis[1].post(
        "/v1/games/patchwork/apply?include=", json={"state_token": old, "action": {"id": "advance"}}
    )
    assert resp.status_code == 200, resp.get_json()
    rotated = resp.get_json()["state_token"]
    assert rotated.startswith("v1.k2.")
    resp = apis[2].post("/v1/games/patchwork/score", json={"state_token": rotated})
    assert resp.status_code == 200, resp.get_json()
    resp = apis[2].post("/v1/games/patchwork/score", json={"state_token": old})
    problem(resp, 422, "invalid-state-token", "TOKEN_UNKNOWN_KEY")


def test_expected_turn_is_checked_against_the_sealed_state(tapi: ContractClient) -> None:
    token = setup_step(tapi, "patchwork")["state_token"]  # turn 0
    resp = tapi.post(
        "/v1/games/patchwork/apply",
        json={"state_token": token, "action": {"id": "advance"}, "expected_turn": 1},
    )
    body = problem(resp, 409, "stale-state", "STALE_STATE")
    assert (body["expected_turn"], body["actual_turn"]) == (1, 0)


def test_a_body_with_both_the_state_and_a_token_breaks_the_contract(tapi: ContractClient) -> None:
    step = setup_step(tapi, "patchwork")
    resp = tapi.post(
        "/v1/games/patchwork/score",
        json={"state": step["state"], "state_token": step["state_token"]},
    )
    problem(resp, 400, "schema-validation", "SCHEMA_VALIDATION")


def test_a_token_sealed_by_another_engine_version_is_checked_in_full(
    tapi: ContractClient, sealed_app: Flask
) -> None:
    """Only a state this very engine encoded is trusted; an older engine's is re-checked."""
    state = setup_step(tapi, "patchwork")["state"]
    state = {**state, "to_move": ["bob"]}  # alice moves first in this opening
    token = sealed_app.extensions[KEYRING].seal(
        "patchwork", {"engine_version": "0.0.0-older", "state": state}
    )
    resp = tapi.post("/v1/games/patchwork/score", json={"state_token": token})
    assert resp.status_code == 422, resp.get_json()
    violations = resp.get_json()["violations"]
    assert {"code": "INCONSISTENT_STATE", "pointer": "/state_token/to_move"} in [
        {"code": v["code"], "pointer": v["pointer"]} for v in violations
    ]


# --- view steps -------------------------------------------------------------------------------


def test_a_view_step_carries_only_what_its_viewer_may_see(tapi: ContractClient) -> None:
    step = setup_step(tapi, "calico", "?include=view,legal_actions,events,score&viewer=alice")
    assert "state" not in step and "state_hash" not in step and "pending_chance" not in step
    assert step["viewer"] == "alice"
    view = step["view"]
    assert view["viewer"] == "alice"
    assert set(view["private"]) == {"alice"}
    assert "hidden" not in view and "rng" not in view
    assert SEED not in json.dumps(step)
    assert all(a["player"] == "alice" for a in step["legal_actions"])


def test_a_spectator_view_step_has_no_private_part_and_no_actions(tapi: ContractClient) -> None:
    step = setup_step(tapi, "calico", "?include=view,legal_actions")
    assert step["viewer"] is None
    assert step["view"]["private"] == {}
    assert step["legal_actions"] == []


def test_a_view_step_for_someone_not_playing_is_refused(tapi: ContractClient) -> None:
    resp = tapi.post(
        "/v1/games/calico/setup?include=view&viewer=mallory",
        json={"players": PLAYERS, "seed": SEED},
    )
    problem(resp, 422, "unknown-player", "UNKNOWN_PLAYER")


def test_a_viewer_alone_asks_for_a_view_step(tapi: ContractClient, api: ContractClient) -> None:
    """Naming a viewer means the answer is for that player: never the whole state."""
    step = setup_step(tapi, "calico", "?include=legal_actions&viewer=alice")
    assert "state" not in step and step["viewer"] == "alice"
    assert set(step["view"]["private"]) == {"alice"}
    resp = api.post("/v1/games/calico/setup?viewer=alice", json={"players": PLAYERS, "seed": SEED})
    problem(resp, 422, "tokens-disabled", "TOKENS_DISABLED")


def _players(api: ContractClient, game: str) -> list[str]:
    info = api.get(f"/v1/games/{game}").get_json()
    return [f"p{i}" for i in range(1, info["players"]["min"] + 1)]


def _play_with_tokens(api: ContractClient, game: str, seed: str) -> Iterator[dict[str, Any]]:
    """Every view step of a game played by its first legal actions, sending only tokens."""
    players = _players(api, game)
    query = "?include=view,legal_actions,score&viewer="
    resp = api.post(
        f"/v1/games/{game}/setup{query}{players[0]}", json={"players": players, "seed": seed}
    )
    assert resp.status_code == 200, resp.get_json()
    step = resp.get_json()
    yield step
    while not step["finished"]:
        mover = step["to_move"][0]
        if step["viewer"] != mover:  # ask for the mover's view of the same token
            resp = api.post(
                f"/v1/games/{game}/legal-actions",
                json={"state_token": step["state_token"], "player": mover},
            )
            actions = resp.get_json()["legal_actions"]
        else:
            actions = step["legal_actions"]
        assert actions, f"{game}: nothing legal for {mover} at turn {step['view']['turn']}"
        resp = api.post(
            f"/v1/games/{game}/apply{query}{mover}",
            json={
                "state_token": step["state_token"],
                "action": first_action(actions[0]),
                "expected_turn": step["view"]["turn"],
            },
        )
        assert resp.status_code == 200, resp.get_json()
        step = resp.get_json()
        yield step


def _play_in_the_clear(api: ContractClient, game: str, seed: str) -> dict[str, Any]:
    players = _players(api, game)
    step = api.post(f"/v1/games/{game}/setup", json={"players": players, "seed": seed}).get_json()
    while not step["finished"]:
        action = first_action(step["legal_actions"][0])
        step = api.post(
            f"/v1/games/{game}/apply", json={"state": step["state"], "action": action}
        ).get_json()
    return dict(step)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_with_tokens_only(tapi: ContractClient, game: str) -> None:
    """Tokens only, answered as view steps; the same seed and moves in the clear must end in the
    same final score, and no view step may carry the seed."""
    seed = f"{SEED}-{game}"
    steps = list(_play_with_tokens(tapi, game, seed))
    final = steps[-1]
    assert final["finished"] and final["score"]["final"]
    assert all(seed not in json.dumps(s) for s in steps)
    assert [s["view"]["turn"] for s in steps] == list(range(len(steps)))
    clear = _play_in_the_clear(tapi, game, seed)
    assert final["score"] == clear["score"]
    assert final["view"]["public"] == clear["state"]["public"]


# --- seeds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_without_a_seed_draws_one_from_secrets(
    api: ContractClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import engines.core.rng as rng

    drawn: list[int] = []

    def token_hex(nbytes: int) -> str:
        drawn.append(nbytes)
        return "f" * (2 * nbytes)

    monkeypatch.setattr(rng.secrets, "token_hex", token_hex)
    players = _players(api, game)
    state = api.post(f"/v1/games/{game}/setup", json={"players": players}).get_json()["state"]
    assert drawn == [16]  # 128 bits from the operating system's secure source
    assert state["rng"]["seed"] == "f" * 32


def test_two_setups_without_a_seed_get_different_seeds(api: ContractClient) -> None:
    seeds = {
        api.post("/v1/games/calico/setup", json={"players": PLAYERS}).get_json()["state"]["rng"][
            "seed"
        ]
        for _ in range(3)
    }
    assert len(seeds) == 3
