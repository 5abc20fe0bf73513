"""Build Patchwork positions for rule tests without playing up to them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.core.polyomino import cells_to_mask
from engines.patchwork import PATCHWORK
from engines.patchwork.state import PatchworkState, Quilt

ORDER = [*range(1, 33), 0]
"""A known circle: patches 1, 2, 3, … 32, then the 1×2 (0) last."""


def fresh(**options: Any) -> PatchworkState:
    return PATCHWORK.setup(["alice", "bob"], {"patch_order": ORDER, **options}, "tests")


def mask(*cells: tuple[int, int]) -> int:
    return cells_to_mask(cells, 9)


def square(top: int, left: int, size: int) -> int:
    return mask(*[(top + r, left + c) for r in range(size) for c in range(size)])


def position(
    state: PatchworkState,
    *,
    alice: dict[str, Any] | None = None,
    bob: dict[str, Any] | None = None,
    **fields: Any,
) -> PatchworkState:
    """Change the quilts (``position``, ``buttons``, ``patches``, ``leather``) and other fields."""
    a, b = state.quilts
    quilts: tuple[Quilt, Quilt] = (replace(a, **(alice or {})), replace(b, **(bob or {})))
    return replace(state, quilts=quilts, **fields)


def act(
    state: PatchworkState, action: dict[str, Any]
) -> tuple[PatchworkState, list[dict[str, Any]]]:
    return PATCHWORK.apply_checked(state, PATCHWORK.decode_action(state, action))


CORNER_7X7 = [
    {"patch": 21, "cells": [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 2]]},
    {"patch": 2, "cells": [[0, 3], [0, 5], [1, 3], [1, 4], [1, 5], [2, 4]]},
    {"patch": 16, "cells": [[0, 6], [1, 6], [2, 5], [2, 6], [3, 5], [3, 6]]},
    {"patch": 22, "cells": [[2, 1], [3, 0], [3, 1], [3, 2], [4, 0], [4, 1], [4, 2], [5, 1]]},
    {"patch": 5, "cells": [[2, 3], [3, 3], [4, 3], [5, 2], [5, 3], [5, 4]]},
    {"patch": 6, "cells": [[3, 4], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6]]},
    {"patch": 4, "cells": [[5, 0], [6, 0], [6, 1], [6, 2], [6, 3]]},
    {"patch": 19, "cells": [[6, 4], [6, 5], [6, 6]]},
]
"""Eight real patches filling rows and columns 0–6 but for (0, 1) and (0, 4): 7 + 6 + 6 + 8 + 6
+ 6 + 5 + 3 = 47 cells; two leather patches there make the 49."""
CORNER_LEATHER = [[0, 1], [0, 4]]
