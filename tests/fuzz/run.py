"""``make fuzz``: atheris (libFuzzer for Python) over :func:`tests.fuzz.harness.one_input`.

``python -m tests.fuzz.run -runs=1000000`` (libFuzzer options pass through). The run starts
from a corpus of real bodies (each game's state and a legal action, for both paths of the
harness) in ``$TMPDIR/referee-fuzz-corpus``, kept between runs so each run starts where the
last one stopped (libFuzzer exits the process, so nothing runs after it); coverage guidance
covers the ``service`` and ``engines`` packages. A crash (an exception other than the typed
errors) stops the run, prints the input and saves it as ``crash-*`` in the working directory.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["service", "engines"]):
    from tests.fuzz import harness


def write_corpus(directory: Path) -> None:
    for n, seed in enumerate(harness.seeds()):
        body = json.dumps({"state": seed.state, "action": seed.actions[0]}).encode()
        (directory / f"body-{n}").write_bytes(bytes([0, n]) + body)
        (directory / f"engine-{n}").write_bytes(bytes([1, n]) + bytes(16))


def main(argv: list[str]) -> None:
    corpus = Path(tempfile.gettempdir()) / "referee-fuzz-corpus"
    corpus.mkdir(exist_ok=True)
    write_corpus(corpus)
    atheris.Setup([sys.argv[0], *argv, str(corpus)], harness.one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv[1:])
