"""schemathesis hook: each link's ``x-request-body`` becomes its ``requestBody``.

The contract's links (``ApplyTheFirstLegalAction``: a step's state and first legal action sent
to its game's ``apply``) carry the next body as runtime expressions inside an object, the form
schemathesis' stateful phase reads from ``requestBody``. OpenAPI tools (openapi-generator's
validator among them) read a link's ``requestBody`` as one string, which cannot build an object
of two values, so ``openapi.yaml`` keeps the object under the extension and this hook moves it
where schemathesis looks, before the contract is loaded.

Loaded by import in ``test_schemathesis.py`` and by ``SCHEMATHESIS_HOOKS`` for ``st run``
(``run_live.py``).
"""

from __future__ import annotations

from typing import Any

import schemathesis

EXTENSION = "x-request-body"


def move_request_bodies(contract: dict[str, Any]) -> int:
    """Move every link's ``x-request-body`` to ``requestBody`` in place; how many moved."""
    moved = 0
    for item in contract.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                for link in response.get("links", {}).values():
                    if EXTENSION in link:
                        link["requestBody"] = link.pop(EXTENSION)
                        moved += 1
    return moved


@schemathesis.hook
def before_load_schema(context: schemathesis.HookContext, raw_schema: dict[str, Any]) -> None:
    move_request_bodies(raw_schema)
