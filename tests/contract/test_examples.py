"""Every example in ``openapi.yaml`` is valid, and real: the service accepts each request example
as it is and answers it with the response example, byte for byte in JSON terms.

The generated block (tests/contract/examples.py) must be what the module produces today; the
hand-written examples left in the contract (a Patchwork position to score) are held to the same
checks, except that their answers are not written down.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient

from service import create_app
from service.config import Settings
from service.contract import Contract
from tests.contract.examples import OPENAPI, PLAIN, block, exchanges, rewritten

CONTRACT = Contract.load(OPENAPI)
DOC: dict[str, Any] = CONTRACT.doc
EXAMPLES: dict[str, Any] = DOC["components"]["examples"]


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        found: dict[str, Any] = EXAMPLES[node["$ref"].removeprefix("#/components/examples/")]
        return found
    return node


def escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def media_examples() -> Iterator[tuple[str, str, str, str, str, dict[str, Any]]]:
    """``(path, method, where, name, schema pointer, example)`` for every JSON example."""
    for path, item in DOC["paths"].items():
        for method, op in item.items():
            at = f"/paths/{escape(path)}/{method}"
            parts = []
            if "requestBody" in op:
                parts.append(("request", f"{at}/requestBody", op["requestBody"]))
            for status, resp in op["responses"].items():
                parts.append((f"response {status}", f"{at}/responses/{status}", resp))
            for where, pointer, part in parts:
                for media, content in part.get("content", {}).items():
                    for name, example in content.get("examples", {}).items():
                        schema = f"{pointer}/content/{escape(media)}/schema"
                        yield path, method, where, name, schema, resolve(example)


ALL = list(media_examples())


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app(Settings(), CONTRACT)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_the_generated_examples_are_what_the_service_answers_today() -> None:
    text = OPENAPI.read_text()
    found = exchanges()
    assert rewritten(text, found) == text, "run `python -m tests.contract.examples`"
    assert block(found) in text


def test_every_json_operation_has_a_request_and_a_response_example() -> None:
    missing = []
    for path, item in DOC["paths"].items():
        for method, op in item.items():
            ok = op["responses"]["200"]["content"]
            media = next(iter(ok))
            if media != "application/json":
                continue  # HTML pages, metrics text and this document: no data to show
            if not ok[media].get("examples"):
                missing.append(f"{method} {path} response")
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            if "requestBody" in op and not body.get("examples"):
                missing.append(f"{method} {path} request")
    assert missing == []
    assert len([e for e in ALL if e[2] == "request"]) == 41  # 8 per game, and a position


@pytest.mark.parametrize(
    ("path", "method", "where", "name", "schema", "example"),
    ALL,
    ids=[f"{e[1]} {e[0]} {e[2]} {e[3]}" for e in ALL],
)
def test_every_example_is_valid_against_its_schema(
    path: str, method: str, where: str, name: str, schema: str, example: dict[str, Any]
) -> None:
    errors = [e.message[:200] for e in CONTRACT.validator(schema).iter_errors(example["value"])]
    assert errors == []


def request_and_answer() -> Iterator[tuple[str, str, str, dict[str, Any], dict[str, Any] | None]]:
    for path, item in DOC["paths"].items():
        for method, op in item.items():
            if (
                "requestBody" not in op
                or "application/json" not in op["responses"]["200"]["content"]
            ):
                continue  # a picture (render): no JSON answer to compare
            body = op["requestBody"]["content"]["application/json"]
            answers = op["responses"]["200"]["content"]["application/json"].get("examples", {})
            for name, example in body["examples"].items():
                answer = answers.get(name)
                yield path, method, name, resolve(example), resolve(answer) if answer else None


PAIRS = list(request_and_answer())


@pytest.mark.parametrize(
    ("path", "method", "name", "sent", "answer"),
    PAIRS,
    ids=[f"{p[1]} {p[0]} {p[2]}" for p in PAIRS],
)
def test_each_request_example_is_accepted_and_answered_with_its_response_example(
    client: FlaskClient,
    path: str,
    method: str,
    name: str,
    sent: dict[str, Any],
    answer: dict[str, Any] | None,
) -> None:
    logging.disable(logging.INFO)
    try:
        resp = client.open(path, method=method.upper(), json=sent["value"], headers=PLAIN)
    finally:
        logging.disable(logging.NOTSET)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:500]
    if answer is not None:
        assert resp.get_json() == answer["value"]


@pytest.mark.parametrize("path", ["/v1/games", "/v1/games/patchwork", "/healthz", "/readyz"])
def test_each_get_answers_its_response_example(client: FlaskClient, path: str) -> None:
    template = "/v1/games/{game}" if path == "/v1/games/patchwork" else path
    (example,) = DOC["paths"][template]["get"]["responses"]["200"]["content"]["application/json"][
        "examples"
    ].values()
    assert client.get(path, headers=PLAIN).get_json() == resolve(example)["value"]


def test_the_block_is_valid_yaml_on_its_own() -> None:
    """One JSON line per example: YAML reads it, and it stays out of the reader's way."""
    text = OPENAPI.read_text()
    generated = text[text.index("  # --- examples") :]
    parsed = yaml.load("components:\n" + generated, Loader=yaml.CSafeLoader)
    assert parsed["components"]["examples"] == EXAMPLES
