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


def fast_path(doc: dict[str, Any], slow: Validate) -> Validate:
    compiled: dict[str, jsonschema_rs.Draft202012Validator] = {}

    def validate(validator: Draft202012Validator, data: Any) -> list[dict[str, str]]:
        ref = str(validator.schema["$ref"])  # type: ignore[index]
        fast = compiled.get(ref)
        if fast is None:
            fast = compiled[ref] = jsonschema_rs.Draft202012Validator(
                bundled(doc, ref.removeprefix(DOC_URI + "#"))
            )
        if fast.is_valid(data):
            return []
        return slow(validator, data)

    return validate


def create_app() -> Flask:
    app = create_referee_app()
    contract = app.extensions["contract"]
    app.extensions["validate"] = fast_path(contract.doc, app.extensions["validate"])
    return app
