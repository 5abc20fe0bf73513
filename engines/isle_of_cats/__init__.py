"""The Isle of Cats: 2 to 4 players rescue cats onto their boats over five days."""

from engines.isle_of_cats.game import ISLE_OF_CATS

__all__ = ["ISLE_OF_CATS"]
