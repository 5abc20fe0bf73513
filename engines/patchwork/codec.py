"""JSON <-> Patchwork types: options, states and actions, with every rule violation reported.

The JSON has already passed ``openapi.yaml``'s schema, so shapes and types are right; what is
checked here is what a schema cannot say (a patch on two quilts, an overlap, a bonus tile on a
quilt without a full 7×7 square, …).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engines.core.envelope import (
    CHANCE,
    Envelope,
    RngState,
    check_derived,
    envelope_from_json,
    envelope_to_json,
)
from engines.core.errors import IllegalAction, MalformedAction, Reason, ViolationCollector
from engines.core.polyomino import cells_to_mask
from engines.core.rng import CounterRng
from engines.patchwork import rules
from engines.patchwork.catalogue import (
    BONUS_SQUARES,
    FINAL_SPACE,
    LEATHER_DEFAULT,
    LEATHER_PATCHES,
    PATCH_IDS,
    PATCHES,
    QUILT,
    SMALLEST_PATCH,
    START_BUTTONS,
)
from engines.patchwork.rules import Action
from engines.patchwork.state import LeatherDue, PatchworkState, Quilt

GAME = "patchwork"
RULES_VERSION = "2014-lookout"
PLAYERS = 2


# --- options and setup --------------------------------------------------------------------------


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
        v.add("UNKNOWN_PLAYER", "/options/first_player", f"{out['first_player']!r} is not playing")
    leather = out["leather_positions"]
    if len(set(leather)) != len(leather) or len(leather) > LEATHER_PATCHES:
        v.add(
            "INVALID_LEATHER_POSITIONS",
            "/options/leather_positions",
            f"at most {LEATHER_PATCHES} distinct spaces, got {leather}",
        )
    if any(not 0 < m < FINAL_SPACE for m in leather):
        v.add(
            "INVALID_LEATHER_POSITIONS",
            "/options/leather_positions",
            f"leather patches lie on spaces 1..{FINAL_SPACE - 1}, got {leather}",
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
        v.add("DUPLICATE_PLAYER", pointer, f"player ids must be distinct: {list(players)}")
    if CHANCE in players:
        v.add("RESERVED_PLAYER_ID", pointer, f"{CHANCE!r} is reserved for chance")


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


# --- states -------------------------------------------------------------------------------------


def encode_state(state: PatchworkState) -> dict[str, Any]:
    names = state.env.players
    who = rules.mover(state)
    finished = rules.is_finished(state)
    public = {
        "circle": list(state.circle),
        "players": {name: _encode_quilt(q) for name, q in zip(names, state.quilts, strict=True)},
        "on_top": names[state.on_top],
        "leather_due": None
        if state.leather_due is None
        else {"player": names[state.leather_due.player], "count": state.leather_due.count},
        "bonus_tile": None if state.bonus_tile is None else names[state.bonus_tile],
        "first_to_finish": None if state.first_to_finish is None else names[state.first_to_finish],
    }
    return envelope_to_json(
        GAME,
        RULES_VERSION,
        state.env,
        to_move=[] if who is None else [names[who]],
        phase=_phase(state),
        finished=finished,
        public=public,
        private={name: {} for name in names},
        hidden={},
    )


def _phase(state: PatchworkState) -> str:
    if state.leather_due is not None:
        return "place_leather_patch"
    return "finished" if rules.is_finished(state) else "play"


def _encode_quilt(q: Quilt) -> dict[str, Any]:
    return {
        "position": q.position,
        "buttons": q.buttons,
        "quilt": [{"patch": pid, "cells": rules.cells_json(m)} for pid, m in q.patches],
        "leather": rules.cells_json(q.leather),
    }


def decode_state(data: Mapping[str, Any]) -> PatchworkState:
    """Load a state, raising :class:`InvalidState` with every violation found."""
    v = ViolationCollector()
    env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
    check_players(env.players, v)
    names = list(env.players)
    opts = normalize_options(names, env.options, v)
    if opts != dict(env.options):
        v.add("OPTIONS_NOT_NORMALIZED", "/options", "options must be stored as setup returned them")
    pub = data["public"]
    index = {name: i for i, name in enumerate(names)}

    def player_ref(value: Any, pointer: str) -> int:
        if value not in index:
            v.add("UNKNOWN_PLAYER", pointer, f"{value!r} is not one of the players {names}")
            return 0
        return index[value]

    raw_quilts = pub["players"]
    if sorted(raw_quilts) != sorted(names):
        v.add("PLAYERS_MISMATCH", "/public/players", f"one entry per player {names} is required")
    quilts = [
        _decode_quilt(raw_quilts.get(name), f"/public/players/{name}", v)
        for name in names[:PLAYERS]
    ]
    while len(quilts) < PLAYERS:
        quilts.append(Quilt(0, 0, (), 0))
    _check_patch_accounting(pub["circle"], names, raw_quilts, v)

    due_raw = pub.get("leather_due")
    due = None
    if due_raw is not None:
        due = LeatherDue(
            player_ref(due_raw["player"], "/public/leather_due/player"), due_raw["count"]
        )
    state = PatchworkState(
        env=Envelope(env.players[:PLAYERS], opts, env.turn, env.rng, env.log),
        circle=tuple(pub["circle"]),
        quilts=(quilts[0], quilts[1]),
        on_top=player_ref(pub["on_top"], "/public/on_top"),
        leather_due=due,
        bonus_tile=None
        if pub.get("bonus_tile") is None
        else player_ref(pub["bonus_tile"], "/public/bonus_tile"),
        first_to_finish=None
        if pub.get("first_to_finish") is None
        else player_ref(pub["first_to_finish"], "/public/first_to_finish"),
    )
    _check_progress(state, v)
    if not v.violations:  # derived fields are only comparable on an otherwise valid state
        _check_derived(state, data, v)
    v.raise_if_any()
    return state


def _decode_quilt(raw: Mapping[str, Any] | None, pointer: str, v: ViolationCollector) -> Quilt:
    if raw is None:
        return Quilt(0, 0, (), 0)
    if not 0 <= raw["position"] <= FINAL_SPACE:
        v.add("POSITION_OUT_OF_RANGE", f"{pointer}/position", f"spaces run 0..{FINAL_SPACE}")
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
            v.add("OVERLAPS", f"{pointer}/leather/{i}", f"leather patch at {list(cell)} overlaps")
        covered |= bit
        leather |= bit
    return Quilt(raw["position"], raw["buttons"], tuple(patches), leather)


def cell_mask(cell: Sequence[int], pointer: str, v: ViolationCollector) -> int:
    r, c = cell
    if not (0 <= r < QUILT.rows and 0 <= c < QUILT.cols):
        v.add("OUT_OF_BOUNDS", pointer, f"cell {[r, c]} is off the {QUILT.rows}×{QUILT.cols} quilt")
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


def _check_patch_accounting(
    circle: Sequence[int],
    names: Sequence[str],
    raw_quilts: Mapping[str, Any],
    v: ViolationCollector,
) -> None:
    """Each of the 33 patches is in exactly one place: the circle or one quilt."""
    seen: dict[int, str] = {}
    places = [("/public/circle", list(circle))] + [
        (f"/public/players/{n}/quilt", [p["patch"] for p in raw_quilts.get(n, {}).get("quilt", [])])
        for n in names
    ]
    for pointer, pids in places:
        for i, pid in enumerate(pids):
            if pid in seen:
                v.add("PATCH_USED_TWICE", f"{pointer}/{i}", f"patch {pid} is also in {seen[pid]}")
            seen[pid] = pointer
    missing = sorted(PATCH_IDS - set(seen))
    if missing:
        v.add(
            "PATCH_MISSING",
            "/public/circle",
            f"patches {missing} are neither in the circle nor placed",
        )
    unknown = sorted(set(circle) - PATCH_IDS)
    if unknown:
        v.add("UNKNOWN_PATCH", "/public/circle", f"there are no patches {unknown}")


def _check_progress(state: PatchworkState, v: ViolationCollector) -> None:
    """What the time board, the leather patches and the bonus tile allow."""
    names = state.env.players
    furthest = max(q.position for q in state.quilts)
    taken = sum(1 for m in state.leather_positions if m <= furthest)
    placed = sum(q.leather.bit_count() for q in state.quilts)
    due = state.leather_due.count if state.leather_due else 0
    if placed + due > taken:
        v.add(
            "TOO_MANY_LEATHER_PATCHES",
            "/public/players",
            f"{placed} placed and {due} due, but only {taken} leather patch(es) were passed",
        )
    if state.leather_due is not None:
        if state.leather_due.count < 1:
            v.add("INVALID_LEATHER_DUE", "/public/leather_due/count", "count must be at least 1")
        if state.quilts[state.leather_due.player].is_full:
            v.add(
                "INVALID_LEATHER_DUE",
                "/public/leather_due",
                "a leather patch won with a full quilt is discarded, never due",
            )
    for i, q in enumerate(state.quilts):
        has_square = any(sq & q.covered == sq for sq in BONUS_SQUARES)
        if state.bonus_tile == i and not has_square:
            v.add(
                "BONUS_TILE_WITHOUT_SQUARE",
                "/public/bonus_tile",
                f"{names[i]!r} holds the bonus tile but has no full 7×7 square",
            )
        if state.bonus_tile is None and has_square:
            v.add(
                "BONUS_TILE_NOT_AWARDED",
                "/public/bonus_tile",
                f"{names[i]!r} has a full 7×7 square, so the bonus tile has been taken",
            )
    at_end = [i for i, q in enumerate(state.quilts) if q.position == FINAL_SPACE]
    if state.first_to_finish is None and at_end:
        v.add("FIRST_TO_FINISH_MISSING", "/public/first_to_finish", "someone is on the final space")
    if state.first_to_finish is not None and state.first_to_finish not in at_end:
        v.add(
            "FIRST_TO_FINISH_NOT_AT_END",
            "/public/first_to_finish",
            f"{names[state.first_to_finish]!r} is not on the final space",
        )


def _check_derived(state: PatchworkState, data: Mapping[str, Any], v: ViolationCollector) -> None:
    who = rules.mover(state)
    check_derived(
        data,
        state.env,
        v,
        to_move=[] if who is None else [state.env.players[who]],
        phase=_phase(state),
        finished=rules.is_finished(state),
    )


# --- actions ------------------------------------------------------------------------------------


def action_id(action: Action) -> str:
    kind, _, pid, mask = action
    if kind == rules.ADVANCE:
        return "advance"
    cells = _cells_text(mask)
    if kind == rules.PLACE_LEATHER:
        return f"leather:{cells}"
    return f"buy:{pid}:{cells}"


@lru_cache(maxsize=1 << 16)
def _cells_text(mask: int) -> str:
    return ";".join(f"{r},{c}" for r, c in rules.cells_of(mask))


def encode_action(state: PatchworkState, action: Action) -> dict[str, Any]:
    kind, who, pid, mask = action
    out: dict[str, Any] = {"id": action_id(action), "type": kind, "player": state.env.players[who]}
    if kind == rules.BUY_PATCH:
        out["patch"] = pid
    if kind != rules.ADVANCE:
        out["cells"] = rules.cells_json(mask)
    return out


def decode_action(state: PatchworkState, data: Mapping[str, Any]) -> Action:
    """An action from its JSON object or from ``{"id": …}`` alone (the player is then the mover)."""
    if "type" not in data:
        if "id" not in data:
            raise MalformedAction("an action needs a 'type' or an 'id'")
        return _decode_id(state, str(data["id"]))
    kind = data["type"]
    player = _player_index(state, data.get("player"))
    if kind == rules.ADVANCE:
        action: Action = (kind, player, -1, 0)
    elif kind in (rules.BUY_PATCH, rules.PLACE_LEATHER):
        if "cells" not in data or (kind == rules.BUY_PATCH and "patch" not in data):
            raise MalformedAction(
                f"a {kind} action needs 'cells'"
                + (" and 'patch'" if kind == rules.BUY_PATCH else "")
            )
        pid = data["patch"] if kind == rules.BUY_PATCH else -1
        if kind == rules.BUY_PATCH and pid not in PATCH_IDS:
            raise IllegalAction([Reason("UNKNOWN_PATCH", f"there is no patch {pid!r}")])
        action = (kind, player, pid, _cells_to_mask(data["cells"], kind))
    else:
        raise MalformedAction(f"unknown action type {kind!r} for {GAME}")
    if "id" in data and data["id"] != action_id(action):
        raise MalformedAction(
            f"the id {data['id']!r} does not match the action, whose id is {action_id(action)!r}"
        )
    return action


def _decode_id(state: PatchworkState, text: str) -> Action:
    who = rules.mover(state)
    player = -1 if who is None else who
    kind, _, rest = text.partition(":")
    try:
        if kind == "advance" and not rest:
            return (rules.ADVANCE, player, -1, 0)
        if kind == "leather":
            return (
                rules.PLACE_LEATHER,
                player,
                -1,
                _cells_to_mask(_parse_cells(rest), rules.PLACE_LEATHER),
            )
        if kind == "buy":
            pid_text, _, cells = rest.partition(":")
            pid = int(pid_text)
            if pid not in PATCH_IDS:
                raise IllegalAction([Reason("UNKNOWN_PATCH", f"there is no patch {pid}")])
            return (
                rules.BUY_PATCH,
                player,
                pid,
                _cells_to_mask(_parse_cells(cells), rules.BUY_PATCH),
            )
    except ValueError:
        pass
    raise MalformedAction(f"{text!r} is not a Patchwork action id (advance, buy:…, leather:…)")


def _parse_cells(text: str) -> list[list[int]]:
    cells = []
    for part in text.split(";"):
        r, c = part.split(",")
        cells.append([int(r), int(c)])
    return cells


def _cells_to_mask(cells: Sequence[Sequence[int]], kind: str) -> int:
    pairs = [(int(r), int(c)) for r, c in cells]
    off = [list(p) for p in pairs if not (0 <= p[0] < QUILT.rows and 0 <= p[1] < QUILT.cols)]
    if off:
        raise IllegalAction([Reason("OUT_OF_BOUNDS", f"cells {off} are off the 9×9 quilt")])
    mask = cells_to_mask(pairs, QUILT.cols)
    if mask.bit_count() != len(pairs):
        raise IllegalAction([Reason("SHAPE_MISMATCH", "the same cell is listed twice")])
    if kind == rules.PLACE_LEATHER and len(pairs) != 1:
        raise IllegalAction([Reason("SHAPE_MISMATCH", "a leather patch covers exactly one cell")])
    return mask


def _player_index(state: PatchworkState, name: Any) -> int:
    if name not in state.env.players:
        raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{name!r} is not playing")])
    return state.env.players.index(name)
