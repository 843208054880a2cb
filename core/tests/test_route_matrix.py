"""Every route × every role, generated from the app's routes (`smogpanel routes`), so a plugin's
route added later is in it: nobody signed in gets 401 wherever sign-in is needed; a route whose
permission a kind's rules declare answers 403 exactly to the roles the rules refuse (a viewer, an
editor outside its plugins or voivodeships) and never to the others; a viewer's write never
succeeds anywhere; nothing answers 5xx.

Its expectations come from the rules it tests and its paths name no record (999999), so it
reaches kind-level rules only: what a role may do to real records inside and outside its scope,
reverts included, is written down by hand in test_route_table.py."""

import re

import pytest
from pyramid.security import NO_PERMISSION_REQUIRED

from smogpanel.authority import Context, permits
from smogpanel.cli.routes import route_rows
from smogpanel.security import Identity
from smogpanel.testing.app import Api, create_user, signed_in

WRITES = ("POST", "PUT", "PATCH", "DELETE")
DEFAULT = "authenticated"
# A viewer changes no data, but its own account is its own: signing out, its sessions, its profile,
# its second factors.
OWN_ACCOUNT = (
    "/api/auth/",
    "/api/user/update",
    "/api/user/sessions",
    "/api/user/2fa",
)  # the app's default view permission (smogpanel.security)
# (role, account fields): each a column of the matrix; "anonymous" signs in as nobody.
ROLES = {
    "anonymous": None,
    "viewer": {"role": "viewer"},
    "editor": {},
    "editor of timers": {"scope_kinds": "timers"},
    "editor of małopolskie": {"scope_voivodeships": "1"},
    "super": {"super": 1},
}


def declared(app):
    """{(method, pattern): (rules or None, permission)} of every view, from Pyramid's introspector."""
    introspector, found = app.registry.introspector, {}
    for route in introspector.get_category("routes"):
        factory = route["introspectable"]["factory"]
        rules = getattr(factory, "__self__", None) if getattr(factory, "__name__", "") == "context" else None
        for view in route["related"]:
            if view.category_name != "views" or not view["request_methods"]:
                continue
            permissions = [p["value"] for p in introspector.related(view) if p.category_name == "permissions"]
            methods = view["request_methods"]
            for method in (methods,) if isinstance(methods, str) else methods:
                found[(method, route["introspectable"]["pattern"])] = (
                    rules,
                    permissions[0] if permissions else DEFAULT,
                )
    return found


def path_of(pattern):
    return re.sub(r"\{[^}]+\}", "999999", pattern)  # no such record: nothing is changed by the walk


def identity_of(user):
    return Identity(
        user.id,
        user.email,
        "",
        "",
        user.super,
        0,
        user.role,
        user.scope_kinds,
        user.scope_voivodeships,
        user.personal_data,
    )


@pytest.fixture
def clients(testapp, db):
    found = {}
    for name, fields in ROLES.items():
        if fields is None:
            found[name] = (Api(testapp), None)
            continue
        user = create_user(db, email=f"{name.replace(' ', '-').replace('ł', 'l')}@example.pl")
        for field, value in fields.items():
            setattr(user, field, value)
        db.commit()
        found[name] = (signed_in(testapp, user), identity_of(user))
    return found


def test_every_route_answers_every_role_as_its_rules_say(testapp, clients):
    app = testapp.app
    views = declared(app)
    checked = refusals = 0
    for row in route_rows(app):
        if row.method not in ("GET", *WRITES):
            continue
        rules, permission = views.get((row.method, row.pattern), (None, DEFAULT))
        for role, (client, identity) in clients.items():
            code = _send(client, row.method, path_of(row.pattern))
            cell = f"{row.method} {row.pattern} as {role}"
            checked += 1
            assert code < 500, cell
            if permission == NO_PERMISSION_REQUIRED:
                continue
            if identity is None:
                assert code == 401, cell
                continue
            if rules is not None:
                if permits(identity, Context(rules), permission):
                    assert code != 403, cell
                else:
                    assert code == 403, cell
                    refusals += 1
            if role == "viewer" and row.method in WRITES and not row.pattern.startswith(OWN_ACCOUNT):
                assert not 200 <= code < 300, cell
    print(f"route matrix: {checked} cells, {refusals} refusals")
    assert checked > 900 and refusals > 200, (checked, refusals)


def _send(client, method, path):
    """The status of `method path` with an empty JSON body for writes."""
    headers = client.headers()
    if method == "GET":
        return client.app.get(path, headers=headers, expect_errors=True).status_int
    return client.app.request(
        path,
        method=method,
        body=b"{}",
        headers=dict(headers, **{"Content-Type": "application/json"}),
        expect_errors=True,
    ).status_int
