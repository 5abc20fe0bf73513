"""Castle Combo (Grégory Grard & Mathieu Roussel; Catch Up Games, 2024) behind the common engine
protocol."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engines.castle_combo import actions, choices, codec, positions, rules, setup
from engines.castle_combo.catalogue import (
    CARDS,
    CARDS_DATA,
    DISPLAY_SIZE,
    FACE_DOWN_GOLD,
    FACE_DOWN_KEYS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_DATA,
    SHIELDS,
    START_GOLD,
    START_KEYS,
)
from engines.castle_combo.rules import Action
from engines.castle_combo.scoring import COMPONENT_IDS, TIE_RULE, Holdings, breakdown
from engines.castle_combo.state import CastleComboState, Phase
from engines.core.choices import Choice
from engines.core.envelope import CHANCE, Envelope
from engines.core.errors import Reason, Violation
from engines.core.protocol import Event, Game
from engines.core.scoring import ScoreBreakdown

ENGINE_VERSION = "1.0.0"


class CastleCombo(Game[CastleComboState, Action]):
    id = codec.GAME
    title = "Castle Combo"
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
                "hidden_information": True,
                "simultaneous": False,
            },
            "options": _options(),
            "action_types": [rules.BUY, rules.MOVE, rules.REFRESH, rules.DRAW],
            "score_components": list(COMPONENT_IDS),
            "tie_break": TIE_RULE,
            "catalogue": _catalogue(),
            "unverified": [],
        }

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], seed: str | None
    ) -> CastleComboState:
        return setup.setup(players, options, seed)

    def to_move(self, state: CastleComboState) -> list[str]:
        return codec.to_move(state)

    def legal_actions(self, state: CastleComboState, player: str | None = None) -> list[Action]:
        if player is None:
            return rules.legal_actions(state)
        if player == CHANCE:
            return rules.legal_actions(state, rules.CHANCE_SEAT)
        if player not in state.env.players:
            return []
        return rules.legal_actions(state, rules.player_index(state, player))

    def choices(self, state: CastleComboState, player: str | None = None) -> list[Action | Choice]:
        if player is None:
            return choices.choices(state)
        if player == CHANCE:
            return choices.choices(state, rules.CHANCE_SEAT)
        if player not in state.env.players:
            return []
        return choices.choices(state, rules.player_index(state, player))

    def check(self, state: CastleComboState, action: Action) -> list[Reason]:
        return rules.check(state, action)

    def step(self, state: CastleComboState, action: Action) -> tuple[CastleComboState, list[Event]]:
        return rules.apply(state, action)

    def with_env(self, state: CastleComboState, env: Envelope) -> CastleComboState:
        return state.with_env(env)

    def action_id(self, state: CastleComboState, action: Action) -> str:
        return actions.action_id(state, action)

    def actor(self, state: CastleComboState, action: Action) -> str:
        return actions.actor(state, action)

    def pending_chance(self, state: CastleComboState) -> dict[str, Any] | None:
        loc = state.draw_location()
        if loc is None:
            return None
        return {
            "kind": "reveal_top_card",
            "deck": loc,
            "count": 1,
            "to": "display",
            "support": {"type": "set", "items": sorted(state.deck(loc))},
        }

    def is_finished(self, state: CastleComboState) -> bool:
        return state.phase is Phase.FINISHED

    def score(self, state: CastleComboState) -> ScoreBreakdown:
        holdings = [Holdings(g, k) for g, k in zip(state.gold, state.keys, strict=True)]
        return breakdown(
            state.env.players, state.tableaux, holdings, final=state.phase is Phase.FINISHED
        )

    def score_position(self, position: Mapping[str, Any]) -> ScoreBreakdown:
        return positions.score_position(position)

    def validate_position(self, position: Mapping[str, Any]) -> list[Violation]:
        return positions.validate_position(position)

    def decode_state(self, data: Mapping[str, Any]) -> CastleComboState:
        return codec.decode_state(data)

    def decode_trusted_state(self, data: Mapping[str, Any]) -> CastleComboState:
        return codec.decode_trusted_state(data)

    def encode_state(self, state: CastleComboState) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_action(self, state: CastleComboState, data: Mapping[str, Any]) -> Action:
        return actions.decode_action(state, data)

    def encode_action(self, state: CastleComboState, action: Action) -> dict[str, Any]:
        return actions.encode_action(state, action)


def _options() -> dict[str, Any]:
    return {
        "randomness": {"default": "seeded", "values": ["seeded", "external"]},
        "record_log": {"default": False},
        "first_player": {
            "default": "the first listed player",
            "description": "the rulebook draws the first player at random: the table does",
        },
        "table": {
            "description": "a table in the middle of play ({players, displays, messenger, "
            "to_move, discards?, removed?, key_spent?}); the decks are the cards not on it"
        },
    }


def _catalogue() -> dict[str, Any]:
    # A deep copy: the reference data is shared and a caller may change what it is given.
    return copy.deepcopy(
        {
            "cards": [c.to_json() for c in CARDS.values()],
            "shields": list(SHIELDS),
            "shield_distribution": CARDS_DATA["shield_distribution_official"],
            "locations": ["castle", "village"],
            "display_size": DISPLAY_SIZE,
            "grid": {"rows": 3, "cols": 3, "cell": "[row, col] offsets; the first card at [0, 0]"},
            "start": {"gold": START_GOLD, "keys": START_KEYS, "messenger": "village"},
            "face_down": {"gold": FACE_DOWN_GOLD, "keys": FACE_DOWN_KEYS},
            "rules": RULES_DATA,
            "sources": CARDS_DATA["sources"],
        }
    )


CASTLE_COMBO = CastleCombo()
