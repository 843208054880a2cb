"""The example plugin end to end: its GIOŚ reader against a local server serving the API's
recorded shapes (tests/fixtures), failures included, and the item type 'Jakość powietrza'
in a running panel: listed, created, refreshed, failing with the last reading kept."""
from pathlib import Path

import pytest

from smogpanel.hookspecs import IntegrationCall
from smogpanel.http_source import HttpSource, SourceError
from smogpanel.testing import signed_in
from smogpanel.testing_http import LocalSource

from smogpanel_airquality.gios import fetch_air_quality

FIXTURES = Path(__file__).parent / "fixtures"
FAST = {"smogpanel.integrations.timeout": "0.5", "smogpanel.integrations.retries": "1"}


def serve_station(source):
    for path, name in (("/aqindex/getIndex/400", "getIndex_400.json"), ("/station/sensors/400", "sensors_400.json"),
                       ("/data/getData/2747", "getData_2747.json"), ("/data/getData/2750", "getData_2750.json")):
        source.answer(path, (FIXTURES / name).read_bytes())


@pytest.fixture
def gios():
    with LocalSource() as source:
        serve_station(source)
        yield source


def fetch(source, station="400", timeout=0.5, retries=1):
    call = IntegrationCall(inputs={"station_id": station, "gmina": 1},
                           http=HttpSource(timeout=timeout, retries=retries, backoff=0.01),
                           settings={"smogpanel.airquality.api_url": source.url})
    return fetch_air_quality(call)


# -- the reader ------------------------------------------------------------------------------
def test_reads_index_pm10_and_pm25_from_the_recorded_shapes(gios):
    reading = fetch(gios)
    assert reading.values == {"index": {"level": 2, "label": "Umiarkowany", "color": "#ffd911"},
                              "pm10": 54.8, "pm25": 38.1}
    assert reading.read_at.isoformat() == "2026-11-24T11:00:00+01:00"  # the newest non-null hour
    assert reading.source == "GIOŚ (Państwowy Monitoring Środowiska)"


def test_a_station_without_an_index_or_pm25(gios):
    gios.answer("/aqindex/getIndex/400", (FIXTURES / "getIndex_no_index.json").read_bytes())
    gios.answer("/data/getData/2750", {"Lista danych pomiarowych": [{"Data": "2026-11-24 11:00:00", "Wartość": None}]})
    reading = fetch(gios)
    assert reading.values["index"] == {"level": None, "label": "Brak indeksu", "color": "#9e9e9e"}
    assert reading.values["pm25"] is None and reading.values["pm10"] == 54.8


def test_the_station_id_must_be_a_number(gios):
    with pytest.raises(SourceError, match="Identyfikator stacji GIOŚ musi być liczbą"):
        fetch(gios, station="Kraków")
    assert sum(gios.hits.values()) == 0


@pytest.mark.parametrize("path, failure, message", [
    ("/data/getData/2747", dict(status=500), "błędem serwera 500 (próby: 2)"),
    ("/aqindex/getIndex/400", dict(body=b'{"AqIndex": {"Warto'), "nie jest poprawnym JSON"),
    ("/station/sensors/400", dict(body=b'{"error": "Przekroczono limit"}'), "nieoczekiwany kształt"),
    ("/aqindex/getIndex/400", dict(status=404), "błędem 404"),
])
def test_failures_are_polish_source_errors(gios, path, failure, message):
    gios.fail(path, **failure)
    with pytest.raises(SourceError, match=message.replace("(", r"\(").replace(")", r"\)")):
        fetch(gios)


def test_a_hanging_api_is_given_up_after_the_timeout(gios):
    import time

    gios.hang("/station/sensors/400", seconds=3)
    started = time.monotonic()
    with pytest.raises(SourceError, match="nie odpowiedziało w ciągu 0,3 s"):
        fetch(gios, timeout=0.3, retries=1)
    assert time.monotonic() - started < 2


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
        ("gmina", "BOROUGH"), ("station_id", "TEXT"), ("index", "INTEGRATION"), ("pm10", "INTEGRATION"),
        ("pm25", "INTEGRATION")]

    gmina = add_gmina(api)
    item = api.post("/api/item/", {"name": "Powietrze w Krakowie", "internal_name": "krakow-powietrze",
                                   "item_type_id": "airquality", "hooks": [
                                       {"item_type_hook_id": "gmina", "value": gmina["id"]},
                                       {"item_type_hook_id": "station_id", "value": "400"}]})["message"]
    assert hook(item, "pm10")["value"] is None

    refreshed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    assert hook(refreshed, "pm10")["value"] == 54.8
    assert hook(refreshed, "index")["value"]["label"] == "Umiarkowany"
    assert hook(refreshed, "pm25")["read_at"] == "2026-11-24T10:00:00+00:00"
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

    gios.stop()  # the source is gone: the panel shows the error, the page the last reading
    failed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    assert "Nie można połączyć się ze źródłem" in hook(failed, "pm10")["error"]
    assert hook(failed, "pm10")["value"] == 54.8
    assert api.get("/api/public/item/krakow-powietrze")["message"] == public


def test_disabled_the_panel_starts_and_its_items_say_their_type_is_unavailable(make_app, admin, gios):
    api = panel(make_app, admin, gios.url)
    gmina = add_gmina(api)
    item = api.post("/api/item/", {"name": "Powietrze", "internal_name": "powietrze", "item_type_id": "airquality",
                                   "hooks": [{"item_type_hook_id": "gmina", "value": gmina["id"]},
                                             {"item_type_hook_id": "station_id", "value": "400"}]})["message"]
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
    users = [str(path.relative_to(root)) for folder in ("core", "plugins") for path in (root / folder).rglob("*.py")
             if "smogpanel_airquality" in path.read_text(encoding="utf-8")]
    assert users == []


def test_its_items_have_history_with_no_code_of_its_own(make_app, admin, gios):
    from smogpanel.testing import history_of

    api = panel(make_app, admin, gios.url)
    gmina = add_gmina(api)
    body = {"name": "Powietrze", "internal_name": "powietrze", "item_type_id": "airquality",
            "hooks": [{"item_type_hook_id": "gmina", "value": gmina["id"]},
                      {"item_type_hook_id": "station_id", "value": "400"}]}
    item = api.post("/api/item/", body)["message"]
    body["hooks"][1]["value"] = "401"
    api.post(f"/api/item/{item['id']}", dict(body, name="Powietrze w Krakowie"))
    edit = history_of(api, "item", item["id"])[0]
    assert edit["changes"]["name"] == ["Powietrze", "Powietrze w Krakowie"]
    assert hook({"hooks": edit["changes"]["hooks"][0]}, "station_id")["value"] == "400"
    api.post(f"/api/history/{edit['id']}/revert", {})
    again = api.get(f"/api/item/{item['id']}")["message"]
    assert (again["name"], hook(again, "station_id")["value"]) == ("Powietrze", "400")
