"""Review: turn structure, market, solo discard, private hands, end of game and the tie-break.

Rulebook (calico.pt.txt): place one of the two hand tiles, then "Escolha uma das três Peças de
Retalho viradas para cima no mercado [...] Em seguida, complete o mercado"; the game ends "quando
o Tabuleiro de Colcha de cada jogador estiver completamente preenchido" (22 turns); ties go to
"mais Marcadores de Gato", then "mais Marcadores de Botão", then "a vitória é compartilhada".
Solo (calico.fa.txt): after taking from the market, the tile farthest from the bag (the oldest in
the market) leaves the game; two are drawn (rules.json market.solo).
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO
from engines.calico.state import CalicoState
from engines.core.errors import IllegalAction

from .driver import DEFAULT_CATS, GOALS, Place, Table, t

PATCH_SPACES = [
    (r, c) for r in range(1, 6) for c in range(1, 6) if (r, c) not in {(2, 3), (3, 4), (4, 2)}
]


def table(players: list[str], market: list[dict[str, str]]) -> CalicoState:
    hands = [
        [t("pink", "dots"), t("green", "ferns")],
        [t("yellow", "stripes"), t("purple", "vines")],
    ]
    options = {
        "randomness": "external",
        "boards": {p: b for p, b in zip(players, ["blue", "green"][: len(players)], strict=True)},
        "cats": [{"cat": c, "patterns": list(ps)} for c, ps in DEFAULT_CATS],
        "goals": {p: dict(GOALS) for p in players},
        "hands": {p: hands[i] for i, p in enumerate(players)},
        "market": market,
    }
    return CALICO.setup(players, options, None)


def act(state: CalicoState, data: dict[str, Any]) -> tuple[CalicoState, list[dict[str, Any]]]:
    return CALICO.apply_checked(state, CALICO.decode_action(state, data))


M = [t("dark_blue", "dots"), t("light_blue", "flowers"), t("pink", "vines")]


def market(state: CalicoState) -> list[str]:
    return [f"{x['color']}-{x['pattern']}" for x in CALICO.encode_state(state)["public"]["market"]]


def test_a_turn_is_place_then_take_then_refill_in_seat_order() -> None:
    s = table(["ann", "bob"], M)
    assert CALICO.to_move(s) == ["ann"]
    with pytest.raises(IllegalAction):  # taking first is not allowed
        act(s, {"id": "take:0:dark_blue-dots"})
    s, _ = act(s, {"id": "place:pink-dots:1,1"})
    with pytest.raises(IllegalAction):  # a second placement is not allowed
        act(s, {"id": "place:green-ferns:1,2"})
    s, _ = act(s, {"id": "take:1:light_blue-flowers"})
    assert market(s) == ["dark_blue-dots", "pink-vines"]  # no discard with 2+ players
    assert CALICO.to_move(s) == ["chance"]
    s, _ = act(s, {"id": "chance:green-dots"})
    assert market(s) == ["dark_blue-dots", "pink-vines", "green-dots"]
    assert CALICO.to_move(s) == ["bob"]
    hand = CALICO.view(s, "ann")["private"]["ann"]["hand"]
    assert sorted((x["color"], x["pattern"]) for x in hand) == [
        ("green", "ferns"),
        ("light_blue", "flowers"),
    ]


@pytest.mark.parametrize(
    ("slot", "left"),
    [
        (0, ["pink-vines"]),  # take the oldest: the next oldest (light blue) is discarded
        (1, ["pink-vines"]),  # take the middle: the oldest (dark blue) is discarded
        (2, ["light_blue-flowers"]),  # take the newest: the oldest (dark blue) is discarded
    ],
)
def test_solo_discards_the_tile_that_waited_longest_then_draws_two(
    slot: int, left: list[str]
) -> None:
    s = table(["ann"], M)
    s, _ = act(s, {"id": "place:pink-dots:1,1"})
    tile = market(s)[slot]
    s, events = act(s, {"id": f"take:{slot}:{tile}"})
    assert market(s) == left
    assert len([e for e in events if e["type"] == "tile_discarded"]) == 1
    s, _ = act(s, {"id": "chance:green-dots,yellow-ferns"})
    assert market(s) == [*left, "green-dots", "yellow-ferns"]


def test_hands_are_private() -> None:
    s = table(["ann", "bob"], M)
    assert set(CALICO.view(s, "ann")["private"]) == {"ann"}
    assert set(CALICO.view(s, "bob")["private"]) == {"bob"}
    assert CALICO.view(s, None)["private"] == {}
    text = str(CALICO.view(s, None))
    assert "hand" not in text


def full_sequence(offset: int) -> list[Place]:
    colors = ["dark_blue", "green", "light_blue", "pink", "purple", "yellow"]
    patterns = ["dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"]
    kinds = [(colors[k // 6], patterns[k % 6]) for k in range(36)]
    return [(cell, *kinds[(i * 5 + offset) % 36]) for i, cell in enumerate(PATCH_SPACES)]


def test_the_game_ends_when_every_quilt_has_22_patches() -> None:
    tb = Table({"ann": full_sequence(0), "bob": full_sequence(7)})
    for _ in range(43):
        tb.step()
    assert not CALICO.is_finished(tb.state)
    assert CALICO.to_move(tb.state) == ["bob"]
    pub = tb.public()["players"]
    assert len(pub["ann"]["patches"]) == 22 and len(pub["bob"]["patches"]) == 21
    tb.step()
    assert CALICO.is_finished(tb.state)
    assert CALICO.legal_actions(tb.state) == []
    assert any(e["type"] == "game_over" for e in tb.events)


# --- ranking ------------------------------------------------------------------------------------

TIE_CATS = (
    ("millie", ("dots", "ferns")),
    ("coconut", ("stripes", "vines")),
    ("leo", ("flowers", "quatrefoil")),
)
# ann (blue board, interior cells): a pink button on (2,2),(3,2),(3,3) and Coconut on five
# stripes: 3 + 7 = 10 (1 cat, 1 button)
ANN = [
    ((2, 2), "pink", "stripes"),
    ((3, 2), "pink", "stripes"),
    ((3, 3), "pink", "stripes"),
    ((4, 3), "yellow", "stripes"),
    ((4, 4), "green", "stripes"),
    ((5, 5), "light_blue", "vines"),
]
# bob (green board; no border patch next to these cells matches them): the ring of goal (2,3) in
# ring order P Y P Y P G (AAA-BB-C by colour, no three pinks touch), patterns dots dots dots
# flowers quatrefoil stripes: Millie (3) + goal 7 = 10 (1 cat, 0 buttons)
BOB = [
    ((1, 2), "pink", "dots"),
    ((1, 3), "yellow", "dots"),
    ((2, 4), "pink", "dots"),
    ((3, 3), "yellow", "flowers"),
    ((3, 2), "pink", "quatrefoil"),
    ((2, 2), "green", "stripes"),
]
BOB_GOALS = {"2,3": "AAA-BB-C", "3,4": "AA-BB-CC", "4,2": "AAA-BBB"}


def ranking(tb: Table) -> tuple[dict[str, int], dict[str, int], Any]:
    score = CALICO.score(tb.state).to_json()
    totals = {p["player"]: p["total"] for p in score["players"]}
    ranks = {r["player"]: r["rank"] for r in score["ranking"]}
    return totals, ranks, score["tie_break"]["decided_by"]


def test_equal_points_and_cats_more_buttons_wins() -> None:
    tb = Table(
        {"ann": ANN, "bob": BOB}, cats=TIE_CATS, goals={"ann": dict(GOALS), "bob": BOB_GOALS}
    ).run()
    totals, ranks, decided = ranking(tb)
    assert totals == {"ann": 10, "bob": 10}
    assert ranks == {"ann": 1, "bob": 2}
    assert decided == "ann"


def test_equal_points_more_cats_wins_even_with_fewer_buttons() -> None:
    # ann: one button (3); bob: Millie (3)
    ann = [((2, 2), "pink", "stripes"), ((3, 2), "pink", "quatrefoil"), ((3, 3), "pink", "vines")]
    bob = [((2, 2), "pink", "dots"), ((3, 2), "yellow", "dots"), ((3, 3), "green", "dots")]
    tb = Table({"ann": ann, "bob": bob}, cats=TIE_CATS).run()
    totals, ranks, decided = ranking(tb)
    assert totals == {"ann": 3, "bob": 3}
    assert ranks == {"ann": 2, "bob": 1}
    assert decided == "bob"


def test_equal_points_cats_and_buttons_share_the_win() -> None:
    ann = [((2, 2), "pink", "stripes"), ((3, 2), "pink", "quatrefoil"), ((3, 3), "pink", "vines")]
    bob = [
        ((2, 2), "green", "stripes"),
        ((3, 2), "green", "quatrefoil"),
        ((3, 3), "green", "vines"),
    ]
    tb = Table({"ann": ann, "bob": bob}, cats=TIE_CATS).run()
    totals, ranks, decided = ranking(tb)
    assert totals == {"ann": 3, "bob": 3}
    assert ranks == {"ann": 1, "bob": 1}
    assert decided is None
