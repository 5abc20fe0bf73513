"""Castle Combo: 2 to 5 players recruit nine characters each into a 3×3 tableau."""

from engines.castle_combo.game import CASTLE_COMBO

__all__ = ["CASTLE_COMBO"]
