"""Configuration from the environment, read once when the app is created."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    max_content_length: int = 1 << 20
    """Largest request body in bytes (``MAX_CONTENT_LENGTH``); larger ones get a 413."""
    log_level: str = "INFO"

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            max_content_length=int(os.environ.get("MAX_CONTENT_LENGTH", cls.max_content_length)),
            log_level=os.environ.get("LOG_LEVEL", cls.log_level).upper(),
        )
