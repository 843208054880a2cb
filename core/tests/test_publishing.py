"""Publishing (issue 44): drafts, numbered versions, pinned versions, withdrawal and scheduled
releases, for every public kind, on the public paths partners and residents use."""

import json
import re
import time
from datetime import UTC, datetime, timedelta

import pytest
import webtest
from pyramid.exceptions import ConfigurationError

from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in

ABOVE = "Do końca sezonu grzewczego zostało"  # a new timer's text (the timers' tests)
PAYLOAD = re.compile(r'id="smogpanel-payload">(.*?)</script>', re.S)


def public(app, name, status=200, kind="timer"):
    return app.get(f"/api/public/{kind}/{name}", status=status).json


def page_payload(app, path):
    return json.loads(PAYLOAD.search(app.get(path).text).group(1))["message"]


def versions(api, kind, record_id):
    return api.get(f"/api/{kind}/{record_id}/versions")["message"]


# -- immediate (the default): a save publishes -----------------------------------------------------
def test_in_immediate_mode_each_save_is_a_version_and_an_earlier_one_stays_pinned(api, testapp):
    timer = add_timer(api)
    assert public(testapp, "koniec-sezonu")["message"]["text_above"] == ABOVE
    assert timer["publication"] == {"state": "published", "label": "Opublikowany", "live": 1}
    edited = api.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Nowa nazwa"))["message"]
    assert edited["publication"]["live"] == 2
    assert public(testapp, "koniec-sezonu")["message"]["text_above"] == "Nowa nazwa"

    found = versions(api, "timer", timer["id"])
    assert (found["live"], found["draft_changed"], found["scheduled"]) == (2, False, [])
    assert [v["seq"] for v in found["list"]] == [2, 1]
    assert found["list"][0]["published_by"] == "admin@example.pl"
    # A save that changes nothing the public sees makes no new version.
    api.post(f"/api/timer/{timer['id']}", timer_edit(edited))
    assert versions(api, "timer", timer["id"])["live"] == 2

    pinned = testapp.get("/api/public/timer/koniec-sezonu/v/1")
    assert pinned.json["message"]["text_above"] == ABOVE
    assert pinned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert page_payload(testapp, "/view/timer/koniec-sezonu/v/1/embed/abc")["text_above"] == ABOVE
    assert page_payload(testapp, "/view/timer/koniec-sezonu/v/2")["text_above"] == "Nowa nazwa"
    missing = testapp.get("/api/public/timer/koniec-sezonu/v/3", status=404).json
    assert (missing["success"], missing["message"]) == (False, "NOT_FOUND")
    testapp.get("/view/timer/koniec-sezonu/v/3", status=404)


def test_unpublishing_leaves_embeds_a_polish_line_and_publishing_again_brings_the_record_back(api, testapp):
    timer = add_timer(api)
    answer = api.post(f"/api/timer/{timer['id']}/unpublish")["message"]
    assert (answer["live"], answer["state"], answer["state_label"]) == (None, "withdrawn", "Wycofany")
    assert public(testapp, "koniec-sezonu", status=404)["message"] == "NOT_FOUND"
    embed = testapp.get("/view/timer/koniec-sezonu/embed/abc", status=404)
    assert "Ta treść nie jest teraz opublikowana." in embed.text
    testapp.get("/view/timer/koniec-sezonu", status=404)
    testapp.get("/oembed?url=http://127.0.0.1:6543/view/timer/koniec-sezonu&format=json", status=404)
    assert api.get(f"/api/timer/{timer['id']}")["message"]["publication"]["label"] == "Wycofany"
    assert api.get("/api/timer/")["message"]["list"][0]["publication_label"] == "Wycofany"

    again = api.post(f"/api/timer/{timer['id']}/publish", {"note": "Wraca"})["message"]
    assert (again["published"], again["live"], again["state"]) == (2, 2, "published")
    assert public(testapp, "koniec-sezonu")["message"]["text_above"] == ABOVE

    entries = api.get(f"/api/history/?kind=timer&record_id={timer['id']}")["message"]["list"]
    assert [e["action"] for e in entries][:2] == ["publish", "unpublish"]
    assert not any(e["revertable"] for e in entries[:2])
    refused = api.post(f"/api/history/{entries[0]['id']}/revert", status=409)
    assert "opublikuj ponownie" in refused["errors"][0]["description"]


# -- reviewed: saves are drafts ------------------------------------------------------------------
def test_the_environment_chooses_the_mode_and_a_wrong_one_stops_the_server(make_app, admin, monkeypatch):
    monkeypatch.setenv("SMOGPANEL_PUBLISHING", "reviewed")
    app = webtest.TestApp(make_app.fresh())
    add_timer(signed_in(app, admin), internal_name="z-otoczenia")
    public(app, "z-otoczenia", status=404)  # a draft until published
    monkeypatch.setenv("SMOGPANEL_PUBLISHING", "sometimes")
    with pytest.raises(ConfigurationError, match="must be one of immediate, reviewed, not 'sometimes'"):
        make_app.fresh()


def test_in_reviewed_mode_a_new_record_is_not_public_until_published(reviewed):
    api, app = reviewed
    timer = add_timer(api)
    assert timer["publication"] == {"state": "draft", "label": "Szkic", "live": None}
    assert api.get("/api/timer/")["message"]["list"][0]["publication_label"] == "Szkic"
    assert public(app, "koniec-sezonu", status=404)["message"] == "NOT_FOUND"
    app.get("/view/timer/koniec-sezonu", status=404)
    assert "nie jest teraz opublikowana" in app.get("/view/timer/koniec-sezonu/embed/x", status=404).text
    assert versions(api, "timer", timer["id"]) == {
        "live": None,
        "draft_changed": True,
        "state": "draft",
        "state_label": "Szkic",
        "scheduled": [],
        "list": [],
    }

    api.post(f"/api/timer/{timer['id']}/publish", {"note": "Pierwsza", "note_kind": "update"})
    assert public(app, "koniec-sezonu")["message"]["text_above"] == ABOVE
    api.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Szkic zmiany"))
    # The draft waits: the public still sees version 1.
    assert public(app, "koniec-sezonu")["message"]["text_above"] == ABOVE
    assert page_payload(app, "/view/timer/koniec-sezonu/embed/x")["text_above"] == ABOVE
    record = api.get(f"/api/timer/{timer['id']}")["message"]
    assert record["publication"]["label"] == "Opublikowany (zmiany nieopublikowane)"
    assert api.get("/api/timer/")["message"]["list"][0]["publication_state"] == "changed"
    assert versions(api, "timer", timer["id"])["draft_changed"] is True

    api.post(f"/api/timer/{timer['id']}/publish", {"note_kind": "correction", "note": "Poprawiona nazwa"})
    assert public(app, "koniec-sezonu")["message"]["text_above"] == "Szkic zmiany"
    found = versions(api, "timer", timer["id"])
    assert (found["live"], found["draft_changed"]) == (2, False)
    assert [(v["seq"], v["note"], v["note_kind"]) for v in found["list"]] == [
        (2, "Poprawiona nazwa", "correction"),
        (1, "Pierwsza", "update"),
    ]
    # Going back to version 1 publishes it again, as version 3; version 2 stays pinned.
    back = api.post(f"/api/timer/{timer['id']}/publish", {"seq": 1})["message"]
    assert back["live"] == 3
    assert public(app, "koniec-sezonu")["message"]["text_above"] == ABOVE
    assert app.get("/api/public/timer/koniec-sezonu/v/2").json["message"]["text_above"] == "Szkic zmiany"
    assert api.post(f"/api/timer/{timer['id']}/publish", {"seq": 9}, status=400)["errors"][0]["name"] == "seq"


def test_every_public_path_of_a_ranking_reads_only_its_published_version(reviewed):
    api, app = reviewed
    rank = add_rank(api)
    group = add_group(api, rank)
    krakow = add_gmina(api, "Kraków")
    add_value(api, group, krakow, "12.5", 10)
    name = rank["internal_name"]
    for path in (f"/view/rank/{name}", f"/view/rank/{name}/data.csv"):
        app.get(path, status=404)
    api.post(f"/api/rank/{rank['id']}/publish")
    csv_before = app.get(f"/view/rank/{name}/data.csv").text
    assert "12,5" in csv_before  # Polish decimals
    value = api.get(f"/api/rank_value/rank_group/{group['id']}")["message"]["list"][0]
    api.post(f"/api/rank_value/{value['id']}", {"value": "99.5", "points": 10, "place": None, "borough_id": krakow})
    assert app.get(f"/view/rank/{name}/data.csv").text == csv_before
    assert "99.5" not in json.dumps(public(app, name, kind="rank"))
    assert versions(api, "rank", rank["id"])["draft_changed"] is True
    api.post(f"/api/rank/{rank['id']}/publish")
    assert "99.5" in json.dumps(public(app, name, kind="rank"))
    assert "99,5" in app.get(f"/view/rank/{name}/data.csv").text


# -- rules and mistakes ---------------------------------------------------------------------------
def test_publishing_asks_the_publish_permission_and_if_match(api, testapp, db):
    timer = add_timer(api)
    viewer = create_user(db, email="podglad@example.pl")
    viewer.role = "viewer"
    db.commit()
    refused = signed_in(testapp, viewer).post(f"/api/timer/{timer['id']}/publish", status=403)
    assert refused["errors"][0]["description"] == "Twoje konto ma tylko podgląd: nie może niczego zmieniać."
    testapp.post_json(f"/api/timer/{timer['id']}/publish", {}, status=401)
    stale = api.post(f"/api/timer/{timer['id']}/publish", headers={"If-Match": '"0123456789abcdef0123"'}, status=412)
    assert stale["message"] == "CHANGED_MEANWHILE"
    etag = testapp.get(f"/api/timer/{timer['id']}", headers=api.headers()).headers["ETag"]
    assert api.post(f"/api/timer/{timer['id']}/publish", headers={"If-Match": etag})["message"]["live"] == 2
    assert versions(api, "timer", timer["id"])["live"] == 2
    api.post("/api/timer/999999/publish", status=404)
    assert api.post("/api/user/1/publish", status=404)["errors"][0]["description"] == (
        "Tego rodzaju elementów się nie publikuje."
    )
    bad = api.post(f"/api/timer/{timer['id']}/publish", {"note_kind": "plotka"}, status=400)
    assert bad["errors"][0]["name"] == "note_kind"
    assert api.post(f"/api/timer/{timer['id']}/publish", {"kiedy": 1}, status=400)["errors"][0]["name"] == "kiedy"


@pytest.mark.parametrize(
    ("at", "problem"),
    [
        ("2027-03-28T02:30", "nie istnieje w czasie polskim"),  # the spring gap
        ("2027-10-31T02:30", "występuje w czasie polskim dwa razy"),  # the autumn hour
        ("2020-01-01T10:00", "już minął"),
        ("jutro", "Nie rozumiem daty"),
    ],
)
def test_a_time_that_cannot_be_read_is_refused_naming_the_problem_and_nothing_is_written(api, at, problem):
    timer = add_timer(api)
    for action in ("publish", "unpublish"):
        refused = api.post(f"/api/timer/{timer['id']}/{action}", {"at": at}, status=400)
        assert refused["errors"][0]["name"] == "at"
        assert problem in refused["errors"][0]["description"]
    assert versions(api, "timer", timer["id"])["list"][0]["seq"] == 1
    assert len(versions(api, "timer", timer["id"])["list"]) == 1


def test_a_local_time_is_read_as_warsaw_time(api):
    timer = add_timer(api)
    answer = api.post(f"/api/timer/{timer['id']}/unpublish", {"at": "2099-01-12T10:00"})["message"]
    assert answer["scheduled"] == [{"action": "unpublish", "at": "2099-01-12T09:00:00+00:00", "seq": None}]
    assert answer["state"] == "scheduled"
    summer = api.post(f"/api/timer/{timer['id']}/publish", {"at": "2099-07-01T10:00:00+02:00"})["message"]
    assert summer["scheduled"][-1] == {"action": "publish", "at": "2099-07-01T08:00:00+00:00", "seq": 2}


# -- an embargo ---------------------------------------------------------------------------------
def test_an_embargoed_version_is_unreachable_by_every_public_path_before_its_second(reviewed):
    api, app = reviewed
    rank = add_rank(api)
    group = add_group(api, rank)
    add_value(api, group, add_gmina(api, "Kraków"), "12.5", 10)
    name = rank["internal_name"]
    at = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=3)
    scheduled = api.post(f"/api/rank/{rank['id']}/publish", {"at": at.isoformat()})["message"]
    assert (scheduled["live"], scheduled["state_label"]) == (None, "Zaplanowany")
    paths = [
        f"/api/public/rank/{name}",
        f"/view/rank/{name}",
        f"/view/rank/{name}/data.csv",
        f"/api/public/rank/{name}/v/1",
        f"/view/rank/{name}/v/1",
        f"/oembed?url=http://127.0.0.1:6543/view/rank/{name}&format=json",
    ]
    for path in paths:
        app.get(path, status=404)
    assert "nie jest teraz opublikowana" in app.get(f"/view/rank/{name}/embed/x", status=404).text
    while datetime.now(UTC) < at:
        time.sleep(0.05)
    for path in paths:
        app.get(path, status=200)
    page = app.get(f"/view/rank/{name}")
    image = re.search(r'"image":"([^"]+)"', page.text).group(1)
    assert app.get(image).content_type == "image/png"
    found = versions(api, "rank", rank["id"])
    assert (found["live"], found["scheduled"], found["state"]) == (1, [], "published")


def test_answers_expire_no_later_than_the_next_scheduled_change(api, testapp):
    timer = add_timer(api)
    at = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=40)
    api.post(f"/api/timer/{timer['id']}/unpublish", {"at": at.isoformat()})
    control = testapp.get("/api/public/timer/koniec-sezonu").headers["Cache-Control"]
    ages = dict(part.strip().partition("=")[::2] for part in control.split(","))
    assert 0 < int(ages["max-age"]) <= 40 and 0 < int(ages["s-maxage"]) <= 40
    assert "stale-while-revalidate" not in ages
    page_control = testapp.get("/view/timer/koniec-sezonu").headers["Cache-Control"]
    assert "s-maxage=300" not in page_control


def test_the_openapi_document_describes_publishing(testapp):
    paths = testapp.get("/api/openapi.json").json["paths"]
    for path, method in (
        ("/api/{kind}/{id}/publish", "post"),
        ("/api/{kind}/{id}/unpublish", "post"),
        ("/api/{kind}/{id}/versions", "get"),
        ("/api/public/{kind}/{internal_name}/v/{seq}", "get"),
        ("/view/{kind}/{internal_name}/v/{seq}", "get"),
    ):
        assert method in paths[path], path
