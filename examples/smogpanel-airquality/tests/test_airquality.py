"""The example plugin end to end: its GIOŚ reader against a local server serving the API's
recorded shapes (tests/fixtures: a manual position listed before the automatic one, its error
document with HTTP 200 and 400, paged lists), failures included, and the item type 'Jakość
powietrza' in a running panel: listed, created, refreshed, one value failing with the rest
refreshed, the whole source failing with the last reading kept."""

import json
from pathlib import Path

import pytest

from smogpanel.http_source import HttpSource, SourceError
from smogpanel.item_types import IntegrationCall
from smogpanel.testing.app import signed_in
from smogpanel.testing.http import LocalSource
from smogpanel_airquality.gios import fetch_air_quality

FIXTURES = Path(__file__).parent / "fixtures"
FAST = {"smogpanel.integrations.timeout": "0.5", "smogpanel.integrations.retries": "1"}
MANUAL = (FIXTURES / "getData_2749_manual.json").read_bytes()
MANUAL_REASON = (
    "Dla stanowiska typu manualnego wyniki pomiarów nie są dostępne na bieżąco, są one udostępniane "
    "po 4-8 tygodniach od poboru próby przez usługę API „Archiwalne dane pomiarowe” (API-ERR-100003)"
)


def serve_station(source, manual_status=200):
    """Station 400 as GIOŚ serves it: its list holds a manual PM2.5 position (2749) before the
    automatic one (2750), and the manual one's getData answers the error document, with HTTP
    200 or 400 (both are reported by public clients)."""
    for path, name in (
        ("/aqindex/getIndex/400", "getIndex_400.json"),
        ("/station/sensors/400", "sensors_400.json"),
        ("/data/getData/2747", "getData_2747.json"),
        ("/data/getData/2750", "getData_2750.json"),
    ):
        source.answer(path, (FIXTURES / name).read_bytes())
    if manual_status == 200:
        source.answer("/data/getData/2749", MANUAL)
    else:
        source.fail("/data/getData/2749", status=manual_status, body=MANUAL)


def sensors(*ids, total_pages=1):
    document = json.loads((FIXTURES / "sensors_400.json").read_text(encoding="utf-8"))
    listed = document["Lista stanowisk pomiarowych dla podanej stacji"]
    document["Lista stanowisk pomiarowych dla podanej stacji"] = [
        s for s in listed if s["Identyfikator stanowiska"] in ids
    ]
    document["totalPages"] = total_pages
    return document


@pytest.fixture
def gios():
    with LocalSource() as source:
        serve_station(source)
        yield source


def fetch(source, station="400", timeout=0.5, retries=1):
    call = IntegrationCall(
        inputs={"station_id": station, "gmina": 1},
        http=HttpSource(timeout=timeout, retries=retries, backoff=0.01),
        settings={"smogpanel.airquality.api_url": source.url},
    )
    return fetch_air_quality(call)


GOOD = {"index": {"level": 2, "label": "Umiarkowany", "color": "#ffd911"}, "pm10": 54.8, "pm25": 38.1}


# -- the reader ------------------------------------------------------------------------------
@pytest.mark.parametrize("manual_status", [200, 400])
def test_a_manual_position_listed_first_is_skipped_for_the_automatic_one(manual_status):
    with LocalSource() as gios:
        serve_station(gios, manual_status)
        reading = fetch(gios)
    assert reading.values == GOOD and reading.errors == {}
    assert reading.read_at.isoformat() == "2026-11-24T11:00:00+01:00"  # the newest non-null hour
    assert reading.source == "GIOŚ (Państwowy Monitoring Środowiska)"
    status = " (HTTP 400)" if manual_status == 400 else ""
    assert reading.notes == {
        "pm10": "stanowisko GIOŚ nr 2747",
        "pm25": f"stanowisko GIOŚ nr 2750; pominięte: nr 2749 – GIOŚ odmówił danych{status}: {MANUAL_REASON}",
    }
    # Sizes asked explicitly; the manual position asked once (a refusal is not retried), before 2750.
    assert gios.requests == [
        "/aqindex/getIndex/400",
        "/station/sensors/400?page=0&size=100",
        "/data/getData/2747?page=0&size=100",
        "/data/getData/2749?page=0&size=100",
        "/data/getData/2750?page=0&size=100",
    ]


def test_a_station_without_an_index_or_a_current_pm25(gios):
    gios.answer("/aqindex/getIndex/400", (FIXTURES / "getIndex_no_index.json").read_bytes())
    gios.answer("/data/getData/2750", {"Lista danych pomiarowych": [{"Data": "2026-11-24 11:00:00", "Wartość": None}]})
    reading = fetch(gios)
    assert reading.values["index"] == {"level": None, "label": "Brak indeksu", "color": "#9e9e9e"}
    assert reading.values["pm25"] is None and reading.values["pm10"] == 54.8
    assert reading.errors == {}  # answered, with no current result: no value, not a failure
    assert reading.notes["pm25"].startswith("brak bieżącego wyniku: nr 2749 – GIOŚ odmówił danych")
    assert reading.notes["pm25"].endswith("nr 2750 – brak wyniku z ostatnich dni")


def test_a_station_measuring_pm25_only_manually_keeps_its_index_and_pm10(gios):
    gios.answer("/station/sensors/400", sensors(2745, 2747, 2749, 2752))
    reading = fetch(gios)
    assert reading.values == {"index": GOOD["index"], "pm10": 54.8}
    assert reading.errors == {
        "pm25": f"Żadne stanowisko PM2,5 nie dało bieżących danych: nr 2749 – GIOŚ odmówił danych: {MANUAL_REASON}"
    }


def test_one_failing_position_never_drops_the_rest(gios):
    gios.fail("/data/getData/2747", status=500)
    reading = fetch(gios)
    assert reading.values == {"index": GOOD["index"], "pm25": 38.1}
    assert reading.errors == {
        "pm10": "Żadne stanowisko PM10 nie dało bieżących danych: nr 2747 – "
        "Źródło odpowiedziało błędem serwera 500 (próby: 2)"
    }
    assert gios.hits["/data/getData/2747"] == 2  # a server error is retried (retries=1)


def test_a_second_position_of_a_pollutant_is_tried_when_the_first_fails(gios):
    listed = sensors(2747, 2750)
    second = dict(listed["Lista stanowisk pomiarowych dla podanej stacji"][0], **{"Identyfikator stanowiska": 2748})
    listed["Lista stanowisk pomiarowych dla podanej stacji"].insert(1, second)
    gios.answer("/station/sensors/400", listed)
    gios.fail("/data/getData/2747", status=404)
    gios.answer("/data/getData/2748", {"Lista danych pomiarowych": [{"Data": "2026-11-24 10:00:00", "Wartość": 40.04}]})
    reading = fetch(gios)
    assert reading.values["pm10"] == 40.0 and "pm10" not in reading.errors
    assert reading.notes["pm10"].startswith(
        "stanowisko GIOŚ nr 2748; pominięte: nr 2747 – Źródło odpowiedziało błędem 404"
    )


@pytest.mark.parametrize(
    "failure, message",
    [
        (dict(body=b'{"AqIndex": {"Warto'), "nie jest poprawnym JSON"),
        (dict(status=404), "błędem 404"),
        (dict(status=400, body=MANUAL), "GIOŚ odmówił danych (HTTP 400): Dla stanowiska"),
        (dict(body=b'{"Lista": []}'), "nieoczekiwany kształt"),
    ],
)
def test_a_failed_index_keeps_the_pm_values(gios, failure, message):
    gios.fail("/aqindex/getIndex/400", **failure)
    reading = fetch(gios)
    assert reading.values == {"pm10": 54.8, "pm25": 38.1}
    assert message in reading.errors["index"] and set(reading.errors) == {"index"}


def test_a_failed_sensor_list_keeps_the_index(gios):
    gios.fail("/station/sensors/400", body=b'{"error": "Przekroczono limit"}')
    reading = fetch(gios)
    assert reading.values == {"index": GOOD["index"]}
    assert reading.errors == {
        name: "Nie odczytano listy stanowisk stacji: Odpowiedź GIOŚ ma nieoczekiwany kształt: "
        "brak listy „Lista stanowisk pomiarowych dla podanej stacji”."
        for name in ("pm10", "pm25")
    }


def test_a_sensor_list_running_past_one_page_is_read_page_by_page(gios):
    first, second = sensors(2745, 2747, total_pages=2), sensors(2749, 2750, 2752, total_pages=2)
    gios.answer("/station/sensors/400?page=0&size=100", first)
    gios.answer("/station/sensors/400?page=1&size=100", second)
    reading = fetch(gios)
    assert reading.values == GOOD
    assert [r for r in gios.requests if r.startswith("/station")] == [
        "/station/sensors/400?page=0&size=100",
        "/station/sensors/400?page=1&size=100",
    ]


def test_without_total_pages_the_page_of_links_last_counts(gios):
    first, second = sensors(2745, 2747), sensors(2749, 2750, 2752)
    for document in (first, second):
        del document["totalPages"]
        document["links"]["last"] = "https://api.gios.gov.pl/pjp-api/v1/rest/station/sensors/400?page=1&size=100"
    gios.answer("/station/sensors/400?page=0&size=100", first)
    gios.answer("/station/sensors/400?page=1&size=100", second)
    assert fetch(gios).values == GOOD
    assert gios.hits["/station/sensors/400"] == 2


def test_links_next_on_the_last_page_is_not_followed(gios):
    # GIOŚ sends links.next even on a list's only page: totalPages decides.
    assert "?page=1&size=20" in json.loads((FIXTURES / "sensors_400.json").read_text(encoding="utf-8"))["links"]["next"]
    fetch(gios)
    assert gios.hits["/station/sensors/400"] == 1


def test_nothing_read_at_all_is_a_failed_reading(gios):
    gios.stop()
    with pytest.raises(SourceError, match="Nie można połączyć się ze źródłem"):
        fetch(gios)


def test_the_station_id_must_be_a_number(gios):
    with pytest.raises(SourceError, match="Identyfikator stacji GIOŚ musi być liczbą"):
        fetch(gios, station="Kraków")
    assert sum(gios.hits.values()) == 0


def test_a_hanging_api_is_given_up_after_the_timeout(gios):
    import time

    gios.hang("/station/sensors/400", seconds=3)
    started = time.monotonic()
    reading = fetch(gios, timeout=0.3, retries=1)
    assert time.monotonic() - started < 2
    assert "nie odpowiedziało w ciągu 0,3 s" in reading.errors["pm10"] and reading.values == {"index": GOOD["index"]}


# -- in the panel ----------------------------------------------------------------------------
def panel(make_app, admin, source_url, **settings):
    return signed_in(make_app(**{"smogpanel.airquality.api_url": source_url, **FAST, **settings}), admin)


def add_gmina(api):
    voivodeships = api.get("/api/voivodeship/?order=name&asc=1")["message"]["list"]
    malopolskie = next(row["id"] for row in voivodeships if row["name"] == "małopolskie")
    district = api.post("/api/district/", {"name": "Kraków", "voivodeship_id": malopolskie})["message"]
    return api.post("/api/borough/", {"name": "Kraków", "district_id": district["id"]})["message"]


def hook(item, name):
    return next(row for row in item["hooks"] if row["item_type_hook_name"] == name)


def test_installed_the_type_is_listed_created_refreshed_and_kept_when_the_source_fails(make_app, admin, gios):
    api = panel(make_app, admin, gios.url)
    types = {row["id"]: row for row in api.get("/api/item_type/")["message"]["list"]}
    assert types["airquality"]["display_name"] == "Jakość powietrza"
    assert [(h["name"], h["type_name"]) for h in types["airquality"]["hooks"]] == [
        ("gmina", "BOROUGH"),
        ("station_id", "TEXT"),
        ("index", "INTEGRATION"),
        ("pm10", "INTEGRATION"),
        ("pm25", "INTEGRATION"),
    ]

    gmina = add_gmina(api)
    item = api.post(
        "/api/item/",
        {
            "name": "Powietrze w Krakowie",
            "internal_name": "krakow-powietrze",
            "item_type_id": "airquality",
            "hooks": [
                {"item_type_hook_id": "gmina", "value": gmina["id"]},
                {"item_type_hook_id": "station_id", "value": "400"},
            ],
        },
    )["message"]
    assert hook(item, "pm10")["value"] is None

    refreshed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    assert hook(refreshed, "pm10")["value"] == 54.8
    assert hook(refreshed, "index")["value"]["label"] == "Umiarkowany"
    assert hook(refreshed, "pm25")["read_at"] == "2026-11-24T10:00:00+00:00"
    # The manual PM2.5 position listed first was skipped; the item says which position gave the value.
    assert hook(refreshed, "pm25")["note"].startswith("stanowisko GIOŚ nr 2750; pominięte: nr 2749 – GIOŚ odmówił")
    assert hook(refreshed, "pm10")["note"] == "stanowisko GIOŚ nr 2747"
    assert refreshed["refresh"]["value_errors"] == [] and refreshed["refresh"]["failed"] == 0
    public = api.get("/api/public/item/krakow-powietrze")["message"]
    assert public["fields"] == [
        {"name": "gmina", "label": "Gmina", "text": "Kraków (powiat Kraków, województwo małopolskie)"},
        {"name": "station_id", "label": "Identyfikator stacji pomiarowej GIOŚ", "text": "400"},
        {"name": "index", "label": "Indeks jakości powietrza", "badge": {"label": "Umiarkowany", "color": "#ffd911"}},
        {"name": "pm10", "label": "PM10", "text": "54,8 µg/m³"},
        {"name": "pm25", "label": "PM2,5", "text": "38,1 µg/m³"},
    ]
    assert public["read_at"] == "2026-11-24T10:00:00+00:00"
    assert public["source"] == "GIOŚ (Państwowy Monitoring Środowiska)"

    # PM10's position fails: the index and PM2.5 are refreshed, PM10 keeps its value and shows why.
    gios.fail("/data/getData/2747", status=500)
    gios.answer("/data/getData/2750", {"Lista danych pomiarowych": [{"Data": "2026-11-24 12:00:00", "Wartość": 20.0}]})
    partial = api.post(f"/api/item/{item['id']}/refresh")["message"]
    pm10, pm25 = hook(partial, "pm10"), hook(partial, "pm25")
    assert pm10["value"] == 54.8 and pm10["read_at"] == "2026-11-24T10:00:00+00:00" and pm10["error"] is None
    assert pm10["value_error"] == (
        "Żadne stanowisko PM10 nie dało bieżących danych: nr 2747 – Źródło odpowiedziało błędem serwera 500 (próby: 2)"
    )
    assert pm25["value"] == 20.0 and pm25["read_at"] == "2026-11-24T11:00:00+00:00" and pm25["value_error"] is None
    assert partial["refresh"]["refreshed"] == 1 and [e["hook"] for e in partial["refresh"]["value_errors"]] == ["pm10"]
    fields = api.get("/api/public/item/krakow-powietrze")["message"]["fields"]
    assert {"name": "pm10", "label": "PM10", "text": "54,8 µg/m³"} in fields
    assert {"name": "pm25", "label": "PM2,5", "text": "20 µg/m³"} in fields
    gios.heal("/data/getData/2747")
    serve_station(gios)
    assert hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "pm10")["value_error"] is None
    public = api.get("/api/public/item/krakow-powietrze")["message"]

    gios.stop()  # the source is gone: the panel shows the error, the page the last reading
    failed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    assert "Nie można połączyć się ze źródłem" in hook(failed, "pm10")["error"]
    assert hook(failed, "pm10")["value"] == 54.8
    assert api.get("/api/public/item/krakow-powietrze")["message"] == public


def test_disabled_the_panel_starts_and_its_items_say_their_type_is_unavailable(make_app, admin, gios):
    api = panel(make_app, admin, gios.url)
    gmina = add_gmina(api)
    item = api.post(
        "/api/item/",
        {
            "name": "Powietrze",
            "internal_name": "powietrze",
            "item_type_id": "airquality",
            "hooks": [
                {"item_type_hook_id": "gmina", "value": gmina["id"]},
                {"item_type_hook_id": "station_id", "value": "400"},
            ],
        },
    )["message"]
    api.post(f"/api/item/{item['id']}/refresh")
    from importlib.metadata import entry_points

    others = ",".join(ep.name for ep in entry_points(group="smogpanel.plugins") if ep.name != "airquality")
    without = panel(make_app, admin, gios.url, **{"smogpanel.plugins": others})
    assert "airquality" not in [row["id"] for row in without.get("/api/item_type/")["message"]["list"]]
    shown = without.get(f"/api/item/{item['id']}")["message"]
    assert shown["item_type_available"] is False and shown["item_type_name"] == "Jakość powietrza"
    assert hook(shown, "pm10")["value"] == 54.8
    assert without.post(f"/api/item/{item['id']}/refresh")["message"]["refresh"]["items"] == 0
    page = without.get("/api/public/item/powietrze")["message"]
    assert {"name": "pm10", "label": "PM10", "text": "54,8 µg/m³"} in page["fields"]


def test_nothing_in_the_core_or_the_built_in_plugins_imports_it():
    root = Path(__file__).parents[3]
    users = [
        str(path.relative_to(root))
        for folder in ("core", "plugins")
        for path in (root / folder).rglob("*.py")
        if "smogpanel_airquality" in path.read_text(encoding="utf-8")
    ]
    assert users == []


def test_its_items_have_history_with_no_code_of_its_own(make_app, admin, gios):
    from smogpanel.testing.app import history_of

    api = panel(make_app, admin, gios.url)
    gmina = add_gmina(api)
    body = {
        "name": "Powietrze",
        "internal_name": "powietrze",
        "item_type_id": "airquality",
        "hooks": [
            {"item_type_hook_id": "gmina", "value": gmina["id"]},
            {"item_type_hook_id": "station_id", "value": "400"},
        ],
    }
    item = api.post("/api/item/", body)["message"]
    body["hooks"][1]["value"] = "401"
    api.post(f"/api/item/{item['id']}", dict(body, name="Powietrze w Krakowie"))
    edit = history_of(api, "item", item["id"])[0]
    assert edit["changes"]["name"] == ["Powietrze", "Powietrze w Krakowie"]
    assert hook({"hooks": edit["changes"]["hooks"][0]}, "station_id")["value"] == "400"
    api.post(f"/api/history/{edit['id']}/revert", {})
    again = api.get(f"/api/item/{item['id']}")["message"]
    assert (again["name"], hook(again, "station_id")["value"]) == ("Powietrze", "400")
