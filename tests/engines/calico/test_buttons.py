"""Buttons are earned as same-colour groups form; the rainbow button for one of every colour.

Cells are on the blue board (see boards.json). Patterns are chosen so no cat is attracted.
"""

from __future__ import annotations

from dataclasses import replace

from engines.calico import CALICO
from engines.calico.quilt import BUTTON, RAINBOW, Quilt
from engines.calico.state import CalicoState

from .helpers import act, earned_at_each_step, external, kinds, mask, quilt_after, take, tile
from .table_driver import Table, earned


def test_button_for_a_same_colour_group_of_three() -> None:
    steps = earned_at_each_step(
        [((2, 1), "pink", "dots"), ((2, 2), "pink", "ferns"), ((3, 2), "pink", "flowers")]
    )
    assert [len(kinds(s, BUTTON)) for s in steps] == [0, 0, 1]
    assert steps[2][0].cells == mask((2, 1), (2, 2), (3, 2))
    assert steps[2][0].color == 3  # pink


def test_button_border_patches_count() -> None:
    # The blue board prints a yellow patch at (5, 0): two yellow patches beside it make three.
    steps = earned_at_each_step([((4, 1), "yellow", "ferns"), ((5, 1), "yellow", "flowers")])
    assert [len(kinds(s, BUTTON)) for s in steps] == [0, 1]
    assert steps[1][0].cells == mask((4, 1), (5, 0), (5, 1))


def test_button_growing_a_buttoned_group_earns_no_second() -> None:
    placements = [
        ((2, 1), "pink", "dots"),
        ((2, 2), "pink", "ferns"),
        ((3, 2), "pink", "flowers"),
        ((3, 1), "pink", "quatrefoil"),
        ((3, 3), "pink", "stripes"),
        ((1, 1), "pink", "vines"),
    ]
    steps = earned_at_each_step(placements)
    assert [len(kinds(s, BUTTON)) for s in steps] == [0, 0, 1, 0, 0, 0]
    assert len(kinds(quilt_after(placements).tokens, BUTTON)) == 1


def test_button_a_separate_group_of_the_same_colour_earns_another() -> None:
    placements = [
        ((2, 1), "pink", "dots"),
        ((2, 2), "pink", "ferns"),
        ((3, 2), "pink", "flowers"),
        ((3, 5), "pink", "quatrefoil"),
        ((4, 4), "pink", "stripes"),
        ((4, 5), "pink", "vines"),
    ]
    steps = earned_at_each_step(placements)
    assert [len(kinds(s, BUTTON)) for s in steps] == [0, 0, 1, 0, 0, 1]
    assert steps[5][0].cells == mask((3, 5), (4, 4), (4, 5))


def test_button_joining_two_buttoned_groups_keeps_both_and_earns_none() -> None:
    placements = [
        ((2, 1), "pink", "dots"),
        ((2, 2), "pink", "ferns"),
        ((3, 2), "pink", "flowers"),
        ((3, 5), "pink", "quatrefoil"),
        ((4, 4), "pink", "stripes"),
        ((4, 5), "pink", "vines"),
        ((3, 3), "pink", "dots"),  # touches (3, 2) and (4, 4): one group of 7
    ]
    quilt = quilt_after(placements)
    assert [len(kinds(s, BUTTON)) for s in earned_at_each_step(placements)][-1] == 0
    assert [t.cells for t in kinds(quilt.tokens, BUTTON)] == [
        mask((2, 1), (2, 2), (3, 2)),
        mask((3, 5), (4, 4), (4, 5)),
    ]
    score = CALICO.score(_solo_with(quilt)).players[0]
    assert next(c for c in score.components if c.id == "buttons").points == 6


RAINBOW_QUILT = [
    ((4, 1), "yellow", "dots"),
    ((5, 1), "yellow", "ferns"),  # + border (5, 0): yellow button
    ((1, 1), "light_blue", "flowers"),
    ((1, 2), "light_blue", "quatrefoil"),  # + border (0, 2): light blue button
    ((1, 3), "pink", "stripes"),
    ((2, 4), "pink", "vines"),  # + border (0, 3): pink button
    ((1, 4), "purple", "dots"),
    ((1, 5), "purple", "flowers"),  # + borders (0, 4) and (2, 6): purple button, a group of 4
    ((3, 5), "green", "ferns"),
    ((4, 5), "green", "stripes"),  # + border (4, 6): green button
    ((5, 4), "dark_blue", "quatrefoil"),
    ((5, 5), "dark_blue", "vines"),  # + border (5, 6): dark blue button, and the rainbow
]


def test_rainbow_button_once_a_button_of_every_colour_is_held() -> None:
    steps = earned_at_each_step(RAINBOW_QUILT)
    assert [len(kinds(s, BUTTON)) for s in steps] == [0, 1] * 6
    assert [len(kinds(s, RAINBOW)) for s in steps] == [0] * 11 + [1]
    purple = kinds(steps[7], BUTTON)[0]
    assert purple.cells == mask((0, 4), (1, 4), (1, 5), (2, 6))
    score = CALICO.score(_solo_with(quilt_after(RAINBOW_QUILT))).players[0]
    points = {c.id: c.points for c in score.components}
    assert (points["buttons"], points["rainbow_button"]) == (18, 3)


def test_rainbow_button_is_earned_once() -> None:
    more = [
        *RAINBOW_QUILT,
        ((2, 1), "pink", "dots"),
        ((2, 2), "pink", "ferns"),
        ((3, 2), "pink", "ferns"),
    ]
    quilt = quilt_after(more)
    assert len(kinds(quilt.tokens, BUTTON)) == 7
    assert len(kinds(quilt.tokens, RAINBOW)) == 1


def test_button_event_names_the_player_the_token_and_the_group() -> None:
    state = external(
        ["ann"],
        hands={"ann": [tile("yellow", "ferns"), tile("yellow", "flowers")]},
        market=[tile("pink", "ferns"), tile("green", "vines"), tile("dark_blue", "stripes")],
    )
    state, _ = act(state, {"id": "place:yellow-ferns:4,1"})
    state = take(state, 0)
    state, _ = act(state, {"id": "chance:pink-stripes,green-dots"})
    state, events = act(state, {"id": "place:yellow-flowers:5,1"})
    assert events[1] == {
        "type": "token_earned",
        "player": "ann",
        "token": {"kind": "button", "color": "yellow", "cells": [[4, 1], [5, 0], [5, 1]]},
    }
    assert CALICO.encode_state(state)["public"]["players"]["ann"]["tokens"] == [events[1]["token"]]


def _solo_with(quilt: Quilt) -> CalicoState:
    state = CALICO.setup(["ann"], {"setup": "beginner"}, "buttons")
    return replace(state, quilts=(quilt,))


# --- a table played by hand: buttons ----------------------------------------------------------


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


RAINBOW_PLACES = [
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
    tb = Table({"ann": RAINBOW_PLACES})
    got = kinds_per_step(tb, len(RAINBOW_PLACES))
    want: list[list[str]] = [[], ["button"]] * 5 + [[], ["button", "rainbow_button"]]
    want += [[], ["button"]]
    assert got == want
    # 7 buttons x 3 + rainbow 3
    assert component(tb.state, "buttons") == 21
    assert component(tb.state, "rainbow_button") == 3


def test_five_colours_do_not_earn_the_rainbow_button() -> None:
    tb = Table({"ann": RAINBOW_PLACES[:10]})
    kinds_per_step(tb, 10)
    assert component(tb.state, "buttons") == 15
    assert component(tb.state, "rainbow_button") == 0
