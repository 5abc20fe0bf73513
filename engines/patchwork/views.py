"""What each player may see of a Patchwork state.

Patchwork is a game of open information: every view shows the whole table, and drops only the
generator, as every game's view does.
"""

from __future__ import annotations

from typing import Any

from engines.core.envelope import redact
from engines.patchwork.codec import encode_state
from engines.patchwork.state import PatchworkState


def view(state: PatchworkState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` sees it (None: a spectator)."""
    return redact(encode_state(state), viewer)
