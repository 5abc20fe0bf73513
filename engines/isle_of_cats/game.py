"""The Isle of Cats (Frank West, The City of Games, 2019) behind the common engine protocol."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.choices import Choice
from engines.core.envelope import CHANCE, Envelope
from engines.core.errors import Reason, Violation
from engines.core.protocol import Event, Game
from engines.core.scoring import ScoreBreakdown
from engines.isle_of_cats import (
    actions,
    checks,
    choices,
    codec,
    draws,
    plays,
    positions,
    rules,
    setup,
    solo_rules,
    supply,
)
from engines.isle_of_cats.actions import CHANCE_SEAT, Action
from engines.isle_of_cats.catalogue import (
    BOATS_DATA,
    CARDS,
    CARDS_DATA,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORING_DATA,
    TILES_DATA,
)
from engines.isle_of_cats.family_scoring import family_breakdown
from engines.isle_of_cats.modes import is_family
from engines.isle_of_cats.scoring import FIXED_COMPONENTS, TIE_RULE, Lesson, Scorable, breakdown
from engines.isle_of_cats.solo_scoring import Sister, solo_breakdown
from engines.isle_of_cats.state import FINISHED, PLACE_TASK, IsleState, copy_with

ENGINE_VERSION = "1.0.0"

UNVERIFIED = (
    "rescue, anytime (after card 83), treasure, Oshax and lesson card costs and the split of the "
    "150 cards by type (Board Game Arena only)",
    "the Oshax and rare treasure shapes, and the common treasure shapes (1, 2, L-3, I-3)",
    "the draft direction: left on days 1, 3 and 5, right on days 2 and 4, as the rulebook says",
    "the solo game (mode solo): the draft, the sister's cards and turns, and her score "
    "(Board Game Arena only)",
    "the family game (mode family): 3 family cards dealt and 2 kept, a free cat a turn, a common "
    "or rare treasure for a matching map, the family cards' scoring, no rare treasure points, "
    "ties to the most filled rooms (Board Game Arena only)",
)


class IsleOfCats(Game[IsleState, Action]):
    id = codec.GAME
    title = "The Isle of Cats"
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
            "options": {
                "randomness": {"default": "seeded", "values": ["seeded", "external"]},
                "record_log": {"default": False},
                "first_player": {"default": "the first listed player"},
                "boats": {
                    "description": "{player: boat}; drawn when left out (seeded mode); "
                    "required in external mode"
                },
                "mode": {
                    "default": "standard",
                    "values": ["standard", "solo", "family"],
                    "description": "standard: 2 to 4 players; solo: 1 player against the "
                    "sister; family: 2 to 4 players",
                },
                "solo_level": {
                    "default": "easy",
                    "values": ["easy", "medium", "hard", "very_hard", "expert"],
                    "description": "solo only: the sister's 0 to 4 advanced solo lessons",
                },
            },
            "action_types": list(actions.TYPES),
            "score_components": ["family:<n>", *FIXED_COMPONENTS, "lesson:<card id>"],
            "tie_break": TIE_RULE,
            "catalogue": copy.deepcopy(
                {
                    "boats": BOATS_DATA,
                    "tiles": TILES_DATA,
                    "cards": CARDS_DATA,
                    "scoring": SCORING_DATA,
                }
            ),
            "unverified": list(UNVERIFIED),
        }

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any], seed: str | None
    ) -> IsleState:
        return setup.setup(players, options, seed)

    def to_move(self, state: IsleState) -> list[str]:
        return codec.to_move(state)

    def choices(self, state: IsleState, player: str | None = None) -> list[Action | Choice]:
        if player is None:
            return choices.choices(state)
        seat = self.seat(state, player)  # chance chooses nothing: its draws are reported
        return [] if seat is None else choices.choices(state, seat)

    def check(self, state: IsleState, action: Action) -> list[Reason]:
        return checks.check(state, action)

    def step(self, state: IsleState, action: Action) -> tuple[IsleState, list[Event]]:
        return rules.apply(state, action)

    def with_env(self, state: IsleState, env: Envelope) -> IsleState:
        return copy_with(state, env=env)

    def action_id(self, state: IsleState, action: Action) -> str:
        return actions.action_id(state.env.players, action)

    def actor(self, state: IsleState, action: Action) -> str:
        return CHANCE if action.seat == CHANCE_SEAT else state.env.players[action.seat]

    def pending_chance(self, state: IsleState) -> dict[str, Any] | None:
        if state.seeded:
            return None
        due = draws.chance_due(state)
        if due is None:
            return None
        if due in solo_rules.CHANCE_KINDS:
            out_solo: dict[str, Any] = {
                "kind": due,
                "from": "sister",
                "support": {"type": "set", "items": solo_rules.support(state, due)},
            }
            if due != solo_rules.BASKET:  # the first basket card drawn says how many follow
                out_solo["count"] = solo_rules.draw_count(state, due)
            return out_solo
        if due in ("deal", "cards"):
            count = (
                supply.deal_size(state) * len(state.players)
                if due == "deal"
                else supply.draw_count(state)
            )
            return {
                "kind": due,
                "count": count,
                "from": "deck",
                "support": {"type": "set", "items": list(supply.deck_left(state))},
            }
        bag = supply.bag_counts(state)
        out: dict[str, Any] = {
            "kind": due,
            "from": "bag",
            "support": {"type": "multiset", "items": dict(sorted(bag.items()))},
        }
        if due == "fill":
            out["cats"] = supply.cats_needed(state)
            out["ordered"] = True
        else:
            out["count"] = min(state.tasks[0].count, sum(bag.values()))
        return out

    def is_finished(self, state: IsleState) -> bool:
        return state.phase == FINISHED

    def score(self, state: IsleState) -> ScoreBreakdown:
        return self._score(state, state.env.players)

    def score_seen_by(self, state: IsleState, viewer: str | None) -> ScoreBreakdown:
        """Private lessons (the family cards kept) lie face down until the game ends: before
        that, the score shows only the viewer's own; the others' count only once revealed."""
        if state.phase == FINISHED:
            return self.score(state)
        return self._score(state, () if viewer is None else (viewer,))

    def _score(self, state: IsleState, lessons_shown: Sequence[str]) -> ScoreBreakdown:
        players = [
            Scorable(
                name,
                p.boat,
                p.fish,
                p.permanent_baskets,
                tuple(Lesson(c, None) for c in p.private_lessons) if name in lessons_shown else (),
                0 if name in lessons_shown else len(p.private_lessons),
            )
            for name, p in zip(state.env.players, state.players, strict=True)
        ]
        order = [state.name(s) for s in state.order]
        public = [Lesson(c, k) for c, k in state.public_lessons]
        if is_family(state):
            return family_breakdown(players, order, final=state.phase == FINISHED)
        if state.solo is not None:
            sister = Sister(tuple(state.solo.colours), tuple(state.solo.lessons), state.solo.ahead)
            return solo_breakdown(players[0], sister, public, final=state.phase == FINISHED)
        return breakdown(players, order, public, final=state.phase == FINISHED)

    def score_position(self, position: Mapping[str, Any]) -> ScoreBreakdown:
        return positions.score_position(position)

    def validate_position(self, position: Mapping[str, Any]) -> list[Violation]:
        return positions.validate_position(position)

    def decode_state(self, data: Mapping[str, Any]) -> IsleState:
        return codec.decode_state(data)

    def decode_trusted_state(self, data: Mapping[str, Any]) -> IsleState:
        return codec.decode_trusted_state(data)

    def encode_state(self, state: IsleState) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_action(self, state: IsleState, data: Mapping[str, Any]) -> Action:
        who = rules.movers(state)
        mover = who[0] if len(who) == 1 else _actor(state, who, data)
        return actions.decode_action(state.env.players, mover, _task_color(state), data)

    def chosen_action(self, state: IsleState, choice: Choice, chosen: Mapping[str, Any]) -> Action:
        return choices.chosen_action(state, choice, chosen, _task_color(state))

    def encode_action(self, state: IsleState, action: Action) -> dict[str, Any]:
        return actions.encode_action(state.env.players, action)

    def view_encoded(
        self, state: IsleState, encoded: dict[str, Any], viewer: str | None
    ) -> dict[str, Any]:
        """The core's view, its log telling others only what kind of action a secret one was
        (a log id names the cards drafted, bought or drawn, which the core cannot know)."""
        out = super().view_encoded(state, encoded, viewer)
        if "log" in out:
            out["log"] = [_log_entry_seen_by(entry, viewer) for entry in out["log"]]
        return out


def _task_color(state: IsleState) -> str | None:
    """The colour of the cat or Oshax a placing task places (None when no such task is due)."""
    task = state.tasks[0] if state.tasks else None
    return task.color if task is not None and task.kind == PLACE_TASK else None


def _actor(state: IsleState, who: list[int], data: Mapping[str, Any]) -> int:
    """The seat an action is for while several players may act (buying). Most ids name their
    player; ``play:<card>`` does not: it is the ``player`` given with it, else the card's
    holder (each card is one of a kind). -2 (no seat) when neither says."""
    names = state.env.players
    if data.get("player") in names:
        return names.index(data["player"])
    action_id = data.get("id")
    if isinstance(action_id, str) and action_id.startswith("play:"):
        card = action_id.split(":")[1]
        for seat in who:
            if card.isdigit() and int(card) in state.players[seat].hand:
                return seat
    return -2


SECRET_ACTIONS = (
    "draft",
    "buy",
    "rescue_cards",
    "keep",
    "chance:deal",
    "chance:cards",
    "chance:basket",
)
"""Log entries whose ids name hidden cards: a draft pick, a purchase, rescue cards chosen, cards
kept from a draw, cards dealt or drawn, the sister's basket cards (solo). Others see only what
kind of action it was."""


SECRET_PLAYS = tuple(f"play:{card_id}" for card_id in CARDS if plays.hides_lessons(card_id))
"""Cards played with the ids of the private lessons they discard, which stay face down: others
see which card was played, not the lessons."""


def _log_entry_seen_by(entry: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    action_id = str(entry["id"])
    secret = next((k for k in SECRET_ACTIONS + SECRET_PLAYS if action_id.startswith(k + ":")), None)
    if secret is None or (entry["player"] == viewer and not secret.startswith("chance")):
        return entry
    return {"id": secret, "player": entry["player"]}


ISLE_OF_CATS = IsleOfCats()
