"""Section 3b: ``jsonschema`` (the service's validator) against compiled validators.

All three get the same contract: the whole ``openapi.yaml`` document with its root ``$ref`` set to
the operation's request schema, so every local ``$ref`` resolves. ``fastjsonschema`` has no
Draft 2020-12 (it treats every schema as draft-07 plus formats), so it is run twice: on the
contract as written, and on a mechanical translation of the 2020-12 keywords the contract uses
(``prefixItems`` → ``items`` array, the ``items`` after it → ``additionalItems``). It also fills in
``default`` values by mutating the body unless ``use_default=False``, which is used here.

Agreement is checked on the valid body and on mutated copies, with ``jsonschema`` as the
reference: only verdicts (valid or not) are compared, not messages.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import fastjsonschema  # type: ignore[import-untyped,unused-ignore]
import jsonschema_rs
from jsonschema import Draft202012Validator

from benchmarks.stats import Budget, Stats, sample_blocks
from benchmarks.tables import Cell, heading, table
from service.contract import Contract, errors_of

Check = Callable[[Any], bool]
MAX_SWEEP = 40
"""How many objects get an unknown key, and how many leaves a wrong type, in the corpus."""


def pointer_for(path: str, method: str = "post") -> str:
    esc = path.replace("~", "~0").replace("/", "~1")
    return f"/paths/{esc}/{method}/requestBody/content/application~1json/schema"


def bundled(doc: dict[str, Any], pointer: str) -> dict[str, Any]:
    return {**doc, "$ref": "#" + pointer}


def to_draft7(node: Any) -> Any:
    """Rewrite the 2020-12 array keywords as draft-07 ones (enough for this contract)."""
    if isinstance(node, list):
        return [to_draft7(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: to_draft7(v) for k, v in node.items()}
    if "prefixItems" in out:
        rest = out.pop("items", None)
        out["items"] = out.pop("prefixItems")
        if rest is not None:
            out["additionalItems"] = rest
    return out


# --- a corpus of bodies -------------------------------------------------------------------------


def _walk(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, (*path, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def corpus(body: dict[str, Any]) -> list[tuple[str, Any]]:
    """The valid body, hand-made invalid ones, and a sweep of generic mutations."""
    cases: list[tuple[str, Any]] = [("valid body", body)]
    cases.append(("no state", {k: v for k, v in body.items() if k != "state"}))
    cases.append(("unknown top-level key", {**body, "zz_unknown": 1}))
    if "action" in body:
        cases.append(("action and actions", {**body, "actions": [body["action"]]}))
        cases.append(("actions as a list", {"state": body["state"], "actions": [body["action"]]}))
        cases.append(("empty action", {**body, "action": {}}))
    cases.append(("state is a string", {**body, "state": "x"}))
    cases.append(("expected_turn -1", {**body, "expected_turn": -1}))
    pairs = [
        (p, n)
        for p, n in _walk(body)
        if isinstance(n, list) and len(n) == 2 and all(type(x) is int for x in n)
    ]
    if pairs:
        p, n = pairs[0]
        cases.append(("a [row, col] cell with a third item", _set(body, p, [*n, 0])))
        cases.append(("a [row, col] cell out of range", _set(body, p, [n[0] + 100, n[1]])))
        cases.append(("a [row, col] cell with one item", _set(body, p, [n[0]])))
    objects = [p for p, n in _walk(body) if isinstance(n, dict)][:MAX_SWEEP]
    for p in objects:
        cases.append(
            (f"unknown key at /{'/'.join(map(str, p))}", _set(body, (*p, "zz_unknown"), 1))
        )
    leaves = [p for p, n in _walk(body) if p and not isinstance(n, dict | list)][:MAX_SWEEP]
    for p in leaves:
        cases.append((f"object instead of leaf at /{'/'.join(map(str, p))}", _set(body, p, {})))
    return cases


# --- the comparison -----------------------------------------------------------------------------


@dataclass
class Candidate:
    name: str
    draft: str
    compile_ms: float | None
    """None for ``jsonschema``, which has no compile step (it walks the schema per call)."""
    check: Check | None
    timed: Callable[[], object] | None
    note: str = ""
    stats: Stats | None = None
    accepts_valid: bool | None = None
    agree: int = 0
    disagreements: list[str] = field(default_factory=list)


@dataclass
class ValidatorReport:
    game: str
    body_bytes: int
    cases: int
    candidates: list[Candidate]


def _fast_check(fn: Callable[[Any], Any]) -> Check:
    def check(data: Any) -> bool:
        try:
            fn(data)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return check


def _compile(build: Callable[[], Any]) -> tuple[Any, float, str]:
    t0 = time.perf_counter_ns()
    try:
        built = build()
    except Exception as err:  # a validator that cannot compile the contract is a result
        return None, (time.perf_counter_ns() - t0) / 1e6, f"does not compile: {err!r:.120}"
    return built, (time.perf_counter_ns() - t0) / 1e6, ""


def compare(game_id: str, body: dict[str, Any], budget: Budget) -> ValidatorReport:
    contract = Contract.load()
    path = f"/v1/games/{game_id}/apply"
    ptr = pointer_for(path)
    schema = bundled(contract.doc, ptr)

    reference: Draft202012Validator = contract.request_validators()[(path, "post")]
    cands = [
        Candidate(
            "jsonschema errors_of (what the service runs)",
            "2020-12",
            None,
            lambda d: not errors_of(reference, d),
            lambda: errors_of(reference, body),
        ),
        Candidate(
            "jsonschema is_valid",
            "2020-12",
            None,
            reference.is_valid,
            lambda: reference.is_valid(body),
        ),
    ]
    rs, rs_ms, rs_note = _compile(lambda: jsonschema_rs.Draft202012Validator(schema))
    cands.append(
        Candidate(
            "jsonschema-rs is_valid",
            "2020-12",
            rs_ms,
            None if rs is None else rs.is_valid,
            None if rs is None else (lambda: rs.is_valid(body)),
            rs_note,
        )
    )
    if rs is not None:
        cands.append(
            Candidate(
                "jsonschema-rs iter_errors (all errors)",
                "2020-12",
                rs_ms,
                lambda d: not list(rs.iter_errors(d)),
                lambda: list(rs.iter_errors(body)),
            )
        )
    for name, sch, note in (
        ("fastjsonschema, contract as written", schema, "2020-12 keywords read as draft-07"),
        ("fastjsonschema, translated to draft-07", to_draft7(schema), "prefixItems rewritten"),
    ):
        fn, ms, err = _compile(partial(fastjsonschema.compile, sch, use_default=False))
        cands.append(
            Candidate(
                name,
                "draft-07",
                ms,
                None if fn is None else _fast_check(fn),
                None if fn is None else partial(_fast_check(fn), body),
                err or note,
            )
        )

    cases = corpus(body)
    expected = [bool(reference.is_valid(c)) for _, c in cases]
    for cand in cands:
        if cand.check is None:
            continue
        cand.accepts_valid = cand.check(copy.deepcopy(body))
        for (label, case), want in zip(cases, expected, strict=True):
            got = cand.check(copy.deepcopy(case))
            if got == want:
                cand.agree += 1
            else:
                cand.disagreements.append(f"{label}: {'accepts' if got else 'rejects'}")
    # In blocks that take turns, so a drift of the machine's speed cannot favour one validator.
    timed = [c for c in cands if c.timed is not None]
    stats = sample_blocks([c.timed for c in timed if c.timed is not None], budget)
    for cand, st in zip(timed, stats, strict=True):
        cand.stats = st
    raw = json.dumps(body, separators=(",", ":")).encode()
    return ValidatorReport(game_id, len(raw), len(cases), cands)


def render(reports: list[ValidatorReport]) -> str:
    out = [heading("3b. Request validators on the apply body")]
    for r in reports:
        out.append(
            heading(
                f"{r.game}: apply body of {r.body_bytes} bytes, {r.cases} bodies for agreement", 3
            )
        )
        service = r.candidates[0].stats
        rows: list[list[Cell]] = []
        for c in r.candidates:
            speedup = (
                None
                if c.stats is None or service is None
                else service.median_ns / c.stats.median_ns
            )
            rows.append(
                [
                    c.name,
                    c.draft,
                    None if c.accepts_valid is None else ("yes" if c.accepts_valid else "NO"),
                    f"{c.agree}/{r.cases}" if c.check is not None else "–",
                    None if c.stats is None else c.stats.median_us,
                    None if c.stats is None else c.stats.p90_us,
                    speedup,
                    c.compile_ms,
                ]
            )
        out.append(
            table(
                [
                    "validator",
                    "draft",
                    "accepts the valid body",
                    "verdicts agree with jsonschema",
                    "median µs",
                    "p90 µs",
                    "× faster than service",
                    "compile ms",
                ],
                rows,
            )
        )
        notes = []
        for c in r.candidates:
            if c.note:
                notes.append(f"- {c.name}: {c.note}")
            if c.disagreements:
                shown = "; ".join(c.disagreements[:4])
                more = len(c.disagreements) - 4
                notes.append(
                    f"- {c.name} disagrees on {len(c.disagreements)}: {shown}"
                    + (f"; … {more} more" if more > 0 else "")
                )
        if notes:
            out.append("\n" + "\n".join(notes))
    return "\n".join(out)


def to_json(reports: list[ValidatorReport]) -> list[dict[str, Any]]:
    return [
        {
            "game": r.game,
            "body_bytes": r.body_bytes,
            "cases": r.cases,
            "validators": [
                {
                    "name": c.name,
                    "accepts_valid": c.accepts_valid,
                    "agree": c.agree,
                    "median_us": None if c.stats is None else c.stats.median_us,
                    "p90_us": None if c.stats is None else c.stats.p90_us,
                    "compile_ms": c.compile_ms,
                    "disagreements": c.disagreements,
                    "note": c.note,
                }
                for c in r.candidates
            ],
        }
        for r in reports
    ]
