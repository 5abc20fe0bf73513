"""Typed engine errors: the service maps each to one problem type of the HTTP contract."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reason:
    """Why an action is illegal: a stable upper-case `code` and a sentence quoting the value."""

    code: str
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.detail}


@dataclass(frozen=True)
class Violation:
    """One way a state or position breaks the rules; `pointer` is a JSON Pointer into it."""

    code: str
    pointer: str
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "pointer": self.pointer, "detail": self.detail}


class EngineError(Exception):
    """Base of every error an engine raises on purpose."""


class MalformedAction(EngineError):
    """The action does not name a known action of this game (unknown type or id, bad shape)."""

    code = "MALFORMED_ACTION"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class IllegalAction(EngineError):
    """A well-formed action the rules forbid here; `code` is the first reason's code."""

    def __init__(self, reasons: list[Reason]) -> None:
        if not reasons:
            raise ValueError("an illegal action needs at least one reason")
        super().__init__(reasons[0].detail)
        self.reasons = reasons
        self.code = reasons[0].code


class InvalidState(EngineError):
    """The state (or position) breaks the rules; every violation is listed at once."""

    code = "INVALID_STATE"

    def __init__(self, violations: list[Violation]) -> None:
        if not violations:
            raise ValueError("an invalid state needs at least one violation")
        super().__init__(violations[0].detail)
        self.violations = violations


@dataclass
class ViolationCollector:
    """Gathers violations so a validator can report all of them, then raise once."""

    violations: list[Violation] = field(default_factory=list)

    def add(self, code: str, pointer: str, detail: str) -> None:
        self.violations.append(Violation(code, pointer, detail))

    def raise_if_any(self) -> None:
        if self.violations:
            raise InvalidState(list(self.violations))
