"""The problem types as pages (``/problems`` and ``/problems/<slug>``): HTML for a person, JSON
for a program that asks for it. The catalogue itself is :mod:`service.problem_types`."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Blueprint, Response, jsonify, request

from service import conditional
from service.problem_types import TYPES, ProblemType, origin, type_uri
from service.problems import Problem

pages = Blueprint("problem_pages", __name__)

_STYLE = "body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}"


def _words(text: str) -> str:
    """Escaped, with `code` spans as in the rest of the docs."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


def _page(title: str, body: str) -> Response:
    text = (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"{body}</body>\n</html>\n"
    )
    return conditional.cacheable(Response(text, mimetype="text/html"), vary="Accept")


JSON_FORMS = ("application/json", "application/problem+json")
"""What a client that wants the pages as JSON may accept (a program reading about a problem it
got); ``text/html`` first, so a browser and ``*/*`` get the page."""


def _wants_json() -> bool:
    return request.accept_mimetypes.best_match(("text/html", *JSON_FORMS)) in JSON_FORMS


def _as_json(found: ProblemType) -> dict[str, Any]:
    return {
        "type": type_uri(found.slug, origin()),
        "title": found.title,
        "statuses": list(found.statuses),
        "codes": found.codes,
        "meaning": found.meaning,
        "remedy": found.remedy,
    }


@pages.get("/problems")
def index() -> Response:
    if _wants_json():
        types = [_as_json(t) for t in TYPES.values()]
        return conditional.cacheable(jsonify({"problem_types": types}), vary="Accept")
    rows = "".join(
        f'<li><a href="/problems/{t.slug}">{html.escape(t.slug)}</a>: {html.escape(t.title)} '
        f"({', '.join(map(str, t.statuses))})</li>\n"
        for t in TYPES.values()
    )
    return _page(
        "Problem types",
        "<h1>Problem types</h1>\n<p>Every error is an RFC 9457 problem "
        "(<code>application/problem+json</code>) whose <code>type</code> is one of these pages "
        "and whose <code>code</code> is stable. Later versions may add types.</p>\n"
        f"<ul>\n{rows}</ul>\n",
    )


@pages.get("/problems/<slug>")
def page(slug: str) -> Response:
    found = TYPES.get(slug)
    if found is None:
        raise Problem(
            404, "not-found", "Not found", "there is no problem type with this name", "NOT_FOUND"
        )
    if _wants_json():
        return conditional.cacheable(jsonify(_as_json(found)), vary="Accept")
    statuses = ", ".join(map(str, found.statuses))
    return _page(
        found.title,
        f"<h1>{html.escape(found.title)}</h1>\n"
        f"<p><b>type</b> <code>{html.escape(type_uri(found.slug, origin()))}</code><br>\n"
        f"<b>status</b> {statuses}<br>\n<b>code</b> {html.escape(found.codes)}</p>\n"
        f"<h2>What it means</h2>\n<p>{_words(found.meaning)}</p>\n"
        f"<h2>What to do</h2>\n<p>{_words(found.remedy)}</p>\n"
        '<p><a href="/problems">Every problem type</a> · <a href="/docs">The API</a></p>\n',
    )
