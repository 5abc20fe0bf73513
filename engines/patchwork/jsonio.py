"""Reading Patchwork's JSON pieces (cells, placed patches, quilts), noting every problem.

Each reader records what is wrong in a :class:`ViolationCollector` under a JSON Pointer and returns
a usable stand-in (an empty mask, an empty quilt), so one pass over a document reports all its
problems. A pointer is written only when a problem is found: a reader is given the pointer of the
list it reads and its place in it, since a state is read on every request and almost never holds
a problem. States (:mod:`engines.patchwork.codec`) and positions from a real table
(:mod:`engines.patchwork.positions`) are read with the same pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.errors import ViolationCollector, shown
from engines.patchwork.catalogue import FINAL_SPACE, PATCH_IDS, PATCHES, QUILT
from engines.patchwork.state import Quilt

_ROWS, _COLS = QUILT.rows, QUILT.cols


def cell_bit(cell: Sequence[int], cells: str, k: int, v: ViolationCollector) -> int:
    """The bit of cell ``[row, col]``, the ``k``-th of the list at pointer ``cells``; 0 when it
    is off the quilt (noted). A cell that is no pair of numbers raises (TypeError, ValueError),
    which the caller's reader reports as the document's shape."""
    r, c = cell
    if 0 <= r < _ROWS and 0 <= c < _COLS:
        return 1 << (r * _COLS + c)
    v.add("OUT_OF_BOUNDS", f"{cells}/{k}", f"cell [{r}, {c}] is off the {_ROWS}×{_COLS} quilt")
    return 0


def placed_mask(
    pid: int, cells: Sequence[Sequence[int]], quilt: str, j: int, v: ViolationCollector
) -> int:
    """The cells the ``j``-th patch of the quilt list at pointer ``quilt`` covers."""
    if pid not in PATCH_IDS:
        v.add("UNKNOWN_PATCH", f"{quilt}/{j}/patch", f"there is no patch {pid}")
        return 0
    mask = 0
    for k, (r, c) in enumerate(cells):
        if 0 <= r < _ROWS and 0 <= c < _COLS:
            mask |= 1 << (r * _COLS + c)
        else:
            v.add(
                "OUT_OF_BOUNDS",
                f"{quilt}/{j}/cells/{k}",
                f"cell [{r}, {c}] is off the {_ROWS}×{_COLS} quilt",
            )
    if mask.bit_count() != len(cells) or not PATCHES[pid].can_cover(mask):
        v.add("SHAPE_MISMATCH", f"{quilt}/{j}/cells", f"the cells do not form patch {pid}")
    return mask


def read_quilt(raw: Mapping[str, Any] | None, pointer: str, v: ViolationCollector) -> Quilt:
    """One player's quilt of a state (at ``pointer``): time marker, buttons, patches in order,
    leather patches."""
    if raw is None:
        return Quilt(0, 0, (), 0)
    position = raw["position"]
    if not 0 <= position <= FINAL_SPACE:
        v.add("POSITION_OUT_OF_RANGE", f"{pointer}/position", f"spaces run 0 to {FINAL_SPACE}")
    covered = 0
    patches: list[tuple[int, int]] = []
    quilt_at, leather_at = f"{pointer}/quilt", f"{pointer}/leather"
    for j, placed in enumerate(raw["quilt"]):
        pid = placed["patch"]
        mask = placed_mask(pid, placed["cells"], quilt_at, j, v)
        if mask & covered:
            v.add("OVERLAPS", f"{quilt_at}/{j}", f"patch {pid} overlaps another patch")
        covered |= mask
        patches.append((pid, mask))
    leather = 0
    for k, cell in enumerate(raw["leather"]):
        bit = cell_bit(cell, leather_at, k, v)
        if bit & covered:
            v.add("OVERLAPS", f"{leather_at}/{k}", f"leather patch at {shown(cell)} overlaps")
        covered |= bit
        leather |= bit
    return Quilt(position, raw["buttons"], tuple(patches), leather)
