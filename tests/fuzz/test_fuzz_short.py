"""The short fuzz run of ``make test``: the harness over a fixed corpus, no fuzzer needed.

Inputs are deterministic (a seeded generator), so a failure here reproduces; ``make fuzz`` runs
the same harness under atheris for a million coverage-guided inputs.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.fuzz.harness import one_input, seeds

INPUTS = 1500


def _corpus() -> list[bytes]:
    rng = random.Random(20261201)
    out = []
    for game in seeds():
        body = json.dumps({"state": game.state, "action": game.actions[0]}).encode()
        out.append(b"\x00\x00" + body)  # the body reader and validator, on a real body
        for _ in range(100):  # and on real bodies with a few bytes changed
            flipped = bytearray(body)
            for _ in range(rng.randint(1, 4)):
                flipped[rng.randrange(len(flipped))] = rng.getrandbits(8)
            out.append(bytes([0, rng.getrandbits(8)]) + bytes(flipped))
    for _ in range(INPUTS):
        size = rng.choice([4, 16, 64, 256])
        out.append(bytes(rng.getrandbits(8) for _ in range(size)))
    return out


def test_the_harness_accepts_the_real_bodies() -> None:
    for game in seeds():
        one_input(b"\x01" + bytes(10))  # engine path, no mutation
        assert game.actions


@pytest.mark.parametrize("chunk", range(4))
def test_arbitrary_inputs_raise_only_the_typed_errors(chunk: int) -> None:
    corpus = _corpus()
    for data in corpus[chunk::4]:
        one_input(data)
