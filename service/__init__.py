"""The HTTP adapter: ``create_app()`` builds the Flask app that serves every game.

>>> app = create_app()
>>> app.test_client().get("/healthz").json
{'status': 'ok'}
"""

from __future__ import annotations

import os
import re
import time

from flask import Flask, Response, g, request

from engines import registry
from service import compression, cors, deadline, logs, metrics, problem_types, problems
from service.config import Settings
from service.contract import Contract
from service.jsonout import AnswerJSON
from service.metrics import PROBLEMS
from service.ops import ops
from service.routes import v1

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def create_app(settings: Settings | None = None, contract: Contract | None = None) -> Flask:
    settings = settings or Settings.from_env()
    contract = contract or Contract.load()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_content_length
    app.config[deadline.BUDGET_KEY] = settings.request_budget_s
    app.config[problem_types.PUBLIC_URL_KEY] = problem_types.public_origin(settings.public_url)
    # OPTIONS is answered on purpose (204 and Allow, in problems.py), not by Flask's automatic
    # 200; and `//v1//games` is a 404, not a redirect built from the Host header.
    app.config["PROVIDE_AUTOMATIC_OPTIONS"] = False
    app.url_map.merge_slashes = False
    app.json = AnswerJSON(app)
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    logs.configure(settings.log_level)

    registry.all_games()  # load every engine's catalogue now, before workers fork
    app.extensions["contract"] = contract
    app.extensions["request_validators"] = contract.request_validators()

    app.register_blueprint(v1)
    app.register_blueprint(ops)
    app.register_blueprint(problem_types.pages)
    problems.register_error_handlers(app)
    cors.install(app)
    compression.install(app)  # before _instrument, whose hook reads bodies: hooks run in reverse
    _instrument(app, settings.request_log_sample)
    return app


def _instrument(app: Flask, log_sample: float) -> None:
    @app.before_request
    def _start() -> None:
        given = request.environ.get("HTTP_X_REQUEST_ID", "")
        # 16 random bytes in hex, as uuid4().hex without building a UUID: a third of its cost
        g.request_id = given if _REQUEST_ID.match(given) else os.urandom(16).hex()
        g.started = time.perf_counter()

    @app.after_request
    def _finish(resp: Response) -> Response:
        context = g.__dict__  # the request's g: plain lookups, not a proxy's each
        request_id: str = context.get("request_id", "")
        resp.headers["X-Request-Id"] = request_id
        game: str = context.get("game", "")
        operation = (request.endpoint or "unmatched").rsplit(".", 1)[-1]
        elapsed = time.perf_counter() - context.get("started", time.perf_counter())
        status = resp.status_code
        metrics.count_request(game, operation, status, elapsed)
        code = None
        # Only an error is a problem: a success answer's type is not even looked at.
        if status >= 400 and resp.mimetype == problems.PROBLEM_JSON:
            code = (resp.get_json(silent=True) or {}).get("code", "UNKNOWN")
            PROBLEMS.labels(code).inc()
        fields = {
            "request_id": request_id,
            "game": game,
            "operation": operation,
            "status": status,
            "code": code,
            "duration_ms": round(elapsed * 1000, 3),
        }
        logs.log_request(fields, log_sample)
        return resp
