"""The live server every generated-client test plays against."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.clients.harness import serve

collect_ignore_glob = ["generated/*"]  # generated clients, never tests of this project


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    yield from serve()
