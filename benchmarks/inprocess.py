"""Section 1: the engines called directly, without the service around them."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from benchmarks import playouts
from benchmarks.stats import Budget, Stats, sample
from benchmarks.tables import Cell, heading, table
from engines.core.registry import AnyGame


@dataclass
class OpResult:
    game: str
    operation: str
    where: str
    stats: Stats
    detail: str = ""


@dataclass
class WholeGames:
    game: str
    games: int
    stats: Stats
    plies_mean: float
    legal_per_ply_mean: float


@dataclass
class GameReport:
    game: str
    players: int
    reference_plies: int
    legal: list[tuple[playouts.Position, Stats]] = field(default_factory=list)
    ops: list[OpResult] = field(default_factory=list)
    whole: WholeGames | None = None
    notes: list[str] = field(default_factory=list)


def whole_games(game: AnyGame, count: int, warmup: int = 3) -> WholeGames:
    """``count`` seeded random games, each timed from setup to the end, legal actions every ply."""
    clock = time.perf_counter_ns

    def one(i: int) -> tuple[int, int, int]:
        rnd = random.Random(i)
        t0 = clock()
        state = playouts.setup(game, f"bench-{i}")
        plies = legal_total = 0
        while not game.is_finished(state):
            actions = game.legal_actions(state)
            if not actions or plies > playouts.MAX_PLIES:
                raise playouts.PlayoutError(f"{game.id}: playout {i} is stuck")
            legal_total += len(actions)
            state, _ = game.apply(state, rnd.choice(actions))
            plies += 1
        return clock() - t0, plies, legal_total

    for i in range(warmup):
        one(10_000 + i)
    runs = [one(i) for i in range(count)]
    plies = sum(r[1] for r in runs)
    return WholeGames(
        game.id,
        count,
        Stats.of([r[0] for r in runs]),
        plies / count,
        sum(r[2] for r in runs) / max(1, plies),
    )


def bench_game(game: AnyGame, contract: dict[str, Any], budget: Budget, games: int) -> GameReport:
    ref = playouts.play(game, playouts.REFERENCE_SEED, 0)
    positions = playouts.fixed_positions(game, ref)
    report = GameReport(game.id, len(playouts.players_for(game)), ref.plies)

    for pos in positions:
        report.legal.append((pos, sample(partial(game.legal_actions, pos.state), budget)))

    for pos in positions:
        where = f"{pos.label} (ply {pos.ply})"
        encoded = game.encode_state(pos.state)
        report.ops += [
            OpResult(
                game.id, "apply", where, sample(partial(game.apply, pos.state, pos.action), budget)
            ),
            OpResult(
                game.id,
                "check + apply",
                where,
                sample(partial(game.apply_checked, pos.state, pos.action), budget),
            ),
            OpResult(
                game.id,
                "encode_state",
                where,
                sample(partial(game.encode_state, pos.state), budget),
            ),
            OpResult(
                game.id,
                "decode_state",
                where,
                sample(partial(game.decode_state, encoded), budget),
                "checks every rule a state must obey",
            ),
        ]

    final = ref.final
    report.ops.append(
        OpResult(
            game.id,
            "score (finished state)",
            f"ply {ref.plies}",
            sample(lambda: game.score(final), budget),
        )
    )
    position, source = playouts.finished_position(game, final, contract)
    if position is None:
        report.notes.append(f"score_position skipped: {source}")
    else:
        violations = game.validate_position(position)
        if violations:
            report.notes.append(
                f"score_position skipped: the position from {source} is invalid: "
                + "; ".join(v.code for v in violations[:3])
            )
        else:
            report.ops.append(
                OpResult(
                    game.id,
                    "score_position (finished)",
                    source,
                    sample(lambda: game.score_position(position), budget),
                    "validates the position, then scores it",
                )
            )
    report.whole = whole_games(game, games)
    return report


def render(reports: list[GameReport]) -> str:
    out = [heading("1. In-process engine benchmarks")]
    out.append(
        "Single calls timed with time.perf_counter_ns after a warm-up; positions are the busiest "
        "plies of the middle half of a seeded random reference game (seed "
        f"{playouts.REFERENCE_SEED!r}).\n"
    )
    out.append(heading("Legal-action generation", 3))
    rows: list[list[Cell]] = []
    for r in reports:
        for pos, st in r.legal:
            rows.append([r.game, pos.label, pos.ply, len(pos.legal), st.median_us, st.p90_us, st.n])
    out.append(
        table(["game", "position", "ply", "legal actions", "median µs", "p90 µs", "samples"], rows)
    )
    out.append(heading("Whole seeded random game (setup → end, legal actions every ply)", 3))
    rows = []
    for r in reports:
        w = r.whole
        if w is None:
            continue
        rows.append(
            [
                r.game,
                r.players,
                w.games,
                w.plies_mean,
                w.legal_per_ply_mean,
                w.stats.median_ms,
                w.stats.p90_ms,
                w.stats.median_ns / 1e3 / max(w.plies_mean, 1.0),
            ]
        )
    out.append(
        table(
            [
                "game",
                "players",
                "games",
                "plies (mean)",
                "legal actions / ply (mean)",
                "median ms",
                "p90 ms",
                "µs / ply",
            ],
            rows,
            digits=2,
        )
    )
    out.append(heading("Apply, codecs and scoring", 3))
    rows = [
        [o.game, o.operation, o.where, o.stats.median_us, o.stats.p90_us, o.stats.n]
        for r in reports
        for o in r.ops
    ]
    out.append(table(["game", "operation", "input", "median µs", "p90 µs", "samples"], rows))
    notes = [f"- {r.game}: {n}" for r in reports for n in r.notes]
    if notes:
        out.append("\n" + "\n".join(notes))
    return "\n".join(out)


def to_json(reports: list[GameReport]) -> list[dict[str, Any]]:
    def st(s: Stats) -> dict[str, float]:
        return {"n": s.n, "median_us": s.median_us, "p90_us": s.p90_us}

    return [
        {
            "game": r.game,
            "players": r.players,
            "reference_plies": r.reference_plies,
            "legal_actions": [
                {"position": p.label, "ply": p.ply, "count": len(p.legal), **st(s)}
                for p, s in r.legal
            ],
            "ops": [{"operation": o.operation, "input": o.where, **st(o.stats)} for o in r.ops],
            "whole_game": None
            if r.whole is None
            else {
                "games": r.whole.games,
                "median_ms": r.whole.stats.median_ms,
                "p90_ms": r.whole.stats.p90_ms,
                "plies_mean": r.whole.plies_mean,
            },
            "notes": r.notes,
        }
        for r in reports
    ]
