"""Isle of Cats actions: one small value type and canonical ids that parse back on their own.

=================  ==============================================  =================================
type               id                                              who
=================  ==============================================  =================================
``draft``          ``draft:<player>:<card>,<card>``                simultaneous
``buy``            ``buy:<player>:<card>[=<colour>],…``            simultaneous (may be empty)
``rescue_cards``   ``rescue_cards:<player>:<card>,…``              simultaneous (may be empty)
``rescue``         ``rescue:<field>:<tile>:<r>,<c>;…``             the player whose turn it is
``play``           ``play:<card>[:<option>]``                      the player whose turn it is
``pass``           ``pass``                                        the player whose turn it is
``end_turn``       ``end_turn``                                    after an extra rescue
``place``          ``place:<kind>:<shape>:<r>,<c>;…``              the player who owes the piece
``skip``           ``skip``                                        the player who owes the piece
``keep``           ``keep:<card>[=<colour>],…``                    after an anytime card drew cards
``fields``         ``fields:<field>,…``                            after an anytime card drew cats
``chance``         ``chance:<kind>:<item>,…``                      the table (external randomness)
=================  ==============================================  =================================

A ``<tile>`` is a bag key (``blue-400``, ``rare-L-tetromino``); fields are ``left`` and
``right``. A ``play`` option is a colour (cards 96–97 and Oshax), ``rare``/``common``/``small``
(treasure cards), tiles (card 77), private lesson cards (86–87) or piece indices (88–89); the
last three are lists, spelled out in the action's ``items``.

An action may also come without its id, as its fields alone (``{"type": "buy", "player": "ann",
"cards": [12, 40], "colors": {"40": "blue"}}``): the form a client builds from a described
choice. Cards and listed options are read in any order and kept sorted, so one purchase has one id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engines.core.envelope import CHANCE
from engines.core.errors import IllegalAction, MalformedAction, Reason, shown
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import (
    CARDS,
    CAT,
    COLORS,
    COLS,
    FIELDS,
    KINDS,
    OSHAX,
    cells_text,
    mask_of,
    shape_def,
)
from engines.isle_of_cats.effects import DiscardLessons, DiscardTreasures, MoveCats
from engines.isle_of_cats.family_cards import FAMILY_CARDS

DRAFT = "draft"
BUY = "buy"
RESCUE_CARDS = "rescue_cards"
RESCUE = "rescue"
PLAY = "play"
PASS = "pass"
END_TURN = "end_turn"
PLACE = "place"
SKIP = "skip"
KEEP = "keep"
SEND = "fields"
DRAW = "chance"
TYPES = (DRAFT, BUY, RESCUE_CARDS, RESCUE, PLAY, PASS, END_TURN, PLACE, SKIP, KEEP, SEND, DRAW)
CHANCE_SEAT = -1
CHANCE_KINDS = ("fill", "deal", "cards", "tiles", "solo_lessons", "oshax_order", "colour", "basket")
"""The last four are the sister's draws in a solo game (``engines.isle_of_cats.solo_rules``)."""


class Action(NamedTuple):
    kind: str
    seat: int
    cards: tuple[int, ...] = ()
    colors: tuple[str | None, ...] = ()
    """Parallel to ``cards`` for ``buy``/``keep``: a public lesson's declared colour."""
    field: str = ""
    tile: str = ""
    piece: Piece | None = None
    option: str = ""
    items: tuple[str, ...] = ()
    """``chance``: the tiles or card ids drawn; ``fields``: a field per drawn cat."""


def _cards_text(cards: tuple[int, ...], colors: tuple[str | None, ...] = ()) -> str:
    colors = colors or (None,) * len(cards)
    return ",".join(f"{c}={k}" if k else str(c) for c, k in zip(cards, colors, strict=True))


def action_id(names: tuple[str, ...], action: Action) -> str:
    k = action.kind
    if k in (DRAFT, BUY, RESCUE_CARDS):
        return f"{k}:{names[action.seat]}:{_cards_text(action.cards, action.colors)}"
    if k == RESCUE:
        assert action.piece is not None
        return f"rescue:{action.field}:{action.tile}:{cells_text(action.piece.mask)}"
    if k == PLACE:
        assert action.piece is not None
        p = action.piece
        return f"place:{p.kind}:{p.shape}:{cells_text(p.mask)}"
    if k == PLAY:
        return f"play:{action.cards[0]}" + (f":{action.option}" if action.option else "")
    if k == KEEP:
        return f"keep:{_cards_text(action.cards, action.colors)}"
    if k == SEND:
        return "fields:" + ",".join(action.items)
    if k == DRAW:
        return f"chance:{action.option}:" + ",".join(action.items)
    return k


def encode_action(names: tuple[str, ...], action: Action) -> dict[str, Any]:
    """The action's JSON object, a new one at every call."""
    player = CHANCE if action.seat == CHANCE_SEAT else names[action.seat]
    out: dict[str, Any] = {"id": action_id(names, action), "type": action.kind, "player": player}
    if action.kind in (DRAFT, BUY, RESCUE_CARDS, KEEP, PLAY):
        out["cards"] = list(action.cards)
    if action.kind in (BUY, KEEP) and any(action.colors):
        out["colors"] = {str(c): k for c, k in zip(action.cards, action.colors, strict=True) if k}
    if action.piece is not None:
        out["piece"] = action.piece.to_json()
    if action.kind == RESCUE:
        out["field"] = action.field
        out["tile"] = action.tile
    if action.kind == PLAY and action.cards[0] in LISTED_OPTIONS:
        out["items"] = action.option.split(",") if action.option else []
    elif action.option:
        out["option"] = action.option
    if action.items:
        out["items"] = list(action.items)
    return out


def decode_id(names: tuple[str, ...], mover: int, task_color: str | None, text: Any) -> Action:
    """An action from its id; ``mover`` is the seat whose turn (or task) it is."""
    if not isinstance(text, str):
        raise MalformedAction("an action id is a string")
    kind, _, rest = text.partition(":")
    try:
        if kind in (DRAFT, BUY, RESCUE_CARDS):
            player, _, listed = rest.rpartition(":")
            if player not in names:
                raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{shown(player)} is not playing")])
            cards, colors = _parse_cards(listed)
            if kind != BUY:
                if any(colors):
                    raise ValueError(listed)
                colors = ()
            return Action(kind, names.index(player), *_sorted_cards(cards, colors))
        if kind == RESCUE:
            field, tile, cells = rest.split(":")
            if field not in FIELDS:
                raise ValueError(field)
            cat_color, _, cat_shape = tile.rpartition("-")
            return Action(
                RESCUE,
                mover,
                field=field,
                tile=tile,
                piece=Piece(CAT, int(cat_shape), cat_color, _parse_cells(cells)),
            )
        if kind == PLACE:
            piece_kind, shape_text, cells = rest.split(":")
            if piece_kind not in KINDS:
                raise ValueError(piece_kind)
            shape: int | str = int(shape_text) if shape_text.isdigit() else shape_text
            color = task_color if piece_kind in (CAT, OSHAX) else None
            return Action(PLACE, mover, piece=Piece(piece_kind, shape, color, _parse_cells(cells)))
        if kind == PLAY:
            card, _, option = rest.partition(":")
            return _play(
                mover, int(card), option.split(",") if int(card) in LISTED_OPTIONS else option
            )
        if kind == KEEP:
            cards, colors = _parse_cards(rest)
            return Action(KEEP, mover, *_sorted_cards(cards, colors))
        if kind == SEND:
            return Action(SEND, mover, items=tuple(rest.split(",")) if rest else ())
        if kind == DRAW:
            what, _, listed = rest.partition(":")
            if what not in CHANCE_KINDS:
                raise ValueError(what)
            return Action(
                DRAW, CHANCE_SEAT, option=what, items=tuple(listed.split(",")) if listed else ()
            )
        if kind in (PASS, END_TURN, SKIP) and not rest:
            return Action(kind, mover)
    except ValueError:
        pass
    raise MalformedAction(f"{shown(text)} is not an Isle of Cats action id (see the action types)")


def decode_action(
    names: tuple[str, ...], mover: int, task_color: str | None, data: Mapping[str, Any]
) -> Action:
    """An action from ``{"id": …}`` (the id carries everything; other fields must agree) or from
    its fields alone (:func:`decode_fields`)."""
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object")
    if "id" not in data:
        return decode_fields(names, mover, task_color, data)
    action = decode_id(names, mover, task_color, data["id"])
    if "type" in data and data["type"] != action.kind:
        raise MalformedAction(f"the id {shown(data['id'])} is a {action.kind} action")
    encoded = encode_action(names, action)
    for key in ("player", "field", "tile", "option"):  # a piece's cells may come in any order
        value = data.get(key, encoded.get(key))
        if value != encoded.get(key):
            raise MalformedAction(
                f"the id {shown(data['id'])} does not match the action: its {key} is "
                f"{shown(encoded[key])}, not {shown(value)}"
            )
    return action


LISTED_OPTIONS = frozenset(
    card_id
    for card_id, kind in CARDS.items()
    if any(isinstance(e, (MoveCats, DiscardLessons, DiscardTreasures)) for e in kind.effects)
)
"""Cards played with a list of things (cats to move, lessons or treasures to discard): their
option is the list, written in the action's ``items`` and joined by commas in its id."""


def play_listed(seat: int, card: int, items: list[str]) -> Action:
    """A play of a card played with a list (:data:`LISTED_OPTIONS`): ``items`` in its order."""
    return _play(seat, card, items)


def _play(seat: int, card: int, option: str | list[str]) -> Action:
    """A play; a listed option is kept in its sorted order (numbers by value)."""
    if isinstance(option, list):
        if not all(isinstance(item, str) and item for item in option):
            raise ValueError(option)
        option = ",".join(sorted(option, key=lambda t: (len(t), t) if t.isdigit() else (0, t)))
    return Action(PLAY, seat, cards=(card,), option=option)


def _sorted_cards(
    cards: tuple[int, ...], colors: tuple[str | None, ...]
) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
    pairs = sorted(zip(cards, colors or (None,) * len(cards), strict=True))
    return tuple(c for c, _ in pairs), (tuple(k for _, k in pairs) if colors else ())


_FIELDS_OF = {
    DRAFT: ("cards",),
    BUY: ("cards", "colors"),
    RESCUE_CARDS: ("cards",),
    KEEP: ("cards", "colors"),
    RESCUE: ("field", "tile", "piece"),
    PLACE: ("piece",),
    PLAY: ("cards", "option", "items"),
    SEND: ("items",),
    DRAW: ("option", "items"),
    PASS: (),
    END_TURN: (),
    SKIP: (),
}
"""The fields each action type is given by, besides ``type`` and ``player``."""


def decode_fields(
    names: tuple[str, ...], mover: int, task_color: str | None, data: Mapping[str, Any]
) -> Action:
    """An action from its fields: ``type``, ``player`` (the mover when left out) and the
    arguments its type takes (:data:`_FIELDS_OF`)."""
    kind = data.get("type")
    if kind not in _FIELDS_OF:
        raise MalformedAction(
            f"an Isle of Cats action needs its id, or a type of {', '.join(TYPES)}"
        )
    extra = sorted(set(data) - {"type", "player", *_FIELDS_OF[kind]})
    if extra:
        raise MalformedAction(f"a {kind} action has no {', '.join(extra)}")
    seat = _seat(names, mover, kind, data.get("player"))
    try:
        return _from_fields(kind, seat, task_color, data)
    except (ValueError, TypeError, KeyError, AttributeError):
        raise MalformedAction(
            f"the fields of this {kind} action are not those of one (see the action types)"
        ) from None


def _seat(names: tuple[str, ...], mover: int, kind: str, player: Any) -> int:
    if kind == DRAW:
        if player not in (None, CHANCE):
            raise MalformedAction(f"a draw is the table's: its player is {CHANCE}")
        return CHANCE_SEAT
    if player is None:
        return mover
    if player not in names:
        raise IllegalAction([Reason("UNKNOWN_PLAYER", f"{shown(player)} is not playing")])
    return names.index(player)


def _from_fields(kind: str, seat: int, task_color: str | None, data: Mapping[str, Any]) -> Action:
    if kind in (DRAFT, BUY, RESCUE_CARDS, KEEP):
        cards = tuple(_card(c) for c in data["cards"])
        colors: tuple[str | None, ...] = ()
        if kind in (BUY, KEEP):
            given = data.get("colors", {})
            if not set(given) <= {str(c) for c in cards} or not set(given.values()) <= set(COLORS):
                raise ValueError(given)
            colors = tuple(given.get(str(c)) for c in cards)
        return Action(kind, seat, *_sorted_cards(cards, colors))
    if kind == RESCUE:
        field, tile = data["field"], data["tile"]
        if field not in FIELDS:
            raise ValueError(field)
        cat_color, _, cat_shape = tile.rpartition("-")
        piece = Piece(CAT, int(cat_shape), cat_color, _mask(data["piece"]["cells"]))
        _agrees(data["piece"], piece)
        return Action(RESCUE, seat, field=field, tile=tile, piece=piece)
    if kind == PLACE:
        given = data["piece"]
        piece_kind, shape = given["kind"], given["shape"]
        if piece_kind not in KINDS or not isinstance(shape, (int, str)):
            raise ValueError(piece_kind)
        color = task_color if piece_kind in (CAT, OSHAX) else None
        piece = Piece(piece_kind, shape, color, _mask(given["cells"]))
        _agrees(given, piece)
        return Action(PLACE, seat, piece=piece)
    if kind == PLAY:
        [card] = data["cards"]
        if _card(card) in LISTED_OPTIONS:
            if "option" in data:
                raise ValueError(card)
            return _play(seat, card, list(data["items"]))
        if "items" in data or not isinstance(data.get("option", ""), str):
            raise ValueError(card)
        return _play(seat, card, data.get("option", ""))
    if kind == SEND:
        items = tuple(data["items"])
        if not all(f in FIELDS for f in items):
            raise ValueError(items)
        return Action(SEND, seat, items=items)
    if kind == DRAW:
        what, items = data["option"], tuple(data.get("items", ()))
        if what not in CHANCE_KINDS or not all(isinstance(i, str) for i in items):
            raise ValueError(what)
        return Action(DRAW, seat, option=what, items=items)
    return Action(kind, seat)


def _card(card: Any) -> int:
    if type(card) is not int or not (card in CARDS or card in FAMILY_CARDS):
        raise ValueError(card)
    return card


def _mask(cells: Any) -> int:
    return _parse_cells(";".join(f"{int(r)},{int(c)}" for r, c in cells))


def _agrees(given: Mapping[str, Any], piece: Piece) -> None:
    """The piece's kind, shape and colour, where given, are the ones the action implies."""
    implied = piece.to_json()
    if any(given.get(k, implied.get(k)) != implied.get(k) for k in ("kind", "shape", "color")):
        raise ValueError(given)


def _parse_cards(text: str) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
    cards: list[int] = []
    colors: list[str | None] = []
    for item in text.split(",") if text else []:
        card, _, color = item.partition("=")
        known = int(card) in CARDS or int(card) in FAMILY_CARDS  # family cards: draft only
        if not known or (color and color not in COLORS):
            raise ValueError(item)
        cards.append(int(card))
        colors.append(color or None)
    return tuple(cards), tuple(colors)


def _parse_cells(text: str) -> int:
    cells = []
    for pair in text.split(";"):
        r, c = pair.split(",")
        cells.append((int(r), int(c)))
    if any(not (0 <= r < 9 and 0 <= c < COLS) for r, c in cells) or len(set(cells)) != len(cells):
        raise ValueError(text)
    return mask_of(cells)


def valid_shape(piece: Piece) -> bool:
    """Whether the piece's cells are its shape in some rotation or reflection."""
    from engines.core.polyomino import mask_to_cells, normalize

    found = shape_def(piece.kind, piece.shape)
    return found is not None and normalize(mask_to_cells(piece.mask, COLS)) in found.forms
