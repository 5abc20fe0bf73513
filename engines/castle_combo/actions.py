"""Castle Combo actions as JSON, with canonical ids that parse back on their own.

===================  ==================================================  =========================
type                 id                                                  arguments
===================  ==================================================  =========================
``buy_card``         ``buy:<card>:<row>,<col>[:down][:choice=<n>]``      ``card``, ``cell``,
                     ``[:discard=<card>][:purses=<r>,<c>;…]``            ``face_down``, ``choice``,
                     ``[:neighbour=<player>]``                           ``discard``, ``neighbour``,
                                                                         ``purses``
``move_messenger``   ``move_messenger:<location>``                       ``to``
``refresh_display``  ``refresh_display:<location>``                      ``location``
``chance``           ``chance:<location>:<card>``                        ``location``, ``card``
===================  ==================================================  =========================

A buy or key id names no player: it is the player whose turn it is. Card ids and locations contain
no ``:``, and the neighbour (a player id, which may contain anything) comes last.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.castle_combo.abilities import (
    Choices,
    canonical_neighbours,
    effects,
    needs_neighbour,
    neighbour_gain,
)
from engines.castle_combo.catalogue import CARDS, LOCATIONS
from engines.castle_combo.rules import (
    BUY,
    CHANCE_SEAT,
    DRAW,
    MOVE,
    REFRESH,
    Action,
    _table,
)
from engines.castle_combo.state import CastleComboState, Phase
from engines.castle_combo.tableau import Cell
from engines.core.envelope import CHANCE
from engines.core.errors import IllegalAction, MalformedAction, Reason, listing, quoted, shown


def action_id(state: CastleComboState, action: Action) -> str:
    if action.kind == MOVE:
        return f"move_messenger:{action.location}"
    if action.kind == REFRESH:
        return f"refresh_display:{action.location}"
    if action.kind == DRAW:
        return f"chance:{action.location}:{action.card}"
    r, c = action.cell
    out = f"buy:{action.card}:{r},{c}"
    ch = action.choices
    if action.face_down:
        out += ":down"
    if ch.choice:
        out += f":choice={ch.choice}"
    if ch.discard:
        out += f":discard={ch.discard}"
    if ch.purses:
        out += ":purses=" + ";".join(f"{pr},{pc}" for pr, pc in ch.purses)
    if ch.neighbour >= 0:
        out += f":neighbour={state.env.players[ch.neighbour]}"
    return out


def actor(state: CastleComboState, action: Action) -> str:
    return CHANCE if action.player == CHANCE_SEAT else state.env.players[action.player]


def encode_action(state: CastleComboState, action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": action_id(state, action),
        "type": action.kind,
        "player": actor(state, action),
    }
    if action.kind == MOVE:
        out["to"] = action.location
    elif action.kind == REFRESH:
        out["location"] = action.location
    elif action.kind == DRAW:
        out["location"] = action.location
        out["card"] = action.card
    else:
        out["card"] = action.card
        out["cell"] = list(action.cell)
        out["face_down"] = action.face_down
        ch = action.choices
        if ch.choice:
            out["choice"] = ch.choice
        if ch.discard:
            out["discard"] = ch.discard
        if ch.neighbour >= 0:
            out["neighbour"] = state.env.players[ch.neighbour]
        if ch.purses:
            out["purses"] = [list(c) for c in ch.purses]
    return out


def decode_action(state: CastleComboState, data: Mapping[str, Any]) -> Action:
    """An action from its JSON object, or from ``{"id": …}`` alone."""
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object")
    if "type" not in data:
        if "id" not in data:
            raise MalformedAction("an action needs a type or an id")
        return canonical(state, decode_id(state, data["id"]))
    kind = data["type"]
    wrong = _wrong_fields(kind, data)
    if wrong:
        raise MalformedAction(f"a {kind} action with wrong fields: {'; '.join(wrong)}")
    if kind == DRAW:
        if data.get("player", CHANCE) != CHANCE:
            raise MalformedAction(f"a chance action is the table's: player is {quoted(CHANCE)}")
        action = Action(
            DRAW,
            CHANCE_SEAT,
            card=_card(data.get("card")),
            location=_location(data.get("location")),
        )
    elif kind in (BUY, MOVE, REFRESH):
        seat = _seat(state, data.get("player"))
        if kind == MOVE:
            action = Action(MOVE, seat, location=_location(data.get("to")))
        elif kind == REFRESH:
            action = Action(REFRESH, seat, location=_location(data.get("location")))
        else:
            action = _buy(state, seat, data)
    else:
        raise MalformedAction(
            f"unknown action type {shown(kind)}: Castle Combo has buy_card, move_messenger, "
            "refresh_display, chance"
        )
    action = canonical(state, action)
    named = _id_or_none(state, data["id"]) if "id" in data else action
    # An id names no player (the one to move, when read alone): the action's own player stands.
    if named is None or canonical(state, named._replace(player=action.player)) != action:
        raise MalformedAction(
            f"the id {shown(data.get('id'))} does not match the action, whose id is "
            f"{action_id(state, action)}"
        )
    return action


def _is_cell(raw: Any) -> bool:
    return (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    )


_FIELDS: dict[str, tuple[tuple[str, bool, str, Any], ...]] = {
    BUY: (
        ("player", True, "the id of the player to move", lambda x: isinstance(x, str)),
        ("card", True, "a Castle Combo card id", lambda x: isinstance(x, str) and x in CARDS),
        ("cell", True, "[row, col]", _is_cell),
        ("face_down", False, "true or false", lambda x: isinstance(x, bool)),
        (
            "choice",
            False,
            "the 1-based number of an option",
            lambda x: isinstance(x, int) and not isinstance(x, bool),
        ),
        ("discard", False, "a card id", lambda x: isinstance(x, str) and x in CARDS),
        ("neighbour", False, "a player id", lambda x: isinstance(x, str)),
        (
            "purses",
            False,
            "a list of cells",
            lambda x: isinstance(x, list) and all(map(_is_cell, x)),
        ),
    ),
    MOVE: (
        ("player", True, "the id of the player to move", lambda x: isinstance(x, str)),
        ("to", True, f"{listing(LOCATIONS, 'or')}", lambda x: x in LOCATIONS),
    ),
    REFRESH: (
        ("player", True, "the id of the player to move", lambda x: isinstance(x, str)),
        ("location", True, f"{listing(LOCATIONS, 'or')}", lambda x: x in LOCATIONS),
    ),
    DRAW: (
        ("location", True, f"{listing(LOCATIONS, 'or')}", lambda x: x in LOCATIONS),
        ("card", True, "a Castle Combo card id", lambda x: isinstance(x, str) and x in CARDS),
    ),
}
"""Per action type: each field, whether it is required, what it is, and its check."""


def _wrong_fields(kind: Any, data: Mapping[str, Any]) -> list[str]:
    """Every field of a typed action that is missing or not what it should be, each named with
    what it is (empty for an unknown type: the caller says so)."""
    out = []
    for name, required, what, ok in _FIELDS.get(kind, ()) if isinstance(kind, str) else ():
        if name not in data:
            if required:
                out.append(f"{name} is missing ({what})")
        elif not ok(data[name]):
            out.append(f"{name} is {what}, not {shown(data[name])}")
    return out


def _id_or_none(state: CastleComboState, text: Any) -> Action | None:
    try:
        return decode_id(state, text)
    except (MalformedAction, IllegalAction):
        return None


def canonical(state: CastleComboState, action: Action) -> Action:
    """The listed form: purses in cell order, and of two neighbours who would give the same gain,
    the first (both lead to the same state)."""
    if action.kind != BUY or action.face_down:
        return action
    ch = action.choices
    purses = tuple(sorted(ch.purses))
    neighbour = ch.neighbour
    card = CARDS.get(action.card)
    if (
        neighbour >= 0
        and card is not None
        and state.phase is Phase.PLAY
        and action.card in state.display(state.messenger)
        and action.player == state.current
    ):
        chosen = effects(card, ch.choice)
        table = _table(state, action.player, action.card, action.cell)
        if chosen is not None and needs_neighbour(chosen) and neighbour in table.neighbours:
            mine = neighbour_gain(chosen, table.tableaux[neighbour])
            for nb in canonical_neighbours(chosen, table):
                if neighbour_gain(chosen, table.tableaux[nb]) == mine:
                    neighbour = nb
                    break
    return action._replace(choices=Choices(ch.choice, ch.discard, neighbour, purses))


def decode_id(state: CastleComboState, text: Any) -> Action:
    if not isinstance(text, str):
        raise MalformedAction("an action id is a string")
    kind, _, rest = text.partition(":")
    try:
        if kind == "move_messenger":
            return Action(MOVE, _mover(state), location=_location(rest))
        if kind == "refresh_display":
            return Action(REFRESH, _mover(state), location=_location(rest))
        if kind == "chance":
            loc, _, card = rest.partition(":")
            return Action(DRAW, CHANCE_SEAT, card=_card(card), location=_location(loc))
        if kind == "buy":
            return _buy_id(state, rest)
    except ValueError:
        pass
    raise MalformedAction(
        f"{quoted(text)} is not a Castle Combo action id (buy:…, move_messenger:…, "
        "refresh_display:…, chance:…)"
    )


def _buy_id(state: CastleComboState, rest: str) -> Action:
    head, sep, neighbour_name = rest.partition(":neighbour=")
    parts = head.split(":")
    if len(parts) < 2:
        raise ValueError(rest)
    card = _card(parts[0])
    r, c = parts[1].split(",")
    face_down = False
    choice, discard = 0, ""
    purses: tuple[Cell, ...] = ()
    for part in parts[2:]:
        if part == "down":
            face_down = True
        elif part.startswith("choice="):
            choice = int(part[len("choice=") :])
        elif part.startswith("discard="):
            discard = _card(part[len("discard=") :])
        elif part.startswith("purses="):
            purses = tuple(_cell_text(x) for x in part[len("purses=") :].split(";"))
        else:
            raise ValueError(part)
    neighbour = _seat(state, neighbour_name) if sep else -1
    return Action(
        BUY,
        _mover(state),
        card=card,
        cell=(int(r), int(c)),
        face_down=face_down,
        choices=Choices(choice, discard, neighbour, purses),
    )


def _buy(state: CastleComboState, seat: int, data: Mapping[str, Any]) -> Action:
    face_down = data.get("face_down", False)
    if not isinstance(face_down, bool):
        raise MalformedAction("face_down is true or false")
    choice = data.get("choice", 0)
    if not isinstance(choice, int) or isinstance(choice, bool):
        raise MalformedAction("choice is the 1-based number of an option")
    discard = _card(data["discard"]) if "discard" in data else ""
    neighbour = _seat(state, data["neighbour"]) if "neighbour" in data else -1
    raw_purses = data.get("purses", [])
    if not isinstance(raw_purses, list):
        raise MalformedAction("purses is a list of cells")
    return Action(
        BUY,
        seat,
        card=_card(data.get("card")),
        cell=_cell(data.get("cell")),
        face_down=face_down,
        choices=Choices(choice, discard, neighbour, tuple(_cell(x) for x in raw_purses)),
    )


def _mover(state: CastleComboState) -> int:
    """The seat whose turn it is (-2 when nobody's: the check then says why)."""
    return state.current if state.phase is not Phase.FINISHED else -2


def _seat(state: CastleComboState, name: Any) -> int:
    if name not in state.env.players:
        raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{shown(name)} is not playing")])
    return state.env.players.index(name)


def _card(raw: Any) -> str:
    if not isinstance(raw, str) or raw not in CARDS:
        raise MalformedAction(f"{shown(raw)} is not a Castle Combo card id")
    return raw


def _location(raw: Any) -> str:
    if raw not in LOCATIONS:
        raise MalformedAction(f"{shown(raw)} is not a location ({listing(LOCATIONS, 'or')})")
    return str(raw)


def _cell(raw: Any) -> Cell:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        raise MalformedAction(f"a cell is [row, col], not {shown(raw)}")
    return (raw[0], raw[1])


def _cell_text(text: str) -> Cell:
    r, c = text.split(",")
    return (int(r), int(c))
