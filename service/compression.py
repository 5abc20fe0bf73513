"""gzip for clients that accept it: JSON steps shrink about tenfold, the docs bundle fourfold.

An answer is compressed when the request's ``Accept-Encoding`` allows ``gzip``, the answer is
whole (not a 204, 206 or 304), of a text type (JSON, problem+json, YAML, HTML, JavaScript, CSS,
plain text), of at least ``MIN_SIZE`` bytes, and nothing encoded it already. Every such answer says
``Vary: Accept-Encoding``. An answer with an ETag (a docs asset, or a document of
``service.conditional``) never changes while the process runs, so each is compressed once and
kept (keyed by path and ETag); a compressed answer's ETag becomes weak, as its bytes differ.
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

MIN_SIZE = 1024
"""Below this, headers and the gzip frame cost about what compression saves."""
LEVEL = 6
"""zlib's default: most of level 9's ratio at a third of its time on a 20 KB step."""
TEXT_TYPES = frozenset(
    {
        "application/json",
        "application/problem+json",
        "application/yaml",
        "application/javascript",
        "text/javascript",
        "text/css",
        "text/html",
        "text/plain",
    }
)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` value allows gzip (``gzip`` or ``*``, with a q above 0)."""
    allowed: dict[str, bool] = {}
    for item in accept_encoding.split(","):
        name, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        allowed[name.strip().lower()] = q > 0
    if "gzip" in allowed:
        return allowed["gzip"]
    return allowed.get("*", False)


def compress(data: bytes) -> bytes:
    # mtime=0: the same body always gives the same bytes (no timestamp in the gzip header).
    return gzip.compress(data, compresslevel=LEVEL, mtime=0)


def compresses(mimetype: str, size: int) -> bool:
    """Whether a whole 200 of this type and size is gzipped for the current request: what a 304
    needs to know to carry the ETag that 200 would carry (``service.conditional``)."""
    accept_encoding: str = request.environ.get("HTTP_ACCEPT_ENCODING", "")
    return (
        mimetype in TEXT_TYPES
        and size >= MIN_SIZE
        and request.method != "HEAD"
        and accepts_gzip(accept_encoding)
    )


_ASSETS: dict[tuple[str, str], bytes] = {}
"""Compressed documents by (path, ETag): the docs assets and every answer with an ETag (the
catalogue, the games, the contract, the problem pages), fixed while the process runs. One of the
service's two memo caches (the other: ``metrics._CHILDREN``): bounded, its values immutable
bytes. Gain: gzipping the 421 KB contract takes 13.8 ms (measured on the development machine); a
hit is a dict lookup."""
MAX_ASSETS = 64


def _compressed_asset(path: str, etag: str, data: bytes) -> bytes:
    key = (path, etag)
    body = _ASSETS.get(key)
    if body is None:
        body = compress(data)
        if len(_ASSETS) < MAX_ASSETS:
            _ASSETS[key] = body
    return body


_NO_BODY = frozenset({204, 206, 304})
"""No body to compress, or a byte range of the plain file (``Range`` is answered on the file)."""


def _should_compress(resp: Response, accept_encoding: str) -> bool:
    return (
        resp.status_code not in _NO_BODY
        and request.method != "HEAD"
        and "Content-Encoding" not in resp.headers
        and accepts_gzip(accept_encoding)
    )


def _vary_on_encoding(resp: Response) -> None:
    # getlist, not get: werkzeug's get of an absent header raises and catches an HTTP exception
    # (about 10,000 instructions, on almost every answer)
    if not resp.headers.getlist("Vary"):
        resp.headers["Vary"] = "Accept-Encoding"  # the common case, without parsing a header set
    else:
        resp.vary.add("Accept-Encoding")


def gzip_response(resp: Response) -> Response:
    if resp.mimetype not in TEXT_TYPES:
        return resp
    _vary_on_encoding(resp)
    accept_encoding = request.environ.get("HTTP_ACCEPT_ENCODING")
    if not accept_encoding or not _should_compress(resp, accept_encoding):
        return resp
    resp.direct_passthrough = False  # a file sent by send_from_directory is read here
    data = resp.get_data()
    if len(data) < MIN_SIZE:
        return resp
    etag, _ = resp.get_etag()
    if etag is not None:
        body = _compressed_asset(request.path, etag, data)
        resp.set_etag(etag, weak=True)
    else:
        body = compress(data)
    resp.set_data(body)
    resp.headers["Content-Encoding"] = "gzip"
    return resp


def install(app: Flask) -> None:
    """Compress answers last: register before any other ``after_request`` that reads bodies."""
    app.after_request(gzip_response)
