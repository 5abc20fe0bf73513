"""Reading an Isle of Cats state: every state of a whole game decodes to itself, and a malformed
state gets its violations (code, pointer, detail) in order, never a bare exception.

The violations pinned here are those the decoder gave before its readers were made one per
piece (the quick boat reader and its memo of placed pieces gone): the same inputs, the same
answers.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from engines.isle_of_cats.catalogue import BOAT_MASK, COMMON_COPIES, cells_of, mask_of
from engines.isle_of_cats.state import PLACE_TASK, IsleState
from tests.engines.decoding import Outcome, decode_outcome

from .helpers import GAME, family_rescuing, rescuing, solo_rescuing

Json = dict[str, Any]


def outcome(data: Any) -> Outcome:
    return decode_outcome(GAME, data)


def playout(players: int, options: Json, seed: str) -> list[Json]:
    rnd = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(players)], options, seed)
    out = [GAME.encode_state(state)]
    while not GAME.is_finished(state):
        state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state)))
        out.append(GAME.encode_state(state))
    return [json.loads(json.dumps(s)) for s in out]


PLAYOUTS: dict[str, tuple[int, Json, str]] = {
    "standard-2p": (2, {}, "fast-decode-2"),
    "standard-4p": (4, {}, "fast-decode-4"),
    "solo": (1, {"mode": "solo", "solo_level": "expert"}, "fast-decode-solo"),
    "family-3p": (3, {"mode": "family"}, "fast-decode-family"),
}


@cache
def whole_game(label: str) -> list[Json]:
    """The states of a seeded whole game, played once when a test first asks (not at import:
    collecting this module would otherwise play four games)."""
    return playout(*PLAYOUTS[label])


def late(label: str) -> Json:
    game = whole_game(label)
    return copy.deepcopy(game[(9 * len(game)) // 10])


def external(state: IsleState) -> Json:
    data: Json = json.loads(json.dumps(GAME.encode_state(state)))
    return data


@pytest.mark.parametrize("label", list(PLAYOUTS))
def test_every_state_of_a_whole_game_decodes_to_itself(label: str) -> None:
    game = whole_game(label)
    assert max(sum(len(p["pieces"]) for p in d["public"]["players"].values()) for d in game) >= 8
    for data in [*game[:: max(1, len(game) // 30)], game[-1]]:
        found = outcome(copy.deepcopy(data))
        assert found[0] == "state", found
        assert GAME.encode_state(found[1]) == data


def test_external_states_decode_to_the_state_encoded() -> None:
    for state in (rescuing(), solo_rescuing(), family_rescuing()):
        assert outcome(external(state)) == ("state", state)


# --- malformed states: each mutation of a late seeded 2-player state -------------------------

Mutation = Callable[[Json], None]


def _pieces(data: Json, who: str = "p0") -> list[Any]:
    pieces: list[Any] = data["public"]["players"][who]["pieces"]
    return pieces


def _piece(field: str, value: Any, index: int = 0) -> Mutation:
    def mutate(data: Json) -> None:
        _pieces(data)[index][field] = value

    return mutate


def _drop(field: str, index: int = 0) -> Mutation:
    def mutate(data: Json) -> None:
        del _pieces(data)[index][field]

    return mutate


def _cell(index: int, value: Any) -> Mutation:
    def mutate(data: Json) -> None:
        _pieces(data)[0]["cells"][index] = value

    return mutate


def _pieces_are(value: Any) -> Mutation:
    def mutate(data: Json) -> None:
        data["public"]["players"]["p0"]["pieces"] = value

    return mutate


def _first_of_kind(data: Json, kind: str) -> int:
    return next(i for i, p in enumerate(_pieces(data)) if p["kind"] == kind)


def _treasure_coloured(data: Json) -> None:
    _pieces(data)[_first_of_kind(data, "common_treasure")]["color"] = "blue"


def _repeated_cell(data: Json) -> None:
    cells = _pieces(data)[0]["cells"]
    cells[1] = list(cells[0])


def _overlap(data: Json) -> None:
    pieces = _pieces(data)
    pieces[1]["cells"] = copy.deepcopy(pieces[0]["cells"])
    pieces[1]["kind"], pieces[1]["shape"] = pieces[0]["kind"], pieces[0]["shape"]
    pieces[1]["color"] = pieces[0].get("color")


def _other_shape(data: Json) -> None:
    # The first piece's cells under another cat shape of another size.
    piece = _pieces(data)[0]
    piece["kind"], piece["color"] = "cat", "blue"
    piece["shape"] = 400 if len(piece["cells"]) != 3 else 415


def _off_the_boat(data: Json) -> None:
    # Row 0, columns 0 to 1: on the 9 × 22 grid, off the boat's 142 cells.
    _pieces(data)[0].update(kind="common_treasure", shape=101, cells=[[0, 0], [0, 1]])
    _pieces(data)[0].pop("color", None)


def _cells_as_tuples(data: Json) -> None:
    # A library caller's tuples are cells too.
    _pieces(data)[0]["cells"] = [tuple(c) for c in _pieces(data)[0]["cells"]]


def _hidden(field: str, value: Callable[[list[Any]], Any]) -> Mutation:
    def mutate(data: Json) -> None:
        data["hidden"][field] = value(data["hidden"][field])

    return mutate


def _public(field: str, value: Callable[[Any], Any]) -> Mutation:
    def mutate(data: Json) -> None:
        data["public"][field] = value(data["public"][field])

    return mutate


def _field(value: Any) -> Mutation:
    def mutate(data: Json) -> None:
        data["public"]["fields"]["left"].append(value)

    return mutate


def _card_twice(data: Json) -> None:
    data["private"]["p0"]["hand"].append(data["hidden"]["deck"][0])


def _unknown_card(data: Json) -> None:
    data["private"]["p1"]["hand"].append(999)


def _altered(data: Json) -> None:
    # tests/engines/isle_of_cats/test_state.py: a wrong boat and a card held twice.
    data["public"]["players"]["p0"]["boat"] = (
        "green" if data["public"]["players"]["p0"]["boat"] != "green" else "red"
    )
    _card_twice(data)


MALFORMED: dict[str, Mutation] = {
    "pieces not a list": _pieces_are({"0": {}}),
    "piece not an object": _pieces_are(["cat"]),
    "unknown kind": _piece("kind", "dog"),
    "kind a number": _piece("kind", 5),
    "kind a list": _piece("kind", ["cat"]),
    "shape a float": _piece("shape", 415.0),
    "shape a bool": _piece("shape", True),
    "shape a string of a cat id": _piece("shape", "415"),
    "shape missing": _drop("shape"),
    "cat without colour": _drop("color"),
    "unknown colour": _piece("color", "pink"),
    "colour a list": _piece("color", ["blue"]),
    "treasure with a colour": _treasure_coloured,
    "cells a string": _piece("cells", "1,2"),
    "no cells": _piece("cells", []),
    "cells missing": _drop("cells"),
    "cell of three": _cell(0, [1, 2, 3]),
    "cell a bool": _cell(0, [True, 2]),
    "cell a float": _cell(0, [4.0, 7]),
    "cell off the grid": _cell(0, [-1, 7]),
    "cell a string": _cell(0, "47"),
    "cell repeated": _repeated_cell,
    "cells of another shape": _other_shape,
    "off the boat": _off_the_boat,
    "pieces overlap": _overlap,
    "cells as tuples": _cells_as_tuples,
    "deck with a string": _hidden("deck", lambda d: [str(d[0]), *d[1:]]),
    "deck with a bool": _hidden("deck", lambda d: [True, *d[1:]]),
    "deck with a float": _hidden("deck", lambda d: [float(d[0]), *d[1:]]),
    "deck with a list": _hidden("deck", lambda d: [[d[0]], *d[1:]]),
    "deck an object": _hidden("deck", lambda d: {str(c): 1 for c in d}),
    "deck short of a card": _hidden("deck", lambda d: d[1:]),
    "discard with a float": _hidden("discard", lambda d: [*d, 150.0]),
    "card twice": _card_twice,
    "unknown card": _unknown_card,
    "altered (test_state)": _altered,
    "field with a number": _field(5),
    "field with a list": _field(["blue-400"]),
    "field with a rare treasure": _field("rare-L-tetromino"),
    "field with an unknown cat": _field("pink-400"),
    "rare treasure unknown": _public("rare_treasures", lambda r: [*r, "Z-pentomino"]),
    "rare treasure a number": _public("rare_treasures", lambda r: [*r, 5]),
    "rare treasure a list": _public("rare_treasures", lambda r: [*r, ["x"]]),
    "gone unknown": _public("gone", lambda g: [*g, "pink-400"]),
    "gone a list": _public("gone", lambda g: [*g, ["x"]]),
    "bag short of a tile": _hidden("bag", lambda b: b[1:]),
    "bag with a tile more": _hidden("bag", lambda b: [*b, b[0]]),
    "bag with a number": _hidden("bag", lambda b: [5, *b[1:]]),
    "bag with a list": _hidden("bag", lambda b: [["blue-400"], *b[1:]]),
    "bag of a number only": lambda data: data["hidden"].update(bag=[5]),
}


LOADED = {"cells as tuples", "deck with a string", "deck with a float", "deck an object"}
"""Mutations the decoder loads all the same (tuples are cells, ``int()`` reads the cards)."""


@pytest.fixture(scope="module")
def base() -> Json:
    data = late("standard-2p")
    kinds = {p["kind"] for p in _pieces(data)}
    assert {"cat", "common_treasure"} <= kinds and len(data["hidden"]["bag"]) > 1
    return data


BAG = ("TILES_MISMATCH", "/hidden/bag")
"""A piece left out of a boat is a tile missing from the seeded game's tiles."""
P0 = "/public/players/p0/pieces/0"


def violations(name: str, base: Json) -> list[tuple[str, str]]:
    """What the decoder answers to ``MALFORMED[name]`` (code and pointer of each violation)."""
    common = _first_of_kind(base, "common_treasure")
    answers: dict[str, list[tuple[str, str]]] = {
        "pieces not a list": [("INVALID_SHAPE", "/public/players/p0/pieces"), BAG],
        "piece not an object": [("INVALID_SHAPE", P0), ("UNKNOWN_PIECE", f"{P0}/kind"), BAG],
        "unknown kind": [("UNKNOWN_PIECE", f"{P0}/kind"), BAG],
        "kind a number": [("UNKNOWN_PIECE", f"{P0}/kind"), BAG],
        "kind a list": [("UNKNOWN_PIECE", f"{P0}/kind"), BAG],
        "shape a float": [("UNKNOWN_SHAPE", f"{P0}/shape"), BAG],
        "shape a bool": [("UNKNOWN_SHAPE", f"{P0}/shape"), BAG],
        "shape a string of a cat id": [("UNKNOWN_SHAPE", f"{P0}/shape"), BAG],
        "shape missing": [("UNKNOWN_SHAPE", f"{P0}/shape"), BAG],
        "cat without colour": [("INVALID_COLOR", f"{P0}/color"), BAG],
        "unknown colour": [("INVALID_COLOR", f"{P0}/color"), BAG],
        "colour a list": [("INVALID_COLOR", f"{P0}/color"), BAG],
        # A common treasure is no bag tile: leaving it out breaks no count of the bag.
        "treasure with a colour": [("INVALID_COLOR", f"/public/players/p0/pieces/{common}/color")],
        "cells a string": [("INVALID_SHAPE", f"{P0}/cells"), ("INVALID_CELL", f"{P0}/cells"), BAG],
        "no cells": [("INVALID_CELL", f"{P0}/cells"), BAG],
        "cells missing": [("INVALID_SHAPE", f"{P0}/cells"), ("INVALID_CELL", f"{P0}/cells"), BAG],
        "cell of three": [("INVALID_CELL", f"{P0}/cells/0"), BAG],
        "cell a bool": [("INVALID_CELL", f"{P0}/cells/0"), BAG],
        "cell a float": [("INVALID_CELL", f"{P0}/cells/0"), BAG],
        "cell off the grid": [("OUTSIDE_BOAT", f"{P0}/cells/0"), BAG],
        "cell a string": [("INVALID_CELL", f"{P0}/cells/0"), BAG],
        "cell repeated": [("INVALID_CELL", f"{P0}/cells"), BAG],
        "cells of another shape": [("SHAPE_MISMATCH", f"{P0}/cells"), BAG],
        "off the boat": [("OUTSIDE_BOAT", P0), BAG],
        # The second piece, a copy of the first, is left out: no tile is missing.
        "pieces overlap": [("OVERLAP", "/public/players/p0/pieces/1")],
        "deck with a bool": [("CARD_TWICE", "/private"), ("CARDS_MISSING", "/hidden/deck")],
        "deck with a list": [("INVALID_STATE_SHAPE", "/public")],
        "deck short of a card": [("CARDS_MISSING", "/hidden/deck")],
        "discard with a float": [("CARD_TWICE", "/private")],
        "card twice": [("CARD_TWICE", "/private")],
        "unknown card": [("CARD_TWICE", "/private"), ("CARDS_MISSING", "/hidden/deck")],
        "altered (test_state)": [
            ("WRONG_BOAT", "/public/players/p0/boat"),
            ("CARD_TWICE", "/private"),
        ],
        "field with a number": [("INVALID_STATE_SHAPE", "/public")],
        "field with a list": [("INVALID_STATE_SHAPE", "/public")],
        "field with a rare treasure": [("UNKNOWN_TILE", "/public/fields"), BAG],
        "field with an unknown cat": [("UNKNOWN_TILE", "/public/fields"), BAG],
        "rare treasure unknown": [("UNKNOWN_TILE", "/public/rare_treasures"), BAG],
        "rare treasure a number": [("UNKNOWN_TILE", "/public/rare_treasures"), BAG],
        "rare treasure a list": [("INVALID_STATE_SHAPE", "/public")],
        "gone unknown": [("UNKNOWN_TILE", "/public/gone"), BAG],
        "gone a list": [("INVALID_STATE_SHAPE", "/public")],
        "bag short of a tile": [BAG],
        "bag with a tile more": [BAG],
        "bag with a number": [BAG],
        "bag with a list": [BAG],
        "bag of a number only": [BAG],
    }
    return answers[name]


@pytest.mark.parametrize("name", list(MALFORMED))
def test_a_malformed_state_gets_its_violations(name: str, base: Json) -> None:
    data = copy.deepcopy(base)
    MALFORMED[name](data)
    found = outcome(data)
    if name in LOADED:
        assert found == ("state", GAME.decode_state(copy.deepcopy(base))), found
    else:  # refused as an invalid state, never with a bare exception
        assert found[0] == "invalid", found
        assert [(code, pointer) for code, pointer, _ in found[1]] == violations(name, base)


def test_cells_of_a_library_caller_are_read_as_json_cells(base: Json) -> None:
    # (row, col) tuples and int subclasses are cells all the same: the same state as JSON's.
    class Row(int):
        pass

    data = copy.deepcopy(base)
    cells = _pieces(data)[0]["cells"]
    cells[0] = tuple(cells[0])
    cells[1] = [Row(cells[1][0]), Row(cells[1][1])]
    assert outcome(data) == ("state", GAME.decode_state(copy.deepcopy(base)))


def test_a_task_tile_that_is_no_name_is_a_tile_mismatch(base: Json) -> None:
    # A tile that is a list cannot be counted among the box's tiles: the bag does not match
    # (once a bare TypeError from counting it).
    data = copy.deepcopy(base)
    data["public"]["tasks"].append(
        {
            "kind": PLACE_TASK,
            "seat": 0,
            "source": "bag",
            "piece_kind": "cat",
            "shapes": [400],
            "color": "blue",
            "tiles": [["blue-400"]],
        }
    )
    assert outcome(data) == (
        "invalid",
        [("TILES_MISMATCH", "/hidden/bag", "every cat and rare treasure is in one place")],
    )


def test_hand_checked_answers(base: Json) -> None:
    def answer(mutate: Mutation) -> Outcome:
        data = copy.deepcopy(base)
        mutate(data)
        return outcome(data)

    assert answer(_piece("kind", "dog")) == (
        "invalid",
        [
            (
                "UNKNOWN_PIECE",
                "/public/players/p0/pieces/0/kind",
                "kind is one of cat, oshax, rare_treasure or common_treasure, not “dog”",
            ),
            # The cat left out of the boat is missing from the tiles.
            ("TILES_MISMATCH", "/hidden/bag", "every cat and rare treasure is in one place"),
        ],
    )
    assert answer(_piece("shape", 415.0))[1][0][:2] == (
        "UNKNOWN_SHAPE",
        "/public/players/p0/pieces/0/shape",
    )
    assert answer(_cell(0, [True, 2]))[1][0] == (
        "INVALID_CELL",
        "/public/players/p0/pieces/0/cells/0",
        "a cell is [row, col], not [true, 2]",
    )
    assert answer(_off_the_boat)[1][0] == (
        "OUTSIDE_BOAT",
        "/public/players/p0/pieces/0",
        "cells [[0, 0], [0, 1]] are not on the boat",
    )
    assert answer(_hidden("bag", lambda b: [["blue-400"], *b[1:]])) == (
        "invalid",
        [("TILES_MISMATCH", "/hidden/bag", "every cat and rare treasure is in one place")],
    )
    assert answer(_field(5)) == (
        "invalid",
        [
            (
                "INVALID_STATE_SHAPE",
                "/public",
                "a state field is missing or malformed: 'int' object has no attribute 'startswith'",
            )
        ],
    )
    assert answer(_hidden("bag", lambda b: b[1:])) == (
        "invalid",
        [("TILES_MISMATCH", "/hidden/bag", "every cat and rare treasure is in one place")],
    )
    assert answer(_unknown_card) == (
        "invalid",
        [
            ("CARD_TWICE", "/private", "cards in two places (or unknown): [999]"),
            # 151 different cards are not the 150 of the game.
            ("CARDS_MISSING", "/hidden/deck", "seeded mode accounts for all 150 cards"),
        ],
    )


def _cat_free_on_the_other_boat(data: Json) -> Json | None:
    theirs = {tuple(c) for p in _pieces(data, "p1") for c in p["cells"]}
    piece: Json
    for piece in _pieces(data):
        if piece["kind"] == "cat" and not theirs & {tuple(c) for c in piece["cells"]}:
            return piece
    return None


def test_the_same_cat_on_two_boats_is_named_once() -> None:
    data, cat = next(
        (copy.deepcopy(d), copy.deepcopy(c))
        for d in whole_game("standard-2p")
        if (c := _cat_free_on_the_other_boat(d)) is not None
    )
    _pieces(data, "p1").append(cat)
    found = outcome(data)
    assert (
        "TOO_MANY_COPIES",
        "/public/players",
        f"each cat exists once; more than once: ['{cat['color']}-{cat['shape']}']",
    ) in found[1]


def test_more_common_treasures_than_the_game_sets_out(base: Json) -> None:
    # 1-square common treasures (shape 100) on free cells of p1's boat, one more than 2 players
    # set out: they break the count only (common treasures are no bag tiles).
    data = copy.deepcopy(base)
    taken = mask_of([c for p in _pieces(data, "p1") for c in p["cells"]])
    limit = COMMON_COPIES[2]
    already = sum(
        1
        for who in ("p0", "p1")
        for p in _pieces(data, who)
        if p["kind"] == "common_treasure" and p["shape"] == 100
    )
    free = cells_of(BOAT_MASK & ~taken)[: limit + 1 - already]
    _pieces(data, "p1").extend(
        {"kind": "common_treasure", "shape": 100, "cells": [c]} for c in free
    )
    assert outcome(data) == (
        "invalid",
        [
            (
                "TOO_MANY_COPIES",
                "/public/players",
                f"2 players set out {limit} common treasures of each shape: ['100']",
            )
        ],
    )


def test_malformed_solo_and_family_states_get_their_violations() -> None:
    solo = late("solo")
    solo["public"]["solo"]["colours"].append(solo["public"]["solo"]["colours"][0])
    solo["hidden"]["solo"]["basket_deck"].append(999)
    family = external(family_rescuing())
    # tests/engines/isle_of_cats/test_family.py: a standard lesson kept, and fish.
    family["private"]["ann"]["private_lessons"] = [117, 153]
    family["public"]["players"]["bob"]["fish"] = 20
    seeded_family = late("family-3p")
    # The first card of the deck leaves the game; card 151 (in the deck) is dealt as well.
    assert 151 in seeded_family["hidden"]["deck"][1:]
    seeded_family["hidden"]["deck"] = seeded_family["hidden"]["deck"][1:]
    seeded_family["private"]["p0"]["draft_hand"].append(151)
    answers = [outcome(data) for data in (solo, family, seeded_family)]
    assert answers[0] == (
        "invalid",
        [
            (
                "INVALID_COLOR",
                "/public/solo/colours",
                "the colour cards are blue, green, purple, red, orange, each once",
            ),
            (
                "CARD_TWICE",
                "/public/solo/basket_used",
                "the basket cards are 174 to 196, each in one place",
            ),
        ],
    )
    assert answers[1] == (
        "invalid",
        [
            (
                "INVALID_LESSON",
                "/private/ann",
                "a player is dealt family cards (151 to 168) and keeps 2; "
                "got none dealt and 117 and 153 kept",
            ),
            (
                "NOT_IN_FAMILY_GAME",
                "/public/players/bob",
                "the family game has no fish and no baskets",
            ),
            ("CARD_TWICE", "/private", "family cards in two places (or unknown): 117"),
        ],
    )
    assert answers[2] == (
        "invalid",
        [
            ("CARD_TWICE", "/private", "family cards in two places (or unknown): 151"),
            ("CARDS_MISSING", "/hidden/deck", "seeded mode accounts for all 18 family cards"),
        ],
    )
