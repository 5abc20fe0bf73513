"""The contract every game engine implements, so the service has one code path for all games.

An engine is a singleton object (one per game) whose methods are pure functions of their
arguments: states are immutable values, ``apply`` returns a new state and never changes its input.
Chance is explicit: when the rules need a draw in external mode, :meth:`Game.to_move` answers
``["chance"]`` and :meth:`Game.pending_chance` describes what may be drawn; seeded mode draws from
the generator stored in the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar, cast

from engines.core.choices import LISTED_AT_MOST, Choice, concrete
from engines.core.envelope import CHANCE, Envelope, redact
from engines.core.errors import IllegalAction, InvalidState, Reason, Violation
from engines.core.scoring import ScoreBreakdown

S = TypeVar("S")
"""The engine's immutable state type."""
A = TypeVar("A")
"""The engine's action type: small, hashable, cheap to generate in bulk."""

Event = dict[str, Any]
"""Something that happened while applying an action, for the caller's log (JSON-ready)."""

CHANCE_SEAT = -1
"""The seat of the ``chance`` pseudo-player (:meth:`Game.seat`)."""


class Game(ABC, Generic[S, A]):
    """One game's rules. Subclasses set the class attributes and implement every abstract method."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    rules_versions: tuple[str, ...]
    engine_version: str

    # --- metadata -------------------------------------------------------------------------------

    @abstractmethod
    def info(self) -> dict[str, Any]:
        """Metadata for ``GET /v1/games/{game}``: players, options, features, catalogue."""

    # --- the game ---------------------------------------------------------------------------------

    @abstractmethod
    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: str | None) -> S:
        """The initial state; raises :class:`InvalidState` for impossible players or options."""

    @abstractmethod
    def to_move(self, state: S) -> list[str]:
        """Who must act now: ids; ``["chance"]`` while a draw is due; ``[]`` at the end."""

    def legal_actions(self, state: S, player: str | None = None) -> list[A]:
        """Every legal action (of ``player``, or of everyone who may act), each listed once.

        A game implements this or :meth:`choices`. Here, every action of every choice: their
        number may grow with the subsets of the state, so the service never asks for it (it
        answers :meth:`legal_entries`); tests and in-process callers of small states do."""
        out: list[A] = []
        for decision in self.choices(state, player):
            if isinstance(decision, Choice):
                out.extend(self.chosen_action(state, decision, c) for c in decision.combinations())
            else:
                out.append(decision)
        return out

    def choices(self, state: S, player: str | None = None) -> list[A | Choice]:
        """The legal actions as decisions: an action, or a :class:`Choice` describing many. By
        default every legal action (a game whose every decision is small)."""
        return list(self.legal_actions(state, player))

    def chosen_action(self, state: S, choice: Choice, chosen: Mapping[str, Any]) -> A:
        """The action of ``choice`` whose open fields take the values ``chosen`` (one of
        :meth:`Choice.combinations <engines.core.choices.Choice.combinations>`): the action
        :meth:`decode_action` reads from its JSON, which is how this default makes it. A game
        makes it from the values directly, as the choice offers only values its rules allow (no
        JSON read, nothing checked again); ``tests/engines/test_listed_entries.py`` holds every
        game's to its reader's action over the choices of whole games."""
        return self.decode_action(state, concrete(choice.fixed, chosen))

    def legal_entries(self, state: S, player: str | None = None) -> list[dict[str, Any]]:
        """The legal actions' JSON, as every answer lists them: a choice of at most
        :data:`~engines.core.choices.LISTED_AT_MOST` combinations as its complete actions (each
        :meth:`chosen_action` written by :meth:`encode_action`, so with its canonical ``id``), a
        larger one described (``choose``). Each entry is a new object."""
        out: list[dict[str, Any]] = []
        for decision in self.choices(state, player):
            if not isinstance(decision, Choice):
                out.append(self.encode_action(state, decision))
            elif decision.size() <= LISTED_AT_MOST:
                out.extend(
                    self.encode_action(state, self.chosen_action(state, decision, chosen))
                    for chosen in decision.combinations()
                )
            else:
                out.append(decision.to_json())
        return out

    @abstractmethod
    def check(self, state: S, action: A) -> list[Reason]:
        """Why ``action`` is illegal here; empty when it is legal."""

    def apply(self, state: S, action: A) -> tuple[S, list[Event]]:
        """The state after ``action`` and what happened; raises :class:`IllegalAction`.

        What every game does around its rules is here: the rules' own step (:meth:`step`), then
        the turn and the log (the action's id and who took it), and the ``game_over`` event with
        the ranking once the game has ended. A game implements :meth:`step`, :meth:`action_id`
        and :meth:`actor`."""
        new, events = self.step(state, action)
        stepped: Any = new  # every game's state is a dataclass with its envelope as ``env``
        env = stepped.env.after(self.action_id(state, action), self.actor(state, action))
        new = self.with_env(new, env)
        if self.is_finished(new):
            events.append({"type": "game_over", "ranking": self.score(new).to_json()["ranking"]})
        return new, events

    def with_env(self, state: S, env: Envelope) -> S:
        """``state`` with the envelope ``env`` (its turn and log after an action): by default
        :func:`dataclasses.replace`; a game with a cheaper copy of its state gives it here."""
        changed: S = replace(cast(Any, state), env=env)
        return changed

    @abstractmethod
    def step(self, state: S, action: A) -> tuple[S, list[Event]]:
        """The rules' part of :meth:`apply`: the state after ``action`` (its envelope as the rules
        left it) and the events of the action itself."""

    @abstractmethod
    def action_id(self, state: S, action: A) -> str:
        """The canonical id of ``action`` in ``state``, as the log keeps it."""

    @abstractmethod
    def actor(self, state: S, action: A) -> str:
        """Who takes ``action`` in ``state`` (a player id, or ``chance``), as the log keeps it."""

    def seat(self, state: S, player: str) -> int | None:
        """The seat whose decisions ``player`` asks for: their index among the state's players,
        :data:`CHANCE_SEAT` for ``chance``, None for someone who is not playing (who has none)."""
        if player == CHANCE:
            return CHANCE_SEAT
        players: tuple[str, ...] = cast(Any, state).env.players
        return players.index(player) if player in players else None

    @abstractmethod
    def pending_chance(self, state: S) -> dict[str, Any] | None:
        """In external mode, the draw the caller must report next (what may be drawn); else None."""

    @abstractmethod
    def is_finished(self, state: S) -> bool: ...

    @abstractmethod
    def score(self, state: S) -> ScoreBreakdown:
        """The breakdown now (``final`` once the game has ended)."""

    def score_seen_by(self, state: S, viewer: str | None) -> ScoreBreakdown:
        """The score as ``viewer`` (None: a spectator) can count it at the table. By default the
        whole score: a game whose score uses only what every player sees."""
        return self.score(state)

    @abstractmethod
    def score_position(self, position: Mapping[str, Any]) -> ScoreBreakdown:
        """Score a position entered from a real table; raises :class:`InvalidState`."""

    @abstractmethod
    def validate_position(self, position: Mapping[str, Any]) -> list[Violation]:
        """Every way the position could not be real; empty when it could."""

    def position_facts(self, position: Mapping[str, Any]) -> dict[str, Any]:
        """What a position allows whatever the order of play, per player (e.g. Calico's best-case
        buttons); empty when the final table settles everything."""
        return {}

    # --- codecs: JSON (already checked against openapi.yaml) <-> engine types ---------------------

    @abstractmethod
    def decode_state(self, data: Mapping[str, Any]) -> S:
        """Load a state and check its rules; :class:`InvalidState` lists every violation."""

    def decode_trusted_state(self, data: Mapping[str, Any]) -> S:
        """Load a state this engine encoded itself (it came back in an authenticated token).

        Such a state obeyed the rules when it was encoded, so an engine may skip the rules check;
        by default it is checked like any other.
        """
        return self.decode_state(data)

    @abstractmethod
    def encode_state(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def decode_action(self, state: S, data: Mapping[str, Any]) -> A:
        """Load an action object, or just ``{"id": …}`` (ids are parsed, not looked up).

        Raises :class:`~engines.core.errors.MalformedAction`; legality is :meth:`check`'s job.
        """

    @abstractmethod
    def encode_action(self, state: S, action: A) -> dict[str, Any]:
        """The complete JSON action, with ``id``, ``type``, ``player`` and its arguments."""

    def view(self, state: S, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` (None: a spectator) sees: no ``rng``, ``hidden``, others' ``private``.
        A game changes it in :meth:`view_encoded`."""
        return self.view_encoded(state, self.encode_state(state), viewer)

    def view_encoded(self, state: S, encoded: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        """:meth:`view` of ``state`` whose JSON ``encoded`` (:meth:`encode_state`'s, which the
        view may share but never changes) the caller holds already: a view step seals the state
        in its token too, and encodes it once. By default the JSON less the secrets
        (:func:`~engines.core.envelope.redact`)."""
        return redact(encoded, viewer)

    # --- shared behaviour -------------------------------------------------------------------------

    def validate_state(self, data: Mapping[str, Any]) -> list[Violation]:
        """Every violation of a state, or an empty list."""
        try:
            self.decode_state(data)
        except InvalidState as err:
            return err.violations
        return []

    def apply_checked(self, state: S, action: A) -> tuple[S, list[Event]]:
        """:meth:`apply` after :meth:`check`, so a rejected action never half-applies."""
        reasons = self.check(state, action)
        if reasons:
            raise IllegalAction(reasons)
        return self.apply(state, action)
