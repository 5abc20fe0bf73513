"""Every stable code an engine can answer is documented, in docs/api.md or its game's page.

The codes are read from the engines' source: the first argument of ``Reason(...)``, of a
collector's ``.add(...)``, of ``Violation(...)``, ``MalformedAction(...)`` or
``InvalidState(...)``, a ``code = "..."`` (or ``code="..."``), both sides of a conditional
code (``"A" if ... else "B"``) and the ``return "CODE", detail`` of a helper whose pair becomes a
reason or a violation (``Reason(*problem)``). A code is documented when it appears in backticks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("patchwork", "calico", "calico_simplified", "castle_combo", "isle_of_cats")

_CODE = r'"([A-Z][A-Z0-9_]{2,})"'
CODE_PATTERN = re.compile(
    r"(?:\b(?:Reason|Violation|MalformedAction|InvalidState)\(|\.add\(|\bcode\s*=|\breturn\s+)"
    r"\s*(?:code\s*=\s*)?" + _CODE + r"(?:\s+if\s[^\n]*?\selse\s+" + _CODE + r")?"
)
"""A code where one is answered; a call's arguments may start on the next line."""

GAME_IDS = {"PATCHWORK", "CALICO", "CALICO_SIMPLIFIED", "CASTLE_COMBO", "ISLE_OF_CATS"}
"""Upper-case strings of the engines that are game ids, not codes."""


def codes_in(source: str) -> set[str]:
    """Every code ``source`` can answer."""
    return {code for match in CODE_PATTERN.finditer(source) for code in match.groups() if code}


def undocumented(codes: set[str], docs: str) -> list[str]:
    """The codes that ``docs`` never names in backticks, sorted."""
    return sorted(code for code in codes if f"`{code}`" not in docs)


def _source(package: str) -> str:
    return "\n".join(p.read_text() for p in sorted((ROOT / "engines" / package).glob("*.py")))


def _doc(name: str) -> str:
    return (ROOT / "docs" / name).read_text()


def test_the_pattern_finds_codes_in_every_form() -> None:
    source = """
        return [Reason("NOT_YOUR_TURN", f"it is {name}'s turn")]
        reasons.append(Reason(
            "CANNOT_AFFORD",
            "too dear",
        ))
        v.add("OVERLAPS", pointer, "overlaps")
        v.add(
            "PURSE_OVERFLOW" if capacity else "NOT_A_PURSE",
            pointer,
            "too much gold",
        )
        raise InvalidState([Violation("INVALID_POSITION", "", "unreadable")])
        code = "MALFORMED_ACTION"
        return "OUTSIDE_BOAT", f"cells {cells} are not on the boat"
        seen.add(h)
        T = TypeVar("T")
        mode = "SEEDED_LOOKING_CONSTANT"
    """
    assert codes_in(source) == {
        "NOT_YOUR_TURN",
        "CANNOT_AFFORD",
        "OVERLAPS",
        "PURSE_OVERFLOW",
        "NOT_A_PURSE",
        "INVALID_POSITION",
        "MALFORMED_ACTION",
        "OUTSIDE_BOAT",
    }


def test_a_made_up_code_is_reported() -> None:
    docs = "| `NOT_YOUR_TURN` | another player is to move |\nMADE_UP_TOO without backticks"
    codes = {"NOT_YOUR_TURN", "MADE_UP_CODE", "MADE_UP_TOO"}
    assert undocumented(codes, docs) == ["MADE_UP_CODE", "MADE_UP_TOO"]


def test_every_upper_case_string_of_the_engines_is_a_code_or_a_game_id() -> None:
    """A code answered in a form the pattern misses would escape the check below."""
    for package in (*GAMES, "core"):
        source = _source(package)
        strings = set(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', source))
        assert strings - codes_in(source) - GAME_IDS == set(), package


def test_core_codes_are_documented_in_the_api_guide() -> None:
    codes = codes_in(_source("core"))
    assert {"MALFORMED_ACTION", "INVALID_STATE", "WRONG_GAME", "LOG_LENGTH"} <= codes
    assert len(codes) >= 10
    assert undocumented(codes, _doc("api.md")) == []


MINIMUM = {
    "patchwork": 25,
    "calico": 60,
    "calico_simplified": 25,
    "castle_combo": 40,
    "isle_of_cats": 60,
}


@pytest.mark.parametrize("game", GAMES)
def test_every_code_of_a_game_is_documented(game: str) -> None:
    codes = codes_in(_source(game))
    assert len(codes) >= MINIMUM[game], sorted(codes)
    docs = _doc("api.md") + _doc(f"rules/{game}.md")
    assert undocumented(codes, docs) == [], f"undocumented {game} codes"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_has_its_codes_section(game: str) -> None:
    page = _doc(f"rules/{game}.md")
    assert "\n## Codes\n" in page
    assert "`MALFORMED_ACTION`" in page.split("\n## Codes\n", 1)[1]
    assert f"rules/{game}.md#codes" in _doc("api.md")
