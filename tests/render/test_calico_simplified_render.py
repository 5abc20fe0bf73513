"""The simplified Calico game's picture: what it draws, where, and with which points.

Hand-checked geometry (Calico's, ``engines/calico/render.py``): a patch on ``(r, c)`` is centred
at ``(W/2 + c·W + (W/2 if r is odd), R + r·24)`` in the board's coordinates, W = 27.71, R = 16:
(0,0) at (13.855, 16), (0,1) at (41.565, 16), (1,0) at (27.71, 40), (1,1) at (55.42, 40).
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from engines.calico_simplified import CALICO_SIMPLIFIED as GAME
from engines.calico_simplified.render import render_position, render_state
from service import create_app
from service.config import Settings
from tests.render.scenes import position, states

PLAIN = {"Accept-Encoding": "identity"}
TABLE = {
    "randomness": "external",
    "goals": ["same_line", "different_ring", "same_triangle"],
    "cats": ["block-yellow", "callie-green", "rumi-pink"],
}


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(Settings()).test_client()


def _turn(state: Any, color: str, cell: str) -> Any:
    state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": f"draw:{color}"}))
    state, _ = GAME.apply_checked(state, GAME.decode_action(state, {"id": f"place:{cell}"}))
    return state


def _two_buttons_and_a_cat() -> Any:
    """ann: yellow, yellow, pink on the first spaces, then yellow on (1,0): the yellow triangle
    (0,0) (0,1) (1,0), a same_triangle button; then yellow on (1,1): the triangle (0,1) (1,0)
    (1,1), another button, and the yellow block (0,0) (0,1) (1,0) (1,1), the block-yellow cat
    (5). bob has drawn nothing yet."""
    state = GAME.setup(
        ["ann", "bob"],
        {
            **TABLE,
            "starts": {"ann": ["yellow", "yellow", "pink"], "bob": ["green", "pink", "green"]},
        },
        None,
    )
    state = _turn(state, "yellow", "1,0")
    state = _turn(state, "green", "1,0")
    return _turn(state, "yellow", "1,1")


def _points(svg: str) -> list[tuple[str, str, str]]:
    """(x, y, text) of every text that writes points."""
    return re.findall(r'<text class="points" x="([^"]*)" y="([^"]*)"[^>]*>([^<]*)</text>', svg)


def test_each_button_and_cat_is_marked_with_its_points_on_its_patches() -> None:
    svg = render_state(GAME, _two_buttons_and_a_cat(), None, True)
    drawn = _points(svg)
    # The first triangle's middle: ((13.855 + 41.565 + 27.71) / 3, (16 + 16 + 40) / 3) =
    # (27.71, 24), its points 2.5 lower; the block's: (138.55 / 4, 112 / 4) = (34.64, 28).
    assert ("27.71", "26.5", "+3") in drawn
    assert ("34.64", "30.5", "+5 block") in drawn
    assert [t for _, _, t in drawn if t == "+3"] == ["+3", "+3"]
    # The block's four patches outlined in the cats' red; each button a blue line through its
    # patches' centres: the first triangle's, in order around its middle.
    # (41.565 is written 41.56: two decimals of the float just under it.)
    assert svg.count('stroke="#c0392b" stroke-width="2.5"') == 4
    line = ' stroke="#1f5fa8" stroke-width="2.5" stroke-linejoin="round" fill="none"/>'
    assert svg.count(line) == 2
    assert '<polygon points="13.86,16 41.56,16 27.71,40"' + line in svg
    assert '<polygon points="41.56,16 55.42,40 27.71,40"' + line in svg
    texts = [t for _, _, t in drawn]
    assert texts[-6:] == [
        "Buttons &#215; 3: +6",
        "Cats: +5",
        "Total: 11",
        "Buttons &#215; 3: 0",
        "Cats: 0",
        "Total: 0",
    ]


def test_the_patches_are_drawn_on_their_spaces_in_their_colours() -> None:
    svg = render_state(GAME, _two_buttons_and_a_cat(), "ann", False)
    yellow, green = "#e8c547", "#4f9a4a"
    # ann's (1,1) yellow and bob's (1,0) green, each centred on its space of a board.
    assert re.search(r'<g transform="translate\(55.42,40\)"><polygon [^>]*fill="' + yellow, svg)
    assert re.search(r'<g transform="translate\(27.71,40\)"><polygon [^>]*fill="' + green, svg)
    assert svg.count('<g transform="translate(') - svg.count("translate(0,22) scale") >= 9
    assert "ann &#8212; 5 patches" in svg and "bob &#8212; 4 patches" in svg
    assert "Buttons: 2" in svg and "Cats: 1 of 3" in svg and "block-yellow (5)" in svg
    assert "same_triangle &#215; 2" in svg and "same_line &#215; 0" in svg
    assert _points(svg) == []  # no score asked, none written


def test_the_goals_the_cats_and_the_patch_drawn_are_drawn() -> None:
    mid, _ = states("calico_simplified")
    data = GAME.encode_state(mid)
    svg = render_state(GAME, mid, None, False)
    labels = {
        "same_line": "three patches of one colour in a row",
        "different_ring": "four different colours in a ring",
        "same_triangle": "three patches of one colour in a triangle",
        "different_line": "three different colours in a row",
        "different_triangle": "three different colours in a triangle",
    }
    for goal in data["public"]["goals"]:
        assert f"<title>goal: {labels[goal]}</title>" in svg
    for cat in data["public"]["cats"]:
        assert f"<title>cat card: {cat}</title>" in svg
    assert svg.count("<title>goal: ") == 3 and svg.count("<title>cat card: ") == 3
    assert "Patch drawn:" in svg
    _, end = states("calico_simplified")
    assert "Patch drawn:" not in render_state(GAME, end, None, False)  # nothing held at the end


def test_nothing_is_hidden_so_every_viewer_sees_the_same_table() -> None:
    mid, _ = states("calico_simplified")
    ann = render_state(GAME, mid, "ann", True)
    bob = render_state(GAME, mid, "bob", True)
    nobody = render_state(GAME, mid, None, True)
    assert ann.replace("as ann sees it", "as bob sees it") == bob
    assert ann.replace("as ann sees it", "as a spectator sees it") == nobody


def test_a_position_is_drawn_as_the_finished_table_it_replays() -> None:
    _, end = states("calico_simplified")
    for highlight in (False, True):
        from_state = render_state(GAME, end, "ann", highlight)
        from_position = render_position(GAME, position("calico_simplified"), "ann", highlight)
        assert from_state.count("finished") == 2  # the heading and the title
        assert from_state.replace("finished", "a position from a real table") == from_position


def test_a_bad_viewer_or_position_gets_the_usual_problems(client: FlaskClient) -> None:
    url = "/v1/games/calico_simplified/render"
    body = {"position": position("calico_simplified")}
    assert client.post(url, json=body, headers=PLAIN).status_code == 200
    unknown = client.post(f"{url}?viewer=zed", json=body)
    assert unknown.status_code == 422 and unknown.get_json()["code"] == "UNKNOWN_PLAYER"
    broken = copy.deepcopy(body)
    broken["position"]["players"]["ann"]["patches"][3]["cell"] = [0, 0]  # a patch on a patch
    refused = client.post(url, json=broken)
    assert refused.status_code == 422, refused.get_json()
    assert client.post(url, json={**body, "position": {"goals": []}}).status_code == 400
    assert client.post(f"{url}?highlight=all", json=body).status_code == 400
