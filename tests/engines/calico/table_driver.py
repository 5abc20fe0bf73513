"""Drive Calico games through the public API only, feeding the market with chance draws.

Every tile a test wants to place is brought in by an external-mode ``chance`` draw and taken from
the newest market slot, so any sequence of placements can be played exactly as at a table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engines.calico import CALICO

Cats = Sequence[tuple[str, Sequence[str]]]

COLORS = ("dark_blue", "green", "light_blue", "pink", "purple", "yellow")
PATTERNS = ("dots", "ferns", "flowers", "quatrefoil", "stripes", "vines")

Place = tuple[tuple[int, int], str, str]
"""((row, col), colour, pattern)."""

DEFAULT_CATS = (
    ("rumi", ("dots", "ferns")),
    ("coconut", ("flowers", "vines")),
    ("leo", ("quatrefoil", "stripes")),
)
"""One cat per dot group (regular setup); every pattern attracts one."""

GOALS = {"2,3": "all_different", "3,4": "AA-BB-CC", "4,2": "AAA-BBB"}
BOARDS = ("blue", "green", "purple", "yellow")


def t(color: str, pattern: str) -> dict[str, str]:
    return {"color": color, "pattern": pattern}


def key(color: str, pattern: str) -> str:
    return f"{color}-{pattern}"


class Table:
    """A game in external mode whose draws are chosen so the wanted tiles reach the hands."""

    def __init__(
        self,
        sequences: dict[str, Sequence[Place]],
        *,
        cats: Sequence[tuple[str, Sequence[str]]] | None = None,
        setup: str = "regular",
        boards: dict[str, str] | None = None,
        goals: dict[str, dict[str, str]] | None = None,
    ) -> None:
        self.players = list(sequences)
        self.seqs = {p: list(s) for p, s in sequences.items()}
        self.used: Counter[str] = Counter()
        for seq in self.seqs.values():
            for _, c, p in seq:
                self.used[key(c, p)] += 1
        assert all(n <= 3 for n in self.used.values()), "the box has 3 of each tile"
        self.spare = Counter(
            {key(c, p): 3 - self.used[key(c, p)] for c in COLORS for p in PATTERNS}
        )
        self.fillers_out: list[str] = []
        hands = {}
        for p in self.players:
            first = self.seqs[p][0]
            hands[p] = [t(first[1], first[2]), self._filler()]
        market = [self._filler(), self._filler()]
        nxt = self.seqs[self.players[0]][1] if len(self.seqs[self.players[0]]) > 1 else None
        market.append(t(nxt[1], nxt[2]) if nxt else self._filler())
        options: dict[str, Any] = {
            "randomness": "external",
            "setup": setup,
            "boards": boards or {p: BOARDS[i] for i, p in enumerate(self.players)},
            "hands": hands,
            "market": market,
        }
        options["cats"] = [{"cat": c, "patterns": list(ps)} for c, ps in (cats or DEFAULT_CATS)]
        if setup != "beginner":
            options["goals"] = goals or {p: dict(GOALS) for p in self.players}
        self.state = CALICO.setup(self.players, options, None)
        self.events: list[dict[str, Any]] = []
        self.turn = {p: 0 for p in self.players}

    def _filler(self) -> dict[str, str]:
        k, n = self.spare.most_common(1)[0]
        assert n > 0
        self.spare[k] -= 1
        c, p = k.split("-")
        return t(c, p)

    def act(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        self.state, events = CALICO.apply_checked(
            self.state, CALICO.decode_action(self.state, data)
        )
        self.events.extend(events)
        return events

    def public(self) -> dict[str, Any]:
        public: dict[str, Any] = CALICO.encode_state(self.state)["public"]
        return public

    def step(self) -> list[dict[str, Any]]:
        """The next player's turn: place their next tile, take the next one, report the draw."""
        (player,) = CALICO.to_move(self.state)
        i = self.turn[player]
        (r, c), color, pattern = self.seqs[player][i]
        events = self.act({"id": f"place:{key(color, pattern)}:{r},{c}"})
        self.turn[player] = i + 1
        if CALICO.is_finished(self.state) or self.state.phase.value != "take_tile":
            return events
        market = self.public()["market"]
        m = market[2]
        slot = market.index(m)  # an identical older tile is the same take
        events += self.act({"id": f"take:{slot}:{key(m['color'], m['pattern'])}"})
        need = 3 - len(self.public()["market"])
        if need:
            # the tile the next placer will need after their coming placement
            order = self.players
            nxt = order[(order.index(player) + 1) % len(order)]
            j = self.turn[nxt] + 1
            seq = self.seqs[nxt]
            drawn = [self._filler() for _ in range(need - 1)]
            drawn.append(t(seq[j][1], seq[j][2]) if j < len(seq) else self._filler())
            self.act({"id": "chance:" + ",".join(key(d["color"], d["pattern"]) for d in drawn)})
        return events

    def run(self) -> Table:
        while not CALICO.is_finished(self.state) and any(
            self.turn[p] < len(self.seqs[p]) for p in self.players
        ):
            self.step()
        return self

    def tokens(self, player: str | None = None) -> list[dict[str, Any]]:
        tokens: list[dict[str, Any]] = self.public()["players"][player or self.players[0]]["tokens"]
        return tokens


def earned(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["token"] for e in events if e["type"] == "token_earned"]
