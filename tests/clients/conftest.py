"""The live server every generated-client test plays against, and which tests ``make test`` runs.

openapi-generator's clients (``test_openapi_generator.py``: three JVM runs, ``tsc`` and ``mypy``,
some 45 s of CPU) run only in ``make clients`` (``CLIENTS=all``), which keeps ``make test`` under
its time budget; the two other generators run in both (docs/testing.md).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.clients.harness import serve

collect_ignore = [] if os.environ.get("CLIENTS") == "all" else ["test_openapi_generator.py"]
collect_ignore_glob = ["generated/*"]  # generated clients, never tests of this project


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    yield from serve()
