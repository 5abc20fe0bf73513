"""A client's deterministic reading of a legal-actions entry: the action it sends.

A complete action (with its ``id``) is sent unchanged. A choice (``choose``, docs/api.md
"Choices") becomes a concrete action with no rules known: copy the entry, drop ``choose`` and
``limit``, and set each field ``choose`` names, in its order, to the first value of its domain:
``one_of`` its first value, ``subset`` its first ``min`` values (the cheapest first when the
choice's ``limit`` weighs the field), ``each_of`` the first value ``length`` times, ``per_item``
the first value for each item chosen, ``placement`` the first orientation at its first offset
(the first run's row and first col).
tests/clients/ts/play.ts does the same, so both generated clients play the same game.

A random client (:func:`client_action`: the conformance suite's games, ``make bench``'s whole
games) sets each field to a random value of its domain instead, and tries again while the
engine refuses it for the choice's ``limit``.
"""

from __future__ import annotations

import random
from typing import Any


def first_action(entry: dict[str, Any]) -> dict[str, Any]:
    """The action a client sends for ``entry``: the entry itself, or a choice made concrete."""
    if "choose" not in entry:
        return entry
    chosen: dict[str, Any] = {}
    limit = entry.get("limit")
    for name, domain in entry["choose"].items():
        chosen[name] = first_value(name, domain, chosen, limit)
    return _made_concrete(entry, chosen)


def _made_concrete(entry: dict[str, Any], chosen: dict[str, Any]) -> dict[str, Any]:
    """The entry less ``choose`` and ``limit``, each chosen value set at its path
    (``piece/cells``); the entry itself is left as it was."""
    out = {k: v for k, v in entry.items() if k not in ("choose", "limit")}
    for name, value in chosen.items():
        *parents, last = name.split("/")
        inner = out
        for parent in parents:
            inner[parent] = dict(inner.get(parent, {}))
            inner = inner[parent]
        inner[last] = value
    return out


def first_value(
    name: str, domain: dict[str, Any], chosen: dict[str, Any], limit: dict[str, Any] | None
) -> Any:
    kind = domain["domain"]
    values = domain.get("values", [])
    if kind == "one_of":
        return values[0]
    if kind == "subset":
        if limit is not None and limit["sum_of"] == name:
            weights = limit["weights"]
            values = sorted(values, key=lambda v: weights[str(v)])  # stable: ties keep order
        return values[: domain["min"]]
    if kind == "each_of":
        return [values[0]] * domain["length"]
    if kind == "arrangement":
        return values[: domain["length"]]
    if kind == "per_item":
        items = domain["items"]
        return {str(v): values[0] for v in chosen[domain["of"]] if v in items}
    if kind == "placement":
        orientation = domain["orientations"][0]
        dr, dc = orientation["offsets"][0][:2]  # a run [row, first col, last col]: its first
        return [[r + dr, c + dc] for r, c in orientation["cells"]]
    raise ValueError(f"unknown domain {kind!r}")


def client_action(
    game: Any, state: Any, entry: dict[str, Any], rnd: random.Random, tries: int = 20
) -> Any:
    """The engine's action for what a random client sends for ``entry``: a listed action, or
    random values of a choice, tried ``tries`` times against the engine's check (only the
    choice's ``limit`` refuses one), then its first values, which are always legal."""
    if "choose" not in entry:
        return game.decode_action(state, entry)
    for _ in range(tries):
        action = game.decode_action(state, random_action(entry, rnd))
        if not game.check(state, action):
            return action
    return game.decode_action(state, first_action(entry))


def random_action(entry: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """A concrete action of a choice: a random value of each domain, in ``choose``'s order."""
    chosen: dict[str, Any] = {}
    for name, domain in entry["choose"].items():
        chosen[name] = random_value(domain, chosen, rnd)
    return _made_concrete(entry, chosen)


def random_value(domain: dict[str, Any], chosen: dict[str, Any], rnd: random.Random) -> Any:
    kind, values = domain["domain"], domain.get("values", [])
    if kind == "one_of":
        return rnd.choice(values)
    if kind == "subset":
        k = rnd.randint(domain["min"], min(domain["max"], len(values)))
        return [values[i] for i in sorted(rnd.sample(range(len(values)), k))]
    if kind == "each_of":
        return [rnd.choice(values) for _ in range(domain["length"])]
    if kind == "arrangement":
        return [values[i] for i in rnd.sample(range(len(values)), domain["length"])]
    if kind == "per_item":
        return {str(v): rnd.choice(values) for v in chosen[domain["of"]] if v in domain["items"]}
    if kind != "placement":
        raise ValueError(f"unknown domain {kind!r}")
    orientation = rnd.choice(domain["orientations"])
    dr, first, last = rnd.choice(orientation["offsets"])  # a run along row dr
    dc = rnd.randint(first, last)
    return sorted([r + dr, c + dc] for r, c in orientation["cells"])
