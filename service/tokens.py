"""Sealed states: a state token its holder can neither read nor forge.

A token is ``v1.<kid>.<body>``: ``kid`` names the key that sealed it, ``body`` is unpadded
base64url of a 12-byte random nonce followed by the AES-GCM ciphertext and its 16-byte tag. The
plaintext is the expiry (Unix seconds, 8 bytes big-endian) followed by the state as compact JSON
compressed with zlib, then zero bytes up to a multiple of :data:`PAD_TO` (which zlib, having read
its stream's end, leaves unread). The associated data binds the format, the key id and the game,
so a token opens only for the game that sealed it and only under the key it names::

    aad = b"referee-state-token" 0x00 b"v1" 0x00 kid 0x00 game

Opening checks, in this order, and stops at the first failure: the shape (``TOKEN_MALFORMED``),
the key id (``TOKEN_UNKNOWN_KEY``), the authentication tag (``TOKEN_INVALID``, or
``TOKEN_WRONG_GAME`` when the tag is right for another game), then the expiry
(``TOKEN_EXPIRED``). Only an authentic, unexpired token is decompressed and parsed.

Keys come from ``REFEREE_STATE_KEYS`` (``kid:base64key,…``, 16, 24 or 32 bytes each): the first
seals, every listed key opens, so a rotation lists the new key first and keeps the old one until
the tokens it sealed have expired.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import secrets
import struct
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engines.core.errors import quoted

VERSION = "v1"
NONCE_BYTES = 12
TAG_BYTES = 16
_EXPIRY = struct.Struct(">Q")
PAD_TO = 1024
"""The compressed state is padded to a multiple of this many bytes. Without it a token's length
was the compressed size of its state to the byte, and the states a player might hold apart from
the others' secrets (in external mode, every state but for the hands) compress to different
sizes: trying each possible hand against the lengths of a few tokens named it. Padded, only a
size that crosses a multiple of 1 KiB tells anything."""
_KID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_BODY = re.compile(r"[A-Za-z0-9_-]+")
_AAD_PREFIX = b"referee-state-token\x00" + VERSION.encode("ascii") + b"\x00"
KEY_SIZES = (16, 24, 32)


class TokenError(Exception):
    """A token that does not open; ``code`` is the stable problem code."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def parse_keys(spec: str) -> dict[str, bytes]:
    """``kid:base64key,kid:base64key`` → ``{kid: key}`` in the order given (the first seals).

    A malformed list is a configuration error and fails at startup, not at the first request.
    """
    keys: dict[str, bytes] = {}
    for item in (part.strip() for part in spec.split(",")):
        if not item:
            continue
        kid, sep, encoded = item.partition(":")
        if not sep or not _KID.fullmatch(kid):
            raise ValueError(
                f"state key {quoted(kid)}: write each key as kid:base64 (kid: [A-Za-z0-9_-])"
            )
        if kid in keys:
            raise ValueError(f"state key id {quoted(kid)} is listed twice")
        try:
            key = base64.b64decode(
                _pad(encoded.strip().replace("-", "+").replace("_", "/")), validate=True
            )
        except binascii.Error:
            raise ValueError(f"state key {quoted(kid)} is not base64") from None
        if len(key) not in KEY_SIZES:
            raise ValueError(
                f"state key {quoted(kid)} has {len(key)} bytes; AES-GCM takes 16, 24 or 32"
            )
        keys[kid] = key
    return keys


def new_key() -> str:
    """A fresh 256-bit key, base64-encoded, for ``REFEREE_STATE_KEYS``."""
    return base64.b64encode(secrets.token_bytes(32)).decode("ascii")


@dataclass(frozen=True)
class Keyring:
    """The keys that seal and open state tokens; the first key seals."""

    keys: Mapping[str, bytes]
    ttl: int
    """Seconds a token stays valid after it is sealed."""
    clock: Callable[[], float] = time.time
    games: tuple[str, ...] = ()
    """Every game id, to tell a token of another game from a forged one."""
    _ciphers: dict[str, AESGCM] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.keys:
            raise ValueError("a keyring needs at least one key")
        if self.ttl < 1:
            raise ValueError(f"the token lifetime must be at least 1 second, not {self.ttl}")
        object.__setattr__(self, "_ciphers", {k: AESGCM(v) for k, v in self.keys.items()})

    @classmethod
    def from_spec(
        cls, spec: str, ttl: int, games: Iterable[str] = (), clock: Callable[[], float] = time.time
    ) -> Keyring | None:
        """The keyring ``spec`` describes, or None when it lists no key (tokens disabled)."""
        keys = parse_keys(spec)
        return cls(keys, ttl, clock, tuple(games)) if keys else None

    @property
    def sealing_kid(self) -> str:
        return next(iter(self.keys))

    def seal(self, game: str, state: Mapping[str, Any]) -> str:
        kid = self.sealing_kid
        expires = int(self.clock()) + self.ttl
        text = json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        packed = zlib.compress(text, 6)
        plain = _EXPIRY.pack(expires) + packed + bytes(-len(packed) % PAD_TO)
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = self._ciphers[kid].encrypt(nonce, plain, _aad(kid, game))
        body = base64.urlsafe_b64encode(nonce + sealed).rstrip(b"=").decode("ascii")
        return f"{VERSION}.{kid}.{body}"

    def open(self, game: str, token: str) -> dict[str, Any]:
        """The state sealed in ``token`` for ``game``; raises :class:`TokenError`."""
        kid, raw = _split(token)
        cipher = self._ciphers.get(kid)
        if cipher is None:
            raise TokenError(
                "TOKEN_UNKNOWN_KEY", f"no key {quoted(kid)} is configured to open tokens"
            )
        nonce, sealed = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
        try:
            plain = cipher.decrypt(nonce, sealed, _aad(kid, game))
        except InvalidTag:
            raise self._why_not(cipher, kid, game, nonce, sealed) from None
        (expires,) = _EXPIRY.unpack_from(plain)
        now = int(self.clock())
        if now >= expires:
            raise TokenError("TOKEN_EXPIRED", f"the token expired {now - expires + 1} s ago")
        state: dict[str, Any] = json.loads(zlib.decompress(plain[_EXPIRY.size :]))
        return state

    def _why_not(
        self, cipher: AESGCM, kid: str, game: str, nonce: bytes, sealed: bytes
    ) -> TokenError:
        """A token whose tag fails: sealed for another game, or altered."""
        for other in self.games:
            if other == game:
                continue
            try:
                cipher.decrypt(nonce, sealed, _aad(kid, other))
            except InvalidTag:
                continue
            return TokenError("TOKEN_WRONG_GAME", f"the token holds a {other} state, not {game}")
        return TokenError("TOKEN_INVALID", "the token was altered or not sealed by this service")


def _aad(kid: str, game: str) -> bytes:
    return _AAD_PREFIX + kid.encode("ascii") + b"\x00" + game.encode("utf-8")


def _pad(text: str) -> str:
    return text + "=" * (-len(text) % 4)


def _split(token: str) -> tuple[str, bytes]:
    """The key id and the decoded body; every other form of the text is malformed.

    The body must be canonical unpadded base64url: a decoder that ignored stray characters or the
    unused low bits of the last character would let two different texts carry the same token.
    """
    parts = token.split(".")
    if len(parts) != 3 or parts[0] != VERSION:
        raise TokenError("TOKEN_MALFORMED", f"a state token reads {VERSION}.<kid>.<body>")
    _, kid, body = parts
    if not _KID.fullmatch(kid) or not _BODY.fullmatch(body):
        raise TokenError("TOKEN_MALFORMED", "the key id or body has characters outside base64url")
    try:
        raw = base64.urlsafe_b64decode(_pad(body))
    except (binascii.Error, ValueError):
        raise TokenError("TOKEN_MALFORMED", "the token body is not base64url") from None
    if base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii") != body:
        raise TokenError("TOKEN_MALFORMED", "the token body is not canonical base64url")
    if len(raw) < NONCE_BYTES + TAG_BYTES + _EXPIRY.size:
        raise TokenError("TOKEN_MALFORMED", "the token is too short to hold a state")
    return kid, raw
