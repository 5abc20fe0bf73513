"""The project's counter-based generator, ``sha256-ctr-v1``.

Every shuffle and draw in seeded mode comes from here, never from :mod:`random`, whose
``shuffle`` and ``randrange`` algorithms may change between Python versions. The construction is
simple enough to re-implement in any language:

``word(seed, counter)``
    ``SHA-256( b"sha256-ctr-v1" || 0x00 || utf8(seed) || 0x00 || uint64_be(counter) )``;
    the first 8 bytes of the digest, read as an unsigned big-endian integer (0 <= word < 2**64).

``randbelow(n)`` for ``n >= 1``
    ``limit = 2**64 - (2**64 mod n)``. Take ``w = word(seed, counter)`` and add 1 to ``counter``,
    until ``w < limit``; the result is ``w mod n``. Rejection keeps it exactly uniform, and every
    call consumes at least one counter value.

``shuffle(items)``
    Fisher–Yates from the end: for ``i`` from ``len - 1`` down to ``1``, ``j = randbelow(i + 1)``,
    swap items ``i`` and ``j``.

The counter lives in the game state, so the state alone decides every future draw.

>>> rng = CounterRng("demo", 0)
>>> rng.shuffle(["a", "b", "c", "d"])
['b', 'a', 'c', 'd']
>>> rng.counter
3
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

ALGORITHM = "sha256-ctr-v1"
_PREFIX = ALGORITHM.encode("ascii") + b"\x00"
_SPAN = 1 << 64

T = TypeVar("T")


def word(seed: str, counter: int) -> int:
    """The 64-bit output of the generator at ``counter``."""
    digest = hashlib.sha256(
        _PREFIX + seed.encode("utf-8") + b"\x00" + counter.to_bytes(8, "big")
    ).digest()
    return int.from_bytes(digest[:8], "big")


def new_seed() -> str:
    """A fresh random seed, for a setup that did not give one."""
    return secrets.token_hex(16)


class CounterRng:
    """A cursor over the stream of one seed; the caller stores ``counter`` back in the state."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: str, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n < 1:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        limit = _SPAN - (_SPAN % n)
        while True:
            w = word(self.seed, self.counter)
            self.counter += 1
            if w < limit:
                return w % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (Fisher–Yates on :meth:`randbelow`)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.randbelow(len(items))]
