"""Values that once broke maps (found by a spec audit): however odd a spreadsheet's
numbers, an import either refuses them naming the cell or stores them exactly, and a read
never answers 500 on what the database holds; text is never stored with control characters
and is exported as text, never as a live formula."""

import io
from decimal import Decimal

import pytest
import sqlalchemy as sa
from openpyxl import load_workbook

from smogpanel.plugins.maps.models import CheckpointValue
from smogpanel.plugins.maps.tests.helpers import (
    add_checkpoint,
    add_map,
    import_body,
    key_named,
    map_payload,
    prop,
    report_rows,
)
from smogpanel.testing.files import xlsx

APPLICATIONS = "Liczba złożonych wniosków"
OUT_OF_RANGE = "od -999 999 999 999 999 do 999 999 999 999 999"
NOT_A_NUMBER = "nie jest liczbą"


def report_with(value):
    """A CP_XLS report whose małopolskie applications cell (B7) holds `value`."""
    return xlsx(report_rows(value=lambda r, c: value if (r, c) == (5, 1) else 1))


# The boundary values of the audit, as a spreadsheet cell (a workbook cannot hold NaN or
# infinity as a number: Excel shows #NUM!, and openpyxl leaves such a cell empty).
@pytest.mark.parametrize(
    "cell, verdict",
    [
        (1e15, OUT_OF_RANGE),
        (1e16, OUT_OF_RANGE),
        (1e20, OUT_OF_RANGE),
        (-1e20, OUT_OF_RANGE),
        ("NaN", NOT_A_NUMBER),
        ("inf", NOT_A_NUMBER),
        ("-inf", NOT_A_NUMBER),
        ("#NUM!", NOT_A_NUMBER),
        ("1e20", OUT_OF_RANGE),
        ("-1e20", OUT_OF_RANGE),
        (1e-20, 0),
        ("1 234,56", 1234.56),
        ("1.234,56", 1234.56),
        (999_999_999_999_999, 999_999_999_999_999),
    ],
)
@pytest.mark.parametrize("code", ["CP_XLS", "CP_XLS_2025"])
def test_boundary_values_in_a_cp_xls_import(api, cell, verdict, code):
    a_map = add_map(api)
    if isinstance(verdict, str):
        answer = api.post("/api/checkpoint/import", import_body(a_map, report_with(cell), type_=code), status=422)
        error = next(error for error in answer["errors"] if error["name"] == "B7")
        assert error["description"].startswith("Komórka B7: ") and verdict in error["description"]
        assert api.get(f"/api/checkpoint/map/{a_map['id']}")["message"]["list"] == []
        return
    answer = api.post("/api/checkpoint/import", import_body(a_map, report_with(cell), type_=code))["message"]
    checkpoint = api.get(f"/api/checkpoint/{answer['id']}")["message"]
    value = next(p["value"] for p in checkpoint["properties"] if p["key"]["name"] == APPLICATIONS)
    assert value["mp"] == verdict
    api.get(f"/api/map/{a_map['id']}")


@pytest.mark.parametrize(
    "typed, verdict",
    [
        (1e20, OUT_OF_RANGE),
        ("1e16", OUT_OF_RANGE),
        ("-1e20", OUT_OF_RANGE),
        ("abc", NOT_A_NUMBER),
        (True, NOT_A_NUMBER),
        ("1 234,56", 1234.56),
        ("1.234,56", 1234.56),
        (1e-20, 0),
    ],
)
def test_the_form_applies_the_same_rules(api, typed, verdict):
    a_map = add_map(api)
    applications = key_named(a_map, APPLICATIONS)
    body = prop(applications)
    body["value"]["mp"] = typed
    if isinstance(verdict, str):
        answer = add_checkpoint(api, a_map, properties=[body], status=400)
        assert verdict in answer["errors"][0]["description"]
        assert answer["errors"][0]["description"].startswith("Województwo małopolskie: ")
        return
    checkpoint = add_checkpoint(api, a_map, properties=[body])
    assert checkpoint["properties"][0]["value"]["mp"] == verdict


def test_the_largest_value_is_stored_exactly(api, db):
    a_map = add_map(api)
    answer = api.post("/api/checkpoint/import", import_body(a_map, report_with("999 999 999 999 999,9999")))["message"]
    stored = db.scalar(
        sa.select(CheckpointValue.__table__.c.mp)
        .where(CheckpointValue.__table__.c.checkpoint_id == answer["id"])
        .limit(1)
    )
    assert stored is not None
    assert (
        api.get(f"/api/checkpoint/{answer['id']}")["message"]["properties"][0]["value"]["mp"]
        == 999_999_999_999_999.9999
    )


@pytest.mark.parametrize("sign", [1, -1])
def test_a_read_never_fails_on_what_the_database_holds(api, anonymous, db, sign):
    """A value out of range stored before the import was bounded (or written by hand): on
    SQLite 1e20 (what the audit hit), on PostgreSQL the largest its numeric(20, 4) holds."""
    huge = Decimal("9999999999999999.9999") if db.bind.dialect.name == "postgresql" else Decimal("1E+20")
    stored = sign * huge
    a_map = add_map(api, show_summary=1)
    applications = key_named(a_map, APPLICATIONS)
    checkpoint = add_checkpoint(api, a_map, properties=[prop(applications, mp=1)])
    table = CheckpointValue.__table__
    db.execute(sa.update(table).where(table.c.checkpoint_id == checkpoint["id"]).values(mp=stored))
    db.flush()
    for url in (f"/api/checkpoint/{checkpoint['id']}", f"/api/map/{a_map['id']}", f"/api/checkpoint/map/{a_map['id']}"):
        assert api.get(url)["success"]
    assert anonymous.get(f"/api/public/map/{a_map['internal_name']}")["success"]
    export = api.get(f"/api/map/{a_map['id']}/export")["message"]
    assert api.app.get(export).status_code == 200


@pytest.mark.parametrize("text", ["a\x00b", "Kotły\x1b[31m", "dwa\nwiersze"])
def test_control_characters_in_a_name_are_refused_and_nothing_is_stored(api, text):
    answer = api.post("/api/map/", map_payload(name=text), status=400)
    error = answer["errors"][0]
    assert error["name"] == "name" and error["description"].startswith("Nazwa: ")
    assert "znak" in error["description"]
    assert api.get("/api/map/")["message"]["list"] == []


def test_operator_text_is_exported_as_text_never_as_a_formula(api):
    keys = [
        {"uuid": "u1", "name": "=SUM(1,2)", "display_name": "", "property_type_name": "STATISTIC"},
        {"uuid": "u2", "name": "+48 123", "display_name": "", "property_type_name": "STATISTIC"},
        {"uuid": "u3", "name": "@cmd", "display_name": "", "property_type_name": "INFORMATIVE"},
    ]
    a_map = add_map(api, keys=keys)
    add_checkpoint(api, a_map, name="-1+2", properties=[prop(a_map["property_keys"][0], mp=1)])
    url = api.get(f"/api/map/{a_map['id']}/export")["message"]
    workbook = load_workbook(io.BytesIO(api.app.get(url).body))
    for sheet in workbook.worksheets:
        headers = sheet[1]
        assert [cell.value for cell in headers[1:]] == [key["name"] for key in keys][: len(headers) - 1]
        for cell in headers[1:]:
            assert cell.data_type == "s" and cell.quotePrefix


@pytest.mark.parametrize("captured", ["0001-01-01", "1899-12-31", "2201-01-01"])
def test_a_measurement_date_out_of_range_is_refused(api, captured):
    a_map = add_map(api)
    answer = add_checkpoint(api, a_map, captured=captured, status=400)
    assert answer["errors"] == [
        {"name": "captured", "description": "Data pomiaru: Data musi przypadać między rokiem 1900 a 2200."}
    ]
    body = import_body(a_map, report_with(1), captured=captured)
    assert api.post("/api/checkpoint/import", body, status=400)["errors"][0]["name"] == "captured"
    assert add_checkpoint(api, a_map, captured="1900-01-01")["captured"] == "1900-01-01"
