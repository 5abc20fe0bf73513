"""The framework's ceiling: a Flask app that reads a JSON body with the service's reader and
sends it back with the service's writer, served by gunicorn with the service's config; the only
difference from an ``apply`` is the referee's work between reading and answering."""

from __future__ import annotations

from flask import Flask, Response, jsonify

from service.body import read_json
from service.jsonout import AnswerJSON


def create_app() -> Flask:
    app = Flask(__name__)
    app.json = AnswerJSON(app)
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    @app.get("/healthz")
    def healthz() -> Response:
        return jsonify({"status": "ok"})

    @app.post("/echo")
    def echo() -> Response:
        return jsonify(read_json())

    return app
