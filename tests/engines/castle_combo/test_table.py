"""Games resumed from a table, states loaded back, and positions: what a table can get wrong."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engines.castle_combo import CASTLE_COMBO
from engines.core.errors import InvalidState

from .helpers import buy, grid, public, score_of, table_state, tableau

TABLE: dict[str, Any] = {
    "players": {
        "ann": {
            "tableau": [{"card": "spy", "cell": [5, 5], "face_down": False, "gold": 0}],
            "gold": 11,
            "keys": 2,
        },
        "bob": {"tableau": [], "gold": 15, "keys": 2},
    },
    "displays": {
        "castle": ["officer", "captain", "pilgrim"],
        "village": ["farmhand", "doctor", "monk"],
    },
    "messenger": "castle",
    "to_move": "bob",
}


def violations(options: dict[str, Any], players: tuple[str, ...] = ("ann", "bob")) -> list[str]:
    with pytest.raises(InvalidState) as err:
        CASTLE_COMBO.setup(list(players), options, "t")
    return [v.code for v in err.value.violations]


def test_a_table_resumes_the_game_where_it_stands() -> None:
    state = CASTLE_COMBO.setup(["ann", "bob"], {"table": TABLE}, "resume")
    table = public(state)
    assert table["players"] == {
        "ann": {
            "tableau": [{"card": "spy", "cell": [5, 5], "face_down": False, "gold": 0}],
            "gold": 11,
            "keys": 2,
        },
        "bob": {"tableau": [], "gold": 15, "keys": 2},
    }
    assert table["displays"] == TABLE["displays"] and table["messenger"] == "castle"
    assert CASTLE_COMBO.to_move(state) == ["bob"]
    # ann bought the first card, so she played first
    assert state.env.options["first_player"] == "ann"
    # the decks are the 72 cards not on the table: 39 - 3 castle, 39 - 4 village
    decks = CASTLE_COMBO.encode_state(state)["hidden"]["decks"]
    assert (len(decks["castle"]), len(decks["village"])) == (36, 35)


def test_a_table_may_use_any_origin() -> None:
    # ann's spy sits at [5, 5]; her next card goes next to it
    state = CASTLE_COMBO.setup(["ann", "bob"], {"table": TABLE}, "origin")
    state, _ = buy(state, "officer", [0, 0], face_down=True)  # bob's first card
    state, _ = buy(state, public(state)["displays"]["castle"][0], [5, 6], face_down=True)
    assert [p["cell"] for p in public(state)["players"]["ann"]["tableau"]] == [[5, 5], [5, 6]]


def test_an_external_table_waits_for_the_cards_missing_from_a_display() -> None:
    table = copy.deepcopy(TABLE)
    table["displays"]["village"] = ["farmhand"]
    state = CASTLE_COMBO.setup(["ann", "bob"], {"table": table, "randomness": "external"}, None)
    assert CASTLE_COMBO.to_move(state) == ["chance"]
    pending = CASTLE_COMBO.pending_chance(state)
    # village: 39 cards, spy in a tableau and farmhand shown -> 37 may be revealed
    assert pending is not None and pending["deck"] == "village"
    assert len(pending["support"]["items"]) == 37


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda t: t["displays"]["castle"].__setitem__(0, "spy"), "DUPLICATE_CARD"),
        (lambda t: t["displays"]["castle"].__setitem__(0, "doctorr"), "UNKNOWN_CARD"),
        (lambda t: t["displays"]["castle"].__setitem__(0, "beggar"), "WRONG_LOCATION"),
        (lambda t: t.__setitem__("to_move", "ann"), "TURN_ORDER"),
        (lambda t: t["players"]["ann"].__setitem__("gold", -1), "INVALID_COUNT"),
        (lambda t: t["players"]["ann"]["tableau"][0].__setitem__("gold", 2), "NOT_A_PURSE"),
        (
            lambda t: t["players"]["bob"]["tableau"].extend(
                [
                    {"card": "duchess", "cell": [0, 0], "face_down": False},
                    {"card": "nun", "cell": [0, 2], "face_down": False},
                ]
            ),
            "NOT_ADJACENT",
        ),
        (lambda t: t.__setitem__("messenger", "tavern"), "INVALID_TABLE"),
        (lambda t: t["displays"]["castle"].append("duchess"), "DISPLAY_SIZE"),
    ],
)
def test_a_table_that_could_not_be_real_is_refused(change: Any, code: str) -> None:
    table = copy.deepcopy(TABLE)
    change(table)
    assert code in violations({"table": table})


def test_a_tableau_wider_than_three_columns_is_refused() -> None:
    cells = {(0, c): card for c, card in enumerate(["duchess", "nun", "prince", "baron"])}
    four = tableau(cells)
    with pytest.raises(InvalidState) as err:
        table_state(
            {
                "ann": (four, 0, 0),
                "bob": (
                    tableau({(0, 0): "monk", (0, 1): "farmer", (0, 2): "beggar", (1, 0): "baker"}),
                    0,
                    0,
                ),
            },
            to_move="ann",
            messenger="castle",
        )
    # ann's four cards in row 0 span 4 columns; bob's 3 + 1 fit a 3×3 grid.
    assert [(v.code, v.pointer) for v in err.value.violations] == [
        ("GRID_TOO_LARGE", "/options/table/players/ann/tableau")
    ]


def test_a_purse_holds_no_more_than_its_capacity() -> None:
    table = copy.deepcopy(TABLE)
    table["players"]["ann"]["tableau"][0] = {
        "card": "potter",
        "cell": [0, 0],
        "face_down": False,
        "gold": 5,
    }  # capacity 4
    assert violations({"table": table}) == ["PURSE_OVERFLOW"]


# --- states --------------------------------------------------------------------------------------


def test_a_state_loads_back_to_itself() -> None:
    state = CASTLE_COMBO.setup(["ann", "bob"], {"table": TABLE}, "load")
    encoded = CASTLE_COMBO.encode_state(state)
    assert CASTLE_COMBO.encode_state(CASTLE_COMBO.decode_state(encoded)) == encoded


@pytest.mark.parametrize(
    ("change", "violation"),
    [
        (lambda s: s["hidden"]["decks"]["castle"].pop(), ("DECK_MISMATCH", "/hidden/decks/castle")),
        (
            lambda s: s["hidden"]["decks"]["castle"].append(
                s["public"]["displays"]["castle"].pop()
            ),
            ("DISPLAY_NOT_REFILLED", "/public/displays/castle"),
        ),
        (lambda s: s.__setitem__("to_move", ["ann"]), ("INCONSISTENT_STATE", "/to_move")),
        (
            lambda s: s["public"]["players"]["bob"].__setitem__("keys", "2"),
            ("INVALID_COUNT", "/public/players/bob/keys"),
        ),
        (lambda s: s.__setitem__("private", {"ann": {}}), ("UNEXPECTED_PRIVATE", "/private")),
    ],
)
def test_an_altered_state_is_refused(change: Any, violation: tuple[str, str]) -> None:
    encoded = CASTLE_COMBO.encode_state(CASTLE_COMBO.setup(["ann", "bob"], {"table": TABLE}, "x"))
    change(encoded)
    with pytest.raises(InvalidState) as err:
        CASTLE_COMBO.decode_state(encoded)
    # Each change breaks one rule, and only that one is reported.
    assert [(v.code, v.pointer) for v in err.value.violations] == [violation]


def test_views_hide_the_decks_and_the_generator() -> None:
    state = CASTLE_COMBO.setup(["ann", "bob"], {}, "view")
    view = CASTLE_COMBO.view(state, "ann")
    assert "hidden" not in view and "rng" not in view
    assert view["public"] == public(state)


# --- positions -----------------------------------------------------------------------------------


def test_position_score_components_keys_and_leftover_gold() -> None:
    # duchess top row 8; potter purse with 2 gold + 2 leftover placed (capacity 4): 4 x 2 = 8;
    # 3 more gold stay in hand (the tie-break); keys 2 -> 2. Total 18.
    score = score_of(["duchess potter$2 .", ". . .", ". . ."], keys=2, gold=5)
    ann = score["players"][0]
    assert ann["total"] == 18
    lines = {c["id"]: (c["points"], c.get("detail")) for c in ann["components"]}
    assert lines["card:0,0"] == (8, {"card": "duchess", "face_down": False, "gold": 0})
    assert lines["card:0,1"] == (8, {"card": "potter", "face_down": False, "gold": 4})
    assert lines["keys"] == (2, {"keys": 2})
    assert lines["leftover_gold"] == (0, {"gold": 3})
    assert score["final"] is False  # the grid is not full


def test_leftover_gold_fills_every_purse_and_banker_counts_it() -> None:
    # 9 gold left: potter (cap 4) then farmhand (cap 5) in grid order -> 4 + 5, 0 left;
    # potter 8, farmhand 10, banker 1 per gold on purses = 9. Total 27.
    score = score_of(["banker potter farmhand", ". . .", ". . ."], gold=9)
    assert score["players"][0]["total"] == 27


def test_ties_go_to_the_most_leftover_gold_then_are_shared() -> None:
    def player(name: str, rows: list[str], gold: int, keys: int) -> dict[str, Any]:
        return {"player": name, "grid": grid(rows), "gold": gold, "keys": keys}

    # ann: duchess 8 + 0 keys; bob: 8 keys; carol: 8 keys. Gold: ann 3, bob 3, carol 1.
    position = {
        "players": [
            player("ann", ["duchess . .", ". . .", ". . ."], 3, 0),
            player("bob", ["knight . .", ". . .", ". . ."], 3, 8),
            player("carol", ["monk . .", ". . .", ". . ."], 1, 8),
        ]
    }
    score = CASTLE_COMBO.score_position(position).to_json()
    # knight scores 3 per nobility in row and column: none -> 0; monk 2 per peasantry: 1 -> 2
    # totals: ann 8, bob 8, carol 10
    assert [p["total"] for p in score["players"]] == [8, 8, 10]
    assert score["ranking"] == [
        {"player": "carol", "rank": 1},
        {"player": "ann", "rank": 2},
        {"player": "bob", "rank": 2},
    ]


@pytest.mark.parametrize(
    ("rows", "code", "pointer"),
    [
        (["duchess . nun", ". . .", ". . ."], "NOT_ADJACENT", "/players/0/grid"),
        (["duchess$1 . .", ". . .", ". . ."], "NOT_A_PURSE", "/players/0/grid/0/0/gold"),
        (["potter$5 . .", ". . .", ". . ."], "PURSE_OVERFLOW", "/players/0/grid/0/0/gold"),
        (["potter! . .", ". . .", ". . ."], "VALID", ""),
    ],
)
def test_position_validation(rows: list[str], code: str, pointer: str) -> None:
    position = {"players": [{"player": "ann", "grid": grid(rows), "gold": 0, "keys": 0}]}
    found = [(v.code, v.pointer) for v in CASTLE_COMBO.validate_position(position)]
    assert found == ([] if code == "VALID" else [(code, pointer)])


def test_position_refuses_a_card_twice() -> None:
    position = {
        "players": [
            {
                "player": "ann",
                "grid": grid(["duchess . .", ". . .", ". . ."]),
                "gold": 0,
                "keys": 0,
            },
            {
                "player": "bob",
                "grid": grid(["duchess . .", ". . .", ". . ."]),
                "gold": 0,
                "keys": 0,
            },
        ]
    }
    assert [v.code for v in CASTLE_COMBO.validate_position(position)] == ["DUPLICATE_CARD"]
