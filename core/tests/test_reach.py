"""Where the widgets are seen: a view counted per day, widget and embedding origin, from the
widget's beacon; nothing that tells one reader from another kept or sent (no cookie set, no
address, no path); the counts held in memory and written in batches, adding up across
processes; the figures and their export for the operator, with Polish errors for bad filters."""

import csv
import io
from datetime import timedelta

import openpyxl
import pytest
import sqlalchemy as sa
import webtest

from smogpanel.reach.counter import ReachCounter, flush_all, today
from smogpanel.reach.models import ReachCount
from smogpanel.reach.sites import origin_of

from .test_public_serving import live_name

HIT = "/api/reach/hit"
READER = "203.0.113.77"


def hit(testapp, kind, name, site, status=204):
    return testapp.post_json(
        HIT, {"k": kind, "n": name, "s": site}, extra_environ={"REMOTE_ADDR": READER}, status=status
    )


def timer_id(db, name):
    table = ReachCount.metadata.tables["timer"]
    return db.scalar(sa.select(table.c.id).where(table.c.internal_name == name))


def stored(db):
    return db.execute(sa.select(ReachCount.__table__)).mappings().all()


def test_views_from_two_sites_are_counted_by_origin_alone_without_cookies_or_addresses(testapp, api, db, demo):
    name = live_name(db, "timer")
    answers = [
        hit(testapp, "timer", name, "https://Gmina.Example.pl/aktualnosci/smog?user=42#top"),
        hit(testapp, "timer", name, "https://gmina.example.pl"),
        hit(testapp, "timer", name, "http://partner.example.com:8080/strona"),
        hit(testapp, "timer", name, ""),  # the widget's own page on the panel
    ]
    for answer in answers:
        assert "Set-Cookie" not in answer.headers and not answer.body
        assert answer.headers["Cache-Control"] == "no-store"
    assert stored(db) == []  # nothing written on the request path
    assert flush_all() >= 3
    rows = stored(db)
    assert {(row["site"], row["count"]) for row in rows} == {
        ("https://gmina.example.pl", 2),
        ("http://partner.example.com:8080", 1),
        ("", 1),
    }
    assert all(row["day"] == today() and row["record_id"] == timer_id(db, name) for row in rows)
    everything = " ".join(str(value) for row in rows for value in row.values())
    assert READER not in everything and "aktualnosci" not in everything and "user=42" not in everything

    figures = api.get(f"/api/reach/?kind=timer&record_id={timer_id(db, name)}")["message"]
    assert figures["views"] == 4
    assert figures["days"][-1] == {"day": today().isoformat(), "views": 4, "events": {"view": 4}}
    assert len(figures["days"]) == 30
    assert figures["sites"][0] == {"site": "https://gmina.example.pl", "label": "https://gmina.example.pl", "views": 2}
    assert {"site": "", "label": "Strona panelu (bez osadzenia)", "views": 1} in figures["sites"]
    assert figures["records"] == [
        {"kind": "timer", "kind_label": "Licznik", "record_id": timer_id(db, name), "name": name, "views": 4}
    ]


def test_a_bad_beacon_answers_a_polish_error_and_counts_nothing(testapp, db, demo):
    name = live_name(db, "timer")
    unknown = hit(testapp, "nie-ma-takiego", name, "", status=400).json
    assert unknown["errors"] == [{"name": "k", "description": "Nieznany rodzaj widżetu."}]
    assert hit(testapp, "timer", "", "", status=400).json["errors"][0]["name"] == "n"
    for site in ("javascript:alert(1)", "ftp://example.pl", "https://", "https://a b.pl"):
        assert hit(testapp, "timer", name, site, status=400).json["errors"][0]["name"] == "s"
    hit(testapp, "timer", "wymyslona-nazwa", "https://gmina.example.pl")  # no such record
    flush_all()
    assert stored(db) == []


def test_the_panels_own_preview_is_not_counted(make_app, db, demo):
    app = webtest.TestApp(make_app(**{"smogpanel.public_url": "https://panel.example.pl"}))
    hit(app, "timer", live_name(db, "timer"), "https://panel.example.pl")
    flush_all()
    assert stored(db) == []


def test_counts_of_several_processes_add_up_and_a_failed_write_keeps_them(testapp, db, demo):
    """Two counters stand for two gunicorn workers: each writes its own counts with an upsert."""
    name = live_name(db, "timer")
    registry = testapp.app.registry
    first, second = ReachCounter(registry, interval=0), ReachCounter(registry, interval=0)
    for _ in range(3):
        first.add("timer", "https://a.example.pl", name=name)
    second.add("timer", "https://a.example.pl", name=name)
    second.add("timer", "https://b.example.pl", name=name)
    assert first.flush() == 1 and second.flush() == 2
    first.add("timer", "https://a.example.pl", name=name)
    first.flush()
    assert {(row["site"], row["count"]) for row in stored(db)} == {
        ("https://a.example.pl", 5),
        ("https://b.example.pl", 1),
    }


def test_memory_is_bounded_however_many_made_up_sites_arrive(testapp):
    counter = ReachCounter(testapp.app.registry, interval=0, max_keys=3)
    added = [counter.add("timer", f"https://site{n}.example.pl", name="x") for n in range(5)]
    assert added == [True, True, True, False, False]
    assert counter.add("timer", "https://site0.example.pl", name="x") is True  # a known key still counts


@pytest.mark.parametrize(
    ("given", "origin"),
    [
        ("https://Example.PL:443/a/b?c=d", "https://example.pl"),
        ("http://example.pl:80", "http://example.pl"),
        ("http://127.0.0.1:8001/x", "http://127.0.0.1:8001"),
        ("https://user:secret@example.pl/", "https://example.pl"),
        ("http://[::1]:9000/", "http://[::1]:9000"),
        ("null", ""),
        ("", ""),
        ("data:text/html,hi", None),
        ("https://example.pl:99999", None),
    ],
)
def test_an_embedding_site_is_reduced_to_its_origin(given, origin):
    assert origin_of(given) == origin


def test_the_figures_filters_answer_polish_errors(api, anonymous, demo):
    assert anonymous.get("/api/reach/", status=401)
    assert api.get("/api/reach/?kind=nic", status=400)["errors"][0]["name"] == "kind"
    assert api.get("/api/reach/?record_id=1", status=400)["errors"][0]["name"] == "kind"
    assert api.get("/api/reach/?from=2026-02-30", status=400)["errors"][0]["name"] == "from"
    assert api.get("/api/reach/?from=2026-03-02&to=2026-03-01", status=400)["errors"][0]["name"] == "from"
    assert api.get("/api/reach/?from=2024-01-01&to=2026-01-01", status=400)["errors"][0]["name"] == "to"
    figures = api.get("/api/reach/?from=2026-03-01&to=2026-03-03")["message"]
    assert [day["day"] for day in figures["days"]] == ["2026-03-01", "2026-03-02", "2026-03-03"]
    assert figures["views"] == 0 and figures["sites"] == [] and figures["funnel"] == []


def test_the_export_is_a_workbook_and_a_formula_safe_csv(testapp, api, db, demo):
    name = live_name(db, "timer")
    hit(testapp, "timer", name, "https://gmina.example.pl/x")
    flush_all()
    yesterday = (today() - timedelta(days=1)).isoformat()
    workbook = testapp.get(f"/api/reach/export?format=xlsx&from={yesterday}", headers=api.headers())
    assert workbook.headers["Content-Disposition"].startswith('attachment; filename="zasieg-')
    sheet = openpyxl.load_workbook(io.BytesIO(workbook.body)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Dzień", "Rodzaj", "Id elementu", "Nazwa wewnętrzna", "Strona", "Zdarzenie", "Liczba")
    assert rows[1][1:] == ("timer", timer_id(db, name), name, "https://gmina.example.pl", "Wyświetlenia", 1)
    text = testapp.get("/api/reach/export?format=csv", headers=api.headers()).body.decode("utf-8")
    assert text.startswith("\ufeff")
    table = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert table[1][4:] == ["https://gmina.example.pl", "Wyświetlenia", "1"]
    assert api.get("/api/reach/export?format=pdf", status=400)["errors"][0]["name"] == "format"


def test_the_api_document_describes_the_filters(api):
    document = api.app.get("/api/openapi.json").json
    parameters = {p["name"] for p in document["paths"]["/api/reach/"]["get"]["parameters"]}
    assert {"kind", "record_id", "from", "to"} <= parameters


def test_every_public_kind_is_counted_and_embeds_from_its_address(make_app, db, demo):
    """No plugin code: every kind of `smogpanel_public_kinds` with demo data gets both."""
    app = webtest.TestApp(make_app(**{"smogpanel.public_url": "https://panel.example.pl"}))
    registry = app.app.registry
    expected = set()
    for kind in registry["smogpanel.public_kinds"]:
        model = registry["smogpanel.resources"][kind].model
        record = db.execute(
            sa.select(model.id, model.internal_name).where(model.deleted.is_(None)).order_by(model.id).limit(1)
        ).first()
        if record is None:  # a kind the demo data has no record of
            continue
        hit(app, kind, record.internal_name, "https://gmina.example.pl/strona")
        expected.add((kind, record.id))
        answer = app.get(f"/oembed?url=https://panel.example.pl/view/{kind}/{record.internal_name}").json
        assert answer["type"] == "rich" and f"/view/{kind}/{record.internal_name}/embed/" in answer["html"]
    assert len(expected) >= 7  # every built-in kind has demo data
    flush_all()
    assert {(row["kind"], row["record_id"]) for row in stored(db)} == expected


def test_the_beacon_is_answered_before_the_framework_and_a_bad_one_by_it(testapp, db, demo):
    name = live_name(db, "timer")
    answer = hit(testapp, "timer", name, "https://gmina.example.pl")
    # The fast path's answer carries the headers the security tween gives every answer.
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["X-Frame-Options"] == "DENY" and "Content-Security-Policy" in answer.headers
    # Not JSON, too long, or not an object: Pyramid answers, with the envelope's Polish error.
    assert testapp.post(HIT, "k=timer", status=415).json["message"] == "UNSUPPORTED_MEDIA_TYPE"
    too_long = hit(testapp, "timer", "x" * 3000, "", status=400).json
    assert too_long["errors"][0]["name"] == "n"
    assert testapp.post_json(HIT, ["timer"], status=400).json["errors"][0]["name"] == "body"
    flush_all()
    assert [(row["site"], row["count"]) for row in stored(db)] == [("https://gmina.example.pl", 1)]


def test_a_busy_flush_writes_in_batches_and_adds_up(testapp, db, demo):
    name = live_name(db, "timer")
    counter = ReachCounter(testapp.app.registry, interval=0, max_keys=5000, max_sites=2000)
    for n in range(1200):  # three batches of 500 rows or fewer
        counter.add("timer", f"https://site{n}.example.pl", name=name)
    assert counter.flush() == 1200
    counter.add("timer", "https://site7.example.pl", name=name)
    counter.flush()
    rows = {row["site"]: row["count"] for row in stored(db)}
    assert len(rows) == 1200 and rows["https://site7.example.pl"] == 2 and rows["https://site8.example.pl"] == 1


@pytest.mark.parametrize(
    "site",
    [
        'https://a"onmouseover="x.pl',
        "https://<script>.pl",
        "https://{{7*7}}.example.pl",
        "https://a_b.example.pl",
        "https://-gmina.example.pl",
        "https://gmina..example.pl",
        "https://" + "a" * 64 + ".pl",
        "https://gm%69na.example.pl",
    ],
)
def test_a_site_whose_host_is_no_host_name_is_refused_and_not_counted(testapp, db, demo, site):
    answer = hit(testapp, "timer", live_name(db, "timer"), site, status=400).json
    assert answer["errors"] == [
        {"name": "s", "description": "Podaj adres strony w postaci https://host[:port] albo nic."}
    ]
    flush_all()
    assert stored(db) == []


def test_a_host_name_in_another_script_is_kept_in_its_idna_form(testapp, db, demo):
    hit(testapp, "timer", live_name(db, "timer"), "https://Gmina-Łódź.pl:8443/strona")
    flush_all()
    assert [row["site"] for row in stored(db)] == ["https://xn--gmina-d-q0a42esr.pl:8443"]


def test_a_flood_of_made_up_sites_grows_the_table_by_the_cap_at_most(testapp, api, db, demo):
    """10,000 made-up origins for one real widget: the first 100 of the day are its sites, the
    views of the others are counted under 'inne'; the real sites of another widget are not lost."""
    name = live_name(db, "timer")
    table = ReachCount.metadata.tables["timer"]
    other = db.scalar(
        sa.select(table.c.internal_name).where(table.c.deleted.is_(None), table.c.internal_name != name).limit(1)
    )
    before = db.scalar(sa.select(sa.func.count()).select_from(ReachCount))
    for n in range(10_000):
        hit(testapp, "timer", name, f"https://flood{n}.example.pl")
    hit(testapp, "timer", other, "https://gmina.example.pl")
    flush_all()
    rows = stored(db)
    assert len(rows) - before <= 100 + 1 + 1  # the cap, 'inne', and the other widget's one site
    flooded = {row["site"]: row["count"] for row in rows if row["record_id"] == timer_id(db, name)}
    assert len(flooded) == 101 and flooded["inne"] == 10_000 - 100
    assert sum(flooded.values()) == 10_000
    assert {row["site"] for row in rows if row["record_id"] == timer_id(db, other)} == {"https://gmina.example.pl"}
    figures = api.get(f"/api/reach/?kind=timer&record_id={timer_id(db, name)}")["message"]
    assert figures["views"] == 10_000
    assert figures["sites"][0] == {
        "site": "inne",
        "label": "Inne strony (ponad dzienny limit nowych stron widżetu)",
        "views": 9_900,
    }


def test_the_cap_holds_across_flushes_and_processes_against_the_sites_already_written(testapp, db, demo):
    """Two counters stand for two workers, each within its own cap in memory: written, the
    record still gets no more than the cap's sites a day; a site already written keeps counting."""
    name = live_name(db, "timer")
    registry = testapp.app.registry
    first, second = (ReachCounter(registry, interval=0, max_sites=3) for _ in range(2))
    second.add("timer", "https://first0.example.pl", name=name)
    for n in range(3):
        first.add("timer", f"https://first{n}.example.pl", name=name)
        second.add("timer", f"https://second{n}.example.pl", name=name)  # the third one: 'inne' already
    first.flush()
    second.flush()  # first0 is a site the table has; second0 and second1 find no place left
    rows = {row["site"]: row["count"] for row in stored(db)}
    assert rows == {
        "https://first0.example.pl": 2,
        "https://first1.example.pl": 1,
        "https://first2.example.pl": 1,
        "inne": 3,
    }
