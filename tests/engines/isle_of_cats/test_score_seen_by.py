"""Private lessons and kept family cards lie face down until the game ends: a player's score of
an unfinished game counts only their own; a spectator's counts none; the final score counts all."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engines.isle_of_cats.state import FINISHED, IsleState

from .helpers import GAME


def with_lessons(mode: str) -> IsleState:
    """A seeded random game played until both players hold a private lesson (family: the
    family cards they kept), well before its end."""
    rnd = random.Random(f"seen-by-{mode}")
    state = GAME.setup(["ann", "bob"], {"mode": mode}, f"seen-by-{mode}")
    while not all(p.private_lessons for p in state.players):
        assert state.phase != FINISHED, "the game ended before both held a lesson"
        state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state)))
    return state


def lines(score: dict[str, Any], player: str) -> list[dict[str, Any]]:
    return list(next(p for p in score["players"] if p["player"] == player)["components"])


def private(line: dict[str, Any]) -> bool:
    return bool(line.get("detail", {}).get("type") in ("private_lesson", "family_lesson"))


def lesson_lines(score: dict[str, Any], player: str) -> list[str]:
    return [c["id"] for c in lines(score, player) if private(c)]


@pytest.mark.parametrize("mode", ["standard", "family"])
def test_an_unfinished_score_shows_only_the_viewers_own_lessons(mode: str) -> None:
    state = with_lessons(mode)
    ann, bob = (list(p.private_lessons) for p in state.players)
    whole = GAME.score(state).to_json()
    assert lesson_lines(whole, "bob") == [f"lesson:{c}" for c in bob]
    seen = GAME.score_seen_by(state, "ann").to_json()
    assert lesson_lines(seen, "ann") == [f"lesson:{c}" for c in ann]
    assert lesson_lines(seen, "bob") == []
    assert lesson_lines(GAME.score_seen_by(state, "bob").to_json(), "ann") == []
    spectator = GAME.score_seen_by(state, None).to_json()
    assert lesson_lines(spectator, "ann") == lesson_lines(spectator, "bob") == []
    # Every other line is the same for everyone: boats, rats, rooms and the public lessons.
    for name in ("ann", "bob"):
        assert [c for c in lines(seen, name) if not private(c)] == [
            c for c in lines(whole, name) if not private(c)
        ]


def test_the_final_score_shows_every_lesson_to_everyone() -> None:
    rnd = random.Random("seen-by-final")
    state = GAME.setup(["ann", "bob"], {}, "seen-by-final")
    while state.phase != FINISHED:
        state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state)))
    assert any(p.private_lessons for p in state.players)
    whole = GAME.score(state).to_json()
    assert GAME.score_seen_by(state, "ann").to_json() == whole
    assert GAME.score_seen_by(state, None).to_json() == whole


def test_a_hidden_lesson_still_counts_where_a_public_lesson_counts_lessons() -> None:
    # Public lesson 147 scores 2 per private lesson: how many a player holds is public (their
    # lesson pile), so the view scores it as the table does while the lessons stay face down.
    state = replace(with_lessons("standard"), public_lessons=((147, None),))
    whole, seen = GAME.score(state).to_json(), GAME.score_seen_by(state, "ann").to_json()
    held = len(state.players[1].private_lessons)

    def public_147(score: dict[str, Any]) -> int:
        return int(next(c["points"] for c in lines(score, "bob") if c["id"] == "lesson:147"))

    assert public_147(whole) == public_147(seen) == 2 * held > 0
    assert lesson_lines(seen, "bob") == []
