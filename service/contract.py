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

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from math import prod
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from jsonschema.validators import extend
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.schema_words import choice_words, plain, property_choice

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
    """The contract's text and document, and the two registries its validators are built on.

    The registries are attributes of the one contract an app loads, built the first time a
    validator asks (the app's start builds every validator, so it builds both), not memo
    tables: a contract read only for its document (the contract tests) does not build them.
    """

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

    @cached_property
    def compiled_registry(self) -> jsonschema_rs.Registry:
        """The document for the compiled validators, read into Rust once: each validator compiled
        against it costs about 2 ms instead of some 15 ms converting the whole document again.
        They need the schemas, not the examples (most of the document)."""
        components = {k: v for k, v in self.doc["components"].items() if k != "examples"}
        return jsonschema_rs.Registry([(DOC_URI, {**self.doc, "components": components})])

    def compiled(self, pointer: str) -> jsonschema_rs.Draft202012Validator:
        """A compiled validator for the schema at ``pointer``."""
        schema = {"$ref": f"{DOC_URI}#{pointer}"}
        return jsonschema_rs.Draft202012Validator(schema, registry=self.compiled_registry)

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
                    choices = self._choices(body["content"]["application/json"]["schema"])
                    fast = self.compiled(ptr) if choices is None else self._selecting(choices)
                    out[(path, method)] = BodyValidator(fast, self.validator(ptr), choices)
        return out

    def _choices(self, schema: dict[str, Any]) -> Choices | None:
        """For a body that is a ``oneOf`` of whole schemas, one for each combination of a
        property from each group of a choice (``state`` or ``state_token``; ``action`` or
        ``actions``), the branch of each combination; else ``None``.

        Only a ``oneOf`` whose every branch refuses what another branch's combination holds is
        taken: each branch is an object that requires its own property of every group, names no
        other property of the choice and allows no property it does not name. Then a body
        holding exactly one property of each group can match only the branch of its
        combination (every other branch requires a property it lacks), and any other body
        matches none: checking the selected branch alone gives the ``oneOf``'s verdict
        (tests/contract/test_branch_selection.py runs both over many bodies)."""
        schemas = self.doc["components"]["schemas"]
        prefix = "#/components/schemas/"
        union = schemas.get(str(schema.get("$ref", "")).removeprefix(prefix), {})
        names = [str(b.get("$ref", "")).removeprefix(prefix) for b in union.get("oneOf", [])]
        if len(names) < 2 or not all(name in schemas for name in names):
            return None
        required = [list(schemas[name].get("required", ())) for name in names]
        shared = set.intersection(*(set(r) for r in required))
        own = [[p for p in r if p not in shared] for r in required]
        groups = _exclusive_groups(own)
        every_property = {p for properties in own for p in properties}
        combinations: dict[frozenset[str], Branch] = {}
        for name, properties in zip(names, own, strict=True):
            branch = schemas[name]
            named = every_property & set(branch.get("properties", ()))
            closed = branch.get("type") == "object" and branch.get("additionalProperties") is False
            if not closed or named != set(properties):
                return None
            if len(properties) != len(groups):  # one of each group (groups never share one)
                return None
            combinations[frozenset(properties)] = Branch(name, self.validator(prefix[1:] + name))
        if len(combinations) != prod(len(group) for group in groups):
            return None  # a combination without a branch, or two branches of one
        return Choices(tuple(map(tuple, groups)), frozenset(every_property), combinations)

    def _selecting(self, choices: Choices) -> jsonschema_rs.Draft202012Validator:
        """The compiled check of a body with a choice: ``if``/``then``/``else`` on ``required``,
        group by group, down to the branch of the body's combination, the only one checked.

        A body holding exactly one property of each group reaches its combination's branch;
        one holding none of a group reaches the branch of the group's last property, which
        requires it; one holding two, the branch of the first, which does not allow the other;
        a body that is not an object passes the tests (``required`` holds of any other value)
        and reaches a branch, which is an object. So the verdict is the ``oneOf``'s, and the
        state is checked once, for fewer instructions than a ``oneOf`` of even two branches
        (docs/performance.md, "Request path")."""

        def tree(chosen: tuple[str, ...]) -> dict[str, Any]:
            if len(chosen) == len(choices.groups):
                name = choices.branches[frozenset(chosen)].name
                return {"$ref": f"{DOC_URI}#/components/schemas/{name}"}
            group = choices.groups[len(chosen)]
            node = tree((*chosen, group[-1]))
            for name in reversed(group[:-1]):
                node = {"if": {"required": [name]}, "then": tree((*chosen, name)), "else": node}
            return node

        return jsonschema_rs.Draft202012Validator(tree(()), registry=self.compiled_registry)


def _exclusive_groups(own: list[list[str]]) -> list[list[str]]:
    """The properties of the branches' combinations, grouped so that no branch requires two of
    one group (``[[state, state_token], [action, actions]]``), in the order the branches name
    them."""
    groups: list[list[str]] = []
    for properties in own:
        for p in properties:
            if any(p in group for group in groups):
                continue
            together = {q for other in own if p in other for q in other}
            fit = next((g for g in groups if not together & set(g)), None)
            if fit is None:
                groups.append([p])
            else:
                fit.append(p)
    return groups


@dataclass(frozen=True)
class Branch:
    """One whole schema of a body's ``oneOf``: its name and its reference validator."""

    name: str
    reference: Draft202012Validator


@dataclass(frozen=True)
class Choices:
    """A body that must hold exactly one property of each group (``state`` or ``state_token``,
    ``action`` or ``actions``), a ``oneOf`` of one whole schema per combination
    (``Contract._choices``): the branch the properties present select."""

    groups: tuple[tuple[str, ...], ...]
    properties: frozenset[str]
    """Every property of every group."""
    branches: Mapping[frozenset[str], Branch]
    """The branch of each combination, by its properties."""

    def select(self, body: dict[str, Any]) -> Branch | None:
        """The branch of the body's combination; ``None`` when it lacks one of a group or holds
        two (which every branch refuses)."""
        return self.branches.get(self.properties.intersection(body))

    def refusal(self, body: dict[str, Any]) -> str:
        """Why no branch fits a body ``select`` found none for, in words."""
        for group in self.groups:
            words = choice_words(list(group), [name for name in group if name in body])
            if words is not None:
                return words
        raise ValueError("the body holds one property of each group")


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
    choices: Choices | None = None
    """A body that must hold exactly one property of each group of a choice (``state`` or
    ``state_token``, ``action`` or ``actions``), a ``oneOf`` of a whole schema per combination.
    A body is checked, fast and by the reference, by the one branch its properties select
    (``fast`` selects it itself, ``Contract._selecting``): the others would refuse it on
    ``required`` or on a property they do not allow, so the verdict is the ``oneOf``'s, for the
    cost of one branch. The reference ``oneOf`` would judge every branch in full before
    reporting anything (past the budget for a state and 1000 actions); the selected branch's
    errors are found one by one."""

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
        reference = self.reference
        if self.choices is not None and isinstance(body, dict):
            branch = self.choices.select(body)
            if branch is None:
                return [{"pointer": "", "detail": self.choices.refusal(body)}]
            reference = branch.reference
        found: list[dict[str, str]] = []
        token = _spent.set([0])
        try:
            errors_of(reference, body, found)
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
    """For a failed ``oneOf``/``anyOf``, the errors of the branch that came closest; a choice
    of properties given none or twice is the ``oneOf``'s own error (``property_choice``)."""
    if err.context and property_choice(err) is None:
        # a oneOf within that branch (a request's action): its closest branch too
        return _leaves(_closest(err.context))
    return [err]


def _closest(errors: list[ValidationError]) -> ValidationError:
    """The deepest error of the branch that came closest: one of the instance's kind if any (an
    action whose ``type`` is a branch's constant: a draft without cards is a draft's error, not
    ``buy was expected``), else the one whose error lies deepest."""
    branches: dict[Any, list[ValidationError]] = {}
    for e in errors:
        branches.setdefault(e.relative_schema_path[0] if e.relative_schema_path else None, [])
        branches[e.relative_schema_path[0] if e.relative_schema_path else None].append(e)
    # The property most branches require another constant of (an action's `type`) tells the
    # branches apart: a branch of another kind comes last.
    mismatched = Counter(e.relative_path[0] for e in errors if _other_constant(e))
    kind = mismatched.most_common(1)[0][0] if mismatched else None
    other_kind = [e for e in errors if _other_constant(e) and e.relative_path[0] == kind]
    of_other_kind = {id(e) for e in other_kind}

    def depth(e: ValidationError) -> int:
        return len(e.absolute_path)

    def nearness(branch: list[ValidationError]) -> tuple[bool, bool, int]:
        of_another_kind = any(id(e) in of_other_kind for e in branch)
        return not of_another_kind, any(map(_of_its_kind, branch)), max(map(depth, branch))

    closest = max(branches.values(), key=nearness)
    deepest = max(closest, key=depth)
    # Of no branch's kind (an unknown `type`), the closest branch stopped before the kind
    # (`{id}` alone): every kind offered, in one error.
    of_no_kind = len(other_kind) > 1 and not any(map(_of_its_kind, closest))
    if of_no_kind and depth(deepest) < depth(other_kind[0]):
        return _kinds_offered(other_kind)
    return deepest


def _kinds_offered(others: list[ValidationError]) -> ValidationError:
    """An instance of no branch's kind (an action of an unknown ``type``) refused once, with
    every kind the branches offer (``“x” is not advance, buy_patch or place_leather_patch``)."""
    first = others[0]
    return ValidationError(
        first.message,
        validator="enum",
        validator_value=[_constant_of(e) for e in others],
        instance=first.instance,
        path=first.relative_path,
        parent=first.parent,
    )


def _other_constant(err: ValidationError) -> bool:
    """A property of the object itself not the constant its branch requires (``type``)."""
    return len(err.relative_path) == 1 and _constant_of(err) is not None


def _constant_of(err: ValidationError) -> Any:
    """The value a ``const`` or one-value ``enum`` error's schema allows, else None."""
    if err.validator == "const":
        return err.validator_value
    if err.validator == "enum" and isinstance(err.validator_value, list):
        return err.validator_value[0] if len(err.validator_value) == 1 else None
    return None


def _of_its_kind(err: ValidationError) -> bool:
    """An error of a branch whose constant property (``type: {enum: [draft]}``) the instance has."""
    if err.relative_path or not isinstance(err.schema, Mapping):
        return False
    props = err.schema.get("properties")
    if not isinstance(props, Mapping) or not isinstance(err.instance, Mapping):
        return False
    return any(
        name in err.instance and isinstance(sub, Mapping) and _is_constant(sub, err.instance[name])
        for name, sub in props.items()
    )


def _is_constant(schema: Mapping[str, Any], value: Any) -> bool:
    """Whether ``schema`` allows ``value`` alone (``const``, or a one-value ``enum``)."""
    enum = schema.get("enum")
    return ("const" in schema and schema["const"] == value) or enum == [value]


def _pointer(path: Iterable[Any]) -> str:
    return "".join("/" + _escape(str(p)) for p in path)


def _short(message: str, limit: int = 300) -> str:
    """Cut the middle of a long message: it quotes the value first and says why last."""
    if len(message) <= limit:
        return message
    half = (limit - 1) // 2
    return message[:half] + "…" + message[-half:]
