"""A JSON Schema error in plain words, as a problem's ``detail`` gives it.

``jsonschema`` writes its messages with Python's notation (``'x' is not of type 'integer'``,
``['a', 'b']``); an integrator's user reads these details, so each keyword the contract uses is
written again here from the error's parts, in the words of ``engines.core.errors``: a value the
caller sent as ``shown`` writes it (a string in typographic quotes, anything else as JSON), a list
as ``a, b or c``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping, Sized
from typing import Any

from jsonschema.exceptions import ValidationError

from engines.core.errors import listing, quoted_listing, shown

LONG_PATTERN = 80
"""A longer pattern is not quoted: it says less to a reader than the schema's description."""

_Words = Callable[[ValidationError], str]


def _count(value: Any, one: str) -> str:
    n = len(value) if isinstance(value, Sized) else 0
    return f"{n} {one}{'' if n == 1 else 's'}"


def _values(err: ValidationError, keyword: str | None = None) -> list[Any]:
    """The list a keyword of the failed schema holds (``keyword=None``: the failed keyword)."""
    value = err.validator_value if keyword is None else None
    if keyword is not None and isinstance(err.schema, Mapping):
        value = err.schema.get(keyword)
    return list(value) if isinstance(value, list) else []


def _allowed(value: Any) -> str:
    """A value the contract names (an enum's, a const): bare, as the engines write catalogue
    names, unless it is a string that is empty or holds a space."""
    if isinstance(value, str) and value and not any(ch.isspace() for ch in value):
        return value
    return shown(value)


def _types(err: ValidationError) -> str:
    types = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
    return f"{shown(err.instance)} is not of type {listing(types, 'or')}"


def _required(err: ValidationError) -> str:
    # The message is the only place naming the missing property: ``'name' is a required property``.
    name = _literal(err.message.removesuffix(" is a required property"))
    return f"the property {shown(name)} is required"


def _extra_properties(err: ValidationError) -> str:
    # ``… ('a', 'b' were unexpected)``: the names jsonschema found, read back from its message.
    found = re.search(r"\((.*) (?:was|were) unexpected\)", err.message)
    names = _literal(f"[{found.group(1)}]") if found else []
    names = names if isinstance(names, list) else []
    subject = "this property is" if len(names) == 1 else "these properties are"
    return f"{subject} not allowed here: {quoted_listing(names)}"


def _pattern(err: ValidationError) -> str:
    pattern = str(err.validator_value)
    if len(pattern) > LONG_PATTERN:
        return f"{shown(err.instance)} is not in the form the contract allows here"
    return f"{shown(err.instance)} does not match the pattern {pattern}"


def _expected(err: ValidationError, allowed: list[Any]) -> str:
    """An enum of one value is a constant the contract writes so that every generator reads it
    (a one-value enum): both read as the constant they are."""
    if len(allowed) == 1:
        return f"{_allowed(allowed[0])} was expected, not {shown(err.instance)}"
    return f"{shown(err.instance)} is not {listing((_allowed(x) for x in allowed), 'or')}"


_WORDS: dict[str, _Words] = {
    "type": _types,
    "required": _required,
    "additionalProperties": _extra_properties,
    "unevaluatedProperties": _extra_properties,
    "pattern": _pattern,
    "enum": lambda e: _expected(e, _values(e)),
    "const": lambda e: _expected(e, [e.validator_value]),
    "minimum": lambda e: f"{shown(e.instance)} is less than the minimum of {e.validator_value}",
    "maximum": lambda e: f"{shown(e.instance)} is greater than the maximum of {e.validator_value}",
    "exclusiveMinimum": lambda e: f"{shown(e.instance)} is not above {e.validator_value}",
    "exclusiveMaximum": lambda e: f"{shown(e.instance)} is not below {e.validator_value}",
    "multipleOf": lambda e: f"{shown(e.instance)} is not a multiple of {e.validator_value}",
    "minLength": lambda e: (
        "an empty string is not allowed here"
        if e.instance == ""
        else f"{shown(e.instance)} is shorter than {e.validator_value} characters"
    ),
    "maxLength": lambda e: f"{shown(e.instance)} is longer than {e.validator_value} characters",
    "minItems": lambda e: f"{_count(e.instance, 'item')}; at least {e.validator_value} expected",
    "maxItems": lambda e: f"{_count(e.instance, 'item')}; at most {e.validator_value} allowed",
    "items": lambda e: (
        f"{_count(e.instance, 'item')}; at most {len(_values(e, 'prefixItems'))} allowed"
    ),
    "uniqueItems": lambda e: "the items must all differ; some are repeated",
    "minProperties": lambda e: (
        f"{_count(e.instance, 'property')}; at least {e.validator_value} expected"
    ),
    "maxProperties": lambda e: (
        f"{_count(e.instance, 'property')}; at most {e.validator_value} allowed"
    ),
    "format": lambda e: f"{shown(e.instance)} is not a valid {e.validator_value}",
    "not": lambda e: f"{shown(e.instance)} is a value the contract excludes here",
    # A oneOf that no branch matches is reported through its closest branch (contract._leaves),
    # unless it is a choice of properties.
    "oneOf": lambda e: (
        property_choice(e) or f"{shown(e.instance)} matches more than one of the forms allowed here"
    ),
    "anyOf": lambda e: f"{shown(e.instance)} matches none of the forms allowed here",
    "contains": lambda e: "no item is of the kind the contract requires here",
}


def property_choice(err: ValidationError) -> str | None:
    """A failed ``oneOf`` of whole objects that each require one property of a choice (a
    request's ``state``, ``state_token`` or ``position``), in words when the object holds none of
    them or more than one; ``None`` for any other ``oneOf``, told by its closest branch."""
    if err.validator != "oneOf" or not err.context or not isinstance(err.instance, Mapping):
        return None
    required: dict[Any, list[str]] = {}  # branch index -> the properties it requires
    for e in err.context:
        if not e.relative_path and isinstance(e.schema, Mapping) and "properties" in e.schema:
            required.setdefault(e.relative_schema_path[0], list(e.schema.get("required", ())))
    if len(required) < 2 or len(required) != len(_values(err)):
        return None
    shared = set.intersection(*(set(names) for names in required.values()))
    own = [[n for n in names if n not in shared] for _, names in sorted(required.items())]
    if any(len(names) != 1 for names in own):
        return None
    choice = [names[0] for names in own]
    return choice_words(choice, [name for name in choice if name in err.instance])


def choice_words(choice: list[str], given: list[str]) -> str | None:
    """An object holding ``given`` of the properties of which it must hold exactly one, in
    words; ``None`` when it holds one."""
    if not given:
        return f"one of the properties {quoted_listing(choice, 'or')} is required"
    if len(given) > 1:
        return f"only one of the properties {quoted_listing(given)} may be given"
    return None


def plain(err: ValidationError) -> str:
    """``err`` in plain words; a keyword not written here keeps its message, quotes made plain."""
    words = _WORDS.get(str(err.validator))
    if words is not None:
        try:
            return words(err)
        except (TypeError, ValueError):
            pass  # an error whose parts are not as the keyword promises: keep its own message
    if err.validator is None:  # the schema ``false``: nothing is allowed here
        return f"{shown(err.instance)} is not allowed here"
    return _PYTHON_STRING.sub(lambda m: f"“{m.group(1)}”", err.message)


_PYTHON_STRING = re.compile(r"'([^']*)'")


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
