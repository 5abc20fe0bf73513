"""The table: the public part of every state, and the ``table`` option of ``setup``.

::

    {"players": {"ann": {"tableau": [{"card": "spy", "cell": [0, 0], "face_down": false,
                                      "gold": 0}],
                         "gold": 11, "keys": 2}},
     "displays": {"castle": ["officer", "captain", "pilgrim"], "village": [...]},
     "messenger": "castle", "to_move": "ann",
     "discards": {"castle": [], "village": []}, "removed": [], "key_spent": false}

``discards`` (the face-up discard piles), ``removed`` (locations out of the game) and
``key_spent`` (the player to move has spent this turn's key) may be left out of a table given to
``setup``; a state always has them. ``to_move`` is null once the game is over. Reading a table
checks every rule that a picture of the table can break: unknown or repeated cards, cards in the
wrong display, tableaux that could not have been placed, gold on a card that is no purse or less
than its own ability put there, a location removed while its cards could still fill its display,
and card counts that play round the table could not give. Whether a display is short of cards
depends on the randomness and the phase too: :func:`check_displays`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines.castle_combo.catalogue import (
    CARDS,
    DECKS,
    DISPLAY_SIZE,
    LOCATIONS,
    TABLEAU_SIZE,
)
from engines.castle_combo.state import CastleComboState
from engines.castle_combo.tableau import (
    OWN_FILL,
    PURSE_CAPACITY,
    Cell,
    Placed,
    Tableau,
    connected,
    fits,
)
from engines.core.envelope import Envelope
from engines.core.errors import ViolationCollector, listing, quoted, quoted_listing, shown


@dataclass(frozen=True)
class TableData:
    tableaux: tuple[Tableau, ...]
    gold: tuple[int, ...]
    keys: tuple[int, ...]
    displays: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    removed: tuple[bool, ...]
    messenger: str
    key_spent: bool
    first: int
    """The seat that bought the first card, as the card counts and ``to_move`` imply."""
    on_table: Collection[str] = ()
    """Every card read on the table (tableaux, displays and discard piles)."""

    def state(
        self, env: Envelope, first: int, decks: tuple[tuple[str, ...], ...] | None
    ) -> CastleComboState:
        """The game state of this table, with the envelope, first player and decks given."""
        return CastleComboState(
            env=env,
            first=first,
            tableaux=self.tableaux,
            gold=self.gold,
            keys=self.keys,
            displays=self.displays,
            discards=self.discards,
            removed=self.removed,
            messenger=self.messenger,
            key_spent=self.key_spent,
            decks=decks,
        )


def table_json(
    names: Sequence[str],
    tableaux: Sequence[Tableau],
    gold: Sequence[int],
    keys: Sequence[int],
    displays: Sequence[tuple[str, ...]],
    discards: Sequence[tuple[str, ...]],
    removed: Sequence[bool],
    messenger: str,
    to_move: str | None,
    key_spent: bool,
) -> dict[str, Any]:
    return {
        "players": {
            name: {"tableau": [p.to_json() for p in t.cards], "gold": g, "keys": k}
            for name, t, g, k in zip(names, tableaux, gold, keys, strict=True)
        },
        "displays": {loc: list(d) for loc, d in zip(LOCATIONS, displays, strict=True)},
        "messenger": messenger,
        "to_move": to_move,
        "discards": {loc: list(d) for loc, d in zip(LOCATIONS, discards, strict=True)},
        "removed": [loc for loc, r in zip(LOCATIONS, removed, strict=True) if r],
        "key_spent": key_spent,
    }


def _count(raw: Any, pointer: str, v: ViolationCollector) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        v.add("INVALID_COUNT", pointer, f"a count is a whole number >= 0, not {shown(raw)}")
        return 0
    return raw


def _mapping(raw: Any, pointer: str, v: ViolationCollector) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        v.add("INVALID_TABLE", pointer, "an object is expected here")
        return {}
    return raw


Place = tuple[str, int, str]
"""Where a card was read, written out only when a duplicate names it (:func:`place_pointer`):
the pointer of its list, its index there and what follows (``/card`` in a tableau)."""

Seen = dict[str, Place]
"""Every card read so far, with where it was read: a card is unique."""


def place_pointer(place: Place) -> str:
    """The JSON Pointer of a :data:`Place`."""
    pointer, k, rest = place
    return f"{pointer}/{k}{rest}"


def _card(raw: Any, place: Place, v: ViolationCollector, seen: Seen) -> str | None:
    """The card ``raw`` names at ``place``, which joins ``seen``; None (noted) when it is no card
    or a card read before."""
    if (type(raw) is not str and not isinstance(raw, str)) or raw not in CARDS:
        v.add("UNKNOWN_CARD", place_pointer(place), f"{shown(raw)} is not a Castle Combo card")
        return None
    if raw in seen:
        v.add(
            "DUPLICATE_CARD",
            place_pointer(place),
            f"{raw} is also at {place_pointer(seen[raw])}: every card is unique",
        )
        return None
    seen[raw] = place
    return raw


def _cards(
    raw: Any, pointer: str, v: ViolationCollector, seen: Seen, location: str
) -> tuple[str, ...]:
    if not isinstance(raw, list):
        v.add("INVALID_TABLE", pointer, "a list of card ids is expected here")
        return ()
    out = []
    for k, item in enumerate(raw):
        card: str | None
        if type(item) is str and item in CARDS and item not in seen:
            seen[item] = (pointer, k, "")
            card = item
        else:
            card = _card(item, (pointer, k, ""), v, seen)
            if card is None:
                continue
        if CARDS[card].deck != location:
            v.add("WRONG_LOCATION", f"{pointer}/{k}", f"{card} is a {CARDS[card].deck} card")
        out.append(card)
    return tuple(out)


def _is_cell(cell: Any) -> bool:
    return (
        isinstance(cell, list)
        and len(cell) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
    )


def read_tableau(
    raw: Any,
    pointer: str,
    v: ViolationCollector,
    seen: Seen,
    grid: Sequence[tuple[int, int]] | None = None,
) -> Tableau:
    """A tableau from its list of placed cards, the ``k``-th at ``pointer/k`` with its ``cell``;
    or, from a grid (``grid``: the row and column of each card), the ``k``-th at
    ``pointer/row/col``, its cell given by where it lies."""
    if not isinstance(raw, list):
        v.add("INVALID_TABLE", pointer, "a tableau is a list of placed cards")
        return Tableau()
    placed: list[Placed] = []
    for k, item in enumerate(raw):
        place: Place = (pointer, k, "/card") if grid is None else _grid_place(pointer, grid[k])
        try:  # a card as a state writes it, all four fields given
            card, cell, face_down, gold = (
                item["card"],
                item["cell"],
                item["face_down"],
                item["gold"],
            )
        except (KeyError, TypeError):  # a field left out (its default), or no object at all
            if type(item) is not dict and not isinstance(item, Mapping):
                v.add("INVALID_TABLE", _item_pointer(place), "an object is expected here")
                item = {}
            card, cell = item.get("card"), item.get("cell")
            face_down, gold = item.get("face_down", False), item.get("gold", 0)
        if type(card) is str and card in CARDS and card not in seen:
            seen[card] = place
        else:
            card = _card(card, place, v, seen)
        if grid is not None:
            cell = grid[k]
        elif (
            type(cell) is list and len(cell) == 2 and type(cell[0]) is type(cell[1]) is int
        ) or _is_cell(cell):
            cell = (cell[0], cell[1])
        else:
            v.add(
                "INVALID_CELL",
                f"{_item_pointer(place)}/cell",
                f"a cell is [row, col], not {shown(cell)}",
            )
            continue
        if face_down is not False and face_down is not True:
            v.add(
                "INVALID_TABLE", f"{_item_pointer(place)}/face_down", "face_down is true or false"
            )
            face_down = False
        if type(gold) is not int or gold < 0:
            gold = _count(gold, f"{_item_pointer(place)}/gold", v)
        if card is None:
            continue
        capacity = 0 if face_down else PURSE_CAPACITY[card]
        if gold > capacity or (not face_down and gold < OWN_FILL[card]):
            _purse_problem(card, face_down, gold, capacity, f"{_item_pointer(place)}/gold", v)
        # A named tuple made without the Python frame of its __new__: a state holds up to 45
        # cards, and making them is much of the time it takes to read them.
        placed.append(tuple.__new__(Placed, (card, cell, face_down, gold)))
    if placed and not _well_shaped(frozenset([p[1] for p in placed]), len(placed)):
        _shape_problem(Tableau(tuple(placed)), len(placed), pointer, v)
    return Tableau(tuple(placed))


def _grid_place(pointer: str, cell: tuple[int, int]) -> Place:
    row, col = cell
    return (f"{pointer}/{row}", col, "/card")


def _item_pointer(place: Place) -> str:
    """The pointer of the placed card whose ``card`` field is at ``place``."""
    pointer, k, _ = place
    return f"{pointer}/{k}"


def _purse_problem(
    card: str, face_down: bool, gold: int, capacity: int, pointer: str, v: ViolationCollector
) -> None:
    if gold > capacity:
        v.add(
            "PURSE_OVERFLOW" if capacity else "NOT_A_PURSE",
            pointer,
            f"{card} {'face down ' if face_down else ''}holds at most {capacity} gold",
        )
    else:
        v.add(
            "PURSE_UNDERFILLED",
            pointer,
            f"{card} bought face up puts {OWN_FILL[card]} gold on itself, and purse gold "
            f"only grows: it holds at least {OWN_FILL[card]}, not {gold}",
        )


@lru_cache(maxsize=4096)
def _well_shaped(cells: frozenset[Cell], count: int) -> bool:
    """No two of ``count`` cards share a cell, they fit a tableau and they touch: consecutive
    states share all their tableaux but one. Bounded at 4,096 answers (a bool). Measured
    (callgrind, 16 mid-game steps of a seeded 3-player game): an ``apply`` that decodes, applies
    and encodes costs 1,141,550 instructions with it, 1,253,456 without (8.9 % saved)."""
    return len(cells) == count <= TABLEAU_SIZE and fits(cells) and connected(cells)


def _shape_problem(tableau: Tableau, count: int, pointer: str, v: ViolationCollector) -> None:
    """What :func:`_well_shaped` found wrong with a tableau of ``count`` cards."""
    cells = tableau.cells
    if len(cells) != count:
        v.add("CELL_TAKEN", pointer, "two cards of the tableau share a cell")
        return
    if count > TABLEAU_SIZE:
        v.add("TABLEAU_FULL", pointer, f"a tableau holds {TABLEAU_SIZE} cards")
    if not fits(cells):
        v.add("GRID_TOO_LARGE", pointer, "the cards span more than 3 rows or 3 columns")
    if not connected(cells):
        v.add("NOT_ADJACENT", pointer, "every card touches another (orthogonally)")


def read_table(
    raw: Any,
    pointer: str,
    names: Sequence[str],
    v: ViolationCollector,
    *,
    seeded: bool | None = None,
) -> TableData | None:
    """The table, or None with every violation in ``v``.

    ``seeded``: the randomness of a game set up from this table, whose displays are then checked
    here (:func:`check_displays`); None for a state's table, whose displays the codec checks with
    its decks.
    """
    if type(raw) is not dict:
        raw = _mapping(raw, pointer, v)
    seen: Seen = {}
    players = raw.get("players")
    if type(players) is not dict:
        players = _mapping(players, f"{pointer}/players", v)
    if sorted(players) != sorted(names):
        v.add(
            "PLAYERS_MISMATCH",
            f"{pointer}/players",
            f"one entry per player ({quoted_listing(names)})",
        )
        return None
    tableaux, gold, keys = _read_seats(players, names, pointer, v, seen)
    raw_removed = raw.get("removed", [])
    if not isinstance(raw_removed, list) or any(x not in LOCATIONS for x in raw_removed):
        v.add(
            "INVALID_TABLE",
            f"{pointer}/removed",
            f"removed lists locations of {listing(LOCATIONS)}",
        )
        raw_removed = []
    removed = tuple(loc in raw_removed for loc in LOCATIONS)
    if all(removed):
        v.add("INVALID_TABLE", f"{pointer}/removed", "one location at least stays in the game")
    displays, discards = _read_piles(raw, pointer, removed, v, seen)
    messenger = raw.get("messenger")
    if messenger not in LOCATIONS:
        v.add(
            "INVALID_TABLE",
            f"{pointer}/messenger",
            f"the messenger is at the {listing(LOCATIONS, 'or')}",
        )
        messenger = LOCATIONS[1]
    elif removed[LOCATIONS.index(messenger)]:
        v.add("LOCATION_REMOVED", f"{pointer}/messenger", f"the {messenger} left the game")
    _check_removed_cards(tableaux, removed, raw_removed, pointer, v)
    key_spent = raw.get("key_spent", False)
    if not isinstance(key_spent, bool):
        v.add("INVALID_TABLE", f"{pointer}/key_spent", "key_spent is true or false")
        key_spent = False
    first = _first_seat(raw.get("to_move"), f"{pointer}/to_move", names, tableaux, v)
    if seeded is not None:
        check_displays(
            tableaux,
            displays,
            discards,
            removed,
            seeded=seeded,
            pointer=pointer,
            v=v,
        )
    if v.violations:
        return None
    return TableData(
        tuple(tableaux),
        tuple(gold),
        tuple(keys),
        tuple(displays),
        tuple(discards),
        removed,
        str(messenger),
        key_spent,
        first,
        seen.keys(),
    )


def _read_seats(
    players: Mapping[str, Any],
    names: Sequence[str],
    pointer: str,
    v: ViolationCollector,
    seen: Seen,
) -> tuple[list[Tableau], list[int], list[int]]:
    """Each player's tableau, gold and keys, in seat order."""
    tableaux, gold, keys = [], [], []
    for name in names:
        where = f"{pointer}/players/{name}"
        mine = players[name]
        if type(mine) is not dict:
            mine = _mapping(mine, where, v)
        tableaux.append(read_tableau(mine.get("tableau", []), f"{where}/tableau", v, seen))
        coins, held = mine.get("gold"), mine.get("keys")
        gold.append(
            coins if type(coins) is int and coins >= 0 else _count(coins, f"{where}/gold", v)
        )
        keys.append(held if type(held) is int and held >= 0 else _count(held, f"{where}/keys", v))
    return tableaux, gold, keys


def _read_piles(
    raw: Mapping[str, Any],
    pointer: str,
    removed: tuple[bool, ...],
    v: ViolationCollector,
    seen: Seen,
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Each location's display and discard pile, in :data:`LOCATIONS` order."""
    raw_displays = raw.get("displays")
    if type(raw_displays) is not dict:
        raw_displays = _mapping(raw_displays, f"{pointer}/displays", v)
    raw_discards = raw.get("discards", {})
    if type(raw_discards) is not dict:
        raw_discards = _mapping(raw_discards, f"{pointer}/discards", v)
    displays, discards = [], []
    for i, loc in enumerate(LOCATIONS):
        shown = _cards(raw_displays.get(loc, []), f"{pointer}/displays/{loc}", v, seen, loc)
        dropped = _cards(raw_discards.get(loc, []), f"{pointer}/discards/{loc}", v, seen, loc)
        if len(shown) > DISPLAY_SIZE:
            v.add("DISPLAY_SIZE", f"{pointer}/displays/{loc}", f"a display shows {DISPLAY_SIZE}")
        if removed[i] and (shown or dropped):
            v.add("LOCATION_REMOVED", f"{pointer}/displays/{loc}", f"the {loc} left the game")
        displays.append(shown)
        discards.append(dropped)
    return displays, discards


LEFT_WITH_LOCATION = DISPLAY_SIZE - 1
"""How many of its cards a location takes out of the game: a display is refilled after every
action, and only a purchase can leave one short with nothing to reveal and no discard pile to
shuffle (a refresh or a discard from a display feeds its discard pile), so the location leaves
with the 2 cards its display still shows; every other card of it is in a tableau, where cards
stay."""


def _check_removed_cards(
    tableaux: Sequence[Tableau],
    removed: tuple[bool, ...],
    raw_removed: list[str],
    pointer: str,
    v: ViolationCollector,
) -> None:
    """A location removed took :data:`LEFT_WITH_LOCATION` of its cards out of the game."""
    for i, loc in enumerate(LOCATIONS):
        off = _off_tableaux(tableaux, loc) if removed[i] else LEFT_WITH_LOCATION
        if off != LEFT_WITH_LOCATION:
            v.add(
                "REMOVED_LOCATION_CARDS",
                f"{pointer}/removed/{raw_removed.index(loc)}",
                f"a location leaves the game with the {LEFT_WITH_LOCATION} cards its display "
                f"shows after a purchase, every other card of it in a tableau: {off} {loc} cards "
                f"are in no tableau, not {LEFT_WITH_LOCATION}",
            )


def _off_tableaux(tableaux: Sequence[Tableau], location: str) -> int:
    """How many of the location's cards are in no tableau."""
    held = sum(1 for t in tableaux for p in t.cards if CARDS[p.card].deck == location)
    return len(DECKS[location]) - held


def check_displays(
    tableaux: Sequence[Tableau],
    displays: Sequence[tuple[str, ...]],
    discards: Sequence[tuple[str, ...]],
    removed: Sequence[bool],
    *,
    seeded: bool,
    pointer: str,
    v: ViolationCollector,
) -> None:
    """A display of a location in the game short of cards where play would have refilled it.

    After every action both displays are refilled to 3 (a deck that runs out takes its discard
    pile, shuffled; a location that still cannot show 3 leaves the game). So a display is short
    only while the table is to reveal a card of its deck (external randomness; with a seed the
    cards are revealed at once), or once the game is over: nothing is refilled after the last
    card, which takes one card from its display and may discard one from the other display.
    """
    over = all(t.full for t in tableaux)
    seen: set[str] | None = None
    for i, loc in enumerate(LOCATIONS):
        shown = len(displays[i])
        if removed[i] or shown >= DISPLAY_SIZE:
            continue
        if over:
            if shown >= DISPLAY_SIZE - 1:
                continue
            detail = (
                f"after the last card a display lacks at most one card: the {loc} shows "
                f"{DISPLAY_SIZE - 1} or {DISPLAY_SIZE}"
            )
        elif seeded:
            detail = f"with a seed the {loc} display is refilled to {DISPLAY_SIZE} at once"
        else:
            if seen is None:
                seen = {p.card for t in tableaux for p in t.cards}
                for cards in (*displays, *discards):
                    seen.update(cards)
            if not seen.issuperset(DECKS[loc]):
                continue  # the table is to report the next card revealed
            detail = (
                f"no {loc} card is left to reveal: the {loc} display would have been refilled "
                f"from its discard pile, or the {loc} would have left the game"
            )
        v.add("DISPLAY_NOT_REFILLED", f"{pointer}/displays/{loc}", detail)


def _first_seat(
    to_move: Any,
    pointer: str,
    names: Sequence[str],
    tableaux: Sequence[Tableau],
    v: ViolationCollector,
) -> int:
    """The first player's seat, from who moves and how many cards each holds.

    Turns go round the table one card each, so the counts differ by at most one and those ahead
    are the seats just before the player to move.
    """
    n = len(names)
    total = sum(len(t) for t in tableaux)
    done = all(len(t) >= TABLEAU_SIZE for t in tableaux)
    if to_move is None:
        if not done:
            v.add("INVALID_TABLE", pointer, "to_move names the player whose turn it is")
        return 0
    if to_move not in names:
        v.add("UNKNOWN_PLAYER", pointer, f"{shown(to_move)} is not playing")
        return 0
    if done:
        v.add("INVALID_TABLE", pointer, "the game is over: to_move is null")
        return 0
    first = (list(names).index(to_move) - total) % n
    for seat, t in enumerate(tableaux):
        ahead = (seat - first) % n
        expected = max(0, (total - ahead + n - 1) // n)
        if len(t) != expected:
            v.add(
                "TURN_ORDER",
                f"{pointer.rsplit('/', 1)[0]}/players/{names[seat]}/tableau",
                f"with {quoted(to_move)} to move after {total} cards, {quoted(names[seat])} holds "
                f"{expected} cards, not {len(t)}",
            )
    return first
