"""The fast body reader (orjson) and the exact one (the standard library's) agree on every body.

``service.body.parse`` takes orjson's value only when it can prove the two readers agree; these
tests send exactly the bodies where they could differ, and random ones, to both.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service import body
from service.problems import Problem


def outcome(read: Any, raw: bytes) -> tuple[str, Any]:
    """A reader's answer: the value with the type of every number, or the problem's code."""
    try:
        return "value", typed(read(raw))
    except Problem as problem:
        return "problem", problem.code


def typed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [typed(v) for v in value]
    return (type(value).__name__, value)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # A key twice whose strings hold colons: the colon count must not hide the lost member.
        (b'{"a:":1,"a:":2}', ("problem", "DUPLICATE_KEY")),
        (b'{"a":"x:y","a":1}', ("problem", "DUPLICATE_KEY")),
        # A key twice plus an escaped colon: equal counts, so escapes go to the exact reader.
        (b'{"a":1,"a":"\\u003a"}', ("problem", "DUPLICATE_KEY")),
        # orjson reads an integer beyond 64 bits as a float; the exact reader keeps it whole.
        (b"[123456789012345678901234567890]", ("value", [("int", 123456789012345678901234567890)])),
        (b"[3.0, 2.5]", ("value", [("int", 3), ("float", 2.5)])),
        # Exponents with either letter, and no fraction: still floats, and integral ones integers.
        (b"[1E2, 2e-1, 7e0]", ("value", [("int", 100), ("float", 0.2), ("int", 7)])),
        (b'{"n":1e999}', ("problem", "MALFORMED_JSON")),
        # A lone surrogate written in UTF-8 bytes (ED A0 80 is U+D800).
        (b'{"s":"\xed\xa0\x80"}', ("problem", "INVALID_UNICODE")),
        (b'{"id":"buy:31:0,7;0,8"}', ("value", {"id": ("str", "buy:31:0,7;0,8")})),
        # A string one character over the limit: the body is longer than a string may be.
        (b'{"s":"' + b"x" * (body.MAX_STRING + 1) + b'"}', ("problem", "LIMIT_EXCEEDED")),
        (b'{"a":' * 33 + b"1" + b"}" * 33, ("problem", "LIMIT_EXCEEDED")),
        # Deeper than orjson writes (it reads 1024 levels, writes 254).
        (b"[" * 300 + b"]" * 300, ("problem", "LIMIT_EXCEEDED")),
        # Float-like text in a string: the fast reader still reads it.
        (
            b'{"seed":"1.5e3","n":12345678901234567890}',
            ("value", {"seed": ("str", "1.5e3"), "n": ("int", 12345678901234567890)}),
        ),
    ],
    ids=[
        "duplicate-key-with-colon",
        "duplicate-after-colon-string",
        "duplicate-and-escaped-colon",
        "integer-beyond-64-bits",
        "integral-float",
        "exponents",
        "out-of-range",
        "utf8-surrogate",
        "action-id",
        "long-string",
        "deep",
        "deeper-than-orjson-writes",
        "float-like-string",
    ],
)
def test_the_service_reads_the_bodies_where_the_readers_could_differ(
    raw: bytes, expected: tuple[str, Any]
) -> None:
    assert outcome(body.parse, raw) == expected
    assert outcome(body._parse_exactly, raw) == expected
    assert outcome(walked_later, raw) == expected


def walked_later(raw: bytes) -> Any:
    """What the service does with a body the contract refuses: read without the limits' walk,
    then walk them (a body the contract accepts is within them: tests/service/
    test_hostile_input.py)."""
    value = body.parse(raw, walk_limits=False)
    body.check_limits(value)
    return value


KEYS = st.sampled_from(["a", "b", "a:b", ":", "id", "ü", "x" * 3])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet=st.sampled_from('ab:,{}[]"\\ é😀'), max_size=6),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.lists(st.tuples(KEYS, inner), max_size=4)
    ),
    max_leaves=20,
)


def write(value: Any, escaped: bool) -> str:
    """JSON text where a list of pairs is an object, so a key may appear twice; ``escaped``
    writes every non-ASCII character as a ``\\u`` escape."""
    if isinstance(value, list) and value and all(isinstance(v, tuple) for v in value):
        members = (f"{json.dumps(k, ensure_ascii=escaped)}:{write(v, escaped)}" for k, v in value)
        return "{" + ",".join(members) + "}"
    if isinstance(value, list):
        return "[" + ",".join(write(v, escaped) for v in value) + "]"
    return json.dumps(value, ensure_ascii=escaped)


@given(VALUES, st.booleans())
def test_the_fast_reader_agrees_with_the_exact_one(value: Any, escaped: bool) -> None:
    raw = write(value, escaped).encode()
    assert outcome(body.parse, raw) == outcome(body._parse_exactly, raw)
    assert outcome(walked_later, raw) == outcome(body._parse_exactly, raw)
