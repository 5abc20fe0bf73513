"""Review: buttons (3+ of one colour, border included), merging, the rainbow button, 3 points each.

Rulebook (calico.pt.txt): "Para pregar um botão, você precisa formar um grupo de 3 ou mais Peças
de Retalho da mesma cor. [...] Cada botão vale 3 pontos. [...] Se você expandir um grupo para 6 ou
mais peças, você não ganha outro botão; para isso, um novo grupo separado é necessário. Se você
conseguir pregar pelo menos um botão de cada cor, você ganha um Botão Arco-Íris, que também vale 3
pontos". All positions on the blue board; neighbours worked out by hand (odd-r).
"""

from __future__ import annotations

from engines.calico import CALICO
from engines.calico.state import CalicoState

from .driver import Table, earned


def component(state: CalicoState, cid: str) -> int:
    player = CALICO.score(state).to_json()["players"][0]
    return int(next(c["points"] for c in player["components"] if c["id"] == cid))


def kinds_per_step(tb: Table, n: int) -> list[list[str]]:
    """Button and rainbow tokens each placement earned (cats are reviewed elsewhere)."""
    return [[x["kind"] for x in earned(tb.step()) if x["kind"] != "cat"] for _ in range(n)]


def test_growing_a_buttoned_group_to_seven_earns_nothing_more() -> None:
    # (2,4),(3,3),(4,4): one group via odd row 3; (4,3),(5,3),(5,4) grow it to 6, (5,2) to 7.
    seq = [
        ((2, 4), "yellow", "dots"),
        ((3, 3), "yellow", "ferns"),
        ((4, 4), "yellow", "vines"),
        ((4, 3), "yellow", "stripes"),
        ((5, 3), "yellow", "quatrefoil"),
        ((5, 4), "yellow", "flowers"),
        ((5, 2), "yellow", "dots"),
    ]
    tb = Table({"ann": seq})
    assert kinds_per_step(tb, 7) == [[], [], ["button"], [], [], [], []]
    assert component(tb.state, "buttons") == 3


A = [((2, 1), "pink", "dots"), ((2, 2), "pink", "ferns"), ((3, 1), "pink", "vines")]
"""A pink group of 3 (touches only green, dark blue and light blue border patches)."""
B = [((4, 3), "pink", "stripes"), ((4, 4), "pink", "quatrefoil"), ((5, 3), "pink", "flowers")]
"""A pink group of 3 that does not touch A."""
BRIDGE = ((3, 2), "pink", "dots")
"""(3,2) touches (2,2), (3,1) of A and (4,3) of B."""


def test_joining_two_buttoned_groups_keeps_both_buttons_and_earns_no_third() -> None:
    tb = Table({"ann": [*A, *B, BRIDGE, ((5, 2), "pink", "ferns")]})
    assert kinds_per_step(tb, 8) == [[], [], ["button"], [], [], ["button"], [], []]
    assert component(tb.state, "buttons") == 6


def test_joining_two_unbuttoned_pairs_earns_one_button() -> None:
    tb = Table({"ann": [*A[:2], *B[:2], BRIDGE]})
    got = kinds_per_step(tb, 5)
    assert got == [[], [], [], [], ["button"]]
    cells = sorted(map(tuple, tb.tokens()[0]["cells"]))
    assert cells == [(2, 1), (2, 2), (3, 2), (4, 3), (4, 4)]


def test_joining_a_buttoned_group_and_a_pair_earns_nothing() -> None:
    tb = Table({"ann": [*A, *B[:2], BRIDGE]})
    assert kinds_per_step(tb, 6) == [[], [], ["button"], [], [], []]


RAINBOW = [
    # each pair completes a group of 3 with one blue-board border patch of its colour
    ((1, 2), "pink", "dots"),
    ((1, 3), "pink", "vines"),  # + (0,3) pink
    ((1, 4), "yellow", "dots"),
    ((1, 5), "yellow", "vines"),  # + (0,5) yellow
    ((5, 5), "dark_blue", "dots"),
    ((4, 5), "dark_blue", "vines"),  # + (5,6) dark blue
    ((3, 5), "green", "dots"),
    ((2, 5), "green", "vines"),  # + (4,6) green
    ((4, 1), "purple", "dots"),
    ((5, 1), "purple", "vines"),  # + (4,0) purple
    ((3, 1), "light_blue", "dots"),
    ((2, 1), "light_blue", "vines"),  # + (3,0) light blue
    ((5, 2), "pink", "ferns"),
    ((5, 3), "pink", "stripes"),  # + (6,2) pink: a 7th button
]


def test_a_button_of_every_colour_earns_the_rainbow_button_once() -> None:
    tb = Table({"ann": RAINBOW})
    got = kinds_per_step(tb, len(RAINBOW))
    want: list[list[str]] = [[], ["button"]] * 5 + [[], ["button", "rainbow_button"]]
    want += [[], ["button"]]
    assert got == want
    # 7 buttons x 3 + rainbow 3
    assert component(tb.state, "buttons") == 21
    assert component(tb.state, "rainbow_button") == 3


def test_five_colours_do_not_earn_the_rainbow_button() -> None:
    tb = Table({"ann": RAINBOW[:10]})
    kinds_per_step(tb, 10)
    assert component(tb.state, "buttons") == 15
    assert component(tb.state, "rainbow_button") == 0
