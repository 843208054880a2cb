"""Schemathesis over the app's own OpenAPI 3.1 description (/api/openapi.json, every core and
plugin service, so a plugin added later is covered): a bounded number of generated requests per
operation, signed in as a super administrator, none answering 5xx, every /api answer the
envelope and as described (status, content type, headers, schema); the data generated from each
operation's description is mostly accepted, and data it calls invalid is refused
(`negative_data_rejection`), so the description says what validation checks. Writes happen
inside the test's transaction and are rolled back.

SMOGPANEL_SCHEMATHESIS_EXAMPLES sets the examples per operation (default 4; CI time stays
small); the examples are derandomised, so a run is repeatable."""

import os

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from smogpanel.testing.app import token_for

pytestmark = pytest.mark.slow  # generated requests for every operation

CONFORMANCE = [
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
EXAMPLES = int(os.environ.get("SMOGPANEL_SCHEMATHESIS_EXAMPLES", "4"))


@pytest.fixture
def schema(testapp):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", testapp.app)


def in_order(schema):
    """Every operation, those that may change the signed-in account (and so end its token) last."""
    operations = [result.ok() for result in schema.get_all_operations()]
    return sorted(operations, key=lambda operation: operation.path.startswith(("/api/user", "/api/auth")))


def call(case, token):
    # The description's security scheme makes schemathesis generate an Authorization header of
    # its own: the token replaces it. Identity: the WSGI client hands back bodies as sent.
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    return case.call(headers={"Accept-Encoding": "identity"})


def test_generated_requests_never_answer_5xx(schema, admin):
    token = token_for(admin)
    operations = in_order(schema)
    assert len(operations) > 60  # core and every plugin's services
    described = {operation.path for operation in operations}
    assert {
        "/api/public/{kind}/{internal_name}",
        "/files/{name}",
        "/api/import/{type}/template",
        "/view/{kind}/{internal_name}/embed/{uuid}",
    } <= described
    failures, statuses = [], []

    for operation in operations:

        @hypothesis.settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @hypothesis.given(case=operation.as_strategy())
        def check(case):
            response = call(case, token)
            statuses.append(response.status_code)
            if response.status_code >= 500:
                failures.append(
                    (
                        case.method,
                        case.formatted_path,
                        response.status_code,
                        response.content[:300].decode("utf-8", "replace"),
                    )
                )
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


# What no description can let a generator satisfy, each with what OpenAPI 3.1 cannot say.
UNSATISFIABLE = {
    "/api/auth/reset": "the token exists only in the mail the restore request sends",
    "/api/auth/login": "only a real account's password signs in (401, not a validation error)",
    "/api/calculator/definition/": "names unique within their list, type names case-insensitively: JSON Schema's "
    "uniqueItems compares whole items, never one property of them",
    "/api/rank_value/import": "rank_group_id is required for gminy rankings only: the ranking's type is stored, "
    "not sent",
    "/api/reach/hit": "a view counts only for a widget that exists: `n` names a live record, which only the "
    "database knows",
    "/api/auth/login/second-factor": "the ticket exists only in the answer to a real account's password",
    "/api/auth/passkey/options": "a ticket exists only in the answer to a real account's password",
    "/api/auth/passkey": "only an authenticator answers a WebAuthn challenge",
    "/api/user/2fa/passkeys": "only an authenticator makes a WebAuthn credential",
    "/api/user/2fa/totp/confirm": "the code comes from the app holding the secret",
    "/api/user/update": "a new e-mail or password needs the account's current password (or a code of its second "
    "factor), which only the account's owner knows",
}
SAMPLES = max(EXAMPLES, 8)


def _refers(node):
    return isinstance(node, dict) and (
        node.get("x-refers-to") or node.get("x-upload") or any(_refers(value) for value in _subschemas(node))
    )


def _subschemas(node):
    for key, value in node.items():
        if key in ("properties", "$defs"):
            yield from value.values()
        elif key in ("items", "contains", "not", "if", "then", "else") and isinstance(value, dict):
            yield value
        elif key in ("allOf", "anyOf", "oneOf", "prefixItems"):
            yield from value


def _names(node):
    """The texts a schema's enums and consts hold (a hook's name inside a `contains`)."""
    if not isinstance(node, dict):
        return set()
    found = {value for value in [node.get("const"), *(node.get("enum") or ())] if isinstance(value, str)}
    return found.union(*(_names(sub) for sub in _subschemas(node)))


def lookups(body_schema):
    """Names of the fields whose valid values only the database knows: ids of other records
    (x-refers-to) and uploaded files (x-upload: no generator writes a valid spreadsheet), and
    the list entries a condition gives such a value (an item's gmina among its hooks, answered
    as `hooks.gmina`)."""
    found, stack = set(), [(None, body_schema)]
    while stack:
        name, node = stack.pop()
        if not isinstance(node, dict):
            continue
        if name and (node.get("x-refers-to") or node.get("x-upload")):
            found.add(name)
        if isinstance(node.get("then"), dict) and _refers(node["then"]):
            found |= _names(node.get("if"))  # the entry the condition names
        for key, value in node.items():
            if key == "properties":
                stack += list(value.items())
            elif key in ("items", "contains", "if", "then", "else") and isinstance(value, dict):
                stack.append((name, value))
            elif key in ("allOf", "anyOf", "oneOf"):
                stack += [(name, sub) for sub in value]
    return found


def rejected_for_the_data(response, lookup_fields):
    """A 400/422 naming a field that is not a lookup: the data broke a rule the description
    does not state. (404, 409: records missing or taken, as schemathesis counts them too.)"""
    if response.status_code not in (400, 422):
        return False
    errors = response.json().get("errors") or [{"name": ""}]
    return any(not set(str(error.get("name", "")).split(".")) & lookup_fields for error in errors)


def test_data_generated_from_the_description_is_mostly_accepted(schema, admin):
    token = token_for(admin)
    report = {}
    for operation in in_order(schema):
        body = next((p.definition.get("schema") for p in operation.body), None) if operation.body else None
        query = [p.definition for p in operation.query]
        if operation.path in UNSATISFIABLE:
            continue
        if operation.method.upper() == "POST" and body:
            lookup_fields = lookups(body)
        elif operation.method.upper() == "GET" and query:  # a list's sorting, filters and pages
            lookup_fields = {p["name"] for p in query if (p.get("schema") or {}).get("x-refers-to")}
            # A path's ids name records only the database knows (a list's parent answers as `id`).
            lookup_fields |= {p.name for p in operation.path_parameters} | (
                {"id"} if operation.path_parameters else set()
            )
        else:
            continue
        outcomes = []

        @hypothesis.settings(
            max_examples=SAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @hypothesis.given(case=operation.as_strategy())
        def check(case):
            response = call(case, token)
            outcomes.append(
                (
                    rejected_for_the_data(response, lookup_fields),
                    response.status_code,
                    response.content[:200].decode("utf-8", "replace"),  # a file answer is bytes
                    str(case.body)[:400],
                )
            )

        check()
        refused = [outcome for outcome in outcomes if outcome[0]]
        if len(refused) * 2 > len(outcomes):
            report[operation.path] = refused[:2]
    assert report == {}


# Requests the description calls invalid that the server may still accept, each with what
# OpenAPI 3.1 cannot say.
ACCEPTS_INVALID = {}


def test_data_the_description_calls_invalid_is_refused(schema, admin):
    """Negative generation (schemathesis's `negative_data_rejection`): a body, query or path value
    outside its described schema is answered 4xx, never accepted."""
    token = token_for(admin)
    report = {}
    for operation in in_order(schema):
        if operation.path in ACCEPTS_INVALID:
            continue
        accepted = []

        @hypothesis.settings(
            max_examples=SAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @hypothesis.given(case=operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
        def check(case):
            response = call(case, token)
            try:
                case.validate_response(response, checks=[negative_data_rejection])
            except (Exception, BaseExceptionGroup) as error:
                accepted.append((case.body if case.body is not None else case.query, str(error)[:300]))

        try:
            check()
        except hypothesis.errors.Unsatisfiable:
            continue  # nothing is invalid (no parameters, no body)
        if accepted:
            report[f"{operation.method.upper()} {operation.path}"] = accepted[:2]
    assert report == {}
