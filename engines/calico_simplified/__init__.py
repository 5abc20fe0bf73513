"""Calico's simplified family game (the Persian rulebook's second part), a game of its own."""

from engines.calico_simplified.game import CALICO_SIMPLIFIED

__all__ = ["CALICO_SIMPLIFIED"]
