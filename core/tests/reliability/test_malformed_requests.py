"""Malformed requests are 4xx: every API route taking a body (enumerated from the app's routes,
so a plugin added later is covered) answers 415 with the envelope for a body that is not JSON,
multipart without a boundary included, even with the CSRF cookie set."""

import re

import pytest
from pyramid.interfaces import IRoutesMapper

from smogpanel.security import CSRF_COOKIE

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
