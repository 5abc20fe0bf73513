"""Answers bounded by the state, for every state of ``tests/benchmarks/largest_answers.py``.

Section ``worst``: the entries of ``legal_entries``, the bytes of their JSON and the engine's CPU
per call (``decode_state`` then ``legal_entries``, best of 5). Section ``bounded``: The Isle of
Cats' largest decisions over HTTP, against a gunicorn of 2 workers, each the median of 15
requests, client side.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

import orjson

from benchmarks import games, servers
from benchmarks.tables import Check, table
from engines import registry
from engines.isle_of_cats.catalogue import CARDS
from tests.benchmarks import largest_answers as cases

GAME = registry.get(cases.ISLE)
LARGEST = "legal-actions, the largest of 6 seeded 4-player games"


def measure_case(game_id: str, case: cases.Case, repeat: int = 10) -> tuple[int, int, float]:
    """(entries, bytes of their JSON, CPU ms per decode_state + legal_entries, best of 5)."""
    game = registry.get(game_id)
    entries = game.legal_entries(game.decode_state(case.state))
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(repeat):
            game.legal_entries(game.decode_state(case.state))
        best = min(best, (time.process_time() - start) / repeat)
    return len(entries), len(orjson.dumps(entries)), best * 1000


def worst(wanted: Sequence[str]) -> str:
    """The table of section ``worst``."""
    rows: list[list[Any]] = []
    for game_id in [g for g in wanted if g in cases.CASES]:
        for case in cases.CASES[game_id]():
            n, size, ms = measure_case(game_id, case)
            rows.append([game_id, case.phase, case.kind, n, size, ms, case.name])
    return table(["game", "phase", "kind", "entries", "bytes", "CPU ms", "case"], rows, digits=2)


def timed(server: servers.Server, path: str, body: dict[str, Any]) -> tuple[int, float]:
    """(bytes of the answer, median ms of 15 requests, each on a new connection)."""
    raw, times = json.dumps(body).encode(), []
    for _ in range(15):
        start = time.perf_counter()
        size = len(servers.post(server, f"/v1/games/{cases.ISLE}/{path}", raw))
        times.append((time.perf_counter() - start) * 1000)
    return size, statistics.median(times)


def measure(server: servers.Server) -> dict[str, tuple[int, float]]:
    rows: dict[str, tuple[int, float]] = {}
    for n in (7, 17, 21):
        state = cases.with_rescue_cards(n)
        data = GAME.encode_state(state)
        pick = sorted(c for c in state.players[0].hand if CARDS[c].type == "rescue")[:2]
        body = {"state": data, "action": {"id": f"rescue_cards:p0:{pick[0]},{pick[1]}"}}
        rows[f"legal-actions, {n} rescue cards"] = timed(server, "legal-actions", {"state": data})
        rows[f"validate-action, {n} cards"] = timed(server, "validate-action", body)
        rows[f"apply?include=, {n} cards"] = timed(server, "apply?include=", body)
    kept = cases.isle_kept()
    body = {"state": GAME.encode_state(kept)}
    rows[f"legal-actions, {len(kept.players[0].kept)} kept"] = timed(server, "legal-actions", body)
    body = {"state": GAME.encode_state(cases.isle_full_fields())}
    rows["legal-actions, full fields, card 77"] = timed(server, "legal-actions", body)
    playouts = (games.play(GAME, 4, f"bounded-{seed}", seed) for seed in range(6))
    states = (state for playout in playouts for state in playout.states[:-1])
    largest = max(states, key=lambda s: len(json.dumps(GAME.legal_entries(s))))
    body = {"state": GAME.encode_state(largest)}
    rows[LARGEST] = timed(server, "legal-actions", body)
    rows["score of the same state"] = timed(server, "score", body)
    return rows


def run() -> tuple[str, list[Check]]:
    """The table and the issue's targets: 17 cards against 7 (bytes and times), the largest
    hands against 7 cards, the largest answer of real games against a score of its state."""
    with servers.gunicorn("bounded", servers.REFEREE_APP, workers=2) as server:
        rows = measure(server)
    text = table(["request", "answer B", "ms"], [[k, *v] for k, v in rows.items()], digits=2)
    game, seven = GAME.id, rows["legal-actions, 7 rescue cards"]
    seventeen = rows["legal-actions, 17 rescue cards"]
    checks = [
        Check(game, f"legal-actions {what}, 17 cards ÷ 7", got / was, 4, "×")
        for what, got, was in zip(("bytes", "time"), seventeen, seven, strict=True)
    ]
    for kind in ("validate-action", "apply?include="):
        ratio = rows[f"{kind}, 17 cards"][1] / rows[f"{kind}, 7 cards"][1]
        checks.append(Check(game, f"{kind} time, 17 cards ÷ 7", ratio, 3, "×"))
    for name in [name for name in rows if "kept" in name or "card 77" in name]:
        checks.append(Check(game, f"{name}: bytes", rows[name][0] / (1 << 20), 1, "MiB"))
        checks.append(Check(game, f"{name}: time ÷ 7 cards", rows[name][1] / seven[1], 10, "×"))
    size, ms = rows[LARGEST]
    checks.append(Check(game, "largest real 4p answer", size / 1024, 512, "KiB"))
    score_ms = rows["score of the same state"][1]
    checks.append(Check(game, "largest real 4p answer ÷ its score", ms / score_ms, 2, "×"))
    return text, checks
