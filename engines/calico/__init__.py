"""Calico: 1 to 4 players sew quilts of hex patches to attract cats and earn buttons."""

from engines.calico.game import CALICO

__all__ = ["CALICO"]
