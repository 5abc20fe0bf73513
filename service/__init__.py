"""The HTTP adapter: ``create_app()`` builds the Flask app that serves every game.

>>> app = create_app()
>>> app.test_client().get("/healthz").json
{'status': 'ok'}
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request

from engines import registry
from service import compression, cors, deadline, logs, problem_pages, problem_types, problems
from service.config import Settings
from service.contract import Contract
from service.instrument import OPERATION, Instrumented
from service.jsonout import AnswerJSON
from service.ops import ops
from service.routes import KEYRING, v1
from service.tokens import Keyring


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
    games = [game.id for game in registry.all_games()]
    # a bad key fails here, at startup
    app.extensions[KEYRING] = Keyring.from_spec(
        settings.state_keys, settings.state_token_ttl, games
    )

    app.register_blueprint(v1)
    app.register_blueprint(ops)
    app.register_blueprint(problem_pages.pages)
    problems.register_error_handlers(app)
    cors.install(app)
    compression.install(app)
    app.url_value_preprocessor(_note_operation)
    app.wsgi_app = Instrumented(app.wsgi_app, settings.request_log_sample)  # type: ignore[method-assign]
    return app


def _note_operation(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """The endpoint that answers, for the metrics and the log line (``service.instrument``)."""
    request.environ[OPERATION] = (endpoint or "unmatched").rsplit(".", 1)[-1]
