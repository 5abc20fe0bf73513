"""``openapi.yaml`` is clean under both linters integrators run, and under the checks they skip.

- Redocly CLI with its ``recommended`` rules (``redocly.yaml`` at the repository root).
- Spectral with ``spectral:oas`` (``.spectral.yaml`` at the repository root).

Both CLIs are pinned in ``tests/clients/package.json`` and installed by the same ``npm ci`` as the
generated-client tests. Each config may turn a rule off only with a comment saying why; the
exceptions are listed here too, so adding one is a visible change. The one Redocly rule turned
off (``no-required-schema-properties-undefined``) is checked here instead, in a form that reads
``if``/``then``/``else`` the way JSON Schema does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.clients.harness import BIN, HERE, ROOT, npm_ci, run

OPENAPI = ROOT / "openapi.yaml"
REDOCLY_CONFIG = ROOT / "redocly.yaml"
SPECTRAL_CONFIG = ROOT / ".spectral.yaml"


def lint(cmd: list[str]) -> str:
    npm_ci()
    return run(cmd, cwd=HERE)


def test_redocly_recommended_finds_nothing() -> None:
    output = lint(
        [
            str(BIN / "redocly"),
            "lint",
            str(OPENAPI),
            "--config", str(REDOCLY_CONFIG),
            "--format", "json",
            "--max-problems", "10000",
        ]
    )  # fmt: skip
    report = json.loads(output[output.index("{") : output.rindex("}") + 1])
    assert report["problems"] == [], json.dumps(report["problems"][:20], indent=1)
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}


def test_spectral_oas_finds_nothing() -> None:
    output = lint(
        [
            str(BIN / "spectral"),
            "lint",
            str(OPENAPI),
            "--ruleset", str(SPECTRAL_CONFIG),
            "--format", "json",
            "--fail-severity", "hint",
        ]
    )  # fmt: skip
    results = json.loads(output[output.index("[") : output.rindex("]") + 1])
    assert results == [], json.dumps(results[:20], indent=1)


def disabled_rules(config: Path) -> dict[str, Any]:
    # YAML 1.1 reads `off` as false
    rules: dict[str, Any] = yaml.safe_load(config.read_text()).get("rules", {})
    return {name: "off" for name, value in rules.items() if value in ("off", False)}


def test_each_linter_has_only_the_documented_exceptions() -> None:
    assert yaml.safe_load(REDOCLY_CONFIG.read_text())["extends"] == ["recommended"]
    assert yaml.safe_load(SPECTRAL_CONFIG.read_text())["extends"] == ["spectral:oas"]
    assert disabled_rules(REDOCLY_CONFIG) == {"no-required-schema-properties-undefined": "off"}
    # the example rules stay on, as errors, with objects open unless a schema closes them
    examples = {"severity": "error", "allowAdditionalProperties": True}
    assert yaml.safe_load(REDOCLY_CONFIG.read_text())["rules"] == {
        "no-required-schema-properties-undefined": False,
        "no-invalid-media-type-examples": examples,
        "no-invalid-parameter-examples": examples,
        "no-invalid-schema-examples": examples,
    }
    assert disabled_rules(SPECTRAL_CONFIG) == {"info-contact": "off"}
    for config in (REDOCLY_CONFIG, SPECTRAL_CONFIG):
        lines = config.read_text().splitlines()
        for i, line in enumerate(lines):
            if line.strip().endswith(": off"):
                assert lines[i - 1].lstrip().startswith("#"), f"{config.name}: {line} has no reason"


# --- the checks the exceptions stand in for --------------------------------------------------

DOC: dict[str, Any] = yaml.load(OPENAPI.read_text(), Loader=yaml.CSafeLoader)


def resolve(schema: Any) -> Any:
    while isinstance(schema, dict) and "$ref" in schema:
        node: Any = DOC
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def defined(schema: Any) -> set[str]:
    """Every property name a schema defines, through ``$ref`` and ``allOf``."""
    schema = resolve(schema)
    if not isinstance(schema, dict):
        return set()
    names = set(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        names |= defined(part)
    return names


def schemas(
    node: Any, where: str, enclosing: set[str]
) -> Iterator[tuple[str, dict[str, Any], set[str]]]:
    """Every schema object under ``node`` with the property names it may require: its own, and
    for an ``if``/``then``/``else`` subschema (which constrains the same object) those of the
    schema it belongs to. Under ``not``, ``required`` forbids a name: nothing to define."""
    if not isinstance(node, dict):
        return
    own = defined(node) | enclosing
    yield where, node, own
    for key in ("if", "then", "else"):
        if key in node:
            yield from schemas(node[key], f"{where}/{key}", own)
    for key in ("anyOf", "oneOf"):
        for i, part in enumerate(node.get(key, [])):
            # a branch of a composition still describes the same object
            yield from schemas(part, f"{where}/{key}/{i}", own)
    for i, part in enumerate(node.get("allOf", [])):
        yield from schemas(part, f"{where}/allOf/{i}", own)
    for name, sub in node.get("properties", {}).items():
        yield from schemas(sub, f"{where}/properties/{name}", set())
    for key in ("items", "additionalProperties", "propertyNames"):
        yield from schemas(node.get(key), f"{where}/{key}", set())
    for i, part in enumerate(node.get("prefixItems", [])):
        yield from schemas(part, f"{where}/prefixItems/{i}", set())


def every_schema() -> Iterator[tuple[str, dict[str, Any], set[str]]]:
    for name, schema in DOC["components"]["schemas"].items():
        yield from schemas(schema, f"#/components/schemas/{name}", set())


def test_every_required_property_is_defined() -> None:
    undefined = [
        f"{where}: {name}"
        for where, schema, names in every_schema()
        for name in schema.get("required", [])
        if name not in names
    ]
    assert undefined == []


def test_the_check_above_catches_an_undefined_required_property() -> None:
    bad = {"type": "object", "required": ["turn"], "properties": {"game": {"type": "string"}}}
    found = [
        name
        for _, s, names in schemas(bad, "#", set())
        for name in s.get("required", [])
        if name not in names
    ]
    assert found == ["turn"]
    good = {
        "properties": {"state": {}},
        "if": {"required": ["state"]},
        "else": {"required": ["state"]},
    }
    assert all(
        name in names for _, s, names in schemas(good, "#", set()) for name in s.get("required", [])
    )


def test_no_schema_forbids_items_with_false() -> None:
    """``items: false`` aborts openapi-python-client; ``maxItems`` says the same to it."""
    falses = [where for where, schema, _ in every_schema() if schema.get("items") is False]
    assert falses == []


@pytest.mark.parametrize("body", ["requestBody", "responses"])
def test_every_json_body_is_a_named_schema(body: str) -> None:
    """Anonymous bodies become ``…Response200``-style models in generated clients."""
    inline = []
    for path, item in DOC["paths"].items():
        for method, op in item.items():
            parts = [op[body]] if body == "requestBody" and body in op else []
            if body == "responses":
                parts = [resolve(r) for r in op["responses"].values()]
            for part in parts:
                for media, content in part.get("content", {}).items():
                    schema = content["schema"]
                    if media.endswith(("json", "yaml")) and "$ref" not in schema:
                        inline.append(f"{method.upper()} {path} {media}")
    assert inline == []
