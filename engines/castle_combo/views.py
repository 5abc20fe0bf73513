"""What each player may see of a Castle Combo state: everything but the decks' order.

The generator (which decides every future shuffle) and the hidden decks are never shown; nothing
is private to one player.
"""

from __future__ import annotations

from typing import Any

from engines.castle_combo.codec import encode_state
from engines.castle_combo.state import CastleComboState
from engines.core.envelope import redact


def view(state: CastleComboState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` sees it (None: a spectator, who sees the same)."""
    return redact(encode_state(state), viewer)
