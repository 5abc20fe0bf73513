"""Tables no game reaches, refused with their own code and pointer; and every state that play
reaches still accepted (so the checks cannot refuse a reachable table).

Each refusal sends what an attacker sends: the table given to ``setup``, a state's JSON or a
position, changed in one place.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo.catalogue import CARDS, DECKS, LOCATIONS
from engines.castle_combo.state import CastleComboState
from engines.castle_combo.tableau import OWN_FILL
from engines.core.errors import InvalidState, MalformedAction

from .helpers import tableau

PLAYERS = ["ann", "bob"]

TABLE: dict[str, Any] = {
    "players": {
        "ann": {
            "tableau": [
                {"card": "spy", "cell": [0, 0], "face_down": False, "gold": 0},
                {"card": "potter", "cell": [0, 1], "face_down": False, "gold": 2},
            ],
            "gold": 10,
            "keys": 1,
        },
        "bob": {
            "tableau": [{"card": "monk", "cell": [0, 0], "face_down": False, "gold": 0}],
            "gold": 11,
            "keys": 3,
        },
    },
    "displays": {
        "castle": ["officer", "queen_mother", "pilgrim"],
        "village": ["farmhand", "doctor", "barbarian"],
    },
    "messenger": "castle",
    "to_move": "bob",
}
"""The resumed table of docs/rules/castle_combo.md (a reachable one)."""


def setup_refusal(table: dict[str, Any], **options: Any) -> list[tuple[str, str]]:
    with pytest.raises(InvalidState) as err:
        CASTLE_COMBO.setup(PLAYERS, {"table": table, **options}, "attack")
    return [(v.code, v.pointer) for v in err.value.violations]


def state_refusal(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidState) as err:
        CASTLE_COMBO.decode_state(data)
    return [(v.code, v.pointer) for v in err.value.violations]


def encoded(state: CastleComboState) -> dict[str, Any]:
    return copy.deepcopy(CASTLE_COMBO.encode_state(state))


def test_the_documented_table_is_accepted() -> None:
    state = CASTLE_COMBO.setup(PLAYERS, {"table": TABLE}, "resume")
    assert CASTLE_COMBO.to_move(state) == ["bob"]
    CASTLE_COMBO.decode_state(encoded(state))


# --- a removed location: its cards are in tableaux, or the 2 its display took out --------------


def test_a_location_removed_while_its_cards_are_nowhere_is_refused_in_a_table() -> None:
    # the Castle "left the game" at turn 3: 37 of its 39 cards (its display's 3 included) vanish
    table = {
        **copy.deepcopy(TABLE),
        "displays": {"castle": [], "village": ["farmhand", "doctor", "barbarian"]},
        "removed": ["castle"],
        "messenger": "village",
    }
    assert setup_refusal(table) == [("REMOVED_LOCATION_CARDS", "/options/table/removed/0")]
    assert setup_refusal(table, randomness="external") == [
        ("REMOVED_LOCATION_CARDS", "/options/table/removed/0")
    ]


def test_a_location_removed_while_its_cards_are_nowhere_is_refused_in_a_state() -> None:
    for mode in ("seeded", "external"):
        state = CASTLE_COMBO.setup(PLAYERS, {"table": TABLE, "randomness": mode}, "x")
        assert CASTLE_COMBO.to_move(state) == ["bob"]  # the table's displays are full
        data = encoded(state)
        data["public"].update(removed=["castle"], messenger="village")
        data["public"]["displays"]["castle"] = []
        if mode == "seeded":
            data["hidden"]["decks"]["castle"] = []
        assert state_refusal(data) == [("REMOVED_LOCATION_CARDS", "/public/removed/0")]


def near_the_end_of_the_castle(discards: tuple[str, ...] = ()) -> CastleComboState:
    """5 players with 8 cards each: every Castle card in a tableau but the 3 shown (and the
    discard pile given), 4 Village cards; p0 to buy her 9th card at the Castle."""
    spare = [c for c in DECKS["castle"] if c not in discards]
    shown, held = spare[:3], spare[3:]
    held += list(DECKS["village"][: 40 - len(held)])
    cells = [(r, c) for r in range(3) for c in range(3)][:8]
    players: dict[str, dict[str, Any]] = {
        f"p{i}": {"tableau": tableau(dict(zip(cells, held[8 * i : 8 * i + 8], strict=True)))}
        for i in range(5)
    }
    for p in players.values():
        p.update(gold=20, keys=2)
    table = {
        "players": players,
        "displays": {"castle": shown, "village": list(DECKS["village"][36:39])},
        "discards": {"castle": list(discards), "village": []},
        "messenger": "castle",
        "to_move": "p0",
    }
    return CASTLE_COMBO.setup(list(players), {"table": table}, "end")


@pytest.mark.parametrize("discards", [(), ("steward",)])
def test_a_location_that_really_leaves_the_game_is_accepted(discards: tuple[str, ...]) -> None:
    state = near_the_end_of_the_castle(discards)
    rnd = random.Random(len(discards))
    while not CASTLE_COMBO.is_finished(state):
        # face down: no icon moves the messenger, which stays at the Castle while it is there
        down = [a for a in CASTLE_COMBO.legal_actions(state) if a.face_down]
        action = rnd.choice(down or CASTLE_COMBO.legal_actions(state))
        state, _ = CASTLE_COMBO.apply_checked(state, action)
        data = encoded(state)
        assert CASTLE_COMBO.encode_state(CASTLE_COMBO.decode_state(data)) == data
    assert state.removed[0]  # the Castle left the game with 2 of its cards


# --- a display short of cards ------------------------------------------------------------------


def test_a_display_of_two_between_turns_is_refused_in_a_seeded_table() -> None:
    table = copy.deepcopy(TABLE)
    table["displays"]["castle"] = ["officer", "queen_mother"]
    assert setup_refusal(table) == [("DISPLAY_NOT_REFILLED", "/options/table/displays/castle")]
    table["displays"]["village"] = ["farmhand"]
    assert setup_refusal(table) == [
        ("DISPLAY_NOT_REFILLED", "/options/table/displays/castle"),
        ("DISPLAY_NOT_REFILLED", "/options/table/displays/village"),
    ]


def test_an_external_table_short_of_cards_it_can_reveal_is_accepted() -> None:
    table = copy.deepcopy(TABLE)
    table["displays"]["castle"] = ["officer", "queen_mother"]
    state = CASTLE_COMBO.setup(PLAYERS, {"table": table, "randomness": "external"}, None)
    assert CASTLE_COMBO.to_move(state) == ["chance"]


def village_all_on_the_table(table: dict[str, Any]) -> dict[str, Any]:
    """The table with every Village card not on it put on the Village discard pile."""
    on_table = {p["card"] for t in table["players"].values() for p in t["tableau"]}
    on_table.update(*table["displays"].values())
    table["discards"] = {
        "castle": [],
        "village": [c for c in DECKS["village"] if c not in on_table],
    }
    return table


def test_an_external_table_short_of_cards_with_none_left_to_reveal_is_refused() -> None:
    # the Village shows 2 and every other Village card is on the discard pile: the refill would
    # have shuffled it into the deck
    table = copy.deepcopy(TABLE)
    table["displays"]["village"] = ["farmhand", "doctor"]
    table = village_all_on_the_table(table)
    assert setup_refusal(table, randomness="external") == [
        ("DISPLAY_NOT_REFILLED", "/options/table/displays/village")
    ]


def test_an_external_state_short_of_cards_with_none_left_to_reveal_is_refused() -> None:
    state = CASTLE_COMBO.setup(PLAYERS, {"table": TABLE, "randomness": "external"}, None)
    data = encoded(state)
    data["public"]["displays"]["village"].pop()
    village_all_on_the_table(data["public"])
    assert state_refusal(data) == [("DISPLAY_NOT_REFILLED", "/public/displays/village")]


def finished_game(seed: str) -> CastleComboState:
    state = CASTLE_COMBO.setup(PLAYERS, {}, seed)
    rnd = random.Random(seed)
    while not CASTLE_COMBO.is_finished(state):
        state, _ = CASTLE_COMBO.apply_checked(state, rnd.choice(CASTLE_COMBO.legal_actions(state)))
    return state


def test_a_display_of_one_after_the_last_card_is_refused() -> None:
    # the last card takes one card from its display and may discard one from the other: 2 or 3
    data = encoded(finished_game("over"))
    CASTLE_COMBO.decode_state(copy.deepcopy(data))
    castle = data["public"]["displays"]["castle"]
    while len(castle) > 1:
        data["hidden"]["decks"]["castle"].append(castle.pop())
    assert state_refusal(data) == [("DISPLAY_NOT_REFILLED", "/public/displays/castle")]


# --- purse gold below what the card's own ability put there ------------------------------------


def test_the_cards_that_fill_their_own_purse() -> None:
    assert {c: g for c, g in OWN_FILL.items() if g} == {
        "potter": 2,
        "queen_mother": 2,
        "beekeeper": 2,
        "innkeeper": 2,
    }


@pytest.mark.parametrize("card", ["potter", "queen_mother", "beekeeper", "innkeeper"])
@pytest.mark.parametrize("gold", [0, 1])
def test_a_purse_below_its_own_fill_is_refused_in_a_table(card: str, gold: int) -> None:
    table = copy.deepcopy(TABLE)
    mine = table["players"]["ann"]["tableau"]
    mine[1] = {"card": card, "cell": [0, 1], "face_down": False, "gold": gold}
    table["displays"] = {
        loc: [c for c in DECKS[loc] if c not in ("spy", "monk", card)][:3] for loc in LOCATIONS
    }
    assert setup_refusal(table) == [
        ("PURSE_UNDERFILLED", "/options/table/players/ann/tableau/1/gold")
    ]
    mine[1].update(gold=OWN_FILL[card])
    CASTLE_COMBO.setup(PLAYERS, {"table": table}, "ok")
    mine[1].update(face_down=True, gold=0)  # face down: no ability, no purse
    CASTLE_COMBO.setup(PLAYERS, {"table": table}, "ok")


def test_a_purse_below_its_own_fill_is_refused_in_a_state() -> None:
    data = encoded(CASTLE_COMBO.setup(PLAYERS, {"table": TABLE}, "x"))
    data["public"]["players"]["ann"]["tableau"][1]["gold"] = 1
    assert state_refusal(data) == [("PURSE_UNDERFILLED", "/public/players/ann/tableau/1/gold")]


@pytest.mark.parametrize("card", ["potter", "queen_mother", "beekeeper", "innkeeper"])
def test_a_purse_below_its_own_fill_is_refused_in_a_position(card: str) -> None:
    position: dict[str, Any] = {
        "players": [
            {
                "player": "ann",
                "grid": [
                    [{"card": "duchess"}, {"card": card, "gold": 1}, None],
                    [None, {"card": "steward", "face_down": True}, None],
                    [None, None, None],
                ],
                "gold": 3,
                "keys": 1,
            }
        ]
    }
    violations = CASTLE_COMBO.validate_position(position)
    assert [(v.code, v.pointer) for v in violations] == [
        ("PURSE_UNDERFILLED", "/players/0/grid/0/1/gold")
    ]
    with pytest.raises(InvalidState):
        CASTLE_COMBO.score_position(position)
    position["players"][0]["grid"][0][1] = {"card": card}  # gold left out: 0
    assert [v.code for v in CASTLE_COMBO.validate_position(position)] == ["PURSE_UNDERFILLED"]
    position["players"][0]["grid"][0][1] = {"card": card, "gold": 2}
    assert CASTLE_COMBO.validate_position(position) == []


def test_every_violation_of_a_table_is_reported_at_once() -> None:
    table = copy.deepcopy(TABLE)
    table["players"]["ann"]["tableau"][1]["gold"] = 0
    table["displays"]["village"] = ["farmhand"]
    table["displays"]["castle"] = []
    table["removed"] = ["castle"]
    table["messenger"] = "village"
    assert setup_refusal(table) == [
        ("PURSE_UNDERFILLED", "/options/table/players/ann/tableau/1/gold"),
        ("REMOVED_LOCATION_CARDS", "/options/table/removed/0"),
        ("DISPLAY_NOT_REFILLED", "/options/table/displays/village"),
    ]


# --- a typed action with its fields wrong ------------------------------------------------------


def test_a_typed_buy_without_a_player_names_the_field() -> None:
    state = CASTLE_COMBO.setup(PLAYERS, {"table": TABLE}, "x")
    action = {"type": "buy_card", "card": "officer", "cell": [1, 0], "face_down": True}
    with pytest.raises(MalformedAction) as err:
        CASTLE_COMBO.decode_action(state, action)
    assert err.value.code == "MALFORMED_ACTION"
    assert err.value.detail == (
        "a buy_card action with wrong fields: player is missing (the id of the player to move)"
    )
    with pytest.raises(MalformedAction) as err:
        CASTLE_COMBO.decode_action(state, {**action, "player": 7, "cell": "1,0", "purses": 3})
    assert err.value.detail == (
        "a buy_card action with wrong fields: player is the id of the player to move, not 7; "
        "cell is [row, col], not “1,0”; purses is a list of cells, not 3"
    )
    for kind, field in (("move_messenger", "to"), ("refresh_display", "location")):
        with pytest.raises(MalformedAction) as err:
            CASTLE_COMBO.decode_action(state, {"type": kind})
        assert err.value.detail == (
            f"a {kind} action with wrong fields: player is missing (the id of the player to "
            f"move); {field} is missing (castle or village)"
        )
    # named, the player is checked against the table
    good = {**action, "player": "bob"}
    assert CASTLE_COMBO.check(state, CASTLE_COMBO.decode_action(state, good)) == []


# --- every state play reaches is accepted ------------------------------------------------------


def position_of(data: dict[str, Any]) -> dict[str, Any]:
    """The finished table as a photographed position (each grid from its top-left card)."""
    players = []
    for name, mine in data["public"]["players"].items():
        top = min(p["cell"][0] for p in mine["tableau"])
        left = min(p["cell"][1] for p in mine["tableau"])
        grid: list[list[Any]] = [[None] * 3 for _ in range(3)]
        for p in mine["tableau"]:
            grid[p["cell"][0] - top][p["cell"][1] - left] = {
                "card": p["card"],
                "face_down": p["face_down"],
                "gold": p["gold"],
            }
        players.append({"player": name, "grid": grid, "gold": mine["gold"], "keys": mine["keys"]})
    return {"players": players}


@pytest.mark.parametrize(
    ("mode", "game"), [*(("seeded", i) for i in range(30)), *(("external", i) for i in range(8))]
)
def test_every_state_of_a_random_game_is_valid(mode: str, game: int) -> None:
    """30 seeded games of 2 to 5 players (and 8 external ones, the table revealing at random):
    every state on the way loads back as it was, by both readers."""
    players = [f"p{i}" for i in range(2 + game % 4)]
    state = CASTLE_COMBO.setup(players, {"randomness": mode}, f"reach-{game}")
    rnd = random.Random(game)
    steps = 0
    while True:
        data = encoded(state)
        # the reader accepts it and loads it back as it was
        assert CASTLE_COMBO.encode_state(CASTLE_COMBO.decode_state(data)) == data
        if CASTLE_COMBO.is_finished(state):
            break
        actions = CASTLE_COMBO.legal_actions(state)
        assert actions
        state, _ = CASTLE_COMBO.apply_checked(state, rnd.choice(actions))
        steps += 1
    # and the public table is a table setup takes back, and the end a valid position
    table = copy.deepcopy(data["public"])
    CASTLE_COMBO.setup(players, {"table": table, "randomness": mode}, "again")
    assert CASTLE_COMBO.validate_position(position_of(data)) == []
    assert steps >= 9 * len(players)
    purses = [
        p
        for mine in data["public"]["players"].values()
        for p in mine["tableau"]
        if not p["face_down"] and CARDS[p["card"]].purse
    ]
    assert all(p["gold"] >= OWN_FILL[p["card"]] for p in purses)
