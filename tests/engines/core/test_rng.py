"""Test vectors for sha256-ctr-v1: another implementation must reproduce these exactly."""

from __future__ import annotations

import hashlib

import pytest

from engines.core.rng import CounterRng, new_seed, word


def test_word_is_the_first_8_bytes_of_the_documented_digest() -> None:
    digest = hashlib.sha256(b"sha256-ctr-v1\x00vector\x00" + (0).to_bytes(8, "big")).digest()
    assert word("vector", 0) == int.from_bytes(digest[:8], "big") == 0x8955D67D44CB979F


def test_word_vectors() -> None:
    assert [word("sha256-ctr-v1 test", i) for i in range(3)] == [
        16340094478096768781,
        11256473663786484802,
        6908746377831479427,
    ]


def test_randbelow_vectors() -> None:
    rng = CounterRng("vector", 0)
    assert [rng.randbelow(6) for _ in range(8)] == [5, 5, 2, 1, 5, 4, 2, 0]
    assert rng.counter == 8


def test_randbelow_rejects_words_above_the_limit() -> None:
    # For n = 2**63 + 1 nearly half the words are rejected; seed "x" rejects its first word.
    rng = CounterRng("x", 0)
    assert rng.randbelow(2**63 + 1) == 2384028900067219955
    assert rng.counter == 2


def test_shuffle_vector_is_fisher_yates_from_the_end() -> None:
    rng = CounterRng("vector", 0)
    assert rng.shuffle(list(range(10))) == [9, 2, 6, 0, 1, 8, 3, 4, 5, 7]
    assert rng.counter == 9


def test_the_counter_resumes_the_stream() -> None:
    whole = CounterRng("resume", 0)
    first = [whole.randbelow(100) for _ in range(5)]
    rest = [whole.randbelow(100) for _ in range(5)]
    resumed = CounterRng("resume", 5)
    assert [resumed.randbelow(100) for _ in range(5)] == rest
    assert first != rest


def test_randbelow_is_uniform_enough() -> None:
    rng = CounterRng("uniform", 0)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(6)] += 1
    assert all(900 < c < 1100 for c in counts), counts


def test_randbelow_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError):
        CounterRng("x").randbelow(0)


# --- draws and seeds --------------------------------------------------------------------------


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
