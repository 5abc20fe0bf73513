"""Structured logs: one JSON object per line, and one line per answered request.

Every record of the service's loggers is written as JSON (``ts``, ``level``, ``logger``,
``message`` and any ``extra`` fields). The request line carries the request id, game, operation,
status, problem code and duration: never a body, so never a state. ``REQUEST_LOG_SAMPLE`` (0 to
1, default 1) keeps that share of the lines of answers under 500, chosen by request id so a
sampled request is logged whole; a 5xx is always logged.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import zlib
from typing import Any

REQUEST_LOG = logging.getLogger("service.requests")
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        out.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD})
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


MESSAGE_LIMIT = 500
"""Characters of a message kept by :class:`BoundedJsonFormatter`: gunicorn quotes a bad request
line whole (up to 8 KB, each control byte written as four characters), so 1,000 bad lines made
14 MB of log in 2 s."""


class BoundedJsonFormatter(JsonFormatter):
    """:class:`JsonFormatter` for gunicorn's own loggers, whose messages quote what clients
    sent: each message cut to :data:`MESSAGE_LIMIT` characters, saying how long it was."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if len(message) > MESSAGE_LIMIT:
            record.msg, record.args = message[:MESSAGE_LIMIT], None
            record.message_length = len(message)
        return super().format(record)


def configure(level: str) -> None:
    """JSON lines on stderr for the ``service`` loggers (once per process)."""
    root = logging.getLogger("service")
    root.setLevel(level)
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)


def sampled(request_id: str, share: float) -> bool:
    """Whether the request with this id is in the logged ``share`` (stable for an id)."""
    if share >= 1:
        return True
    return zlib.crc32(request_id.encode()) < share * 0x1_0000_0000


def log_request(fields: dict[str, Any], share: float) -> None:
    status: int = fields["status"]
    if status >= 500:
        REQUEST_LOG.error("request", extra=fields)
    elif sampled(fields["request_id"], share):
        REQUEST_LOG.info("request", extra=fields)
