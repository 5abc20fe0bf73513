"""``POST /v1/games/{game}/render``: every game's state and position drawn, deterministic,
accessible, bounded in size, hiding what the viewer may not see, and marking the score."""

from __future__ import annotations

import copy
import re
from importlib import import_module
from typing import Any

import pytest
from flask.testing import FlaskClient

from engines import registry
from engines.castle_combo.render import FACE, NAMES, name_lines
from engines.core.svg import esc
from service import create_app
from service.config import Settings
from tests.render.scenes import CROWDS, GAMES, crowd, position, states

MAX_BYTES = 300_000
PLAIN = {"Accept-Encoding": "identity"}


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(Settings()).test_client()


def _bodies(game_id: str) -> dict[str, dict[str, Any]]:
    game = registry.get(game_id)
    mid, end = states(game_id)
    return {
        "mid": {"state": game.encode_state(mid)},
        "finished": {"state": game.encode_state(end)},
        "position": {"position": position(game_id)},
    }


SCENES = [(g, s, v, h) for g in GAMES for s in ("mid", "finished", "position")
          for v in (None, "ann") for h in (False, True)]  # fmt: skip


@pytest.mark.parametrize(("game_id", "scene", "viewer", "highlight"), SCENES)
def test_every_scene_renders_the_same_bytes_twice(
    client: FlaskClient, game_id: str, scene: str, viewer: str | None, highlight: bool
) -> None:
    query = "&".join(
        q
        for q in (f"viewer={viewer}" if viewer else "", "highlight=score" if highlight else "")
        if q
    )
    url = f"/v1/games/{game_id}/render" + (f"?{query}" if query else "")
    body = _bodies(game_id)[scene]
    first = client.post(url, json=body, headers=PLAIN)
    second = client.post(url, json=body, headers=PLAIN)
    assert first.status_code == 200, first.get_data(as_text=True)[:300]
    assert first.headers["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert first.data == second.data
    text = first.get_data(as_text=True)
    assert len(first.data) <= MAX_BYTES
    assert re.search(r"<title[^>]*>[^<]+</title><desc[^>]*>[^<]+</desc>", text)
    assert "<image" not in text and "href" not in text and "@import" not in text
    assert "<text" in text
    if viewer:
        assert f"as {viewer} sees it" in text
    if highlight:
        _assert_points_drawn(game_id, body, viewer, text)


def _score(game_id: str, body: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    game = registry.get(game_id)
    if "position" in body:
        return game.score_position(body["position"]).to_json()
    return game.score_seen_by(game.decode_state(body["state"]), viewer).to_json()


def _assert_points_drawn(game_id: str, body: dict[str, Any], viewer: str | None, text: str) -> None:
    """Each component's points are written as text, and each player's total."""
    drawn = re.findall(r'<text class="points"[^>]*>([^<]*)</text>', text)
    joined = "\n".join(drawn)
    for player in _score(game_id, body, viewer)["players"]:
        assert f"Total: {player['total']}" in joined
        for comp in player["components"]:
            points = comp["points"]
            shown = f"+{points}" if points > 0 else str(points)
            assert shown in joined, (comp["id"], shown)


def test_a_viewer_sees_no_other_players_secrets() -> None:
    for game_id in GAMES:
        game = registry.get(game_id)
        painter = import_module(f"engines.{game_id}.render")
        for state in states(game_id):
            data = game.encode_state(state)
            text = painter.render_state(game, state, "ann", True)
            bob = data.get("private", {}).get("bob", {})
            if game_id == "calico":
                backs = len(bob.get("hand", [])) + len(bob.get("goal_offer", []) or [])
                assert text.count("a hidden tile") + text.count("a hidden goal tile") == backs
                assert text.count("Hand:") <= 2
            if game_id == "isle_of_cats":
                assert text.count("Hand:") == (
                    1 if data["private"]["ann"].get("hand") is not None else 0
                )
                for lesson in bob.get("private_lessons", []):
                    assert f"Lessons: {lesson}" not in text
            if game_id == "castle_combo":
                for card in data["public"]["players"]["bob"]["tableau"]:
                    if card["face_down"]:
                        assert f">{NAMES[card['card']]}<" not in text
                        assert f">{NAMES[card['card']][:15]}<" not in text


def test_a_spectator_sees_every_hand_as_backs() -> None:
    game = registry.get("isle_of_cats")
    mid, _ = states("isle_of_cats")
    text = import_module("engines.isle_of_cats.render").render_state(game, mid, None, False)
    assert "Hand:" not in text
    counts = game.view(mid, None)["public"]["players"]
    assert text.count("a hidden card") == sum(p["hand_count"] for p in counts.values())


def test_a_bad_body_gets_the_usual_problems(client: FlaskClient) -> None:
    body = _bodies("patchwork")["mid"]
    assert client.post("/v1/games/patchwork/render", json={"x": 1}).status_code == 400
    bad = client.post("/v1/games/patchwork/render?highlight=all", json=body)
    assert bad.status_code == 400 and bad.content_type == "application/problem+json"
    unknown = client.post("/v1/games/patchwork/render?viewer=zed", json=body)
    assert unknown.status_code == 422 and unknown.get_json()["code"] == "UNKNOWN_PLAYER"
    broken = {
        "position": {
            "players": [{"player": "a", "buttons": 1, "quilt": [{"patch": 0, "cells": [[0, 0]]}]}]
        }
    }
    assert client.post("/v1/games/patchwork/render", json=broken).status_code == 422
    assert client.post("/v1/games/nope/render", json=body).status_code == 404


@pytest.mark.parametrize("name", sorted(CROWDS))
@pytest.mark.parametrize("viewer", [None, "ann"])
def test_solo_and_crowded_tables_render_the_same_bytes_twice(
    client: FlaskClient, name: str, viewer: str | None
) -> None:
    game_id = CROWDS[name][0]
    game = registry.get(game_id)
    query = f"?highlight=score&viewer={viewer}" if viewer else "?highlight=score"
    for state in crowd(name):
        body = {"state": game.encode_state(state)}
        first = client.post(f"/v1/games/{game_id}/render{query}", json=body, headers=PLAIN)
        second = client.post(f"/v1/games/{game_id}/render{query}", json=body, headers=PLAIN)
        assert first.status_code == 200, first.get_data(as_text=True)[:300]
        assert first.data == second.data
        assert len(first.data) <= MAX_BYTES
        text = first.get_data(as_text=True)
        for player in game.encode_state(state)["players"]:
            assert f"{player}'s" in text
        _assert_points_drawn(game_id, body, viewer, text)
        _assert_inside(text)


def _assert_inside(text: str) -> None:
    """Every text of the picture's own coordinates (not in a placed group) starts inside the
    picture, and a left-aligned one ends inside it (about 0.55 of its size a character)."""
    width = float(text.split(' width="', 2)[1].split('"')[0])
    outside = re.sub(r'<g transform="[^"]*">.*?</g>', "", text)
    for attrs, content in re.findall(r"<text([^>]*)>([^<]*)</text>", outside):
        x = float(re.findall(r' x="([-\d.]+)"', attrs)[0])
        size = float(re.findall(r' font-size="([\d.]+)"', attrs)[0])
        assert 0 <= x < width, content
        if "text-anchor" not in attrs:
            chars = len(re.sub(r"&#?\w+;", "-", content))
            assert x + 0.55 * size * chars <= width + 1, content


def _swapped(data: dict[str, Any], game_id: str) -> dict[str, Any]:
    """The same encoded state, but bob's first hidden card (Isle of Cats) or tile (Calico)
    swapped with one still hidden in the deck or the bag."""
    data = copy.deepcopy(data)
    bob, hidden = data["private"]["bob"], data["hidden"]
    if game_id == "isle_of_cats":
        mine, pile = bob["hand"], hidden["deck"]
        mine[0], pile[0] = pile[0], mine[0]
    else:
        tile = bob["hand"][0]
        key = f"{tile['color']}-{tile['pattern']}"
        j = next(i for i, t in enumerate(hidden["bag"]) if t != key)
        color, pattern = hidden["bag"][j].split("-")
        hidden["bag"][j] = key
        bob["hand"][0] = {"color": color, "pattern": pattern}
    return data


@pytest.mark.parametrize("game_id", ["isle_of_cats", "calico"])
def test_another_players_hidden_cards_change_nothing_in_a_viewers_picture(
    client: FlaskClient, game_id: str
) -> None:
    game = registry.get(game_id)
    mid, _ = states(game_id)
    data = game.encode_state(mid)
    other = _swapped(data, game_id)
    assert other["private"]["bob"] != data["private"]["bob"]
    game.decode_state(other)  # still a state the game reaches
    for query in ("?viewer=ann", "?viewer=ann&highlight=score"):
        url = f"/v1/games/{game_id}/render{query}"
        one = client.post(url, json={"state": data}, headers=PLAIN)
        two = client.post(url, json={"state": other}, headers=PLAIN)
        assert one.status_code == two.status_code == 200
        assert one.data == two.data
    # bob sees his own hand: the two pictures differ for him.
    url = f"/v1/games/{game_id}/render?viewer=bob"
    assert (
        client.post(url, json={"state": data}, headers=PLAIN).data
        != client.post(url, json={"state": other}, headers=PLAIN).data
    )


def test_long_card_names_are_wrapped_never_cut() -> None:
    for cid, name in NAMES.items():
        lines = name_lines(name)
        joined = lines[0]
        for line in lines[1:]:
            joined += line if joined.endswith("-") else " " + line
        assert joined == name
        assert all(len(line) <= 13 for line in lines) or len(lines) == 1, name
        assert all(f">{esc(line)}<" in FACE[cid] for line in lines)
    assert name_lines("Her Majesty the Queen") == ["Her Majesty", "the Queen"]
