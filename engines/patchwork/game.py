"""Patchwork (Uwe Rosenberg, Lookout Games 2014) behind the common engine protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.choices import Choice
from engines.core.envelope import Envelope
from engines.core.errors import Reason, Violation
from engines.core.protocol import CHANCE_SEAT, Event, Game
from engines.core.scoring import ScoreBreakdown
from engines.patchwork import actions, choices, codec, positions, rules, scoring, setup
from engines.patchwork.catalogue import (
    BONUS_POINTS,
    EMPTY_SQUARE_PENALTY,
    FINAL_SPACE,
    INCOME_MARKS,
    LEATHER_ALTERNATIVE,
    LEATHER_DEFAULT,
    PATCHES,
    PLAYERS,
    QUILT,
    SOURCES,
    START_BUTTONS,
    VERIFICATION,
)
from engines.patchwork.rules import Action
from engines.patchwork.state import PatchworkState

ENGINE_VERSION = "1.0.0"


class Patchwork(Game[PatchworkState, Action]):
    id = codec.GAME
    title = "Patchwork"
    min_players = PLAYERS
    max_players = PLAYERS
    rules_version = codec.RULES_VERSION
    rules_versions = (codec.RULES_VERSION,)
    engine_version = ENGINE_VERSION

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "rules_versions": list(self.rules_versions),
            "features": {"chance": False, "setup_chance": True, "hidden_information": False},
            "options": {
                "randomness": {"default": "seeded", "values": ["seeded", "external"]},
                "first_player": {"default": "the first listed player"},
                "leather_positions": {
                    "default": list(LEATHER_DEFAULT),
                    "alternative": list(LEATHER_ALTERNATIVE),
                    "status": "disputed between printings; see docs/rules/patchwork.md",
                },
                "patch_order": {
                    "default": "shuffled by the seeded generator",
                    "description": "33 patch ids clockwise from the neutral token, ending with 0",
                },
                "record_log": {"default": False},
            },
            "score_components": ["buttons", "empty_squares", "bonus_tile"],
            "catalogue": {
                "patches": [p.to_json() for p in PATCHES],
                "quilt": {"rows": QUILT.rows, "cols": QUILT.cols},
                "time_board": {
                    "final_space": FINAL_SPACE,
                    "income_marks": list(INCOME_MARKS),
                    "leather_positions": list(LEATHER_DEFAULT),
                },
                "start_buttons": START_BUTTONS,
                "bonus_tile_points": BONUS_POINTS,
                "empty_square_penalty": EMPTY_SQUARE_PENALTY,
                "sources": SOURCES,
                "verification": VERIFICATION,
            },
        }

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], seed: str | None
    ) -> PatchworkState:
        return setup.setup(players, options, seed)

    def to_move(self, state: PatchworkState) -> list[str]:
        return codec.to_move(state)

    def legal_actions(self, state: PatchworkState, player: str | None = None) -> list[Action]:
        """Every concrete action, by the engine's own enumeration: the same set as every action
        of :meth:`choices`, in a fixed order (masks ascending), some fifty times faster than
        expanding the choices (``Game.legal_actions``)."""
        if player is None:
            return rules.legal_actions(state)
        seat = self.seat(state, player)
        return [] if seat is None or seat == CHANCE_SEAT else rules.legal_actions(state, seat)

    def choices(self, state: PatchworkState, player: str | None = None) -> list[Action | Choice]:
        """``advance``; buying each affordable patch of the market, its cells a placement; or
        placing a pending leather patch on one free cell (:mod:`engines.patchwork.choices`)."""
        if player is None:
            return choices.choices(state)
        seat = self.seat(state, player)  # chance has nothing to do in Patchwork
        return [] if seat is None or seat == CHANCE_SEAT else choices.choices(state, seat)

    def chosen_action(
        self, state: PatchworkState, choice: Choice, chosen: Mapping[str, Any]
    ) -> Action:
        return choices.chosen_action(state, choice, chosen)

    def check(self, state: PatchworkState, action: Action) -> list[Reason]:
        return rules.check(state, action)

    def step(self, state: PatchworkState, action: Action) -> tuple[PatchworkState, list[Event]]:
        return rules.apply(state, action)

    def with_env(self, state: PatchworkState, env: Envelope) -> PatchworkState:
        return state.with_env(env)

    def action_id(self, state: PatchworkState, action: Action) -> str:
        return actions.action_id(action)

    def actor(self, state: PatchworkState, action: Action) -> str:
        return state.env.players[action[1]]

    def pending_chance(self, state: PatchworkState) -> dict[str, Any] | None:
        return None  # the only chance in Patchwork is the circle, dealt at setup

    def is_finished(self, state: PatchworkState) -> bool:
        return rules.is_finished(state)

    def score(self, state: PatchworkState) -> ScoreBreakdown:
        return scoring.score_state(state)

    def score_position(self, position: Mapping[str, Any]) -> ScoreBreakdown:
        return positions.score_position(position)

    def validate_position(self, position: Mapping[str, Any]) -> list[Violation]:
        return positions.validate_position(position)

    def decode_state(self, data: Mapping[str, Any]) -> PatchworkState:
        return codec.decode_state(data)

    def decode_trusted_state(self, data: Mapping[str, Any]) -> PatchworkState:
        return codec.decode_trusted_state(data)

    def encode_state(self, state: PatchworkState) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_action(self, state: PatchworkState, data: Mapping[str, Any]) -> Action:
        return actions.decode_action(state, data)

    def encode_action(self, state: PatchworkState, action: Action) -> dict[str, Any]:
        return actions.encode_action(state, action)


PATCHWORK = Patchwork()
