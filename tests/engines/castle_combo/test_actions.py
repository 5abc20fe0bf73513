"""Castle Combo's actions read back from their JSON."""

from __future__ import annotations

import random

from engines.castle_combo import CASTLE_COMBO as GAME


def test_the_last_action_sent_back_whole_after_the_end_is_refused_as_over() -> None:
    # Its id names no player (read alone, the player to move: nobody, once the game is over);
    # with its fields the action is still whole, and the game's end is why it is refused.
    state, rnd, last = GAME.setup(["ann", "bob"], {}, "over"), random.Random(1), None
    while not GAME.is_finished(state):
        action = rnd.choice(GAME.legal_actions(state))
        last = GAME.encode_action(state, action)
        state, _ = GAME.apply(state, action)
    assert last is not None
    again = GAME.decode_action(state, last)
    assert GAME.encode_action(state, again)["player"] == last["player"]
    assert [r.code for r in GAME.check(state, again)] == ["GAME_OVER"]
