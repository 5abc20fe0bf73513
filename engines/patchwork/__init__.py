"""Patchwork: two players, a circle of 33 patches, a time board, a 9×9 quilt each."""

from engines.core.registry import register
from engines.patchwork.game import PATCHWORK

register(PATCHWORK)

__all__ = ["PATCHWORK"]
