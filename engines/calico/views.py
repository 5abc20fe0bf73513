"""What each player may see of a Calico state.

Hands and goal offers are private to their owner, the bag's order is hidden from everyone, and the
generator (which decides every future draw) is never shown.
"""

from __future__ import annotations

from typing import Any

from engines.calico.codec import encode_state
from engines.calico.state import CalicoState
from engines.core.envelope import redact


def view(state: CalicoState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` sees it (None: a spectator, who sees only ``public``)."""
    return redact(encode_state(state), viewer)
