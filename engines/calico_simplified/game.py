"""Calico's simplified family game (the Persian rulebook's second part) behind the protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.calico.catalogue import COLORS
from engines.calico_simplified import codec, positions, rules, setup
from engines.calico_simplified.catalogue import (
    BUTTON_POINTS,
    CAT_CARDS,
    CAT_SHAPES,
    COLOR_INDEX,
    GOALS,
    GRID,
    MAX_CATS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_CELLS,
    cell_json,
)
from engines.calico_simplified.rules import DRAW, PLACE, Action
from engines.calico_simplified.state import SimplifiedState
from engines.core.choices import Cell, Choice, Orientation, Placement
from engines.core.errors import Reason, Violation
from engines.core.protocol import Event, Game
from engines.core.scoring import ScoreBreakdown

ENGINE_VERSION = "1.0.0"
ONE_CELL: tuple[Cell, ...] = ((0, 0),)

READINGS = (
    "a patch is one of Calico's six colours (the text names colours only)",
    "the board's first three spaces are [0, 0], [0, 1], [0, 2]",
    "goal patterns: the text's two examples and three more of the same kinds, each button 3",
    "cat cards: Calico's shape cats and the text's 2×2 block, each in one of the six colours",
    "one button per goal per placement; a cat's first instance in board order",
    "ties are shared (the text names no tie-breaker)",
)


class CalicoSimplified(Game[SimplifiedState, Action]):
    id = codec.GAME
    title = "Calico, the simplified family game"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = codec.RULES_VERSION
    rules_versions = (codec.RULES_VERSION,)
    engine_version = ENGINE_VERSION

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "rules_versions": list(self.rules_versions),
            "features": {
                "chance": True,
                "setup_chance": True,
                "hidden_information": False,
                "simultaneous": False,
            },
            "options": {
                "randomness": {"default": "seeded", "values": ["seeded", "external"]},
                "record_log": {"default": False},
                "goals": {"description": "[3 goal ids]; required in external mode"},
                "cats": {"description": "[3 cat ids]; required in external mode"},
                "starts": {
                    "description": "{player: [3 colours]}, the patches on each board's first "
                    "three spaces; required in external mode"
                },
            },
            "action_types": [PLACE, DRAW],
            "score_components": ["buttons", "cats"],
            "tie_break": positions.TIE_RULE,
            "catalogue": {
                "colors": list(COLORS),
                "board": {
                    "rows": GRID.rows,
                    "cols": GRID.cols,
                    "layout": "odd-r: pointy-top hexes, odd rows shifted half a hex right",
                    "start_spaces": [cell_json(c) for c in START_CELLS],
                },
                "goals": [g.to_json() for g in GOALS],
                "cat_shapes": [
                    {"id": s.id, "points": s.points, "shape_axial": [list(a) for a in s.shape]}
                    for s in CAT_SHAPES
                ],
                "cats": [c.to_json() for c in CAT_CARDS],
                "button_points": BUTTON_POINTS,
                "max_cats": MAX_CATS,
            },
            "unverified": list(READINGS),
        }

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], seed: str | None
    ) -> SimplifiedState:
        return setup.setup(players, options, seed)

    def to_move(self, state: SimplifiedState) -> list[str]:
        return codec.to_move(state)

    def legal_actions(self, state: SimplifiedState, player: str | None = None) -> list[Action]:
        if player is None:
            return rules.legal_actions(state)
        seat = self.seat(state, player)
        return [] if seat is None else rules.legal_actions(state, seat)

    def choices(self, state: SimplifiedState, player: str | None = None) -> list[Action | Choice]:
        """A placement described (one cell moved to each open space: a Choice the core lists
        while it has at most 16 spaces); the table's draws listed (six colours)."""
        listed = self.legal_actions(state, player)
        if not listed or listed[0].kind == DRAW:
            return list(listed)
        fixed = {
            "type": PLACE,
            "player": state.env.players[state.seat],
            "color": COLORS[listed[0].color],
        }
        free = [divmod(a.cell, GRID.cols) for a in listed]
        return [Choice(fixed, (("cells", Placement((Orientation.of(ONE_CELL, free),))),))]

    def chosen_action(
        self, state: SimplifiedState, choice: Choice, chosen: Mapping[str, Any]
    ) -> Action:
        """A placement of the colour drawn on an open space of the board ``chosen``, made
        without reading its JSON."""
        fixed = choice.fixed
        [[r, c]] = chosen["cells"]
        seat = state.env.players.index(fixed["player"])
        return Action(PLACE, seat, GRID.index((r, c)), COLOR_INDEX[fixed["color"]])

    def check(self, state: SimplifiedState, action: Action) -> list[Reason]:
        return rules.check(state, action)

    def step(self, state: SimplifiedState, action: Action) -> tuple[SimplifiedState, list[Event]]:
        return rules.apply(state, action)

    def action_id(self, state: SimplifiedState, action: Action) -> str:
        return codec.action_id(action)

    def actor(self, state: SimplifiedState, action: Action) -> str:
        return rules.actor_name(state, action)

    def pending_chance(self, state: SimplifiedState) -> dict[str, Any] | None:
        if state.finished or state.drawn is not None:
            return None
        return {
            "kind": "draw_from_bag",
            "count": 1,
            "player": state.env.players[state.seat],
            "support": {"type": "uniform", "items": list(COLORS)},
        }

    def is_finished(self, state: SimplifiedState) -> bool:
        return state.finished

    def score(self, state: SimplifiedState) -> ScoreBreakdown:
        return positions.breakdown(
            list(state.env.players), list(state.boards), final=state.finished
        )

    def score_position(self, position: Mapping[str, Any]) -> ScoreBreakdown:
        return positions.score_position(position)

    def validate_position(self, position: Mapping[str, Any]) -> list[Violation]:
        return positions.validate_position(position)

    def decode_state(self, data: Mapping[str, Any]) -> SimplifiedState:
        return codec.decode_state(data)

    def decode_trusted_state(self, data: Mapping[str, Any]) -> SimplifiedState:
        return codec.decode_trusted_state(data)

    def encode_state(self, state: SimplifiedState) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_action(self, state: SimplifiedState, data: Mapping[str, Any]) -> Action:
        return codec.decode_action(state, data)

    def encode_action(self, state: SimplifiedState, action: Action) -> dict[str, Any]:
        return codec.encode_action(state, action)


CALICO_SIMPLIFIED = CalicoSimplified()
