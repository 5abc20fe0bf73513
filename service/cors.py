"""Cross-origin requests (CORS) for web apps served from other origins: off unless configured.

``REFEREE_CORS_ORIGINS`` lists the allowed origins, comma-separated and exact
(``https://app.example,http://localhost:5173``); ``*`` allows any origin. Empty or unset, no
CORS header is ever sent and browsers keep their same-origin rule: the service is usually
called by backends, and a deployment opts in for the browser apps it trusts.

An allowed origin gets ``Access-Control-Allow-Origin`` on every answer (errors included, so a
web app can read the problem), ``X-Request-Id`` exposed, and its preflights answered 204 with
the methods and request headers the API takes. No credentials are allowed: the service reads
no cookie and no authorization header.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from flask import Flask, Response, request

ENV = "REFEREE_CORS_ORIGINS"
ALLOW_METHODS = "GET, POST, OPTIONS"
ALLOW_HEADERS = ("content-type", "x-request-id")
"""Request headers a web app may send besides the safelisted ones (``Accept`` and the like)."""
EXPOSE_HEADERS = "X-Request-Id"
MAX_AGE_S = 600
"""How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours)."""


@dataclass(frozen=True)
class CorsPolicy:
    origins: frozenset[str]
    any_origin: bool = False

    @classmethod
    def parse(cls, spec: str) -> CorsPolicy:
        """The policy of a comma-separated list; a trailing slash on an origin is dropped."""
        items = {item.strip().rstrip("/") for item in spec.split(",")}
        items.discard("")
        return cls(frozenset(items - {"*"}), "*" in items)

    @classmethod
    def from_env(cls) -> CorsPolicy:
        return cls.parse(os.environ.get(ENV, ""))

    @property
    def enabled(self) -> bool:
        return self.any_origin or bool(self.origins)

    def allow_origin(self, origin: str | None) -> str | None:
        """The ``Access-Control-Allow-Origin`` value for a request's ``Origin``, or None."""
        if not origin:
            return None
        if self.any_origin:
            return "*"
        return origin if origin in self.origins else None


def install(app: Flask, policy: CorsPolicy | None = None) -> None:
    """Answer preflights and mark answers for allowed origins; nothing at all when disabled."""
    policy = policy or CorsPolicy.from_env()
    if not policy.enabled:
        return

    @app.before_request
    def _preflight() -> Response | None:
        if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
            return None  # a plain OPTIONS keeps its usual answer (204 with Allow)
        allowed = policy.allow_origin(request.headers.get("Origin"))
        if allowed is None:
            return None  # not ours to allow: the usual answer, without CORS headers
        asked = request.headers.get("Access-Control-Request-Headers", "")
        headers = [h.strip().lower() for h in asked.split(",") if h.strip()]
        resp = Response(status=204)
        del resp.headers["Content-Type"]
        resp.headers["Access-Control-Allow-Methods"] = ALLOW_METHODS
        granted = [h for h in headers if h in ALLOW_HEADERS]
        if granted:
            resp.headers["Access-Control-Allow-Headers"] = ", ".join(granted)
        resp.headers["Access-Control-Max-Age"] = str(MAX_AGE_S)
        return resp

    @app.after_request
    def _mark(resp: Response) -> Response:
        resp.vary.add("Origin")  # the answer depends on the Origin: caches must keep them apart
        allowed = policy.allow_origin(request.headers.get("Origin"))
        if allowed is not None:
            resp.headers["Access-Control-Allow-Origin"] = allowed
            resp.headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS
        return resp
