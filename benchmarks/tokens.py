"""``python -m benchmarks.tokens``: what a state token costs and what its trusted fast path saves.

For each game, states are taken along one seeded game (first legal actions, the smallest table)
and each is loaded three ways:

- ``decode_state``: the state as a caller sends it in the clear, checked against every rule;
- ``decode_trusted_state``: the same JSON taken from a token this service sealed;
- ``open``: the token itself, authenticated, decrypted, decompressed and parsed.

Then one whole ``apply`` request goes through the Flask app in-process (body reading, contract
validation, loading, the action, the answer) with the state in the clear and with the token; the
answer is a bare step (``include=``) so the difference is loading the state, not listing actions.
The two ways of each pair are timed in alternating rounds (``benchmarks.timing.interleaved``), so
a machine that speeds up or slows down meanwhile moves both alike. Figures are medians in
microseconds, each the mean over the sampled states of one game. "decode saved" is what the
trusted path saves of ``decode_state``; "saved, of apply" is the same microseconds as a share of a
whole ``apply`` in the clear: the fast path's own gain. "apply gain" is the whole difference
between the two requests, which also counts the smaller body and its lighter contract check.

``make bench`` runs this as its ``tokens`` section; ``python -m benchmarks.tokens`` alone.
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from benchmarks.tables import Cell, table
from benchmarks.timing import interleaved
from engines import registry
from engines.registry import AnyGame
from service import create_app
from service.config import Settings
from service.routes import KEYRING
from service.steps import seal
from service.tokens import Keyring

SAMPLE_TURNS = 6
"""States measured per game, spread evenly over one game."""

HEADERS = [
    "game",
    "`decode_state`",
    "`decode_trusted_state`",
    "decode saved",
    "saved, of `apply`",
    "open token",
    "seal token",
    "`apply`, clear",
    "`apply`, token",
    "`apply` gain",
    "token chars",
]


def apply_rounds(repeat: int) -> int:
    """Rounds of the ``apply`` pair: a request costs ten to a hundred times a decode."""
    return max(20, repeat // 2)


def medians_us(fns: list[Callable[[], object]], rounds: int) -> list[float]:
    """The median of each function, called in alternating rounds."""
    return [s.median_us for s in interleaved(fns, seconds=1e9, max_rounds=rounds)]


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
        checked, trusted = medians_us(
            [partial(game.decode_state, data), partial(game.decode_trusted_state, data)], repeat
        )
        add("decode_state", checked)
        add("decode_trusted", trusted)
        opened, sealed = medians_us(
            [partial(keyring.open, game.id, token), partial(seal, game, keyring, data)], repeat
        )
        add("open token", opened)
        add("seal token", sealed)
        add("token chars", float(len(token)))

        def post(body: str) -> None:
            resp = client.post(path, data=body, content_type="application/json")
            assert resp.status_code == 200, resp.get_data(as_text=True)[:300]

        clear, sealed_apply = medians_us(
            [partial(post, clear_body), partial(post, token_body)], apply_rounds(repeat)
        )
        add("apply, clear", clear)
        add("apply, token", sealed_apply)
        # Per state: one costly action (a Calico or Isle scoring step) would otherwise weigh most.
        add("apply gain", 1 - sealed_apply / clear)
        add("saved of apply", (checked - trusted) / clear)
    return {name: statistics.mean(values) for name, values in totals.items()}


def run(games: list[AnyGame], repeat: int) -> str:
    """The Markdown table of every game, with a sentence on what was measured."""
    key = base64.b64encode(bytes(32)).decode()
    keyring = Keyring.from_spec(f"bench:{key}", 3600, [g.id for g in games])
    assert keyring is not None
    # Request log lines off, as in the other sections: what is measured is loading the state.
    app = create_app(replace(Settings.from_env(), log_level="WARNING"))
    app.extensions[KEYRING] = keyring
    client = app.test_client()
    rows: list[list[Cell]] = []
    for game in games:
        r = measure(game, keyring, client, repeat)
        rows.append(
            [
                game.id,
                r["decode_state"],
                r["decode_trusted"],
                f"{1 - r['decode_trusted'] / r['decode_state']:.0%}",
                f"{r['saved of apply']:.1%}",
                r["open token"],
                r["seal token"],
                r["apply, clear"],
                r["apply, token"],
                f"{r['apply gain']:.0%}",
                int(r["token chars"]),
            ]
        )
    return (
        f"µs, medians of {repeat} alternating calls (`apply`: {apply_rounds(repeat)}), each the "
        f"mean over {SAMPLE_TURNS} states of one seeded game; gains are the mean of the states' "
        "gains\n\n" + table(HEADERS, rows)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="timings per measurement")
    args = parser.parse_args()
    print(run(registry.all_games(), args.repeat))


if __name__ == "__main__":
    main()
