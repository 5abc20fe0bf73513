"""Schema errors in plain words: each keyword the contract uses, written from the error's parts."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service.contract import errors_of


@pytest.mark.parametrize(
    ("schema", "instance", "details"),
    [
        ({"type": "integer"}, "x", ["“x” is not of type integer"]),
        ({"type": ["integer", "null"]}, [1], ["[1] is not of type integer or null"]),
        (
            {"required": ["games", "b"]},
            {},
            ["the property “games” is required", "the property “b” is required"],
        ),
        (
            {"properties": {"a": {}}, "additionalProperties": False},
            {"colour": 1, "b": 2},
            ["these properties are not allowed here: “b” and “colour”"],
        ),
        (
            {"properties": {"a": {}}, "unevaluatedProperties": False},
            {"Ann Smith": 1},
            ["this property is not allowed here: “Ann Smith”"],
        ),
        ({"enum": ["seeded", "external"]}, "x", ["“x” is not seeded or external"]),
        ({"enum": ["a b", 1, None]}, 2, ["2 is not “a b”, 1 or null"]),
        ({"const": "patchwork"}, "chess", ["patchwork was expected, not “chess”"]),
        ({"maximum": 52}, 53, ["53 is greater than the maximum of 52"]),
        ({"minimum": 0}, -1, ["-1 is less than the minimum of 0"]),
        ({"minLength": 1}, "", ["an empty string is not allowed here"]),
        ({"maxLength": 2}, "abc", ["“abc” is longer than 2 characters"]),
        ({"maxItems": 2}, [1, 2, 3], ["3 items; at most 2 allowed"]),
        ({"minItems": 2}, [1], ["1 item; at least 2 expected"]),
        ({"prefixItems": [{}, {}], "items": False}, [1, 2, 3], ["3 items; at most 2 allowed"]),
        ({"uniqueItems": True}, ["ann", "ann"], ["the items must all differ; some are repeated"]),
        ({"pattern": "^a+$"}, "b", ["“b” does not match the pattern ^a+$"]),
        (
            {"pattern": "^" + "a?" * 50 + "$"},
            "b",
            ["“b” is not in the form the contract allows here"],
        ),
        (
            {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
            1,
            ["1 matches more than one of the forms allowed here"],
        ),
        (
            {"properties": {"a": False}},
            {"a": {"x": [1, "y"]}},
            ['{"x": [1, "y"]} is not allowed here'],
        ),
        (
            {"not": {"const": "chance"}},
            "chance",
            ["“chance” is a value the contract excludes here"],
        ),
    ],
)
def test_a_schema_error_reads_in_plain_words(
    schema: dict[str, Any], instance: Any, details: list[str]
) -> None:
    found = errors_of(Draft202012Validator(schema), instance)
    assert [e["detail"] for e in found] == details
