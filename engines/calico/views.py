"""What each player may see of a Calico state.

Hands and goal offers are private to their owner, the bag's order is hidden from everyone, and the
generator (which decides every future draw) is never shown. In the log, a hand the table dealt
(external mode, goals chosen from offers) shows its tiles to its owner only.
"""

from __future__ import annotations

from typing import Any

DEALT_HAND = "chance:hand"
"""A dealt hand's log entry as the other players see it: a hand was dealt, not which tiles."""


def with_hands_hidden(
    out: dict[str, Any], players: tuple[str, ...], viewer: str | None
) -> dict[str, Any]:
    """The view ``out`` of ``viewer`` (None: a spectator, who sees only ``public``), its log
    telling others only that a hand was dealt, not which tiles."""
    if "log" in out:
        out["log"] = _log_seen_by(out["log"], players, viewer)
    return out


def _log_seen_by(
    log: list[dict[str, Any]], players: tuple[str, ...], viewer: str | None
) -> list[dict[str, Any]]:
    """The table deals the opening hands before anything is placed, one per seat in seat order,
    and before the market (``pending_chance``); every later draw goes to the open market."""
    out = []
    dealt = 0
    for entry in log:
        action_id = str(entry["id"])
        if action_id.startswith("place:"):
            dealt = len(players)  # the first placement: every hand was dealt before it
        elif action_id.startswith("chance:") and dealt < len(players):
            owner = players[dealt]
            dealt += 1
            if owner != viewer:
                entry = {"id": DEALT_HAND, "player": entry["player"]}
        out.append(entry)
    return out
