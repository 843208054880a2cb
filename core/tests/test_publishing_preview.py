"""Preview links (issue 44 item 6): a signed link shows a record's draft in its real widget page
while the public sees the live version; never kept by a cache, never counted in reach; refused
at once when revoked, and once it has expired. And a corrected version's line under the widget."""

import json
import re
from datetime import timedelta
from urllib.parse import urlsplit

from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.public.live import now
from smogpanel.public.notes import WARSAW
from smogpanel.testing.app import create_user, signed_in
from smogpanel.testing.reach import flush_reach, reach_rows

ABOVE = "Do końca sezonu grzewczego zostało"  # a new timer's text (the timers' tests)
PAYLOAD = re.compile(r'id="smogpanel-payload">(.*?)</script>', re.S)
CONFIG = re.compile(r'id="smogpanel-public">(.*?)</script>', re.S)


def preview(api, kind, record_id, body=None, status=200):
    return api.post(f"/api/{kind}/{record_id}/preview", body, status=status)


def path_of(link):
    return urlsplit(link["url"]).path


def shown(app, path):
    """(the widget's payload, the page's own config, the response) of a widget page."""
    page = app.get(path)
    return (
        json.loads(PAYLOAD.search(page.text).group(1))["message"],
        json.loads(CONFIG.search(page.text).group(1)),
        page,
    )


def test_a_preview_shows_the_draft_while_the_public_sees_the_published_version(reviewed, db):
    api, app = reviewed
    timer = add_timer(api)
    # Never published: not public, but its preview shows it.
    link = preview(api, "timer", timer["id"])["message"]
    assert shown(app, path_of(link))[0]["text_above"] == ABOVE
    app.get("/view/timer/koniec-sezonu", status=404)

    api.post(f"/api/timer/{timer['id']}/publish")
    api.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Szkic zmiany"))
    assert shown(app, "/view/timer/koniec-sezonu")[0]["text_above"] == ABOVE
    assert app.get("/api/public/timer/koniec-sezonu").json["message"]["text_above"] == ABOVE

    payload, config, page = shown(app, path_of(link))  # the same link: the draft as it is now
    assert payload["text_above"] == "Szkic zmiany"
    assert page.headers["Cache-Control"] == "no-store"
    assert page.headers["X-Robots-Tag"] == "noindex"
    assert '<meta name="robots" content="noindex">' in page.text
    assert "og:title" not in page.text and "oembed" not in page.text  # no share card of a draft
    assert config["count"] is False and config["data"] is None  # the runtime counts no view
    api_path = config["api"]
    answer = app.get(api_path)
    assert answer.json["message"]["text_above"] == "Szkic zmiany"
    assert (answer.headers["Cache-Control"], answer.headers["X-Robots-Tag"]) == ("no-store", "noindex")
    # Edited again: the link shows the new draft at once (nothing kept).
    record = api.get(f"/api/timer/{timer['id']}")["message"]
    api.post(f"/api/timer/{timer['id']}", timer_edit(record, text_above="Drugi szkic"))
    assert shown(app, path_of(link))[0]["text_above"] == "Drugi szkic"
    assert shown(app, "/view/timer/koniec-sezonu")[0]["text_above"] == ABOVE

    flush_reach()
    assert [row for row in reach_rows(db) if row["record_id"] == timer["id"]] == []


def test_the_link_answer_is_private_and_lasts_seven_days_or_the_days_asked(api, testapp):
    timer = add_timer(api)
    answer = testapp.post_json(f"/api/timer/{timer['id']}/preview", {}, headers=api.headers())
    assert (answer.headers["Cache-Control"], answer.headers["X-Robots-Tag"]) == ("no-store", "noindex")
    link = answer.json["message"]
    assert link["url"].startswith("http") and "/preview/" in link["url"]
    left = _moment(link["expires_at"]) - now()
    assert timedelta(days=7) - timedelta(minutes=1) < left <= timedelta(days=7)
    short = preview(api, "timer", timer["id"], {"days": 2})["message"]
    assert _moment(short["expires_at"]) - now() <= timedelta(days=2)
    # 2.0 is the integer JSON Schema's description allows (schemathesis sent 13.0: refused before).
    assert _moment(preview(api, "timer", timer["id"], {"days": 2.0})["message"]["expires_at"]) - now() <= timedelta(
        days=2
    )
    for days in (0, 31, "3", True, 1.5):
        refused = preview(api, "timer", timer["id"], {"days": days}, status=400)
        assert refused["errors"][0] == {
            "name": "days",
            "description": "Liczba dni ważności podglądu to liczba całkowita od 1 do 30.",
        }
    assert preview(api, "timer", timer["id"], {"dni": 3}, status=400)["errors"][0]["name"] == "dni"
    assert preview(api, "timer", 999999, status=404)["message"] == "NOT_FOUND"
    assert (
        preview(api, "user", 1, status=404)["errors"][0]["description"] == "Tego rodzaju elementów się nie publikuje."
    )


def _moment(text):
    from datetime import datetime

    return datetime.fromisoformat(text)


def test_revoking_refuses_every_link_of_the_record_at_once(api, testapp):
    timer = add_timer(api)
    first, second = (path_of(preview(api, "timer", timer["id"])["message"]) for _ in range(2))
    other = add_timer(api, internal_name="inny-licznik", name="Inny licznik")
    kept = path_of(preview(api, "timer", other["id"])["message"])
    testapp.get(first, status=200)
    gone = testapp.delete(f"/api/timer/{timer['id']}/preview", headers=api.headers())
    assert gone.json["message"] == {"revoked": True} and gone.headers["Cache-Control"] == "no-store"
    for path in (first, second):
        page = testapp.get(path, status=410)
        assert "Ten podgląd został wycofany. Poproś o nowy odnośnik." in page.text
        assert page.headers["Cache-Control"] == "no-store"
    token = first.split("/")[2]
    refused = testapp.get(f"/api/preview/{token}/1", status=410).json
    assert refused["errors"][0]["description"] == "Ten podgląd został wycofany. Poproś o nowy odnośnik."
    testapp.get(kept, status=200)  # another record's link stays
    testapp.get(path_of(preview(api, "timer", timer["id"])["message"]), status=200)  # a new one works
    api.delete(f"/api/timer/{timer['id']}/preview")  # twice: still refused, still one more
    testapp.get(first, status=410)


def test_an_expired_link_is_refused_with_a_polish_page(api, testapp, monkeypatch):
    timer = add_timer(api)
    path = path_of(preview(api, "timer", timer["id"], {"days": 1})["message"])
    testapp.get(path, status=200)
    later = now() + timedelta(days=1, seconds=1)
    monkeypatch.setattr("smogpanel.publishing.preview.now", lambda: later)  # the clock moved a day on
    page = testapp.get(path, status=410)
    assert re.search(r"Ten podgląd wygasł \d\d\.\d\d\.\d{4} \d\d:\d\d\. Poproś o nowy odnośnik\.", page.text)
    token = path.split("/")[2]
    assert "wygasł" in testapp.get(f"/api/preview/{token}/1", status=410).json["errors"][0]["description"]


def test_a_forged_or_broken_link_is_a_polish_404(api, testapp):
    timer = add_timer(api)
    token = path_of(preview(api, "timer", timer["id"])["message"]).split("/")[2]
    data, signature = token.split(".")
    for forged in (f"{data}.{signature[::-1]}", data, "abc.def", f"{data}x.{signature}", f"{data}.%C3%83%C2%AE"):
        page = testapp.get(f"/preview/{forged}", status=404)
        assert "Nie ma takiego podglądu" in page.text
    testapp.get(f"/preview/{token}/2", status=404)  # the link names one record
    for wrong in ("-1", "1.5", "pierwszy"):
        assert "Nie ma takiego podglądu" in testapp.get(f"/preview/{token}/{wrong}", status=404).text
    api.delete(f"/api/timer/{timer['id']}")
    assert "Tego elementu już nie ma." in testapp.get(f"/preview/{token}", status=404).text


def test_making_or_revoking_a_link_asks_who_may_edit_or_publish(api, testapp, db):
    timer = add_timer(api)
    viewer = create_user(db, email="podglad@example.pl")
    viewer.role = "viewer"
    db.commit()
    as_viewer = signed_in(testapp, viewer)
    for call in (as_viewer.post, as_viewer.delete):
        refused = call(f"/api/timer/{timer['id']}/preview", status=403)
        assert refused["errors"][0]["description"] == "Twoje konto ma tylko podgląd: nie może niczego zmieniać."
    testapp.post_json(f"/api/timer/{timer['id']}/preview", {}, status=401)
    editor = create_user(db, email="redaktor@example.pl")
    editor.role = "editor"
    db.commit()
    assert "/preview/" in preview(signed_in(testapp, editor), "timer", timer["id"])["message"]["url"]


def test_a_preview_works_for_any_public_kind_in_immediate_mode(api, testapp):
    rank = add_rank(api)
    group = add_group(api, rank)
    add_value(api, group, add_gmina(api, "Kraków"), "12.5", 10)
    payload, config, _page = shown(testapp, path_of(preview(api, "rank", rank["id"])["message"]))
    assert "12.5" in json.dumps(payload) and config["kind"] == "rank"


def test_a_correction_is_shown_under_the_widget_of_its_version(reviewed):
    api, app = reviewed
    timer = add_timer(api)
    api.post(f"/api/timer/{timer['id']}/publish")
    api.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Poprawiony tekst"))
    api.post(f"/api/timer/{timer['id']}/publish", {"note_kind": "correction", "note": "Błędna data <b>końca</b>"})
    line = f"Korekta z {now().astimezone(WARSAW):%d.%m.%Y}: Błędna data &lt;b&gt;końca&lt;/b&gt;"
    for path in ("/view/timer/koniec-sezonu", "/view/timer/koniec-sezonu/embed/x", "/view/timer/koniec-sezonu/v/2"):
        assert line in app.get(path).text, path
    assert "Korekta z" not in app.get("/view/timer/koniec-sezonu/v/1").text
    api.post(f"/api/timer/{timer['id']}/publish", {"note_kind": "update", "note": "Nowy sezon"})
    assert "Korekta z" not in app.get("/view/timer/koniec-sezonu").text  # the live version is no correction now
    assert line in app.get("/view/timer/koniec-sezonu/v/2").text  # its pinned version keeps it


def test_the_openapi_document_describes_previews(testapp):
    paths = testapp.get("/api/openapi.json").json["paths"]
    assert {"post", "delete"} <= set(paths["/api/{kind}/{id}/preview"])
    for path in ("/preview/{token}", "/preview/{token}/{n}", "/api/preview/{token}/{n}"):
        assert "410" in paths[path]["get"]["responses"], path


def test_a_search_preview_opens_the_draft_cards_the_public_cannot(reviewed):
    from smogpanel.plugins.searches.tests.helpers import add_entry, add_search, gminy, key_named, value

    api, app = reviewed
    places = gminy(api)
    search = add_search(api)
    add_entry(api, search, places["liszki"], [value(key_named(search, "Dotacja"), "Do 30 tys. zł")])
    payload, config, _page = shown(app, path_of(preview(api, "search", search["id"])["message"]))
    assert [row[1] for row in payload["boroughs"]] == ["Liszki"]
    card = app.get(f"{config['api']}/{places['liszki']['id']}")  # as the widget asks for a card
    assert card.json["message"]["values"][0]["value"] == "Do 30 tys. zł"
    assert (card.headers["Cache-Control"], card.headers["X-Robots-Tag"]) == ("no-store", "noindex")
    app.get(f"{config['api']}/{places['zabierzow']['id']}", status=404)  # no entry: no card
    assert app.get(f"{config['api']}/nie/ma", status=404).json["success"] is False  # no such part
    app.get(f"/api/public/search/dotacje/{places['liszki']['id']}", status=404)  # not published
    api.delete(f"/api/search/{search['id']}/preview")
    assert app.get(f"{config['api']}/{places['liszki']['id']}", status=410).json["errors"][0]["name"] == "token"
