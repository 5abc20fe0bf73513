"""Options and the opening of a Patchwork game: two players, empty quilts, the circle of patches.

Seeded mode deals the circle from the generator stored in the state: the 32 patches other than
the 1×2, listed by id, are shuffled (:func:`shuffled_circle`), then the 1×2 goes last, just before
the neutral token. External mode takes the circle from ``options.patch_order``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.envelope import CHANCE, Envelope, RngState
from engines.core.errors import ViolationCollector, listing, quoted, quoted_listing, shown
from engines.core.rng import CounterRng
from engines.patchwork.catalogue import (
    FINAL_SPACE,
    LEATHER_DEFAULT,
    LEATHER_PATCHES,
    PATCH_IDS,
    PLAYERS,
    SMALLEST_PATCH,
    START_BUTTONS,
)
from engines.patchwork.state import PatchworkState, Quilt


def normalize_options(
    players: Sequence[str], options: Mapping[str, Any], v: ViolationCollector
) -> dict[str, Any]:
    """The options with every default filled in, as stored in the state."""
    out: dict[str, Any] = {
        "randomness": options.get("randomness", "seeded"),
        "first_player": options.get("first_player", players[0] if players else None),
        "leather_positions": sorted(options.get("leather_positions", LEATHER_DEFAULT)),
        "record_log": bool(options.get("record_log", False)),
    }
    if out["first_player"] not in players:
        v.add(
            "UNKNOWN_PLAYER",
            "/options/first_player",
            f"{shown(out['first_player'])} is not playing",
        )
    leather = out["leather_positions"]
    if len(set(leather)) != len(leather) or len(leather) > LEATHER_PATCHES:
        v.add(
            "INVALID_LEATHER_POSITIONS",
            "/options/leather_positions",
            f"at most {LEATHER_PATCHES} distinct spaces, got {listing(leather)}",
        )
    if any(not 0 < m < FINAL_SPACE for m in leather):
        v.add(
            "INVALID_LEATHER_POSITIONS",
            "/options/leather_positions",
            f"leather patches lie on spaces 1 to {FINAL_SPACE - 1}, got {listing(leather)}",
        )
    if "patch_order" in options:
        order = list(options["patch_order"])
        out["patch_order"] = order
        if sorted(order) != sorted(PATCH_IDS):
            v.add(
                "INVALID_PATCH_ORDER",
                "/options/patch_order",
                f"patch_order must list each of the {len(PATCH_IDS)} patch ids once",
            )
        elif order[-1] != SMALLEST_PATCH:
            v.add(
                "INVALID_PATCH_ORDER",
                "/options/patch_order",
                f"the circle starts just after the neutral token, so it ends with patch "
                f"{SMALLEST_PATCH} (the 1×2); it ends with {order[-1]}",
            )
    elif out["randomness"] == "external":
        v.add(
            "MISSING_PATCH_ORDER",
            "/options/patch_order",
            "external randomness takes the circle of patches from options.patch_order",
        )
    return out


def check_players(players: Sequence[str], v: ViolationCollector, pointer: str = "/players") -> None:
    if len(players) != PLAYERS:
        v.add("PLAYER_COUNT", pointer, f"Patchwork is for {PLAYERS} players, got {len(players)}")
    if len(set(players)) != len(players):
        v.add(
            "DUPLICATE_PLAYER", pointer, f"player ids must be distinct: {quoted_listing(players)}"
        )
    if CHANCE in players:
        v.add(
            "RESERVED_PLAYER_ID", pointer, f"the player id {quoted(CHANCE)} is reserved for chance"
        )


def setup(players: Sequence[str], options: Mapping[str, Any], seed: str | None) -> PatchworkState:
    v = ViolationCollector()
    check_players(players, v)
    opts = normalize_options(players, options, v)
    v.raise_if_any()
    rng = RngState.for_setup(opts["randomness"], seed)
    if "patch_order" in opts:
        circle = tuple(opts["patch_order"])
    else:
        gen = rng.generator()
        circle = shuffled_circle(gen)
        rng = rng.advanced(gen)
    first = list(players).index(opts["first_player"])
    empty = Quilt(position=0, buttons=START_BUTTONS, patches=(), leather=0)
    return PatchworkState(
        env=Envelope.new(players, opts, rng),
        circle=circle,
        quilts=(empty, empty),
        on_top=first,
        leather_due=None,
        bonus_tile=None,
        first_to_finish=None,
    )


def shuffled_circle(gen: CounterRng) -> tuple[int, ...]:
    """The circle seeded setup deals: the other 32 patches shuffled, then the 1×2 last."""
    others = [pid for pid in sorted(PATCH_IDS) if pid != SMALLEST_PATCH]
    return (*gen.shuffle(others), SMALLEST_PATCH)
