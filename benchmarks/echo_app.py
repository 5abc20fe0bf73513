"""The framework's ceiling: a Flask app that parses a JSON body and sends it back.

Served by the same gunicorn config as the referee
(``gunicorn --config service/gunicorn_conf.py 'benchmarks.echo_app:create_app()'``), so the only
difference from ``apply`` is the work the referee does between reading and answering.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Response, jsonify, request


def create_app() -> Flask:
    app = Flask(__name__)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    @app.get("/healthz")
    def healthz() -> Response:
        return jsonify({"status": "ok"})

    @app.post("/echo")
    def echo() -> Response:
        data: Any = json.loads(request.get_data(cache=False))
        return jsonify(data)

    return app
