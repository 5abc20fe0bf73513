"""A client's deterministic reading of a legal-actions entry: the action it sends.

A complete action (with its ``id``) is sent unchanged. A choice (``choose``, docs/api.md
"Choices") becomes a concrete action with no rules known: copy the entry, drop ``choose`` and
``limit``, and set each field ``choose`` names, in its order, to the first value of its domain:
``one_of`` its first value, ``subset`` its first ``min`` values (the cheapest first when the
choice's ``limit`` weighs the field), ``each_of`` the first value ``length`` times, ``per_item``
the first value for each item chosen, ``placement`` the first orientation at its first offset
(the first run's row and first col).
tests/clients/ts/play.ts does the same, so both generated clients play the same game.
"""

from __future__ import annotations

from typing import Any


def first_action(entry: dict[str, Any]) -> dict[str, Any]:
    """The action a client sends for ``entry``: the entry itself, or a choice made concrete."""
    if "choose" not in entry:
        return entry
    out = {k: v for k, v in entry.items() if k not in ("choose", "limit")}
    chosen: dict[str, Any] = {}
    limit = entry.get("limit")
    for name, domain in entry["choose"].items():
        value = first_value(name, domain, chosen, limit)
        chosen[name] = value
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
