"""Calico (Kevin Russ; Flatout Games / AEG, 2020) behind the common engine protocol."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engines.calico import actions, choices, codec, positions, rules, setup, views
from engines.calico.catalogue import (
    BOARDS,
    BUTTON_GROUP,
    BUTTON_POINTS,
    CAT_TILES,
    CATS,
    COPIES,
    GOAL_KEYS,
    GOAL_NEIGHBOURS,
    GOALS,
    HAND_SIZE,
    MARKET_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PATCH_SPACES,
    PATTERNS,
    RAINBOW_POINTS,
    READINGS,
    SCENARIOS,
    SOURCES,
    TILE_KEYS,
    TILE_TYPES,
    TILES_DATA,
    VARIANTS,
    cells_json,
    tile_json,
)
from engines.calico.rules import Action
from engines.calico.scoring import COMPONENT_IDS, TIE_RULE, ScoringRules, breakdown
from engines.calico.state import CalicoState, Phase, draw_count, hand_to_deal
from engines.core.choices import Choice
from engines.core.envelope import Envelope
from engines.core.errors import Reason, Violation
from engines.core.protocol import Event, Game
from engines.core.scoring import ScoreBreakdown

ENGINE_VERSION = "1.0.0"

UNVERIFIED = (
    "solo scenarios 2-10 (single source) and the reading of their goal objectives",
    "which goal space each beginner and scenario goal tile goes on",
    "the Coconut/Tecolote and Cira/Almond cat tile pairing (it changes no setup draw: one tile "
    "per dot group is drawn, then a side)",
    "the lower-variance and family variants",
    "whether a shape cat's shape may sit inside a larger area (options.shape_cats_in_larger_area)",
    "how the 80 cat tokens split per cat and whether a button colour can run out (not limited)",
)


class Calico(Game[CalicoState, Action]):
    id = codec.GAME
    title = "Calico"
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
                "simultaneous": True,
            },
            "options": _options(),
            "action_types": [rules.PLACE, rules.TAKE, rules.CHOOSE_GOALS, rules.DRAW],
            "score_components": list(COMPONENT_IDS),
            "tie_break": TIE_RULE,
            "catalogue": _catalogue(),
            "unverified": list(UNVERIFIED),
        }

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], seed: str | None
    ) -> CalicoState:
        return setup.setup(players, options, seed)

    def to_move(self, state: CalicoState) -> list[str]:
        return codec.to_move(state)

    def legal_actions(self, state: CalicoState, player: str | None = None) -> list[Action]:
        if player is None:
            return rules.legal_actions(state)
        seat = self.seat(state, player)
        return [] if seat is None else rules.legal_actions(state, seat)

    def choices(self, state: CalicoState, player: str | None = None) -> list[Action | Choice]:
        """The legal actions as decisions: a placement and each player's goals described (the
        core lists a decision of at most 16 combinations), a take and a draw listed."""
        if player is None:
            return choices.choices(state)
        seat = self.seat(state, player)
        return [] if seat is None else choices.choices(state, seat)

    def chosen_action(
        self, state: CalicoState, choice: Choice, chosen: Mapping[str, Any]
    ) -> Action:
        return choices.chosen_action(state, choice, chosen)

    def check(self, state: CalicoState, action: Action) -> list[Reason]:
        return rules.check(state, action)

    def step(self, state: CalicoState, action: Action) -> tuple[CalicoState, list[Event]]:
        return rules.apply(state, action)

    def with_env(self, state: CalicoState, env: Envelope) -> CalicoState:
        return state.with_env(env)

    def action_id(self, state: CalicoState, action: Action) -> str:
        return actions.action_id(state, action)

    def actor(self, state: CalicoState, action: Action) -> str:
        return actions.actor(state, action)

    def pending_chance(self, state: CalicoState) -> dict[str, Any] | None:
        if state.phase is not Phase.DRAW:
            return None
        counts = state.bag_counts()
        seat = hand_to_deal(state)
        to: dict[str, Any] = {"to": "market", "ordered": True}
        if seat is not None:  # a hand has no order
            to = {"to": "hand", "player": state.env.players[seat], "ordered": False}
        return {
            "kind": "draw_from_bag",
            "count": draw_count(state),
            **to,
            "support": {
                "type": "multiset",
                "items": {TILE_KEYS[t]: n for t, n in enumerate(counts) if n},
            },
        }

    def is_finished(self, state: CalicoState) -> bool:
        return state.phase is Phase.FINISHED

    def score(self, state: CalicoState) -> ScoreBreakdown:
        opts = state.env.options
        return breakdown(
            state.env.players,
            state.quilts,
            ScoringRules(opts["family_variant"], opts["solo_scenario"]),
            [c.cat for c in state.cats],
            final=state.phase is Phase.FINISHED,
        )

    def score_position(self, position: Mapping[str, Any]) -> ScoreBreakdown:
        return positions.score_position(position)

    def validate_position(self, position: Mapping[str, Any]) -> list[Violation]:
        return positions.validate_position(position)

    def position_facts(self, position: Mapping[str, Any]) -> dict[str, Any]:
        return positions.position_facts(position)

    def decode_state(self, data: Mapping[str, Any]) -> CalicoState:
        return codec.decode_state(data)

    def decode_trusted_state(self, data: Mapping[str, Any]) -> CalicoState:
        return codec.decode_trusted_state(data)

    def encode_state(self, state: CalicoState) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_action(self, state: CalicoState, data: Mapping[str, Any]) -> Action:
        return actions.decode_action(state, data)

    def encode_action(self, state: CalicoState, action: Action) -> dict[str, Any]:
        return actions.encode_action(state, action)

    def view_encoded(
        self, state: CalicoState, encoded: dict[str, Any], viewer: str | None
    ) -> dict[str, Any]:
        """The core's view, its log telling others only that a hand was dealt."""
        seen = super().view_encoded(state, encoded, viewer)
        return views.with_hands_hidden(seen, state.env.players, viewer)


def _options() -> dict[str, Any]:
    return {
        "randomness": {"default": "seeded", "values": ["seeded", "external"]},
        "record_log": {"default": False},
        "first_player": {"default": "the first listed player"},
        "setup": {
            "default": "regular",
            "values": list(setup.SETUPS),
            "description": "regular: one cat per dot group, each player keeps 3 of 4 revealed goal "
            "tiles (a choose_goals action), and only then are the hands and market drawn; "
            "beginner: Millie, Tibbit, Coconut and fixed goals",
        },
        "solo_scenario": {
            "default": None,
            "values": sorted(SCENARIOS),
            "description": "one player: the scenario's cats, goals, objectives and target score",
        },
        "shape_cats_in_larger_area": {
            "default": True,
            **{k: READINGS["shape_cats_in_larger_area"][k] for k in ("reading", "status")},
        },
        "family_variant": {
            "default": False,
            "description": VARIANTS["family"],
            "status": VARIANTS["status"],
        },
        "lower_variance_variant": {
            "default": False,
            "description": VARIANTS["lower_variance"] + " (1 to 3 players)",
            "status": VARIANTS["status"],
        },
        "boards": {"description": "{player: board id}; required in external mode"},
        "cats": {"description": "[{cat, patterns: [2 patterns]}] × 3; required in external mode"},
        "goals": {
            "description": "{player: {goal space: goal id}}; required in external mode unless the "
            "setup fixes the goals"
        },
        "goal_offers": {
            "description": "{player: [4 goal ids]}: external mode, regular setup, instead of "
            "goals, hands and market: each player's revealed goal tiles, to choose from with "
            "choose_goals; the hands and the market are then reported as chance draws"
        },
        "hands": {
            "description": "{player: [2 tiles]}; external mode only, required unless goal_offers"
        },
        "market": {
            "description": "[3 tiles], oldest first; external mode only, required unless "
            "goal_offers"
        },
    }


def _catalogue() -> dict[str, Any]:
    # A deep copy: the reference data is shared and a caller may change what it is given.
    return copy.deepcopy(
        {
            "colors": TILES_DATA["colors"],
            "patterns": list(PATTERNS),
            "tiles": {
                "kinds": [tile_json(t) for t in range(TILE_TYPES)],
                "copies": COPIES,
                "total": COPIES * TILE_TYPES,
            },
            "board_geometry": {
                "rows": 7,
                "cols": 7,
                "layout": "odd-r: pointy-top hexes, odd rows shifted half a hex right",
                "cell": "[row, col], row 0 at the top",
                "patch_spaces": cells_json(PATCH_SPACES),
                "goal_spaces": {
                    key: {"neighbours": cells_json(GOAL_NEIGHBOURS[i])}
                    for i, key in enumerate(GOAL_KEYS)
                },
            },
            "boards": [b.to_json() for b in BOARDS],
            "cats": [c.to_json() for c in CATS],
            "cat_tiles": [
                {"sides": [CATS[s].id for s in t.sides], "dots": t.dots, "status": t.status}
                for t in CAT_TILES
            ],
            "design_goals": [g.to_json() for g in GOALS],
            "buttons": {
                "group_size": BUTTON_GROUP,
                "points": BUTTON_POINTS,
                "rainbow_points": RAINBOW_POINTS,
            },
            "hand_size": HAND_SIZE,
            "market_size": MARKET_SIZE,
            "solo_scenarios": [s.to_json() for s in SCENARIOS.values()],
            "variants": VARIANTS,
            "readings": READINGS,
            "sources": SOURCES,
        }
    )


CALICO = Calico()
