"""``openapi.yaml``, the one source of truth: loaded once, served verbatim, validated against.

Request bodies are checked with ``jsonschema`` (Draft 2020-12, which OpenAPI 3.1 uses) against the
schema the contract declares for the operation; the first errors (up to ``MAX_REPORTED_ERRORS``)
are reported, each with a JSON Pointer.

The reference validator runs with a budget of keyword evaluations (``CHECK_BUDGET``): ``oneOf``
judges every branch in full before reporting, so a hostile body could otherwise make it work for
seconds. Past the budget the errors found so far are reported (at least one, in practice: a
body the budget stops before any error is far from every schema branch).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from jsonschema.validators import extend
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.schema_words import plain

DOC_URI = "urn:referee:openapi"
MAX_REPORTED_ERRORS = 20
CHECK_BUDGET = 8_000
"""Keyword evaluations the reference validator may spend on one body: a full four-player Calico
state with its log, judged with an error deep inside, takes about 4,700 (some 17 ms)."""


class _OverBudget(Exception):
    pass


_spent: ContextVar[list[int]] = ContextVar("_spent")
"""Keyword evaluations so far in the current validation, one counter per request."""

Keyword = Callable[[Any, Any, Any, Any], Iterable[ValidationError] | None]


ERROR_COST = 4
"""An error costs about as much as four keyword evaluations (it is an object with a message)."""


def _counted(keyword: Keyword) -> Keyword:
    def run(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
        spent = _spent.get(None)
        if spent is None:
            yield from keyword(validator, value, instance, schema) or ()
            return
        spent[0] += 1
        if spent[0] > CHECK_BUDGET:
            raise _OverBudget
        for error in keyword(validator, value, instance, schema) or ():
            spent[0] += ERROR_COST
            yield error

    return run


BudgetedValidator: type[Draft202012Validator] = extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    {name: _counted(fn) for name, fn in Draft202012Validator.VALIDATORS.items()},
)
"""Draft 2020-12, each keyword counted against ``CHECK_BUDGET`` while a budget is set."""


def default_path() -> Path:
    """``OPENAPI_PATH``, else the copy inside the package: ``service/openapi.yaml`` links to the
    repository's ``openapi.yaml`` in a checkout and is the file itself in an installed wheel."""
    return Path(os.environ.get("OPENAPI_PATH", Path(__file__).resolve().parent / "openapi.yaml"))


@dataclass
class Contract:
    text: str
    doc: dict[str, Any]

    @classmethod
    def load(cls, path: Path | None = None) -> Contract:
        text = (path or default_path()).read_text("utf-8")
        # libyaml when present: the contract carries its examples, and pure-Python YAML reads
        # them several times slower at every start
        return cls(text, yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))

    @cached_property
    def registry(self) -> Registry[Any]:
        resource: Resource[Any] = DRAFT202012.create_resource(self.doc)
        registry: Registry[Any] = Registry().with_resource(DOC_URI, resource)
        return registry

    def validator(self, pointer: str) -> Draft202012Validator:
        """A validator for the schema at ``pointer`` (a JSON Pointer into the document)."""
        return BudgetedValidator({"$ref": f"{DOC_URI}#{pointer}"}, registry=self.registry)

    def request_validators(self) -> dict[tuple[str, str], BodyValidator]:
        """``(path, method) -> validator`` for every operation that takes a JSON body."""
        out = {}
        # the compiled validators need the schemas, not the examples (most of the document)
        components = {k: v for k, v in self.doc["components"].items() if k != "examples"}
        lean = {**self.doc, "components": components}
        for path, item in self.doc["paths"].items():
            for method, op in item.items():
                body = op.get("requestBody") if isinstance(op, dict) else None
                if body:
                    ptr = (
                        "/paths/"
                        + _escape(path)
                        + f"/{method}/requestBody/content/application~1json/schema"
                    )
                    fast = jsonschema_rs.Draft202012Validator({**lean, "$ref": "#" + ptr})
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

    def accepts(self, body: Any) -> bool:
        """The compiled check: ``True`` only for a valid body."""
        try:
            return bool(self.fast.is_valid(body))
        except (ValueError, OverflowError):
            return False  # a value the compiled check cannot represent (an integer beyond 64 bits)

    def errors(self, body: Any) -> list[dict[str, str]]:
        """``[]`` for a valid body, else its first errors as the reference validator finds them."""
        return [] if self.accepts(body) else self.explain(body)

    def explain(self, body: Any) -> list[dict[str, str]]:
        """The errors of a body the compiled check refused, by the reference validator."""
        found: list[dict[str, str]] = []
        token = _spent.set([0])
        try:
            errors_of(self.reference, body, found)
        except RecursionError:
            return [{"pointer": "", "detail": "the JSON is nested too deeply"}]
        except _OverBudget:
            pass  # report what was found; the compiled validator's errors cost more still
        finally:
            _spent.reset(token)
        return found or [
            {
                "pointer": "",
                "detail": f"no error found within {CHECK_BUDGET} checks: the body is too far "
                "from the contract to say where first",
            }
        ]


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def errors_of(
    validator: Draft202012Validator, instance: Any, found: list[dict[str, str]] | None = None
) -> list[dict[str, str]]:
    """The first schema errors (up to a cap), deepest first, as ``{pointer, detail}``.

    Errors are taken as the validator finds them and it stops at the cap: collecting them all
    first would let one body ask for a million. ``found`` receives them as they come, so a caller
    stopped by the budget keeps what was found.
    """
    found = [] if found is None else found
    leaves: list[ValidationError] = []
    try:
        for err in validator.iter_errors(instance):
            leaves.extend(_leaves(err))
            if len(leaves) >= MAX_REPORTED_ERRORS:
                break
    finally:
        leaves.sort(key=lambda e: -len(e.absolute_path))
        found.extend(
            {"pointer": _pointer(leaf.absolute_path), "detail": _short(plain(leaf))}
            for leaf in leaves[:MAX_REPORTED_ERRORS]
        )
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
