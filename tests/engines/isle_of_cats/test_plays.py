"""How a held card may be played now (engines.isle_of_cats.plays), on states read from JSON."""

from __future__ import annotations

from typing import Any

from engines.isle_of_cats import actions as A
from engines.isle_of_cats.actions import Action
from engines.isle_of_cats.state import IsleState

from .helpers import GAME, rescuing


def ann_holding(cards: list[int], empty_fields: bool = False) -> IsleState:
    """ann's turn in the rescue phase of day 1 (11 fish, an empty boat, no private lessons),
    holding ``cards`` drawn from the deck; with ``empty_fields`` the 8 cats of the fields are
    back in the bag."""
    data = GAME.encode_state(rescuing())
    public = data["public"]
    data["private"]["ann"]["hand"] = list(cards)
    public["players"]["ann"]["hand_count"] = len(cards)
    public["counts"]["deck"] -= len(cards)
    if empty_fields:
        public["counts"]["bag"] += len(public["fields"]["left"]) + len(public["fields"]["right"])
        public["fields"] = {"left": [], "right": []}
    return GAME.decode_state(data)


def entries(state: IsleState, player: str = "ann") -> list[dict[str, Any]]:
    return GAME.legal_entries(state, player)


def refusal(state: IsleState, action_id: str) -> list[str]:
    return [r.code for r in GAME.check(state, GAME.decode_action(state, {"id": action_id}))]


def test_a_card_played_with_a_list_is_not_playable_with_too_few_things_to_list() -> None:
    # 77 moves 1 to 3 cats between the fields, 86 discards 2 private lessons, 88 discards 2
    # treasures of the boat: with both fields empty, no private lesson and an empty boat none of
    # them is offered (passing is all ann may do), and playing one is refused.
    state = ann_holding([77, 86, 88], empty_fields=True)
    assert GAME.choices(state, "ann") == [Action(A.PASS, 0)]
    assert entries(state) == [{"id": "pass", "type": "pass", "player": "ann"}]
    for action_id in ("play:77:blue-415", "play:86:114,115", "play:88:0,1"):
        assert refusal(state, action_id) == ["CANNOT_PLAY"]
    # With the cats in the fields, 77 is offered: any 1 to 3 of the 8.
    [move] = [e for e in entries(ann_holding([77, 86, 88])) if e["type"] == "play"]
    assert move["cards"] == [77] and move["choose"]["items"]["min"] == 1
    assert move["choose"]["items"]["max"] == 3 and len(move["choose"]["items"]["values"]) == 8
