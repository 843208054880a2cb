"""How public payloads and embed pages are served: one request per widget view (the payload
inline, safely escaped), 304s for repeat visitors, a change seen at once, compressed bytes,
CDN headers, and a Redis cache shared by processes that never turns into an error."""

import gzip
import json
import os
import re

import brotli
import pytest
import redis
import sqlalchemy as sa
import webtest
from webob import Request

from smogpanel.db import Base
from smogpanel.models import INSTALLATION_ID, Setting
from smogpanel.web import EMBED_POLICY

TIMER = "/api/public/timer/{}"
EMBED = "/view/timer/{}/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10"
INLINE = re.compile(r'<script type="application/json" id="smogpanel-payload">(.*?)</script>', re.S)
# A database of its own per suite: `make test` runs the SQLite and PostgreSQL suites side by side.
REDIS_URL = f"redis://127.0.0.1:6379/{14 if os.environ.get('SMOGPANEL_TEST_DATABASE_URL') else 15}"


def live_name(db, table_name):
    table = Base.metadata.tables[table_name]
    return db.scalar(sa.select(table.c.internal_name).where(table.c.deleted.is_(None)).order_by(table.c.id).limit(1))


def set_timer_text(db, name, text):
    table = Base.metadata.tables["timer"]
    db.execute(sa.update(table).where(table.c.internal_name == name).values(text_above=text))
    db.commit()


def inline_payload(page):
    return json.loads(INLINE.search(page.text).group(1))


def test_the_embed_page_carries_the_payload_the_endpoint_answers(testapp, db, demo):
    name = live_name(db, "timer")
    page = testapp.get(EMBED.format(name))
    assert inline_payload(page) == testapp.get(TIMER.format(name)).json
    assert page.headers["Content-Security-Policy"] == EMBED_POLICY


def test_a_text_cannot_break_out_of_the_inline_payload(testapp, db, demo):
    name = live_name(db, "timer")
    hostile = '</script><script>alert("x")</script><!-- & \u2028'
    set_timer_text(db, name, hostile)
    page = testapp.get(EMBED.format(name))
    assert "<script>alert" not in page.text and page.text.count("</script>") == 3
    assert inline_payload(page)["message"]["text_above"] == hostile


def test_repeat_visitors_get_304_until_the_record_changes(testapp, db, demo):
    name = live_name(db, "timer")
    for path in (TIMER.format(name), EMBED.format(name)):
        first = testapp.get(path)
        assert first.headers["ETag"].startswith('W/"')
        assert first.headers["Cache-Control"] == "public, max-age=60, s-maxage=300, stale-while-revalidate=600"
        again = testapp.get(path, headers={"If-None-Match": first.headers["ETag"]}, status=304)
        assert again.headers["ETag"] == first.headers["ETag"] and not again.body
    etags = {path: testapp.get(path).headers["ETag"] for path in (TIMER.format(name), EMBED.format(name))}
    set_timer_text(db, name, "Nowy tekst nad licznikiem")
    changed = testapp.get(TIMER.format(name), headers={"If-None-Match": etags[TIMER.format(name)]}, status=200)
    assert changed.json["message"]["text_above"] == "Nowy tekst nad licznikiem"
    page = testapp.get(EMBED.format(name), headers={"If-None-Match": etags[EMBED.format(name)]}, status=200)
    assert inline_payload(page)["message"]["text_above"] == "Nowy tekst nad licznikiem"


def test_a_deleted_record_is_gone_from_both_at_once(testapp, db, demo):
    name = live_name(db, "timer")
    testapp.get(TIMER.format(name))
    testapp.get(EMBED.format(name))
    table = Base.metadata.tables["timer"]
    db.execute(sa.update(table).where(table.c.internal_name == name).values(deleted=sa.func.now()))
    db.commit()
    assert testapp.get(TIMER.format(name), status=404).json["message"] == "NOT_FOUND"
    assert "Nie znaleziono" in testapp.get(EMBED.format(name), status=404).text


def raw_get(testapp, path, **headers):
    """The app's own answer (webtest would decode a gzip body and drop its header)."""
    return Request.blank(path, headers=headers).get_response(testapp.app)


def test_large_answers_come_compressed_as_the_client_accepts(testapp, db, demo):
    path = f"/api/public/map/{live_name(db, 'map')}"
    plain = raw_get(testapp, path)
    assert "Content-Encoding" not in plain.headers and plain.headers["Vary"] == "Accept-Encoding"
    assert len(plain.body) > 1024
    zipped = raw_get(testapp, path, **{"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.body) == plain.body and len(zipped.body) < len(plain.body)
    best = raw_get(testapp, f"/view/map/{live_name(db, 'map')}", **{"Accept-Encoding": "gzip, deflate, br"})
    assert best.headers["Content-Encoding"] == "br"
    assert b'id="smogpanel-payload"' in brotli.decompress(best.body)
    refused = raw_get(testapp, path, **{"Accept-Encoding": "br;q=0, gzip;q=0"})
    assert "Content-Encoding" not in refused.headers and refused.body == plain.body


def test_the_cache_control_header_is_a_setting(make_app, db, demo):
    app = webtest.TestApp(make_app(**{"smogpanel.public_cache_control": "public, max-age=5"}))
    assert app.get(TIMER.format(live_name(db, "timer"))).headers["Cache-Control"] == "public, max-age=5"


@pytest.fixture
def shared_redis():
    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()
    yield client
    client.flushdb()


def test_processes_share_built_answers_through_redis(make_app, db, demo, shared_redis):
    name = live_name(db, "timer")
    first = webtest.TestApp(make_app(**{"smogpanel.redis_url": REDIS_URL}))
    built = first.get(TIMER.format(name))
    assert any(name.encode() in key for key in shared_redis.keys("smogpanel:*"))
    # A second process answers from Redis: the same bytes even though its own load never ran.
    second_app = make_app.fresh(**{"smogpanel.redis_url": REDIS_URL})  # its own caches, a load of its own
    kinds = second_app.registry["smogpanel.public_kinds"]
    kinds["timer"] = type(kinds["timer"])(**{**kinds["timer"].__dict__, "load": lambda request, name: 1 / 0})
    assert webtest.TestApp(second_app).get(TIMER.format(name)).body == built.body
    # After a change the version differs: both build it anew.
    set_timer_text(db, name, "Po zmianie")
    assert first.get(TIMER.format(name)).json["message"]["text_above"] == "Po zmianie"


def test_two_databases_sharing_one_redis_never_serve_each_others_answers(make_app, db, demo, shared_redis):
    # Staging and production, say: the same code, the same demo names and versions, one Redis.
    name = live_name(db, "timer")
    set_timer_text(db, name, "Z bazy produkcyjnej")
    production = webtest.TestApp(make_app(**{"smogpanel.redis_url": REDIS_URL}))
    assert production.get(TIMER.format(name)).json["message"]["text_above"] == "Z bazy produkcyjnej"
    db.execute(sa.update(Setting).where(Setting.key == INSTALLATION_ID).values(value="inna-baza"))
    db.commit()  # from here on the app's database is another installation
    staging_app = make_app.fresh(**{"smogpanel.redis_url": REDIS_URL})  # reads the installation id anew
    kinds = staging_app.registry["smogpanel.public_kinds"]
    loads = []
    timer = kinds["timer"]
    kinds["timer"] = type(timer)(
        **{**timer.__dict__, "load": lambda request, name: loads.append(name) or timer.load(request, name)}
    )
    webtest.TestApp(staging_app).get(TIMER.format(name))
    assert loads == [name]  # built from its own database, not taken from the other's entry
    assert len({key.split(b":")[2] for key in shared_redis.keys("smogpanel:*")}) == 2


def test_a_redis_that_does_not_answer_is_no_error(make_app, db, demo):
    app = webtest.TestApp(make_app(**{"smogpanel.redis_url": "redis://127.0.0.1:1/0"}))
    name = live_name(db, "timer")
    assert app.get(TIMER.format(name)).json["success"] is True
    assert inline_payload(app.get(EMBED.format(name)))["success"] is True
