"""The part of every state that is the same in every game: who plays, options, turn, generator, log.

The JSON form (see API.md, "The state") is::

    {"game", "rules_version", "schema_version", "players", "options", "turn", "to_move",
     "phase", "finished", "rng", "public", "private", "hidden", "log"?}

Engines keep an :class:`Envelope` in their state and build the JSON with :func:`envelope_to_json`,
so the shared fields are written and read in one place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engines.core.errors import (
    InvalidState,
    Violation,
    ViolationCollector,
    listing,
    quoted,
    quoted_listing,
    shown,
)
from engines.core.rng import ALGORITHM, CounterRng, new_seed

SCHEMA_VERSION = 1
CHANCE = "chance"
"""The pseudo-player who moves when the rules wait for a draw reported by the caller."""


@dataclass(frozen=True)
class RngState:
    """Seeded: the generator's seed and counter. External: draws come from the caller."""

    mode: Literal["seeded", "external"]
    seed: str | None = None
    counter: int = 0

    @classmethod
    def for_setup(cls, mode: str, seed: str | None) -> RngState:
        if mode == "external":
            return cls("external")
        return cls("seeded", seed if seed is not None else new_seed(), 0)

    def generator(self) -> CounterRng:
        if self.mode != "seeded" or self.seed is None:
            raise ValueError("only a seeded state has a generator")
        return CounterRng(self.seed, self.counter)

    def advanced(self, rng: CounterRng) -> RngState:
        return RngState(self.mode, self.seed, rng.counter)  # as after(): no field walk

    def to_json(self) -> dict[str, Any]:
        if self.mode == "external":
            return {"mode": "external"}
        return {
            "mode": "seeded",
            "algorithm": ALGORITHM,
            "seed": self.seed,
            "counter": self.counter,
        }


@dataclass(frozen=True)
class Envelope:
    players: tuple[str, ...]
    options: Mapping[str, Any]
    turn: int
    rng: RngState
    log: tuple[Mapping[str, Any], ...] | None
    """The actions applied so far, kept only when ``options.record_log`` is true."""

    @classmethod
    def new(cls, players: Sequence[str], options: Mapping[str, Any], rng: RngState) -> Envelope:
        log: tuple[Mapping[str, Any], ...] | None = () if options.get("record_log") else None
        return cls(tuple(players), dict(options), 0, rng, log)

    def after(self, action_id: str, player: str) -> Envelope:
        """The envelope once one more action has been applied.

        The log keeps each action as ``{"id", "player"}``: the id alone decodes back to the action
        in the state it was applied to, so replaying the log from the setup rebuilds the game,
        while full action objects would make a long game's state several times larger.
        """
        entry = {"id": action_id, "player": player}
        log = None if self.log is None else (*self.log, entry)
        # built field by field: ``dataclasses.replace`` walks the fields first, twice the cost
        return Envelope(self.players, self.options, self.turn + 1, self.rng, log)

    def advanced(self, rng: CounterRng) -> Envelope:
        """The envelope once the rules have drawn from ``rng``, its generator."""
        return Envelope(self.players, self.options, self.turn, self.rng.advanced(rng), self.log)


def envelope_to_json(
    game: str,
    rules_version: str,
    env: Envelope,
    *,
    to_move: list[str],
    phase: str,
    finished: bool,
    public: dict[str, Any],
    private: dict[str, Any],
    hidden: dict[str, Any],
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": game,
        "rules_version": rules_version,
        "schema_version": SCHEMA_VERSION,
        "players": list(env.players),
        "options": dict(env.options),
        "turn": env.turn,
        "to_move": to_move,
        "phase": phase,
        "finished": finished,
        "rng": env.rng.to_json(),
        "public": public,
        "private": private,
        "hidden": hidden,
    }
    if env.log is not None:
        out["log"] = [dict(a) for a in env.log]
    return out


def envelope_from_json(
    data: Mapping[str, Any], game: str, rules_versions: Sequence[str], v: ViolationCollector
) -> Envelope:
    """Read the shared fields, recording every violation in ``v``; the shape is schema-checked."""
    if data.get("game") != game:
        v.add(
            "WRONG_GAME",
            "/game",
            f"this endpoint adjudicates {game}, not {shown(data.get('game'))}",
        )
    if data.get("rules_version") not in rules_versions:
        v.add(
            "UNSUPPORTED_RULES_VERSION",
            "/rules_version",
            f"rules version {shown(data.get('rules_version'))} is not "
            f"{listing(rules_versions, 'or')}",
        )
    if data.get("schema_version") != SCHEMA_VERSION:
        v.add(
            "UNSUPPORTED_SCHEMA_VERSION",
            "/schema_version",
            f"schema version {shown(data.get('schema_version'))} is not {SCHEMA_VERSION}",
        )
    players = tuple(data["players"])
    if len(set(players)) != len(players):
        v.add(
            "DUPLICATE_PLAYER",
            "/players",
            f"player ids must be distinct: {quoted_listing(players)}",
        )
    if CHANCE in players:
        v.add(
            "RESERVED_PLAYER_ID",
            "/players",
            f"the player id {quoted(CHANCE)} is reserved for chance",
        )
    raw_rng = data["rng"]
    if raw_rng["mode"] == "seeded":
        if raw_rng.get("algorithm", ALGORITHM) != ALGORITHM:
            v.add(
                "UNKNOWN_RNG",
                "/rng/algorithm",
                f"unknown generator {shown(raw_rng.get('algorithm'))}",
            )
        if "seed" not in raw_rng:
            v.add("MISSING_SEED", "/rng/seed", "a seeded state needs its seed")
        rng = RngState("seeded", str(raw_rng.get("seed", "")), int(raw_rng.get("counter", 0)))
    else:
        rng = RngState("external")
    options = dict(data.get("options", {}))
    if options.get("randomness", "seeded") != rng.mode:
        v.add(
            "RNG_MODE_MISMATCH",
            "/rng/mode",
            f"rng mode {rng.mode} differs from options.randomness "
            f"{shown(options.get('randomness'))}",
        )
    raw_log = data.get("log")
    log = None if raw_log is None else tuple(dict(a) for a in raw_log)
    return Envelope(players, options, int(data["turn"]), rng, log)


def envelope_shape_error(err: Exception) -> InvalidState:
    """A state whose shared fields cannot be read at all (a library caller's malformed object);
    over HTTP the contract's schema refuses such a state first."""
    missing = f": {shown(err.args[0])} is missing" if isinstance(err, KeyError) and err.args else ""
    detail = f"the state lacks a well-formed envelope field{missing}"
    return InvalidState([Violation("INVALID_STATE_SHAPE", "", detail)])


def redact(encoded: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """What ``viewer`` (None: a spectator) may see of an encoded state.

    The generator goes (whoever saw the seed could predict every draw), and so does ``hidden``
    (known to nobody); of ``private`` only the viewer's own part stays. The view says whose it is.
    """
    out = {k: v for k, v in encoded.items() if k not in ("rng", "hidden")}
    private = encoded["private"]
    out["private"] = {viewer: private[viewer]} if viewer in private else {}
    out["viewer"] = viewer
    return out


def check_derived(
    data: Mapping[str, Any],
    env: Envelope,
    v: ViolationCollector,
    *,
    to_move: list[str],
    phase: str,
    finished: bool,
) -> None:
    """``to_move``, ``phase`` and ``finished`` are derived: a state that disagrees was altered.

    So is a log whose length is not the turn (the log holds one entry per applied action).
    """
    expected = {"to_move": to_move, "phase": phase, "finished": finished}
    for key, value in expected.items():
        if data.get(key) != value:
            v.add(
                "INCONSISTENT_STATE",
                f"/{key}",
                f"{key} should be {shown(value)} for this position, not {shown(data.get(key))}",
            )
    if env.log is not None and len(env.log) != env.turn:
        v.add("LOG_LENGTH", "/log", f"the log holds {len(env.log)} actions, turn is {env.turn}")
