"""The wheel's layout: ``engines`` and ``service`` moved under ``tabletop_referee``.

The repository keeps its two folders at the top (the code, the tests and mutmut import
``engines.…`` and ``service.…``), but a wheel that installed top-level packages of those names
would collide with an application's own. So the wheel's build moves both folders under the one
package it claims and rewrites their absolute imports, as pip's ``vendoring`` tool does for the
packages pip vendors. The editable install (``make``) keeps the checkout's layout.

What is rewritten, in every ``.py`` file moved:

- ``from engines…`` / ``from service…`` and ``import engines.x as y`` at the start of a line;
- a string that names a module path to import: ``"engines.calico:CALICO"``,
  ``f"engines.{game.id}.render"``, ``"service:create_app()"``,
  ``"service.worker.ProblemSyncWorker"`` (a module path then ``:``, ``.{`` or a class name).

Logger names (``"service.requests"``) stay as they are, so the logs read the same in both
layouts. A bare ``import engines`` would bind the wrong name once rewritten: the build refuses
it rather than ship it.

setuptools loads this file by its path (``[tool.setuptools] cmdclass`` in pyproject.toml),
without importing ``service``, whose dependencies the isolated build environment lacks.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from setuptools.command.build_py import build_py  # type: ignore[import-untyped, unused-ignore]

PACKAGE = "tabletop_referee"
MOVED = ("engines", "service")

_IMPORT = re.compile(r"^(\s*)(from|import) (engines|service)(?=[. ])", re.MULTILINE)
_BARE_IMPORT = re.compile(r"^\s*import (engines|service)(\.\w+)*\s*$", re.MULTILINE)
_MODULE_STRING = re.compile(r"""(?<=["'])(engines|service)(?=(?:\.\w+)*(?::|\.\{|\.[A-Z]))""")


def rewrite(source: str) -> str:
    """``source`` with its imports of ``engines`` and ``service`` moved under ``PACKAGE``."""
    bare = _BARE_IMPORT.search(source)
    if bare:
        raise ValueError(f"write `from … import …` or `import … as …`, not {bare.group(0)!r}")
    source = _IMPORT.sub(rf"\1\2 {PACKAGE}.\3", source)
    return _MODULE_STRING.sub(rf"{PACKAGE}.\1", source)


def relocate(build_lib: Path) -> None:
    """Move ``engines`` and ``service`` of a build directory under ``PACKAGE`` (whose own files
    setuptools has already put there) and rewrite every module under it."""
    top = build_lib / PACKAGE
    for name in MOVED:
        target = top / name
        if target.exists():
            shutil.rmtree(target)  # an earlier build's, in a reused build directory
        shutil.move(build_lib / name, target)
    for module in top.rglob("*.py"):
        text = module.read_text("utf-8")
        module.write_text(rewrite(text), "utf-8")


class BuildPy(build_py):  # type: ignore[misc, unused-ignore]
    """setuptools' ``build_py``, then :func:`relocate`, except for an editable install."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            relocate(Path(self.build_lib))
