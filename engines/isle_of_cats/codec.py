"""The Isle of Cats state as JSON, and loading it back with its violations reported.

``public``
    ``day``, ``turn_order``, ``draft_round``, ``fields`` (``left``/``right`` bag keys),
    ``rare_treasures`` (below the island), ``common_treasures`` (left per shape), ``oshax``
    (shapes left), ``public_lessons``, ``gone`` (tiles out of the game), ``tasks`` (follow-ups
    owed, the cards an anytime card drew left out), ``counts`` (deck, bag, discards), and per
    player ``players[name]``: ``boat``, ``pieces`` (the piece form of positions), ``fish``,
    ``permanent_baskets``, ``baskets_used``, the revealed ``rescue_cards`` with ``speed`` and the
    baskets left from them, ``passed``, ``anywhere``, ``extra_rescues``, ``bonus_turn``, how many
    cards and private lessons they hold, and whether they have ``decided``.
``private[name]``
    ``hand``, ``private_lessons``, ``draft_hand``, ``kept``, the ``decision`` not yet revealed
    (``cards`` and ``colors``) and ``drawn`` (cards an anytime card drew, to keep or not).
``hidden``
    ``discard`` (face-down cards out of play); seeded mode also ``bag`` and ``deck`` in draw order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engines.core.envelope import (
    CHANCE,
    Envelope,
    check_derived,
    envelope_from_json,
    envelope_to_json,
)
from engines.core.errors import InvalidState, Violation, ViolationCollector, listing, shown
from engines.isle_of_cats import solo_codec
from engines.isle_of_cats.actions import CHANCE_SEAT
from engines.isle_of_cats.catalogue import (
    BAG_CONTENTS,
    BOATS,
    CARDS,
    CAT,
    CAT_SHAPES,
    COLORS,
    COMMON,
    COMMON_SHAPES,
    DECK,
    FIELDS,
    OSHAX,
    OSHAX_SHAPES,
    PRIVATE_LESSON,
    PUBLIC_LESSON,
    RARE,
    RARE_SHAPES,
    RESCUE,
    is_cat_key,
    shape_def,
)
from engines.isle_of_cats.jsonio import as_list, as_mapping, check_supply, read_boat
from engines.isle_of_cats.rules import bag_counts, chance_due, deck_left, movers
from engines.isle_of_cats.setup import check_players, mode_of, normalize_options
from engines.isle_of_cats.state import (
    DRAW_CARDS_TASK,
    DRAW_TILES_TASK,
    FIELDS_TASK,
    FINISHED,
    KEEP_TASK,
    PHASES,
    PLACE_TASK,
    SIMULTANEOUS,
    TURNS,
    IsleState,
    PlayerState,
    Task,
)

_DECK_IDS = frozenset(DECK)
_TILE_OF: dict[tuple[str, int | str, str | None], str] = {
    **{(CAT, s, c): f"{c}-{s}" for s in CAT_SHAPES for c in COLORS},
    **{(RARE, s, None): f"rare-{s}" for s in RARE_SHAPES},
}
"""The bag tile a piece on a boat was: every cat and rare treasure piece of the game."""
_BAG_TILES = frozenset(BAG_CONTENTS)
_CAT_TILES = frozenset(t for t in BAG_CONTENTS if is_cat_key(t))
_RARE_NAMES = frozenset(RARE_SHAPES)
_COMMON_KEYS = frozenset(COMMON_SHAPES)
_OSHAX_KEYS = frozenset(OSHAX_SHAPES)
_PRIVATE_LESSONS = frozenset(c for c, k in CARDS.items() if k.type == PRIVATE_LESSON)
_RESCUE_CARDS = frozenset(c for c, k in CARDS.items() if k.type == RESCUE)
_INT_ONLY = frozenset([int])
_BAG_KINDS = (CAT, RARE)
_BAG_SORTED = sorted(t for t, n in BAG_CONTENTS.items() for _ in range(n))
GAME = "isle_of_cats"
RULES_VERSION = "2019-city-of-games"
"""The Isle of Cats (Frank West, The City of Games, 2019), standard game, 2 to 4 players."""


def to_move(state: IsleState) -> list[str]:
    return [CHANCE if s == CHANCE_SEAT else state.name(s) for s in movers(state)]


def _player_public(state: IsleState, p: PlayerState) -> dict[str, Any]:
    return {
        "boat": p.boat.id,
        "pieces": [x.to_json() for x in p.boat.pieces],
        "fish": p.fish,
        "permanent_baskets": p.permanent_baskets,
        "baskets_used": p.baskets_used,
        "rescue_cards": list(p.rescue_cards),
        "speed": p.speed,
        "card_baskets": p.card_baskets,
        "half_baskets": p.half_baskets,
        "passed": p.passed,
        "anywhere": p.anywhere,
        "extra_rescues": p.extra_rescues,
        "bonus_turn": p.bonus_turn,
        "hand_count": len(p.hand),
        "private_lesson_count": len(p.private_lessons),
        "decided": p.decision is not None,
    }


def encode_state(state: IsleState) -> dict[str, Any]:
    names = state.env.players
    public = {
        "day": state.day,
        "turn_order": [names[s] for s in state.order],
        "current": state.current,
        "draft_round": state.draft_round,
        "fields": {k: list(v) for k, v in state.fields.items()},
        "rare_treasures": list(state.rare_pool),
        "common_treasures": {str(k): v for k, v in sorted(state.commons.items())},
        "oshax": list(state.oshax),
        "public_lessons": [{"card": c, "color": k} for c, k in state.public_lessons],
        "gone": list(state.gone),
        "tasks": [t.to_json() | {"cards": []} if t.cards else t.to_json() for t in state.tasks],
        "counts": {
            "deck": len(deck_left(state)),
            "bag": sum(bag_counts(state).values()),
            "discard": len(state.discard),
        },
        "players": {n: _player_public(state, p) for n, p in zip(names, state.players, strict=True)},
    }
    private: dict[str, Any] = {}
    for seat, (name, p) in enumerate(zip(names, state.players, strict=True)):
        mine: dict[str, Any] = {
            "hand": list(p.hand),
            "private_lessons": list(p.private_lessons),
            "draft_hand": list(p.draft_hand),
            "kept": list(p.kept),
            "drawn": [c for t in state.tasks if t.seat == seat for c in t.cards],
        }
        if p.decision is not None:
            mine["decision"] = {"cards": list(p.decision), "colors": list(p.decision_colors)}
        private[name] = mine
    hidden: dict[str, Any] = {"discard": list(state.discard)}
    if state.bag is not None:
        hidden["bag"] = list(state.bag)
    if state.deck is not None:
        hidden["deck"] = list(state.deck)
    if state.solo is not None:
        public["solo"], hidden["solo"] = solo_codec.encode(state)
    return envelope_to_json(
        GAME,
        RULES_VERSION,
        state.env,
        to_move=to_move(state),
        phase=state.phase,
        finished=state.phase == FINISHED,
        public=public,
        private=private,
        hidden=hidden,
    )


def _task(raw: Mapping[str, Any], drawn: list[int]) -> Task:
    shapes = tuple(raw.get("shapes", ()))
    return Task(
        kind=str(raw["kind"]),
        seat=int(raw["seat"]),
        piece_kind=str(raw.get("piece_kind", "")),
        shapes=shapes,
        color=raw.get("color"),
        optional=bool(raw.get("optional", False)),
        source=str(raw.get("source", "")),
        cards=tuple(drawn) if "cards" in raw else (),
        tiles=tuple(raw.get("tiles", ())),
        count=int(raw.get("count", 0)),
        then=str(raw.get("then", "")),
    )


def decode_state(data: Mapping[str, Any]) -> IsleState:
    """Load a state; :class:`InvalidState` lists every violation found."""
    v = ViolationCollector()
    try:
        env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        detail = f"the state lacks a well-formed envelope field: {err}"
        raise InvalidState([Violation("INVALID_STATE_SHAPE", "", detail)]) from None
    names = list(env.players)
    check_players(names, v, mode_of(env.options))
    opts = normalize_options(names, env.options, v)
    if opts != dict(env.options):
        v.add("OPTIONS_NOT_NORMALIZED", "/options", "options must be stored as setup returned them")
    v.raise_if_any()
    external = env.rng.mode == "external"
    try:
        state = _read(data, env, names, v)
        if (state.bag is None) != external or (state.deck is None) != external:
            v.add(
                "HIDDEN_MISMATCH",
                "/hidden",
                "seeded mode keeps the bag and deck; external, neither",
            )
        if mode_of(env.options) == "family":
            from engines.isle_of_cats.family_codec import check_family_parts

            check_family_parts(state, v)
        else:
            _check_parts(state, v)
        solo_codec.check(state, v)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        v.add("INVALID_STATE_SHAPE", "/public", f"a state field is missing or malformed: {err}")
        v.raise_if_any()
        raise AssertionError("unreachable") from None
    if mode_of(env.options) == "family":
        from engines.isle_of_cats.family_codec import check_family_supplies

        check_family_supplies(state, v)
    else:
        _check_supplies(state, v)
    if not external and not v.violations and chance_due(state) is not None:
        # Seeded mode makes each draw from the stored bag and deck as it falls due
        # (rules._run_on), so a state it wrote never waits for the table.
        v.add(
            "INCONSISTENT_STATE",
            "/to_move",
            f"a seeded game makes each draw as it falls due; this state waits for one "
            f"({chance_due(state)})",
        )
    if not v.violations:
        check_derived(
            data,
            state.env,
            v,
            to_move=to_move(state),
            phase=state.phase,
            finished=state.phase == FINISHED,
        )
    v.raise_if_any()
    return state


def decode_trusted_state(data: Mapping[str, Any]) -> IsleState:
    """Load a state this engine encoded (it came back sealed): no rules check.

    Only what building the state needs is read; the violations the readers note on the way are
    not looked at, since a state this engine wrote has none.
    """
    v = ViolationCollector()
    env = envelope_from_json(data, GAME, (RULES_VERSION,), v)
    return _read(data, env, list(env.players), v)


def _read(
    data: Mapping[str, Any], env: Envelope, names: list[str], v: ViolationCollector
) -> IsleState:
    """Build the state (both decoders load with it), noting in ``v`` what cannot be read."""
    pub = as_mapping(data.get("public"), "/public", v)
    priv = as_mapping(data.get("private"), "/private", v)
    hidden = as_mapping(data.get("hidden"), "/hidden", v)
    raw_players = as_mapping(pub.get("players"), "/public/players", v)
    in_order = sorted(names)
    if sorted(raw_players) != in_order or sorted(priv) != in_order:
        v.add("PLAYERS_MISMATCH", "/public/players", f"one entry per player {names} is required")
        v.raise_if_any()
    players = []
    drawn: dict[int, list[int]] = {}
    for seat, name in enumerate(names):
        where = f"/public/players/{name}"
        raw = raw_players[name]
        mine = priv[name]
        boat_id = raw["boat"]
        if boat_id not in BOATS or env.options["boats"].get(name) != boat_id:
            v.add("WRONG_BOAT", f"{where}/boat", f"{name}'s boat is {env.options['boats'][name]}")
            boat_id = env.options["boats"][name]
        p = PlayerState(
            boat=read_boat(boat_id, raw["pieces"], f"{where}/pieces", v),
            fish=int(raw["fish"]),
            permanent_baskets=int(raw["permanent_baskets"]),
            baskets_used=int(raw["baskets_used"]),
            hand=[int(c) for c in mine["hand"]],
            private_lessons=[int(c) for c in mine["private_lessons"]],
            draft_hand=[int(c) for c in mine["draft_hand"]],
            kept=[int(c) for c in mine["kept"]],
            rescue_cards=[int(c) for c in raw["rescue_cards"]],
            card_baskets=int(raw["card_baskets"]),
            half_baskets=int(raw["half_baskets"]),
            speed=int(raw["speed"]),
            passed=bool(raw["passed"]),
            anywhere=int(raw["anywhere"]),
            extra_rescues=int(raw["extra_rescues"]),
            bonus_turn=bool(raw["bonus_turn"]),
        )
        if "decision" in mine:
            p.decision = tuple(int(c) for c in mine["decision"]["cards"])
            p.decision_colors = tuple(mine["decision"]["colors"])
        drawn[seat] = [int(c) for c in mine.get("drawn", [])]
        if p.fish < 0 or p.permanent_baskets < 0:
            v.add("NEGATIVE_COUNT", where, "fish and baskets are never negative")
        players.append(p)
    order = [names.index(n) for n in pub["turn_order"]]
    if sorted(order) != list(range(len(names))):
        v.add("INVALID_TURN_ORDER", "/public/turn_order", "the turn order lists each player once")
    tasks = [
        _task(t, drawn.get(int(t["seat"]), [])) for t in as_list(pub["tasks"], "/public/tasks", v)
    ]
    state = IsleState(
        env=env,
        day=int(pub["day"]),
        phase=str(data["phase"]),
        players=players,
        order=order,
        current=int(pub["current"]),
        draft_round=int(pub["draft_round"]),
        fields={"left": list(pub["fields"]["left"]), "right": list(pub["fields"]["right"])},
        rare_pool=list(pub["rare_treasures"]),
        commons={int(k): int(n) for k, n in pub["common_treasures"].items()},
        oshax=[int(s) for s in pub["oshax"]],
        public_lessons=[(int(x["card"]), x.get("color")) for x in pub["public_lessons"]],
        bag=list(hidden["bag"]) if "bag" in hidden else None,
        deck=_ints(hidden["deck"]) if "deck" in hidden else None,
        discard=_ints(hidden.get("discard", [])),
        gone=list(pub["gone"]),
        tasks=tasks,
    )
    if env.options.get("mode") == "solo":
        state.solo = solo_codec.read(pub, hidden, env.rng.mode == "seeded", v)
    return state


def _ints(raw: Any) -> list[int]:
    """``[int(c) for c in raw]``; when every item is an int already (a bool is not) that is a
    copy, made without a Python step per card."""
    if type(raw) is list and {*map(type, raw)} <= _INT_ONLY:
        return raw.copy()
    return [int(c) for c in raw]


def _all_in(items: list[Any], allowed: frozenset[Any]) -> bool:
    """Whether every item is one of ``allowed``; False for an unhashable item too, so a caller
    that then checks item by item meets it where it always did."""
    try:
        return allowed.issuperset(items)
    except TypeError:
        return False


def _check_parts(state: IsleState, v: ViolationCollector) -> None:
    """Each part names things the game has, where the rules can use them."""
    n = len(state.players)
    if state.phase not in PHASES:
        v.add("UNKNOWN_PHASE", "/phase", f"phase is one of {listing(PHASES, 'or')}")
    if state.phase in TURNS and not 0 <= state.current < n:
        v.add("INVALID_TURN", "/public/current", f"current is an index into the {n} seats")
    # Each set check below only skips the item-by-item one after it when that one must pass.
    if not all(_all_in(state.fields[f], _CAT_TILES) for f in FIELDS) and not all(
        is_cat_key(t) and t in BAG_CONTENTS for f in FIELDS for t in state.fields[f]
    ):
        v.add("UNKNOWN_TILE", "/public/fields", "the fields hold cats")
    if not _all_in(state.rare_pool, _RARE_NAMES) and not all(
        s in RARE_SHAPES for s in state.rare_pool
    ):
        v.add("UNKNOWN_TILE", "/public/rare_treasures", "below the island wait rare treasures")
    if not _all_in(state.gone, _BAG_TILES) and not all(t in BAG_CONTENTS for t in state.gone):
        v.add("UNKNOWN_TILE", "/public/gone", "only bag tiles leave the game")
    # The keys are every common shape (so there are counts) before the least count is taken.
    if set(state.commons) != _COMMON_KEYS or min(state.commons.values()) < 0:
        v.add("UNKNOWN_TILE", "/public/common_treasures", "one count per common treasure shape")
    oshax = set(state.oshax)
    if not oshax <= _OSHAX_KEYS or len(oshax) != len(state.oshax):
        v.add("UNKNOWN_TILE", "/public/oshax", "each Oshax once")
    for i, (card_id, color) in enumerate(state.public_lessons):
        kind = CARDS.get(card_id)
        if kind is None or kind.type != PUBLIC_LESSON or (color is not None) != kind.asks_colour:
            v.add(
                "INVALID_LESSON",
                f"/public/public_lessons/{i}",
                "a public lesson, with a colour exactly when it asks for one",
            )
        elif color is not None and color not in COLORS:
            v.add(
                "INVALID_COLOR",
                f"/public/public_lessons/{i}/color",
                f"{shown(color)} is not a colour: {listing(COLORS, 'or')}",
            )
    for name, p in zip(state.env.players, state.players, strict=True):
        # The piles hold ints (read with int()), so set membership is the catalogue's lookup.
        if not _PRIVATE_LESSONS.issuperset(p.private_lessons):
            v.add("INVALID_LESSON", f"/private/{name}/private_lessons", "private lessons only")
        if not _RESCUE_CARDS.issuperset(p.rescue_cards):
            v.add("INVALID_CARD", f"/public/players/{name}/rescue_cards", "rescue cards only")
        if p.decision is not None and (
            state.phase not in SIMULTANEOUS
            or len(p.decision_colors) not in (0, len(p.decision))
            or any(k is not None and k not in COLORS for k in p.decision_colors)
        ):
            v.add(
                "INVALID_DECISION",
                f"/private/{name}/decision",
                "a decision is held only in a simultaneous phase, a colour per card or none",
            )
    for i, task in enumerate(state.tasks):
        if not _task_ok(task, n):
            v.add(
                "INVALID_TASK", f"/public/tasks/{i}", f"{task.to_json()} is not a task of this game"
            )


def _task_ok(task: Task, players: int) -> bool:
    if not 0 <= task.seat < players:
        return False
    if task.kind == PLACE_TASK:
        sources = {"supply": COMMON, "pool": RARE, "oshax": OSHAX}
        if task.source in sources:
            kind_ok = sources[task.source] == task.piece_kind
        else:
            kind_ok = (
                task.source == "bag" and len(task.tiles) == 1 and task.piece_kind in (CAT, RARE)
            )
        shapes_ok = all(shape_def(task.piece_kind, s) is not None for s in task.shapes)
        needs_shapes = task.source in ("supply", "bag")
        color_ok = (task.color in COLORS) == (task.piece_kind in (CAT, OSHAX))
        return kind_ok and shapes_ok and color_ok and (bool(task.shapes) or not needs_shapes)
    if task.kind == KEEP_TASK:
        return True
    if task.kind == FIELDS_TASK:
        return bool(task.tiles) and all(is_cat_key(t) and t in BAG_CONTENTS for t in task.tiles)
    if task.kind == DRAW_CARDS_TASK:
        return task.count >= 1
    return task.kind == DRAW_TILES_TASK and task.count >= 1 and task.then in ("boat", "fields")


def once_each(cards: list[int], distinct: set[int], known: frozenset[int]) -> bool:
    """Whether ``cards`` (``distinct`` is their set) holds no card twice and only ``known`` ones:
    then counting them, needed only to name what is twice or unknown, finds nothing."""
    return len(distinct) == len(cards) and distinct <= known


def twice_or_unknown(cards: list[int], distinct: set[int], known: frozenset[int]) -> list[int]:
    """The cards ``cards`` lists twice or that are not ``known``, in order (counted only when
    :func:`once_each` cannot rule them out)."""
    if once_each(cards, distinct, known):
        return []
    counted = Counter(cards)
    return sorted(c for c, n in counted.items() if n > 1 or c not in known)


def _check_supplies(state: IsleState, v: ViolationCollector, discovery: bool = True) -> None:
    """Every card and tile is in one place, and no more pieces than the box holds.

    ``discovery=False`` leaves out the count of the 150 discovery cards (a family game has
    none: it counts its own cards instead).
    """
    if discovery:
        _check_cards(state, v)
    if state.bag is not None:
        if not _tiles_all_there(state):
            v.add("TILES_MISMATCH", "/hidden/bag", "every cat and rare treasure is in one place")
    elif any(n < 0 for n in bag_counts(state, raw=True).values()):
        v.add("TILES_MISMATCH", "/public", "more tiles out of the bag than it held")
    check_supply([p.boat for p in state.players], len(state.players), "/public/players", v)


def _check_cards(state: IsleState, v: ViolationCollector) -> None:
    """Every discovery card is in one place (seeded mode: each of the 150 somewhere)."""
    cards = state.discard + [c for c, _ in state.public_lessons]
    for p in state.players:
        cards += p.hand
        cards += p.private_lessons
        cards += p.draft_hand
        cards += p.kept
        cards += p.rescue_cards
    for t in state.tasks:
        cards += t.cards
    if state.deck is not None:
        cards += state.deck
    distinct = set(cards)
    twice = twice_or_unknown(cards, distinct, _DECK_IDS)
    if twice:
        v.add("CARD_TWICE", "/private", f"cards in two places (or unknown): {twice}")
    if state.deck is not None and len(distinct) != len(DECK):
        v.add("CARDS_MISSING", "/hidden/deck", "seeded mode accounts for all 150 cards")


def _tiles_all_there(state: IsleState) -> bool:
    """Whether the bag, the fields, the rare treasures waiting, the tiles gone, the boats and the
    tasks hold each bag tile exactly as often as the box has it (seeded mode)."""
    return _tiles_sorted_match(state) or _tiles_counted_match(state)


def _tiles_sorted_match(state: IsleState) -> bool:
    """True when the tiles, sorted, are the box's: sorted lists are equal exactly when the counts
    are, and one sort in C is cheaper than counting. False for anything else (a mismatch, tiles
    that are not all strings), which :func:`_tiles_counted_match` then decides, meeting a
    malformed tile where it always has."""
    assert state.bag is not None
    try:
        tiles = state.bag + state.fields["left"] + state.fields["right"] + state.gone
        tiles += ["rare-" + s for s in state.rare_pool]
        tiles += [
            _TILE_OF[x[:3]] for p in state.players for x in p.boat.pieces if x.kind in _BAG_KINDS
        ]
        for t in state.tasks:
            tiles += t.tiles
        tiles.sort()
    except TypeError:
        return False
    return tiles == _BAG_SORTED


def _tiles_counted_match(state: IsleState) -> bool:
    """:func:`_tiles_all_there` by counting each tile; False where one is not even a name."""
    assert state.bag is not None
    listed = state.bag + state.fields["left"] + state.fields["right"] + state.gone
    if not all(type(t) is str for t in listed + state.rare_pool):
        return False  # a number or a list in the bag is no tile of the box (and cannot be counted)
    counted = Counter(listed)
    counted.update("rare-" + s for s in state.rare_pool)
    for p in state.players:
        for x in p.boat.pieces:
            if x.kind == "cat":
                counted[f"{x.color}-{x.shape}"] += 1
            elif x.kind == "rare_treasure":
                counted[f"rare-{x.shape}"] += 1
    for t in state.tasks:
        counted.update(t.tiles)
    # Counts are positive, so plain dict equality (far cheaper than Counter's) is the same.
    return dict(counted) == BAG_CONTENTS
