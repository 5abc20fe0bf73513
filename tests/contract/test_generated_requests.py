"""schemathesis's generated requests for every operation, in-process (a slow test: `make fuzz`).

schemathesis generates requests for every operation (examples, coverage and fuzzing phases;
valid and invalid data) and runs every built-in check, including not_a_server_error,
status_code_conformance, content_type_conformance, response_schema_conformance,
response_headers_conformance, negative_data_rejection, positive_data_acceptance and
unsupported_method. Settings (seed, examples, expected statuses) come from
``schemathesis.toml``, the same file ``run_live.py`` gives the CLI in `make test`'s
`contract-live`, which runs the same generation against gunicorn.

Building the cases of every operation takes about 100 s of collection, so ``tests/conftest.py``
leaves this module out of a run that selects no slow test.
"""

from __future__ import annotations

import pytest
import schemathesis

from tests.contract.test_schemathesis import PLAIN, schema


@pytest.mark.slow
@schema.parametrize()
def test_every_operation_meets_the_contract(case: schemathesis.Case) -> None:
    case.call_and_validate(headers=PLAIN)
