"""The equivalent-mutant lists `make mutate` reads: a file per target, entries of its module."""

from __future__ import annotations

import tomllib

from tests.mutation.run import EQUIVALENTS, TARGETS, load_equivalents


def test_each_list_is_named_after_a_target_and_lists_only_that_targets_module() -> None:
    files = sorted(EQUIVALENTS.glob("*.toml"))
    assert files, "the lists are in tests/mutation/equivalent/"
    for path in files:
        assert path.stem in TARGETS, f"{path.name} is named after no target"
        module = TARGETS[path.stem][0]
        entries = tomllib.loads(path.read_text("utf-8"))["equivalent"]
        assert [e["module"] for e in entries] == [module] * len(entries), path.name


def test_every_listed_mutant_has_a_reason_and_is_listed_once() -> None:
    entries = [
        entry
        for path in sorted(EQUIVALENTS.glob("*.toml"))
        for entry in tomllib.loads(path.read_text("utf-8"))["equivalent"]
    ]
    assert all(e["reason"].strip() for e in entries)
    # load_equivalents keys by what a mutant changes: a key given twice would hide one reason.
    assert len(load_equivalents()) == len(entries)
