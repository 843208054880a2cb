"""Malformed requests are 4xx, on every route (enumerated from the app's routes, so a plugin
added later is covered): a body that is not JSON answers 415 (multipart without a boundary
included, even with the CSRF cookie set); a JSON body with a lone surrogate, NaN or endless
nesting, an address that is not UTF-8 and an id not in ASCII digits or past 2**63 - 1 answer
400 with the envelope; a method a route does not take answers 405 with an Allow header."""

import re

import pytest
from pyramid.interfaces import IRoutesMapper

from smogpanel.malformed_requests import numeric_placeholders
from smogpanel.routes_listing import route_rows
from smogpanel.security import CSRF_COOKIE
from smogpanel.testing.hostile import BAD_IDS, NOT_UTF8, UNREADABLE_JSON

BODIES = [
    ("multipart/form-data", b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'),
    ("multipart/form-data; boundary=", b""),
    ("multipart/form-data", b""),
    ("application/x-www-form-urlencoded", b"email=a%40b.pl&password=x"),
    ("text/plain", b'{"email": "a@b.pl"}'),
    ("application/xml", b"<a/>"),
]


def api_routes(registry):
    """(method, path) of every /api route with a write method, placeholders filled with 1."""
    routes = []
    for route in registry.getUtility(IRoutesMapper).get_routes():
        if not route.pattern.startswith("/api"):
            continue
        path = re.sub(r"\{[^}]+\}", "1", route.pattern)
        for method in ("POST", "PUT", "DELETE"):
            routes.append((method, path))
    return routes


def test_every_api_route_answers_415_to_a_body_that_is_not_json(testapp, api):
    routes = api_routes(testapp.app.registry)
    assert len(routes) > 60  # core and every plugin's routes
    testapp.set_cookie(CSRF_COOKIE, "x")
    for method, path in routes:
        for content_type, body in BODIES:
            response = testapp.request(
                path,
                method=method,
                body=body,
                expect_errors=True,
                headers={"Content-Type": content_type, **api.headers()},
            )
            assert response.status_int == 415, (method, path, content_type, response.status, response.body[:200])
            assert response.json["message"] == "UNSUPPORTED_MEDIA_TYPE"
            assert "application/json" in response.json["errors"][0]["description"]


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8"])
def test_json_bodies_still_pass(api, content_type):
    answer = api.app.post(
        "/api/auth/login",
        b'{"email": "nikt@example.pl", "password": "zle-haslo"}',
        headers={"Content-Type": content_type},
        status=401,
    )
    assert answer.json["message"] == "UNAUTHORISED"


def patterns(registry):
    return [route.pattern for route in registry.getUtility(IRoutesMapper).get_routes()]


def filled(pattern, value="1", only=None):
    """The pattern with each placeholder (or only the one named `only`) replaced by `value`, the
    others by 1."""

    def fill(match):
        name = match.group(1)
        return value if only is None or name == only else "1"

    return re.sub(r"\{(\w+)(?::[^}]*)?\}", fill, pattern)


def assert_refused(response, name):
    assert response.status_int == 400, (response.request.path_qs[:120], response.status, response.body[:200])
    assert response.json["message"] == "VALIDATION_FAILED"
    assert response.json["errors"][0]["name"] == name, response.json


def test_every_numeric_id_refuses_other_digits_and_numbers_past_the_databases(testapp, api):
    """`/api/timer/١` answered timer 1; 5,000 digits were a 500 (int() reads at most 4,300)."""
    routes = [(pattern, name) for pattern in patterns(testapp.app.registry) for name in numeric_placeholders(pattern)]
    assert len(routes) > 15
    for pattern, name in routes:
        for bad in BAD_IDS:
            for client in (testapp, api.app):  # before the sign-in is even looked at
                response = client.get(filled(pattern, bad, only=name), headers=api.headers(), expect_errors=True)
                assert_refused(response, name)
    assert api.get("/api/timer/9223372036854775807", status=404)["message"] == "NOT_FOUND"  # the largest id


def test_every_route_refuses_addresses_that_are_not_utf8(testapp, api):
    """`GET /api/auth/restore/%ED%A0%80@b.pl` was a 500 without the envelope (waitress's own)."""
    for pattern in patterns(testapp.app.registry) + ["/", "/nie-ma", "/static/shell/x.js"]:
        for bad in NOT_UTF8:
            path = filled(pattern, bad) if "{" in pattern else pattern.rstrip("/") + "/" + bad
            assert_refused(testapp.get(path, headers=api.headers(), expect_errors=True), "url")
            assert_refused(
                testapp.get(f"{filled(pattern)}?kind={bad}", headers=api.headers(), expect_errors=True), "url"
            )
            assert_refused(testapp.get(f"{filled(pattern)}?{bad}=1", headers=api.headers(), expect_errors=True), "url")


def test_every_api_route_refuses_json_no_reader_should_pass_on(testapp, api):
    """`POST /api/auth/login {"password": "\\ud800"}` was a 500 (the password hashed)."""
    for method, path in api_routes(testapp.app.registry):
        for body in UNREADABLE_JSON:
            response = testapp.request(
                path,
                method=method,
                body=body,
                expect_errors=True,
                headers=api.headers({"Content-Type": "application/json"}),
            )
            assert_refused(response, "body")
            assert "JSON" in response.json["errors"][0]["description"]
    signed_out = testapp.post(
        "/api/auth/login",
        b'{"email": "a@b.pl", "password": "\\ud800"}',
        expect_errors=True,
        headers={"Content-Type": "application/json"},
    )
    assert "\\ud800" in signed_out.json["errors"][0]["description"]


def test_text_outside_the_basic_plane_still_passes(api):
    """A surrogate pair is one character (here an emoji): only a lone surrogate is refused."""
    answer = api.app.post(
        "/api/auth/login",
        b'{"email": "nikt@example.pl", "password": "z\\ud83d\\ude00"}',
        headers={"Content-Type": "application/json"},
        status=401,
    )
    assert answer.json["message"] == "UNAUTHORISED"


METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


def test_every_route_answers_a_method_it_does_not_take_405_with_allow(testapp, api):
    """RFC 9110: a 405 lists the methods the resource takes. Cornice's services dropped the
    header in the envelope; plain routes (`POST /api/job/`, `POST /metrics`) answered 404."""
    taken = {}
    for row in route_rows(testapp.app):
        taken.setdefault(row.pattern, set()).add(row.method)
    for pattern, methods in taken.items():
        if "*" in methods:
            continue  # a view that takes any method
        path = filled(pattern)
        trace = testapp.request(path, method="TRACE", headers=api.headers(), expect_errors=True)
        assert trace.status_int == 405, (pattern, trace.status, trace.body[:200])
        assert trace.json["message"] == "METHOD_NOT_ALLOWED"
        allow = set(trace.headers["Allow"].split(", "))
        assert allow == methods | ({"HEAD"} if "GET" in methods else set()), pattern
        for method in set(METHODS) - allow:
            response = testapp.request(path, method=method, headers=api.headers(), expect_errors=True)
            assert response.status_int == 405, (method, pattern, response.status, response.body[:200])
            assert response.headers["Allow"] == trace.headers["Allow"]
    assert api.app.post("/api/job/", headers=api.headers(), status=405).headers["Allow"] == "GET, HEAD"
