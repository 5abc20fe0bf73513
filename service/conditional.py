"""Conditional GET for the documents the service serves: ``ETag``, ``Cache-Control`` and 304.

The game catalogue, each game's info, the contract, the problem pages and the docs page change
only when another version is deployed. Each answer carries a strong ETag (a hash of its body)
and ``Cache-Control: public, max-age=300``; a client that sends the ETag back in
``If-None-Match`` gets ``304 Not Modified`` and no body (RFC 9110 §13.1.2, §15.4.5).

Only the GET routes of those documents call :func:`cacheable`, so the game operations never pay
for it. Compression (``service.compression``) runs after it and makes a gzipped answer's ETag
weak, since its bytes differ from the body hashed; a 304 carries the ETag its 200 would have
carried, and ``If-None-Match`` compares weakly, so either form of the tag matches.
"""

from __future__ import annotations

import hashlib

from flask import Response, request
from werkzeug.http import parse_etags

from service import compression

MAX_AGE_S = 300
"""How long a cache may reuse a document without asking again: a new version is seen within
five minutes of its deployment."""
CACHE_CONTROL = f"public, max-age={MAX_AGE_S}"


def etag_of(body: bytes) -> str:
    """A strong entity tag: 128 bits of BLAKE2b of the exact bytes, as hexadecimal digits."""
    return hashlib.blake2b(body, digest_size=16).hexdigest()


def cacheable(resp: Response, vary: str | None = None) -> Response:
    """``resp`` (a whole 200) with its ETag and ``Cache-Control``, or the 304 that replaces it
    when the request's ``If-None-Match`` names that ETag; ``vary``: a request header the body
    depends on (``Accept`` for the negotiated problem pages)."""
    body = resp.get_data()
    tag = etag_of(body)
    if vary is not None:
        resp.vary.add(vary)
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None and parse_etags(if_none_match).contains_weak(tag):
        gzipped = compression.compresses(resp.mimetype or "", len(body))
        resp = _not_modified(resp, tag, gzipped)
    else:
        resp.set_etag(tag)
    resp.headers["Cache-Control"] = CACHE_CONTROL
    return resp


def _not_modified(full: Response, tag: str, gzipped: bool) -> Response:
    """The 304 for ``full``: no body and no content headers, but the ETag and ``Vary`` a cache
    needs to refresh what it holds (RFC 9110 §15.4.5)."""
    resp = Response(status=304)
    del resp.headers["Content-Type"]
    resp.set_etag(tag, weak=gzipped)
    for name in full.vary:
        resp.vary.add(name)
    if full.mimetype in compression.TEXT_TYPES:
        resp.vary.add("Accept-Encoding")  # compression's own Vary, which a 304 does not get
    return resp
