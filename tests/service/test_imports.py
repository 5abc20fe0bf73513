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


MEMO_CACHES = 10
MUTABLE = {"list", "dict", "set", "bytearray", "MutableMapping", "MutableSequence", "MutableSet"}


def _memo_caches() -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, ast.expr, str]]:
    """Every function of ``engines/`` and ``service/`` that functools' ``cache`` or
    ``lru_cache`` remembers process-wide: where it is, the function, the decorator, and what it
    says of itself (the comment lines right above it or at the top of its body, its docstring)."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            source = path.read_text("utf-8")
            lines = source.splitlines()
            for node in ast.walk(ast.parse(source)):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for decorator in node.decorator_list:
                    called = decorator.func if isinstance(decorator, ast.Call) else decorator
                    name = getattr(called, "id", getattr(called, "attr", None))
                    if name in ("cache", "lru_cache"):
                        where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
                        found.append((where, node, decorator, _said(node, lines)))
    return found


def _said(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> str:
    above: list[str] = []
    at = min(d.lineno for d in node.decorator_list) - 2  # the line above the first decorator
    while at >= 0 and lines[at].lstrip().startswith("#"):
        above.insert(0, lines[at])
        at -= 1
    docstring = ast.get_docstring(node) is not None
    code = node.body[1 if docstring and len(node.body) > 1 else 0]  # its first statement
    inside = [
        line for line in lines[node.lineno : code.lineno - 1] if line.lstrip().startswith("#")
    ]
    return "\n".join([*above, *inside, ast.get_docstring(node) or ""])


def _bounded(decorator: ast.expr) -> bool:
    """``lru_cache`` with a maxsize (a number: ``None`` is no bound); ``cache`` has none to give,
    its keys must be a finite catalogue, which its comment names."""
    if not isinstance(decorator, ast.Call):
        return getattr(decorator, "id", getattr(decorator, "attr", None)) == "cache"
    sizes = [*decorator.args[:1], *(k.value for k in decorator.keywords if k.arg == "maxsize")]
    return bool(sizes) and not (isinstance(sizes[0], ast.Constant) and sizes[0].value is None)


def test_at_most_10_memo_caches_each_bounded_each_paying_its_way() -> None:
    caches = _memo_caches()
    assert 0 < len(caches) <= MEMO_CACHES, [where for where, *_ in caches]
    unbounded = [where for where, _, decorator, _ in caches if not _bounded(decorator)]
    assert unbounded == []
    unmeasured = [where for where, _, _, said in caches if "%" not in said]
    assert unmeasured == []  # each states the share of its requests it saves


def test_no_memo_cache_hands_out_a_mutable_value() -> None:
    """Every caller of a memo gets the one remembered value: a list or a dict would let one
    request change what every later one reads (a return type must be written, and immutable)."""
    mutable = [
        where
        for where, node, _, _ in _memo_caches()
        if node.returns is None
        or {getattr(n, "id", getattr(n, "attr", None)) for n in ast.walk(node.returns)} & MUTABLE
    ]
    assert mutable == []


def test_the_memo_cache_finder_reads_each_form_of_the_decorator() -> None:
    tree = ast.parse(
        "@lru_cache(maxsize=64)\ndef a(): ...\n@functools.lru_cache(None)\ndef b(): ...\n"
        "@lru_cache\ndef c(): ...\n@cache\ndef d(): ...\n@functools.cache\ndef e(): ...\n"
    )
    decorators = {n.name: n.decorator_list[0] for n in tree.body if isinstance(n, ast.FunctionDef)}
    bounded = {name for name, decorator in decorators.items() if _bounded(decorator)}
    assert bounded == {"a", "d", "e"}
    lines = [
        "# saves 5 % of x",
        "@cache",
        "def f():",
        '    """Doc."""',
        "    # why",
        "    return 1",
    ]
    f = ast.parse("\n".join(lines)).body[0]
    assert isinstance(f, ast.FunctionDef)
    assert _said(f, lines) == "# saves 5 % of x\n    # why\nDoc."
