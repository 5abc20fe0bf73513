"""Reading Calico's JSON pieces (tiles, cells, cats, goals, quilts, tokens), noting every problem.

Each reader records what is wrong in a :class:`ViolationCollector` under a JSON Pointer and returns
a usable stand-in (None or an empty value), so one pass over a document reports all its problems.
The HTTP layer has already checked shapes against ``openapi.yaml``, but the engine is also called
directly, so a wrong type is a violation here, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from threading import Lock
from typing import Any, TypeGuard

import orjson

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
from engines.core.errors import ViolationCollector, listing, quoted_listing, shown

_TILE_BY_NAMES = {
    (color, pattern): tile_of(ci, pi)
    for color, ci in COLOR_INDEX.items()
    for pattern, pi in PATTERN_INDEX.items()
}


_ROWS, _COLS = GRID.rows, GRID.cols

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


def read_tile(raw: Any, pointer: str, v: ViolationCollector) -> int | None:
    """A tile object ``{"color", "pattern"}``."""
    try:  # the common case, a well-formed tile, in one lookup: states are read on every request
        return _TILE_BY_NAMES[(raw["color"], raw["pattern"])]
    except (KeyError, TypeError, IndexError):
        pass
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


def read_tiles(raw: Any, pointer: str, v: ViolationCollector) -> list[int]:
    quick = tiles_quickly(raw)
    if quick is not None:
        return quick
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        v.add("INVALID_TILES", pointer, "expected a list of tiles")
        return []
    out = []
    for i, item in enumerate(raw):
        t = read_tile(item, f"{pointer}/{i}", v)
        if t is not None:
            out.append(t)
    return out


def tiles_quickly(raw: Any) -> list[int] | None:
    """The tiles of a JSON list of well-formed tile objects, one lookup each (every state holds
    hands and a market); None for anything else, which :func:`read_tiles` reads again."""
    if type(raw) is not list:
        return None
    try:
        out = [_TILE_BY_NAMES[(t["color"], t["pattern"])] for t in raw if type(t) is dict]
    except (KeyError, TypeError):  # a missing or unknown name, or one that cannot be hashed
        return None
    return out if len(out) == len(raw) else None  # else an item was no object


def read_tile_keys(raw: Any, pointer: str, v: ViolationCollector) -> list[int]:
    """A list of ``"color-pattern"`` keys (the hidden bag)."""
    quick = _tile_keys_quickly(raw)
    if quick is not None:
        return quick
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        v.add("INVALID_TILES", pointer, "expected a list of tile keys")
        return []
    out = []
    for i, key in enumerate(raw):
        if not known(key, TILE_BY_KEY):
            v.add(
                "INVALID_TILE", f"{pointer}/{i}", f"{shown(key)} is not a tile key like pink-dots"
            )
        else:
            out.append(TILE_BY_KEY[key])
    return out


def _tile_keys_quickly(raw: Any) -> list[int] | None:
    """The tiles of a JSON list of known keys, one lookup each (a seeded bag holds ~100); None
    for anything else, which :func:`read_tile_keys` reads again for its messages."""
    if type(raw) is not list:
        return None
    try:
        return [TILE_BY_KEY[key] for key in raw]
    except (KeyError, TypeError):  # an unknown key, or one that cannot be hashed
        return None


def read_cell(raw: Any, pointer: str, v: ViolationCollector) -> int | None:
    """A ``[row, col]`` pair on the board, as its bit index."""
    if type(raw) is list and len(raw) == 2:
        r, c = raw
        if type(r) is int and type(c) is int and 0 <= r < GRID.rows and 0 <= c < GRID.cols:
            return r * GRID.cols + c
    if (
        not isinstance(raw, Sequence)
        or isinstance(raw, str)
        or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        v.add("INVALID_CELL", pointer, f"a cell is [row, col], not {shown(raw)}")
        return None
    r, c = raw
    if not GRID.contains((r, c)):
        v.add("OUT_OF_BOUNDS", pointer, f"cell [{r}, {c}] is off the 7×7 board")
        return None
    return GRID.index((r, c))


def read_cells(raw: Any, pointer: str, v: ViolationCollector) -> int:
    """A list of cells as a mask; a cell listed twice is a violation."""
    quick = _cells_quickly(raw)
    if quick is not None:
        return quick
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        v.add("INVALID_CELLS", pointer, "expected a list of [row, col] cells")
        return 0
    mask = 0
    for i, item in enumerate(raw):
        index = read_cell(item, f"{pointer}/{i}", v)
        if index is None:
            continue
        if mask >> index & 1:
            v.add("DUPLICATE_CELL", f"{pointer}/{i}", f"cell {cell_json(index)} is listed twice")
        mask |= 1 << index
    return mask


def _cells_quickly(raw: Any) -> int | None:
    """The mask :func:`read_cells` reads when every cell is a distinct pair of on-board integers
    (a bool is not one here), without a pointer per cell: every token of every state lists its
    group. None for anything else, which the careful reader reads again for its messages."""
    if type(raw) is not list:
        return None
    mask = 0
    for item in raw:
        if type(item) is not list or len(item) != 2:
            return None
        r, c = item
        if type(r) is not int or type(c) is not int or not (0 <= r < _ROWS and 0 <= c < _COLS):
            return None
        bit = 1 << (r * _COLS + c)
        if mask & bit:
            return None
        mask |= bit
    return mask


def read_board(raw: Any, pointer: str, v: ViolationCollector) -> int | None:
    if not known(raw, BOARD_INDEX):
        v.add(
            "UNKNOWN_BOARD",
            pointer,
            f"{shown(raw)} is not one of the boards {listing(BOARD_INDEX, 'or')}",
        )
        return None
    return BOARD_INDEX[raw]


def read_goals(raw: Any, pointer: str, v: ViolationCollector) -> tuple[int, ...] | None:
    """``{"2,3": goal id, "3,4": …, "4,2": …}``: three different goal tiles, one per space."""
    if type(raw) is dict and len(raw) == len(GOAL_KEYS):
        try:
            quick = _valid_goals(tuple([raw.get(key) for key in GOAL_KEYS]))
        except TypeError:  # an id that cannot be hashed, so no known goal
            quick = None
        if quick is not None:
            return quick
    if not isinstance(raw, Mapping) or set(raw) != set(GOAL_KEYS):
        v.add(
            "INVALID_GOALS",
            pointer,
            f"goals name one goal tile for each goal space, {quoted_listing(GOAL_KEYS)}",
        )
        return None
    out = []
    for key in GOAL_KEYS:
        gid = raw[key]
        if not known(gid, GOAL_INDEX):
            v.add(
                "UNKNOWN_GOAL",
                f"{pointer}/{key}",
                f"{shown(gid)} is not one of {listing(GOAL_INDEX, 'or')}",
            )
            return None
        out.append(GOAL_INDEX[gid])
    if len(set(out)) != len(out):
        v.add("DUPLICATE_GOAL", pointer, "a player has one tile of each goal, so all three differ")
        return None
    return tuple(out)


@lru_cache(maxsize=1024)
def _valid_goals(ids: tuple[Any, ...]) -> tuple[int, ...] | None:
    """The goals a player's three goal ids name, in :data:`GOAL_KEYS` order, when all are known
    and differ, else None (the careful reader then reads them again for its messages). With an
    id per goal space among three, no other key can be in the object: a missing one reads None.
    """
    if not all(known(gid, GOAL_INDEX) for gid in ids):
        return None
    out = tuple(GOAL_INDEX[gid] for gid in ids)
    return out if len(set(out)) == len(out) else None


def goals_json(goals: tuple[int, ...] | None) -> dict[str, str] | None:
    if goals is None:
        return None
    return {k: GOALS[g].id for k, g in zip(GOAL_KEYS, goals, strict=True)}


def read_goal_ids(raw: Any, pointer: str, v: ViolationCollector) -> tuple[int, ...] | None:
    """A list of distinct goal ids (a player's revealed goal tiles)."""
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
    key = _cats_key(raw)
    if key is not None:
        try:
            known_cats = _valid_cats(key, prescribed, one_per_dot_group)
        except TypeError:  # a pattern that cannot be hashed, so no known pattern
            known_cats = None
        if known_cats is not None:
            return known_cats
    return _read_cats(raw, pointer, v, prescribed, one_per_dot_group)


_CatsKey = tuple[tuple[str, tuple[Any, ...]], ...]


def _cats_key(raw: Any) -> _CatsKey | None:
    """The cats of ``raw`` as a hashable key when it is a JSON list of ``{cat, patterns}`` objects
    whose patterns are a JSON list (the only shape a key stands for exactly); else None."""
    if type(raw) is not list:
        return None
    out = []
    for item in raw:
        if type(item) is not dict:
            return None
        cid, pats = item.get("cat"), item.get("patterns")
        if type(cid) is not str or type(pats) is not list:
            return None
        out.append((cid, tuple(pats)))
    return tuple(out)


@lru_cache(maxsize=1024)
def _valid_cats(
    key: _CatsKey, prescribed: tuple[int, ...] | None, one_per_dot_group: bool
) -> tuple[CatInPlay, ...] | None:
    """The cats in play that ``key`` names when they break no rule, else None (the careful reader
    then reads them again for its messages): every state names the same three cats."""
    v = ViolationCollector()
    raw = [{"cat": cid, "patterns": list(pats)} for cid, pats in key]
    out = _read_cats(raw, "", v, prescribed, one_per_dot_group)
    return None if v.violations else out


def _read_cats(
    raw: Any,
    pointer: str,
    v: ViolationCollector,
    prescribed: tuple[int, ...] | None,
    one_per_dot_group: bool,
) -> tuple[CatInPlay, ...] | None:
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) != 3:
        v.add("INVALID_CATS", pointer, "three cats are in play, each with its two patterns")
        return None
    out: list[CatInPlay] = []
    for i, item in enumerate(raw):
        where = f"{pointer}/{i}"
        if not isinstance(item, Mapping):
            v.add("INVALID_CATS", where, "a cat in play is {cat, patterns}")
            return None
        cid, pats = item.get("cat"), item.get("patterns")
        if not known(cid, CAT_INDEX):
            v.add(
                "UNKNOWN_CAT",
                f"{where}/cat",
                f"{shown(cid)} is not one of {listing(CAT_INDEX, 'or')}",
            )
            return None
        if (
            not isinstance(pats, Sequence)
            or isinstance(pats, str)
            or len(pats) != 2
            or not all(known(p, PATTERN_INDEX) for p in pats)
        ):
            v.add("INVALID_CAT_PATTERNS", f"{where}/patterns", "each cat takes two known patterns")
            return None
        a, b = sorted(PATTERN_INDEX[p] for p in pats)
        out.append(CatInPlay(CAT_INDEX[cid], (a, b)))
    patterns = [p for c in out for p in c.patterns]
    if len(set(patterns)) != 6:
        v.add("INVALID_CAT_PATTERNS", pointer, "the six patterns go two to each cat, each once")
        return None
    ids = [c.cat for c in out]
    tiles = [next(i for i, t in enumerate(CAT_TILES) if c in t.sides) for c in ids]
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


def read_patches(raw: Any, pointer: str, v: ViolationCollector) -> tuple[tuple[int, int], ...]:
    """Placed patches ``[{"cell", "color", "pattern"}]`` on distinct patch spaces."""
    quick = _patches_quickly(raw)
    if quick is not None:
        return quick
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        v.add("INVALID_PATCHES", pointer, "expected a list of placed patches")
        return ()
    out: list[tuple[int, int]] = []
    used = 0
    for i, item in enumerate(raw):
        try:  # a well-formed patch in one lookup: every state holds up to 88 of them
            r, c = item["cell"]
            index, tile = _PATCH_BY_NAMES[(r, c, item["color"], item["pattern"])]
            if type(r) is int and type(c) is int and not used >> index & 1:
                used |= 1 << index
                out.append((index, tile))
                continue
        except (KeyError, TypeError, ValueError):
            pass
        where = f"{pointer}/{i}"
        if not isinstance(item, Mapping):
            v.add("INVALID_PATCHES", where, "a placed patch is {cell, color, pattern}")
            continue
        cell = read_cell(item.get("cell"), f"{where}/cell", v)
        kind = read_tile(item, where, v)
        if cell is None or kind is None:
            continue
        bit = 1 << cell
        if not bit & PATCH_SPACES:
            v.add(
                "NOT_A_PATCH_SPACE",
                f"{where}/cell",
                f"{cell_json(cell)} is a border patch or a goal space, not a patch space",
            )
            continue
        if bit & used:
            v.add("SPACE_TAKEN", f"{where}/cell", f"{cell_json(cell)} holds two patches")
            continue
        used |= bit
        out.append((cell, kind))
    return tuple(out)


def _patches_quickly(raw: Any) -> tuple[tuple[int, int], ...] | None:
    """What :func:`read_patches` reads when every patch is an object whose cell is a list of two
    integers (a bool is not one here) naming a patch space, with a known colour and pattern, and
    no space is named twice: one lookup per patch, with no pointer (a full table holds 88
    patches). None for anything else, which the reader reads again, patch by patch."""
    if type(raw) is not list:
        return None
    try:
        out = [
            _PATCH_BY_NAMES[(r, c, patch["color"], patch["pattern"])]
            for patch in raw
            if type(patch) is dict
            for cell in (patch["cell"],)
            if type(cell) is list
            for r, c in (cell,)
            if type(r) is int is type(c)
        ]
    except (KeyError, TypeError, ValueError):  # a name missing or unknown, a cell not a pair
        return None
    if len(out) != len(raw) or len({index for index, _ in out}) != len(out):
        return None  # a patch was left out above, or a space is named twice
    return tuple(out)


def read_token(raw: Any, pointer: str, v: ViolationCollector) -> Token | None:
    """A token: ``{"kind": "button", "color", "cells"}``, ``{"kind": "cat", "cat", "pattern",
    "cells"}`` or ``{"kind": "rainbow_button"}``."""
    if not isinstance(raw, Mapping):
        v.add("INVALID_TOKEN", pointer, "a token is an object with a kind")
        return None
    kind = raw.get("kind")
    if kind == RAINBOW:
        return Token(RAINBOW)
    if kind == BUTTON:
        color = raw.get("color")
        if not known(color, COLOR_INDEX):
            v.add(
                "UNKNOWN_COLOR",
                f"{pointer}/color",
                f"{shown(color)} is not one of {listing(COLORS, 'or')}",
            )
            return None
        cells = read_cells(raw.get("cells"), f"{pointer}/cells", v)
        return Token(BUTTON, cells, color=COLOR_INDEX[color])
    if kind == CAT:
        cid, pattern = raw.get("cat"), raw.get("pattern")
        if not known(cid, CAT_INDEX):
            v.add(
                "UNKNOWN_CAT",
                f"{pointer}/cat",
                f"{shown(cid)} is not one of {listing(CAT_INDEX, 'or')}",
            )
            return None
        if not known(pattern, PATTERN_INDEX):
            v.add(
                "UNKNOWN_PATTERN",
                f"{pointer}/pattern",
                f"{shown(pattern)} is not one of {listing(PATTERNS, 'or')}",
            )
            return None
        cells = read_cells(raw.get("cells"), f"{pointer}/cells", v)
        return Token(CAT, cells, cat=CAT_INDEX[cid], pattern=PATTERN_INDEX[pattern])
    v.add("INVALID_TOKEN", f"{pointer}/kind", f"{shown(kind)} is not button, cat or rainbow_button")
    return None


def _token_quickly(raw: Any) -> Token | None:
    """The token :func:`read_token` reads when nothing in it is wrong, without a pointer per
    cell; None for anything else (the careful reader then reads it for its messages)."""
    if type(raw) is not dict:
        return None
    kind = raw.get("kind")
    if kind == RAINBOW:
        return _RAINBOW_TOKEN
    cells = _cells_quickly(raw.get("cells"))
    if cells is None:
        return None
    if kind == BUTTON:
        color = raw.get("color")
        if type(color) is not str or color not in COLOR_INDEX:
            return None
        return _token(BUTTON, cells, COLOR_INDEX[color], -1, -1)
    if kind == CAT:
        cid, pattern = raw.get("cat"), raw.get("pattern")
        if type(cid) is not str or cid not in CAT_INDEX:
            return None
        if type(pattern) is not str or pattern not in PATTERN_INDEX:
            return None
        return _token(CAT, cells, -1, CAT_INDEX[cid], PATTERN_INDEX[pattern])
    return None


_RAINBOW_TOKEN = Token(RAINBOW)


@lru_cache(maxsize=8192)
def _token(kind: str, cells: int, color: int, cat: int, pattern: int) -> Token:
    """One token object per token (consecutive states hold the same ones)."""
    return Token(kind, cells, color=color, cat=cat, pattern=pattern)


def interned_token(token: Token) -> Token:
    """The one object :func:`read_tokens` returns for a token equal to ``token``."""
    if token.kind == RAINBOW:
        return _RAINBOW_TOKEN
    return _token(token.kind, token.cells, token.color, token.cat, token.pattern)


def read_tokens(raw: Any, pointer: str, v: ViolationCollector) -> tuple[Token, ...]:
    if type(raw) is list:
        quick = []
        for item in raw:
            t = _token_quickly(item)
            if t is None:
                break
            quick.append(t)
        else:
            return tuple(quick)
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        v.add("INVALID_TOKENS", pointer, "expected a list of tokens")
        return ()
    out = []
    for i, item in enumerate(raw):
        t = read_token(item, f"{pointer}/{i}", v)
        if t is not None:
            out.append(t)
    return tuple(out)


def as_mapping(raw: Any, pointer: str, v: ViolationCollector) -> Mapping[str, Any]:
    if type(raw) is dict:  # what JSON gives, without the abstract class's slower check
        return raw
    if not isinstance(raw, Mapping):
        v.add("INVALID_OBJECT", pointer, "expected an object")
        return {}
    return raw


@dataclass(frozen=True, eq=False, slots=True)
class PlayerPieces:
    """What the readers read from one player's public object when nothing in it is wrong.

    Compared and hashed by identity: one object per remembered player object, so that what is
    built from it can be remembered by it cheaply."""

    board: int
    goals: tuple[int, ...]
    patches: tuple[tuple[int, int], ...]
    tokens: tuple[Token, ...]


_JSON_ONLY = (
    orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
)
"""orjson then writes JSON's own types only (a subclass, a dataclass or a date is refused)."""

_PLAYERS_KEPT = 4096
_players: dict[bytes, PlayerPieces | None] = {}
_players_lock = Lock()


def player_quickly(raw: Any) -> PlayerPieces | None:
    """The pieces of a player's object (``board``, ``goals``, ``patches``, ``tokens``) when it is a
    JSON object whose goals are chosen and which the readers read without a violation; else None,
    and the readers read it again for their messages.

    Remembered by the object written as JSON, since consecutive states repeat every player's
    object but one's, and writing it out costs a fraction of reading it. The bytes tell a bool
    from a number and an integer from a float; a value JSON does not hold (a subclass, a
    dataclass, a date, an integer beyond 64 bits) is refused, and the readers read the object; a
    tuple, written as an array, reads as the list would. NaN and the infinities are written as
    null, which reads the same wherever the readers accept a value: only ``goals`` takes null,
    so it must be an object here. (orjson writes a Python enum member as its value: a state is a
    JSON document, which holds none.)
    """
    if type(raw) is not dict or type(raw.get("goals")) is not dict:
        return None
    try:
        blob = orjson.dumps(raw, option=_JSON_ONLY)
    except TypeError:  # orjson's encode error: a value JSON does not hold
        return None
    try:
        return _players[blob]
    except KeyError:
        pass
    pieces = _read_player(raw)
    with _players_lock:  # a bounded store; the oldest entry goes first
        if len(_players) >= _PLAYERS_KEPT:
            _players.pop(next(iter(_players)), None)
        _players[blob] = pieces
    return pieces


def _read_player(raw: dict[str, Any]) -> PlayerPieces | None:
    """The pieces as the readers read them, None when any notes a violation."""
    v = ViolationCollector()
    try:
        board = read_board(raw.get("board"), "", v)
        goals = read_goals(raw["goals"], "", v)
        patches = read_patches(raw.get("patches", []), "", v)
        tokens = read_tokens(raw.get("tokens", []), "", v)
    except Exception:  # the readers raise it again below, in their own order
        return None
    if v.violations or board is None or goals is None:
        return None
    return PlayerPieces(board, goals, patches, tokens)
