"""A problem's ``type`` is an absolute URI whose page the service serves; details in plain words.

The contract leaves ``Problem.type`` open (a URI, no enum) and lists the known slugs in its
description: the list there, the pages here and the types the code raises must agree.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from flask import Flask

from service import create_app
from service.config import Settings
from service.contract import Contract
from service.problem_types import TYPES, check_public_url, public_origin
from service.worker import problem_response
from tests.service.conftest import OPENAPI, PATCHWORK
from tests.service.contract_check import ContractChecker, ContractClient

ROOT = Path(__file__).resolve().parents[2]
PROBLEM = yaml.load(OPENAPI.read_text(), Loader=yaml.CSafeLoader)["components"]["schemas"][
    "Problem"
]


def test_the_contract_leaves_the_type_list_open_and_documents_every_known_type() -> None:
    declared = PROBLEM["properties"]["type"]
    assert "enum" not in declared and "const" not in declared
    assert declared["format"] == "uri"
    known = declared["description"].split("answers (each listed at `/problems`):")[1]
    listed = set(re.findall(r"`([a-z]+(?:-[a-z]+)*)`", known.split("Later versions")[0]))
    assert listed == set(TYPES)


def test_the_page_path_lists_exactly_the_pages_served() -> None:
    doc = yaml.load(OPENAPI.read_text(), Loader=yaml.CSafeLoader)
    (slug,) = doc["paths"]["/problems/{slug}"]["get"]["parameters"]
    assert slug["schema"]["enum"] == sorted(TYPES)


def test_every_type_the_service_raises_has_a_page() -> None:
    raised: set[str] = set()
    for path in (ROOT / "service").glob("*.py"):
        text = path.read_text()
        raised |= set(re.findall(r'Problem\(\s*\d{3},\s*"([a-z-]+)"', text))
        raised |= set(re.findall(r'^\s+"([a-z]+(?:-[a-z]+)+)",$', text, re.M)) & set(TYPES)
        raised |= set(re.findall(r'\(\s*"([a-z]+(?:-[a-z]+)+)",\s*"[A-Z]', text))
    assert {"illegal-action", "bad-request", "uri-too-long", "worker-failed"} <= raised
    assert raised <= set(TYPES)


def test_a_problem_type_resolves_to_its_page(api: ContractClient) -> None:
    resp = api.post(f"{PATCHWORK}/setup", json={"players": ["alice"]})
    body: dict[str, Any] = resp.get_json()
    assert body["type"] == public_origin("") + "/problems/schema-validation"
    page = api.get(urlsplit(body["type"]).path)
    assert page.status_code == 200
    assert page.mimetype == "text/html"
    text = page.get_data(as_text=True)
    assert "<title>Request does not match the contract</title>" in text
    assert "<b>code</b> SCHEMA_VALIDATION" in text
    assert f"<code>{body['type']}</code>" in text


@pytest.mark.parametrize("slug", sorted(TYPES))
def test_every_type_has_a_page_linked_from_the_index(api: ContractClient, slug: str) -> None:
    page = api.get(f"/problems/{slug}")
    assert page.status_code == 200
    assert f"<h1>{TYPES[slug].title}</h1>" in page.get_data(as_text=True)
    index = api.get("/problems").get_data(as_text=True)
    assert f'<a href="/problems/{slug}">{slug}</a>' in index


def test_an_unknown_type_is_a_404_problem(api: ContractClient) -> None:
    resp = api.get("/problems/no-such-problem")
    assert resp.status_code == 404
    assert resp.get_json()["code"] == "NOT_FOUND"
    assert resp.get_json()["type"] == public_origin("") + "/problems/not-found"


def test_without_public_url_the_origin_is_the_local_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PORT", raising=False)
    assert public_origin("") == "http://localhost:8000"
    monkeypatch.setenv("PORT", "9000")
    assert public_origin("") == "http://localhost:9000"


def test_the_host_header_is_never_echoed(app: Flask) -> None:
    """Whoever sends the request must not choose the URI the service hands out."""
    client = app.test_client()
    resp = client.get("/v1/games/chess", headers={"Host": "evil.example:8080"})
    assert resp.get_json()["type"] == public_origin("") + "/problems/unknown-game"
    assert b"evil.example" not in resp.get_data()


def test_public_url_fixes_the_origin(contract: Contract, checker: ContractChecker) -> None:
    app = create_app(Settings(public_url="https://referee.example/api/"), contract)
    api = ContractClient(app.test_client(), checker)
    resp = api.get("/v1/games/chess", headers={"Host": "internal:8000"})
    assert resp.get_json()["type"] == "https://referee.example/api/problems/unknown-game"
    page = api.get("/problems/unknown-game").get_data(as_text=True)
    assert "<code>https://referee.example/api/problems/unknown-game</code>" in page


@pytest.mark.parametrize(
    "url", ["ftp://referee.example", "referee.example", "https://", "https://a.example/?q=1"]
)
def test_a_public_url_that_is_not_one_stops_the_start(url: str, contract: Contract) -> None:
    with pytest.raises(ValueError, match="PUBLIC_URL must be an http or https URL"):
        check_public_url(url)
    with pytest.raises(ValueError, match="PUBLIC_URL must be an http or https URL"):
        create_app(Settings(public_url=url), contract)


def test_gunicorns_own_refusals_use_the_same_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.setenv("PORT", "8123")
    assert b'"type": "http://localhost:8123/problems/uri-too-long"' in problem_response(414, False)
    monkeypatch.setenv("PUBLIC_URL", "https://referee.example/")
    raw = problem_response(414, aborted=False)
    assert b'"type": "https://referee.example/problems/uri-too-long"' in raw


# --- details in plain words -------------------------------------------------------------------

PYTHON_NOTATION = re.compile(r"\['|'\]|\{'|(?:^|\s)'[^']+'(?:\s|$|[,;.])")


def test_the_services_own_details_have_no_python_notation(
    api: ContractClient, opening: dict[str, Any]
) -> None:
    details = [
        api.get("/v1/games/chess").get_json()["detail"],
        api.post(
            f"{PATCHWORK}/legal-actions", json={"state": opening["state"], "player": "carol"}
        ).get_json()["detail"],
        api.post(
            f"{PATCHWORK}/apply?include=events,state,x",
            json={"state": opening["state"], "action": {"id": "advance"}},
        ).get_json()["detail"],
        api.post(
            f"{PATCHWORK}/setup",
            data=b'{"players": ["a", "b"], "players": ["c", "d"]}',
            content_type="application/json",
        ).get_json()["detail"],
    ]
    assert details == [
        "there is no game “chess”; the games are calico, calico_simplified, castle_combo, "
        "isle_of_cats and patchwork",
        "“carol” is not one of the players, “alice” and “bob”",
        "/: include: unknown parts “state” and “x”; the parts are legal_actions, score, events and "
        "view",
        "the key “players” appears twice in one object; JSON objects here have unique keys",
    ]
    assert [d for d in details if PYTHON_NOTATION.search(d)] == []


def test_the_notation_check_catches_a_python_repr() -> None:
    assert PYTHON_NOTATION.search("no game 'chess'; games: ['calico', 'patchwork']")
    assert PYTHON_NOTATION.search("'ann' is not playing")
    assert not PYTHON_NOTATION.search("it is ann's turn; the first card goes to [0, 0]")
