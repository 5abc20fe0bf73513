"""Legal actions that describe a choice instead of listing every combination of it.

A decision is what one player may do with one kind of action and its fixed arguments: buy some
of the cards drafted, rescue one cat from one field onto some cells of the boat. Listing every
combination grows with the subsets of the state (2ⁿ purchases of n cards); a :class:`Choice`
describes the decision instead, by the *domain* of each argument left open, so an answer grows
with the state alone.

A client turns a choice into a concrete action without knowing the rules: copy the entry, drop
``choose`` and ``limit``, and set each field named in ``choose`` to a value of its domain (a
field written ``a/b`` is ``b`` inside the object ``a``). Every combination is legal, except the
one rule a ``limit`` states (a total cost against the fish at hand), which the service names
with the limit's ``code`` when an action breaks it.

**The one rule deciding which decisions are described, the same for every game**: a decision
whose domains allow at most :data:`LISTED_AT_MOST` combinations is listed as complete actions,
each with its ``id``; a larger one is described. Either way an answer has one entry per decision
or per complete action, never one per subset.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations, permutations, product
from typing import Any, TypeAlias

Cell = tuple[int, int]

LISTED_AT_MOST = 16
"""A decision with more combinations than this is described, not listed. Listing costs an
action and its id per combination: in The Isle of Cats' largest rescue turns of seeded 4-player
games, when each listed action was also read back by the engine, at 16 the answer took 0.55 ms
and 17 KB; at 64, 8.4 ms and 107 KB."""


@dataclass(frozen=True)
class OneOf:
    """One of ``values``."""

    values: tuple[Any, ...]

    def size(self) -> int:
        return len(self.values)

    def choices(self, chosen: Mapping[str, Any]) -> Iterator[Any]:
        return iter(self.values)

    def to_json(self) -> dict[str, Any]:
        return {"domain": "one_of", "values": list(self.values)}


@dataclass(frozen=True)
class Subset:
    """A list of ``minimum`` to ``maximum`` entries of ``values``, each entry used at most once,
    in any order (a value listed twice, two copies of it, may be chosen twice)."""

    values: tuple[Any, ...]
    minimum: int
    maximum: int

    def size(self) -> int:
        n = len(self.values)
        return sum(math.comb(n, k) for k in range(self.minimum, min(self.maximum, n) + 1))

    def choices(self, chosen: Mapping[str, Any]) -> Iterator[list[Any]]:
        seen: set[str] = set()
        for k in range(self.minimum, min(self.maximum, len(self.values)) + 1):
            for pick in combinations(self.values, k):
                key = repr(pick)  # values may be lists ([row, col]), which do not hash
                if key not in seen:  # copies of one value make the same pick twice
                    seen.add(key)
                    yield [_copy(v) for v in pick]

    def to_json(self) -> dict[str, Any]:
        return {
            "domain": "subset",
            "values": list(self.values),
            "min": self.minimum,
            "max": self.maximum,
        }


@dataclass(frozen=True)
class EachOf:
    """A list of exactly ``length`` values, each one of ``values`` (repeats allowed)."""

    values: tuple[Any, ...]
    length: int

    def size(self) -> int:
        return int(len(self.values) ** self.length)

    def choices(self, chosen: Mapping[str, Any]) -> Iterator[list[Any]]:
        return (list(p) for p in product(self.values, repeat=self.length))

    def to_json(self) -> dict[str, Any]:
        return {"domain": "each_of", "values": list(self.values), "length": self.length}


@dataclass(frozen=True)
class Arrangement:
    """A list of exactly ``length`` different entries of ``values``, in order (a goal for each
    goal space)."""

    values: tuple[Any, ...]
    length: int

    def size(self) -> int:
        return math.perm(len(self.values), self.length)

    def choices(self, chosen: Mapping[str, Any]) -> Iterator[list[Any]]:
        return ([_copy(v) for v in p] for p in permutations(self.values, self.length))

    def to_json(self) -> dict[str, Any]:
        return {"domain": "arrangement", "values": list(self.values), "length": self.length}


@dataclass(frozen=True)
class PerItem:
    """An object giving one of ``values`` to each entry chosen for the field ``of`` that is
    among ``items`` (keys as strings), and to no other."""

    of: str
    items: tuple[Any, ...]
    values: tuple[Any, ...]

    def size(self) -> int:
        return int(len(self.values) ** len(self.items))

    def choices(self, chosen: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        keys = [str(item) for item in chosen[self.of] if item in self.items]
        return (dict(zip(keys, p, strict=True)) for p in product(self.values, repeat=len(keys)))

    def to_json(self) -> dict[str, Any]:
        return {
            "domain": "per_item",
            "of": self.of,
            "items": list(self.items),
            "values": list(self.values),
        }


Run = tuple[int, int, int]
"""``(row, first col, last col)``: the offsets ``[row, col]`` for each col from first to last."""


@dataclass(frozen=True)
class Orientation:
    """A piece's cells in one orientation (smallest row and column 0) and the offsets that may
    be added to each of them, as runs along a row: a boat or quilt with room holds hundreds of
    offsets an orientation, in a few dozen runs."""

    cells: tuple[Cell, ...]
    runs: tuple[Run, ...]

    @classmethod
    def of(cls, cells: tuple[Cell, ...], offsets: Iterable[Cell]) -> Orientation:
        """From offsets in row-major order."""
        runs: list[Run] = []
        row = first = last = -2  # no run yet (an offset moves a piece on a board: never < 0)
        for r, c in offsets:  # the open run in locals, not a list indexed for every offset
            if r == row and c == last + 1:
                last = c
            else:
                if row != -2:
                    runs.append((row, first, last))
                row, first, last = r, c, c
        if row != -2:
            runs.append((row, first, last))
        return cls(cells, tuple(runs))

    @property
    def offsets(self) -> list[Cell]:
        return [(r, c) for r, first, last in self.runs for c in range(first, last + 1)]

    def size(self) -> int:
        return sum(last - first + 1 for _, first, last in self.runs)

    def to_json(self) -> dict[str, Any]:
        return {"cells": [list(c) for c in self.cells], "offsets": [list(r) for r in self.runs]}


@dataclass(frozen=True)
class Placement:
    """The cells of a piece: those of one of its orientations, each moved by one of that
    orientation's offsets."""

    orientations: tuple[Orientation, ...]
    ordering: Callable[[], Iterable[tuple[int, Cell]]] | None = field(default=None, compare=False)
    """(orientation index, offset) in the order to list the placements, found only when they
    are listed; by default orientation by orientation, each in row-major order."""

    def size(self) -> int:
        return sum(o.size() for o in self.orientations)

    def choices(self, chosen: Mapping[str, Any]) -> Iterator[list[list[int]]]:
        # each orientation's cells sorted once: a move keeps their order (no sort per place)
        cells = [sorted(o.cells) for o in self.orientations]
        every = ((i, offset) for i, o in enumerate(self.orientations) for offset in o.offsets)
        for i, (dr, dc) in self.ordering() if self.ordering else every:
            yield [[r + dr, c + dc] for r, c in cells[i]]

    def to_json(self) -> dict[str, Any]:
        return {"domain": "placement", "orientations": [o.to_json() for o in self.orientations]}


Domain: TypeAlias = OneOf | Subset | EachOf | Arrangement | PerItem | Placement


@dataclass(frozen=True)
class Limit:
    """The one rule of a choice that is not a domain: the ``weights`` of the values chosen for
    ``sum_of`` (one of the choice's open fields) add up to at most ``at_most`` (the cards' cost
    against the fish at hand)."""

    code: str
    detail: str
    sum_of: str
    weights: tuple[tuple[Any, int], ...]
    at_most: int

    def allows(self, action: Mapping[str, Any]) -> bool:
        weight = dict(self.weights)
        total: int = sum(weight[v] for v in action[self.sum_of])
        return total <= self.at_most

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "detail": self.detail,
            "sum_of": self.sum_of,
            "weights": {str(k): w for k, w in self.weights},
            "at_most": self.at_most,
        }


@dataclass(frozen=True)
class Choice:
    """A decision described: the fields every action of it shares (``type``, ``player`` and the
    fixed arguments), the domain of each field left open, in the order to choose them (a
    :class:`PerItem` after the field it follows), and at most one :class:`Limit`."""

    fixed: Mapping[str, Any]
    choose: tuple[tuple[str, Domain], ...]
    limit: Limit | None = field(default=None)

    def size(self) -> int:
        """How many combinations the domains allow (the limit may refuse some of them)."""
        return math.prod(domain.size() for _, domain in self.choose)

    def actions(self) -> Iterator[dict[str, Any]]:
        """Every concrete action of the decision, as JSON, in a fixed order."""
        return (concrete(self.fixed, chosen) for chosen in self.combinations())

    def combinations(self) -> Iterator[dict[str, Any]]:
        """The values of the open fields (by their paths, ``piece/cells``) of every concrete
        action, in the order of :meth:`actions`, those the limit refuses left out: what a game
        makes its actions of without their JSON (``Game.chosen_action``)."""
        if len(self.choose) == 1:  # most decisions: no nested generator per action
            [(name, domain)] = self.choose
            combinations: Iterable[dict[str, Any]] = ({name: v} for v in domain.choices({}))
        else:
            combinations = self._combine(0, {})
        if self.limit is None:
            return iter(combinations)
        allows = self.limit.allows  # its field is an open one: the chosen values hold it
        return (chosen for chosen in combinations if allows(chosen))

    def _combine(self, i: int, chosen: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """The chosen values of every combination, from the ``i``-th domain on."""
        if i == len(self.choose):
            yield chosen
            return
        name, domain = self.choose[i]
        for value in domain.choices(chosen):
            yield from self._combine(i + 1, {**chosen, name: value})

    def to_json(self) -> dict[str, Any]:
        out = {k: _copy(v) for k, v in self.fixed.items()}
        out["choose"] = {name: domain.to_json() for name, domain in self.choose}
        if self.limit is not None:
            out["limit"] = self.limit.to_json()
        return out


def concrete(fixed: Mapping[str, Any], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The action ``fixed`` with each chosen value set at its path (``piece/cells``)."""
    out = {k: v if type(v) in _ATOMS else _copy(v) for k, v in fixed.items()}
    for path, value in chosen.items():
        *parents, last = path.split("/")
        inner = out
        for name in parents:
            inner = inner.setdefault(name, {})
        inner[last] = value
    return out


_ATOMS = frozenset({str, int, bool, float, type(None)})
"""JSON values that are never changed in place, so an action may share them."""


def _copy(value: Any) -> Any:
    """A fresh copy of a JSON value, so no answer shares a mutable part with another."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
