"""``openapi.yaml``, the one source of truth: loaded once, served verbatim, validated against.

Request bodies are checked with ``jsonschema`` (Draft 2020-12, which OpenAPI 3.1 uses) against the
schema the contract declares for the operation; every error is reported with a JSON Pointer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOC_URI = "urn:referee:openapi"
MAX_REPORTED_ERRORS = 20


def default_path() -> Path:
    return Path(
        os.environ.get("OPENAPI_PATH", Path(__file__).resolve().parent.parent / "openapi.yaml")
    )


@dataclass
class Contract:
    text: str
    doc: dict[str, Any]

    @classmethod
    def load(cls, path: Path | None = None) -> Contract:
        text = (path or default_path()).read_text("utf-8")
        return cls(text, yaml.safe_load(text))

    @cached_property
    def registry(self) -> Registry[Any]:
        resource: Resource[Any] = DRAFT202012.create_resource(self.doc)
        registry: Registry[Any] = Registry().with_resource(DOC_URI, resource)
        return registry

    def validator(self, pointer: str) -> Draft202012Validator:
        """A validator for the schema at ``pointer`` (a JSON Pointer into the document)."""
        return Draft202012Validator({"$ref": f"{DOC_URI}#{pointer}"}, registry=self.registry)

    def request_validators(self) -> dict[tuple[str, str], BodyValidator]:
        """``(path, method) -> validator`` for every operation that takes a JSON body."""
        out = {}
        for path, item in self.doc["paths"].items():
            for method, op in item.items():
                body = op.get("requestBody") if isinstance(op, dict) else None
                if body:
                    ptr = (
                        "/paths/"
                        + _escape(path)
                        + f"/{method}/requestBody/content/application~1json/schema"
                    )
                    fast = jsonschema_rs.Draft202012Validator({**self.doc, "$ref": "#" + ptr})
                    out[(path, method)] = BodyValidator(fast, self.validator(ptr))
        return out

    @cached_property
    def json_text(self) -> str:
        return json.dumps(self.doc)


@dataclass(frozen=True)
class BodyValidator:
    """A compiled check in front of the reference validator.

    ``jsonschema`` interpreted in Python costs milliseconds per state; ``jsonschema-rs`` decides
    the same schema in microseconds. A body the fast check accepts is valid; any other body is
    judged and explained by ``jsonschema``, the reference the tests use, so every error a client
    sees is the reference's (``tests/service/test_validators_agree.py`` keeps the two in step).
    """

    fast: jsonschema_rs.Draft202012Validator
    reference: Draft202012Validator

    def errors(self, body: Any) -> list[dict[str, str]]:
        try:
            if self.fast.is_valid(body):
                return []
        except (ValueError, OverflowError):
            pass  # a value the compiled check cannot represent (an integer beyond 64 bits)
        try:
            return errors_of(self.reference, body)
        except RecursionError:
            return [{"pointer": "", "detail": "the JSON is nested too deeply"}]


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def errors_of(validator: Draft202012Validator, instance: Any) -> list[dict[str, str]]:
    """Every schema error (up to a cap), deepest first, as ``{pointer, detail}``."""
    found: list[dict[str, str]] = []
    for err in sorted(validator.iter_errors(instance), key=lambda e: -len(e.absolute_path)):
        for leaf in _leaves(err):
            found.append({"pointer": _pointer(leaf.absolute_path), "detail": _short(leaf.message)})
            if len(found) >= MAX_REPORTED_ERRORS:
                return found
    return found


def _leaves(err: ValidationError) -> Iterable[ValidationError]:
    """For a failed ``oneOf``/``anyOf``, the errors of the branch that came closest."""
    if err.context:
        best = max(err.context, key=lambda e: len(e.absolute_path))
        return [best]
    return [err]


def _pointer(path: Iterable[Any]) -> str:
    return "".join("/" + _escape(str(p)) for p in path)


def _short(message: str, limit: int = 300) -> str:
    """Cut the middle of a long message: it quotes the value first and says why last."""
    if len(message) <= limit:
        return message
    half = (limit - 1) // 2
    return message[:half] + "…" + message[-half:]
