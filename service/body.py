"""Reading a request body: media type, size and JSON, each failure a precise problem."""

from __future__ import annotations

import json
from typing import Any, NoReturn

from flask import request

from service import problems


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


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
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except RecursionError:
        raise problems.malformed_json("the JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as err:
        raise problems.malformed_json(f"the body is not valid JSON: {err}") from None
