"""Malformed requests are 4xx, on every route (enumerated from the app's routes, so a plugin
added later is covered): a body that is not JSON answers 415 (multipart without a boundary
included, even with the CSRF cookie set); a JSON body with a lone surrogate, NaN or endless
nesting, an address that is not UTF-8, an id not in ASCII digits or past the id columns'
2**31 - 1 (in the address or in a body) answer 400 with the envelope; a form outside /api that
cannot be read (multipart without a boundary) answers 400; a method a route does not take
answers 405 with an Allow header."""

import re

import pytest
from pyramid.interfaces import IRoutesMapper

from smogpanel.cli.routes import route_rows
from smogpanel.envelope import UNSAFE_METHODS
from smogpanel.malformed_requests import numeric_placeholders
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


UNREADABLE_FORMS = [
    ("multipart/form-data", b""),
    ("multipart/form-data; boundary=", b""),
    ("multipart/form-data", b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'),
]


def test_every_route_outside_the_api_refuses_a_form_it_cannot_read(testapp):
    """`POST /view/letter/erase/<id>` with `Content-Type: multipart/form-data` and no boundary
    was a 500: WebOb raised reading the body. Every route taking a write method is tried."""
    routes = [
        row for row in route_rows(testapp.app) if not row.pattern.startswith("/api") and row.method in UNSAFE_METHODS
    ]
    assert {row.pattern for row in routes} >= {"/view/letter/erase/{sender_id:\\d+}"}
    for row in routes:
        for content_type, body in UNREADABLE_FORMS:
            response = testapp.request(
                filled(row.pattern) + "?e=1&s=x",
                method=row.method,
                body=body,
                expect_errors=True,
                headers={"Content-Type": content_type},
            )
            assert response.status_int == 400, (row.method, row.pattern, content_type, response.status)
            assert response.json["errors"][0]["name"] == "body"
            assert "boundary" in response.json["errors"][0]["description"]
    # A form that can be read reaches the view, which answers its own page (a link not valid).
    readable = testapp.post("/view/letter/erase/1?e=1&s=x", {"a": "b"}, expect_errors=True)
    assert readable.content_type == "text/html" and readable.status_int != 500


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
    assert api.get("/api/timer/2147483647", status=404)["message"] == "NOT_FOUND"  # the largest id
    refused = api.app.delete("/api/user/2fa/passkeys/25468570375226", headers=api.headers(), status=400).json
    assert refused["errors"] == [
        {
            "name": "passkey_id",
            "description": "Identyfikator w adresie musi być liczbą całkowitą z cyfr 0–9, najwyżej 2147483647.",
        }
    ]


def test_an_integer_in_a_body_past_the_id_columns_is_refused_naming_its_field(api):
    """`POST /api/search_entry/ {"borough_id": 2147483648}` reached SQL: "integer out of range",
    a 500 on PostgreSQL. Every integer field of every body is held to the columns' range."""
    search = api.post("/api/search/", {"internal_name": "granice-id", "name": "Granice", "search_keys": []})["message"]
    entry = {"search_id": search["id"], "borough_id": 2**31, "values": []}
    refused = api.post("/api/search_entry/", entry, status=400)
    assert [error["name"] for error in refused["errors"]] == ["borough_id"]
    for too_far in (2**31, 2**63):  # an integer field without a maximum of its own
        keys = [{"id": too_far, "name": "Adres", "search_key_place_name": "TOP"}]
        refused = api.post(f"/api/search/{search['id']}", {**search, "search_keys": keys}, status=400)
        assert refused["errors"] == [
            {
                "name": "search_keys.0.id",
                "description": "Identyfikator właściwości: Liczba musi być całkowita, od -2147483648 do 2147483647.",
            }
        ]
    # The largest id passes the check and is looked up like any other: no such record.
    assert api.post("/api/search_entry/", {**entry, "borough_id": 2**31 - 1}, status=400)["errors"][0]["name"] == (
        "borough_id"
    )
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


@pytest.mark.parametrize(
    ("sent", "refusal"),
    [
        (True, "Liczba musi być całkowita"),  # colander's int() read it as 1
        (1.5, "Liczba musi być całkowita"),  # ... cut it to 1
        (" 1", "Liczba musi być całkowita"),
        ("1_0", "Liczba musi być całkowita"),
        ({}, "Podaj jedną wartość"),  # ... read it as no id: a new key
        ([], "Podaj jedną wartość"),
    ],
)
def test_an_integer_field_takes_a_whole_number_or_its_digits_only(api, sent, refusal):
    """As the API description states it: a form's select sends an id as "12", which passes;
    a boolean, a fraction, other text, an object or a list is refused naming the field."""
    search = api.post("/api/search/", {"internal_name": "liczby", "name": "Liczby", "search_keys": []})["message"]
    keys = [{"id": sent, "name": "Adres", "search_key_place_name": "TOP"}]
    refused = api.post(f"/api/search/{search['id']}", {**search, "search_keys": keys}, status=400)
    assert [error["name"] for error in refused["errors"]] == ["search_keys.0.id"]
    assert refusal in refused["errors"][0]["description"]
    entry = api.post(
        "/api/search_entry/", {"search_id": str(search["id"]), "borough_id": "1", "values": []}, status=400
    )
    assert [error["name"] for error in entry["errors"]] == ["borough_id"]  # read as 1: no such gmina


@pytest.mark.parametrize("sent", [0, False, {}, [], 5])
def test_a_text_field_takes_text_only(api, sent):
    """colander.String read 0, false, {} and [] as no value and 5 as "5": a graph entry's colour."""
    graph = {"internal_name": "kolory", "name": "Kolory", "graph_type_name": "BAR", "graph_style_name": "MODERN"}
    graph = api.post("/api/graph/", {**graph, "position_title": "Miejsce", "value_title": "Wartość"})["message"]
    group = api.post("/api/graph_group/", {"graph_id": graph["id"], "name": "Grupa"})["message"]
    refused = api.post("/api/graph_entry/", {"graph_group_id": group["id"], "name": "A", "color": sent}, status=400)
    assert [error["name"] for error in refused["errors"]] == ["color"]


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


def test_a_semicolon_in_a_query_string_is_part_of_its_value(api):
    """Only `&` separates parameters, as browsers and URLSearchParams write them: WebOb alone
    also split at `;`, which cut this column list in two (a 400)."""
    answer = api.app.get('/api/timer/export?format=csv&columns=[["id","ID;nr"]]', headers=api.headers())
    assert answer.text.lstrip("\ufeff").splitlines() == ['"ID;nr"']
