"""Reading a request body: media type, size and JSON, each failure a precise problem."""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from service import problems


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
        raise ValueError(f"the number {text[:32]!r} is out of range")
    return int(value) if value.is_integer() else value


def read_json() -> Any:
    mimetype = request.mimetype
    if mimetype != "application/json" and not (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    ):
        raise problems.Problem(
            415,
            "unsupported-media-type",
            "Unsupported media type",
            f"send the body as application/json, not {mimetype or 'no content type'!r}",
            "UNSUPPORTED_MEDIA_TYPE",
        )
    raw = request.get_data(cache=False)  # over MAX_CONTENT_LENGTH: werkzeug raises 413
    limit = request.max_content_length
    # A body without a Content-Length (chunked) is cut at the limit rather than refused:
    # anything past the limit makes it too large.
    cut = request.content_length is None and limit is not None and len(raw) >= limit
    if cut and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    try:
        return json.loads(raw, parse_float=_parse_float, parse_constant=_reject_constant)
    except RecursionError:
        raise problems.malformed_json("the JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as err:
        raise problems.malformed_json(f"the body is not valid JSON: {err}") from None
