"""orjson writes exactly the text the standard library wrote: answers and state hashes unchanged."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson
import pytest
from flask import Flask, Response
from hypothesis import given
from hypothesis import strategies as st

from service import jsonout, steps
from service.jsonout import AnswerJSON, canonical, state_hash, written_once

# Everything the service writes: no floats in any schema of the contract, but every string,
# including control characters, quotes, backslashes and characters beyond the BMP.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=30,
)


def _app(provider: bool) -> Flask:
    app = Flask(__name__)
    if provider:
        app.json = AnswerJSON(app)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    return app


FLASK, ORJSON = _app(False), _app(True)


def _body(app: Flask, value: Any) -> bytes:
    with app.app_context():
        answer: Response = app.json.response(value)  # type: ignore[assignment]
        return answer.get_data()


@given(VALUES)
def test_an_answer_is_the_text_flask_wrote(value: Any) -> None:
    assert _body(ORJSON, value) == _body(FLASK, value)


@given(VALUES)
def test_the_canonical_form_is_the_standard_librarys(value: Any) -> None:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical(value) == text.encode("utf-8")


def test_an_answer_keeps_the_order_keys_were_built_in_and_ends_with_a_newline() -> None:
    assert _body(ORJSON, {"b": 1, "a": "é"}) == '{"b":1,"a":"é"}\n'.encode()


def test_a_value_orjson_refuses_is_written_by_the_standard_library() -> None:
    # orjson refuses integer keys and integers beyond 64 bits; json writes "1" and the digits.
    value = {1: 2**64}
    assert _body(ORJSON, value) == b'{"1":18446744073709551616}\n'
    assert canonical(value) == b'{"1":18446744073709551616}'


def test_the_state_hash_is_sha256_of_the_sorted_compact_text() -> None:
    # The hash of {"b": [1, "ü"], "a": null} is over the 20 bytes {"a":null,"b":[1,"ü"]}.
    expected = hashlib.sha256('{"a":null,"b":[1,"ü"]}'.encode()).hexdigest()
    assert state_hash({"b": [1, "ü"], "a": None}) == "sha256:" + expected


def test_settings_orjson_cannot_follow_fall_back_to_flask() -> None:
    app = _app(True)
    app.json.sort_keys = True  # type: ignore[attr-defined]
    assert _body(app, {"b": 1, "a": 2}) == b'{"a":2,"b":1}\n'
    app.json.ensure_ascii = True  # type: ignore[attr-defined]
    assert _body(app, {"a": "é"}) == b'{"a":"\\u00e9"}\n'


def test_a_text_written_once_is_the_objects_text_and_is_reused() -> None:
    action = {"id": "buy:31:0,7;0,8", "cells": [[0, 7], [0, 8]], "player": "ü"}
    [first] = written_once([action])
    assert written_once([action]) == [first]
    assert written_once([action])[0] is first
    assert _body(ORJSON, {"legal_actions": [first, first]}) == _body(
        FLASK, {"legal_actions": [action, action]}
    )
    equal_but_other = dict(action)
    assert written_once([equal_but_other])[0] is not first  # by identity, not by equality


def test_a_text_written_once_is_written_by_the_standard_library_too() -> None:
    # Flask's writer takes over for a value orjson refuses; the texts are read back for it.
    value = {1: 2**64, "legal_actions": written_once([{"id": "pass"}])}
    assert _body(ORJSON, value) == b'{"1":18446744073709551616,"legal_actions":[{"id":"pass"}]}\n'


def test_the_texts_written_once_start_again_past_their_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(jsonout, "_written", {})
    monkeypatch.setattr(jsonout, "WRITTEN_LIMIT", 2)
    kept = [{"n": n} for n in range(3)]
    texts = written_once(kept)
    assert list(jsonout._written) == [id(kept[2])]
    assert written_once(kept[:1])[0] is not texts[0]  # written again, to the same text
    assert _body(ORJSON, written_once(kept[:1])) == b'[{"n":0}]\n'


class _Listing:
    """A stand-in game with two legal actions, encoded afresh or handed out from a cache."""

    def __init__(self, game_id: str, shared: bool) -> None:
        self.id = game_id
        self.shared = shared
        self.kept: dict[str, dict[str, str]] = {}

    def legal_actions(self, state: Any, player: str | None = None) -> list[str]:
        return ["pass", "end"]

    def encode_action(self, state: Any, action: str) -> dict[str, str]:
        if not self.shared:
            return {"id": action}
        return self.kept.setdefault(action, {"id": action})


def test_legal_actions_are_texts_written_once_only_for_an_engine_that_shares_its_objects() -> None:
    sharing, fresh = _Listing("sharing-test", True), _Listing("fresh-test", False)
    written = steps.legal_actions_json(sharing, None)  # type: ignore[arg-type]
    assert all(isinstance(t, orjson.Fragment) for t in written)
    assert _body(ORJSON, written) == b'[{"id":"pass"},{"id":"end"}]\n'
    objects = steps.legal_actions_json(fresh, None)  # type: ignore[arg-type]
    assert objects == [{"id": "pass"}, {"id": "end"}]
