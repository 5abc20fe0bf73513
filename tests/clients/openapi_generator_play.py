"""One seeded game of every game through openapi-generator's ``python`` client.

The client (pydantic v2 models over urllib3) is generated from ``openapi.yaml`` into the package
``referee_og`` by ``test_openapi_generator.py``, which runs this module with that package on the
path and checks it with ``mypy --strict``: every step, action, score and problem goes through
the generated models, with no cast. A choice is made concrete by :func:`choose.first_action` and
read back by the game's action model, as the other clients do.

Run as ``python openapi_generator_play.py BASE_URL``; prints one JSON summary per game.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from choose import first_action  # the directory of this file is on the path
from referee_og import (
    ActionRef,
    ApiClient,
    ApiException,
    CalicoAction,
    CalicoApi,
    CalicoApplyRequest,
    CalicoApplyWithStateAndAction,
    CalicoScoreRequest,
    CalicoScoreWithState,
    CalicoSetupRequest,
    CalicoSimplifiedAction,
    CalicoSimplifiedApi,
    CalicoSimplifiedApplyRequest,
    CalicoSimplifiedApplyWithStateAndAction,
    CalicoSimplifiedScoreRequest,
    CalicoSimplifiedScoreWithState,
    CalicoSimplifiedSetupRequest,
    CalicoSimplifiedStep,
    CalicoStep,
    CastleComboAction,
    CastleComboApi,
    CastleComboApplyRequest,
    CastleComboApplyWithStateAndAction,
    CastleComboScoreRequest,
    CastleComboScoreWithState,
    CastleComboSetupRequest,
    CastleComboStep,
    Configuration,
    IsleOfCatsAction,
    IsleOfCatsApi,
    IsleOfCatsApplyRequest,
    IsleOfCatsApplyWithStateAndAction,
    IsleOfCatsScoreRequest,
    IsleOfCatsScoreWithState,
    IsleOfCatsSetupRequest,
    IsleOfCatsStep,
    PatchworkAction,
    PatchworkApi,
    PatchworkApplyRequest,
    PatchworkApplyWithStateAndAction,
    PatchworkScoreRequest,
    PatchworkScoreWithState,
    PatchworkSetupRequest,
    PatchworkStep,
    Problem,
)

PLAYERS = ["ann", "bob"]
SEED = 7
TABLE = json.loads((Path(__file__).parent / "castle_combo_table.json").read_text())
"""Castle Combo's game starts from this table, whose first answer lists a Steward's choice."""
STRIDE = 7919
"""The same entries as the other clients: ``(step × STRIDE) mod count``."""


class Step(Protocol):
    @property
    def finished(self) -> bool: ...


class Entry(Protocol):
    def to_json(self) -> str: ...


StepT = TypeVar("StepT", bound=Step)
T = TypeVar("T")


class Answer(Protocol):
    """What setup, apply and replay answer: an anyOf of the full, trimmed and view steps."""

    @property
    def actual_instance(self) -> object: ...


def full(answer: Answer, kind: type[StepT]) -> StepT:
    """The full step an answer holds (asked for with no ``include``)."""
    step = answer.actual_instance
    if not isinstance(step, kind):
        raise AssertionError(f"a full step expected, not {type(step).__name__}")
    return step


def present(value: T | None, what: str) -> T:
    """A value the contract promises here (a request read back, a problem's body)."""
    if value is None:
        raise AssertionError(f"no {what}")
    return value


ActionT = TypeVar("ActionT", covariant=True)


class ActionModel(Protocol[ActionT]):
    """A game's action model (a oneOf): built from one of its forms, or read from JSON."""

    def __call__(self, actual_instance: ActionRef) -> ActionT: ...
    def from_dict(self, obj: dict[str, Any]) -> ActionT: ...


def chosen(entries: Sequence[Entry], step: int, action: ActionModel[ActionT]) -> ActionT:
    """The action for the entry this step takes: a complete entry by its ``id`` alone (the
    action models cannot tell a complete action from a bare id: they ignore fields they do not
    name), a choice made concrete and read by the game's action model."""
    # A oneOf model's to_dict() gives the branch's model; its to_json() the JSON.
    listed: dict[str, Any] = json.loads(entries[(step * STRIDE) % len(entries)].to_json())
    if "id" in listed:
        return action(ActionRef(id=listed["id"]))
    return action.from_dict(first_action(listed))


def play(setup: Callable[[], StepT], apply: Callable[[StepT, int], StepT]) -> tuple[StepT, int]:
    """Set up, then apply the chosen action until the game is over; the last step and the count."""
    step = setup()
    steps = 1
    while not step.finished:
        step = apply(step, steps)
        steps += 1
    return step, steps


class Line(Protocol):
    @property
    def player(self) -> str: ...
    @property
    def total(self) -> int: ...


class Rank(Protocol):
    @property
    def player(self) -> str: ...
    @property
    def rank(self) -> int: ...


def summary(
    steps: int,
    turn: int,
    players: Sequence[Line],
    ranking: Sequence[Rank],
    refused: Callable[[], Any],
) -> dict[str, Any]:
    try:
        refused()
    except ApiException as exc:
        problem = present(Problem.from_json(exc.body or ""), "problem")
        return {
            "steps": steps,
            "turn": turn,
            "totals": {line.player: line.total for line in players},
            "ranking": [r.player for r in sorted(ranking, key=lambda r: r.rank)],
            "problem": {"status": exc.status, "code": problem.code, "type": problem.type},
        }
    raise AssertionError("an action after the end must be refused")


def patchwork(client: ApiClient) -> dict[str, Any]:
    api = PatchworkApi(client)
    setup = present(PatchworkSetupRequest.from_dict({"players": PLAYERS, "seed": SEED}), "setup")
    last, steps = play(
        lambda: full(api.patchwork_setup(setup), PatchworkStep),
        lambda step, n: full(
            api.patchwork_apply(
                PatchworkApplyRequest(
                    PatchworkApplyWithStateAndAction(
                        state=step.state,
                        action=chosen(step.legal_actions, n, PatchworkAction),
                    )
                )
            ),
            PatchworkStep,
        ),
    )
    state = last.state
    score = api.patchwork_score(PatchworkScoreRequest(PatchworkScoreWithState(state=state)))
    after = PatchworkAction(ActionRef(id="advance"))
    return summary(
        steps,
        state.turn,
        score.players,
        score.ranking,
        lambda: api.patchwork_apply(
            PatchworkApplyRequest(PatchworkApplyWithStateAndAction(state=state, action=after))
        ),
    )


def calico(client: ApiClient) -> dict[str, Any]:
    api = CalicoApi(client)
    setup = present(CalicoSetupRequest.from_dict({"players": PLAYERS, "seed": SEED}), "setup")
    last, steps = play(
        lambda: full(api.calico_setup(setup), CalicoStep),
        lambda step, n: full(
            api.calico_apply(
                CalicoApplyRequest(
                    CalicoApplyWithStateAndAction(
                        state=step.state,
                        action=chosen(step.legal_actions, n, CalicoAction),
                    )
                )
            ),
            CalicoStep,
        ),
    )
    state = last.state
    score = api.calico_score(CalicoScoreRequest(CalicoScoreWithState(state=state)))
    after = CalicoAction(ActionRef(id="take:0:pink-dots"))
    return summary(
        steps,
        state.turn,
        score.players,
        score.ranking,
        lambda: api.calico_apply(
            CalicoApplyRequest(CalicoApplyWithStateAndAction(state=state, action=after))
        ),
    )


def calico_simplified(client: ApiClient) -> dict[str, Any]:
    api = CalicoSimplifiedApi(client)
    setup = present(
        CalicoSimplifiedSetupRequest.from_dict({"players": PLAYERS, "seed": SEED}), "setup"
    )
    last, steps = play(
        lambda: full(api.calico_simplified_setup(setup), CalicoSimplifiedStep),
        lambda step, n: full(
            api.calico_simplified_apply(
                CalicoSimplifiedApplyRequest(
                    CalicoSimplifiedApplyWithStateAndAction(
                        state=step.state,
                        action=chosen(step.legal_actions, n, CalicoSimplifiedAction),
                    )
                )
            ),
            CalicoSimplifiedStep,
        ),
    )
    state = last.state
    score = api.calico_simplified_score(
        CalicoSimplifiedScoreRequest(CalicoSimplifiedScoreWithState(state=state))
    )
    after = CalicoSimplifiedAction(ActionRef(id="place:0,3"))
    return summary(
        steps,
        state.turn,
        score.players,
        score.ranking,
        lambda: api.calico_simplified_apply(
            CalicoSimplifiedApplyRequest(
                CalicoSimplifiedApplyWithStateAndAction(state=state, action=after)
            )
        ),
    )


def castle_combo(client: ApiClient) -> dict[str, Any]:
    api = CastleComboApi(client)
    body = {"players": PLAYERS, "seed": SEED, "options": {"table": TABLE}}
    setup = present(CastleComboSetupRequest.from_dict(body), "setup")
    last, steps = play(
        lambda: full(api.castle_combo_setup(setup), CastleComboStep),
        lambda step, n: full(
            api.castle_combo_apply(
                CastleComboApplyRequest(
                    CastleComboApplyWithStateAndAction(
                        state=step.state,
                        action=chosen(step.legal_actions, n, CastleComboAction),
                    )
                )
            ),
            CastleComboStep,
        ),
    )
    state = last.state
    score = api.castle_combo_score(CastleComboScoreRequest(CastleComboScoreWithState(state=state)))
    after = CastleComboAction(ActionRef(id="move_messenger:castle"))
    return summary(
        steps,
        state.turn,
        score.players,
        score.ranking,
        lambda: api.castle_combo_apply(
            CastleComboApplyRequest(CastleComboApplyWithStateAndAction(state=state, action=after))
        ),
    )


def isle_of_cats(client: ApiClient) -> dict[str, Any]:
    api = IsleOfCatsApi(client)
    setup = present(IsleOfCatsSetupRequest.from_dict({"players": PLAYERS, "seed": SEED}), "setup")
    last, steps = play(
        lambda: full(api.isle_of_cats_setup(setup), IsleOfCatsStep),
        lambda step, n: full(
            api.isle_of_cats_apply(
                IsleOfCatsApplyRequest(
                    IsleOfCatsApplyWithStateAndAction(
                        state=step.state,
                        action=chosen(step.legal_actions, n, IsleOfCatsAction),
                    )
                )
            ),
            IsleOfCatsStep,
        ),
    )
    state = last.state
    score = api.isle_of_cats_score(IsleOfCatsScoreRequest(IsleOfCatsScoreWithState(state=state)))
    after = IsleOfCatsAction(ActionRef(id="draft:ann:4,7"))
    return summary(
        steps,
        state.turn,
        score.players,
        score.ranking,
        lambda: api.isle_of_cats_apply(
            IsleOfCatsApplyRequest(IsleOfCatsApplyWithStateAndAction(state=state, action=after))
        ),
    )


GAMES: dict[str, Callable[[ApiClient], dict[str, Any]]] = {
    "calico": calico,
    "calico_simplified": calico_simplified,
    "castle_combo": castle_combo,
    "isle_of_cats": isle_of_cats,
    "patchwork": patchwork,
}
"""Every game this client plays; a registered game missing here fails the test."""


def main(base_url: str) -> None:
    with ApiClient(Configuration(host=base_url)) as client:
        print(json.dumps({game: play_one(client) for game, play_one in GAMES.items()}))


if __name__ == "__main__":
    main(sys.argv[1])
