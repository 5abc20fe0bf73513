"""Reading Patchwork's JSON pieces (cells, placed patches, quilts), noting every problem.

Each reader records what is wrong in a :class:`ViolationCollector` under a JSON Pointer and returns
a usable stand-in (an empty mask, an empty quilt), so one pass over a document reports all its
problems. States (:mod:`engines.patchwork.codec`) and positions from a real table
(:mod:`engines.patchwork.scoring`) are read with the same pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.errors import ViolationCollector, shown
from engines.patchwork.catalogue import FINAL_SPACE, PATCH_IDS, PATCHES, QUILT
from engines.patchwork.state import Quilt

_ROWS, _COLS = QUILT.rows, QUILT.cols


def cell_mask(cell: Sequence[int], pointer: str, v: ViolationCollector) -> int:
    r, c = cell
    if not (0 <= r < QUILT.rows and 0 <= c < QUILT.cols):
        v.add(
            "OUT_OF_BOUNDS", pointer, f"cell [{r}, {c}] is off the {QUILT.rows}×{QUILT.cols} quilt"
        )
        return 0
    return 1 << (r * QUILT.cols + c)


def placed_mask(pid: int, cells: Sequence[Sequence[int]], where: str, v: ViolationCollector) -> int:
    if pid not in PATCH_IDS:
        v.add("UNKNOWN_PATCH", f"{where}/patch", f"there is no patch {pid}")
        return 0
    mask = 0
    for j, cell in enumerate(cells):
        mask |= cell_mask(cell, f"{where}/cells/{j}", v)
    if mask.bit_count() != len(cells) or not PATCHES[pid].can_cover(mask):
        v.add("SHAPE_MISMATCH", f"{where}/cells", f"the cells do not form patch {pid}")
    return mask


def read_quilt(raw: Mapping[str, Any] | None, pointer: str, v: ViolationCollector) -> Quilt:
    """One player's quilt of a state: time marker, buttons, patches in order, leather patches."""
    if raw is None:
        return Quilt(0, 0, (), 0)
    quick = _quilt_quickly(raw)
    if quick is not None:
        return quick
    if not 0 <= raw["position"] <= FINAL_SPACE:
        v.add("POSITION_OUT_OF_RANGE", f"{pointer}/position", f"spaces run 0 to {FINAL_SPACE}")
    covered = 0
    patches: list[tuple[int, int]] = []
    for i, placed in enumerate(raw["quilt"]):
        where = f"{pointer}/quilt/{i}"
        mask = placed_mask(placed["patch"], placed["cells"], where, v)
        if mask & covered:
            v.add("OVERLAPS", where, f"patch {placed['patch']} overlaps another patch")
        covered |= mask
        patches.append((placed["patch"], mask))
    leather = 0
    for i, cell in enumerate(raw["leather"]):
        bit = cell_mask(cell, f"{pointer}/leather/{i}", v)
        if bit & covered:
            v.add("OVERLAPS", f"{pointer}/leather/{i}", f"leather patch at {shown(cell)} overlaps")
        covered |= bit
        leather |= bit
    return Quilt(raw["position"], raw["buttons"], tuple(patches), leather)


def _quilt_quickly(raw: Mapping[str, Any]) -> Quilt | None:
    """The quilt :func:`read_quilt` reads when nothing in it is wrong, without building a pointer
    per piece (a state is read on every request); None for anything else, which the careful
    reader then reads again for its messages (or its exception)."""
    try:
        position = raw["position"]
        if not 0 <= position <= FINAL_SPACE:
            return None
        covered = 0
        patches: list[tuple[int, int]] = []
        for placed in raw["quilt"]:
            pid = placed["patch"]
            cells = placed["cells"]
            if pid not in PATCH_IDS or type(cells) is not list:
                return None
            mask = _cells_quickly(cells)
            if mask is None or mask & covered or mask.bit_count() != len(cells):
                return None
            if mask not in PATCHES[pid].placement_set:
                return None
            covered |= mask
            patches.append((pid, mask))
        leather = raw["leather"]
        if type(leather) is not list:
            return None
        bits = _cells_quickly(leather)
        if bits is None or bits & covered or bits.bit_count() != len(leather):
            return None
        return Quilt(position, raw["buttons"], tuple(patches), bits)
    except Exception:  # any oddity at all: the careful reader decides what it is
        return None


def _cells_quickly(cells: list[Any]) -> int | None:
    """The mask of ``[[row, col], …]`` when every cell is a pair of on-quilt integers (a bool is
    not one here); None otherwise."""
    mask = 0
    for cell in cells:
        if type(cell) is not list or len(cell) != 2:
            return None
        r, c = cell
        if type(r) is not int or type(c) is not int or not (0 <= r < _ROWS and 0 <= c < _COLS):
            return None
        mask |= 1 << (r * _COLS + c)
    return mask
