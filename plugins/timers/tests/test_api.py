"""The timer endpoints of SPEC section 7 and the public payload, as clients see them."""

import pytest
import sqlalchemy as sa

from smogpanel.models import StoredFile
from smogpanel.plugins.timers.models import Timer
from smogpanel.plugins.timers.seed import add_demo_data
from smogpanel.testing.app import embed_bundle_of
from smogpanel.testing.files import pixels, png, upload
from smogpanel.web import EMBED_POLICY

GIF = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
    b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)


def timer(**changes):
    body = {
        "name": "Do końca sezonu",
        "internal_name": "koniec-sezonu",
        "timer_style_name": "SEA",
        "text_above": "Do końca sezonu grzewczego zostało",
        "deadline": "2027-05-01",
        "countdown": True,
        "text_below": "Ogrzewaj czysto.",
        "logo_path": None,
        "hidden_brand": 0,
    }
    body.update(changes)
    return body


def add(api, **changes):
    return api.post("/api/timer/", timer(**changes))["message"]


def edit_body(record, **changes):
    """What the edit form sends: the same fields less internal_name; the logo by its stored name."""
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
    body.update(changes)
    return body


def count(db):
    return db.scalar(sa.select(sa.func.count()).select_from(Timer))


def test_create_and_read_a_timer(api):
    created = add(api)
    assert created["name"] == "Do końca sezonu" and created["internal_name"] == "koniec-sezonu"
    # A date alone is midnight in Warsaw (CEST in May: UTC+2), stored and answered in UTC.
    assert created["deadline"] == "2027-04-30T22:00:00+00:00"
    assert created["countdown"] is True and created["hidden_brand"] == 0
    assert created["logo_path"] is None and created["logo_url"] is None
    assert created["created"] == created["updated"]
    assert api.get(f"/api/timer/{created['id']}")["message"] == created


@pytest.mark.parametrize(
    "sent, stored",
    [
        ("2027-01-15", "2027-01-14T23:00:00+00:00"),  # winter: UTC+1
        ("2027-01-15T12:30", "2027-01-15T11:30:00+00:00"),  # the form's date-time field: Warsaw time
        ("2027-01-15T12:30:00+00:00", "2027-01-15T12:30:00+00:00"),
        ("2027-01-15T12:30:00Z", "2027-01-15T12:30:00+00:00"),
        ("2027-07-01T08:00:00+05:00", "2027-07-01T03:00:00+00:00"),
    ],
)
def test_deadlines_are_iso_dates_or_datetimes_kept_in_utc(api, sent, stored):
    assert add(api, deadline=sent)["deadline"] == stored


def test_list_sorts_by_the_spec_fields_and_defaults_to_id_descending(api):
    add(api, name="Beta", internal_name="b-timer")
    add(api, name="Alfa", internal_name="c-timer")
    add(api, name="Gamma", internal_name="a-timer")
    default = api.get("/api/timer/")["message"]
    assert (default["order"], default["asc"]) == ("id", False)
    ids = [row["id"] for row in default["list"]]
    assert ids == sorted(ids, reverse=True)
    by_name = [row["name"] for row in api.get("/api/timer/?order=name&asc=1")["message"]["list"]]
    assert by_name == ["Alfa", "Beta", "Gamma"]
    by_internal = [row["internal_name"] for row in api.get("/api/timer/?order=internal_name&asc=0")["message"]["list"]]
    assert by_internal == ["c-timer", "b-timer", "a-timer"]
    api.get("/api/timer/?order=updated&asc=1")
    api.get("/api/timer/?order=id&asc=1")
    refused = api.get("/api/timer/?order=deadline", status=400)
    assert "Nie można sortować" in refused["errors"][0]["description"]


def test_the_list_needs_a_signed_in_user(anonymous):
    assert anonymous.get("/api/timer/", status=401)["message"] == "UNAUTHORISED"
    anonymous.post("/api/timer/", timer(), status=401)


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("name", "", "Nazwa: To pole jest wymagane."),
        ("name", None, "Nazwa:"),
        ("internal_name", "Zła Nazwa", "Nazwa wewnętrzna może zawierać tylko małe litery"),
        ("internal_name", None, "Nazwa wewnętrzna:"),
        (
            "timer_style_name",
            "PINK",
            "Styl: Wybierz jeden ze stylów: Jasny, Morski, Czerwony, Ciemno-czerwony, Grafitowy, Ciemny.",
        ),
        ("timer_style_name", None, "Styl:"),
        ("text_above", "  ", "Tekst nad licznikiem: To pole jest wymagane."),
        ("text_below", "", "Tekst pod licznikiem: To pole jest wymagane."),
        ("text_below", "x" * 501, "najwyżej 500 znaków"),
        ("deadline", None, "Termin:"),
        ("deadline", "", "Termin:"),
        ("deadline", "jutro", "Termin: Podaj datę (RRRR-MM-DD) albo datę z godziną"),
        ("deadline", "2027-02-30", "Termin: Podaj datę"),
        ("deadline", 20270101, "Termin: Podaj datę"),
        ("deadline", "3000-01-01", "między rokiem 1900 a 2200"),
        ("countdown", "tak", "Odliczanie: Wartość musi wynosić true albo false."),
        ("hidden_brand", 2, "Ukryj markę serwisu: Wartość musi wynosić 0 albo 1."),
        ("logo_path", 12, "Logo partnera: Nie przesłano pliku"),
    ],
)
def test_bad_fields_are_refused_in_polish_and_nothing_is_written(api, db, field, value, words):
    before = count(db)
    answer = api.post("/api/timer/", timer(**{field: value}), status=400)
    assert answer["message"] == "VALIDATION_FAILED"
    assert [error["name"] for error in answer["errors"]] == [field]
    assert words in answer["errors"][0]["description"]
    assert count(db) == before


def test_a_missing_field_is_named(api):
    body = timer()
    del body["deadline"], body["text_above"]
    answer = api.post("/api/timer/", body, status=400)
    assert sorted(error["name"] for error in answer["errors"]) == ["deadline", "text_above"]


def test_every_style_is_accepted(api):
    for index, style in enumerate(["LIGHT", "SEA", "RED", "DARKRED", "GRAPHITE", "DARK"]):
        assert add(api, internal_name=f"styl-{index}", timer_style_name=style)["timer_style_name"] == style


def test_countdown_and_hidden_brand_accept_the_panels_forms(api):
    created = add(api, countdown=0, hidden_brand=True)
    assert created["countdown"] is False and created["hidden_brand"] == 1
    body = timer(internal_name="bez-flag")
    del body["countdown"], body["hidden_brand"]
    created = api.post("/api/timer/", body)["message"]
    assert created["countdown"] is True and created["hidden_brand"] == 0


def test_a_taken_internal_name_is_a_409_and_nothing_is_written(api, db):
    add(api)
    before = count(db)
    answer = api.post("/api/timer/", timer(name="Inny"), status=409)
    assert answer == {
        "success": False,
        "message": "CONFLICT",
        "errors": [{"name": "internal_name", "description": "Ta nazwa wewnętrzna jest już zajęta. Wybierz inną."}],
    }
    assert count(db) == before


def test_a_taken_internal_name_with_a_logo_stores_no_file(api, db):
    add(api)
    files = db.scalar(sa.select(sa.func.count()).select_from(StoredFile))
    api.post("/api/timer/", timer(logo_path=upload(png(), "logo.png", "image/png")), status=409)
    assert db.scalar(sa.select(sa.func.count()).select_from(StoredFile)) == files


def test_the_internal_name_is_fixed_after_creation(api):
    created = add(api)
    edited = api.post(
        f"/api/timer/{created['id']}", dict(edit_body(created, name="Nowa nazwa"), internal_name="zmieniona")
    )["message"]
    assert edited["internal_name"] == "koniec-sezonu" and edited["name"] == "Nowa nazwa"
    assert edited["updated"] >= edited["created"]


def test_an_internal_name_of_a_deleted_timer_can_be_used_again(api):
    created = add(api)
    api.delete(f"/api/timer/{created['id']}")
    assert add(api)["internal_name"] == "koniec-sezonu"


def test_edit_changes_every_editable_field(api):
    created = add(api)
    edited = api.post(
        f"/api/timer/{created['id']}",
        edit_body(
            created,
            timer_style_name="DARK",
            text_above="Od",
            text_below="Po",
            deadline="2020-03-01T10:00",
            countdown=False,
            hidden_brand=1,
        ),
    )["message"]
    assert (edited["timer_style_name"], edited["text_above"], edited["text_below"]) == ("DARK", "Od", "Po")
    assert edited["deadline"] == "2020-03-01T09:00:00+00:00"
    assert edited["countdown"] is False and edited["hidden_brand"] == 1


def test_an_edit_with_bad_fields_changes_nothing(api):
    created = add(api)
    api.post(f"/api/timer/{created['id']}", edit_body(created, name="Inna", deadline="kiedyś"), status=400)
    assert api.get(f"/api/timer/{created['id']}")["message"] == created


def test_a_logo_is_stored_kept_by_name_replaced_and_removed(api, testapp):
    created = add(api, logo_path=upload(png(2, 2), "logo partnera.png", "image/png"))
    stored = created["logo_path"]
    assert stored.endswith(".png") and created["logo_url"] == f"/files/{stored}"
    served = testapp.get(created["logo_url"])
    assert served.content_type == "image/png" and pixels(served.body) == pixels(png(2, 2))

    kept = api.post(f"/api/timer/{created['id']}", edit_body(created, name="Z logo"))["message"]
    assert kept["logo_path"] == stored
    kept = api.post(f"/api/timer/{created['id']}", edit_body(created, logo_path=f"/files/{stored}"))["message"]
    assert kept["logo_path"] == stored

    replaced = api.post(
        f"/api/timer/{created['id']}", edit_body(created, logo_path=upload(GIF, "nowe.gif", "image/gif"))
    )["message"]
    assert replaced["logo_path"] != stored and replaced["logo_path"].endswith(".gif")

    removed = api.post(f"/api/timer/{created['id']}", edit_body(created, logo_path=None))["message"]
    assert removed["logo_path"] is None and removed["logo_url"] is None


def test_a_logo_that_is_not_an_image_is_refused(api, db):
    before = count(db)
    answer = api.post("/api/timer/", timer(logo_path=upload(b"%PDF-1.4 nic", "logo.png", "image/png")), status=400)
    assert answer["errors"][0]["name"] == "logo_path"
    assert "dozwolone formaty to: PNG, JPEG, GIF, WebP" in answer["errors"][0]["description"]
    assert count(db) == before


def test_an_unknown_stored_logo_name_is_refused(api):
    created = add(api)
    answer = api.post(f"/api/timer/{created['id']}", edit_body(created, logo_path="0" * 32 + ".png"), status=400)
    assert answer["errors"] == [
        {"name": "logo_path", "description": "Wskazany plik nie istnieje. Wybierz plik ponownie."}
    ]


def test_delete_hides_the_timer_everywhere(api, anonymous):
    created = add(api)
    assert api.delete(f"/api/timer/{created['id']}")["message"] == {"id": created["id"]}
    assert api.get(f"/api/timer/{created['id']}", status=404)["message"] == "NOT_FOUND"
    assert created["id"] not in [row["id"] for row in api.get("/api/timer/")["message"]["list"]]
    api.post(f"/api/timer/{created['id']}", edit_body(created), status=404)
    api.delete(f"/api/timer/{created['id']}", status=404)
    assert anonymous.get("/api/public/timer/koniec-sezonu", status=404)["message"] == "NOT_FOUND"
    anonymous.app.get("/view/timer/koniec-sezonu", status=404)
    anonymous.app.get("/view/timer/koniec-sezonu/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10", status=404)


def test_the_public_payload_has_only_what_the_widget_needs(api, anonymous):
    add(api, logo_path=upload(png(), "logo.png", "image/png"), countdown=False)
    payload = anonymous.get("/api/public/timer/koniec-sezonu")["message"]
    assert set(payload) == {"style", "text_above", "text_below", "deadline", "countdown", "logo", "brand"}
    assert payload["style"] == "SEA" and payload["countdown"] is False
    assert payload["deadline"] == "2027-04-30T22:00:00+00:00"
    assert payload["logo"].startswith("/files/") and payload["brand"]["name"] == "Smogpanel"
    assert anonymous.app.get(payload["logo"]).content_type == "image/png"


def test_a_hidden_brand_is_left_out_of_the_public_payload(api, anonymous):
    add(api, hidden_brand=1)
    assert anonymous.get("/api/public/timer/koniec-sezonu")["message"]["brand"] is None


def test_the_public_payload_carries_an_etag(api, anonymous):
    created = add(api)
    first = anonymous.app.get("/api/public/timer/koniec-sezonu")
    assert first.etag
    anonymous.app.get("/api/public/timer/koniec-sezonu", headers={"If-None-Match": first.headers["ETag"]}, status=304)
    api.post(f"/api/timer/{created['id']}", edit_body(created, text_above="Zmieniony tekst"))
    changed = anonymous.app.get("/api/public/timer/koniec-sezonu", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_int == 200 and changed.json["message"]["text_above"] == "Zmieniony tekst"


def test_the_public_and_embed_pages_mount_the_timer_bundle(api, anonymous):
    add(api)
    page = anonymous.app.get("/view/timer/koniec-sezonu")
    assert embed_bundle_of(anonymous.app, page, "timers")
    assert page.headers["X-Frame-Options"] == "DENY"
    embed = anonymous.app.get("/view/timer/koniec-sezonu/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10")
    assert "X-Frame-Options" not in embed.headers
    assert embed.headers["Content-Security-Policy"] == EMBED_POLICY
    assert '"embed":"0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10"' in embed.text
    assert anonymous.get("/api/public/timer/nie-ma-takiego", status=404)["message"] == "NOT_FOUND"


def test_the_remote_is_listed_for_the_shell(api):
    remotes = {remote["name"]: remote for remote in api.get("/api/plugins")["message"]}
    assert remotes["timers"] == {
        "name": "timers",
        "label": "Liczniki",
        "path": "/timer",
        "order": 70,
        "entry": "/plugins/timers/remote/remoteEntry.js",
        "scope": "smogpanel_timers",
        "module": "./routes",
    }


def test_the_loader_script_is_served_to_partner_pages(anonymous):
    response = anonymous.app.get("/static/embeds/loader.js", expect_errors=True)
    assert response.status_int == 200, "run `npm run build` first"
    assert "smogpanel:resize" in response.text


def test_demo_data_adds_timers_both_ways(db):
    add_demo_data(db)
    timers = {t.internal_name: t for t in db.scalars(sa.select(Timer))}
    assert timers["koniec-sezonu-grzewczego"].countdown is True
    assert timers["krakow-bez-wegla"].countdown is False
