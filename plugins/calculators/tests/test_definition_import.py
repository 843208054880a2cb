"""Imports of the definition (native sheet and the assumed POBE layout) and its export."""

import io
from urllib.parse import urlsplit

import pytest
from openpyxl import load_workbook

from smogpanel.testing.files import upload, xls, xlsx

from .helpers import demo_types, values

NATIVE_HEADER = ("Typ", "Nazwa definicji", "Wartość")
POBE_HEADER = (
    "Źródło ciepła",
    "Sprawność",
    "Cena",
    "Jednostka ceny",
    "Wartość opałowa",
    "Opłaty stałe",
    "Koszt inwestycji",
    "Dotacja",
)
POBE_ROWS = [
    ("Węgiel – kocioł zasypowy", 0.6, 1500, "zł/t", 24, None, None, None),
    ("Pompa ciepła powietrzna", 3, "0,8", "zł/kWh", None, 0, 45000, 30000),
    ("Gaz ziemny", "0,96", 3, "zł/m3", 10, 300, 20000, 10000),
    ("Ciepło systemowe", 0.96, 90, "zł/GJ", None, 600, 15000, 10000),
]


def send(api, rows, code="HC_DEFINITION_XLS", status=200, make=xlsx, name="definicja.xlsx"):
    return api.post(
        "/api/calculator/definition/import", {"type": code, "file": upload(make(rows), name=name)}, status=status
    )


def test_native_import_replaces_the_whole_definition(api):
    api.post("/api/calculator/definition/", {"types": demo_types()})
    answer = send(
        api,
        [
            NATIVE_HEADER,
            ("Standard budynku", "dom", 100),
            ("Prąd", "sprawnosc", 1),
            ("Prąd", "cena_za_kwh", "0,95"),
            ("Standard budynku", "stary_dom", 210.5),
        ],
    )["message"]
    assert answer["created"] == 4 and answer["skipped"] == []
    assert values(api.get("/api/calculator/definition/")["message"]) == {
        ("Standard budynku", "dom"): "100",
        ("Standard budynku", "stary_dom"): "210.5",
        ("Prąd", "sprawnosc"): "1",
        ("Prąd", "cena_za_kwh"): "0.95",
    }
    versions = api.get("/api/calculator/definition/version/")["message"]
    assert versions[0]["source"] == "Import: Definicja kalkulatora ogrzewania (definicja.xlsx)"
    assert len(versions) == 2


def test_native_import_takes_building_standards_named_in_polish(api):
    send(api, [NATIVE_HEADER, ("Standard budynku", "dom_energooszczędny", 70), ("Prąd", "sprawnosc", 1)])
    assert values(api.get("/api/calculator/definition/")["message"]) == {
        ("Standard budynku", "dom_energooszczędny"): "70",
        ("Prąd", "sprawnosc"): "1",
    }


def test_native_import_reads_xls_too(api):
    send(api, [NATIVE_HEADER, ("Prąd", "cena_za_kwh", 0.8)], make=xls, name="definicja.xls")
    assert values(api.get("/api/calculator/definition/")["message"]) == {("Prąd", "cena_za_kwh"): "0.8"}


@pytest.mark.parametrize(
    "rows, cell, text",
    [
        ([NATIVE_HEADER, ("Prąd", "Cena za kWh", 1)], "B2", "małe litery"),
        (
            [NATIVE_HEADER, ("Prąd", "cena_za_kwh_zł", 1)],
            "B2",
            "„cena_za_kwh_zł” nie może być nazwą definicji: tylko małe",
        ),
        ([NATIVE_HEADER, ("Prąd", "cena", "dużo")], "C2", "nie jest liczbą"),
        ([NATIVE_HEADER, ("Prąd", "cena", None)], "C2", "brak wartości"),
        ([NATIVE_HEADER, ("Prąd", "cena", 1), ("prąd", "cena", 2)], "B3", "występuje już w komórce B2"),
        ([NATIVE_HEADER, ("Prąd", "cena", "0,123456789012")], "C2", "cyfr po przecinku"),
        ([("Typ", "Wartość"), ("Prąd", 1)], "1:1", "Nazwa definicji"),
    ],
)
def test_a_bad_native_sheet_names_the_cell_and_writes_nothing(api, rows, cell, text):
    before = api.post("/api/calculator/definition/", {"types": demo_types()})["message"]
    answer = send(api, rows, status=422)
    assert answer["message"] == "IMPORT_FAILED"
    assert answer["errors"][0]["name"] == cell and text in answer["errors"][0]["description"]
    assert api.get("/api/calculator/definition/")["message"] == before
    assert len(api.get("/api/calculator/definition/version/")["message"]) == 1


def test_an_empty_sheet_and_a_wrong_type_are_refused(api):
    assert send(api, [NATIVE_HEADER], status=422)["errors"][0]["name"] == "file"
    assert send(api, [NATIVE_HEADER], code="CP_XLS", status=400)["errors"][0]["name"] == "type"
    assert api.get("/api/calculator/definition/")["message"] == []


def test_export_gives_the_native_sheet_that_imports_back_unchanged(api, anonymous):
    before = api.post("/api/calculator/definition/", {"types": demo_types()})["message"]
    url = api.get("/api/calculator/definition/export")["message"]
    workbook = load_workbook(io.BytesIO(anonymous.app.get(url).body))
    rows = list(workbook.active.values)
    assert rows[0] == NATIVE_HEADER and rows[1] == ("Standard budynku", "dom_sprzed_1990_nieocieplony", 200)
    assert len(rows) == 1 + sum(len(t["definitions"]) for t in before)
    send(api, rows)
    assert values(api.get("/api/calculator/definition/")["message"]) == values(before)
    path = urlsplit(url).path
    anonymous.app.get(path + "?expires=1&signature=x", status=403)


def test_a_formula_like_type_name_is_exported_as_text_and_imports_back_unchanged(api, anonymous):
    types = demo_types()
    types[1]["name"] = "=SUM(1,2)"  # a heat source: the standards' Polish names belong to "Standard budynku"
    before = api.post("/api/calculator/definition/", {"types": types})["message"]
    url = api.get("/api/calculator/definition/export")["message"]
    exported = anonymous.app.get(url).body
    sheet = load_workbook(io.BytesIO(exported)).active
    names = [cell for cell in sheet["A"][1:] if cell.value == "=SUM(1,2)"]
    assert names and all(cell.data_type == "s" and cell.quotePrefix for cell in names)
    send(api, None, make=lambda _: exported)  # the exported file itself
    assert values(api.get("/api/calculator/definition/")["message"]) == values(before)


@pytest.mark.parametrize(
    "code", ["POBE_HC_XLS_2022", "POBE_HC_XLS_FORECAST_2023", "POBE_HC_XLS_2023", "POBE_HC_XLS_2025"]
)
def test_pobe_import_replaces_the_sources_and_keeps_the_building_standards(api, code):
    api.post("/api/calculator/definition/", {"types": demo_types()})
    rows = [("Porównanie kosztów ogrzewania (przykład)",), (), POBE_HEADER, *POBE_ROWS]
    answer = send(api, rows, code=code)["message"]
    assert answer["skipped"] == []
    assert [t["name"] for t in answer["types"]] == [
        "Standard budynku",
        "Węgiel – kocioł zasypowy",
        "Pompa ciepła powietrzna",
        "Gaz ziemny",
        "Ciepło systemowe",
    ]
    stored = values(answer["types"])
    assert stored[("Standard budynku", "dom_ocieplony")] == "120"
    assert stored[("Pompa ciepła powietrzna", "cena_za_kwh")] == "0.8"
    assert stored[("Gaz ziemny", "wartosc_opalowa_kwh_m3")] == "10"
    assert stored[("Ciepło systemowe", "cena_za_gj")] == "90"
    assert ("Węgiel – kocioł zasypowy", "dotacja") not in stored
    label = api.get("/api/import/")["message"]
    assert any(t["code"] == code for t in label)


@pytest.mark.parametrize(
    "row, cell, text",
    [
        (("Pellet", 0.8, 1500, "zł/worek", 18, None, None, None), "D3", "nieznana jednostka"),
        (("Pellet", 0.8, 1500, "zł/t", None, None, None, None), "E3", "wartość opałową"),
        (("Pellet", 0, 1500, "zł/t", 18, None, None, None), "B3", "większa od zera"),
        (("Pellet", "dużo", 1500, "zł/t", 18, None, None, None), "B3", "nie jest liczbą"),
        (("Węgiel – kocioł zasypowy", 0.8, 1500, "zł/t", 18, None, None, None), "A3", "występuje już w komórce A2"),
    ],
)
def test_a_bad_pobe_sheet_names_the_cell_and_writes_nothing(api, row, cell, text):
    before = api.post("/api/calculator/definition/", {"types": demo_types()})["message"]
    answer = send(api, [POBE_HEADER, POBE_ROWS[0], row], code="POBE_HC_XLS_2025", status=422)
    assert answer["errors"][0]["name"] == cell and text in answer["errors"][0]["description"]
    assert api.get("/api/calculator/definition/")["message"] == before


def test_pobe_import_without_standards_says_so(api):
    answer = send(api, [POBE_HEADER, *POBE_ROWS], code="POBE_HC_XLS_2025")["message"]
    assert answer["skipped"][0]["name"] == "Standard budynku"


@pytest.mark.parametrize("code", ["HC_DEFINITION_XLS", "POBE_HC_XLS_2025"])
def test_the_templates_hold_the_worked_example_and_import_as_they_are(api, anonymous, code):
    demo = api.post("/api/calculator/definition/", {"types": demo_types()})["message"]
    api.post(
        "/api/calculator/definition/", {"types": [{"name": "Standard budynku", "definitions": demo[0]["definitions"]}]}
    )
    template = anonymous.app.get(f"/api/import/{code}/template").body
    rows = list(load_workbook(io.BytesIO(template)).active.values)
    send(api, rows, code=code)
    assert values(api.get("/api/calculator/definition/")["message"]) == values(demo)


# A spec audit's boundary values, as the value cell of the native sheet: the core's
# one number validation refuses what no form takes; the definitions' own rule (10 decimal
# places) refuses 1e-20.
@pytest.mark.parametrize(
    "cell, verdict",
    [
        (1e15, "od -999 999 999 999 999 do 999 999 999 999 999"),
        (1e16, "od -999 999 999 999 999"),
        (1e20, "od -999 999 999 999 999"),
        (-1e20, "od -999 999 999 999 999"),
        ("1e20", "od -999 999 999 999 999"),
        ("NaN", "nie jest liczbą"),
        ("inf", "nie jest liczbą"),
        ("#NUM!", "nie jest liczbą"),
        (1e-20, "cyfr po przecinku"),
        ("1 234,56", "1234.56"),
        ("1.234,56", "1234.56"),
    ],
)
def test_boundary_values_in_the_native_import(api, cell, verdict):
    rows = [NATIVE_HEADER, ("Prąd", "cena", cell)]
    if verdict[0].isdigit():
        answer = send(api, rows)["message"]
        assert values(answer["types"])[("Prąd", "cena")] == verdict
        return
    answer = send(api, rows, status=422)
    assert answer["errors"][0]["name"] == "C2" and verdict in answer["errors"][0]["description"]
    assert api.get("/api/calculator/definition/")["message"] == []


@pytest.mark.parametrize(
    "cell, verdict",
    [
        (1e15, "od -999 999 999 999 999"),
        (1e16, "od -999 999 999 999 999"),
        (1e20, "od -999 999 999 999 999"),
        (-1e20, "od -999 999 999 999 999"),
        ("NaN", "nie jest liczbą"),
        ("inf", "nie jest liczbą"),
        (1e-20, "cyfr po przecinku"),
        ("1 234,56", "1234.56"),
        ("1.234,56", "1234.56"),
    ],
)
def test_boundary_values_in_a_pobe_import(api, cell, verdict):
    api.post("/api/calculator/definition/", {"types": demo_types()})
    before = api.get("/api/calculator/definition/")["message"]
    rows = [POBE_HEADER, ("Gaz ziemny", "0,96", cell, "zł/m3", 10, 300, 20000, 10000)]
    if verdict[0].isdigit():
        answer = send(api, rows, code="POBE_HC_XLS_2025")["message"]
        assert values(answer["types"])[("Gaz ziemny", "cena_za_m3")] == verdict
        return
    answer = send(api, rows, code="POBE_HC_XLS_2025", status=422)
    assert answer["errors"][0]["name"] == "C2" and verdict in answer["errors"][0]["description"]
    assert api.get("/api/calculator/definition/")["message"] == before


def test_every_problem_of_a_native_sheet_comes_in_one_answer(api):
    """docs/imports.md: all bad cells at once: an empty value, a name not in snake_case and a
    repeated definition together, not one kind per try."""
    before = api.post("/api/calculator/definition/", {"types": demo_types()})["message"]
    answer = send(
        api,
        [
            NATIVE_HEADER,
            ("Pellet", "sprawnosc", None),
            ("Pellet", "Cena za tonę", 1500),
            ("Pellet", "sprawnosc", 0.8),
            (None, "dotacja", 1),
        ],
        status=422,
    )
    assert [e["name"] for e in answer["errors"]] == ["C2", "A5", "B3", "B4"]
    assert api.get("/api/calculator/definition/")["message"] == before


def test_every_problem_of_a_pobe_sheet_comes_in_one_answer(api):
    before = api.post("/api/calculator/definition/", {"types": demo_types()})["message"]
    answer = send(
        api,
        [
            POBE_HEADER,
            POBE_ROWS[0],
            ("Pellet", None, 1500, "zł/t", 18, None, None, None),
            ("Drewno", 0.7, 300, "zł/worek", 15, None, None, None),
        ],
        code="POBE_HC_XLS_2025",
        status=422,
    )
    errors = {e["name"]: e["description"] for e in answer["errors"]}
    assert list(errors) == ["B3", "D4"]
    assert "brak wartości" in errors["B3"] and "nieznana jednostka" in errors["D4"]
    assert api.get("/api/calculator/definition/")["message"] == before
