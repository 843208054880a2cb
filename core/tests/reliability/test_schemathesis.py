"""Schemathesis over the app's own OpenAPI description (/api/openapi.json, every core and
plugin service, so a plugin added later is covered): a bounded number of generated requests per
operation, signed in as a super administrator, none answering 5xx, every /api answer the
envelope. Writes happen inside the test's transaction and are rolled back.

SMOGPANEL_SCHEMATHESIS_EXAMPLES sets the examples per operation (default 4; CI time stays
small); the examples are derandomised, so a run is repeatable."""
import os

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase

from schemathesis.specs.openapi.checks import (
    content_type_conformance, response_schema_conformance, status_code_conformance,
)

from smogpanel.security import Tokens
from smogpanel.testing import TEST_SECRET

CONFORMANCE = [status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES = int(os.environ.get("SMOGPANEL_SCHEMATHESIS_EXAMPLES", "4"))


@pytest.fixture
def schema(testapp):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", testapp.app)


def test_generated_requests_never_answer_5xx(schema, admin):
    token = Tokens(TEST_SECRET, 600).issue(admin)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 60  # core and every plugin's services
    described = {operation.path for operation in operations}
    assert {"/api/public/{kind}/{internal_name}", "/files/{name}", "/api/import/{type}/template",
            "/view/{kind}/{internal_name}/embed/{uuid}"} <= described
    failures, statuses = [], []

    for operation in operations:
        @hypothesis.settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                             phases=[Phase.explicit, Phase.generate],
                             suppress_health_check=list(HealthCheck))
        @hypothesis.given(case=operation.as_strategy())
        def check(case):
            # identity: the WSGI client hands back bodies as sent, and large answers come compressed
            response = case.call(headers={"Authorization": f"Bearer {token}", "Accept-Encoding": "identity"})
            statuses.append(response.status_code)
            if response.status_code >= 500:
                failures.append((case.method, case.formatted_path, response.status_code, response.text[:300]))
                return
            if case.formatted_path.startswith("/api") and "json" in response.headers.get("Content-Type", [""])[0]:
                body = response.json()
                assert isinstance(body, dict) and isinstance(body.get("success"), bool), (case.path, body)
            try:  # the answer as described: a documented status, content type and schema
                case.validate_response(response, checks=CONFORMANCE)
            except Exception as error:  # schemathesis raises a group of failures
                failures.append((case.method, case.formatted_path, response.status_code, str(error)[:300]))

        check()
    assert len(statuses) >= len(operations)  # every operation was called
    assert failures == []
