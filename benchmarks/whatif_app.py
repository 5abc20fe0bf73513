"""A benchmark-only variant of the referee: ``jsonschema-rs`` as a fast path for valid bodies.

It is the unchanged ``service.create_app()`` with one hook replaced: a body that
``jsonschema_rs`` accepts skips ``jsonschema``; any other body is checked by the service's own
validator, so every error answer stays exactly what the service sends. It exists only to measure
the recommendation in ``docs/performance.md``; the service itself is not changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema_rs
from flask import Flask
from jsonschema import Draft202012Validator

from service import create_app as create_referee_app
from service.contract import DOC_URI

Validate = Callable[[Draft202012Validator, Any], list[dict[str, str]]]


def bundled(doc: dict[str, Any], pointer: str) -> dict[str, Any]:
    """The whole contract as one schema whose root is ``$ref: #pointer`` (local refs resolve)."""
    return {**doc, "$ref": "#" + pointer}


def _ref(validator: Draft202012Validator) -> str:
    schema: Any = validator.schema
    return str(schema["$ref"])


def fast_path(
    doc: dict[str, Any], validators: list[Draft202012Validator], slow: Validate
) -> Validate:
    """Compile every request schema now (before gunicorn forks), then check valid bodies fast.

    A schema ``jsonschema_rs`` cannot compile keeps the slow path only.
    """
    compiled: dict[str, jsonschema_rs.Draft202012Validator] = {}
    for v in validators:
        try:
            compiled[_ref(v)] = jsonschema_rs.Draft202012Validator(
                bundled(doc, _ref(v).removeprefix(DOC_URI + "#"))
            )
        except (ValueError, jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError):
            continue

    def validate(validator: Draft202012Validator, data: Any) -> list[dict[str, str]]:
        fast = compiled.get(_ref(validator))
        if fast is not None and fast.is_valid(data):
            return []
        return slow(validator, data)

    return validate


def create_app() -> Flask:
    app = create_referee_app()
    app.extensions["validate"] = fast_path(
        app.extensions["contract"].doc,
        list(app.extensions["request_validators"].values()),
        app.extensions["validate"],
    )
    return app
