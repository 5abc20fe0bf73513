"""Where the time of the test suite goes, per game: ``docs/testing.md`` holds each game's budget.

    .venv/bin/pytest -n 2 -q --junitxml=/tmp/junit.xml
    .venv/bin/python -m tests.budget /tmp/junit.xml

A test belongs to a game when the game's id is in its file path or in its name (parameters
included); the rest is shared (the service, the contract, the clients). Times are the sum of
the tests' own durations, as pytest reports them: with two workers the wall clock is about half.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

from engines import registry

SHARED = "(shared)"


def game_of(classname: str, name: str) -> str:
    """The game a test case belongs to, or :data:`SHARED`."""
    text = f"{classname}.{name}"
    for game in registry.all_games():
        if game.id in text:
            return game.id
    return SHARED


def seconds_per_game(junit_xml: str) -> dict[str, tuple[int, float]]:
    """``game -> (tests, seconds)`` over every test case of a JUnit XML report."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for case in ET.parse(junit_xml).iter("testcase"):
        game = game_of(case.get("classname", ""), case.get("name", ""))
        totals[game][0] += 1
        totals[game][1] += float(case.get("time", "0"))
    return {game: (int(n), t) for game, (n, t) in sorted(totals.items())}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    rows = seconds_per_game(argv[0])
    total = sum(t for _, t in rows.values())
    print(f"{'part':<16}{'tests':>8}{'seconds':>10}{'share':>8}")
    for game, (tests, seconds) in rows.items():
        print(f"{game:<16}{tests:>8}{seconds:>10.1f}{seconds / total:>8.0%}")
    print(f"{'total':<16}{sum(n for n, _ in rows.values()):>8}{total:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
