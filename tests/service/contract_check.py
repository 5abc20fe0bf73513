"""Check every HTTP response against ``openapi.yaml``: the declared status, media type and schema.

:class:`ContractClient` wraps Flask's test client; each response it returns has been checked:

- the status is declared for the operation (or covered by ``default``);
- the media type is one the response declares, and a JSON body validates (jsonschema, Draft
  2020-12, through :class:`service.contract.Contract`'s registry) against the declared schema;
- an error is ``application/problem+json`` valid against ``#/components/schemas/Problem``,
  whose ``status`` is the HTTP status and whose ``instance`` carries the ``X-Request-Id``;
- every response carries an ``X-Request-Id``; a 405 carries ``Allow``.

A path or method the contract does not declare (an unknown path, a wrong method) must still
answer a valid problem.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import quote

import jsonschema_rs
import yaml
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from werkzeug.test import TestResponse

from service.contract import DOC_URI, Contract
from service.problem_types import TYPES

PROBLEM_JSON = "application/problem+json"
PROBLEM_SCHEMA = "/components/schemas/Problem"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


_ITEMS = Draft202012Validator.VALIDATORS["items"]
_VALID_ITEMS: dict[tuple[int, str], Any] = {}


def _items_once(
    validator: Any, items: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """``items``, remembering which elements were valid against which schema.

    A game's steps repeat the same legal actions hundreds of times; plain jsonschema spends
    about 0.3 ms on each, so a whole game would take half a minute to check. An element's
    validity against a schema never changes, so each distinct one is checked once.
    """
    if isinstance(items, bool) or not validator.is_type(instance, "array"):
        yield from _ITEMS(validator, items, instance, schema)
        return
    for index in range(len(schema.get("prefixItems", [])), len(instance)):
        key = (id(items), json.dumps(instance[index], sort_keys=True))
        if key in _VALID_ITEMS:
            continue
        errors = list(validator.descend(instance[index], items, path=index))
        if errors:
            yield from errors
        else:
            _VALID_ITEMS[key] = items  # holding the schema keeps its id from being reused


ResponseValidator = validators.extend(Draft202012Validator, {"items": _items_once})


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


@dataclass(frozen=True)
class CheckedValidator:
    """A body the compiled validator (jsonschema-rs) accepts is valid; any other is judged again
    by the reference (jsonschema), whose errors say where. The two judge alike
    (``tests/service/test_validators_agree.py``); the compiled one checks a whole game's
    responses in a fraction of the time."""

    fast: Any
    reference: Any

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        if self.fast.is_valid(instance):
            return iter(())
        return iter(self.reference.iter_errors(instance))


@dataclass
class ContractChecker:
    contract: Contract
    _validators: dict[str, Any] = field(default_factory=dict)

    def _resolve(self, node: dict[str, Any], pointer: str) -> tuple[dict[str, Any], str]:
        """Follow local ``$ref``s; return the node and its JSON Pointer in the document."""
        while "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), f"only local refs are expected, got {ref}"
            pointer = ref[1:]
            node = self.contract.doc
            for token in pointer.split("/")[1:]:
                node = node[token.replace("~1", "/").replace("~0", "~")]
        return node, pointer

    def template_for(self, path: str) -> str | None:
        """The contract path (``/v1/games/{game}``…) a concrete path matches; literal ones first."""
        return _templates(self.contract)(path)

    def validator(self, pointer: str) -> CheckedValidator:
        """The schema at ``pointer``: compiled, and like ``Contract.validator`` (same document and
        registry, with :func:`_items_once`) for the errors."""
        if pointer not in self._validators:
            self._validators[pointer] = CheckedValidator(
                jsonschema_rs.Draft202012Validator(
                    {**self.contract.doc, "$ref": "#" + quote(pointer, safe="/~")}
                ),
                ResponseValidator(
                    {"$ref": f"{DOC_URI}#{pointer}"}, registry=self.contract.registry
                ),
            )
        return self._validators[pointer]

    def check(self, method: str, path: str, resp: TestResponse) -> None:
        method = method.lower()
        path = path.split("?", 1)[0]
        request_id = resp.headers.get("X-Request-Id", "")
        assert request_id, f"{method.upper()} {path}: no X-Request-Id header"

        template = self.template_for(path)
        item = self.contract.doc["paths"].get(template) if template else None
        op = item.get(method) if item else None
        if method == "head" and item and "get" in item:
            return  # HEAD mirrors GET without a body
        if op is None:
            # Not in the contract (an unknown path, a wrong method): still a problem, or an
            # undocumented static asset of the docs page.
            if resp.status_code >= 400:
                self._check_problem(method, path, resp, self.validator(PROBLEM_SCHEMA))
            return

        responses = op["responses"]
        key = str(resp.status_code)
        if key not in responses:
            key = f"{key[0]}XX" if f"{key[0]}XX" in responses else "default"
        assert key in responses, (
            f"{method.upper()} {path}: status {resp.status_code} is not declared "
            f"(declared: {sorted(responses)})"
        )
        pointer = f"/paths/{_escape(template or '')}/{method}/responses/{key}"
        declared, pointer = self._resolve(responses[key], pointer)
        content = declared.get("content", {})
        if not content:
            return
        assert resp.mimetype in content, (
            f"{method.upper()} {path} {resp.status_code}: media type {resp.mimetype!r} "
            f"is not declared ({sorted(content)})"
        )
        media_pointer = f"{pointer}/content/{_escape(resp.mimetype)}/schema"
        if resp.status_code >= 400:
            self._check_problem(method, path, resp, self.validator(media_pointer))
        elif _is_json(resp.mimetype):
            _assert_valid(self.validator(media_pointer), resp.get_json(), method, path, resp)
        elif resp.mimetype in ("application/yaml", "application/x-yaml"):
            document = yaml.load(resp.get_data(), Loader=yaml.CSafeLoader)
            _assert_valid(self.validator(media_pointer), document, method, path, resp)
        else:
            _assert_valid(
                self.validator(media_pointer), resp.get_data(as_text=True), method, path, resp
            )

    def _check_problem(
        self, method: str, path: str, resp: TestResponse, validator: CheckedValidator
    ) -> None:
        assert resp.mimetype == PROBLEM_JSON, (
            f"{method.upper()} {path} {resp.status_code}: an error must be {PROBLEM_JSON}, "
            f"not {resp.mimetype!r}"
        )
        body = resp.get_json(force=True)
        _assert_valid(validator, body, method, path, resp)
        _assert_valid(self.validator(PROBLEM_SCHEMA), body, method, path, resp)
        assert body["status"] == resp.status_code, body
        assert body["instance"] == f"urn:request:{resp.headers['X-Request-Id']}", body
        # absolute, and the page of a known type (the contract leaves the list open)
        assert re.fullmatch(r"https?://[^/]+(?:/[^?#]*)?/problems/[a-z-]+", body["type"]), body
        assert body["type"].rsplit("/", 1)[-1] in TYPES, body
        assert "Traceback" not in resp.get_data(as_text=True)
        if resp.status_code == 405:
            assert resp.headers.get("Allow"), f"{method.upper()} {path}: a 405 without Allow"


def _assert_valid(
    validator: CheckedValidator, instance: Any, method: str, path: str, resp: TestResponse
) -> None:
    errors = sorted(validator.iter_errors(instance), key=lambda e: [str(p) for p in e.path])
    assert not errors, (
        f"{method.upper()} {path} {resp.status_code}: the body breaks the contract:\n"
        + "\n".join(f"  /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in errors)
    )


@cache
def _templates_cached(paths: tuple[str, ...]) -> list[tuple[re.Pattern[str], str]]:
    out = []
    # Literal paths before templated ones, so /v1/games/patchwork/setup never reads as a template.
    for template in sorted(paths, key=lambda p: ("{" in p, p)):
        regex = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
        out.append((re.compile(f"^{regex}$"), template))
    return out


def _templates(contract: Contract) -> Any:
    table = _templates_cached(tuple(contract.doc["paths"]))

    def match(path: str) -> str | None:
        for regex, template in table:
            if regex.match(path):
                return template
        return None

    return match


@dataclass
class ContractClient:
    """Flask's test client, checking every response against the contract before returning it."""

    client: FlaskClient
    checker: ContractChecker
    seen: list[tuple[str, str, int]] = field(default_factory=list)

    def open(self, method: str, path: str, **kwargs: Any) -> TestResponse:
        resp = self.client.open(path, method=method.upper(), **kwargs)
        self.checker.check(method, path, resp)
        self.seen.append((method.upper(), path, resp.status_code))
        return resp

    def get(self, path: str, **kwargs: Any) -> TestResponse:
        return self.open("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> TestResponse:
        return self.open("POST", path, **kwargs)
