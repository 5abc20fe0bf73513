"""A value derived from an immutable state, computed on first use and kept on the instance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class derived(Generic[T]):
    """``functools.cached_property`` without its lock.

    Python 3.11's ``cached_property`` takes a lock on every first read of every instance (3.12
    dropped it): about 6,300 instructions where this costs 3,000, and a request reads a dozen
    such values of new states. The engines' states are immutable values, so two threads that
    compute one value at once compute equal ones. The value goes into the instance's
    ``__dict__``, which a frozen dataclass allows, and is then read as a plain attribute.
    """

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | derived[T]:
        if instance is None:
            return self
        value: T = self.func(instance)
        instance.__dict__[self.name] = value
        return value
