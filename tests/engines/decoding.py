"""What decoding a state gives, as a value two decoders can be compared by."""

from __future__ import annotations

import copy
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from engines.core.errors import InvalidState

Outcome = tuple[Any, ...]


def decode_outcome(game: Any, data: Any) -> Outcome:
    """The state, the violations (code, pointer, detail) in order, or the exception raised for a
    library caller's malformed object: a fast path and the careful one must give the same."""
    try:
        return ("state", game.decode_state(data))
    except InvalidState as err:
        return ("invalid", [(v.code, v.pointer, v.detail) for v in err.violations])
    except Exception as err:
        return ("error", type(err).__name__, str(err))


def both_ways(
    game: Any, data: Any, careful: Callable[[], AbstractContextManager[None]]
) -> tuple[Outcome, Outcome]:
    """What decoding gives with the fast paths on, and with ``careful`` switching them off."""
    fast = decode_outcome(game, copy.deepcopy(data))
    with careful():
        slow = decode_outcome(game, copy.deepcopy(data))
    return fast, slow
