"""Mutation testing of the rule modules: `make mutate` (or `python -m tests.mutation.run`).

Each target is one module and the fast tests of its game. mutmut mutates a scratch copy of the
tree (never the working tree), runs the tests that cover each mutated function, and this runner
compares the survivors with `equivalent.toml`: a survivor listed there (with its reason) is an
equivalent mutant; any other survivor fails the run.

A mutant is named by what it changes (module, function, removed and added lines), not by
mutmut's running number, so the list survives edits elsewhere in a module.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENTS = Path(__file__).with_name("equivalent")
"""One file per target (``<target>.toml``) listing its equivalent mutants."""
MUTMUT = Path(sys.executable).with_name("mutmut")

PATCHWORK_TESTS = ("tests/engines/patchwork", "tests/golden/test_patchwork_golden.py")
CALICO_TESTS = ("tests/engines/calico", "tests/golden/test_calico_golden.py")
CASTLE_COMBO_TESTS = ("tests/engines/castle_combo", "tests/golden/test_castle_combo_golden.py")
CALICO_SIMPLIFIED_TESTS = (
    "tests/engines/calico_simplified",
    "tests/golden/test_calico_simplified_golden.py",
)
ISLE_OF_CATS_TESTS = ("tests/engines/isle_of_cats", "tests/golden/test_isle_of_cats_golden.py")
CORE_TESTS = ("tests/engines/core", *PATCHWORK_TESTS, *CALICO_TESTS)

# target name → (module mutated, tests run against it)
TARGETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "patchwork.rules": ("engines/patchwork/rules.py", PATCHWORK_TESTS),
    "patchwork.scoring": ("engines/patchwork/scoring.py", PATCHWORK_TESTS),
    "patchwork.positions": ("engines/patchwork/positions.py", PATCHWORK_TESTS),
    "calico.scoring": ("engines/calico/scoring.py", CALICO_TESTS),
    "calico.earning": ("engines/calico/earning.py", CALICO_TESTS),
    "calico.rules": ("engines/calico/rules.py", CALICO_TESTS),
    "calico_simplified.rules": ("engines/calico_simplified/rules.py", CALICO_SIMPLIFIED_TESTS),
    "castle_combo.rules": ("engines/castle_combo/rules.py", CASTLE_COMBO_TESTS),
    "castle_combo.scoring": ("engines/castle_combo/scoring.py", CASTLE_COMBO_TESTS),
    "castle_combo.abilities": ("engines/castle_combo/abilities.py", CASTLE_COMBO_TESTS),
    "castle_combo.tableau": ("engines/castle_combo/tableau.py", CASTLE_COMBO_TESTS),
    "isle_of_cats.rules": ("engines/isle_of_cats/rules.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.supply": ("engines/isle_of_cats/supply.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.draws": ("engines/isle_of_cats/draws.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.plays": ("engines/isle_of_cats/plays.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.decisions": ("engines/isle_of_cats/decisions.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.checks": ("engines/isle_of_cats/checks.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.choices": ("engines/isle_of_cats/choices.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.modes": ("engines/isle_of_cats/modes.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.effects": ("engines/isle_of_cats/effects.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.lessons": ("engines/isle_of_cats/lessons.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.boat": ("engines/isle_of_cats/boat.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.scoring": ("engines/isle_of_cats/scoring.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.solo_rules": ("engines/isle_of_cats/solo_rules.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.solo_scoring": ("engines/isle_of_cats/solo_scoring.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.sister_cards": ("engines/isle_of_cats/sister_cards.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.family_scoring": ("engines/isle_of_cats/family_scoring.py", ISLE_OF_CATS_TESTS),
    "isle_of_cats.family_cards": ("engines/isle_of_cats/family_cards.py", ISLE_OF_CATS_TESTS),
    "core.rng": ("engines/core/rng.py", CORE_TESTS),
    "core.polyomino": ("engines/core/polyomino.py", CORE_TESTS),
    "core.hexgrid": ("engines/core/hexgrid.py", CORE_TESTS),
    "core.scoring": ("engines/core/scoring.py", CORE_TESTS),
    "core.envelope": ("engines/core/envelope.py", CORE_TESTS),
}

# mutmut's exit codes per mutant (mutmut.stats.status_by_exit_code)
KILLED_CODES = {1, 3}
TIMEOUT_CODES = {36, -24, 24, 152}
"""Killed by the time limit: SIGXCPU (mutmut's wall-clock and CPU limits both send it)."""
UNCOLLECTED_CODES = {255}
"""mutmut files 255 under "timeout", but its worker exits 255 when pytest could not collect the
tests (a test module whose import-time code calls the mutated function and fails). mutmut's
clean run collected them from the same frozen copy, so the mutant broke them: killed, and
counted apart."""
TYPE_CHECKED_CODES = {37}
"""Refused by mypy before any test ran (:data:`TYPE_CHECK`): `make test` type-checks the engines
strictly, so such a mutant cannot land; killed, and counted apart."""
SURVIVED_CODES = {0}
NO_TESTS_CODES = {5, 33}

FAST_PYTEST = {
    "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    "PYTEST_ADDOPTS": "-p _hypothesis_pytestplugin -p tests.mutation.quickest_first",
}
"""Each mutant's pytest loads only the plugin the engine tests use: loading every installed one
(schemathesis, anyio, xdist) took most of a mutant's time. mutmut's clean run of the unmutated
code shows the tests pass without them. It runs the quickest tests first
(`tests/mutation/quickest_first.py`)."""

TYPE_CHECK = ("mypy", "--output", "json", "--no-warn-unused-ignores")
"""mutmut type-checks the mutated module once, with the project's strict settings, and runs no
test for a mutant whose function no longer type-checks: about half of them (a value swapped for
None, an argument dropped). mutmut's own wrappers carry `type: ignore` comments that strict mode
would call unused. mutmut recognises mypy by a first word of exactly "mypy": the venv's `bin` is
put first on the run's PATH."""

RECHECK_SECONDS = 600
"""The longest a survivor's run against every test of its target may take (they take 30 s)."""

FROZEN = ("engines", "service", "tests", "docs")
"""Copied into the scratch directory: the code the tests import (service too: the golden tests
hash states with it) and the docs some of them hold to the engine (a rules page's printed
entries), so a run sees one version of the tree even while it is being edited."""


@dataclass(frozen=True)
class Mutant:
    """A surviving mutant, named by what it changes."""

    module: str
    function: str
    removed: tuple[str, ...]
    added: tuple[str, ...]
    mutmut_name: str

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
        return (self.module, self.function, self.removed, self.added)

    def describe(self) -> str:
        lines = [f"{self.module} :: {self.function}  ({self.mutmut_name})"]
        lines += [f"  - {line}" for line in self.removed]
        lines += [f"  + {line}" for line in self.added]
        return "\n".join(lines)


@dataclass
class Outcome:
    target: str
    module: str
    mutants: int = 0
    killed: int = 0
    timeouts: int = 0
    equivalent: int = 0
    uncollected: int = 0
    """Killed by breaking the collection of a test module (:data:`UNCOLLECTED_CODES`)."""
    type_checked: int = 0
    """Killed by mypy before any test ran (:data:`TYPE_CHECKED_CODES`)."""
    rechecked: int = 0
    """Survivors of mutmut's run that every test of the target then killed (:func:`recheck`)."""
    survivors: list[Mutant] = field(default_factory=list)
    seconds: float = 0.0


def load_equivalents(
    folder: Path = EQUIVALENTS,
) -> dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], str]:
    """The committed equivalent mutants: key → reason. Every entry must give a reason."""
    entries = [
        entry
        for path in sorted(folder.glob("*.toml"))
        for entry in tomllib.loads(path.read_text("utf-8")).get("equivalent", [])
    ]
    known: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], str] = {}
    for entry in entries:
        reason = entry["reason"].strip()
        if not reason:
            raise ValueError(f"equivalent mutant without a reason: {entry}")
        key = (
            entry["module"],
            entry["function"],
            tuple(line.strip() for line in entry["removed"]),
            tuple(line.strip() for line in entry["added"]),
        )
        known[key] = reason
    return known


def scratch_copy(workdir: Path, module: str, tests: Iterable[str]) -> None:
    """Copy the code and tests into `workdir` with this target's mutmut settings."""
    for name in FROZEN:
        shutil.copytree(
            ROOT / name,
            workdir / name,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules"),
        )
    selection = json.dumps([*tests])
    target_settings = f"only_mutate = {json.dumps([module])}\n"
    target_settings += f"pytest_add_cli_args_test_selection = {selection}\n"
    target_settings += f"type_check_command = {json.dumps([*TYPE_CHECK, module])}\n"
    shutil.copy2(ROOT / "openapi.yaml", workdir / "openapi.yaml")  # read by schema tests
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    if "[tool.mutmut]\n" not in pyproject:
        raise SystemExit("pyproject.toml has no [tool.mutmut] section")
    pyproject = pyproject.replace("[tool.mutmut]\n", "[tool.mutmut]\n" + target_settings, 1)
    # mutmut copies only `also_copy` next to the mutated engines; service/ must be there too, or
    # the tests would import the working tree's.
    also_copy: list[str] = tomllib.loads(pyproject)["tool"]["mutmut"].get("also_copy", [])
    if "service" not in also_copy:
        line = f"also_copy = {json.dumps(also_copy)}\n"
        wanted = f"also_copy = {json.dumps([*also_copy, 'service'])}\n"
        if line in pyproject:
            pyproject = pyproject.replace(line, wanted, 1)
        elif also_copy:
            raise SystemExit("pyproject.toml: write [tool.mutmut] also_copy on one line")
        else:
            pyproject = pyproject.replace("[tool.mutmut]\n", "[tool.mutmut]\n" + wanted, 1)
    (workdir / "pyproject.toml").write_text(pyproject, "utf-8")


def changed_lines(diff: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    removed: list[str] = []
    added: list[str] = []
    for line in diff.splitlines():
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-"):
            removed.append(line[1:].strip())
        elif line.startswith("+"):
            added.append(line[1:].strip())
    return tuple(removed), tuple(added)


def function_of(mutmut_name: str) -> str:
    """`engines.calico.rules.x_apply__mutmut_3` → `apply`; methods keep their class."""
    local = mutmut_name.rsplit(".", 1)[-1]
    local = local.rsplit("__mutmut_", 1)[0]
    if local.startswith("x_"):
        return local[2:]
    # a method is mangled as xǁClassǁmethod
    return local.replace("xǁ", "").replace("ǁ", ".")


def read_outcome(workdir: Path, target: str, module: str) -> Outcome:
    """Read mutmut's results from a finished run in `workdir`."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    meta = json.loads((workdir / "mutants" / (module + ".meta")).read_text("utf-8"))
    outcome = Outcome(target, module)
    here = Path.cwd()
    os.chdir(workdir)
    try:
        for name, code in sorted(meta["exit_code_by_key"].items()):
            outcome.mutants += 1
            if code in KILLED_CODES:
                outcome.killed += 1
            elif code in TIMEOUT_CODES:
                outcome.timeouts += 1
            elif code in UNCOLLECTED_CODES:
                outcome.killed += 1
                outcome.uncollected += 1
            elif code in TYPE_CHECKED_CODES:
                outcome.killed += 1
                outcome.type_checked += 1
            else:
                # survived, no tests, or anything unexpected: judged against the list
                removed, added = changed_lines(get_diff_for_mutant(name, path=module))
                outcome.survivors.append(Mutant(module, function_of(name), removed, added, name))
    finally:
        os.chdir(here)
    return outcome


def run_target(target: str, workdir: Path, children: int) -> tuple[Outcome, float]:
    module, tests = TARGETS[target]
    scratch_copy(workdir, module, tests)
    env = {**os.environ, **FAST_PYTEST}
    env["PATH"] = f"{MUTMUT.parent}{os.pathsep}{env.get('PATH', '')}"  # TYPE_CHECK's mypy
    # Each mutant runs in a fresh process that imports the mutated modules anew: compiled once
    # into the scratch copy (thrown away afterwards), they load fast every later time.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.monotonic()
    completed = subprocess.run(
        [str(MUTMUT), "run", "--max-children", str(children)],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
    )
    if completed.returncode != 0:
        sys.stdout.write(completed.stdout[-4000:] + completed.stderr[-4000:])
        raise SystemExit(f"mutmut failed on {target} (exit {completed.returncode})")
    outcome = read_outcome(workdir, target, module)
    recheck(workdir, outcome, tests, children, env)
    return outcome, time.monotonic() - started


def recheck(
    workdir: Path, outcome: Outcome, tests: tuple[str, ...], children: int, env: dict[str, str]
) -> None:
    """Run each survivor once more against every test of its target, in a fresh process.

    mutmut gives a mutant only the tests that called its function, and learns them by giving the
    calls made before a test ends to that test: a function called while the modules are imported
    (a table of cards or lessons built at import) is given the first test that ran, whatever it
    checks. A survivor that the whole selection kills was only missed by that mapping: killed,
    counted apart. A mutant that makes the whole selection run past :data:`RECHECK_SECONDS`
    timed out."""
    settings = tomllib.loads((workdir / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    command = [sys.executable, "-m", "pytest", "-x", "--rootdir=.", "-p", "no:randomly"]
    command += [*settings.get("pytest_add_cli_args", []), *tests]

    def run(mutant: Mutant) -> int | None:
        try:
            return subprocess.run(
                command,
                cwd=workdir / "mutants",
                env={**env, "MUTANT_UNDER_TEST": mutant.mutmut_name},
                capture_output=True,
                timeout=RECHECK_SECONDS,
            ).returncode
        except subprocess.TimeoutExpired:
            return None

    with ThreadPoolExecutor(max(1, children)) as pool:
        codes = list(pool.map(run, outcome.survivors))
    survivors = []
    for mutant, code in zip(outcome.survivors, codes, strict=True):
        if code == 0:
            survivors.append(mutant)
        elif code is None:
            outcome.timeouts += 1
        elif code in (1, 2, 3):  # tests failed, collection broken, internal error
            outcome.killed += 1
            outcome.rechecked += 1
        else:
            raise SystemExit(f"pytest exited {code} on {mutant.mutmut_name}: check the selection")
    outcome.survivors = survivors


def judge(
    outcome: Outcome, equivalents: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], str]
) -> list[Mutant]:
    """Count the listed equivalents; return the survivors that are not listed."""
    unexplained = [m for m in outcome.survivors if m.key not in equivalents]
    outcome.equivalent = len(outcome.survivors) - len(unexplained)
    return unexplained


def stale_entries(
    outcomes: list[Outcome],
    equivalents: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], str],
) -> list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]:
    """Listed equivalents of a module that ran but that no survivor matched any more."""
    ran = {o.module for o in outcomes}
    seen = {m.key for o in outcomes for m in o.survivors}
    return [k for k in equivalents if k[0] in ran and k not in seen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("targets", nargs="*", help=f"any of {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--children", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--keep", type=Path, help="run in this directory and keep it")
    args = parser.parse_args(argv)
    targets = args.targets or list(TARGETS)
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s): {', '.join(unknown)}")

    equivalents = load_equivalents()
    outcomes: list[Outcome] = []
    failed: list[Mutant] = []
    for target in targets:
        if args.keep:
            workdir = args.keep / target
            shutil.rmtree(workdir, ignore_errors=True)
            workdir.mkdir(parents=True)
            outcome, seconds = run_target(target, workdir, args.children)
        else:
            with tempfile.TemporaryDirectory(prefix=f"mutate-{target}-") as scratch:
                outcome, seconds = run_target(target, Path(scratch), args.children)
        outcome.seconds = seconds
        unexplained = judge(outcome, equivalents)
        outcomes.append(outcome)
        failed += unexplained
        print(
            f"{outcome.module}: {outcome.mutants} mutants, {outcome.killed} killed, "
            f"{outcome.timeouts} timed out, {outcome.equivalent} equivalent, "
            f"{len(unexplained)} surviving, {outcome.seconds:.0f} s",
            flush=True,
        )
        for mutant in unexplained:
            print(mutant.describe(), flush=True)
        if outcome.uncollected:
            print(f"  ({outcome.uncollected} of the killed broke the collection of a test module)")
        if outcome.rechecked:
            print(f"  ({outcome.rechecked} of the killed survived mutmut's run, not every test)")
        if outcome.type_checked:
            print(f"  ({outcome.type_checked} of the killed were refused by mypy)")

    for module, function, removed, added in stale_entries(outcomes, equivalents):
        print(f"listed as equivalent, no longer produced: {module} :: {function}")
        print(f"  - {removed}\n  + {added}")
    print()
    print("| module | mutants | killed | timed out | equivalent | surviving | time (s) |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for o in outcomes:
        surviving = len(o.survivors) - o.equivalent
        print(
            f"| `{o.module}` | {o.mutants} | {o.killed} | {o.timeouts} | {o.equivalent} "
            f"| {surviving} | {o.seconds:.0f} |"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
