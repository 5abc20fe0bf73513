"""Probes, metrics, the contract served verbatim and its docs page from local assets."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import yaml
from flask import Flask
from prometheus_client.parser import text_string_to_metric_families

from engines import registry
from tests.service.conftest import OPENAPI, PATCHWORK
from tests.service.contract_check import ContractClient


def test_healthz(api: ContractClient) -> None:
    resp = api.get("/healthz")
    assert resp.status_code == 200
    assert resp.get_json() == {"status": "ok"}


def test_readyz_lists_every_loaded_game(api: ContractClient) -> None:
    resp = api.get("/readyz")
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["status"] == "ready"
    assert body["games"] == [g.id for g in registry.all_games()]
    assert "patchwork" in body["games"]


def _samples(api: ContractClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    resp = api.get("/metrics")
    assert resp.status_code == 200
    assert resp.mimetype == "text/plain"
    assert "version=" in resp.headers["Content-Type"]
    out = {}
    for family in text_string_to_metric_families(resp.get_data(as_text=True)):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def test_metrics_count_requests_by_endpoint_status_and_problem(api: ContractClient) -> None:
    healthz = (
        "referee_requests_total",
        (("game", ""), ("operation", "healthz"), ("status", "200")),
    )
    apply = (
        "referee_requests_total",
        (("game", "patchwork"), ("operation", "apply"), ("status", "400")),
    )
    malformed = ("referee_problems_total", (("code", "MALFORMED_JSON"),))
    latency = ("referee_request_seconds_count", (("game", ""), ("operation", "healthz")))
    before = _samples(api)
    for _ in range(3):
        api.get("/healthz")
    api.post(f"{PATCHWORK}/apply", data="{", content_type="application/json")
    after = _samples(api)
    assert after[healthz] - before.get(healthz, 0) == 3
    assert after[apply] - before.get(apply, 0) == 1
    assert after[malformed] - before.get(malformed, 0) == 1
    assert after[latency] - before.get(latency, 0) == 3


def test_the_contract_is_served_verbatim(api: ContractClient) -> None:
    resp = api.get("/openapi.yaml")
    assert resp.status_code == 200
    assert resp.mimetype == "application/yaml"
    assert resp.data == OPENAPI.read_bytes()
    doc = yaml.load(resp.data, Loader=yaml.CSafeLoader)
    assert doc["openapi"].startswith("3.1")
    assert "/v1/games/patchwork/apply" in doc["paths"]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.urls.append(value)


def test_the_docs_page_uses_local_assets_only(api: ContractClient) -> None:
    resp = api.get("/docs")
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    html = resp.get_data(as_text=True)
    assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", html, re.I), "an external URL"
    assert "unpkg" not in html
    assert "jsdelivr" not in html
    assert "cdnjs" not in html
    assert 'url: "/openapi.yaml"' in html
    links = _Links()
    links.feed(html)
    assert sorted(links.urls) == [
        "/docs/assets/swagger-ui-bundle.js",
        "/docs/assets/swagger-ui.css",
    ]
    kinds = {}
    for url in links.urls:
        asset = api.get(url)
        assert asset.status_code == 200, url
        assert len(asset.data) > 10_000, url
        kinds[url.rsplit(".", 1)[-1]] = asset.mimetype
        asset.close()
    assert kinds == {"js": "text/javascript", "css": "text/css"}


def test_a_missing_docs_asset_is_a_404_problem(api: ContractClient) -> None:
    resp = api.get("/docs/assets/nothing-here.js")
    assert resp.status_code == 404
    assert resp.get_json()["code"] == "NOT_FOUND"
    traversal = api.get("/docs/assets/../../service/config.py")
    assert traversal.status_code == 404


def test_a_compressed_problem_is_counted_by_its_code(app: Flask, api: ContractClient) -> None:
    """A problem long enough to be gzipped is still counted under its own code, and a request
    for no route is counted as ``unmatched``."""
    schema = ("referee_problems_total", (("code", "SCHEMA_VALIDATION"),))
    unmatched = (
        "referee_requests_total",
        (("game", ""), ("operation", "unmatched"), ("status", "404")),
    )
    before = _samples(api)
    resp = app.test_client().post(  # the contract checker reads bodies as text, not gzip
        f"{PATCHWORK}/apply",
        json={"state": {"turn": "x" * 2000}, "action": {"id": "pass"}},
        headers={"Accept-Encoding": "gzip"},
    )
    assert resp.status_code == 400
    assert resp.headers["Content-Encoding"] == "gzip"
    api.get("/no/such/route")
    after = _samples(api)
    assert after[schema] - before.get(schema, 0) == 1
    assert after[unmatched] - before.get(unmatched, 0) == 1
