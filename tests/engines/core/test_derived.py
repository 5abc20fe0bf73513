"""engines/core/derived.py: a value derived from a frozen state, computed once per instance."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from engines.core.derived import derived

CALLS: list[int] = []


@dataclass(frozen=True)
class Pair:
    a: int
    b: int

    @derived
    def total(self) -> int:
        """a + b"""
        CALLS.append(self.a)
        return self.a + self.b


def test_a_derived_value_is_computed_once_per_instance() -> None:
    CALLS.clear()
    one, two = Pair(1, 2), Pair(10, 20)
    assert (one.total, one.total, two.total) == (3, 3, 30)
    assert CALLS == [1, 10]
    assert one.__dict__["total"] == 3  # kept on the instance, read as a plain attribute then


def test_the_class_gives_the_descriptor_and_the_state_stays_frozen() -> None:
    assert isinstance(Pair.__dict__["total"], derived)
    assert Pair.total.__doc__ == "a + b"
    with pytest.raises(FrozenInstanceError):
        Pair(1, 2).a = 5  # type: ignore[misc]
    assert Pair(1, 2) == Pair(1, 2)  # the derived value takes no part in equality
    seen = Pair(1, 2)
    assert seen.total == 3
    assert seen == Pair(1, 2)
