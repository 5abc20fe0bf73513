"""Configuration from the environment, read once when the app is created."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    max_content_length: int = 1 << 20
    """Largest request body in bytes (``MAX_CONTENT_LENGTH``); larger ones get a 413."""
    log_level: str = "INFO"
    request_log_sample: float = 1.0
    """``REQUEST_LOG_SAMPLE``: the share of answers under 500 with a JSON request log line."""
    request_budget_s: float = 2.0
    """``REQUEST_BUDGET_SECONDS``: the time a batch or replay may take before it answers 503
    ``DEADLINE_EXCEEDED`` (see ``service.deadline``); keep it well under gunicorn's timeout."""
    state_keys: str = ""
    """``REFEREE_STATE_KEYS``: ``kid:base64key,…`` sealing state tokens (the first seals); none
    by default, and then steps carry no ``state_token``. See docs/api.md, "State tokens"."""
    state_token_ttl: int = 7 * 24 * 3600
    """``REFEREE_STATE_TOKEN_TTL``: seconds a state token stays valid (a week by default)."""
    public_url: str = ""
    """``PUBLIC_URL``: the address clients reach the service at (``https://host[/prefix]``),
    which a problem's ``type`` URI starts with; empty: the origin each request was sent to."""

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            max_content_length=int(os.environ.get("MAX_CONTENT_LENGTH", cls.max_content_length)),
            log_level=os.environ.get("LOG_LEVEL", cls.log_level).upper(),
            request_log_sample=float(os.environ.get("REQUEST_LOG_SAMPLE", cls.request_log_sample)),
            request_budget_s=float(os.environ.get("REQUEST_BUDGET_SECONDS", cls.request_budget_s)),
            state_keys=os.environ.get("REFEREE_STATE_KEYS", cls.state_keys),
            state_token_ttl=int(os.environ.get("REFEREE_STATE_TOKEN_TTL", cls.state_token_ttl)),
            public_url=os.environ.get("PUBLIC_URL", cls.public_url),
        )
