"""Operational endpoints: probes, metrics, the contract and its interactive page."""

from __future__ import annotations

import threading
from pathlib import Path

import flask_swagger_ui  # type: ignore[import-untyped]
from flask import Blueprint, Response, current_app, jsonify, send_from_directory

from engines import registry
from service import conditional
from service.metrics import exposition
from service.problems import Problem

ops = Blueprint("ops", __name__)
SWAGGER_DIR = Path(flask_swagger_ui.__file__).parent / "dist"
"""Swagger UI 5 (OpenAPI 3.1), installed with the package: the page needs no CDN."""

DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Tabletop rules referee — API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#ui", deepLinking: true});
  </script>
</body>
</html>
"""


@ops.get("/healthz")
def healthz() -> Response:
    return jsonify({"status": "ok"})


_DRAINING = threading.Event()


def start_draining() -> None:
    """From now on ``/readyz`` answers 503: this worker stops once its request in flight ends."""
    _DRAINING.set()


def draining() -> bool:
    return _DRAINING.is_set()


@ops.get("/readyz")
def readyz() -> Response:
    """Ready once every engine's catalogue has loaded and the contract is in memory; not ready
    while the worker drains (after ``SIGTERM``), so no new work is routed to it."""
    if draining():
        raise Problem(503, "draining", "Draining", "this worker is shutting down", "DRAINING")
    games = [g.id for g in registry.all_games()]
    return jsonify({"status": "ready", "games": games})


@ops.get("/metrics")
def metrics() -> Response:
    body, content_type = exposition()
    return Response(body, mimetype=content_type.split(";")[0], content_type=content_type)


@ops.get("/openapi.yaml")
def openapi_yaml() -> Response:
    text = current_app.extensions["contract"].text
    return conditional.cacheable(Response(text, mimetype="application/yaml"))


@ops.get("/docs")
def docs() -> Response:
    return conditional.cacheable(Response(DOCS_PAGE, mimetype="text/html"))


@ops.get("/docs/assets/<path:name>")
def docs_assets(name: str) -> Response:
    return send_from_directory(SWAGGER_DIR, name)
