"""JSON out of the service, written with orjson: the answers and the canonical form of a state.

orjson writes the same text as the standard library for everything the service sends (strings,
integers, booleans, null, lists and objects with string keys), several times faster; an answer
with 250 legal actions is 27 KB, and writing it with ``json`` took longer than the rest of the
request. Anything orjson refuses (a key that is not a string, an integer beyond 64 bits) is
written by the standard library instead, so no answer changes.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider
from werkzeug.sansio.response import Response as BaseResponse

# Dates and dataclasses go through Flask's own conversion, as they would without orjson.
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _value_of(o: Any) -> Any:
    """Flask's conversions (for Flask's writer)."""
    return DefaultJSONProvider.default(o)


class AnswerJSON(DefaultJSONProvider):
    """Flask's JSON provider with orjson writing response bodies (``jsonify``).

    With the service's settings (``ensure_ascii`` and ``sort_keys`` off, compact output) the
    text is Flask's: no spaces, UTF-8, keys in the order they were built, and a newline at the
    end. Other settings get Flask's own writer, and so does ``dumps``, whose default text has
    spaces.
    """

    default = staticmethod(_value_of)

    def response(self, *args: Any, **kwargs: Any) -> BaseResponse:
        readable = self.compact is False or (self.compact is None and self._app.debug)
        if self.ensure_ascii or self.sort_keys or readable:
            return super().response(*args, **kwargs)
        obj = self._prepare_response_obj(args, kwargs)
        try:
            body = orjson.dumps(obj, self.default, _OPTIONS | orjson.OPT_APPEND_NEWLINE)
        except TypeError:
            return super().response(*args, **kwargs)
        return Response(body, mimetype=self.mimetype)


def canonical(value: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8: the bytes of ``json.dumps(value, sort_keys=True,
    separators=(",", ":"), ensure_ascii=False)``, written by orjson where it can."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return text.encode("utf-8")


def state_hash(state_json: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a state: equal states, equal hashes."""
    return "sha256:" + hashlib.sha256(canonical(state_json)).hexdigest()
