"""Patchwork's legal actions as decisions (:mod:`engines.core.choices`).

A turn offers at most four decisions: ``advance``, a complete action; buying each affordable
patch of the market, one :class:`~engines.core.choices.Choice` whose one open field, ``cells``,
is a :class:`~engines.core.choices.Placement` (the patch's orientations, each with the offsets
where it fits the quilt); or, while a leather patch waits, placing it: one ``Choice`` whose
placement is the one cell ``[0, 0]`` moved to each free cell. The core lists a decision of at
most :data:`~engines.core.choices.LISTED_AT_MOST` placements as complete actions and describes
a larger one (its offsets written as runs along a row).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.choices import Cell, Choice, Orientation, Placement, Run
from engines.core.polyomino import cells_to_mask, orientations
from engines.patchwork import rules
from engines.patchwork.catalogue import FULL_QUILT, PATCHES, QUILT
from engines.patchwork.rules import Action
from engines.patchwork.state import PatchworkState

Orientations = tuple[tuple[tuple[Cell, ...], tuple[int, ...], int, int], ...]
"""A patch's orientations: the cells, each cell's bit, the rows an offset may take, the offsets."""

ONE_CELL: tuple[Cell, ...] = ((0, 0),)
"""A leather patch, in its one orientation."""


def choices(state: PatchworkState, player: int | None = None) -> list[Action | Choice]:
    """Every decision of the player to move (of ``player`` alone, when given)."""
    who = rules.mover(state)
    if who is None or (player is not None and player != who):
        return []
    name = state.env.players[who]
    quilt = state.quilts[who]
    covered = quilt.covered
    if state.leather_due is not None:
        free = rules.cells_of(FULL_QUILT & ~covered)  # in row-major order
        cells = Placement((Orientation.of(ONE_CELL, free),))
        return [Choice({"type": rules.PLACE_LEATHER, "player": name}, (("cells", cells),))]
    out: list[Action | Choice] = [(rules.ADVANCE, who, -1, 0)]
    for pid in rules.market(state):
        if PATCHES[pid].buttons_cost > quilt.buttons:
            continue
        cells = _fitting(pid, covered)
        if cells.orientations:
            fixed = {"type": rules.BUY_PATCH, "player": name, "patch": pid}
            out.append(Choice(fixed, (("cells", cells),)))
    return out


def chosen_action(state: PatchworkState, choice: Choice, chosen: Mapping[str, Any]) -> Action:
    """The action of one of :func:`choices`' choices whose ``cells`` are ``chosen`` (cells of
    the quilt, each once: its placement offers no other), made without reading its JSON."""
    fixed = choice.fixed
    who = state.env.players.index(fixed["player"])
    return (fixed["type"], who, fixed.get("patch", -1), cells_to_mask(chosen["cells"], QUILT.cols))


def _fitting(pid: int, covered: int) -> Placement:
    """Patch ``pid``'s placements that cover none of ``covered``, by orientation (those that
    fit nowhere left out), each orientation's offsets in row-major order: an offset's bit is
    set where each of the orientation's cells, moved by it, is free (a shift and an ``and`` a
    cell, rather than a test a placement), then read as runs along each row."""
    free = FULL_QUILT & ~covered
    out: list[Orientation] = []
    for cells, shifts, rows, room in _BY_ORIENTATION[pid]:
        fits = room
        for shift in shifts:
            fits &= free >> shift
        if fits:
            out.append(Orientation(cells, _runs(fits, rows)))
    return Placement(tuple(out))


def _runs(fits: int, rows: int) -> tuple[Run, ...]:
    """The set bits of ``fits`` (offsets ``row * cols + col`` of the first ``rows`` rows) as
    runs ``(row, first col, last col)``, in row-major order."""
    out: list[Run] = []
    cols = QUILT.cols
    for r in range(rows):
        row = fits >> (r * cols) & _ROW
        while row:
            low = row & -row
            rest = row & (row + low)  # the lowest run of set bits cleared
            out.append((r, low.bit_length() - 1, (row ^ rest).bit_length() - 1))
            row = rest
    return tuple(out)


_ROW = (1 << QUILT.cols) - 1


def _by_orientation(pid: int) -> Orientations:
    """Patch ``pid``'s orientations, in the order of
    :func:`~engines.core.polyomino.orientations`: the cells (row-major), each cell's bit on the
    quilt, the rows an offset may take, and the offsets (bit ``row * cols + col``) that keep
    the orientation on the quilt."""
    rows, cols = QUILT.rows, QUILT.cols
    out = []
    for shape in orientations(PATCHES[pid].cells):
        cells = tuple(sorted(shape))
        height = 1 + max(r for r, _ in cells)
        width = 1 + max(c for _, c in cells)
        room = QUILT.offsets(height, width)
        out.append((cells, tuple(r * cols + c for r, c in cells), rows - height + 1, room))
    # distinct orientations at distinct offsets: each placement of the catalogue once
    assert sum(room.bit_count() for *_, room in out) == len(PATCHES[pid].placements), pid
    return tuple(out)


_BY_ORIENTATION: tuple[Orientations, ...] = tuple(map(_by_orientation, range(len(PATCHES))))
"""Every patch's orientations (:func:`_by_orientation`), built once at import: a read-only table
of the 33 patches (tuples), not a memo. Working them out at each request cost 40 % of listing
the legal actions (2,708,039 instructions a state with the table, 4,489,753 without; callgrind,
steps 13 to 32 of a seeded 2-player game); building them costs 13.5 million instructions (about
1.2 ms) once, at import, before a server forks its workers."""
