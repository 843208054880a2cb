"""POST /api/checkpoint/import with CP_XLS and CP_XLS_2025 files the tests make: a good one
creates one measurement; missing properties are skipped and listed; every bad file answers
422 naming the cell (or 400/413 for a bad request) and writes nothing."""

import io

import pytest
from openpyxl import load_workbook

from smogpanel.plugins.maps.imports import PROPERTY_NAMES
from smogpanel.plugins.maps.tests.helpers import (
    add_map,
    cp_keys,
    import_body,
    key_named,
    report_file,
    report_rows,
)
from smogpanel.regions import VOIVODESHIPS
from smogpanel.testing.files import xls, xlsx

HEADERS_2025 = [
    "Lp.",
    "Województwo",
    "Liczba wniosków złożonych",
    "Liczba umów zawartych",
    "Wypłacone dofinansowanie [zł]",
    "Kocioł na biomasę",
    "Kocioł węglowy",
    "Węzeł cieplny",
    "Ogrzewanie elektryczne",
    "Kocioł olejowy",
    "Kocioł gazowy kondensacyjny",
    "Pompa ciepła powietrzna",
    "Pompa ciepła gruntowa lub wodna",
]


@pytest.fixture
def cp_map(api):
    return add_map(api)


def measurements(api, a_map):
    return api.get(f"/api/checkpoint/map/{a_map['id']}")["message"]["list"]


def imported_values(api, checkpoint_id):
    checkpoint = api.get(f"/api/checkpoint/{checkpoint_id}")["message"]
    return checkpoint, {p["key"]["name"]: p["value"] for p in checkpoint["properties"]}


def test_a_good_cp_xls_file_becomes_one_measurement(api, cp_map):
    answer = api.post("/api/checkpoint/import", import_body(cp_map, report_file(), captured="2025-03-31"))["message"]
    assert (answer["created"], answer["updated"], answer["skipped"], answer["properties"]) == (1, 0, [], 11)
    checkpoint, by_name = imported_values(api, answer["id"])
    assert (checkpoint["name"], checkpoint["source"], checkpoint["captured"], checkpoint["hidden"]) == (
        "Import z raportu",
        "Raport NFOŚiGW",
        "2025-03-31",
        0,
    )
    assert list(by_name) == list(PROPERTY_NAMES)
    # row r (from 0) of the voivodeships, column c (from 1): (r + 1) * 10 + c
    assert by_name["Liczba złożonych wniosków"]["ds"] == 11
    assert by_name["Pompy ciepła gruntowe lub wodne"]["zp"] == 16 * 10 + 11
    assert [row["id"] for row in measurements(api, cp_map)] == [answer["id"]]


def test_codes_cases_and_columns_in_any_order_are_read(api, cp_map):
    rows = [["Kotły gazowe", "WOJEWÓDZTWO:", "Liczba złożonych wniosków"]]
    rows += [["1 234,5" if code == "mp" else 2, code.upper(), 3] for code, _ in VOIVODESHIPS]
    answer = api.post("/api/checkpoint/import", import_body(cp_map, xlsx(rows)))["message"]
    _, by_name = imported_values(api, answer["id"])
    assert by_name["Kotły gazowe"]["mp"] == 1234.5 and by_name["Liczba złożonych wniosków"]["wm"] == 3
    assert len(answer["skipped"]) == 9
    assert all("W pliku brak kolumny" in item["description"] for item in answer["skipped"])


def test_columns_missing_from_the_file_or_the_map_are_skipped_and_listed(api):
    a_map = add_map(api, keys=cp_keys()[:2] + [{"name": "Inna", "property_type_name": "INFORMATIVE"}])
    header = ["Województwo", "Liczba złożonych wniosków", "Kotły węglowe", "Uwagi"]
    answer = api.post("/api/checkpoint/import", import_body(a_map, report_file(header=header)))["message"]
    skipped = {item["name"]: item["description"] for item in answer["skipped"]}
    assert skipped["Liczba podpisanych umów"] == (
        "W pliku brak kolumny „Liczba podpisanych umów” – pominięto właściwość „Liczba podpisanych umów”."
    )
    assert skipped["Kotły węglowe"] == "Mapa nie ma właściwości „Kotły węglowe” – pominięto kolumnę."
    assert "nie należy do raportu" in skipped["D1"]
    assert answer["properties"] == 1
    _, by_name = imported_values(api, answer["id"])
    assert list(by_name) == ["Liczba złożonych wniosków"]


def test_voivodeships_missing_from_the_file_stay_empty(api, cp_map):
    answer = api.post("/api/checkpoint/import", import_body(cp_map, report_file(skip=("mazowieckie",))))["message"]
    _, by_name = imported_values(api, answer["id"])
    assert by_name["Kotły gazowe"]["mz"] is None and by_name["Kotły gazowe"]["mp"] is not None


def test_csv_and_xls_files_are_read_too(api, cp_map):
    csv_text = "\n".join(";".join("" if v is None else str(v) for v in row) for row in report_rows())
    api.post("/api/checkpoint/import", import_body(cp_map, csv_text.encode("utf-8"), name="raport.csv"))
    api.post("/api/checkpoint/import", import_body(cp_map, xls(report_rows()), name="raport.xls"))
    assert len(measurements(api, cp_map)) == 2


@pytest.mark.parametrize(
    "rows, cell, text",
    [
        (report_rows(value=lambda r, c: "dużo" if (r, c) == (5, 2) else 1), "C7", "„dużo” nie jest liczbą"),
        ([["Województwo", "Kotły gazowe"], ["Mazowsze", 1]], "A2", "nieznane województwo „Mazowsze”"),
        ([["Województwo", "Kotły gazowe"], ["mazowieckie", 1], ["MZ", 2]], "A3", "występuje już w komórce A2"),
        ([["Nazwa", "Kotły gazowe"], ["mazowieckie", 1]], "1:1", "Brak wymaganej kolumny „Województwo”"),
        ([["Województwo", "Kotły gazowe"], [None, 1]], "A2", "brak wartości"),
    ],
)
def test_bad_cells_answer_422_naming_the_cell_and_write_nothing(api, cp_map, rows, cell, text):
    answer = api.post("/api/checkpoint/import", import_body(cp_map, xlsx(rows)), status=422)
    assert answer["message"] == "IMPORT_FAILED"
    error = next(error for error in answer["errors"] if error["name"] == cell)
    assert text in error["description"]
    assert measurements(api, cp_map) == []


@pytest.mark.parametrize(
    "data, name",
    [
        (report_file()[:300], "uciety.xlsx"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "obraz.xlsx"),
        (b"PK\x03\x04" + b"\x00" * 200, "zepsuty.xlsx"),
    ],
)
def test_broken_files_answer_422_and_write_nothing(api, cp_map, data, name):
    answer = api.post("/api/checkpoint/import", import_body(cp_map, data, name=name), status=422)
    assert answer["errors"][0]["name"] == "file"
    assert measurements(api, cp_map) == []


def test_a_file_with_no_value_of_the_map_is_refused(api):
    a_map = add_map(api, keys=[{"name": "Coś innego", "property_type_name": "STATISTIC"}])
    answer = api.post("/api/checkpoint/import", import_body(a_map, report_file()), status=422)
    assert "Nic do zaimportowania" in answer["errors"][0]["description"]
    assert measurements(api, a_map) == []


@pytest.mark.parametrize(
    "change, field, status",
    [
        ({"type": "RANK_XLS"}, "type", 400),
        ({"type": None}, "type", 400),
        ({"file": None}, "file", 400),
        ({"file": {"name": "a.xlsx", "data": "nie-data-url"}}, "file", 400),
        ({"name": ""}, "name", 400),
        ({"map_id": 999999}, "map_id", 400),
    ],
)
def test_bad_import_requests_are_refused(api, cp_map, change, field, status):
    answer = api.post("/api/checkpoint/import", dict(import_body(cp_map, report_file()), **change), status=status)
    assert field in [error["name"] for error in answer["errors"]]
    assert measurements(api, cp_map) == []


def test_a_file_over_the_limit_is_413(make_app, admin):
    from smogpanel.testing.app import signed_in

    small = signed_in(make_app(**{"smogpanel.max_upload_bytes": "1000"}), admin)
    a_map = add_map(small)
    answer = small.post("/api/checkpoint/import", import_body(a_map, report_file()), status=413)
    assert answer["message"] == "FILE_TOO_LARGE"


def test_the_2025_edition_title_rows_ordinal_column_and_total_row(api, cp_map):
    rows = [["Program Czyste Powietrze – raport 2025"], [], HEADERS_2025]
    rows += [[index + 1, name, *range(index, index + 11)] for index, (_, name) in enumerate(VOIVODESHIPS)]
    rows += [[None, "Polska", *([999] * 11)]]
    answer = api.post("/api/checkpoint/import", import_body(cp_map, xlsx(rows), type_="CP_XLS_2025"))["message"]
    assert (answer["skipped"], answer["properties"]) == ([], 11)
    _, by_name = imported_values(api, answer["id"])
    assert by_name["Liczba złożonych wniosków"]["ds"] == 0 and by_name["Pompy ciepła gruntowe lub wodne"]["zp"] == 25


def test_the_classic_edition_refuses_a_total_row(api, cp_map):
    rows = report_rows() + [["Polska", *([1] * 11)]]
    answer = api.post("/api/checkpoint/import", import_body(cp_map, xlsx(rows)), status=422)
    assert answer["errors"][0]["name"] == "A18"


@pytest.mark.parametrize("code", ["CP_XLS", "CP_XLS_2025"])
def test_the_templates_have_the_eleven_properties_and_the_voivodeships(api, code, cp_map):
    listed = {item["code"]: item for item in api.get("/api/import/")["message"]}
    assert "Kotły na biomasę" in listed[code]["description"]
    response = api.app.get(f"/api/import/{code}/template", headers=api.headers())
    sheet = load_workbook(io.BytesIO(response.body)).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    assert len(rows[0]) == 12 and rows[0][0] == "Województwo"
    assert [row[0] for row in rows[1:]] == [name for _, name in VOIVODESHIPS]
    if code == "CP_XLS":
        assert list(rows[0][1:]) == list(PROPERTY_NAMES)
    # the template filled in imports as it is
    filled = [list(rows[0])] + [[row[0], *range(1, 12)] for row in rows[1:]]
    api.post("/api/checkpoint/import", import_body(cp_map, xlsx(filled), type_=code))


def test_imported_values_can_be_corrected_by_hand(api, cp_map):
    answer = api.post("/api/checkpoint/import", import_body(cp_map, report_file()))["message"]
    checkpoint = api.get(f"/api/checkpoint/{answer['id']}")["message"]
    gas = key_named(cp_map, "Kotły gazowe")
    properties = checkpoint["properties"]
    for item in properties:
        if item["key"]["id"] == gas["id"]:
            item["value"]["mp"] = 5
    api.post(
        f"/api/checkpoint/{answer['id']}",
        {"name": "Poprawiony", "map_id": cp_map["id"], "hidden": 0, "properties": properties},
    )
    _, by_name = imported_values(api, answer["id"])
    assert by_name["Kotły gazowe"]["mp"] == 5 and len(by_name) == 11
