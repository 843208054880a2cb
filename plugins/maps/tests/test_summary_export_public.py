"""The summary (sums of STATISTIC properties over every measurement, hidden ones included), the
export read back with openpyxl, and the public payload, which never shows hidden measurements."""

import io

import pytest
from openpyxl import load_workbook

from smogpanel.plugins.maps.tests.helpers import (
    add_checkpoint,
    add_map,
    cp_keys,
    key_named,
    prop,
)
from smogpanel.regions import VOIVODESHIPS
from smogpanel.testing.app import embed_bundle_of

APPLICATIONS = "Liczba złożonych wniosków"
GAS = "Kotły gazowe"  # PRECISE in these tests: never summed


@pytest.fixture
def measured(api):
    """A map with three measurements, the last one (by date) hidden."""
    a_map = add_map(api, show_summary=1, summary_title="Od %FIRST_CHECKPOINT% do %LAST_CHECKPOINT%")
    applications, gas = key_named(a_map, APPLICATIONS), key_named(a_map, GAS)
    first = add_checkpoint(
        api,
        a_map,
        name="Grudzień 2023",
        captured="2023-12-31",
        properties=[prop(applications, mp=10, sl=1.5), prop(gas, mp=7)],
    )
    second = add_checkpoint(
        api,
        a_map,
        name="Czerwiec 2024",
        captured="2024-06-30",
        properties=[prop(applications, mp=20, ds=4), prop(gas, mp=8)],
    )
    hidden = add_checkpoint(
        api,
        a_map,
        name="Marzec 2025 (ukryty)",
        captured="2025-03-31",
        hidden=1,
        properties=[prop(applications, mp=100)],
    )
    return a_map, [first, second, hidden]


def by_key(summary):
    return {item["key"]["name"]: item["value"] for item in summary["properties"]}


def test_summary_sums_statistic_properties_including_hidden_measurements(api, measured):
    a_map, _ = measured
    summary = api.get(f"/api/map/{a_map['id']}")["message"]["summary"]
    sums = by_key(summary)
    assert sums[APPLICATIONS]["mp"] == 130 and sums[APPLICATIONS]["sl"] == 1.5 and sums[APPLICATIONS]["ds"] == 4
    assert sums[APPLICATIONS]["zp"] is None
    assert GAS not in sums  # PRECISE
    assert set(sums) == {APPLICATIONS, "Liczba podpisanych umów", "Kwota wypłaconych dotacji"}
    assert summary["checkpoints"] == 3
    # the placeholders name visible measurements only
    assert summary["title"] == "Od Grudzień 2023 do Czerwiec 2024"


def test_summary_follows_edits_and_deletes(api, measured):
    a_map, (first, _, hidden) = measured
    api.delete(f"/api/checkpoint/{hidden['id']}")
    api.post(
        f"/api/checkpoint/{first['id']}",
        {"name": "Grudzień 2023", "map_id": a_map["id"], "properties": [prop(key_named(a_map, APPLICATIONS), mp=1)]},
    )
    assert by_key(api.get(f"/api/map/{a_map['id']}")["message"]["summary"])[APPLICATIONS]["mp"] == 21


def test_summary_title_defaults_to_wszystkie_pomiary(api):
    a_map = add_map(api)
    assert api.get(f"/api/map/{a_map['id']}")["message"]["summary"]["title"] == "Wszystkie pomiary"
    body = {"name": "x", "source": "y", "show_summary": 1, "summary_title": "   "}
    assert api.post(f"/api/map/{a_map['id']}", body)["message"]["summary"]["title"] == "Wszystkie pomiary"


def test_public_payload_shows_visible_measurements_and_the_summary(anonymous, api, measured):
    _, (_, _, hidden) = measured
    body = anonymous.get("/api/public/map/czyste-powietrze")
    assert body["success"] is True
    payload = body["message"]
    assert (payload["name"], payload["source"], payload["details"]) == ("Czyste Powietrze", "NFOŚiGW", "Dane programu")
    assert [key["name"] for key in payload["property_keys"]] == [key["name"] for key in cp_keys()]
    assert [c["name"] for c in payload["checkpoints"]] == ["Czerwiec 2024", "Grudzień 2023"]
    assert hidden["id"] not in [c["id"] for c in payload["checkpoints"]]
    assert "ukryty" not in str(payload)
    newest = {p["key"]["name"]: p["value"] for p in payload["checkpoints"][0]["properties"]}
    assert newest[APPLICATIONS]["mp"] == 20 and "id" not in newest[APPLICATIONS]
    assert by_key(payload["summary"])[APPLICATIONS]["mp"] == 130
    assert len(payload["voivodeships"]) == 16


def test_public_summary_is_absent_when_the_map_does_not_show_it(anonymous, api, measured):
    a_map, _ = measured
    api.post(f"/api/map/{a_map['id']}", {"name": "x", "source": "y", "show_summary": 0})
    assert anonymous.get("/api/public/map/czyste-powietrze")["message"]["summary"] is None


def test_hiding_a_measurement_removes_it_from_the_public_payload(anonymous, api, measured):
    a_map, (first, _, _) = measured
    api.post(f"/api/checkpoint/{first['id']}", {"name": "Grudzień 2023", "map_id": a_map["id"], "hidden": 1})
    names = [c["name"] for c in anonymous.get("/api/public/map/czyste-powietrze")["message"]["checkpoints"]]
    assert names == ["Czerwiec 2024"]


def test_public_view_page_and_unknown_maps(anonymous, api, measured):
    page = anonymous.app.get("/view/map/czyste-powietrze")
    assert embed_bundle_of(anonymous.app, page, "maps")
    anonymous.get("/api/public/map/nie-ma-takiej", status=404)


def read_export(api, a_map):
    url = api.get(f"/api/map/{a_map['id']}/export")["message"]
    assert url.startswith(f"/api/map/{a_map['id']}/export.xlsx?") and "signature=" in url
    response = api.app.get(url)  # the browser follows it without the token
    assert "czyste-powietrze.xlsx" in response.headers["Content-Disposition"]
    return load_workbook(io.BytesIO(response.body), read_only=True)


def test_export_has_a_sheet_per_measurement_and_the_summary(api, measured):
    a_map, _ = measured
    workbook = read_export(api, a_map)
    assert workbook.sheetnames == ["Grudzień 2023", "Czerwiec 2024", "Marzec 2025 (ukryty)", "Podsumowanie"]
    rows = list(workbook["Czerwiec 2024"].iter_rows(values_only=True))
    assert rows[0] == ("Województwo", *(key["name"] for key in cp_keys()))
    assert [row[0] for row in rows[1:]] == [name for _, name in VOIVODESHIPS]
    mp = next(row for row in rows if row[0] == "małopolskie")
    assert (mp[1], mp[rows[0].index(GAS)]) == (20, 8)
    summary = list(workbook["Podsumowanie"].iter_rows(values_only=True))
    assert summary[0] == ("Województwo", APPLICATIONS, "Liczba podpisanych umów", "Kwota wypłaconych dotacji")
    assert next(row for row in summary if row[0] == "małopolskie")[1] == 130
    assert next(row for row in summary if row[0] == "śląskie")[1] == 1.5


def test_an_exported_measurement_sheet_imports_back(api, measured):
    a_map, _ = measured
    workbook = read_export(api, a_map)
    rows = [list(row) for row in workbook["Czerwiec 2024"].iter_rows(values_only=True)]
    from smogpanel.plugins.maps.tests.helpers import import_body
    from smogpanel.testing.files import xlsx

    answer = api.post("/api/checkpoint/import", import_body(a_map, xlsx(rows)))["message"]
    again = api.get(f"/api/checkpoint/{answer['id']}")["message"]
    assert {p["key"]["name"]: p["value"]["mp"] for p in again["properties"]} == {APPLICATIONS: 20, GAS: 8}


def test_export_sheet_names_are_valid_and_unique(api):
    a_map = add_map(api)
    for name in ("Stan: 2024/06 [wstępny]?", "Stan: 2024/06 [wstępny]?", "Podsumowanie", "x" * 40):
        add_checkpoint(api, a_map, name=name, captured="2024-06-30")
    names = read_export(api, a_map).sheetnames
    assert names == [
        "Stan- 2024-06 -wstępny--",
        "Stan- 2024-06 -wstępny-- (2)",
        "Podsumowanie (2)",
        "x" * 31,
        "Podsumowanie",
    ]


def test_export_of_an_empty_map_has_only_the_summary(api):
    a_map = add_map(api, keys=cp_keys()[:1])
    workbook = read_export(api, a_map)
    assert workbook.sheetnames == ["Podsumowanie"]
    assert len(list(workbook["Podsumowanie"].iter_rows(values_only=True))) == 17


def test_the_export_link_is_signed_short_lived_and_stores_nothing(api, measured, db):
    import sqlalchemy as sa

    from smogpanel.models import StoredFile

    a_map, _ = measured
    files_before = db.scalar(sa.select(sa.func.count(StoredFile.id)))
    url = api.get(f"/api/map/{a_map['id']}/export")["message"]
    assert api.app.get(url).status_int == 200
    assert db.scalar(sa.select(sa.func.count(StoredFile.id))) == files_before

    path, query = url.split("?")
    tampered = query[:-1] + ("0" if query[-1] != "0" else "1")
    assert api.app.get(f"{path}?{tampered}", status=403).json["message"] == "FORBIDDEN"
    assert api.app.get(path, status=403).json["errors"][0]["description"].startswith("Odnośnik do eksportu")
    other = path.replace(f"/map/{a_map['id']}/", f"/map/{a_map['id'] + 1000}/")
    api.app.get(f"{other}?{query}", status=403)  # signed for another map
    expired = "&".join(part if not part.startswith("expires=") else "expires=1000" for part in query.split("&"))
    api.app.get(f"{path}?{expired}", status=403)

    api.delete(f"/api/map/{a_map['id']}")
    assert api.app.get(url, status=404).json["message"] == "NOT_FOUND"
