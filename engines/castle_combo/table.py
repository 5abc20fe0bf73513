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

from collections.abc import KeysView, Mapping, Sequence
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


def _card(raw: Any, pointer: str, v: ViolationCollector, seen: dict[str, str]) -> str | None:
    if not isinstance(raw, str) or raw not in CARDS:
        v.add("UNKNOWN_CARD", pointer, f"{shown(raw)} is not a Castle Combo card")
        return None
    if raw in seen:
        v.add("DUPLICATE_CARD", pointer, f"{raw} is also at {seen[raw]}: every card is unique")
        return None
    seen[raw] = pointer
    return raw


def _cards(
    raw: Any, pointer: str, v: ViolationCollector, seen: dict[str, str], location: str
) -> tuple[str, ...]:
    if not isinstance(raw, list):
        v.add("INVALID_TABLE", pointer, "a list of card ids is expected here")
        return ()
    out = []
    for k, item in enumerate(raw):
        card = _card(item, f"{pointer}/{k}", v, seen)
        if card is None:
            continue
        if CARDS[card].deck != location:
            v.add("WRONG_LOCATION", f"{pointer}/{k}", f"{card} is a {CARDS[card].deck} card")
        out.append(card)
    return tuple(out)


def read_tableau(
    raw: Any,
    pointer: str,
    v: ViolationCollector,
    seen: dict[str, str],
    item_pointers: list[str] | None = None,
) -> Tableau:
    """A tableau from its list of placed cards; ``item_pointers`` name where each card was read
    (by default ``pointer/<index>``)."""
    if not isinstance(raw, list):
        v.add("INVALID_TABLE", pointer, "a tableau is a list of placed cards")
        return Tableau()
    if item_pointers is None:
        fast = _plain_tableau(raw, pointer, seen)
        if fast is not None:
            return fast
    placed: list[Placed] = []
    for k, item in enumerate(raw):
        where = item_pointers[k] if item_pointers is not None else f"{pointer}/{k}"
        item = _mapping(item, where, v)
        card = _card(item.get("card"), f"{where}/card", v, seen)
        cell = item.get("cell")
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        ):
            v.add("INVALID_CELL", f"{where}/cell", f"a cell is [row, col], not {shown(cell)}")
            continue
        face_down = item.get("face_down", False)
        if not isinstance(face_down, bool):
            v.add("INVALID_TABLE", f"{where}/face_down", "face_down is true or false")
            face_down = False
        gold = _count(item.get("gold", 0), f"{where}/gold", v)
        if card is None:
            continue
        p = Placed(card, (cell[0], cell[1]), face_down, gold)
        if gold > p.capacity:
            v.add(
                "PURSE_OVERFLOW" if p.capacity else "NOT_A_PURSE",
                f"{where}/gold",
                f"{card} {'face down ' if face_down else ''}holds at most {p.capacity} gold",
            )
        elif not face_down and gold < OWN_FILL[card]:
            v.add(
                "PURSE_UNDERFILLED",
                f"{where}/gold",
                f"{card} bought face up puts {OWN_FILL[card]} gold on itself, and purse gold "
                f"only grows: it holds at least {OWN_FILL[card]}, not {gold}",
            )
        placed.append(p)
    tableau = Tableau(tuple(placed))
    if len(tableau.cells) != len(placed):
        v.add("CELL_TAKEN", pointer, "two cards of the tableau share a cell")
    elif placed:
        if len(placed) > TABLEAU_SIZE:
            v.add("TABLEAU_FULL", pointer, f"a tableau holds {TABLEAU_SIZE} cards")
        if not fits(tableau.cells):
            v.add("GRID_TOO_LARGE", pointer, "the cards span more than 3 rows or 3 columns")
        if not connected(tableau.cells):
            v.add("NOT_ADJACENT", pointer, "every card touches another (orthogonally)")
    return tableau


def _plain_tableau(raw: list[Any], pointer: str, seen: dict[str, str]) -> Tableau | None:
    """The tableau :func:`read_tableau` reads when nothing in it breaks a rule (its cards then
    join ``seen`` under the same pointers), else None (``seen`` unchanged).

    A state is read on every request, and almost every tableau in one is valid: this reads it
    without the per-field checks and pointers of the careful reader. Anything unusual (an item
    that is not a dict, an unknown or repeated card, a cell that is not two plain integers, gold
    that is no plain count or does not fit, a tableau of the wrong shape) falls back to it.
    """
    read = _plain_placed(raw)
    if read is None:
        return None
    tableau, cards = read
    if not seen.keys().isdisjoint(cards):
        return None
    seen.update({card: f"{pointer}/{k}/card" for k, card in enumerate(cards)})
    return tableau


def _plain_placed(raw: list[Any]) -> tuple[Tableau, list[str]] | None:
    """A tableau's placed cards, and their ids in order, when nothing in them breaks a rule that
    :func:`read_tableau` checks within one tableau; else None.

    Each card must name all four fields, as :func:`table_json` writes them: a card that leaves
    out ``face_down`` or ``gold`` goes to the careful reader, which reads the defaults.
    """
    placed: list[Placed] = []
    capacity = PURSE_CAPACITY
    own_fill = OWN_FILL
    try:
        for item in raw:
            if type(item) is not dict:
                return None
            card = item["card"]
            cell = item["cell"]
            face_down = item["face_down"]
            gold = item["gold"]
            if type(card) is not str or card not in capacity or type(cell) is not list:
                return None
            row, col = cell
            if (
                type(row) is not int
                or type(col) is not int
                or (face_down is not False and face_down is not True)
                or type(gold) is not int
                or gold < 0
                or gold > (0 if face_down else capacity[card])
                or (gold < own_fill[card] and not face_down)
            ):
                return None
            # Placed(...) without the Python frame of a named tuple's __new__: a state holds
            # up to 45 cards, and this is most of the time it takes to read them
            placed.append(tuple.__new__(Placed, (card, (row, col), face_down, gold)))
    except (KeyError, ValueError):  # a field missing, a cell of other than two numbers
        return None
    cards = [p.card for p in placed]
    if placed and (
        len(set(cards)) != len(cards)
        or not _well_shaped(frozenset([p.cell for p in placed]), len(placed))
    ):
        return None
    return Tableau(tuple(placed)), cards


@lru_cache(maxsize=4096)
def _well_shaped(cells: frozenset[Cell], count: int) -> bool:
    """No two of ``count`` cards share a cell, they fit a tableau and they touch: what
    :func:`read_tableau` checks of the shape (consecutive states share their tableaux)."""
    return len(cells) == count <= TABLEAU_SIZE and fits(cells) and connected(cells)


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
    raw = _mapping(raw, pointer, v)
    seen: dict[str, str] = {}
    players = _mapping(raw.get("players"), f"{pointer}/players", v)
    if sorted(players) != sorted(names):
        v.add(
            "PLAYERS_MISMATCH",
            f"{pointer}/players",
            f"one entry per player ({quoted_listing(names)})",
        )
        return None
    tableaux, gold, keys = [], [], []
    for name in names:
        where = f"{pointer}/players/{name}"
        mine = _mapping(players[name], where, v)
        tableaux.append(read_tableau(mine.get("tableau", []), f"{where}/tableau", v, seen))
        gold.append(_count(mine.get("gold"), f"{where}/gold", v))
        keys.append(_count(mine.get("keys"), f"{where}/keys", v))
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
    raw_displays = _mapping(raw.get("displays"), f"{pointer}/displays", v)
    raw_discards = _mapping(raw.get("discards", {}), f"{pointer}/discards", v)
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
    )


LEFT_WITH_LOCATION = DISPLAY_SIZE - 1
"""How many of its cards a location takes out of the game: a display is refilled after every
action, and only a purchase can leave one short with nothing to reveal and no discard pile to
shuffle (a refresh or a discard from a display feeds its discard pile), so the location leaves
with the 2 cards its display still shows; every other card of it is in a tableau, where cards
stay."""


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


def plain_table(
    raw: Any, pointer: str, names: Sequence[str]
) -> tuple[TableData, KeysView[str]] | None:
    """The table :func:`read_table` reads when nothing on it breaks a rule, with the ids of every
    card on it; else None, and :func:`read_table` says what is wrong.

    The same checks as the careful reader, without a pointer or a detail built for each field:
    a state is read on every request and is almost always valid.
    """
    n = len(names)
    if type(raw) is not dict or not n:
        return None
    players = raw.get("players")
    if type(players) is not dict or len(players) != n or players.keys() != set(names):
        return None
    tableaux: list[Tableau] = []
    gold: list[int] = []
    keys: list[int] = []
    on_tableaux: list[str] = []
    for name in names:
        mine = players[name]
        if type(mine) is not dict:
            return None
        placed = mine.get("tableau", [])
        coins = mine.get("gold")
        held = mine.get("keys")
        if (
            type(placed) is not list
            or type(coins) is not int
            or coins < 0
            or type(held) is not int
            or held < 0
        ):
            return None
        read = _plain_placed(placed)
        if read is None:
            return None
        tableaux.append(read[0])
        on_tableaux.extend(read[1])
        gold.append(coins)
        keys.append(held)
    raw_removed = raw.get("removed", [])
    if type(raw_removed) is not list or any(x not in LOCATIONS for x in raw_removed):
        return None
    removed = tuple(loc in raw_removed for loc in LOCATIONS)
    raw_displays = raw.get("displays")
    raw_discards = raw.get("discards", {})
    if all(removed) or type(raw_displays) is not dict or type(raw_discards) is not dict:
        return None
    if any(removed) and any(
        r and _off_tableaux(tableaux, loc) != LEFT_WITH_LOCATION
        for r, loc in zip(removed, LOCATIONS, strict=True)
    ):
        return None
    seen = dict.fromkeys(on_tableaux, "")
    if len(seen) != len(on_tableaux):
        return None
    # The displays and discard piles hold a dozen cards or so: the careful reader reads them, on
    # a scratch collector, as anything it finds sends the whole table to read_table, which
    # names every place a repeated card lies.
    scratch = ViolationCollector()
    displays: list[tuple[str, ...]] = []
    discards: list[tuple[str, ...]] = []
    for i, loc in enumerate(LOCATIONS):
        shown = raw_displays.get(loc, [])
        dropped = raw_discards.get(loc, [])
        if (
            type(shown) is not list
            or type(dropped) is not list
            or len(shown) > DISPLAY_SIZE
            or (removed[i] and (shown or dropped))
        ):
            return None
        displays.append(_cards(shown, f"{pointer}/displays/{loc}", scratch, seen, loc))
        discards.append(_cards(dropped, f"{pointer}/discards/{loc}", scratch, seen, loc))
    messenger = raw.get("messenger")
    key_spent = raw.get("key_spent", False)
    if (
        scratch.violations
        or type(messenger) is not str
        or messenger not in LOCATIONS
        or removed[LOCATIONS.index(messenger)]
        or (key_spent is not False and key_spent is not True)
    ):
        return None
    first = _plain_first_seat(raw.get("to_move"), names, [len(t.cards) for t in tableaux])
    if first is None:
        return None
    table = TableData(
        tuple(tableaux),
        tuple(gold),
        tuple(keys),
        tuple(displays),
        tuple(discards),
        removed,
        messenger,
        key_spent,
        first,
    )
    return table, seen.keys()


def _plain_first_seat(to_move: Any, names: Sequence[str], counts: list[int]) -> int | None:
    """The first seat :func:`_first_seat` finds when it finds nothing wrong, else None."""
    n = len(names)
    total = sum(counts)
    if min(counts) >= TABLEAU_SIZE:
        return 0 if to_move is None else None
    if type(to_move) is not str or to_move not in names:
        return None
    first = (names.index(to_move) - total) % n
    for seat, count in enumerate(counts):
        if count != max(0, (total - (seat - first) % n + n - 1) // n):
            return None
    return first
