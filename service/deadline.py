"""A time budget per request: long work (a batch, a replay) stops with a 503 problem in time.

gunicorn kills a worker that answers nothing for ``timeout`` seconds, and the client then gets
an HTML 500. The request budget (``REQUEST_BUDGET_SECONDS``, 2 s by default, well under the
worker timeout) is checked between the actions of a batch or a replay, so a request that would
run long answers ``DEADLINE_EXCEEDED`` instead, with nothing applied. A single action is never
stopped half-way: the check falls between actions, before the second and each later one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TypeVar

from flask import current_app, request

from service import problems
from service.instrument import STARTED

T = TypeVar("T")
BUDGET_KEY = "request_budget_s"
"""``app.config`` key of the budget in seconds."""


def remaining() -> float:
    """Seconds left of the current request's budget (negative once spent)."""
    budget: float = current_app.config[BUDGET_KEY]
    started: float = request.environ.get(STARTED, time.perf_counter())
    return started + budget - time.perf_counter()


def check() -> None:
    """Raise the 503 problem once the current request's budget is spent."""
    if remaining() <= 0:
        raise problems.deadline_exceeded(current_app.config[BUDGET_KEY])


class Paced(list[T]):
    """A list whose iteration checks the request's budget before each item after the first."""

    def __iter__(self) -> Iterator[T]:
        for i, item in enumerate(super().__iter__()):
            if i:
                check()
            yield item
