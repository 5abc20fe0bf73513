"""gzip: answers are compressed when the client accepts it, the docs assets included."""

from __future__ import annotations

import gzip
import json

import pytest
from flask import Flask

from service.compression import MIN_SIZE, accepts_gzip

SETUP = "/v1/games/calico/setup"
BODY = {"players": ["ann", "bob", "cy", "di"], "seed": "gzip"}
GZIP = {"Accept-Encoding": "gzip"}


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip", True),
        ("gzip, deflate, br", True),
        ("br;q=1.0, gzip;q=0.5", True),
        ("*", True),
        ("identity", False),
        ("", False),
        ("gzip;q=0", False),
        ("*;q=0.5, gzip;q=0", False),  # gzip named with q=0 wins over the wildcard
        ("deflate, *;q=0", False),
        ("gzip;q=oops", False),
    ],
)
def test_accept_encoding_is_read_with_q_values(header: str, expected: bool) -> None:
    assert accepts_gzip(header) is expected


def test_a_step_is_gzipped_when_accepted(app: Flask) -> None:
    client = app.test_client()
    plain = client.post(SETUP, json=BODY)
    packed = client.post(SETUP, json=BODY, headers=GZIP)
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.vary and "Accept-Encoding" in plain.vary
    assert packed.headers["Content-Length"] == str(len(packed.data))
    unpacked = gzip.decompress(packed.data)
    assert json.loads(unpacked) == plain.get_json()
    # A four-player Calico step (its larger decisions described as choices) shrinks at least
    # fourfold.
    assert len(packed.data) * 4 < len(plain.data)


def test_small_answers_stay_plain(app: Flask) -> None:
    resp = app.test_client().get("/healthz", headers=GZIP)
    assert len(resp.data) < MIN_SIZE
    assert "Content-Encoding" not in resp.headers
    assert resp.get_json() == {"status": "ok"}


def test_problems_are_compressed_when_large(app: Flask) -> None:
    # 15 wrong values (4 boards, 8 hand tiles, 3 market tiles): 15 errors, over MIN_SIZE.
    players = ["ann", "bob", "cy", "di"]
    options = {
        "randomness": "external",
        "boards": {p: 1 for p in players},
        "hands": {p: [1, 2] for p in players},
        "market": [1, 2, 3],
    }
    body = {"players": players, "options": options}
    resp = app.test_client().post(SETUP, json=body, headers=GZIP)
    assert resp.status_code == 400
    assert resp.mimetype == "application/problem+json"
    assert resp.headers["Content-Encoding"] == "gzip"
    problem = json.loads(gzip.decompress(resp.data))
    assert problem["code"] == "SCHEMA_VALIDATION"
    assert len(problem["errors"]) == 15


def test_the_contract_is_compressed(app: Flask) -> None:
    client = app.test_client()
    resp = client.get("/openapi.yaml", headers=GZIP)
    assert resp.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(resp.data) == client.get("/openapi.yaml").data


def test_docs_assets_are_compressed_with_a_weak_etag(app: Flask) -> None:
    client = app.test_client()
    plain = client.get("/docs/assets/swagger-ui-bundle.js")
    packed = client.get("/docs/assets/swagger-ui-bundle.js", headers=GZIP)
    assert plain.status_code == packed.status_code == 200
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) * 3 < len(plain.data)
    etag, weak = packed.get_etag()
    assert weak and etag == plain.get_etag()[0]
    # The browser sends the weak tag back; the file has not changed, so 304 and no body.
    again = client.get(
        "/docs/assets/swagger-ui-bundle.js",
        headers={**GZIP, "If-None-Match": packed.headers["ETag"]},
    )
    assert again.status_code == 304
    assert again.data == b""


def test_head_is_not_compressed(app: Flask) -> None:
    resp = app.test_client().head("/openapi.yaml", headers=GZIP)
    assert resp.status_code == 200
    assert "Content-Encoding" not in resp.headers
