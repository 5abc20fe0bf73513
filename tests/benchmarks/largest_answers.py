"""The largest legal-action answers of each game: the states ``test_worst_cases`` bounds and
``make bench`` times (``benchmarks/bounded.py``, sections ``worst`` and ``bounded``).

Per game, :data:`CASES` builds the largest decisions the contract accepts (by hand, each count
worked out in the game's ``docs/rules`` page) and, per phase, the largest answer met in seeded
random games (``seeded_largest``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from engines import registry
from engines.isle_of_cats.catalogue import CARDS
from engines.isle_of_cats.state import with_player

Json = dict[str, Any]


@dataclass(frozen=True)
class Case:
    name: str
    phase: str
    state: Json
    kind: Literal["contract-largest", "seeded-largest"]


def largest(game_id: str, name: str, phase: str, state: Any) -> Case:
    return Case(name, phase, registry.get(game_id).encode_state(state), "contract-largest")


def seeded_largest(
    game_id: str, sizes: Sequence[int], options: Callable[[Json], Json], games: int = 30
) -> list[Case]:
    """Per phase, the state with the most entries met in ``games`` random games (game ``i`` has
    ``sizes[i % len(sizes)]`` players; odd games are external, set up by ``options(state)``
    from the same seed's seeded setup)."""
    game = registry.get(game_id)
    best: dict[str, tuple[int, Json, str]] = {}
    for i in range(games):
        rnd = random.Random(i)
        players = [f"p{n}" for n in range(sizes[i % len(sizes)])]
        state, mode = game.setup(players, {}, f"worst-{i}"), "seeded"
        if i % 2:
            state, mode = game.setup(players, options(game.encode_state(state)), None), "external"
        ply = 0
        while not game.is_finished(state):
            data, n = game.encode_state(state), len(game.legal_entries(state))
            if n > best.get(data["phase"], (-1,))[0]:
                best[data["phase"]] = (n, data, f"{len(players)}p {mode}, game {i}, ply {ply}")
            state, _ = game.apply_checked(state, rnd.choice(game.legal_actions(state)))
            ply += 1
    return [Case(name, phase, data, "seeded-largest") for phase, (_, data, name) in best.items()]


# --- Castle Combo -------------------------------------------------------------------------------

PURSES = ("queen_mother", "vicar", "miraculously_cured", "master_at_arms", "innkeeper", "potter")
"""Six purse cards, none full: with the Steward bought, 7 purses it may fill up to 2 of, 29 ways,
one entry describing them per free cell (62 entries; 230 actions listed)."""


def castle_combo() -> list[Case]:
    from engines.castle_combo.catalogue import DECKS
    from engines.castle_combo.tableau import OWN_FILL  # purses that fill themselves when bought

    game = registry.get("castle_combo")
    rect = [(r, c) for r in range(2) for c in range(3)]  # 6 cards, 6 free cells (rows -1 and 2)
    castle = ["steward", "gravedigger", "guildmaster"]
    players = [f"p{n}" for n in range(5)]
    used = {*PURSES, *castle}
    spare = iter(c for loc in ("village", "castle") for c in DECKS[loc] if c not in used)
    tableaux = [list(PURSES)] + [[next(spare) for _ in rect] for _ in players[1:]]
    layout = {
        "players": {
            p: {
                "tableau": [
                    {"card": c, "cell": list(x), "gold": OWN_FILL[c]}
                    for c, x in zip(t, rect, strict=True)
                ],
                "gold": 10000,
                "keys": 10000,
            }
            for p, t in zip(players, tableaux, strict=True)
        },
        "displays": {"castle": castle, "village": [next(spare) for _ in range(3)]},
        "messenger": "castle",
        "to_move": "p0",
    }
    buy = game.setup(players, {"table": layout}, "worst")
    draw = game.setup(players, {"randomness": "external"}, None)
    return [
        largest(game.id, "5p, 6 purses; Steward, Gravedigger, Guildmaster", "play", buy),
        largest(game.id, "external setup: the whole Castle deck to reveal", "draw", draw),
        *seeded_largest("castle_combo", (2, 3, 4, 5), lambda _: {"randomness": "external"}),
    ]


# --- Calico -------------------------------------------------------------------------------------


def calico_external(data: Json) -> Json:
    """External options for the table a seeded regular setup shows, goals still to choose."""
    return {
        "randomness": "external",
        "cats": data["public"]["cats"],
        "boards": {p: v["board"] for p, v in data["public"]["players"].items()},
        "goal_offers": {p: v["goal_offer"] for p, v in data["private"].items()},
    }


def calico() -> list[Case]:
    from engines.calico.catalogue import TILE_KEYS

    game = registry.get("calico")
    players = ["p0", "p1", "p2", "p3"]
    goals = game.setup(players, {}, "worst")  # 4 players keep 3 of 4 goals: 4 choices of 24
    state = game.setup(players, calico_external(game.encode_state(goals)), None)
    for p in players:
        state, _ = game.apply_checked(state, game.legal_actions(state, p)[0])
    for i in range(len(players)):  # hands of 8 different kinds: each kind keeps 2 copies or more
        drawn = f"chance:{TILE_KEYS[2 * i]},{TILE_KEYS[2 * i + 1]}"
        state, _ = game.apply_checked(state, game.decode_action(state, {"id": drawn}))
    placing = state
    for drawn in (f"{TILE_KEYS[8]},{TILE_KEYS[9]}", TILE_KEYS[10]):  # a market of 3 kinds
        placing, _ = game.apply_checked(
            placing, game.decode_action(placing, {"id": f"chance:{drawn}"})
        )
    taking, _ = game.apply_checked(placing, game.legal_actions(placing)[0])
    return [
        largest(game.id, "4 players choose 3 of 4 goals: 4 choices of 24", "choose_goals", goals),
        largest(game.id, "the opening market: 2 ordered tiles, 36 × 36", "draw", state),
        largest(game.id, "2 hand tiles × 22 patch spaces: a choice", "place_tile", placing),
        largest(game.id, "3 different market tiles", "take_tile", taking),
        *seeded_largest("calico", (1, 2, 3, 4), calico_external),
    ]


# --- The Isle of Cats ---------------------------------------------------------------------------


ISLE = "isle_of_cats"


def isle_until(phase: str) -> Any:
    """A seeded 4-player game, played by the last legal action (the largest purchase), in
    ``phase`` with p0 to decide or to move."""
    game = registry.get(ISLE)
    state = game.setup(["p0", "p1", "p2", "p3"], {}, "worst")
    while state.phase != phase or state.tasks or "p0" not in game.to_move(state):
        state, _ = game.apply_checked(state, game.legal_actions(state)[-1])
    return state


def from_deck(state: Any, kind: str, n: int, where: str = "hand") -> Any:
    """``state`` with ``n`` cards of ``kind`` moved from the deck to p0's ``where``."""
    cards = tuple(c for c in state.deck if CARDS[c].type == kind)[:n]
    state = replace(state, deck=tuple(c for c in state.deck if c not in cards))
    return with_player(state, 0, **{where: getattr(state.players[0], where) + cards})


def with_rescue_cards(n: int) -> Any:
    """p0 choosing rescue cards with ``n`` of them in hand (a seeded 4-player game)."""
    state = isle_until("rescue_cards")
    hand = state.players[0].hand
    deck = (*state.deck, *(c for c in hand if CARDS[c].type == "rescue"))
    state = replace(state, deck=deck)
    state = with_player(state, 0, hand=tuple(c for c in hand if CARDS[c].type != "rescue"))
    return from_deck(state, "rescue", n)


def isle_kept() -> Any:
    """p0 buying, 4 more public lessons, private lessons and anytime cards kept (19 in all)."""
    state = isle_until("buy")
    for kind in ("public_lesson", "private_lesson", "anytime"):
        state = from_deck(state, kind, 4, "kept")
    return state


def isle_full_fields() -> Any:
    """p0 rescuing, with 1,000 fish and card 77 in hand."""
    state = isle_until("rescue")
    state = replace(state, deck=tuple(c for c in state.deck if c != 77))
    return with_player(state, 0, fish=1000, hand=(*state.players[0].hand, 77))


def isle_of_cats() -> list[Case]:
    buying = with_player(isle_kept(), 0, fish=6)
    every_rescue = from_deck(isle_until("rescue_cards"), "rescue", 99)
    return [
        largest(ISLE, "every rescue card of the deck in one hand", "rescue_cards", every_rescue),
        largest(ISLE, "19 cards kept while buying, 6 fish", "buy", buying),
        largest(ISLE, "full fields, 1,000 fish, card 77 in hand", "rescue", isle_full_fields()),
        *seeded_largest(ISLE, (2, 3, 4), lambda _: {}, games=6),
    ]


# --- Patchwork -----------------------------------------------------------------------------------


def _patchwork_external(data: Json) -> Json:
    """External options for the circle a seeded setup dealt."""
    return {"randomness": "external", "patch_order": data["public"]["circle"]}


def patchwork() -> list[Case]:
    """The empty quilt of the first move: every patch of the market fits everywhere."""
    game = registry.get("patchwork")
    first = game.setup(["p0", "p1"], {}, "worst")
    return [
        largest(game.id, "the first move: 3 patches on an empty quilt", "play", first),
        *seeded_largest("patchwork", (2,), _patchwork_external),
    ]


CASES: dict[str, Callable[[], list[Case]]] = {
    "castle_combo": castle_combo,
    "calico": calico,
    "isle_of_cats": isle_of_cats,
    "patchwork": patchwork,
}
"""Per game id, its worst cases (a game adds one line)."""
