"""Settings shared by the whole suite."""

from __future__ import annotations

from hypothesis import settings

# Tests never assert wall-clock time: hypothesis's per-example deadline (200 ms) fails a test
# whose example ran slowly only because the machine was busy, so it is off everywhere.
settings.register_profile("referee", deadline=None)
settings.load_profile("referee")
