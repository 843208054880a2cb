"""Public answers repeated in front of the router (`public_replay`) on a served database: the
same bytes and headers as Pyramid's, a change made by another process seen at the next
request, and nothing but a plain GET of a known record ever repeated."""

import gzip

import brotli
import pytest
import sqlalchemy as sa
import webtest
from webob import Request

from smogpanel import main as make_app
from smogpanel.cli import DEMO_ADMIN
from smogpanel.web import EMBED_POLICY


@pytest.fixture
def served(tmp_path, initialised):
    url = f"sqlite:///{tmp_path / 'served.sqlite'}"
    ini = tmp_path / "served.ini"
    ini.write_text(f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url}\nsmogpanel.mail_dir = {tmp_path}\n")
    initialised(ini, demo=True)  # as `smogpanel init --demo` leaves it
    return url


class Counted:
    """The router behind the replay layer, counting the requests that reach it."""

    def __init__(self, app):
        self.app, self.calls = app, 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.app(environ, start_response)


def serve(url):
    app = make_app({}, **{"sqlalchemy.url": url})
    replay = app.application  # WhiteNoise -> PublicReplay -> Pyramid's router
    replay.app = router = Counted(replay.app)
    return webtest.TestApp(app), router


def raw_get(app, path, **headers):
    """The app's own answer (webtest would decode a compressed body and drop its header)."""
    return Request.blank(path, headers=headers).get_response(app.app)


def live_name(url, table="timer"):
    with sa.create_engine(url).connect() as connection:
        return connection.exec_driver_sql(
            f"SELECT internal_name FROM {table} WHERE deleted IS NULL ORDER BY id LIMIT 1"
        ).scalar()


def edit_timer_text(url, name, text):
    """Another process's edit of timer `name`, through the API as an operator makes it."""
    app, _router = serve(url)
    token = app.post_json("/api/auth/login", {"email": DEMO_ADMIN[0], "password": DEMO_ADMIN[1]}).json["message"]
    headers = {"Authorization": f"Bearer {token}"}
    timer = next(
        row for row in app.get("/api/timer/", headers=headers).json["message"]["list"] if row["internal_name"] == name
    )
    record = app.get(f"/api/timer/{timer['id']}", headers=headers).json["message"]
    body = {
        key: record[key]
        for key in (
            "name",
            "timer_style_name",
            "text_above",
            "deadline",
            "countdown",
            "text_below",
            "logo_path",
            "hidden_brand",
        )
    }
    app.post_json(f"/api/timer/{timer['id']}", dict(body, text_above=text), headers=headers)


@pytest.mark.parametrize("encoding", ["br", "gzip", "identity"])
@pytest.mark.parametrize("path", ["/api/public/{kind}/{name}", "/view/{kind}/{name}/embed/abc", "/view/{kind}/{name}"])
@pytest.mark.parametrize("kind", ["timer", "map"])
def test_a_repeated_answer_is_the_routers_answer_byte_for_byte(served, kind, path, encoding):
    app, router = serve(served)
    path = path.format(kind=kind, name=live_name(served, kind))
    first = raw_get(app, path, **{"Accept-Encoding": encoding})
    again = raw_get(app, path, **{"Accept-Encoding": encoding})
    assert router.calls == 1
    assert again.status == first.status == "200 OK"
    assert again.body == first.body
    assert sorted(again.headerlist) == sorted(first.headerlist)
    if "/embed/" in path:  # partner sites may frame it, the repeat says so too
        assert again.headers["Content-Security-Policy"] == EMBED_POLICY
        assert "X-Frame-Options" not in again.headers
    assert again.headers["X-Content-Type-Options"] == "nosniff"


def test_each_client_gets_its_encoding_and_a_304_for_what_it_has(served):
    app, router = serve(served)
    path = f"/view/map/{live_name(served, 'map')}/embed/abc"  # over 1 KB: sent compressed
    plain = raw_get(app, path, **{"Accept-Encoding": "identity"})
    zipped = raw_get(app, path, **{"Accept-Encoding": "gzip;q=1, br;q=0"})
    best = raw_get(app, path, **{"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers and b'id="smogpanel-payload"' in plain.body
    assert zipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped.body) == plain.body
    assert best.headers["Content-Encoding"] == "br" and brotli.decompress(best.body) == plain.body
    not_modified = raw_get(app, path, **{"If-None-Match": f'"x", {plain.headers["ETag"]}'})
    assert not_modified.status_int == 304 and not_modified.body == b""
    assert not_modified.headers["ETag"] == plain.headers["ETag"]
    assert router.calls == 1


def test_another_processs_edit_is_seen_at_the_next_request(served):
    app, router = serve(served)
    name = live_name(served)
    before = app.get(f"/api/public/timer/{name}")
    app.get(f"/api/public/timer/{name}", headers={"If-None-Match": before.headers["ETag"]}, status=304)
    edit_timer_text(served, name, "Zmienione w innym procesie")
    after = app.get(f"/api/public/timer/{name}", headers={"If-None-Match": before.headers["ETag"]}, status=200)
    assert after.json["message"]["text_above"] == "Zmienione w innym procesie"
    assert "Zmienione w innym procesie" in app.get(f"/view/timer/{name}/embed/abc").text
    assert router.calls == 3  # the first answer, then each page once after the edit


def test_only_a_plain_get_of_a_found_record_is_repeated(served):
    app, router = serve(served)
    name = live_name(served)
    for _ in range(2):
        app.get("/api/public/timer/nie-ma-takiego", status=404)
        app.head(f"/api/public/timer/{name}")
    assert router.calls == 4
    app.post(f"/api/public/timer/{name}", status=(404, 405))
    assert router.calls == 5
