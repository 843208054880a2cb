"""API answers over 1 KB come compressed when the client accepts it, once, with one ETag for
every encoding; small answers and those already compressed are left alone."""

import gzip
import json

import brotli
from webob import Request


def get(api, path, **headers):
    return Request.blank(path, headers={**api.headers(), **headers}).get_response(api.app.app)


def add_boroughs(api, count):
    voivodeship = api.get("/api/voivodeship/")["message"]["list"][0]
    district = api.post("/api/district/", {"name": "powiat", "voivodeship_id": voivodeship["id"]})["message"]
    for number in range(count):
        api.post("/api/borough/", {"name": f"Gmina numer {number}", "district_id": district["id"]})


def test_a_long_list_comes_compressed_as_the_client_accepts(api):
    add_boroughs(api, 30)
    plain = get(api, "/api/borough/")
    assert "Content-Encoding" not in plain.headers and len(plain.body) > 1024
    assert plain.headers["Vary"] == "Accept-Encoding"
    packed = get(api, "/api/borough/", **{"Accept-Encoding": "gzip, deflate, br"})
    assert packed.headers["Content-Encoding"] == "br" and brotli.decompress(packed.body) == plain.body
    zipped = get(api, "/api/borough/", **{"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped.body) == plain.body
    # A repeat visit with the tag of the compressed answer is a 304 in either encoding.
    assert get(api, "/api/borough/", **{"If-None-Match": packed.headers["ETag"]}).status_int == 304


def test_short_answers_are_sent_as_they_are(api):
    small = get(api, "/api/timer/", **{"Accept-Encoding": "gzip, br"})  # no timer yet: a short list
    assert small.status_int == 200 and "Content-Encoding" not in small.headers
    assert json.loads(small.body)["success"] is True
