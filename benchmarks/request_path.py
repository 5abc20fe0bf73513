"""Section 3a: where an ``apply`` request spends its time (Flask test client, no network).

Two views of the same request to the real service: each stage timed on its own without a
profiler (profilers inflate small Python calls), and cProfile's top project functions
(``service/`` and ``engines/``) by cumulative time.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask

from benchmarks.echo_app import create_app as create_echo_app
from benchmarks.stats import Budget, Stats, sample_interleaved
from benchmarks.tables import Cell, heading, table
from engines.core.registry import AnyGame
from service import requests as service_requests
from service import steps

TOP = 30
STAGE_SECONDS = 10
"""The interleaved stage timing gets this many times the per-measurement budget."""
REPO = Path(__file__).resolve().parent.parent
PROJECT_CODE = re.escape(str(REPO)) + r"/(service|engines)/"


@dataclass
class Stage:
    name: str
    stats: Stats
    part_of_request: bool = True


@dataclass
class PathReport:
    game: str
    requests: int
    profile_text: str
    profiled_ms: float
    """Per request under cProfile, all code (cProfile makes every call slower)."""
    stages: list[Stage] = field(default_factory=list)

    def total(self, name: str) -> Stats | None:
        return next((s.stats for s in self.stages if s.name == name), None)


FULL = "whole request, ?include="
FULL_LEGAL = "whole request, ?include=legal_actions"


def _short_paths(text: str) -> str:
    for prefix in sorted({p for p in sys.path if p}, key=len, reverse=True):
        text = text.replace(prefix.rstrip("/") + "/", "")
    return re.sub(r"\{built-in method ([^}]*)\}", r"<built-in \1>", text)


def _post(client: Any, path: str, raw: bytes) -> Any:
    resp = client.post(path, data=raw, content_type="application/json")
    if resp.status_code != 200:
        raise RuntimeError(f"{path}: HTTP {resp.status_code}: {resp.data[:300]!r}")
    return resp


def _profile(client: Any, path: str, raw: bytes, n: int) -> tuple[str, float]:
    """cProfile of ``n`` requests: the top project functions by cumulative time, and ms/request."""
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    for _ in range(n):
        _post(client, path, raw)
    prof.disable()
    elapsed = time.perf_counter() - t0
    stream = io.StringIO()
    ps = pstats.Stats(prof, stream=stream).sort_stats("cumulative")
    ps.print_stats(PROJECT_CODE, TOP)
    text = _short_paths(stream.getvalue())
    return text[text.find("   ncalls") :].rstrip(), 1e3 * elapsed / n


def profile(app: Flask, game: AnyGame, body: dict[str, Any], n: int, budget: Budget) -> PathReport:
    raw = json.dumps(body, separators=(",", ":")).encode()
    path = f"/v1/games/{game.id}/apply"
    client = app.test_client()
    for _ in range(5):
        _post(client, path + "?include=", raw)

    report = PathReport(game.id, n, *_profile(client, path + "?include=", raw, n))

    # Stage by stage with the service's own functions, interleaved: every round calls every
    # stage once, so a drift in the machine's speed hits all stages alike and the difference
    # between the whole request and its parts stays meaningful.
    validator = app.extensions["request_validators"][(path, "post")]
    data = json.loads(raw)
    req = service_requests.APPLY.load(data)
    state = steps.load_state(game, req.state)
    after, events = steps.apply_all(game, state, req.actions, req.batch)
    answer = steps.step(game, after, events, set())
    echo_client = create_echo_app().test_client()

    plan: list[tuple[str, Callable[[], object], bool]] = [
        (FULL, lambda: _post(client, path + "?include=", raw), False),
        (FULL_LEGAL, lambda: _post(client, path + "?include=legal_actions", raw), False),
        (
            "echo app, same body (Flask + test client floor)",
            lambda: _post(echo_client, "/echo", raw),
            False,
        ),
        ("json.loads(body)", lambda: json.loads(raw), True),
        (
            "schema validation (BodyValidator.errors: jsonschema-rs accepts)",
            lambda: validator.errors(data),
            True,
        ),
        ("marshmallow load", lambda: service_requests.APPLY.load(data), True),
        ("decode_state (rule checks)", lambda: steps.load_state(game, req.state), True),
        (
            "decode_action + check + apply",
            lambda: steps.apply_all(game, state, req.actions, req.batch),
            True,
        ),
        (
            "step: encode_state + state_hash + to_move",
            lambda: steps.step(game, after, events, set()),
            True,
        ),
        ("JSON answer (json.dumps)", lambda: json.dumps(answer, ensure_ascii=False), True),
        (
            "legal actions as JSON (only with include)",
            lambda: steps.legal_actions_json(game, after),
            False,
        ),
    ]
    measured = sample_interleaved([fn for _, fn, _ in plan], budget.seconds * STAGE_SECONDS)
    report.stages = [
        Stage(name, st, part) for (name, _, part), st in zip(plan, measured, strict=True)
    ]
    return report


def render(reports: list[PathReport]) -> str:
    out = [heading("3. Where an apply request spends its time")]
    for r in reports:
        full = r.total(FULL)
        out.append(heading(f"{r.game}: stages (Flask test client, no network)", 3))
        rows: list[list[Cell]] = []
        parts = 0.0
        for s in r.stages:
            share = None
            if s.part_of_request and full is not None:
                share = 100 * s.stats.median_ns / full.median_ns
                parts += s.stats.median_ns
            rows.append([s.name, s.stats.median_us, s.stats.p90_us, share, s.stats.n])
        if full is not None:
            rest = full.median_ns - parts
            rows.append(
                [
                    "rest: Flask/werkzeug + test client, routing, hooks, metrics (difference)",
                    rest / 1e3,
                    None,
                    100 * rest / full.median_ns,
                    None,
                ]
            )
        out.append(
            table(["stage", "median µs", "p90 µs", "% of ?include= request", "samples"], rows)
        )
        out.append(
            heading(
                f"{r.game}: cProfile of {r.requests} apply ?include= requests, "
                f"top {TOP} functions of service/ and engines/ by cumulative time",
                3,
            )
        )
        out.append(
            f"{r.profiled_ms:,.2f} ms per request under the profiler, all code counted "
            "(cProfile slows every call; compare rows with each other, not with the stages).\n"
        )
        out.append("```\n" + r.profile_text + "\n```")
    return "\n".join(out)


def to_json(reports: list[PathReport]) -> list[dict[str, Any]]:
    return [
        {
            "game": r.game,
            "stages": [
                {"stage": s.name, "median_us": s.stats.median_us, "p90_us": s.stats.p90_us}
                for s in r.stages
            ],
        }
        for r in reports
    ]
