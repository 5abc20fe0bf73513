"""Hostile bodies: the corpus every endpoint must refuse cheaply, and the benchmark that times it.

``python -m tests.load.hostile`` (``make bench-hostile``) sends each body of :func:`corpus` to the
app in-process and prints, per body, the CPU time (the least of ``--repeat`` runs, so other work on
the machine does not count) and the memory the request allocated at its peak (``tracemalloc``, in
a separate run); then the worst of each against the targets: 50 ms of CPU and 10 MiB.

``tests/service/test_hostile_input.py`` sends the same corpus and checks each answer's status and
problem code (tests never assert time).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.clients.choose import first_action

CPU_TARGET_MS = 50.0
MEMORY_TARGET_MIB = 10.0
BODY_LIMIT = 1 << 20
"""The default ``MAX_CONTENT_LENGTH``: every body of the corpus fits under it."""


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    body: bytes
    status: int
    code: str

    @property
    def id(self) -> str:
        return f"{self.path.rsplit('/games/', 1)[-1]}:{self.name}"


def _dump(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def game_paths(app: Flask) -> dict[str, list[str]]:
    """``{game: [operation, …]}``: every POST the contract declares under ``/v1/games/<game>/``."""
    out: dict[str, list[str]] = {}
    for path, item in app.extensions["contract"].doc["paths"].items():
        parts = path.strip("/").split("/")
        if len(parts) == 4 and parts[:2] == ["v1", "games"] and "{" not in path and "post" in item:
            out.setdefault(parts[2], []).append(parts[3])
    return out


def real_step(client: FlaskClient, game: str, moves: int = 6) -> tuple[dict[str, Any], Any]:
    """A setup body (fewest players, fixed seed) and the step ``moves`` first actions later."""
    info = client.get(f"/v1/games/{game}").get_json()
    setup = {"players": [f"p{i}" for i in range(1, info["players"]["min"] + 1)], "seed": "hostile"}
    step = client.post(f"/v1/games/{game}/setup", json=setup).get_json()
    for _ in range(moves):
        if step["finished"] or not step["legal_actions"]:
            break
        action = first_action(step["legal_actions"][0])  # a choice: its first values
        step = client.post(
            f"/v1/games/{game}/apply", json={"state": step["state"], "action": action}
        ).get_json()
    return setup, step


def poisoned(value: Any) -> Any:
    """``value`` with every scalar replaced by an empty array: wrong wherever a type is due."""
    if isinstance(value, dict):
        return {k: poisoned(v) for k, v in value.items()}
    if isinstance(value, list):
        return [poisoned(v) for v in value]
    return []


def _game_cases(client: FlaskClient, game: str, operations: list[str]) -> Iterator[Case]:
    base = f"/v1/games/{game}"
    setup, step = real_step(client, game)
    state = step["state"]
    action = first_action(step["legal_actions"][0]) if step["legal_actions"] else {"id": "x"}
    player = state["players"][0]

    def case(name: str, op: str, body: Any, status: int, code: str) -> Case:
        raw = body if isinstance(body, bytes) else _dump(body)
        assert len(raw) <= BODY_LIMIT, (name, len(raw))
        return Case(name, f"{base}/{op}", raw, status, code)

    # The reproducers.
    yield case("10000-empty-actions", "apply", {"state": {}, "actions": [{}] * 10_000}, 400,
               "LIMIT_EXCEEDED")  # fmt: skip
    yield case("60000-empty-actions", "apply", {"state": {}, "actions": [{}] * 60_000}, 400,
               "LIMIT_EXCEEDED")  # fmt: skip
    yield case("1MiB-of-players", "setup", {"players": [0] * 340_000}, 400, "LIMIT_EXCEEDED")
    yield case("lone-surrogate-player", "setup", b'{"players": ["\\ud800", "b"], "seed": "d"}',
               400, "INVALID_UNICODE")  # fmt: skip
    yield case("lone-surrogate-seed", "setup", b'{"players": ["a", "b"], "seed": "\\udfff"}',
               400, "INVALID_UNICODE")  # fmt: skip
    yield case("lone-surrogate-key", "setup", b'{"players": ["a"], "\\ud800": 1}', 400,
               "INVALID_UNICODE")  # fmt: skip
    if "replay" in operations:
        yield case("lone-surrogate-in-replay", "replay",
                   b'{"setup": {"players": ["\\udbff", "b"]}, "actions": []}', 400,
                   "INVALID_UNICODE")  # fmt: skip
    for label, text in [("nul", "a\u0000"), ("rlo-zwsp", "a\u202e\u200b"), ("bom", "\ufeffa"),
                        ("trailing-space", "a "), ("tag", "a\U000e0041")]:  # fmt: skip
        yield case(f"player-id-{label}", "setup", {"players": [text, "b"], "seed": "s"}, 400,
                   "SCHEMA_VALIDATION")  # fmt: skip
    yield case("duplicate-key", "setup", b'{"players": ["a", "b"], "players": ["c", "d"]}', 400,
               "DUPLICATE_KEY")  # fmt: skip
    deep_dup = _dump({"state": state, "action": action})[:-1] + b',"action":{"id":"x"}}'
    yield case("duplicate-key-after-a-state", "apply", deep_dup, 400, "DUPLICATE_KEY")

    # Over the cheap limits.
    yield case("1000000-character-string", "setup", {"players": ["a" * 1_000_000]}, 400,
               "LIMIT_EXCEEDED")  # fmt: skip
    yield case("65-members", "setup", {f"k{i}": 0 for i in range(65)}, 400, "LIMIT_EXCEEDED")
    nested: Any = 1
    for _ in range(40):
        nested = [nested]
    yield case("40-deep", "setup", {"players": nested}, 400, "LIMIT_EXCEEDED")
    yield case("25000-pairs", "setup", {"players": [[0, 0]] * 1000, "x": [[0]] * 1000}, 400,
               "SCHEMA_VALIDATION")  # fmt: skip

    # Within the limits, built to give the validator as much work as possible.
    yield case("1000-empty-actions", "apply", {"state": {}, "actions": [{}] * 1000}, 400,
               "SCHEMA_VALIDATION")  # fmt: skip
    long_cells = {"type": "buy_patch", "player": player, "patch": 1, "cells": [[99, 99]] * 1000}
    yield case("oneOf-branches-with-1000-cells", "apply",
               {"state": state, "actions": [long_cells] * 15}, 400,
               "SCHEMA_VALIDATION")  # fmt: skip
    drawn = {"type": "chance", "drawn": [{"color": "x"}] * 1000}
    yield case("oneOf-branches-with-1000-tiles", "apply", {"state": {}, "actions": [drawn] * 15},
               400, "SCHEMA_VALIDATION")  # fmt: skip
    yield case("1000-wrong-actions-after-a-state", "apply",
               {"state": state, "actions": [poisoned(action)] * 1000}, 400,
               "SCHEMA_VALIDATION")  # fmt: skip
    yield case("30-deep-arrays-x900", "apply",
               {"state": {}, "actions": [{"a": json.loads("[" * 29 + "1" + "]" * 29)}] * 900},
               400, "SCHEMA_VALIDATION")  # fmt: skip
    yield case("262144-character-player-ids", "setup",
               {"players": ["a" * 262_144] * 3, "seed": "s" * 200_000}, 400,
               "SCHEMA_VALIDATION")  # fmt: skip
    for op in operations:
        everything = {
            "state": poisoned(state), "action": poisoned(action), "actions": [poisoned(action)],
            "player": [], "viewer": [], "setup": poisoned(setup), "position": poisoned(state),
            "players": [[]] * 4, "seed": [], "options": poisoned(state["options"]),
        }  # fmt: skip
        yield case("every-field-wrong", op, everything, 400, "SCHEMA_VALIDATION")
        yield case("poisoned-state-x20", op, {"state": poisoned(state), "actions":
                   [poisoned(state)] * 20}, 400, "SCHEMA_VALIDATION")  # fmt: skip

    # Valid bodies with the most engine work the contract allows.
    if "replay" in operations:
        yield case("replay-1000-actions", "replay",
                   {"setup": setup, "actions": [action] * 1000}, 422,
                   _replay_code(client, game, setup, action))  # fmt: skip


def _replay_code(client: FlaskClient, game: str, setup: Any, action: Any) -> str:
    """The code a replay of ``action`` 1000 times answers (what the rules say about it)."""
    resp = client.post(
        f"/v1/games/{game}/replay", json={"setup": setup, "actions": [action] * 1000}
    )
    code: str = resp.get_json()["code"]
    return code


def corpus(app: Flask) -> list[Case]:
    client = app.test_client()
    cases: list[Case] = []
    for game, operations in game_paths(app).items():
        cases.extend(_game_cases(client, game, operations))
    return cases


# --- the benchmark ---------------------------------------------------------------------------


def _post(client: FlaskClient, case: Case) -> int:
    resp = client.post(case.path, data=case.body, content_type="application/json")
    resp.get_data()
    return resp.status_code


def measure(
    client: FlaskClient, case: Case, repeat: int, clock: Callable[[], float] = time.process_time
) -> tuple[float, float]:
    """``(least CPU ms over repeat runs, peak MiB allocated in one run)``."""
    best = float("inf")
    for _ in range(repeat):
        started = clock()
        _post(client, case)
        best = min(best, (clock() - started) * 1000)
    tracemalloc.start()
    _post(client, case)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return best, peak / (1 << 20)


def main(argv: list[str]) -> int:
    from service import create_app

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    app = create_app()
    client = app.test_client()
    rows = []
    for case in corpus(app):
        status = _post(client, case)
        cpu_ms, peak_mib = measure(client, case, args.repeat)
        rows.append((case, status, cpu_ms, peak_mib))
        print(f"{case.id:58s} {len(case.body):>8d} B  {status}  {cpu_ms:7.1f} ms  "
              f"{peak_mib:6.2f} MiB", flush=True)  # fmt: skip
    worst_cpu = max(rows, key=lambda r: r[2])
    worst_mem = max(rows, key=lambda r: r[3])
    print(f"\nworst CPU: {worst_cpu[2]:.1f} ms ({worst_cpu[0].id}); target {CPU_TARGET_MS:g} ms")
    print(f"worst memory: {worst_mem[3]:.2f} MiB ({worst_mem[0].id}); "
          f"target {MEMORY_TARGET_MIB:g} MiB")  # fmt: skip
    wrong = [(c.id, s) for c, s, _, _ in rows if s != c.status]
    if wrong:
        print(f"unexpected statuses: {wrong}")
    ok = worst_cpu[2] <= CPU_TARGET_MS and worst_mem[3] <= MEMORY_TARGET_MIB and not wrong
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
