"""The generator's edges pinned where the mutation run found them loose: a fresh seed's form and
the refusal of an empty range."""

from __future__ import annotations

import pytest

from engines.core.rng import CounterRng, new_seed


def test_a_fresh_seed_is_16_random_bytes_in_hex() -> None:
    seeds = {new_seed() for _ in range(8)}
    assert len(seeds) == 8  # 128 random bits: a repeat would be a broken source
    for seed in seeds:
        assert len(seed) == 32 and int(seed, 16) >= 0 and seed == seed.lower()


def test_randbelow_refuses_an_empty_range_saying_why() -> None:
    for n in (0, -3):
        with pytest.raises(ValueError) as err:
            CounterRng("edge", 0).randbelow(n)
        assert str(err.value) == f"randbelow needs n >= 1, got {n}"


def test_a_word_equal_to_the_limit_is_rejected() -> None:
    # Seed "x": word 0 is w = 11136868509534141228 > 2**63, so for n = w the limit is
    # 2**64 - (2**64 mod w) = 2**64 - (2**64 - w) = w itself. Word 0 is not below the limit and is
    # rejected; word 1 = 2384028900067219955 < w is the draw, w1 mod w = w1, after 2 words.
    w = 11136868509534141228
    rng = CounterRng("x", 0)
    assert rng.randbelow(w) == 2384028900067219955
    assert rng.counter == 2
