"""Reading a state: every state of a game reads back as written, and each thing a state can get
wrong is refused with its violation (code, pointer, detail), the first one named."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO, table
from engines.castle_combo.catalogue import DECKS
from engines.castle_combo.tableau import Placed
from engines.core.errors import ViolationCollector
from tests.engines.decoding import Outcome, decode_outcome


def outcome(data: Any) -> Outcome:
    return decode_outcome(CASTLE_COMBO, data)


def playout(players: int, seed: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Every state of a game of random legal actions, as JSON read back from text."""
    rnd = random.Random(seed)
    state = CASTLE_COMBO.setup([f"p{i}" for i in range(players)], options, seed)
    out = [CASTLE_COMBO.encode_state(state)]
    while not CASTLE_COMBO.is_finished(state):
        state, _ = CASTLE_COMBO.apply(state, rnd.choice(CASTLE_COMBO.legal_actions(state)))
        out.append(CASTLE_COMBO.encode_state(state))
    return [json.loads(json.dumps(s)) for s in out]


TWO = playout(2, "fast-decode-2", {})
FIVE = playout(5, "fast-decode-5", {"record_log": True})
EXTERNAL = playout(3, "fast-decode-x", {"randomness": "external", "first_player": "p1"})
LATE = FIVE[(9 * len(FIVE)) // 10]
"""Five players, nine tenths of the game in: full tableaux, discards and a log to get wrong."""
GAME = playout(3, "fast-paths", {})
GAME_LATE = GAME[(9 * len(GAME)) // 10]
"""Three players, nine tenths of the game in."""


Mutation = Callable[[dict[str, Any]], None]


@pytest.mark.parametrize("game", ["TWO", "FIVE", "EXTERNAL"])
def test_every_state_of_a_game_reads_back_as_written(game: str) -> None:
    states = {"TWO": TWO, "FIVE": FIVE, "EXTERNAL": EXTERNAL}[game]
    assert len(states) > 18  # 9 cards each, plus the draws of external mode
    for data in states:
        assert CASTLE_COMBO.encode_state(CASTLE_COMBO.decode_state(copy.deepcopy(data))) == data


def test_a_hand_made_table_is_read_as_written() -> None:
    """Setup with seed ``hand`` (shown by encode_state), then ann's tableau and the discards set
    by hand: each value read is the one written."""
    data = json.loads(
        json.dumps(CASTLE_COMBO.encode_state(CASTLE_COMBO.setup(["ann", "bob"], {}, "hand")))
    )
    assert data["public"]["displays"] == {
        "castle": ["devout", "patron", "apothecary"],
        "village": ["baker", "vicar", "clockmaker"],
    }
    state = CASTLE_COMBO.decode_state(data)
    assert state.env.players == ("ann", "bob")
    assert state.env.options == {"randomness": "seeded", "record_log": False, "first_player": "ann"}
    assert list(state.env.options) == ["randomness", "record_log", "first_player"]
    assert (state.env.turn, state.env.rng.seed, state.env.rng.counter) == (0, "hand", 76)
    assert (state.first, state.gold, state.keys, state.messenger) == (
        0,
        (15, 15),
        (2, 2),
        "village",
    )
    assert state.displays == (("devout", "patron", "apothecary"), ("baker", "vicar", "clockmaker"))
    assert state.decks is not None
    assert (len(state.decks[0]), len(state.decks[1])) == (36, 36)
    assert state.decks[0][:2] == ("her_majesty_the_queen", "knight")


def test_a_tableau_with_a_purse_face_up_and_a_card_face_down() -> None:
    raw = [
        {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
        {"card": "baker", "cell": [0, 1], "face_down": True, "gold": 0},
        {"card": "knight", "cell": [-1, 1], "face_down": False, "gold": 0},
    ]
    seen: table.Seen = {}
    v = ViolationCollector()
    tableau = table.read_tableau(raw, "/t", v, seen)
    assert v.violations == []
    assert tableau.cards == (
        Placed("spy", (0, 0)),
        Placed("baker", (0, 1), face_down=True),
        Placed("knight", (-1, 1)),
    )
    assert type(tableau.cards[0]) is Placed
    assert list(seen) == ["spy", "baker", "knight"]


def _seat(data: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    player: dict[str, Any] = data["public"]["players"][data["players"][seat]]
    return player


def _set(*path: Any, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return mutate


def _drop(*path: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return mutate


def _card_field(field: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        _seat(data)["tableau"][0][field] = value

    return mutate


def _drop_default(field: str) -> Mutation:
    """Leave out a field of p0's third card (master_at_arms, face up, no gold): its default."""

    def mutate(data: dict[str, Any]) -> None:
        placed = _seat(data)["tableau"][2]
        assert (placed["card"], placed[field]) == (
            "master_at_arms",
            {"face_down": False, "gold": 0}[field],
        )
        del placed[field]

    return mutate


def _deck_twice(data: dict[str, Any]) -> None:
    deck = data["hidden"]["decks"]["castle"]
    deck[1] = deck[0]


def _deck_holds_a_tableau_card(data: dict[str, Any]) -> None:
    data["hidden"]["decks"]["village"].append(_seat(data)["tableau"][0]["card"])


def _display_holds_a_tableau_card(data: dict[str, Any]) -> None:
    data["public"]["displays"]["village"][0] = _seat(data)["tableau"][0]["card"]


def _castle_card_in_village_display(data: dict[str, Any]) -> None:
    shown = data["public"]["displays"]
    shown["castle"][0], shown["village"][0] = shown["village"][0], shown["castle"][0]


def _two_cards_share_a_cell(data: dict[str, Any]) -> None:
    cards = _seat(data)["tableau"]
    cards[1]["cell"] = list(cards[0]["cell"])


def _rename_p4(name: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["players"][4] = name
        data["public"]["players"][name] = data["public"]["players"].pop("p4")

    return mutate


def _castle_removed_with_the_messenger(data: dict[str, Any]) -> None:
    """The Castle out of the game, its display and deck gone with it, the messenger still there."""
    data["public"].update(removed=["castle"], messenger="castle")
    data["public"]["displays"]["castle"] = []
    data["hidden"]["decks"]["castle"] = []


def _card_on_two_tableaux(data: dict[str, Any]) -> None:
    """p1's first card (fisherman) goes back to the Village deck and p0's first card takes its
    place: every card is accounted for, one of them twice."""
    placed = _seat(data, 1)["tableau"][0]
    assert (placed["card"], _seat(data)["tableau"][0]["card"]) == ("fisherman", "clockmaker")
    data["hidden"]["decks"]["village"].append("fisherman")
    placed["card"] = "clockmaker"


REFUSED: dict[str, tuple[Mutation, tuple[str, str]]] = {
    # name: (mutation of LATE, (code, pointer) of the first violation the reader names)
    "game": (_set("game", value="calico"), ("WRONG_GAME", "/game")),
    "schema version": (
        _set("schema_version", value=2),
        ("UNSUPPORTED_SCHEMA_VERSION", "/schema_version"),
    ),
    "one player": (lambda d: d.update(players=d["players"][:1]), ("PLAYER_COUNT", "/players")),
    "empty player id": (_set("players", 0, value=""), ("INVALID_PLAYER", "/players")),
    "chance plays": (_rename_p4("chance"), ("RESERVED_PLAYER_ID", "/players")),
    "option unknown": (_set("options", "speed", value=1), ("UNKNOWN_OPTION", "/options")),
    "option left out": (_drop("options", "record_log"), ("OPTIONS_NOT_NORMALIZED", "/options")),
    "record_log a number": (
        _set("options", "record_log", value=1),
        ("INVALID_OPTION", "/options/record_log"),
    ),
    "first player unknown": (
        _set("options", "first_player", value="zed"),
        ("UNKNOWN_PLAYER", "/options/first_player"),
    ),
    "rng mode external": (
        _set("rng", "mode", value="external"),
        ("RNG_MODE_MISMATCH", "/rng/mode"),
    ),
    "rng algorithm": (_set("rng", "algorithm", value="md5"), ("UNKNOWN_RNG", "/rng/algorithm")),
    "seed missing": (_drop("rng", "seed"), ("MISSING_SEED", "/rng/seed")),
    "log too short": (lambda d: d["log"].pop(), ("LOG_LENGTH", "/log")),
    "private": (_set("private", value={"p0": 1}), ("UNEXPECTED_PRIVATE", "/private")),
    "decks missing": (_drop("hidden", "decks"), ("MISSING_DECKS", "/hidden/decks")),
    "deck holds a list": (
        lambda d: d["hidden"]["decks"]["castle"].append(["spy"]),
        ("INVALID_DECK", "/hidden/decks/castle"),
    ),
    "deck card repeated": (
        lambda d: d["hidden"]["decks"]["village"].append("vicar"),
        ("DECK_MISMATCH", "/hidden/decks/village"),
    ),
    "display of two": (
        lambda d: d["hidden"]["decks"]["castle"].append(d["public"]["displays"]["castle"].pop()),
        ("DISPLAY_NOT_REFILLED", "/public/displays/castle"),
    ),
    "card gold negative": (
        _card_field("gold", -1),
        ("INVALID_COUNT", "/public/players/p0/tableau/0/gold"),
    ),
    "deck card twice": (_deck_twice, ("DECK_MISMATCH", "/hidden/decks/castle")),
    "deck holds a tableau card": (
        _deck_holds_a_tableau_card,
        ("DECK_MISMATCH", "/hidden/decks/village"),
    ),
    "display holds a tableau card": (
        _display_holds_a_tableau_card,
        ("DUPLICATE_CARD", "/public/displays/village/0"),
    ),
    "castle card in the village": (
        _castle_card_in_village_display,
        ("WRONG_LOCATION", "/public/displays/castle/0"),
    ),
    "display of four": (
        lambda d: d["public"]["displays"]["castle"].append(d["hidden"]["decks"]["castle"].pop()),
        ("DISPLAY_SIZE", "/public/displays/castle"),
    ),
    "messenger lost": (
        _set("public", "messenger", value="tavern"),
        ("INVALID_TABLE", "/public/messenger"),
    ),
    "key_spent a number": (
        _set("public", "key_spent", value=0),
        ("INVALID_TABLE", "/public/key_spent"),
    ),
    "removed unknown": (
        _set("public", "removed", value=["tavern"]),
        ("INVALID_TABLE", "/public/removed"),
    ),
    "gold negative": (
        lambda d: _seat(d).update(gold=-1),
        ("INVALID_COUNT", "/public/players/p0/gold"),
    ),
    "keys a bool": (
        lambda d: _seat(d).update(keys=True),
        ("INVALID_COUNT", "/public/players/p0/keys"),
    ),
    "player entry renamed": (
        lambda d: d["public"]["players"].update(zed=d["public"]["players"].pop("p4")),
        ("PLAYERS_MISMATCH", "/public/players"),
    ),
    "messenger at a removed location": (
        _castle_removed_with_the_messenger,
        ("LOCATION_REMOVED", "/public/messenger"),
    ),
    "card on two tableaux": (
        _card_on_two_tableaux,
        ("DUPLICATE_CARD", "/public/players/p1/tableau/0/card"),
    ),
    "display at a removed location": (
        lambda d: (
            d["public"].update(removed=["castle"], messenger="village"),
            d["hidden"]["decks"].update(castle=[]),
        ),
        ("LOCATION_REMOVED", "/public/displays/castle"),
    ),
    "player entry missing": (
        lambda d: d["public"]["players"].pop("p4"),
        ("PLAYERS_MISMATCH", "/public/players"),
    ),
    "card unknown": (
        _card_field("card", "dragon"),
        ("UNKNOWN_CARD", "/public/players/p0/tableau/0/card"),
    ),
    "cell a bool": (
        _card_field("cell", [True, 0]),
        ("INVALID_CELL", "/public/players/p0/tableau/0/cell"),
    ),
    "cell of three": (
        _card_field("cell", [0, 0, 0]),
        ("INVALID_CELL", "/public/players/p0/tableau/0/cell"),
    ),
    "cells shared": (_two_cards_share_a_cell, ("CELL_TAKEN", "/public/players/p0/tableau")),
    "gold a float": (
        _card_field("gold", 1.0),
        ("INVALID_COUNT", "/public/players/p0/tableau/0/gold"),
    ),
    # LATE's Village discard pile holds armorer, winemaker and doctor: left out, they are nowhere.
    "discards left out": (_drop("public", "discards"), ("DECK_MISMATCH", "/hidden/decks/village")),
    "phase": (_set("phase", value="draw"), ("INCONSISTENT_STATE", "/phase")),
    "finished": (_set("finished", value=True), ("INCONSISTENT_STATE", "/finished")),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refused_state_names_its_first_violation(name: str) -> None:
    mutate, first = REFUSED[name]
    data = copy.deepcopy(LATE)
    mutate(data)
    fast = outcome(data)
    assert fast[0] == "invalid"
    assert fast[1][0][:2] == first


def test_the_wrong_player_to_move_is_named() -> None:
    """LATE: p1 to move after 41 cards (p0 holds 9, the others 8), so p0 played first. With p2 to
    move, p1 would have played first and p0 would hold (41 - 4 + 4) // 5 = 8 cards."""
    assert LATE["public"]["to_move"] == "p1"
    assert [len(p["tableau"]) for p in LATE["public"]["players"].values()] == [9, 8, 8, 8, 8]
    data = copy.deepcopy(LATE)
    data["public"]["to_move"] = "p2"
    fast = outcome(data)
    assert fast[1][0] == (
        "TURN_ORDER",
        "/public/players/p0/tableau",
        "with “p2” to move after 41 cards, “p0” holds 8 cards, not 9",
    )


def test_card_counts_play_cannot_give_are_refused() -> None:
    """p3 puts back its last card and p0 is to move: after 40 cards p0 played first, so every
    seat holds 8, but p0 holds 9 and p3 7."""
    data = copy.deepcopy(LATE)
    last = _seat(data, 3)["tableau"].pop()
    assert last["card"] == "judge"
    data["hidden"]["decks"]["castle"].append("judge")
    data["public"]["to_move"] = "p0"
    data["to_move"] = ["p0"]
    fast = outcome(data)
    assert fast[1] == [
        (
            "TURN_ORDER",
            "/public/players/p0/tableau",
            "with “p0” to move after 40 cards, “p0” holds 8 cards, not 9",
        ),
        (
            "TURN_ORDER",
            "/public/players/p3/tableau",
            "with “p0” to move after 40 cards, “p3” holds 8 cards, not 7",
        ),
    ]


def test_a_first_player_the_table_contradicts_is_refused() -> None:
    """The table says p0 played first (p1 to move after 41 cards); options say p1, who would put
    p2 to move."""
    data = copy.deepcopy(LATE)
    data["options"]["first_player"] = "p1"
    data["to_move"] = ["p2"]
    fast = outcome(data)
    assert fast[1] == [
        ("TURN_ORDER", "/public/to_move", "“p1” played first, so “p0” cannot be to move")
    ]


def test_a_turn_written_as_text_is_read_as_its_number() -> None:
    """Without a log nothing else checks the turn: a library caller's "9" reads as 9."""
    data = copy.deepcopy(TWO[9])
    assert (data["turn"], "log" in data) == (9, False)
    data["turn"] = "9"
    assert outcome(data) == ("state", CASTLE_COMBO.decode_state(copy.deepcopy(TWO[9])))


def test_a_display_of_four_in_external_mode_is_refused() -> None:
    """External mode keeps no decks, so only the table's reader stops a fourth card."""
    data = copy.deepcopy(EXTERNAL[len(EXTERNAL) // 2])
    castle = data["public"]["displays"]["castle"]
    assert len(castle) == 3
    on_table = {
        c for p in data["public"]["players"].values() for c in (x["card"] for x in p["tableau"])
    }
    on_table.update(*data["public"]["displays"].values(), *data["public"]["discards"].values())
    castle.append(next(c for c in DECKS["castle"] if c not in on_table))
    fast = outcome(data)
    assert fast[1][0] == ("DISPLAY_SIZE", "/public/displays/castle", "a display shows 3")


def test_decks_kept_in_external_mode_are_refused() -> None:
    data = copy.deepcopy(EXTERNAL[len(EXTERNAL) // 2])
    data["hidden"] = {"decks": {"castle": [], "village": []}}
    fast = outcome(data)
    assert fast[1] == [
        ("UNEXPECTED_HIDDEN", "/hidden", "external mode keeps no decks: they are on the table")
    ]


ACCEPTED: dict[str, Mutation] = {
    # What a library caller may send that reads as LATE: defaults left out, and values read as
    # the numbers or the list they stand for.
    "face_down left out": _drop_default("face_down"),
    "gold left out": _drop_default("gold"),
    "rng counter a float": lambda d: d["rng"].update(counter=float(d["rng"]["counter"])),
    "turn a string": lambda d: d.update(turn=str(d["turn"])),
    "players a tuple": lambda d: d.update(players=tuple(d["players"])),
}


@pytest.mark.parametrize("field", ["removed", "key_spent"])
def test_a_table_field_left_at_its_default_reads_as_the_default(field: str) -> None:
    """LATE has no location removed and no key spent: leaving either out changes nothing."""
    assert (LATE["public"]["removed"], LATE["public"]["key_spent"]) == ([], False)
    data = copy.deepcopy(LATE)
    del data["public"][field]
    assert outcome(data) == ("state", CASTLE_COMBO.decode_state(copy.deepcopy(LATE)))


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_what_a_library_caller_may_send_reads_as_the_state(name: str) -> None:
    data = copy.deepcopy(LATE)
    ACCEPTED[name](data)
    assert outcome(data) == ("state", CASTLE_COMBO.decode_state(copy.deepcopy(LATE)))


def test_a_card_listed_twice_in_one_tableau_is_named_at_its_second_place() -> None:
    raw = [
        {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
        {"card": "spy", "cell": [0, 1], "face_down": False, "gold": 0},
    ]
    seen: table.Seen = {}
    v = ViolationCollector()
    got = table.read_tableau(raw, "/t", v, seen)
    assert got.cards == (Placed("spy", (0, 0)),)
    assert [(x.code, x.pointer, x.detail) for x in v.violations] == [
        ("DUPLICATE_CARD", "/t/1/card", "spy is also at /t/0/card: every card is unique")
    ]


# --- one tableau at a time -----------------------------------------------------------------------


def _tableau(data: dict[str, Any], seat: int = 0) -> list[Any]:
    name = data["players"][seat]
    cards: list[Any] = data["public"]["players"][name]["tableau"]
    return cards


def _card(field: str, value: Any, index: int = 0) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        _tableau(data)[index][field] = value

    return mutate


def _share_a_cell(data: dict[str, Any]) -> None:
    cards = _tableau(data)
    cards[1]["cell"] = list(cards[0]["cell"])


def _card_twice(data: dict[str, Any]) -> None:
    _tableau(data, 1)[0]["card"] = _tableau(data)[0]["card"]


def _card_in_display_too(data: dict[str, Any]) -> None:
    data["public"]["displays"]["village"][0] = _tableau(data)[0]["card"]


def _far_away(data: dict[str, Any]) -> None:
    _tableau(data)[-1]["cell"] = [5, 5]


def _gold_on(kind: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        for placed in _tableau(data):
            if kind == "face down" and placed["face_down"]:
                placed["gold"] = 1
                return
            if kind == "face up" and not placed["face_down"]:
                placed["gold"] = 99
                return
        raise AssertionError(f"no {kind} card in the first tableau")

    return mutate


MALFORMED: dict[str, Mutation] = {
    "card unknown": _card("card", "dragon"),
    "card a number": _card("card", 7),
    "card unhashable": _card("card", ["spy"]),
    "card missing": lambda d: _tableau(d)[0].pop("card"),
    "card on two tableaux": _card_twice,
    "card also in a display": _card_in_display_too,
    "cell a bool": _card("cell", [True, 0]),
    "cell a float": _card("cell", [0.0, 0]),
    "cell of three numbers": _card("cell", [0, 0, 0]),
    "cell a string": _card("cell", "0,0"),
    "cell a tuple": _card("cell", (0, 0)),
    "cell missing": lambda d: _tableau(d)[0].pop("cell"),
    "cells shared": _share_a_cell,
    "card far away": _far_away,
    "face_down a number": _card("face_down", 1),
    "face_down missing": lambda d: _tableau(d)[0].pop("face_down"),
    "gold negative": _card("gold", -1),
    "gold a float": _card("gold", 1.0),
    "gold a bool": _card("gold", True),
    "gold missing": lambda d: _tableau(d)[0].pop("gold"),
    "gold on a face-down card": _gold_on("face down"),
    "gold over a purse": _gold_on("face up"),
    "placed card a list": lambda d: _tableau(d).__setitem__(0, ["spy", [0, 0]]),
    "tableau an object": lambda d: d["public"]["players"][d["players"][0]].update(tableau={}),
    "tableau of ten": lambda d: _tableau(d).extend(_tableau(d, 1)[:10]),
    "deck holds a number": lambda d: d["hidden"]["decks"]["castle"].append(3),
}


@pytest.mark.parametrize(
    "name",
    # A card without face_down or gold reads as face up with no gold, as the table does; a
    # library caller's cell may be a tuple.
    sorted(set(MALFORMED) - {"cell a tuple", "face_down missing", "gold missing"}),
)
def test_a_malformed_state_is_refused(name: str) -> None:
    data = copy.deepcopy(GAME_LATE)
    MALFORMED[name](data)
    assert outcome(data)[0] in ("invalid", "error")


def test_a_card_on_two_tableaux_names_both_places() -> None:
    data = copy.deepcopy(GAME_LATE)
    _card_twice(data)
    fast = outcome(data)
    names = data["players"]
    card = _tableau(data)[0]["card"]
    assert fast[0] == "invalid"
    assert fast[1][0] == (
        "DUPLICATE_CARD",
        f"/public/players/{names[1]}/tableau/0/card",
        f"{card} is also at /public/players/{names[0]}/tableau/0/card: every card is unique",
    )


def test_a_tableau_is_read_card_by_card_with_defaults() -> None:
    raw = [
        {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
        {"card": "baker", "cell": [0, 1], "face_down": True, "gold": 0},
        {"card": "knight", "cell": [-1, 1]},
    ]
    seen: table.Seen = {}
    v = ViolationCollector()
    got = table.read_tableau(raw, "/t", v, seen)
    assert got.cards == (
        Placed("spy", (0, 0)),
        Placed("baker", (0, 1), face_down=True),
        Placed("knight", (-1, 1)),
    )
    assert v.violations == []
    assert {card: table.place_pointer(place) for card, place in seen.items()} == {
        "spy": "/t/0/card",
        "baker": "/t/1/card",
        "knight": "/t/2/card",
    }
