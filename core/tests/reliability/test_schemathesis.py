"""Schemathesis over the app's own OpenAPI 3.1 description (/api/openapi.json, every core and
plugin service, so a plugin added later is covered), with every check it has, as `st run
--checks all` applies them: no 5xx; the answer as described (status, content type, headers,
schema); data the description calls valid accepted (`positive_data_acceptance`) and data it
calls invalid refused (`negative_data_rejection`), so the description says what validation
checks; a request without the token refused (`ignored_auth`). One pass per operation: valid
and invalid requests are generated in one stream, each sent once, every check reading its
answer. Signed in as a super administrator over the demo data (so edits reach a record);
writes happen inside the test's transaction and are rolled back.

SMOGPANEL_SCHEMATHESIS_EXAMPLES sets the requests per operation (default 10, valid and invalid
together), derandomised: a run is repeatable. The CLI's coverage and stateful phases (boundary
values, chained calls) are not run here: docs/api.md gives the command and its last result.
What no description can let a generator satisfy is exempted below, each with its reason."""

import os

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import ignored_auth

from smogpanel.testing.app import token_for

pytestmark = pytest.mark.slow  # generated requests for every operation

# The WSGI client hands back bodies as sent.
IDENTITY = {"Accept-Encoding": "identity"}
EXAMPLES = int(os.environ.get("SMOGPANEL_SCHEMATHESIS_EXAMPLES", "10"))

# Valid requests the server may still refuse, each with what OpenAPI 3.1 cannot say (the
# `positive_data_acceptance` check is not applied to these operations).
UNSATISFIABLE = {
    "/api/auth/reset": "the token exists only in the mail the restore request sends",
    "/api/auth/login": "only a real account's password signs in (401, not a validation error)",
    "/api/calculator/definition/": "names unique within their list, type names case-insensitively: JSON Schema's "
    "uniqueItems compares whole items, never one property of them; Polish letters in definition names of the "
    "building standards type only, which an if/then can state only as two patterns no generator meets at once",
    "/api/rank_value/import": "rank_group_id is required for gminy rankings only: the ranking's type is stored, "
    "not sent",
    "/api/rank/import": "a group definition file goes only to a voivodeship ranking: the ranking's type is stored, "
    "not sent",
    "/api/graph/import": "the import types a graph takes follow its stored type (lines or circles), not sent",
    "/api/reach/hit": "a view counts only for a widget that exists: `n` names a live record, which only the "
    "database knows",
    "/api/auth/login/second-factor": "the ticket exists only in the answer to a real account's password",
    "/api/auth/passkey/options": "a ticket exists only in the answer to a real account's password",
    "/api/auth/passkey": "only an authenticator answers a WebAuthn challenge",
    "/api/user/2fa/passkeys": "only an authenticator makes a WebAuthn credential",
    "/api/user/2fa/totp/confirm": "the code comes from the app holding the secret",
    "/api/user/2fa/recovery-codes": "recovery codes go with a second factor, which only an authenticator app "
    "adds to the account",
    "/api/reach/": "`record_id` goes with `kind` (ids are per kind): OpenAPI describes each query parameter alone",
    "/api/reach/export": "`record_id` goes with `kind` (ids are per kind): OpenAPI describes each query parameter "
    "alone",
    "/api/history/": "`from` may not be after `to`: OpenAPI describes each query parameter alone",
    "/api/user/update": "a new e-mail or password needs the account's current password (or a code of its second "
    "factor), which only the account's owner knows",
}
# Answers outside 4xx the server gives on purpose, by operation: {(method, path): {status: reason}}.
SERVER_STATUSES = {
    ("GET", "/oembed"): {501: "oEmbed 1.0 answers 501 Not Implemented for a format it does not serve"},
}
# Refusals of valid data no description can avoid, whatever the operation (see `lookup_refusal`).
LOOKUPS = (
    "a 400/422 naming only fields whose valid values only the database knows: ids of other records "
    "(x-refers-to), a path's record, uploaded files (x-upload: no generator writes a valid spreadsheet)"
)
EXPORT_COLUMNS = (
    "an export's column names a field of the list's rows: checked against the rows it finds, so an empty list "
    "takes any name and a list with rows only its fields"
)
STALE_VERSION = "412 to an If-Match: an ETag matches only the version the server holds, which no generator knows"


@pytest.fixture
def schema(testapp):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", testapp.app)


def in_order(schema):
    """Every operation, those that may change the signed-in account (and so end its token) last."""
    operations = [result.ok() for result in schema.get_all_operations()]
    return sorted(operations, key=lambda operation: operation.path.startswith(("/api/user", "/api/auth")))


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
    (x-refers-to) and uploaded files (x-upload), and the list entries a condition gives such a
    value (an item's gmina among its hooks, answered as `hooks.gmina`)."""
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


def lookup_fields(operation):
    body = next((p.definition.get("schema") for p in operation.body), None) if operation.body else None
    found = lookups(body) if body else set()
    found |= {p.definition["name"] for p in operation.query if (p.definition.get("schema") or {}).get("x-refers-to")}
    # A path's ids name records only the database knows (a list's parent answers as `id`).
    if operation.path_parameters:
        found |= {p.name for p in operation.path_parameters} | {"id"}
    return found


def is_json(response):
    return any(name.lower() == "content-type" and "json" in values[0] for name, values in response.headers.items())


def errors_of(response):
    return (response.json().get("errors") or [{"name": ""}]) if is_json(response) else []


def lookup_refusal(response, fields):
    """A 400/422 whose every error names a lookup field (or an entry of one: `property_keys.0.id`)."""
    errors = errors_of(response)
    return (
        response.status_code in (400, 422)
        and bool(errors)
        and all(set(str(error.get("name", "")).split(".")) & fields for error in errors)
    )


def unknown_column(case, response):
    errors = errors_of(response)
    return (
        case.path.endswith("/export")
        and bool(errors)
        and all(str(error.get("description", "")).startswith("Kolumny: lista nie ma pola") for error in errors)
    )


def exempt(failure, case, response, fields):
    """The reason a failure is expected, or None."""
    name = type(failure).__name__
    if name == "RejectedPositiveData":
        if case.operation.path in UNSATISFIABLE:
            return UNSATISFIABLE[case.operation.path]
        if lookup_refusal(response, fields):
            return LOOKUPS
        if unknown_column(case, response):
            return EXPORT_COLUMNS
        if response.status_code == 412 and any(key.lower() == "if-match" for key in case.headers or {}):
            return STALE_VERSION
    if name == "ServerError":
        return SERVER_STATUSES.get((case.method.upper(), case.path), {}).get(response.status_code)
    return None


# The operations are dealt into shards, each a test of its own, so pytest-xdist's workers share
# the pass (one test of every operation was a unit of minutes that ended a run on one core).
SHARDS = 4


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_check_on_data_generated_from_the_description(schema, admin, demo, shard):
    signed = {"Authorization": f"Bearer {token_for(admin)}"}
    every_operation = in_order(schema)
    assert len(every_operation) > 60  # core and every plugin's services
    # Dealt in turn from the ordered list, so the account-changing ones stay last in each shard.
    operations = every_operation[shard::SHARDS]
    described = {operation.path for operation in every_operation}
    assert {
        "/api/public/{kind}/{internal_name}",
        "/files/{name}",
        "/api/import/{type}/template",
        "/view/{kind}/{internal_name}/embed/{uuid}",
    } <= described
    failures, exempted, sent, auth_probed = [], {}, [], set()
    only = os.environ.get("SMOGPANEL_SCHEMATHESIS_ONLY")  # a path's part: one run of a few operations

    for operation in operations:
        if only and only not in operation.path:
            continue
        fields = lookup_fields(operation)
        # Valid and invalid data in one stream: each case is sent once and every check reads it.
        # The token is explicit credentials (as `st run -H` gives them), never generated nor negated.
        cases = st.one_of(
            operation.as_strategy(generation_mode=GenerationMode.POSITIVE, headers=signed),
            operation.as_strategy(generation_mode=GenerationMode.NEGATIVE, headers=signed),
        )

        @hypothesis.settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @hypothesis.given(case=cases)
        def check(case):
            response = case.call(headers=IDENTITY)
            sent.append(response.status_code)
            label = f"{case.method.upper()} {case.formatted_path}"
            if case.formatted_path.startswith("/api") and is_json(response):
                body = response.json()
                if not (isinstance(body, dict) and isinstance(body.get("success"), bool)):
                    failures.append(f"{label}: {response.status_code} not the envelope: {body!r:.200}")
            # Whether a request without the token is refused is asked once per operation.
            skipped = [ignored_auth] if operation.label in auth_probed else []
            try:
                case.validate_response(response, headers=signed, excluded_checks=skipped)
            except FailureGroup as group:
                for failure in group.exceptions:
                    reason = exempt(failure, case, response, fields)
                    if reason:
                        exempted.setdefault(reason, set()).add(operation.label)
                    else:
                        failures.append(
                            f"{label}: {response.status_code} {failure.title}\n{failure}\n{case.body!r:.300}"
                        )
            if 200 <= response.status_code < 300:
                auth_probed.add(operation.label)

        check()
    assert only or len(sent) >= len(operations)  # every operation was called
    assert not failures, "\n\n".join(failures)
