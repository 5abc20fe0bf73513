"""A view step encodes its state once: for the token and for the view."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from engines.calico import CALICO
from engines.castle_combo import CASTLE_COMBO
from engines.patchwork import PATCHWORK
from engines.registry import AnyGame
from service import steps
from service.tokens import Keyring

KEYRING = Keyring.from_spec(
    "k1:" + base64.b64encode(bytes(range(32))).decode(),
    3600,
    ["patchwork", "calico", "castle_combo"],
)


@pytest.mark.parametrize("game", [PATCHWORK, CALICO, CASTLE_COMBO], ids=lambda g: g.id)
def test_a_view_step_encodes_the_state_once(game: AnyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    state = game.setup(["ann", "bob"], {}, "view-step")
    encoded: list[Any] = []
    encode = game.encode_state

    def counted(s: Any) -> dict[str, Any]:
        encoded.append(s)
        return encode(s)

    monkeypatch.setattr(game, "encode_state", counted)
    assert KEYRING is not None
    out = steps.step(game, state, [], {"view"}, keyring=KEYRING, viewer="ann")
    assert encoded == [state]
    monkeypatch.undo()
    assert out["view"] == game.view(state, "ann")
    assert out["view"]["viewer"] == "ann"
    assert "rng" not in out["view"] and "hidden" not in out["view"]
    sealed = KEYRING.open(game.id, out["state_token"])["state"]
    assert sealed == game.encode_state(state)
