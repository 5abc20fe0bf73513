"""Answers bounded by the state, over HTTP (``make bench``, section ``bounded``).

Against a gunicorn of 2 workers, The Isle of Cats' largest decisions: for a hand of 7, 17 and 21
rescue cards, ``legal-actions`` (bytes, time) and ``validate-action`` and ``apply?include=`` of a
2-card choice; 19 cards kept while buying, full fields with card 77 in hand; the largest answer
met in 6 seeded 4-player games against a ``score`` of the same state. Times: the median of 15
requests, client side.
"""

from __future__ import annotations

import json
import statistics
import time
import urllib.request
from typing import Any

from benchmarks.inprocess import Check
from benchmarks.worst_cases import isle_until
from engines import registry
from engines.isle_of_cats.catalogue import CARDS

GAME = registry.get("isle_of_cats")
RESCUE_CARDS = sorted(c for c, k in CARDS.items() if k.type == "rescue")


def post(base: str, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
    request = urllib.request.Request(
        f"{base}/v1/games/isle_of_cats/{path}",
        json.dumps(body).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return answer.status, answer.read()


def timed(base: str, path: str, body: dict[str, Any], repeat: int = 15) -> tuple[int, float]:
    """(bytes of the answer, median ms)."""
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        _, data = post(base, path, body)
        times.append((time.perf_counter() - start) * 1000)
        size = len(data)
    return size, statistics.median(times)


def with_rescue_cards(n: int) -> Any:
    """p0 choosing rescue cards with ``n`` of them in hand (a seeded 4-player game)."""
    state = isle_until("rescue_cards")
    p0 = state.players[0]
    state.deck.extend(c for c in p0.hand if CARDS[c].type == "rescue")
    p0.hand = [c for c in p0.hand if CARDS[c].type != "rescue"]
    for card in [c for c in state.deck if c in RESCUE_CARDS][:n]:
        state.deck.remove(card)
        p0.hand.append(card)
    return state


def run(base: str) -> tuple[str, list[Check]]:
    """The table of :func:`measure` and the issue's targets, against the service at ``base``."""
    rows = measure(base)
    text = "\n".join(f"{name:<40}{size:>10,} B{ms:>9.2f} ms" for name, (size, ms) in rows.items())
    game = GAME.id
    seven, seventeen = rows["legal-actions, 7 rescue cards"], rows["legal-actions, 17 rescue cards"]
    checks = [
        Check(game, "legal-actions bytes, 17 cards ÷ 7", seventeen[0] / seven[0], 4, "×"),
        Check(game, "legal-actions time, 17 cards ÷ 7", seventeen[1] / seven[1], 4, "×"),
        *(
            Check(
                game,
                f"{kind} time, 17 cards ÷ 7",
                rows[f"{kind}, 17 cards"][1] / rows[f"{kind}, 7 cards"][1],
                3,
                "×",
            )
            for kind in ("validate-action", "apply?include=")
        ),
        *(
            Check(game, f"{name}: bytes", rows[name][0] / (1 << 20), 1, "MiB")
            for name in rows
            if "kept" in name or "card 77" in name
        ),
        *(
            Check(game, f"{name}: time ÷ 7 cards", rows[name][1] / seven[1], 10, "×")
            for name in rows
            if "kept" in name or "card 77" in name
        ),
        Check(game, "largest real 4p answer", rows[LARGEST][0] / 1024, 512, "KiB"),
        Check(
            game,
            "largest real 4p answer ÷ its score",
            rows[LARGEST][1] / rows["largest real 4p: score"][1],
            2,
            "×",
        ),
    ]
    return text, checks


LARGEST = "largest real 4p: legal-actions"


def measure(base: str) -> dict[str, tuple[int, float]]:
    rows: dict[str, tuple[int, float]] = {}
    for n in (7, 17, 21):
        state = with_rescue_cards(n)
        data = GAME.encode_state(state)
        pick = sorted(c for c in state.players[0].hand if CARDS[c].type == "rescue")[:2]
        body = {"state": data, "action": {"id": f"rescue_cards:p0:{pick[0]},{pick[1]}"}}
        rows[f"legal-actions, {n} rescue cards"] = timed(base, "legal-actions", {"state": data})
        rows[f"validate-action, {n} cards"] = timed(base, "validate-action", body)
        rows[f"apply?include=, {n} cards"] = timed(base, "apply?include=", body)
    buying = isle_until("buy")
    for kind in ("public_lesson", "private_lesson", "anytime"):
        cards = [c for c in buying.deck if CARDS[c].type == kind][:4]
        for c in cards:
            buying.deck.remove(c)
        buying.players[0].kept.extend(cards)
    name = f"legal-actions, {len(buying.players[0].kept)} kept"
    rows[name] = timed(base, "legal-actions", {"state": GAME.encode_state(buying)})
    fields = isle_until("rescue")
    fields.players[0].fish = 1000
    if 77 in fields.deck:
        fields.deck.remove(77)
    fields.players[0].hand.append(77)
    body = {"state": GAME.encode_state(fields)}
    rows["legal-actions, full fields, card 77"] = timed(base, "legal-actions", body)
    largest = max(_real_states(), key=lambda s: len(json.dumps(GAME.legal_entries(s))))
    body = {"state": GAME.encode_state(largest)}
    rows[LARGEST] = timed(base, "legal-actions", body)
    rows["largest real 4p: score"] = timed(base, "score", body)
    return rows


def _real_states() -> list[Any]:
    import random

    out = []
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.setup(["p0", "p1", "p2", "p3"], {}, f"bounded-{seed}")
        while not GAME.is_finished(state):
            out.append(state)
            state, _ = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return out
