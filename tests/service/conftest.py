"""Fixtures for the HTTP tests: the app in-process and a client that checks every response."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engines import registry
from service import create_app
from service.config import Settings
from service.contract import Contract
from service.routes import KEYRING
from service.tokens import Keyring
from tests.service.contract_check import ContractChecker, ContractClient

ROOT = Path(__file__).resolve().parents[2]
OPENAPI = ROOT / "openapi.yaml"
PATCHWORK = "/v1/games/patchwork"
PLAYERS = ["alice", "bob"]
SEED = "service-tests"


@pytest.fixture(scope="session")
def contract() -> Contract:
    return Contract.load(OPENAPI)


@pytest.fixture(scope="session")
def checker(contract: Contract) -> ContractChecker:
    return ContractChecker(contract)


@pytest.fixture(scope="session")
def app(contract: Contract) -> Flask:
    return create_app(Settings(), contract)


@pytest.fixture
def api(app: Flask, checker: ContractChecker) -> ContractClient:
    return ContractClient(app.test_client(), checker)


@pytest.fixture(scope="session")
def sealing_app(contract: Contract) -> Flask:
    """The app with state tokens on (one fixed key): view steps need them."""
    app = create_app(Settings(), contract)
    key = base64.b64encode(bytes(range(32))).decode()
    app.extensions[KEYRING] = Keyring.from_spec(
        f"k1:{key}", 3600, [g.id for g in registry.all_games()]
    )
    return app


@pytest.fixture
def sealing_api(sealing_app: Flask, checker: ContractChecker) -> ContractClient:
    return ContractClient(sealing_app.test_client(), checker)


@pytest.fixture(scope="session")
def opening(app: Flask, checker: ContractChecker) -> dict[str, Any]:
    """The step ``setup`` answers for alice and bob with a fixed seed (alice moves first)."""
    client = ContractClient(app.test_client(), checker)
    resp = client.post(f"{PATCHWORK}/setup", json={"players": PLAYERS, "seed": SEED})
    assert resp.status_code == 200, resp.get_json()
    step: dict[str, Any] = resp.get_json()
    return step
