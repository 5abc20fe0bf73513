"""Options and the opening of a game: boats, baskets, supplies, the bag, the deck, day 1.

Seeded mode draws, in this order: the boats not given in ``options.boats`` (a ``shuffle`` of
the boats left, in ``blue, green, red, purple`` order, seat *i* without a boat taking the next),
then the bag (a ``shuffle`` of every tile in catalogue order: the 85 cats by shape then colour,
then the 25 rare treasures) and the discovery deck (a ``shuffle`` of cards 1–150). Draws then
come from the front of the bag and the deck.

External mode needs ``options.boats`` (every player's boat); the fields and the deal of each
day and every draw of an anytime card are reported as ``chance`` actions.

Vesh's boat starts on day space 5: the game lasts 5 days. The turn track starts with
``options.first_player`` (default: the first listed player) and follows the listed order.

``options.mode`` picks the game: ``standard`` (the default, 2 to 4 players, never stored so
that a standard game's state is the same with or without it), ``solo`` (1 player against the
sister, :mod:`engines.isle_of_cats.solo_rules`) or ``family`` (2 to 4 players).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.envelope import CHANCE, Envelope, RngState
from engines.core.errors import ViolationCollector, listing, quoted, quoted_listing, shown
from engines.isle_of_cats.boat import Boat
from engines.isle_of_cats.catalogue import (
    BAG_CONTENTS,
    BOAT_IDS,
    COMMON_COPIES,
    COMMON_SHAPES,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OSHAX_SHAPES,
)
from engines.isle_of_cats.family_cards import FAMILY_DECK
from engines.isle_of_cats.rules import start_game
from engines.isle_of_cats.solo_scoring import SISTER
from engines.isle_of_cats.solo_setup import seeded_solo
from engines.isle_of_cats.solo_state import SoloState
from engines.isle_of_cats.state import IsleState, PlayerState, counts

OPTION_DEFAULTS: dict[str, Any] = {"randomness": "seeded", "record_log": False}
STORED = ("randomness", "record_log", "first_player", "boats", "mode", "solo_level")
MODES = ("standard", "solo", "family")
PLAYER_COUNTS = {"standard": (MIN_PLAYERS, MAX_PLAYERS), "solo": (1, 1), "family": (2, 4)}
"""Players per mode: the solo game is one player; Board Game Arena refuses family mode solo."""
SOLO_LEVELS = ("easy", "medium", "hard", "very_hard", "expert")
"""Board Game Arena's solo difficulty: 0 to 4 advanced solo lessons; ``easy`` is its first."""


def mode_of(options: Mapping[str, Any]) -> str:
    mode = options.get("mode", "standard")
    return mode if mode in MODES else "standard"


def check_players(names: Sequence[str], v: ViolationCollector, mode: str = "standard") -> None:
    low, high = PLAYER_COUNTS.get(mode, PLAYER_COUNTS["standard"])
    if not low <= len(names) <= high:
        game = "The Isle of Cats" if mode == "standard" else f"The Isle of Cats ({mode} mode)"
        count = "1 player" if high == 1 else f"{low} to {high} players"
        v.add("PLAYER_COUNT", "/players", f"{game} is for {count} here, not {len(names)}")
    if len(set(names)) != len(names):
        v.add(
            "DUPLICATE_PLAYER", "/players", f"player ids must be distinct: {quoted_listing(names)}"
        )
    if CHANCE in names:
        v.add(
            "RESERVED_PLAYER_ID",
            "/players",
            f"the player id {quoted(CHANCE)} is reserved for chance",
        )
    if mode == "solo" and SISTER in names:
        # The score lists the sister beside the player: one name for two scores is no answer.
        v.add(
            "RESERVED_PLAYER_ID",
            "/players",
            f"the player id {quoted(SISTER)} is the sister's in a solo game",
        )


def normalize_options(
    names: Sequence[str], options: Mapping[str, Any], v: ViolationCollector
) -> dict[str, Any]:
    unknown = sorted(set(options) - set(STORED))
    if unknown:
        v.add("UNKNOWN_OPTION", "/options", f"unknown options {unknown}")
    out = {**OPTION_DEFAULTS, **{k: options[k] for k in STORED if k in options}}
    if out.get("mode", "standard") not in MODES:
        v.add("INVALID_OPTION", "/options/mode", "mode is standard, solo or family")
    elif out.get("mode") == "standard":
        del out["mode"]
    if out.get("mode") == "solo":
        out.setdefault("solo_level", SOLO_LEVELS[0])
        if out["solo_level"] not in SOLO_LEVELS:
            v.add("INVALID_OPTION", "/options/solo_level", "solo_level is " + _either(SOLO_LEVELS))
    elif "solo_level" in out:
        v.add("INVALID_OPTION", "/options/solo_level", "solo_level goes with mode solo")
    if out["randomness"] not in ("seeded", "external"):
        v.add("INVALID_OPTION", "/options/randomness", "randomness is 'seeded' or 'external'")
    if not isinstance(out["record_log"], bool):
        v.add("INVALID_OPTION", "/options/record_log", "record_log is true or false")
    first = out.setdefault("first_player", names[0] if names else None)
    if first not in names:
        v.add("INVALID_OPTION", "/options/first_player", f"{shown(first)} is not playing")
    boats = out.get("boats", {})
    if not isinstance(boats, Mapping) or any(
        k not in names or b not in BOAT_IDS for k, b in boats.items()
    ):
        v.add(
            "INVALID_OPTION",
            "/options/boats",
            f"boats maps players to one of {listing(BOAT_IDS, 'or')}",
        )
    elif len(set(boats.values())) != len(boats):
        v.add("DUPLICATE_BOAT", "/options/boats", "each player has their own boat")
    elif out["randomness"] == "external" and sorted(boats) != sorted(names):
        v.add("MISSING_OPTION", "/options/boats", "external randomness needs every player's boat")
    return out


def _either(values: Sequence[str]) -> str:
    return ", ".join(values[:-1]) + " or " + values[-1]


def setup(names: Sequence[str], options: Mapping[str, Any], seed: str | None) -> IsleState:
    v = ViolationCollector()
    check_players(names, v, mode_of(options))
    v.raise_if_any()
    opts = normalize_options(names, options, v)
    v.raise_if_any()
    rng_state = RngState.for_setup(opts["randomness"], seed)
    chosen: dict[str, str] = dict(opts.get("boats", {}))
    bag: tuple[str, ...] | None = None
    deck: tuple[int, ...] | None = None
    solo: SoloState | None = None
    oshax = tuple(sorted(OSHAX_SHAPES))
    if rng_state.mode == "seeded":
        rng = rng_state.generator()
        free = rng.shuffle([b for b in BOAT_IDS if b not in chosen.values()])
        for name in names:
            if name not in chosen:
                chosen[name] = free.pop(0)
        bag = tuple(rng.shuffle([k for k, n in BAG_CONTENTS.items() for _ in range(n)]))
        # The family game deals from its own 18 green-backed cards.
        deck = tuple(rng.shuffle(list(FAMILY_DECK if opts.get("mode") == "family" else DECK)))
        if opts.get("mode") == "solo":
            solo, oshax = seeded_solo(rng, opts["solo_level"])  # Oshax 1 first
        rng_state = rng_state.advanced(rng)
    elif opts.get("mode") == "solo":
        solo = SoloState()
    opts["boats"] = {name: chosen[name] for name in names}
    env = Envelope.new(names, opts, rng_state)
    first = list(names).index(opts["first_player"])
    n = len(names)
    state = IsleState(
        env=env,
        day=1,
        phase="fill",
        players=tuple(PlayerState(Boat(chosen[name])) for name in names),
        order=tuple((first + i) % n for i in range(n)),
        commons=counts({s: COMMON_COPIES[n] for s in COMMON_SHAPES}),
        oshax=oshax,
        bag=bag,
        deck=deck,
        solo=solo,
    )
    return start_game(state, [])
