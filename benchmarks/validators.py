"""Section 3b: validating the ``apply`` body, the service's way and each validator alone.

The service checks a body with ``BodyValidator.errors``: the compiled ``jsonschema-rs`` check
(``BodyValidator.fast``) first, and only for a body it rejects, ``jsonschema``
(``BodyValidator.reference``), which writes the error report. All three are timed on the valid
``apply`` body and on an invalid one (the same body with ``state.turn`` a string), so the cost
of both paths shows. That the two validators agree is a test
(``tests/service/test_validators_agree.py``), not part of the benchmark.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from benchmarks.stats import Budget, Stats, sample_blocks
from benchmarks.tables import Cell, heading, table
from service.contract import Contract, errors_of

INVALID = "state.turn is a string"


@dataclass
class Row:
    name: str
    valid: Stats
    invalid: Stats


@dataclass
class ValidatorReport:
    game: str
    body_bytes: int
    errors: list[dict[str, str]]
    """What the service reports for the invalid body."""
    build_ms: float
    operations: int
    rows: list[Row]


def invalid_body(body: dict[str, Any]) -> dict[str, Any]:
    return {**body, "state": {**body["state"], "turn": "x"}}


def compare(game_id: str, body: dict[str, Any], budget: Budget) -> ValidatorReport:
    contract = Contract.load()
    t0 = time.perf_counter_ns()
    built = contract.request_validators()
    build_ms = (time.perf_counter_ns() - t0) / 1e6
    validator = built[(f"/v1/games/{game_id}/apply", "post")]

    bad = invalid_body(body)
    errors = validator.errors(bad)
    if validator.errors(body) or not errors or validator.fast.is_valid(bad):
        raise RuntimeError(f"{game_id}: the apply body is not valid, or the invalid one is")

    candidates: list[tuple[str, Callable[[Any], object]]] = [
        ("service: BodyValidator.errors", validator.errors),
        ("jsonschema-rs alone: fast.is_valid", validator.fast.is_valid),
        ("jsonschema alone: errors_of(reference)", lambda d: errors_of(validator.reference, d)),
    ]
    # Every call of every candidate on both bodies, in blocks that take turns, so a drift of the
    # machine's speed cannot favour one of them.
    fns = [partial(check, data) for _, check in candidates for data in (body, bad)]
    stats = sample_blocks(fns, budget)
    rows = [Row(name, stats[2 * i], stats[2 * i + 1]) for i, (name, _) in enumerate(candidates)]
    raw = json.dumps(body, separators=(",", ":")).encode()
    return ValidatorReport(game_id, len(raw), errors, build_ms, len(built), rows)


def render(reports: list[ValidatorReport]) -> str:
    out = [heading("3b. Request validation of the apply body")]
    for r in reports:
        out.append(heading(f"{r.game}: apply body of {r.body_bytes} bytes", 3))
        reference = r.rows[-1]
        rows: list[list[Cell]] = [
            [
                row.name,
                row.valid.median_us,
                row.valid.p90_us,
                reference.valid.median_ns / row.valid.median_ns,
                row.invalid.median_us,
                row.invalid.p90_us,
            ]
            for row in r.rows
        ]
        out.append(
            table(
                [
                    "validation",
                    "valid: median µs",
                    "valid: p90 µs",
                    "valid: × faster than jsonschema",
                    f"invalid ({INVALID}): median µs",
                    "invalid: p90 µs",
                ],
                rows,
            )
        )
        first = r.errors[0]
        out.append(
            f"\nThe service reports {len(r.errors)} error(s) for the invalid body, first "
            f"{first['pointer']!r}: {first['detail']}. "
            f"Contract.request_validators() built all {r.operations} body validators in "
            f"{r.build_ms:,.1f} ms (once, at start-up)."
        )
    return "\n".join(out)


def to_json(reports: list[ValidatorReport]) -> list[dict[str, Any]]:
    return [
        {
            "game": r.game,
            "body_bytes": r.body_bytes,
            "invalid_body": INVALID,
            "errors_reported": r.errors,
            "build_all_validators_ms": r.build_ms,
            "validators": [
                {
                    "name": row.name,
                    "valid_median_us": row.valid.median_us,
                    "valid_p90_us": row.valid.p90_us,
                    "invalid_median_us": row.invalid.median_us,
                    "invalid_p90_us": row.invalid.p90_us,
                }
                for row in r.rows
            ],
        }
        for r in reports
    ]
