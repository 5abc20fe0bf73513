"""Reading Calico's JSON pieces (tiles, cells, cats, goals, quilts, tokens), noting every problem.

Each reader records what is wrong in a :class:`ViolationCollector` under a JSON Pointer and returns
a usable stand-in (None or an empty value), so one pass over a document reports all its problems.
The HTTP layer has already checked shapes against ``openapi.yaml``, but the engine is also called
directly, so a wrong type is a violation here, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, TypeGuard

from engines.calico.catalogue import (
    BOARD_INDEX,
    CAT_INDEX,
    CAT_TILES,
    CATS,
    COLOR_INDEX,
    COLORS,
    DOT_GROUPS,
    GOAL_INDEX,
    GOAL_KEYS,
    GOALS,
    GRID,
    PATCH_SPACES,
    PATTERN_INDEX,
    PATTERNS,
    TILE_BY_KEY,
    cell_json,
    tile_of,
)
from engines.calico.quilt import BUTTON, CAT, RAINBOW, Token
from engines.calico.state import CatInPlay
from engines.core.errors import (
    ViolationCollector,
    Where,
    below,
    listing,
    pointer_at,
    quoted_listing,
    shown,
)

_TILE_BY_NAMES = {
    (color, pattern): tile_of(ci, pi)
    for color, ci in COLOR_INDEX.items()
    for pattern, pi in PATTERN_INDEX.items()
}


_ROWS, _COLS = GRID.rows, GRID.cols
_CELL_BIT = {(r, c): 1 << (r * _COLS + c) for r in range(_ROWS) for c in range(_COLS)}
"""The bit of each ``(row, col)`` of the board."""

_PATCH_SPACE_INDEX = {
    (i // GRID.cols, i % GRID.cols): i
    for i in range(GRID.rows * GRID.cols)
    if PATCH_SPACES >> i & 1
}


_PATCH_BY_NAMES = {
    (r, c, color, pattern): (index, tile)
    for (r, c), index in _PATCH_SPACE_INDEX.items()
    for (color, pattern), tile in _TILE_BY_NAMES.items()
}
"""``(row, col, color, pattern)`` of a patch on a patch space: its cell index and tile."""


def known(value: Any, ids: Mapping[str, Any]) -> TypeGuard[str]:
    """Whether ``value`` is one of ``ids`` (any JSON value may be asked, lists and objects too)."""
    return isinstance(value, str) and value in ids


def read_tile(raw: Any, where: Where, v: ViolationCollector) -> int | None:
    """A tile object ``{"color", "pattern"}`` (at ``where``)."""
    try:  # the common case, a well-formed tile, in one lookup: states are read on every request
        return _TILE_BY_NAMES[(raw["color"], raw["pattern"])]
    except (KeyError, TypeError, IndexError):
        pass
    pointer = pointer_at(where)
    if not isinstance(raw, Mapping):
        v.add(
            "INVALID_TILE", pointer, f"a tile is an object with color and pattern, not {shown(raw)}"
        )
        return None
    color, pattern = raw.get("color"), raw.get("pattern")
    ok = True
    if not known(color, COLOR_INDEX):
        v.add(
            "UNKNOWN_COLOR",
            f"{pointer}/color",
            f"{shown(color)} is not one of {listing(COLORS, 'or')}",
        )
        ok = False
    if not known(pattern, PATTERN_INDEX):
        v.add(
            "UNKNOWN_PATTERN",
            f"{pointer}/pattern",
            f"{shown(pattern)} is not one of {listing(PATTERNS, 'or')}",
        )
        ok = False
    return tile_of(COLOR_INDEX[str(color)], PATTERN_INDEX[str(pattern)]) if ok else None


def _is_list(raw: Any) -> TypeGuard[Sequence[Any]]:
    """A JSON array, or a library caller's sequence other than a string."""
    return type(raw) is list or (isinstance(raw, Sequence) and not isinstance(raw, str))


def read_tiles(raw: Any, where: Where, v: ViolationCollector) -> list[int]:
    if not _is_list(raw):
        v.add("INVALID_TILES", pointer_at(where), "expected a list of tiles")
        return []
    try:  # one lookup per well-formed tile: every state holds hands and a market
        return [_TILE_BY_NAMES[(item["color"], item["pattern"])] for item in raw]
    except (KeyError, TypeError, IndexError):  # read_tile below says what is wrong
        pass
    pointer = pointer_at(where)
    out = []
    for i, item in enumerate(raw):
        t = read_tile(item, (pointer, i, ""), v)
        if t is not None:
            out.append(t)
    return out


def read_tile_keys(raw: Any, pointer: str, v: ViolationCollector) -> list[int]:
    """A list of ``"color-pattern"`` keys (the hidden bag)."""
    if not _is_list(raw):
        v.add("INVALID_TILES", pointer, "expected a list of tile keys")
        return []
    try:  # a seeded bag holds ~100 keys: looked up by one itemgetter in C (20,500 instructions
        # where a map of __getitem__ takes 31,400); one of one key gives the tile itself
        return list(itemgetter(*raw)(TILE_BY_KEY)) if len(raw) > 1 else [TILE_BY_KEY[raw[0]]]
    except (KeyError, TypeError, IndexError):  # unknown, unhashable, or none: named below
        pass
    out = []
    for i, key in enumerate(raw):
        if known(key, TILE_BY_KEY):
            out.append(TILE_BY_KEY[key])
        else:
            v.add(
                "INVALID_TILE", f"{pointer}/{i}", f"{shown(key)} is not a tile key like pink-dots"
            )
    return out


def read_cell(raw: Any, where: Where, v: ViolationCollector) -> int | None:
    """A ``[row, col]`` pair on the board (at ``where``), as its bit index."""
    if type(raw) is list and len(raw) == 2:
        r, c = raw
        if type(r) is int and type(c) is int and 0 <= r < _ROWS and 0 <= c < _COLS:
            return r * _COLS + c
    if (
        not isinstance(raw, Sequence)
        or isinstance(raw, str)
        or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        v.add("INVALID_CELL", pointer_at(where), f"a cell is [row, col], not {shown(raw)}")
        return None
    r, c = raw
    if not GRID.contains((r, c)):
        v.add("OUT_OF_BOUNDS", pointer_at(where), f"cell [{r}, {c}] is off the 7×7 board")
        return None
    return GRID.index((r, c))


def read_cells(raw: Any, where: Where, v: ViolationCollector) -> int:
    """A list of cells (at ``where``) as a mask; a cell listed twice is a violation."""
    if not _is_list(raw):
        v.add("INVALID_CELLS", pointer_at(where), "expected a list of [row, col] cells")
        return 0
    mask = 0
    try:  # on-board cells, a lookup each: every token of every state lists its group
        for r, c in raw:
            if type(r) is not int or type(c) is not int:  # a bool or a float would be found
                raise TypeError("a cell is two integers")
            bit = _CELL_BIT[(r, c)]
            if mask & bit:
                raise ValueError("a cell listed twice")
            mask |= bit
        return mask
    except (KeyError, TypeError, ValueError):  # the loop below says what is wrong
        mask = 0
    for i, item in enumerate(raw):
        index = read_cell(item, (pointer_at(where), i, ""), v)
        if index is None:
            continue
        if mask >> index & 1:
            v.add(
                "DUPLICATE_CELL",
                f"{pointer_at(where)}/{i}",
                f"cell {cell_json(index)} is listed twice",
            )
        mask |= 1 << index
    return mask


def read_board(raw: Any, where: Where, v: ViolationCollector) -> int | None:
    if not known(raw, BOARD_INDEX):
        v.add(
            "UNKNOWN_BOARD",
            pointer_at(where),
            f"{shown(raw)} is not one of the boards {listing(BOARD_INDEX, 'or')}",
        )
        return None
    return BOARD_INDEX[raw]


def read_goals(raw: Any, where: Where, v: ViolationCollector) -> tuple[int, ...] | None:
    """``{"2,3": goal id, "3,4": …, "4,2": …}``: three different goal tiles, one per space."""
    if (type(raw) is not dict and not isinstance(raw, Mapping)) or raw.keys() != _GOAL_KEY_SET:
        v.add(
            "INVALID_GOALS",
            pointer_at(where),
            f"goals name one goal tile for each goal space, {quoted_listing(GOAL_KEYS)}",
        )
        return None
    out = []
    for key in GOAL_KEYS:
        gid = raw[key]
        if type(gid) is str and gid in GOAL_INDEX:
            out.append(GOAL_INDEX[gid])
            continue
        if not known(gid, GOAL_INDEX):
            v.add(
                "UNKNOWN_GOAL",
                f"{pointer_at(where)}/{key}",
                f"{shown(gid)} is not one of {listing(GOAL_INDEX, 'or')}",
            )
            return None
        out.append(GOAL_INDEX[gid])
    if len(set(out)) != len(out):
        v.add(
            "DUPLICATE_GOAL",
            pointer_at(where),
            "a player has one tile of each goal, so all three differ",
        )
        return None
    return tuple(out)


_GOAL_KEY_SET = frozenset(GOAL_KEYS)
_TILE_OF_CAT = {c: i for i, t in enumerate(CAT_TILES) for c in t.sides}
"""The double-sided cat tile of each cat."""


def goals_json(goals: tuple[int, ...] | None) -> dict[str, str] | None:
    if goals is None:
        return None
    return {k: GOALS[g].id for k, g in zip(GOAL_KEYS, goals, strict=True)}


def read_goal_ids(raw: Any, where: Where, v: ViolationCollector) -> tuple[int, ...] | None:
    """A list of distinct goal ids (a player's revealed goal tiles)."""
    pointer = pointer_at(where)
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        v.add("INVALID_GOALS", pointer, "expected a list of goal ids")
        return None
    out = []
    for i, gid in enumerate(raw):
        if not known(gid, GOAL_INDEX):
            v.add(
                "UNKNOWN_GOAL",
                f"{pointer}/{i}",
                f"{shown(gid)} is not one of {listing(GOAL_INDEX, 'or')}",
            )
            return None
        out.append(GOAL_INDEX[gid])
    if len(set(out)) != len(out):
        v.add("DUPLICATE_GOAL", pointer, "each goal tile appears once")
        return None
    return tuple(out)


def read_cats(
    raw: Any,
    pointer: str,
    v: ViolationCollector,
    prescribed: tuple[int, ...] | None,
    one_per_dot_group: bool = True,
) -> tuple[CatInPlay, ...] | None:
    """Three cats, each with two patterns, the six patterns all different.

    ``prescribed``: the cats the setup fixes (beginner, a solo scenario). Otherwise regular setup
    takes one cat tile from each dot group, unless ``one_per_dot_group`` is false (a position from
    a table whose setup is unknown). Two sides of one double-sided tile are never in play together.
    """
    if not _is_list(raw) or len(raw) != 3:
        v.add("INVALID_CATS", pointer, "three cats are in play, each with its two patterns")
        return None
    try:  # three well-formed cats, one lookup each: every state holds them
        out = [_CAT_IN_PLAY[(c["cat"], *_pair(c["patterns"]))] for c in raw]
    except (KeyError, TypeError, ValueError):  # _each_cat says what is wrong
        found = _each_cat(raw, pointer, v)
        if found is None:
            return None
        out = found
    patterns = [p for c in out for p in c.patterns]
    if len(set(patterns)) != 6:
        v.add("INVALID_CAT_PATTERNS", pointer, "the six patterns go two to each cat, each once")
        return None
    ids = [c.cat for c in out]
    tiles = [_TILE_OF_CAT[c] for c in ids]
    if len(set(tiles)) != len(tiles):
        v.add("WRONG_CATS", pointer, "two of these cats are the two sides of one cat tile")
        return None
    if prescribed is not None and sorted(ids) != sorted(prescribed):
        wanted = sorted(CATS[c].id for c in prescribed)
        v.add("WRONG_CATS", pointer, f"this setup plays with the cats {listing(wanted)}")
        return None
    if (
        prescribed is None
        and one_per_dot_group
        and sorted(CATS[c].dots for c in ids) != list(DOT_GROUPS)
    ):
        v.add(
            "WRONG_CATS",
            pointer,
            "regular setup takes one cat tile from each dot group (1, 2 and 3 dots)",
        )
        return None
    return tuple(out)


def _each_cat(raw: Sequence[Any], pointer: str, v: ViolationCollector) -> list[CatInPlay] | None:
    """The three cats read one by one, the first problem noted (None then)."""
    out: list[CatInPlay] = []
    for i, item in enumerate(raw):
        if type(item) is not dict and not isinstance(item, Mapping):
            v.add("INVALID_CATS", f"{pointer}/{i}", "a cat in play is {cat, patterns}")
            return None
        cid, pats = item.get("cat"), item.get("patterns")
        if not known(cid, CAT_INDEX):
            v.add(
                "UNKNOWN_CAT",
                f"{pointer}/{i}/cat",
                f"{shown(cid)} is not one of {listing(CAT_INDEX, 'or')}",
            )
            return None
        if not (
            _is_list(pats)
            and len(pats) == 2
            and known(pats[0], PATTERN_INDEX)
            and known(pats[1], PATTERN_INDEX)
        ):
            v.add(
                "INVALID_CAT_PATTERNS",
                f"{pointer}/{i}/patterns",
                "each cat takes two known patterns",
            )
            return None
        out.append(_CAT_IN_PLAY[(cid, pats[0], pats[1])])
    return out


def _pair(patterns: Any) -> tuple[Any, Any]:
    """A cat's two patterns as given; TypeError or ValueError for anything but a list of two."""
    if type(patterns) is not list:
        raise TypeError("a cat's patterns are a list")
    first, second = patterns
    return first, second


_CAT_IN_PLAY = {
    (cat.id, PATTERNS[a], PATTERNS[b]): CatInPlay(i, (a, b) if a <= b else (b, a))
    for i, cat in enumerate(CATS)
    for a in range(len(PATTERNS))
    for b in range(len(PATTERNS))
}
"""``(cat id, pattern, pattern)`` as a state names a cat in play: that cat in play (a table of
the catalogue, 10 cats by 36 ordered pairs of patterns, its values immutable)."""


def read_patches(raw: Any, where: Where, v: ViolationCollector) -> tuple[tuple[int, int], ...]:
    """Placed patches ``[{"cell", "color", "pattern"}]`` on distinct patch spaces."""
    if not _is_list(raw):
        v.add("INVALID_PATCHES", pointer_at(where), "expected a list of placed patches")
        return ()
    out: list[tuple[int, int]] = []
    try:  # well-formed patches, one lookup each: every state holds up to 88 of them
        for item in raw:
            r, c = item["cell"]
            if type(r) is not int or type(c) is not int:  # a bool or a float would be found
                raise TypeError("a cell is two integers")
            out.append(_PATCH_BY_NAMES[(r, c, item["color"], item["pattern"])])
        if len(dict(out)) == len(out):  # one patch a space
            return tuple(out)
    except (KeyError, TypeError, ValueError):  # the loop below says what is wrong
        pass
    pointer = pointer_at(where)
    out = []
    used = 0
    for i, item in enumerate(raw):
        at = f"{pointer}/{i}"
        if not isinstance(item, Mapping):
            v.add("INVALID_PATCHES", at, "a placed patch is {cell, color, pattern}")
            continue
        cell = read_cell(item.get("cell"), f"{at}/cell", v)
        kind = read_tile(item, at, v)
        if cell is None or kind is None:
            continue
        bit = 1 << cell
        if not bit & PATCH_SPACES:
            v.add(
                "NOT_A_PATCH_SPACE",
                f"{at}/cell",
                f"{cell_json(cell)} is a border patch or a goal space, not a patch space",
            )
            continue
        if bit & used:
            v.add("SPACE_TAKEN", f"{at}/cell", f"{cell_json(cell)} holds two patches")
            continue
        used |= bit
        out.append((cell, kind))
    return tuple(out)


def read_token(raw: Any, where: Where, v: ViolationCollector) -> Token | None:
    """A token (at ``where``): ``{"kind": "button", "color", "cells"}``, ``{"kind": "cat", "cat",
    "pattern", "cells"}`` or ``{"kind": "rainbow_button"}``."""
    if type(raw) is not dict and not isinstance(raw, Mapping):
        v.add("INVALID_TOKEN", pointer_at(where), "a token is an object with a kind")
        return None
    kind = raw.get("kind")
    if kind == RAINBOW:
        return _RAINBOW_TOKEN
    if kind == BUTTON:
        color = raw.get("color")
        if not known(color, COLOR_INDEX):
            v.add(
                "UNKNOWN_COLOR",
                f"{pointer_at(where)}/color",
                f"{shown(color)} is not one of {listing(COLORS, 'or')}",
            )
            return None
        cells = read_cells(raw.get("cells"), below(where, "/cells"), v)
        return Token(BUTTON, cells, color=COLOR_INDEX[color])
    if kind == CAT:
        cid, pattern = raw.get("cat"), raw.get("pattern")
        if not known(cid, CAT_INDEX):
            v.add(
                "UNKNOWN_CAT",
                f"{pointer_at(where)}/cat",
                f"{shown(cid)} is not one of {listing(CAT_INDEX, 'or')}",
            )
            return None
        if not known(pattern, PATTERN_INDEX):
            v.add(
                "UNKNOWN_PATTERN",
                f"{pointer_at(where)}/pattern",
                f"{shown(pattern)} is not one of {listing(PATTERNS, 'or')}",
            )
            return None
        cells = read_cells(raw.get("cells"), below(where, "/cells"), v)
        return Token(CAT, cells, cat=CAT_INDEX[cid], pattern=PATTERN_INDEX[pattern])
    v.add(
        "INVALID_TOKEN",
        f"{pointer_at(where)}/kind",
        f"{shown(kind)} is not button, cat or rainbow_button",
    )
    return None


_RAINBOW_TOKEN = Token(RAINBOW)


def read_tokens(raw: Any, pointer: str, v: ViolationCollector) -> tuple[Token, ...]:
    if not _is_list(raw):
        v.add("INVALID_TOKENS", pointer, "expected a list of tokens")
        return ()
    out = []
    for i, item in enumerate(raw):
        t = read_token(item, (pointer, i, ""), v)
        if t is not None:
            out.append(t)
    return tuple(out)


def as_mapping(raw: Any, where: Where, v: ViolationCollector) -> Mapping[str, Any]:
    if type(raw) is dict:  # what JSON gives, without the abstract class's slower check
        return raw
    if not isinstance(raw, Mapping):
        v.add("INVALID_OBJECT", pointer_at(where), "expected an object")
        return {}
    return raw
