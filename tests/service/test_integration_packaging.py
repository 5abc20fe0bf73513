"""Packaging: the wheel carries its contract and ``py.typed``; the console script serves; seeds.

The wheel is built from a copy of the tree (so the build leaves nothing in the checkout) and
imported from where it was unpacked, away from the checkout, to prove the installed package
finds ``openapi.yaml`` by itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.serve import GUNICORN_CONF, gunicorn_argv
from tests.service.conftest import ROOT

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


def test_the_wheel_ships_the_contract_verbatim(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        shipped = zf.read("service/openapi.yaml")
    assert shipped == (ROOT / "openapi.yaml").read_bytes()


def test_the_wheel_is_typed(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert {"service/py.typed", "engines/py.typed", "service/gunicorn_conf.py"} <= names


def test_the_wheel_declares_the_console_script(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        (entry_points,) = [n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = zf.read(entry_points).decode()
    assert "[console_scripts]" in text
    assert "tabletop-referee = service.serve:main" in text


def test_an_installed_copy_finds_its_contract(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    script = (
        "import service, service.contract as c;"
        "app = service.create_app();"
        "print(service.__file__);"
        "print(c.default_path());"
        "print(app.test_client().get('/openapi.yaml').status_code)"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENAPI_PATH"}
    env["PYTHONPATH"] = str(site)
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,  # not the checkout: nothing there to fall back on
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    module, contract, status = done.stdout.split()
    assert module == str(site / "service" / "__init__.py")
    assert contract == str(site / "service" / "openapi.yaml")
    assert status == "200"


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
