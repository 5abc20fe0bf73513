"""Build Patchwork positions for rule tests without playing up to them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.core.polyomino import cells_to_mask
from engines.patchwork import PATCHWORK
from engines.patchwork.state import PatchworkState, Quilt

ORDER = [*range(1, 33), 0]
"""A known circle: patches 1, 2, 3, … 32, then the 1×2 (0) last."""


def fresh(**options: Any) -> PatchworkState:
    return PATCHWORK.setup(["alice", "bob"], {"patch_order": ORDER, **options}, "tests")


def mask(*cells: tuple[int, int]) -> int:
    return cells_to_mask(cells, 9)


def square(top: int, left: int, size: int) -> int:
    return mask(*[(top + r, left + c) for r in range(size) for c in range(size)])


def position(
    state: PatchworkState,
    *,
    alice: dict[str, Any] | None = None,
    bob: dict[str, Any] | None = None,
    **fields: Any,
) -> PatchworkState:
    """Change the quilts (``position``, ``buttons``, ``patches``, ``leather``) and other fields."""
    a, b = state.quilts
    quilts: tuple[Quilt, Quilt] = (replace(a, **(alice or {})), replace(b, **(bob or {})))
    return replace(state, quilts=quilts, **fields)


def act(
    state: PatchworkState, action: dict[str, Any]
) -> tuple[PatchworkState, list[dict[str, Any]]]:
    return PATCHWORK.apply_checked(state, PATCHWORK.decode_action(state, action))
