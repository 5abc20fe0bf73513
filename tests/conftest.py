"""Settings shared by the whole suite."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Tests never assert wall-clock time: hypothesis's per-example deadline (200 ms) fails a test
# whose example ran slowly only because the machine was busy, so it is off everywhere.
settings.register_profile("referee", deadline=None)
settings.load_profile("referee")


SLOW_TO_COLLECT = {"test_generated_requests.py"}
"""Modules of slow tests only, whose collection alone is slow (schemathesis builds every
operation's cases: about 100 s, in each test worker)."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave a slow-only module out of a run that deselects slow tests (`make test`)."""
    if collection_path.name in SLOW_TO_COLLECT and "not slow" in (config.option.markexpr or ""):
        return True
    return None
