"""Buttons and cats: what a placement earns, and what a finished quilt could have earned.

During play a token is earned the moment a group forms (the designer's rulings, NOTES.md §3.1):

- **button**: the placed patch's same-colour group has 3 or more patches and no button yet.
  Growing a buttoned group never earns another; joining two buttoned groups keeps both.
- **cat**: the placed patch's one-pattern group meets the requirement of the cat that owns the
  pattern (a size, or a shape in any rotation) and does not contain an area that already earned a
  cat. The same cat can be earned again by a separate group.
- **rainbow button**: once the player holds a button of every colour.

Border patches are part of the groups (they are printed, always there).

A position entered from a real table has no placement order, so there the question is whether a
group *could* have earned its token: see :func:`could_earn` and :func:`best_case_buttons`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engines.calico.catalogue import (
    BOARDS,
    BORDER,
    BUTTON_GROUP,
    CATS,
    COLORS,
    GRID,
    Cat,
    color_of,
    pattern_of,
)
from engines.calico.quilt import BUTTON, CAT, RAINBOW, Quilt, Token

ALL_COLORS = frozenset(range(len(COLORS)))

Trigger = Callable[[int], bool]
"""Whether a connected one-colour or one-pattern group meets a requirement."""


def attracts(cat: Cat, group: int, strict_shapes: bool) -> bool:
    """Whether the one-pattern ``group`` meets ``cat``'s requirement.

    ``strict_shapes``: a shape cat needs the group to be exactly its shape; otherwise it is
    enough that the group contains the shape (``options.shape_cats_in_larger_area``).
    """
    if cat.kind == "group":
        return group.bit_count() >= cat.min_size
    if strict_shapes:
        return group in cat.placement_set
    return any(p & group == p for p in cat.placements)


def earned_by_placement(
    quilt: Quilt, index: int, tile: int, cat_of_pattern: tuple[int, ...], strict_shapes: bool
) -> tuple[Token, ...]:
    """The tokens placing ``tile`` on cell ``index`` earns (``quilt`` is before the placement)."""
    bit = 1 << index
    color, pattern = color_of(tile), pattern_of(tile)
    earned: list[Token] = []
    group = GRID.component(quilt.colors[color] | bit, bit)
    if group.bit_count() >= BUTTON_GROUP and not group & quilt.buttoned:
        earned.append(Token(BUTTON, group, color=color))
        held = {t.color for t in quilt.tokens if t.kind == BUTTON} | {color}
        if held == ALL_COLORS and not quilt.has_rainbow:
            earned.append(Token(RAINBOW))
    cat_index = cat_of_pattern[pattern]
    if cat_index >= 0:
        area = GRID.component(quilt.patterns[pattern] | bit, bit)
        cat = CATS[cat_index]
        if not area & quilt.catted and _attracts_with(cat, area, bit, strict_shapes):
            earned.append(Token(CAT, area, cat=cat_index, pattern=pattern))
    return tuple(earned)


def _attracts_with(cat: Cat, area: int, bit: int, strict_shapes: bool) -> bool:
    """:func:`attracts`, knowing the area has just grown by ``bit``.

    A shape inside the area that misses the new cell was already inside the area before, with no
    cat, so it would have attracted one then: only the placements through the new cell matter.
    """
    if cat.kind == "shape" and not strict_shapes:
        if area.bit_count() < cat.min_size:
            return False
        through = cat.placements_through[bit.bit_length() - 1]
        return any(p & area == p for p in through)
    return attracts(cat, area, strict_shapes)


@lru_cache(maxsize=8192)
def replay(
    board: int, placed: tuple[tuple[int, int], ...], cat_of_pattern: tuple[int, ...], strict: bool
) -> Quilt:
    """A quilt of ``board`` with ``placed`` laid in order, earning tokens as play would.

    Every state that is loaded is replayed this way to check its tokens, and consecutive states of
    a game share all but one quilt and all but the last placement of that one: remembering the
    quilts replayed last (a pure function's results, frozen) makes loading a state nearly free
    of replay. Bounded at 8,192 quilts. Measured (callgrind, steps 13 to 32 of a seeded 3-player
    game, with :func:`~engines.calico.codec._replayed` in front of it): an ``apply`` that
    decodes, applies and encodes costs 891,160 instructions with it, 952,646 without (6.5 %
    saved).
    """
    if not placed:
        return Quilt.new(board, None)
    before = replay(board, placed[:-1], cat_of_pattern, strict)
    index, tile = placed[-1]
    return before.with_patch(
        index, tile, earned_by_placement(before, index, tile, cat_of_pattern, strict)
    )


# --- positions: could a group have earned its token? --------------------------------------------


def button_trigger(group: int) -> bool:
    return group.bit_count() >= BUTTON_GROUP


def cat_trigger(cat: Cat, strict_shapes: bool) -> Trigger:
    return lambda group: attracts(cat, group, strict_shapes)


def could_earn(group: int, same: int, board_same: int, trigger: Trigger) -> str | None:
    """Why the connected ``group`` of one colour (or pattern) could not have earned a token.

    ``same`` is every cell of the quilt with that colour (pattern), ``board_same`` the border
    patches among them. A group earns at the placement that completes it, so:

    - it is a connected part of ``same`` that meets ``trigger``;
    - it holds every border patch of its colour next to it (those were there from the start, so
      they belonged to the group when it formed);
    - some placed patch ``x`` of it was the last: every part of the group without ``x`` falls
      short of ``trigger`` (otherwise that part would have earned the token earlier, and a group
      that holds an earned area earns nothing).

    Returns None when the group could have earned it.
    """
    if group & ~same:
        return "not every cell of the group shows the same colour or pattern"
    if not GRID.is_connected(group):
        return "the cells are not connected"
    if not trigger(group):
        return "the group does not meet the requirement"
    if GRID.border_of(group) & board_same:
        return "a border patch of the same kind touches the group, so it would belong to it"
    placed = group & ~BORDER
    while placed:
        x = placed & -placed
        placed ^= x
        if not any(trigger(part) for part in GRID.components(group & ~x)):
            return None
    return "no placement order completes the group without an earlier part meeting the requirement"


def separation_problem(groups: list[int]) -> tuple[int, int] | None:
    """The first pair of token groups that overlap or touch (one area earns one token), if any."""
    for i, a in enumerate(groups):
        for j in range(i + 1, len(groups)):
            if GRID.dilate(a) & groups[j]:
                return (i, j)
    return None


def unearned_areas(same: int, earned: int, trigger: Trigger) -> list[int]:
    """The connected areas of ``same`` that meet ``trigger`` yet hold no earned group.

    The first time such an area met the requirement it had no token, so it earned one then: a
    finished quilt cannot have one without a token.
    """
    return [a for a in GRID.components(same) if not a & earned and trigger(a)]


def best_case_buttons(quilt: Quilt) -> int:
    """The most buttons any placement order of this finished quilt could have earned.

    Buttons in one colour area come from groups that formed separately (disjoint, not touching)
    and merged later, so the best case packs as many such groups as possible into each area.
    Every earnable group contains an earnable group of at most 4 cells (its last patch, the
    border patches next to it, and one or two pieces of at most 2 cells), so packing the small
    ones is enough.
    """
    board = BOARDS[quilt.board]
    total = 0
    for color in range(len(COLORS)):
        same = quilt.colors[color]
        for area in GRID.components(same):
            if area.bit_count() >= BUTTON_GROUP:
                groups = _small_earnable_groups(area, board.colors[color])
                total += _max_packing(area, tuple(groups), {})
    return total


def _small_earnable_groups(area: int, board_same: int) -> list[int]:
    """Every group of 2 to 4 connected cells of ``area`` that could have earned a button."""
    seen: set[int] = set()
    frontier = [1 << i for i in range(GRID.rows * GRID.cols) if area >> i & 1]
    found: list[int] = []
    for _ in range(3):
        grown: list[int] = []
        for g in frontier:
            extra = GRID.border_of(g) & area
            while extra:
                e = extra & -extra
                extra ^= e
                h = g | e
                if h not in seen:
                    seen.add(h)
                    grown.append(h)
        frontier = grown
        found.extend(g for g in grown if could_earn(g, area, board_same, button_trigger) is None)
    return found


def _max_packing(free: int, groups: tuple[int, ...], memo: dict[int, int]) -> int:
    """How many of ``groups`` fit in ``free`` pairwise apart (disjoint and not touching)."""
    if free in memo:
        return memo[free]
    usable = [g for g in groups if g & free == g]
    if not usable:
        memo[free] = 0
        return 0
    # Branch on the lowest cell some group uses: either no chosen group covers it, or one does.
    low = min(g & -g for g in usable)
    best = _max_packing(free & ~low, groups, memo)
    for g in usable:
        if g & low:
            best = max(best, 1 + _max_packing(free & ~GRID.dilate(g), groups, memo))
    memo[free] = best
    return best
