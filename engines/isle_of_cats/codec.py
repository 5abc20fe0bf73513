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

from collections.abc import Mapping
from typing import Any

from engines.core.envelope import (
    CHANCE,
    Envelope,
    check_derived,
    envelope_from_json,
    envelope_to_json,
)
from engines.core.errors import InvalidState, Violation, ViolationCollector
from engines.isle_of_cats import solo_codec
from engines.isle_of_cats.actions import CHANCE_SEAT
from engines.isle_of_cats.catalogue import (
    BOATS,
)
from engines.isle_of_cats.draws import chance_due
from engines.isle_of_cats.family_codec import check_family_parts, check_family_supplies
from engines.isle_of_cats.jsonio import as_list, as_mapping, read_boat
from engines.isle_of_cats.rules import movers
from engines.isle_of_cats.setup import check_players, mode_of, normalize_options
from engines.isle_of_cats.state import (
    FINISHED,
    Fields,
    IsleState,
    PlayerState,
    Task,
    counts,
)
from engines.isle_of_cats.state_checks import check_parts, check_supplies
from engines.isle_of_cats.supply import bag_size, deck_left

_INT_ONLY = frozenset([int])
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
        "fields": {"left": list(state.fields.left), "right": list(state.fields.right)},
        "rare_treasures": list(state.rare_pool),
        "common_treasures": {str(k): v for k, v in sorted(state.commons.items())},
        "oshax": list(state.oshax),
        "public_lessons": [{"card": c, "color": k} for c, k in state.public_lessons],
        "gone": list(state.gone),
        "tasks": [t.to_json() | {"cards": []} if t.cards else t.to_json() for t in state.tasks],
        "counts": {
            "deck": len(deck_left(state)),
            "bag": bag_size(state),
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


def _task(raw: Mapping[str, Any], drawn: tuple[int, ...]) -> Task:
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
            check_family_parts(state, v)
        else:
            check_parts(state, v)
        solo_codec.check(state, v)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        v.add("INVALID_STATE_SHAPE", "/public", f"a state field is missing or malformed: {err}")
        v.raise_if_any()
        raise AssertionError("unreachable") from None
    if mode_of(env.options) == "family":
        check_family_supplies(state, v)
    else:
        check_supplies(state, v)
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
    drawn: dict[int, tuple[int, ...]] = {}
    for seat, name in enumerate(names):
        players.append(_player(name, raw_players[name], priv[name], env, v))
        drawn[seat] = _ints(priv[name].get("drawn", []))
    order = [names.index(n) for n in pub["turn_order"]]
    if sorted(order) != list(range(len(names))):
        v.add("INVALID_TURN_ORDER", "/public/turn_order", "the turn order lists each player once")
    tasks = tuple(
        _task(t, drawn.get(int(t["seat"]), ())) for t in as_list(pub["tasks"], "/public/tasks", v)
    )
    solo = None
    if env.options.get("mode") == "solo":
        solo = solo_codec.read(pub, hidden, env.rng.mode == "seeded", v)
    return IsleState(
        env=env,
        day=int(pub["day"]),
        phase=str(data["phase"]),
        players=tuple(players),
        order=tuple(order),
        current=int(pub["current"]),
        draft_round=int(pub["draft_round"]),
        fields=Fields(tuple(pub["fields"]["left"]), tuple(pub["fields"]["right"])),
        rare_pool=tuple(pub["rare_treasures"]),
        commons=counts({int(k): int(n) for k, n in pub["common_treasures"].items()}),
        oshax=_ints(pub["oshax"]),
        public_lessons=tuple((int(x["card"]), x.get("color")) for x in pub["public_lessons"]),
        bag=tuple(hidden["bag"]) if "bag" in hidden else None,
        deck=_ints(hidden["deck"]) if "deck" in hidden else None,
        discard=_ints(hidden.get("discard", [])),
        gone=tuple(pub["gone"]),
        tasks=tasks,
        solo=solo,
    )


def _player(
    name: str,
    raw: Mapping[str, Any],
    mine: Mapping[str, Any],
    env: Envelope,
    v: ViolationCollector,
) -> PlayerState:
    """One player: ``raw`` their public part, ``mine`` their private one."""
    boat_id = raw["boat"]
    if boat_id not in BOATS or env.options["boats"].get(name) != boat_id:
        v.add(
            "WRONG_BOAT",
            f"/public/players/{name}/boat",
            f"{name}'s boat is {env.options['boats'][name]}",
        )
        boat_id = env.options["boats"][name]
    decided = "decision" in mine
    player = PlayerState(
        boat=read_boat(boat_id, raw["pieces"], f"/public/players/{name}/pieces", v),
        fish=int(raw["fish"]),
        permanent_baskets=int(raw["permanent_baskets"]),
        baskets_used=int(raw["baskets_used"]),
        hand=_ints(mine["hand"]),
        private_lessons=_ints(mine["private_lessons"]),
        draft_hand=_ints(mine["draft_hand"]),
        kept=_ints(mine["kept"]),
        rescue_cards=_ints(raw["rescue_cards"]),
        card_baskets=int(raw["card_baskets"]),
        half_baskets=int(raw["half_baskets"]),
        speed=int(raw["speed"]),
        passed=bool(raw["passed"]),
        anywhere=int(raw["anywhere"]),
        extra_rescues=int(raw["extra_rescues"]),
        bonus_turn=bool(raw["bonus_turn"]),
        decision=_ints(mine["decision"]["cards"]) if decided else None,
        decision_colors=tuple(mine["decision"]["colors"]) if decided else (),
    )
    if player.fish < 0 or player.permanent_baskets < 0:
        v.add("NEGATIVE_COUNT", f"/public/players/{name}", "fish and baskets are never negative")
    return player


def _ints(raw: Any) -> tuple[int, ...]:
    """The cards of a pile, each read with ``int``.

    ``int`` gives an int back as it is, so a list of ints only (a bool is none), what every
    state holds, is copied as it is: deciding that costs a C step per card, where calling
    ``int`` on each costs twice as much. The same reading either way, not a second reader."""
    if type(raw) is list and _INT_ONLY.issuperset(map(type, raw)):
        return tuple(raw)
    return tuple(map(int, raw))
