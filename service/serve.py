"""``tabletop-referee``: the installed console script that serves the API on gunicorn.

It runs what ``make run`` runs, with the gunicorn settings shipped inside the package, so an
installed copy needs no checkout: ``PORT=9000 tabletop-referee``. Arguments are passed on to
gunicorn (``tabletop-referee --workers 4``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from gunicorn.app.wsgiapp import run  # type: ignore[import-untyped]

GUNICORN_CONF = Path(__file__).resolve().parent / "gunicorn_conf.py"
APP = "service:create_app()"


def gunicorn_argv(args: Sequence[str]) -> list[str]:
    """gunicorn's command line: the packaged settings, the caller's arguments, then the app."""
    return ["gunicorn", "--config", str(GUNICORN_CONF), *args, APP]


def main() -> None:
    sys.argv = gunicorn_argv(sys.argv[1:])
    run()
