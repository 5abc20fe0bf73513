"""Castle Combo's legal actions as decisions: every action listed, but a Steward's fill of more
than 16 combinations (up to 2 of m ≥ 6 purse cards with room: 1 + m + m(m − 1)/2), described as
one choice of a subset of the purse cells. Counts and JSON worked out by hand."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engines.castle_combo import CASTLE_COMBO
from engines.castle_combo.catalogue import CARDS
from engines.castle_combo.rules import Action
from engines.castle_combo.state import CastleComboState
from engines.castle_combo.tableau import OWN_FILL
from engines.core.choices import LISTED_AT_MOST, Choice

from .helpers import table_state, tableau
from .test_legal_action_bounds import OTHERS, PURSES, largest_table

NINE = [(r, c) for r in range(3) for c in range(3)]


def steward_ninth() -> CastleComboState:
    """ann's 8 cards are purse cards with room; the Steward (a purse card too) is her 9th, into
    the one cell left, [2, 2]."""
    purses = [*PURSES, "sculptor", "farmhand"]
    return table_state(
        {
            "ann": (tableau(dict(zip(NINE[:8], purses, strict=True))), 10, 1),
            "bob": (tableau(dict(zip(NINE[:8], OTHERS[0] + OTHERS[1][:2], strict=True))), 10, 1),
        },
        to_move="ann",
        messenger="castle",
        castle=["steward"],
    )


def expanded(state: CastleComboState, player: str | None = None) -> list[Action]:
    """Every action of every decision, each choice's as a client builds it (JSON, no id)."""
    out: list[Action] = []
    for decision in CASTLE_COMBO.choices(state, player):
        if isinstance(decision, Choice):
            out.extend(CASTLE_COMBO.decode_action(state, a) for a in decision.actions())
        else:
            out.append(decision)
    return out


def test_the_steward_as_ninth_card_beside_eight_purses_is_one_described_entry() -> None:
    state = steward_ninth()
    entries = [e for e in CASTLE_COMBO.legal_entries(state) if e.get("card") == "steward"]
    # One cell left, [2, 2]: the Steward face down (listed), and face up a fill of up to 2 of
    # 9 purses with room (her 8 and the Steward's own): 1 + 9 + 36 = 46 > 16, described.
    assert entries == [
        {
            "id": "buy:steward:2,2:down",
            "type": "buy_card",
            "player": "ann",
            "card": "steward",
            "cell": [2, 2],
            "face_down": True,
        },
        {
            "type": "buy_card",
            "player": "ann",
            "card": "steward",
            "cell": [2, 2],
            "face_down": False,
            "choose": {
                "purses": {
                    "domain": "subset",
                    "values": [[r, c] for r, c in NINE],
                    "min": 0,
                    "max": 2,
                }
            },
        },
    ]
    (described,) = [d for d in CASTLE_COMBO.choices(state) if isinstance(d, Choice)]
    assert described.size() == 46 > LISTED_AT_MOST
    assert len(list(described.actions())) == 46
    # Everything else (the key, the other display cards) listed as before: 46 actions, 1 entry.
    assert len(CASTLE_COMBO.legal_entries(state)) == len(CASTLE_COMBO.legal_actions(state)) - 45


@pytest.mark.parametrize(("beside", "ways"), [(3, 11), (4, 16), (5, 22)])
def test_the_steward_beside_four_purses_is_listed_beside_five_described(
    beside: int, ways: int
) -> None:
    # m = beside + the Steward itself: 1 + m + m(m − 1)/2 = 11 (m = 4), 16 (m = 5), 22 (m = 6).
    state = table_state(
        {
            "ann": (tableau(dict(zip(NINE[:beside], PURSES[:beside], strict=True))), 10, 0),
            "bob": (tableau(dict(zip(NINE[:beside], OTHERS[0][:beside], strict=True))), 10, 0),
        },
        to_move="ann",
        messenger="castle",
        castle=["steward"],
    )
    free = len(state.tableaux[0].free_cells())
    steward = [e for e in CASTLE_COMBO.legal_entries(state) if e.get("card") == "steward"]
    listed = [a for a in CASTLE_COMBO.legal_actions(state) if a.card == "steward"]
    assert len(listed) == free * (1 + ways)
    choices = [d for d in CASTLE_COMBO.choices(state) if isinstance(d, Choice)]
    if ways > LISTED_AT_MOST:
        assert len(steward) == free * 2 and len(choices) == free
        domains = [d.to_json()["choose"]["purses"] for d in choices]
        assert all((len(x["values"]), x["min"], x["max"]) == (beside + 1, 0, 2) for x in domains)
    else:
        assert len(steward) == free * (1 + ways) and not choices
        assert all("id" in e for e in steward)


def test_a_described_fill_is_a_choice_per_free_cell_at_the_largest_table() -> None:
    state = largest_table()
    described = [d for d in CASTLE_COMBO.choices(state) if isinstance(d, Choice)]
    # 6 free cells, each: 7 purses with room (6 and the Steward): 1 + 7 + 21 = 29 > 16.
    assert len(described) == 6
    assert {d.size() for d in described} == {29}
    assert sorted(tuple(d.fixed["cell"]) for d in described) == sorted(
        state.tableaux[0].free_cells()
    )


def test_a_client_builds_an_action_from_the_described_choice_and_it_applies() -> None:
    state = steward_ninth()
    entry = next(e for e in CASTLE_COMBO.legal_entries(state) if "choose" in e)
    domain = entry["choose"]["purses"]
    rnd = random.Random("steward")
    for _ in range(10):
        picked = rnd.sample(domain["values"], rnd.randint(domain["min"], domain["max"]))
        action = {k: v for k, v in entry.items() if k != "choose"}
        action["purses"] = picked  # in any order, no id
        decoded = CASTLE_COMBO.decode_action(state, action)
        assert CASTLE_COMBO.check(state, decoded) == []
        after, events = CASTLE_COMBO.apply_checked(state, decoded)
        mine = after.tableaux[0]
        assert mine.at((2, 2)) is not None and len(mine) == 9
        # Each purse chosen holds its capacity now; the others kept what their own ability put
        # there when they were bought (2 on the Queen Mother, the Innkeeper, the Potter).
        capacity: dict[tuple[int, int], int] = {}
        for r, c in NINE:
            placed = mine.at((r, c))
            assert placed is not None
            assert placed.gold == (placed.capacity if [r, c] in picked else OWN_FILL[placed.card])
            capacity[r, c] = placed.capacity
        filled = [e["purses"] for e in events if e["type"] == "purses_filled"]
        full = [{"cell": p, "gold": capacity[p[0], p[1]]} for p in sorted(picked)]
        assert filled == ([full] if picked else [])


def test_a_described_purse_outside_the_domain_or_a_third_one_is_refused() -> None:
    state = steward_ninth()
    entry = next(e for e in CASTLE_COMBO.legal_entries(state) if "choose" in e)
    base = {k: v for k, v in entry.items() if k != "choose"}
    for purses in ([[0, 0], [0, 1], [0, 2]], [[0, 0], [5, 5]]):
        action = CASTLE_COMBO.decode_action(state, {**base, "purses": purses})
        assert [r.code for r in CASTLE_COMBO.check(state, action)] == ["INVALID_PURSES"]


def states(players: int, seed: str) -> list[CastleComboState]:
    """Every 5th state of a random game."""
    rnd = random.Random(seed)
    state = CASTLE_COMBO.setup([f"p{i}" for i in range(players)], {}, seed)
    out: list[CastleComboState] = []
    n = 0
    while not CASTLE_COMBO.is_finished(state):
        if n % 5 == 0:
            out.append(state)
        n += 1
        state, _ = CASTLE_COMBO.apply(state, rnd.choice(CASTLE_COMBO.legal_actions(state)))
    return out


PURSE_CARDS = [c for c in CARDS if CARDS[c].purse and c != "steward"]


def purse_table(seed: int) -> CastleComboState:
    """ann to buy with 4 to 8 random purse cards, each holding random gold (at least what its own
    ability put there, some full), and the Steward at the Castle: random games seldom gather so
    many purses with room."""
    rnd = random.Random(seed)
    k = rnd.randint(4, 8)
    mine = rnd.sample(PURSE_CARDS, k)
    tokens = [f"{c}${rnd.randint(OWN_FILL[c], CARDS[c].purse or 0)}" for c in mine]
    others = [c for c in [*OTHERS[0], *OTHERS[1]] if c not in mine][:k]
    castle = ["steward", *[c for c in ("gravedigger", "guildmaster") if c not in mine]]
    return table_state(
        {
            "ann": (tableau(dict(zip(NINE[:k], tokens, strict=True))), 10000, 1),
            "bob": (tableau(dict(zip(NINE[:k], others, strict=True))), 10000, 1),
        },
        to_move="ann",
        messenger="castle",
        castle=castle,
    )


GAMES = [(p, f"choices-{p}-{i}") for p in (2, 3, 4, 5) for i in range(2)]


def as_set(actions: list[Action]) -> set[Action]:
    out = set(actions)
    assert len(out) == len(actions), "an action listed twice"
    return out


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_expanding_the_choices_gives_the_legal_actions_each_legal(players: int, seed: str) -> None:
    for state in states(players, seed):
        every = expanded(state)
        assert as_set(every) == as_set(CASTLE_COMBO.legal_actions(state))
        assert all(CASTLE_COMBO.check(state, a) == [] for a in every)
        for player in [*state.env.players, "chance", "nobody"]:
            mine = expanded(state, player)
            assert as_set(mine) == as_set(CASTLE_COMBO.legal_actions(state, player))


BUILT = [steward_ninth, largest_table, *[lambda i=i: purse_table(i) for i in range(12)]]


@pytest.mark.parametrize("build", BUILT)
def test_expanding_the_choices_of_tables_full_of_purses_gives_the_legal_actions(
    build: Callable[[], CastleComboState],
) -> None:
    state = build()
    every = expanded(state)
    assert as_set(every) == as_set(CASTLE_COMBO.legal_actions(state))
    assert all(CASTLE_COMBO.check(state, a) == [] for a in every)


def test_the_random_tables_full_of_purses_describe_some_fills_and_list_others() -> None:
    sizes = {
        d.size()
        for i in range(12)
        for d in CASTLE_COMBO.choices(purse_table(i))
        if isinstance(d, Choice)
    }
    assert sizes and min(sizes) > LISTED_AT_MOST
    listed = [
        i
        for i in range(12)
        if not any(isinstance(d, Choice) for d in CASTLE_COMBO.choices(purse_table(i)))
    ]
    assert listed  # fewer than 5 purses with room, the Steward's included: listed
