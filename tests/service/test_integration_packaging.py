"""Packaging: one top-level name, the contract and ``py.typed`` inside, the entry points serve.

The wheel is built from a copy of the tree (so the build leaves nothing in the checkout) and
installed by pip into a fresh virtual environment under the test's temporary directory, away
from the checkout. Its dependencies are not downloaded again: a ``.pth`` line puts this
environment's site-packages on the new one's path, and a path added so is not a site
directory, so its own ``.pth`` files (the editable install's finder of the checkout's
``engines`` and ``service``) are not run there: the tests check that neither name imports.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.distribution.wheel_layout import rewrite
from service.serve import GUNICORN_CONF, gunicorn_argv
from tests.service.conftest import ROOT
from tests.test_library_docs import LIBRARY, examples

SOURCES = ("pyproject.toml", "README.md", "openapi.yaml", "engines", "service")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(
                path, src / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy(path, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--wheel-dir",
            str(out),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("tabletop_referee-*.whl")
    return built


def test_the_wheel_claims_one_top_level_name(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        tops = {name.split("/", 1)[0] for name in zf.namelist()}
    assert tops == {"tabletop_referee", "tabletop_referee-1.0.0.dist-info"}


def test_the_wheel_ships_the_contract_verbatim(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        shipped = zf.read("tabletop_referee/service/openapi.yaml")
    assert shipped == (ROOT / "openapi.yaml").read_bytes()


def test_the_wheel_is_typed(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert {
        "tabletop_referee/service/py.typed",
        "tabletop_referee/engines/py.typed",
        "tabletop_referee/service/gunicorn_conf.py",
        "tabletop_referee/engines/patchwork/data/patches.json",
        "tabletop_referee/__main__.py",
    } <= names
    assert not any("distribution" in name for name in names)  # the build's own files stay out


def test_the_wheel_declares_the_console_script(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        (entry_points,) = [n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = zf.read(entry_points).decode()
    assert "[console_scripts]" in text
    assert "tabletop-referee = tabletop_referee.__main__:main" in text


def test_the_modules_are_the_checkouts_but_for_their_imports(wheel: Path) -> None:
    checked = 0
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if not name.endswith(".py") or name.count("/") < 2:
                continue
            shipped = zf.read(name).decode()
            original = (ROOT / name.removeprefix("tabletop_referee/")).read_text("utf-8")
            assert shipped.replace("tabletop_referee.", "") == original, name
            assert not re.search(r"^\s*(from|import) (engines|service)\b", shipped, re.M), name
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from engines.core import x\n", "from tabletop_referee.engines.core import x\n"),
        (
            "    from service import problems\n",
            "    from tabletop_referee.service import problems\n",
        ),
        ("import engines.core.errors as e\n", "import tabletop_referee.engines.core.errors as e\n"),
        (
            '"calico": "engines.calico:CALICO",',
            '"calico": "tabletop_referee.engines.calico:CALICO",',
        ),
        ('APP = "service:create_app()"', 'APP = "tabletop_referee.service:create_app()"'),
        (
            'import_module(f"engines.{game.id}.render")',
            'import_module(f"tabletop_referee.engines.{game.id}.render")',
        ),
        (
            '"sync": "service.worker.ProblemSyncWorker",',
            '"sync": "tabletop_referee.service.worker.ProblemSyncWorker",',
        ),
        # kept: logger names, prose, other names that begin alike
        ('logging.getLogger("service.requests")', 'logging.getLogger("service.requests")'),
        ('logging.getLogger("service")', 'logging.getLogger("service")'),
        ("(``service.instrument``)", "(``service.instrument``)"),
        ("from services import x\n", "from services import x\n"),
        ('"engines_total"', '"engines_total"'),
    ],
)
def test_what_the_build_rewrites(source: str, expected: str) -> None:
    assert rewrite(source) == expected


@pytest.mark.parametrize("line", ["import engines\n", "  import service.routes\n"])
def test_the_build_refuses_a_bare_import(line: str) -> None:
    with pytest.raises(ValueError, match="not"):
        rewrite(line)


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed by pip; its ``bin`` directory."""
    where = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(purelib, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return where / "bin"


def run_in(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAPI_PATH", "PYTHONPATH")}
    return subprocess.run(
        [*args], cwd=cwd, env=env, capture_output=True, text=True, check=True, timeout=60
    )


def test_the_installed_package_is_the_only_name(venv: Path, tmp_path: Path) -> None:
    script = (
        "import importlib.util as u, tabletop_referee.service as s, tabletop_referee.service."
        "contract as c; print([u.find_spec(n) for n in ('engines', 'service')]);"
        "print(s.__file__); print(c.default_path());"
        "print(s.create_app().test_client().get('/openapi.yaml').status_code)"
    )
    done = run_in(venv, str(venv / "python"), "-c", script, cwd=tmp_path)
    missing, module, contract, status = done.stdout.split("\n")[:4]
    assert missing == "[None, None]"
    site = Path(module).parents[1]
    assert module == str(site / "service" / "__init__.py")
    assert site.name == "tabletop_referee" and "site-packages" in str(site)
    assert contract == str(site / "service" / "openapi.yaml")
    assert status == "200"


@pytest.mark.parametrize(("code", "expected"), examples(LIBRARY.read_text("utf-8")))
def test_the_library_page_runs_as_written(
    venv: Path, tmp_path: Path, code: str, expected: str
) -> None:
    done = run_in(venv, str(venv / "python"), "-c", code, cwd=tmp_path)
    assert done.stdout == expected


@pytest.mark.parametrize("entry", [["python", "-m", "tabletop_referee"], ["tabletop-referee"]])
def test_the_entry_points_are_gunicorn_with_the_packaged_settings(
    venv: Path, tmp_path: Path, entry: list[str]
) -> None:
    done = run_in(venv, str(venv / entry[0]), *entry[1:], "--help", cwd=tmp_path)
    assert done.stdout.startswith("usage: gunicorn [OPTIONS] [APP_MODULE]")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def installed_server(venv: Path, tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAPI_PATH", "PYTHONPATH")}
    env.update(BIND=f"127.0.0.1:{port}", PORT=str(port), WEB_CONCURRENCY="1")
    server = subprocess.Popen(
        [str(venv / "tabletop-referee")],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/readyz", timeout=2).close()
                break
            except OSError:
                assert server.poll() is None, server.communicate()[1][-2000:]
                assert time.monotonic() < deadline, "the installed server never got ready"
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def post(url: str, body: dict[str, Any]) -> tuple[int, str, bytes]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status, resp.headers["Content-Type"], resp.read()


def test_the_installed_console_script_serves_a_game(installed_server: str) -> None:
    """gunicorn's settings, its worker class and the engines' modules are named by strings,
    which the build rewrote: a real server of the installed copy plays and draws a game."""
    status, _, body = post(
        f"{installed_server}/v1/games/patchwork/setup", {"players": ["ann", "bob"], "seed": "7"}
    )
    step = json.loads(body)
    assert status == 200 and step["to_move"] == ["ann"]
    status, _, body = post(
        f"{installed_server}/v1/games/patchwork/apply?include=",
        {"state": step["state"], "action": step["legal_actions"][0]},
    )
    assert status == 200 and json.loads(body)["state"]["turn"] == 1
    status, media, svg = post(
        f"{installed_server}/v1/games/patchwork/render", {"state": step["state"]}
    )
    assert status == 200 and media.startswith("image/svg+xml")
    assert svg.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<svg ')


def test_the_console_script_runs_gunicorn_with_the_packaged_settings() -> None:
    assert gunicorn_argv(["--workers", "3"]) == [
        "gunicorn",
        "--config",
        str(GUNICORN_CONF),
        "--workers",
        "3",
        "service:create_app()",
    ]
    assert GUNICORN_CONF.is_file()


def setup_step(app: Flask, seed: Any) -> dict[str, Any]:
    resp = app.test_client().post(
        "/v1/games/patchwork/setup", json={"players": ["alice", "bob"], "seed": seed}
    )
    assert resp.status_code == 200, resp.get_json()
    step: dict[str, Any] = resp.get_json()
    return step


def test_an_integer_seed_deals_what_its_digits_deal(app: Flask) -> None:
    by_int = setup_step(app, 7)
    by_text = setup_step(app, "7")
    # The state keeps the seed as text: 7 is stored as "7", so the two games are one game.
    assert by_int["state"]["rng"]["seed"] == "7"
    assert by_int["state"] == by_text["state"]
    assert by_int["state"]["public"]["circle"] != setup_step(app, 8)["state"]["public"]["circle"]


@pytest.mark.parametrize("seed", [True, 1.5, 2**53, [], ""])
def test_seeds_that_are_neither_text_nor_a_safe_integer_are_refused(app: Flask, seed: Any) -> None:
    resp = app.test_client().post(
        "/v1/games/patchwork/setup", json={"players": ["alice", "bob"], "seed": seed}
    )
    assert resp.status_code == 400
    assert resp.get_json()["code"] == "SCHEMA_VALIDATION"
