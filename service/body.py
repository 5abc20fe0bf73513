"""Reading a request body: media type, size, JSON and cheap limits, each failure a precise problem.

Everything here runs before schema validation and costs time linear in the body's bytes, so a
hostile body is refused before any costly check sees it:

1. the raw bytes: at most ``MAX_NODES`` JSON values, counted from the structural characters
   without parsing (an over-estimate: a comma or bracket inside a string counts too; a body
   shorter than ``MAX_NODES`` bytes cannot hold more values, and is not counted);
2. the JSON itself, where a key given twice in one object is a ``DUPLICATE_KEY`` problem;
3. one walk over the parsed values: nesting depth, array lengths, string lengths, object sizes,
   and no lone surrogate (``"\\ud800"`` is valid JSON but no Unicode text).

Two readers give the same answer for every body. The exact one is the standard library's, with
hooks for numbers and duplicate keys. The fast one is orjson, about five times quicker on a state,
and taken only where it provably agrees: no ``\\u`` escape in the body, no number with a fraction
or exponent, and as many ``:`` in the body as in orjson's value written out again (a key given
twice leaves one member, so one colon, fewer). Any other body goes to the exact reader.

Each limit is at least as large as anything ``openapi.yaml`` accepts (``tests/service/
test_hostile_input.py`` checks the contract against them), so a body the contract allows never
trips one. The converse lets a body bound for the contract skip the walk of step 3: the
contract's compiled check accepts only values within every limit, and the caller walks the
limits of a value it refuses before explaining why (``read_json(walk_limits=False)``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from typing import Any, NoReturn

import orjson
from flask import current_app, request
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge

from service import problems

MAX_DEPTH = 32
"""Nesting of arrays and objects; the deepest request the contract allows is about 10."""
MAX_ITEMS = 1000
"""Items in one array: the longest arrays of the contract (a batch, a replay, a log) hold 1000."""
MAX_PROPERTIES = 64
"""Members of one object."""
MAX_STRING = 262_144
"""Characters in one string or key: the contract's longest string is a sealed state token."""
MAX_NODES = 50_000
"""JSON values in a whole body; a replay of 1000 complete actions has about 15,000."""

_STRUCTURAL = (b",", b"[", b"{", b":")
_DIGITS_AND_FLOAT_MARKS = bytes(
    ord("0") if chr(i).isdigit() and i < 128 else ord(".") if chr(i) in ".eE" else ord(" ")
    for i in range(256)
)
"""Every digit to ``0``, ``.``, ``e`` and ``E`` to ``.``, the rest blanked: see
``_may_hold_floats``."""


def _may_hold_floats(raw: bytes) -> bool:
    """Whether ``raw`` may hold a float: in every JSON float a fraction or an exponent follows a
    digit, and an integer beyond 64 bits, which orjson reads as a float, has at least 19 digits.
    Such bytes in a string only cost the walk that counts the floats."""
    marks = raw.translate(_DIGITS_AND_FLOAT_MARKS)
    return b"0." in marks or b"0" * 19 in marks


_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")
"""A ``\\uD800``-``\\uDFFF`` escape, or a surrogate written in UTF-8 bytes (which the standard
library's reader lets through): the two ways a lone surrogate gets into parsed JSON."""


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _parse_float(text: str) -> float | int:
    """A JSON number with a fraction or exponent.

    JSON has one number type and JSON Schema counts ``3.0`` as an integer, so the contract accepts
    it where an integer is due: keep it an ``int`` so the engines never see a float there. A
    number too large for a float (``1e999``) is rejected rather than read as infinity.
    """
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:32]} is out of range")
    return int(value) if value.is_integer() else value


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different (JSON leaves duplicates open; we refuse them)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


def read_json(walk_limits: bool = True) -> Any:
    """The request's JSON value; ``walk_limits=False`` for a value that goes to the contract's
    compiled check next, whose caller walks the limits of any value the check refuses."""
    raw = _declared_json_body(request.environ)
    if raw is None:
        raw = _general_body()
    return parse(raw, walk_limits)


def _declared_json_body(environ: dict[str, Any]) -> bytes | None:
    """The body of a request that says ``Content-Type: application/json`` and a plain
    ``Content-Length`` within the limit (every client of the contract), read from the WSGI
    stream itself; None for any other request, which ``_general_body`` reads.

    werkzeug's ``get_data`` reads the same bytes through its stream wrappers, which cost more
    than parsing a small body: where the server ends the stream at the declared length
    (``wsgi.input_terminated``, as gunicorn does), it reads to the end; elsewhere it reads the
    declared length, and a body that ends before it, or a stream that fails, is a client gone
    (400), as here.
    """
    length = environ.get("CONTENT_LENGTH", "")
    if (
        environ.get("CONTENT_TYPE") != "application/json"
        or not (length.isascii() and length.isdigit())
        or "HTTP_TRANSFER_ENCODING" in environ
        or "HTTP_CONTENT_ENCODING" in environ
    ):
        return None
    size = int(length)
    # the app's limit, as ``request.max_content_length`` reads it (this service sets none per
    # request), in one look-up of Flask's context where that property makes three
    limit: int | None = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and size > limit:
        return None  # the general reader answers 413
    try:
        raw: bytes = environ["wsgi.input"].read(size)
    except (OSError, ValueError):  # the client stopped sending (CLIENT_READ_TIMEOUT) or left
        raise ClientDisconnected() from None
    if len(raw) < size and "wsgi.input_terminated" not in environ:
        raise ClientDisconnected()
    return raw


def _general_body() -> bytes:
    """The body of any request, through werkzeug: media types with parameters or a ``+json``
    suffix, chunked bodies, a length over the limit (413), a content coding (415)."""
    _check_content_encoding(request.headers.get("Content-Encoding", ""))
    mimetype = request.mimetype
    if mimetype != "application/json" and not (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    ):
        raise problems.Problem(
            415,
            "unsupported-media-type",
            "Unsupported media type",
            f"send the body as application/json, not {mimetype}"
            if mimetype
            else "send the body as application/json: the request names no content type",
            "UNSUPPORTED_MEDIA_TYPE",
        )
    raw = request.get_data(cache=False)  # over MAX_CONTENT_LENGTH: werkzeug raises 413
    limit = request.max_content_length
    # A body without a Content-Length (chunked) is cut at the limit rather than refused:
    # anything past the limit makes it too large.
    cut = request.content_length is None and limit is not None and len(raw) >= limit
    if cut and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return raw


def _check_content_encoding(value: str) -> None:
    """No content coding: the service decodes none (a gzip or br body would otherwise be read as
    JSON and refused for its bytes). ``identity`` is no coding at all. The 415 names the one
    coding accepted in ``Accept-Encoding`` (RFC 9110 §15.5.16)."""
    codings = [c.strip().lower() for c in value.split(",") if c.strip()]
    if all(c == "identity" for c in codings):
        return
    shown = value.strip() if len(value.strip()) <= 40 else value.strip()[:40] + "…"
    raise problems.Problem(
        415,
        "unsupported-content-encoding",
        "Unsupported content encoding",
        f"the service reads the body as it is sent, with no content coding: send it without "
        f"Content-Encoding {problems.quoted(shown)}",
        "UNSUPPORTED_CONTENT_ENCODING",
        headers={"Accept-Encoding": "identity"},
    )


def parse(raw: bytes, walk_limits: bool = True) -> Any:
    """The JSON value of ``raw`` within the limits above, or a 400 problem.

    ``walk_limits=False`` leaves out the walk of step 3 where the fast reader reads the body: the
    caller checks the value against the contract and walks the limits if the contract refuses it.
    """
    if len(raw) >= MAX_NODES and 1 + sum(raw.count(c) for c in _STRUCTURAL) > MAX_NODES:
        raise problems.limit_exceeded("", f"more than {MAX_NODES} JSON values", MAX_NODES)
    return _parse_quickly(raw, walk_limits) or _parse_exactly(raw)


def _parse_quickly(raw: bytes, walk_limits: bool) -> Any:
    """orjson's value of ``raw`` where it provably equals the exact reader's; otherwise ``None``,
    and the exact reader reads the body (as it does a falsy value such as ``{}``)."""
    if b"\\" in raw and b"\\u" in raw:  # the first test is one scan for a byte
        return None  # escapes may hide a surrogate or a colon
    try:
        data = orjson.loads(raw)  # strict UTF-8: no surrogate gets through without an escape
        floats = (
            check_limits(data, strings=len(raw) > MAX_STRING)
            if walk_limits or _may_hold_floats(raw)
            else 0
        )
    except (orjson.JSONDecodeError, problems.Problem):
        return None  # the exact reader names the error, and which one comes first
    if floats:
        return None
    # A key given twice leaves one member fewer, so one ':' fewer when the value is written out.
    try:
        written = orjson.dumps(data)
    except orjson.JSONEncodeError:
        return None  # nested deeper than orjson writes: the exact reader finds the limit's pointer
    return data if written.count(b":") == raw.count(b":") else None


def _parse_exactly(raw: bytes) -> Any:
    try:
        data = json.loads(
            raw,
            parse_float=_parse_float,
            parse_constant=_reject_constant,
            object_pairs_hook=_unique_keys,
        )
    except RecursionError:
        raise problems.malformed_json("the JSON is nested too deeply") from None
    except _DuplicateKey as dup:
        raise problems.duplicate_key(dup.key) from None
    except (ValueError, UnicodeDecodeError) as err:
        raise problems.malformed_json(f"the body is not valid JSON: {err}") from None
    check_limits(data, surrogates=_SURROGATE.search(raw) is not None)
    return data


def check_limits(data: Any, strings: bool = True, surrogates: bool = False) -> int:
    """Walk ``data`` once, refusing the first value over a limit; return how many floats it holds
    (numbers with a fraction or an exponent, and orjson's integers beyond 64 bits).

    ``strings=False`` skips the string checks (when no string can be too long: the body is
    shorter than ``MAX_STRING``); ``surrogates=True`` also refuses a lone surrogate. The walk keeps
    no paths (it visits up to ``MAX_NODES`` values); the pointer of a refused value is looked up
    afterwards.
    """
    strings = strings or surrogates
    kind = type(data)
    if kind is str and strings:
        _check_string(data, data, surrogates)
    if kind is not list and kind is not dict:
        return int(kind is float)
    floats = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    push, pop = stack.append, stack.pop
    while stack:
        value, depth = pop()
        if depth >= MAX_DEPTH:
            raise problems.limit_exceeded(
                pointer_of(data, value), f"nested deeper than {MAX_DEPTH}", MAX_DEPTH
            )
        below = depth + 1
        if type(value) is list:
            if len(value) > MAX_ITEMS:
                raise problems.limit_exceeded(
                    pointer_of(data, value),
                    f"an array of {len(value)} items; at most {MAX_ITEMS}",
                    MAX_ITEMS,
                )
            items: Iterable[Any] = value
        else:
            if len(value) > MAX_PROPERTIES:
                raise problems.limit_exceeded(
                    pointer_of(data, value),
                    f"an object of {len(value)} members; at most {MAX_PROPERTIES}",
                    MAX_PROPERTIES,
                )
            if strings:
                for key in value:
                    if len(key) > MAX_STRING or (surrogates and not key.isascii()):
                        _check_string(data, key, surrogates, owner=value)
            items = value.values()
        for item in items:
            kind = type(item)
            if kind is list or kind is dict:
                push((item, below))
            elif kind is float:
                floats += 1
            elif (
                kind is str
                and strings
                and (len(item) > MAX_STRING or (surrogates and not item.isascii()))
            ):
                _check_string(data, item, surrogates)
    return floats


def _check_string(data: Any, text: str, surrogates: bool, owner: Any = None) -> None:
    """``text`` within ``MAX_STRING`` and, when asked, free of lone surrogates.

    ``owner``: the object whose key ``text`` is (its problem names that object).
    """
    if len(text) > MAX_STRING:
        raise problems.limit_exceeded(
            pointer_of(data, text if owner is None else owner),
            f"a string of {len(text)} characters; at most {MAX_STRING}",
            MAX_STRING,
        )
    if surrogates and not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as err:
            raise problems.invalid_unicode(
                pointer_of(data, text if owner is None else owner),
                f"a lone surrogate U+{ord(text[err.start]):04X} is not Unicode text",
            ) from None


def pointer_of(data: Any, target: Any) -> str:
    """The JSON Pointer of the first value in ``data`` that is ``target`` itself (identity)."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, pointer = stack.pop()
        if value is target:
            return pointer
        if isinstance(value, list):
            members: Iterable[tuple[Any, Any]] = enumerate(value)
        elif isinstance(value, dict):
            members = value.items()
        else:
            continue
        stack.extend(
            (item, f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}")
            for key, item in reversed(list(members))
        )
    return ""
