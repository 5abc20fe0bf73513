"""orjson writes exactly the text the standard library wrote: answers and state hashes unchanged."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Flask, Response
from hypothesis import given
from hypothesis import strategies as st

from service.jsonout import AnswerJSON, canonical, state_hash

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
