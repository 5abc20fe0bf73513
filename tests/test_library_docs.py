"""docs/library.md stays true: each Python block runs and prints the text block after it.

In the checkout the modules are the top-level ``engines`` and ``service``, so the blocks run with
``tabletop_referee.`` dropped from their imports; tests/service/test_integration_packaging.py
runs them as written against an installed wheel.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

LIBRARY = Path(__file__).resolve().parents[1] / "docs" / "library.md"
_BLOCK = re.compile(r"```python\n(.*?)```\n\n```text\n(.*?)```", re.DOTALL)


def examples(text: str) -> list[tuple[str, str]]:
    """Each ``python`` block of the page and the ``text`` block that shows what it prints."""
    return [(m.group(1), m.group(2)) for m in _BLOCK.finditer(text)]


def in_checkout(code: str) -> str:
    """The block as it imports in a checkout, where the wheel's package is not installed."""
    return code.replace("tabletop_referee.", "")


def printed(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(LIBRARY), "exec"), {"__name__": "library_example"})
    return out.getvalue()


EXAMPLES = examples(LIBRARY.read_text("utf-8"))


def test_every_python_block_shows_what_it_prints() -> None:
    python_blocks = LIBRARY.read_text("utf-8").count("```python\n")
    assert len(EXAMPLES) == python_blocks == 3


@pytest.mark.parametrize(("code", "expected"), EXAMPLES, ids=["game", "json", "errors"])
def test_a_block_prints_what_the_page_shows(code: str, expected: str) -> None:
    assert "from tabletop_referee.engines" in code
    assert printed(in_checkout(code)) == expected
