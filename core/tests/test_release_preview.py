"""One preview link for an open release (POST /api/release/<id>/preview): the drafts of every
record it would publish, one page each, refused for a release not open, one that publishes
nothing, and an account that may not edit its records; a record's revoke refuses it too."""

import json
import re
from datetime import timedelta
from urllib.parse import urlsplit

from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.public.live import now
from smogpanel.testing.app import create_user, signed_in

PAYLOAD = re.compile(r'id="smogpanel-payload">(.*?)</script>', re.S)


def drawn(app, url, status=200):
    page = app.get(urlsplit(url).path, status=status)
    return json.loads(PAYLOAD.search(page.text).group(1))["message"] if status == 200 else page


def release(api, name, items):
    return api.post("/api/release/", {"name": name, "items": items})["message"]


def test_a_release_link_shows_each_published_records_draft_and_leaves_out_withdrawals(reviewed):
    api, app = reviewed
    first = add_timer(api, name="Licznik pierwszy", internal_name="licznik-1")
    second = add_timer(api, name="Licznik drugi", internal_name="licznik-2")
    third = add_timer(api, name="Licznik trzeci", internal_name="licznik-3")
    api.post(f"/api/timer/{third['id']}/publish")
    api.post(f"/api/timer/{second['id']}", timer_edit(second, text_above="Szkic drugiego"))
    made = release(
        api,
        "Sezon",
        [
            {"kind": "timer", "id": first["id"]},
            {"kind": "timer", "id": third["id"], "action": "unpublish"},
            {"kind": "timer", "id": second["id"]},
        ],
    )
    answer = app.post_json(f"/api/release/{made['id']}/preview", {"days": 2}, headers=api.headers())
    assert answer.headers["Cache-Control"] == "no-store"
    link = answer.json["message"]
    assert timedelta(days=2) - timedelta(minutes=1) < _moment(link["expires_at"]) - now() <= timedelta(days=2)
    assert [(item["n"], item["name"]) for item in link["items"]] == [(1, "Licznik pierwszy"), (2, "Licznik drugi")]
    assert drawn(app, link["url"])["text_above"] == first["text_above"]
    assert drawn(app, link["items"][0]["url"])["text_above"] == first["text_above"]
    assert drawn(app, link["items"][1]["url"])["text_above"] == "Szkic drugiego"
    app.get("/api/public/timer/licznik-2", status=404)  # the public sees nothing of a draft

    api.delete(f"/api/timer/{second['id']}/preview")  # one record's links revoked: this one too
    assert "Ten podgląd został wycofany." in drawn(app, link["items"][1]["url"], status=410).text


def test_a_release_link_is_refused_in_polish_when_it_would_show_nothing_new(reviewed, db):
    api, app = reviewed
    first = add_timer(api, name="Licznik pierwszy", internal_name="licznik-1")
    withdrawals = release(api, "Wycofania", [{"kind": "timer", "id": first["id"], "action": "unpublish"}])
    refused = api.post(f"/api/release/{withdrawals['id']}/preview", status=409)
    assert refused["errors"][0]["description"] == (
        "Publikacja „Wycofania” niczego nie publikuje (same wycofania): nie ma czego podglądać."
    )
    api.delete(f"/api/release/{withdrawals['id']}")
    published = release(api, "Gotowa", [{"kind": "timer", "id": first["id"]}])
    bad = api.post(f"/api/release/{published['id']}/preview", {"days": 31}, status=400)
    assert bad["errors"][0]["name"] == "days"
    viewer = create_user(db, email="podglad@example.pl")
    viewer.role = "viewer"
    db.commit()
    looker = signed_in(app, viewer)
    looker.post(f"/api/release/{published['id']}/preview", status=403)
    api.post(f"/api/release/{published['id']}/publish")
    refused = api.post(f"/api/release/{published['id']}/preview", status=409)
    assert refused["errors"][0]["description"] == (
        "Podgląd ma tylko otwarta publikacja: „Gotowa” jest już opublikowana, jej wersje są zamrożone."
    )
    api.post("/api/release/999999/preview", status=404)
    app.post_json(f"/api/release/{published['id']}/preview", {}, status=401)


def test_the_openapi_document_describes_the_release_preview(testapp):
    paths = testapp.get("/api/openapi.json").json["paths"]
    assert (
        "items"
        in (
            paths["/api/release/{id}/preview"]["post"]["responses"]["200"]["content"]["application/json"]["schema"][
                "properties"
            ]["message"]["properties"]
        )
    )


def _moment(text):
    from datetime import datetime

    return datetime.fromisoformat(text)
