"""A seeded bag's keys written and read back, whatever its length (one itemgetter for two or
more, which gives the item itself for one index and cannot be built for none)."""

from __future__ import annotations

import pytest

from engines.calico.catalogue import TILE_BY_KEY, TILE_KEYS, tile_keys
from engines.calico.jsonio import read_tile_keys
from engines.core.errors import ViolationCollector


@pytest.mark.parametrize("tiles", [(), (7,), (7, 7), (0, 35, 12)])
def test_a_bag_of_any_length_is_written_and_read_back(tiles: tuple[int, ...]) -> None:
    keys = tile_keys(tiles)
    assert keys == [TILE_KEYS[t] for t in tiles]
    assert type(keys) is list
    v = ViolationCollector()
    assert read_tile_keys(keys, "/hidden/bag", v) == list(tiles)
    assert not v.violations


@pytest.mark.parametrize(
    ("keys", "pointer"),
    [
        (["nope"], "/hidden/bag/0"),
        (["green-dots", "nope"], "/hidden/bag/1"),
        ([["x"]], "/hidden/bag/0"),
    ],
)
def test_an_unknown_key_is_named_at_its_place(keys: list[object], pointer: str) -> None:
    v = ViolationCollector()
    read = read_tile_keys(keys, "/hidden/bag", v)
    assert read == [TILE_BY_KEY[k] for k in keys if isinstance(k, str) and k in TILE_BY_KEY]
    assert [(x.code, x.pointer) for x in v.violations] == [("INVALID_TILE", pointer)]
