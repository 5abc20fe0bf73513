"""HTTP conventions: ETag, Cache-Control and 304 on the documents; 415 for a content coding;
the problem pages as JSON. Requests carry the headers real clients send: a browser's ``Accept``,
curl's and requests' ``Accept-Encoding``, an ``If-None-Match`` copied from the last answer."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from werkzeug.serving import make_server

from service.problem_types import TYPES
from tests.service.conftest import PATCHWORK, PLAYERS
from tests.service.contract_check import ContractClient

DOCUMENTS = [
    "/v1/games",
    "/v1/games/patchwork",
    "/v1/games/isle_of_cats",
    "/openapi.yaml",
    "/problems",
    "/problems/illegal-action",
    "/docs",
]
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
REQUESTS_ENCODING = "gzip, deflate, br, zstd"  # python-requests with brotli and zstd installed
SETUP_BODY = json.dumps({"players": PLAYERS, "seed": "7"}).encode()


def blake2b_tag(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'


@pytest.mark.parametrize("path", DOCUMENTS)
def test_every_document_carries_a_strong_etag_of_its_bytes(api: ContractClient, path: str) -> None:
    first = api.get(path)
    again = api.get(path)
    assert first.status_code == 200
    assert first.headers["ETag"] == blake2b_tag(first.data) == again.headers["ETag"]
    assert first.headers["Cache-Control"] == "public, max-age=300"


def test_different_documents_have_different_tags(api: ContractClient) -> None:
    tags = {api.get(path).headers["ETag"] for path in DOCUMENTS}
    assert len(tags) == len(DOCUMENTS)


@pytest.mark.parametrize("path", DOCUMENTS)
def test_the_tag_sent_back_answers_304_without_a_body(api: ContractClient, path: str) -> None:
    tag = api.get(path).headers["ETag"]
    resp = api.get(path, headers={"If-None-Match": tag})
    assert resp.status_code == 304
    assert resp.data == b""
    assert "Content-Type" not in resp.headers
    assert resp.headers["ETag"] == tag
    assert resp.headers["Cache-Control"] == "public, max-age=300"
    assert "Accept-Encoding" in resp.vary


@pytest.mark.parametrize(
    "if_none_match",
    ["{tag}", "W/{tag}", '"0123", {tag}', "*", ' {tag} ,"x"'],
    ids=["the tag", "weak", "in a list", "any", "spaces"],
)
def test_if_none_match_compares_weakly(api: ContractClient, if_none_match: str) -> None:
    tag = api.get("/v1/games").headers["ETag"]
    resp = api.get("/v1/games", headers={"If-None-Match": if_none_match.format(tag=tag)})
    assert resp.status_code == 304


@pytest.mark.parametrize(
    "if_none_match",
    ['"0123456789abcdef0123456789abcdef"', "", "not a tag"],
    ids=["another tag", "empty", "garbage"],
)
def test_any_other_tag_gets_the_document(api: ContractClient, if_none_match: str) -> None:
    resp = api.get("/v1/games", headers={"If-None-Match": if_none_match})
    assert resp.status_code == 200
    assert resp.get_json()["games"]


def test_a_tag_of_another_document_is_no_match(api: ContractClient) -> None:
    catalogue = api.get("/v1/games").headers["ETag"]
    resp = api.get("/v1/games/patchwork", headers={"If-None-Match": catalogue})
    assert resp.status_code == 200


def test_a_gzipped_answer_has_a_weak_tag_and_its_304_says_the_same(app: Flask) -> None:
    api = app.test_client()  # the contract checker reads bodies uncompressed
    plain = api.get("/openapi.yaml")
    packed = api.get("/openapi.yaml", headers={"Accept-Encoding": REQUESTS_ENCODING})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    weak = packed.headers["ETag"]
    assert weak == "W/" + plain.headers["ETag"]
    again = api.get(
        "/openapi.yaml", headers={"Accept-Encoding": REQUESTS_ENCODING, "If-None-Match": weak}
    )
    assert again.status_code == 304
    assert again.headers["ETag"] == weak
    # A client that no longer accepts gzip is told the strong tag of the plain bytes.
    plainly = api.get("/openapi.yaml", headers={"If-None-Match": weak})
    assert plainly.status_code == 304
    assert plainly.headers["ETag"] == plain.headers["ETag"]


def test_head_answers_304_too(app: Flask) -> None:
    client = app.test_client()
    tag = client.get("/v1/games/calico").headers["ETag"]
    resp = client.head("/v1/games/calico", headers={"If-None-Match": tag})
    assert resp.status_code == 304
    assert resp.headers["ETag"] == tag


def test_game_operations_carry_no_validator(api: ContractClient) -> None:
    resp = api.post(f"{PATCHWORK}/setup", json={"players": PLAYERS, "seed": "7"})
    assert resp.status_code == 200
    assert "ETag" not in resp.headers
    assert "Cache-Control" not in resp.headers


def test_an_unknown_game_is_a_404_whatever_the_tag(api: ContractClient) -> None:
    resp = api.get("/v1/games/chess", headers={"If-None-Match": "*"})
    assert resp.status_code == 404
    assert resp.get_json()["code"] == "UNKNOWN_GAME"


# --- the problem pages, as JSON ---------------------------------------------------------------


@pytest.mark.parametrize(
    "accept",
    ["application/json", "application/problem+json", "text/html;q=0.5, application/json"],
)
def test_a_problem_page_is_json_for_a_client_that_asks(api: ContractClient, accept: str) -> None:
    resp = api.get("/problems/stale-state", headers={"Accept": accept})
    assert resp.status_code == 200
    assert resp.mimetype == "application/json"
    assert resp.get_json() == {
        "type": "http://localhost:8000/problems/stale-state",
        "title": "Stale state",
        "statuses": [409],
        "codes": "STALE_STATE",
        "meaning": "`expected_turn` differs from the state's `turn`: someone else moved first. "
        "`expected_turn` and `actual_turn` say both.",
        "remedy": "Fetch the current state and decide again.",
    }
    assert "Accept" in resp.vary


@pytest.mark.parametrize("accept", [BROWSER_ACCEPT, "*/*", None, "image/png"])
def test_a_browser_and_any_other_client_get_the_html_page(
    api: ContractClient, accept: str | None
) -> None:
    headers = {} if accept is None else {"Accept": accept}
    resp = api.get("/problems/stale-state", headers=headers)
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    assert "<h1>Stale state</h1>" in resp.get_data(as_text=True)
    assert "Accept" in resp.vary


def test_the_two_forms_have_their_own_tags(api: ContractClient) -> None:
    page = api.get("/problems/stale-state")
    data = api.get("/problems/stale-state", headers={"Accept": "application/json"})
    assert page.headers["ETag"] != data.headers["ETag"]
    cross = api.get(
        "/problems/stale-state",
        headers={"Accept": "application/json", "If-None-Match": page.headers["ETag"]},
    )
    assert cross.status_code == 200
    assert cross.mimetype == "application/json"


def test_the_index_as_json_lists_every_type(api: ContractClient) -> None:
    resp = api.get("/problems", headers={"Accept": "application/problem+json"})
    listed = resp.get_json()["problem_types"]
    assert [entry["type"].rsplit("/", 1)[1] for entry in listed] == list(TYPES)
    assert listed[0]["title"] == "Malformed JSON"


# --- a body in a content coding ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "body"),
    [
        ("gzip", gzip.compress(SETUP_BODY)),
        ("br", SETUP_BODY),  # read as plain JSON before: it would have answered 200
        ("deflate", SETUP_BODY),
        ("gzip, identity", gzip.compress(SETUP_BODY)),
    ],
    ids=["gzip", "br", "deflate", "gzip then identity"],  # gzip's bytes hold a time: no id
)
def test_a_body_in_a_content_coding_is_a_415_naming_identity(
    api: ContractClient, encoding: str, body: bytes
) -> None:
    resp = api.post(
        f"{PATCHWORK}/setup",
        data=body,
        headers={"Content-Type": "application/json", "Content-Encoding": encoding},
    )
    assert resp.status_code == 415
    problem = resp.get_json()
    assert problem["code"] == "UNSUPPORTED_CONTENT_ENCODING"
    assert problem["type"] == "http://localhost:8000/problems/unsupported-content-encoding"
    assert problem["detail"] == (
        "the service reads the body as it is sent, with no content coding: send it without "
        f"Content-Encoding “{encoding}”"
    )
    assert resp.headers["Accept-Encoding"] == "identity"


@pytest.mark.parametrize("encoding", ["identity", "Identity", ""])
def test_identity_is_no_coding(api: ContractClient, encoding: str) -> None:
    resp = api.post(
        f"{PATCHWORK}/setup?include=",
        data=SETUP_BODY,
        headers={"Content-Type": "application/json", "Content-Encoding": encoding},
    )
    assert resp.status_code == 200
    assert resp.get_json()["state"]["players"] == PLAYERS


def test_a_long_coding_is_cut_in_the_detail(api: ContractClient) -> None:
    resp = api.post(
        f"{PATCHWORK}/setup",
        data=SETUP_BODY,
        headers={"Content-Type": "application/json", "Content-Encoding": "x" * 500},
    )
    assert resp.status_code == 415
    assert resp.get_json()["detail"].endswith("“" + "x" * 40 + "…”")


# --- over a socket, as http.client sends them ---------------------------------------------------


@pytest.fixture
def served(app: Flask) -> Iterator[int]:
    server = make_server("127.0.0.1", 0, app, threaded=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join()


def test_over_a_socket_a_revalidation_and_a_gzipped_body(served: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served, timeout=10)
    conn.request("GET", "/v1/games")
    first = conn.getresponse()
    catalogue = first.read()
    assert first.status == 200 and json.loads(catalogue)["games"]
    tag = first.getheader("ETag")
    assert tag == blake2b_tag(catalogue)

    conn.request("GET", "/v1/games", headers={"If-None-Match": tag})
    second = conn.getresponse()
    assert second.status == 304 and second.read() == b""

    packed = gzip.compress(SETUP_BODY)
    conn.request(
        "POST",
        f"{PATCHWORK}/setup",
        body=packed,
        headers={"Content-Type": "application/json", "Content-Encoding": "gzip"},
    )
    refused = conn.getresponse()
    assert refused.status == 415
    assert refused.getheader("Accept-Encoding") == "identity"
    assert json.loads(refused.read())["code"] == "UNSUPPORTED_CONTENT_ENCODING"
    conn.close()
