"""The family game's score lines pinned where the mutation run found them loose: a family card's
line carries the card's text as its label, and a position's score is a final one.

Card texts from cards.json (``family_cards``). Ann's base boat (helpers.py): a blue family of 3
(8), one rare and one common treasure, 17 visible rats, 7 unfilled rooms.
"""

from __future__ import annotations

from .helpers import BASE_PIECES, GAME


def test_a_family_card_line_is_labelled_with_the_card_text() -> None:
    # 164: "2 points per treasure": 1 rare + 1 common = 4. 168: "Score your third largest
    # family twice": one family only, 0. Total 8 - 17 - 35 + 4 + 0 = -40.
    pos = {
        "mode": "family",
        "players": [
            {
                "player": "ann",
                "boat": "blue",
                "pieces": BASE_PIECES,
                "private_lessons": [{"card": 164}, {"card": 168}],
            },
            {"player": "bob", "boat": "red", "pieces": []},
        ],
        "turn_order": ["ann", "bob"],
    }
    scored = GAME.score_position(pos).to_json()
    assert scored["final"] is True  # a position is scored as a finished game
    ann = scored["players"][0]
    assert ann["components"][-2:] == [
        {
            "id": "lesson:164",
            "label": "2 points per treasure",
            "points": 4,
            "detail": {"type": "family_lesson"},
        },
        {
            "id": "lesson:168",
            "label": "Score your third largest family twice",
            "points": 0,
            "detail": {"type": "family_lesson"},
        },
    ]
    assert ann["total"] == -40
