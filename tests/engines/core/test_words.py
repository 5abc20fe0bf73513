"""The words every engine's details are written in (engines.core.errors)."""

from __future__ import annotations

from engines.core.errors import QUOTE_LIMIT, listing, quoted, quoted_listing, shown


def test_a_string_the_caller_chose_is_quoted_so_spaces_and_emptiness_show() -> None:
    assert quoted("ann") == "“ann”"
    assert quoted("Ann Smith") == "“Ann Smith”"
    assert quoted("") == "“”"
    assert quoted("x" * 70) == "“" + "x" * QUOTE_LIMIT + "…”"


def test_any_other_value_is_written_as_json() -> None:
    assert shown("ann") == "“ann”"
    assert shown(3) == "3"
    assert shown(2.5) == "2.5"
    assert shown(True) == "true"
    assert shown(None) == "null"
    assert shown([1, 2]) == "[1, 2]"
    assert shown((1, 2)) == "[1, 2]"
    assert shown({"a": ["b"]}) == '{"a": ["b"]}'
    assert shown(list(range(40))) == str(list(range(40)))[:QUOTE_LIMIT] + "…"


def test_a_list_reads_as_prose() -> None:
    assert listing([]) == "none"
    assert listing(["castle"]) == "castle"
    assert listing(["castle", "village"]) == "castle and village"
    assert listing([22, 11, 21]) == "22, 11 and 21"
    assert listing(["seeded", "external"], "or") == "seeded or external"
    assert listing([[1, 1], [1, 2]]) == "[1, 1] and [1, 2]"
    assert quoted_listing(["ann", "bob", "Ann Smith"]) == "“ann”, “bob” and “Ann Smith”"
    assert quoted_listing(["ann", None], "or") == "“ann” or null"
