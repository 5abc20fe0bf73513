"""The service's and the engines' modules import one another without a circle, no function is
long, and ``benchmarks/`` stays the size of a harness."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("service", "engines")
LONGEST_FUNCTION = 80
BENCHMARK_LINES = 1_500


def _modules(package: str = "service") -> dict[str, ast.Module]:
    out = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = ast.parse(path.read_text("utf-8"))
    return out


def _imports(tree: ast.Module, known: set[str], package: str = "service") -> set[str]:
    """The service's modules ``tree`` imports, wherever in the module (a function-level import
    that breaks a circle at load time is still a circle). ``from service import x`` imports
    the module ``service.x``, not the package's own ``__init__``, which is already loading."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named = {f"{node.module}.{alias.name}" for alias in node.names} & known
            found |= named or ({node.module} & known)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names} & known
    return found - {package}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for dep in sorted(graph[name]):
            found = visit(dep, [*path, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package: str) -> None:
    modules = _modules(package)
    graph = {name: _imports(tree, set(modules), package) - {name} for name, tree in modules.items()}
    assert _circle(graph) is None


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_function_is_longer_than_80_lines(package: str) -> None:
    long = [
        f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for name, tree in _modules(package).items()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > LONGEST_FUNCTION
    ]
    assert long == []


def test_the_benchmarks_are_at_most_1500_lines() -> None:
    lines = sum(len(p.read_text("utf-8").splitlines()) for p in (ROOT / "benchmarks").glob("*.py"))
    assert lines <= BENCHMARK_LINES
