"""Typed engine errors, which the service maps each to one problem type of the HTTP contract.

Their details are plain words for an integrator's user, never Python's notation: a string the
caller chose (a player id, a value not recognised) is in typographic quotes (``quoted``); a name
from a game's catalogue and a number are bare; a list reads ``a, b and c`` (``listing``); a cell
is ``[row, col]`` as on the wire; any other value from a JSON document is JSON (``shown``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reason:
    """Why an action is illegal: a stable upper-case `code` and a sentence in plain words."""

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


Place = tuple[str, int | str, str]
"""Where a piece of a list or an object was read, written out only for a problem found there
(:func:`pointer_at`): the pointer of the list or object, the piece's index or key and what follows
(``""``, or a field such as ``"/cells"``). Readers pass it down instead of a pointer string per
piece."""

Where = str | Place
"""A JSON Pointer, or a :data:`Place` that makes one when a problem is found."""


def pointer_at(where: Where) -> str:
    """The JSON Pointer of ``where``."""
    if isinstance(where, str):
        return where
    pointer, k, rest = where
    return f"{pointer}/{k}{rest}"


def below(where: Where, field: str) -> Where:
    """``where``'s field (``"/cells"``), still unwritten for a place."""
    if isinstance(where, str):
        return f"{where}{field}"
    pointer, k, rest = where
    return (pointer, k, rest + field)


QUOTE_LIMIT = 64
"""Longest quoted value: a detail may quote the caller's input, which the caller bounds."""


def quoted(text: str) -> str:
    """A string the caller chose (a player id, a name not recognised) in typographic quotes.

    Such a string may be empty or hold spaces, so the quotes show where it starts and ends;
    names from a game's catalogue (tiles, patches, cards, boards) are written bare instead.
    """
    return f"“{text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + '…'}”"


def shown(value: object) -> str:
    """Any value of a JSON document in words, as a detail quotes what the caller sent.

    A string is quoted; a number, true, false and null read as JSON writes them; an array or an
    object as compact JSON, cut at ``QUOTE_LIMIT`` characters (never Python's notation).
    """
    if isinstance(value, str):
        return quoted(value)
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


def listing(items: Iterable[object], last: str = "and") -> str:
    """``a, b and c`` (``last="or"``: ``a, b or c``): items in prose, each as ``str`` writes it."""
    words = [str(item) for item in items]
    if not words:
        return "none"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def quoted_listing(values: Iterable[object], last: str = "and") -> str:
    """Player ids (or other values the caller chose) in prose, each as ``shown`` writes it."""
    return listing((shown(value) for value in values), last)
