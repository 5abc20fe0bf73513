"""``python -m benchmarks.tokens``: what a state token costs and what its trusted fast path saves.

For each game, states are taken along one seeded game (first legal actions, the smallest table)
and each is loaded three ways:

- ``decode_state``: the state as a caller sends it in the clear, checked against every rule;
- ``decode_trusted_state``: the same JSON taken from a token this service sealed;
- ``open``: the token itself, authenticated, decrypted, decompressed and parsed.

Then one whole ``apply`` request goes through the Flask app in-process (body reading, contract
validation, loading, the action, the answer) with the state in the clear and with the token; the
answer is a bare step (``include=``) so the difference is loading the state, not listing actions.
Figures are medians in microseconds; the machine may be shared, so compare columns of one run.
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from engines import registry
from engines.registry import AnyGame
from service import create_app
from service.config import Settings
from service.routes import KEYRING
from service.steps import seal
from service.tokens import Keyring

SAMPLE_TURNS = 6
"""States measured per game, spread evenly over one game."""


def median_us(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm caches the first call fills
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def sample_states(game: AnyGame) -> list[tuple[Any, Any]]:
    """``(state, a legal action)`` pairs spread over one seeded game of the smallest table."""
    players = [f"p{i}" for i in range(1, game.min_players + 1)]
    state = game.setup(players, {}, "bench-tokens")
    played: list[tuple[Any, Any]] = []
    while not game.is_finished(state):
        action = game.legal_actions(state)[0]
        played.append((state, action))
        state, _ = game.apply(state, action)
    step = max(1, len(played) // SAMPLE_TURNS)
    return played[::step][:SAMPLE_TURNS]


def measure(game: AnyGame, keyring: Keyring, client: Any, repeat: int) -> dict[str, float]:
    totals: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        totals.setdefault(name, []).append(value)

    path = f"/v1/games/{game.id}/apply?include="
    for state, action in sample_states(game):
        data = game.encode_state(state)
        token = seal(game, keyring, data)
        action_json = {"id": game.encode_action(state, action)["id"]}
        clear_body = json.dumps({"state": data, "action": action_json})
        token_body = json.dumps({"state_token": token, "action": action_json})
        add("decode_state", median_us(partial(game.decode_state, data), repeat))
        add("decode_trusted", median_us(partial(game.decode_trusted_state, data), repeat))
        add("open token", median_us(partial(keyring.open, game.id, token), repeat))
        add("seal token", median_us(partial(seal, game, keyring, data), repeat))
        add("token chars", float(len(token)))
        add("state bytes", float(len(clear_body)))
        for name, body in (("apply, clear", clear_body), ("apply, token", token_body)):

            def post(b: str = body) -> None:
                resp = client.post(path, data=b, content_type="application/json")
                assert resp.status_code == 200, resp.get_data(as_text=True)[:300]

            add(name, median_us(post, max(5, repeat // 10)))
    return {name: statistics.mean(values) for name, values in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="timings per measurement")
    args = parser.parse_args()
    key = base64.b64encode(bytes(32)).decode()
    games = registry.all_games()
    keyring = Keyring.from_spec(f"bench:{key}", 3600, [g.id for g in games])
    assert keyring is not None
    app = create_app(Settings())
    app.extensions[KEYRING] = keyring
    client = app.test_client()
    columns = [
        "decode_state",
        "decode_trusted",
        "open token",
        "seal token",
        "apply, clear",
        "apply, token",
    ]
    print("µs, median per call, mean over", SAMPLE_TURNS, "states per game")
    print(f"{'game':<10}" + "".join(f"{c:>16}" for c in columns) + f"{'gain':>8}{'chars':>8}")
    for game in games:
        row = measure(game, keyring, client, args.repeat)
        gain = 1 - row["apply, token"] / row["apply, clear"]
        cells = "".join(f"{row[c]:>16.1f}" for c in columns)
        print(f"{game.id:<10}{cells}{gain:>8.0%}{row['token chars']:>8.0f}")


if __name__ == "__main__":
    main()
