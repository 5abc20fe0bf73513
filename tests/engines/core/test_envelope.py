"""The shared envelope of every state, pinned field by field where the mutation run found it loose.

The games' own tests read and write whole states, so a changed detail, pointer or default in the
envelope passes them unnoticed; these tests build envelopes and their JSON directly. Every expected
value is written out by hand from the envelope's contract (API.md, "The state")."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.envelope import (
    Envelope,
    RngState,
    check_derived,
    envelope_from_json,
    envelope_shape_error,
    envelope_to_json,
    redact,
)
from engines.core.errors import InvalidState, Violation, ViolationCollector
from engines.core.rng import CounterRng


def state_json(**changes: Any) -> dict[str, Any]:
    """A well-formed seeded two-player envelope (a state's shared fields)."""
    data: dict[str, Any] = {
        "game": "patchwork",
        "rules_version": "1.0",
        "schema_version": 1,
        "players": ["ann", "bob"],
        "options": {"randomness": "seeded"},
        "turn": 2,
        "rng": {"mode": "seeded", "algorithm": "sha256-ctr-v1", "seed": "s1", "counter": 9},
    }
    data.update(changes)
    return data


def read(data: dict[str, Any]) -> tuple[Envelope, list[Violation]]:
    v = ViolationCollector()
    env = envelope_from_json(data, "patchwork", ["1.0", "1.1"], v)
    return env, v.violations


# --- the generator's state ---------------------------------------------------------------------


def test_external_randomness_keeps_no_seed_even_when_one_is_given() -> None:
    assert RngState.for_setup("external", "s1") == RngState("external", None, 0)


def test_seeded_setup_keeps_the_given_seed_from_counter_zero() -> None:
    assert RngState.for_setup("seeded", "s1") == RngState("seeded", "s1", 0)


def test_seeded_setup_without_a_seed_draws_a_fresh_one() -> None:
    rng = RngState.for_setup("seeded", None)
    # new_seed: 16 random bytes in hex, 32 characters.
    assert rng.mode == "seeded" and rng.counter == 0
    assert rng.seed is not None and len(rng.seed) == 32


def test_only_a_seeded_state_has_a_generator() -> None:
    for rng in (RngState("external"), RngState("seeded", None, 0)):
        with pytest.raises(ValueError) as err:
            rng.generator()
        assert str(err.value) == "only a seeded state has a generator"
    gen = RngState("seeded", "s1", 5).generator()
    assert (gen.seed, gen.counter) == ("s1", 5)


def test_advancing_keeps_the_seed_and_takes_the_generators_counter() -> None:
    assert RngState("seeded", "s1", 2).advanced(CounterRng("other", 7)) == RngState(
        "seeded", "s1", 7
    )


def test_generator_json_names_the_algorithm_only_when_seeded() -> None:
    assert RngState("external").to_json() == {"mode": "external"}
    assert RngState("seeded", "s1", 4).to_json() == {
        "mode": "seeded",
        "algorithm": "sha256-ctr-v1",
        "seed": "s1",
        "counter": 4,
    }


# --- the envelope and its log ------------------------------------------------------------------


def test_a_new_envelope_keeps_a_log_only_when_asked() -> None:
    rng = RngState("external")
    logged = Envelope.new(["ann", "bob"], {"record_log": True}, rng)
    assert logged == Envelope(("ann", "bob"), {"record_log": True}, 0, rng, ())
    assert Envelope.new(["ann"], {}, rng).log is None
    assert Envelope.new(["ann"], {"record_log": False}, rng).log is None


def test_each_applied_action_adds_one_turn_and_one_log_entry() -> None:
    rng = RngState("external")
    env = Envelope.new(["ann", "bob"], {"record_log": True}, rng).after("a1", "ann")
    env = env.after("a2", "bob")
    assert env.turn == 2
    assert env.log == ({"id": "a1", "player": "ann"}, {"id": "a2", "player": "bob"})
    unlogged = Envelope.new(["ann"], {}, rng).after("a1", "ann")
    assert (unlogged.turn, unlogged.log) == (1, None)


def test_envelope_json_holds_the_shared_fields_and_the_log_when_kept() -> None:
    rng = RngState("seeded", "s1", 3)
    env = Envelope(("ann", "bob"), {"x": 1}, 4, rng, ({"id": "a1", "player": "ann"},))
    out = envelope_to_json(
        "patchwork",
        "1.0",
        env,
        to_move=["bob"],
        phase="play",
        finished=False,
        public={"p": 1},
        private={"ann": {}},
        hidden={"h": 2},
    )
    assert out == {
        "game": "patchwork",
        "rules_version": "1.0",
        "schema_version": 1,
        "players": ["ann", "bob"],
        "options": {"x": 1},
        "turn": 4,
        "to_move": ["bob"],
        "phase": "play",
        "finished": False,
        "rng": {"mode": "seeded", "algorithm": "sha256-ctr-v1", "seed": "s1", "counter": 3},
        "public": {"p": 1},
        "private": {"ann": {}},
        "hidden": {"h": 2},
        "log": [{"id": "a1", "player": "ann"}],
    }
    unlogged = envelope_to_json(
        "patchwork",
        "1.0",
        Envelope(("ann",), {}, 0, RngState("external"), None),
        to_move=[],
        phase="end",
        finished=True,
        public={},
        private={},
        hidden={},
    )
    assert "log" not in unlogged


# --- reading the envelope back -----------------------------------------------------------------


def test_a_well_formed_envelope_reads_back_without_violations() -> None:
    env, violations = read(state_json(log=[{"id": "a1", "player": "ann"}]))
    assert violations == []
    assert env == Envelope(
        ("ann", "bob"),
        {"randomness": "seeded"},
        2,
        RngState("seeded", "s1", 9),
        ({"id": "a1", "player": "ann"},),
    )


def test_a_seeded_generator_defaults_to_the_one_algorithm_and_counter_zero() -> None:
    # No algorithm: the one generator there is; no counter: 0; no options: seeded randomness.
    env, violations = read(state_json(rng={"mode": "seeded", "seed": "s1"}, options={}))
    assert violations == []
    assert (env.rng, env.log) == (RngState("seeded", "s1", 0), None)
    data = state_json()
    del data["options"]  # a library caller's state without options: none, seeded
    env, violations = read(data)
    assert (env.options, violations) == ({}, [])


def test_every_broken_shared_field_is_reported_with_its_pointer() -> None:
    data = state_json(
        game="calico",
        rules_version="2.0",
        schema_version=2,
        players=["ann", "chance", "ann"],
        rng={"mode": "seeded", "algorithm": "mt19937"},
        options={"randomness": "external"},
    )
    env, violations = read(data)
    assert violations == [
        Violation("WRONG_GAME", "/game", "this endpoint adjudicates patchwork, not “calico”"),
        Violation(
            "UNSUPPORTED_RULES_VERSION",
            "/rules_version",
            "rules version “2.0” is not 1.0 or 1.1",
        ),
        Violation("UNSUPPORTED_SCHEMA_VERSION", "/schema_version", "schema version 2 is not 1"),
        Violation(
            "DUPLICATE_PLAYER",
            "/players",
            "player ids must be distinct: “ann”, “chance” and “ann”",
        ),
        Violation(
            "RESERVED_PLAYER_ID", "/players", "the player id “chance” is reserved for chance"
        ),
        Violation("UNKNOWN_RNG", "/rng/algorithm", "unknown generator “mt19937”"),
        Violation("MISSING_SEED", "/rng/seed", "a seeded state needs its seed"),
        Violation(
            "RNG_MODE_MISMATCH",
            "/rng/mode",
            "rng mode seeded differs from options.randomness “external”",
        ),
    ]
    # The seed read as empty, the counter as 0: the state is refused anyway.
    assert env.rng == RngState("seeded", "", 0)


def test_external_generator_needs_external_randomness_in_the_options() -> None:
    # No options.randomness means seeded: an external generator disagrees.
    env, violations = read(state_json(rng={"mode": "external"}, options={}))
    assert env.rng == RngState("external")
    assert violations == [
        Violation(
            "RNG_MODE_MISMATCH",
            "/rng/mode",
            "rng mode external differs from options.randomness null",
        )
    ]
    _, violations = read(state_json(rng={"mode": "external"}, options={"randomness": "external"}))
    assert violations == []


def test_a_missing_game_and_versions_are_reported_as_null() -> None:
    data = state_json()
    del data["game"], data["rules_version"], data["schema_version"]
    _, violations = read(data)
    assert [v.detail for v in violations] == [
        "this endpoint adjudicates patchwork, not null",
        "rules version null is not 1.0 or 1.1",
        "schema version null is not 1",
    ]


def test_an_unreadable_envelope_names_the_missing_field() -> None:
    err = envelope_shape_error(KeyError("players"))
    assert isinstance(err, InvalidState)
    assert err.violations == [
        Violation(
            "INVALID_STATE_SHAPE",
            "",
            "the state lacks a well-formed envelope field: “players” is missing",
        )
    ]
    for other in (TypeError("players"), KeyError()):
        assert envelope_shape_error(other).violations == [
            Violation("INVALID_STATE_SHAPE", "", "the state lacks a well-formed envelope field")
        ]


# --- views and derived fields ------------------------------------------------------------------


def test_a_view_drops_the_generator_and_hidden_and_keeps_only_the_viewers_private_part() -> None:
    encoded = {
        "game": "g",
        "rng": {"mode": "external"},
        "hidden": {"bag": [1]},
        "private": {"ann": {"hand": [1]}, "bob": {"hand": [2]}},
        "public": {"p": 0},
    }
    assert redact(encoded, "ann") == {
        "game": "g",
        "private": {"ann": {"hand": [1]}},
        "public": {"p": 0},
        "viewer": "ann",
    }
    assert redact(encoded, None) == {"game": "g", "private": {}, "public": {"p": 0}, "viewer": None}
    assert redact(encoded, "cat")["private"] == {}


def test_derived_fields_and_log_length_that_disagree_are_each_reported() -> None:
    env = Envelope(("ann",), {}, 3, RngState("external"), ({"id": "a", "player": "ann"},))
    v = ViolationCollector()
    data = {"to_move": ["bob"], "phase": "play", "finished": True}
    check_derived(data, env, v, to_move=["ann"], phase="play", finished=False)
    assert v.violations == [
        Violation(
            "INCONSISTENT_STATE",
            "/to_move",
            'to_move should be ["ann"] for this position, not ["bob"]',
        ),
        Violation(
            "INCONSISTENT_STATE",
            "/finished",
            "finished should be false for this position, not true",
        ),
        Violation("LOG_LENGTH", "/log", "the log holds 1 actions, turn is 3"),
    ]


def test_agreeing_derived_fields_and_an_unkept_log_pass() -> None:
    v = ViolationCollector()
    env = Envelope(("ann",), {}, 3, RngState("external"), None)
    data = {"to_move": ["ann"], "phase": "play", "finished": False}
    check_derived(data, env, v, to_move=["ann"], phase="play", finished=False)
    kept = Envelope(("ann",), {}, 1, RngState("external"), ({"id": "a", "player": "ann"},))
    check_derived(data, kept, v, to_move=["ann"], phase="play", finished=False)
    assert v.violations == []
