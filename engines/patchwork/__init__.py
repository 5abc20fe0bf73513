"""Patchwork: two players, a circle of 33 patches, a time board, a 9×9 quilt each."""

from engines.patchwork.game import PATCHWORK

__all__ = ["PATCHWORK"]
