"""The framework's ceiling: a Flask app that reads a JSON body and sends it back.

It reads the body with the service's own reader (``service.body.read_json``) and answers with
Flask's ``jsonify`` configured as the service's, and gunicorn serves it with the service's config
(``gunicorn --config service/gunicorn_conf.py 'benchmarks.echo_app:create_app()'``). So the only
difference from an ``apply`` is the work the referee does between reading and answering.
"""

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
