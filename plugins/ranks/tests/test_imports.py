"""RB_XLS, RV_XLS and RV_XLS_2025 (docs/imports.md): good files write values and places; a
gmina the hierarchy does not know, a bad number or a missing column answers 422 naming the
row or cell and writes nothing; templates come from the core registry."""

import io

import pytest
from openpyxl import load_workbook

from smogpanel.plugins.ranks.imports import ENTRY_NAMES
from smogpanel.regions import VOIVODESHIPS

from .helpers import add_gmina, add_group, add_rank, group_values, import_file

RB_HEADER = ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Wartość", "Punkty", "Miejsce"]


@pytest.fixture
def gminy(api):
    add_gmina(api, "Skawina")
    add_gmina(api, "Liszki")
    add_gmina(api, "Nowa Wieś", district="krakowski")
    add_gmina(api, "Nowa Wieś", district="kłodzki", voivodeship="dolnośląskie")


def rb_import(api, group, rows, status=200, header=RB_HEADER):
    body = import_file([header, *rows], rank_group_id=group["id"], type="RB_XLS")
    return api.post("/api/rank_value/import", body, status=status)


def test_rb_xls_writes_values_and_places(api, gminy):
    group = add_group(api, add_rank(api))
    answer = rb_import(
        api,
        group,
        [
            ["Skawina", "krakowski", "małopolskie", "", "12,5", 7, ""],
            ["nowa wies", "KLODZKI", "ds", "", 3, 9, ""],
            ["Liszki", "krakowski", "Małopolskie", "", 1, 7, ""],
        ],
    )["message"]
    assert (answer["created"], answer["updated"]) == (3, 0)
    rows = {(r["borough_name"], r["district_name"]): (r["value"], r["place"]) for r in group_values(api, group)}
    assert rows == {
        ("Nowa Wieś", "kłodzki"): (3, 0),
        ("Skawina", "krakowski"): (12.5, 1),
        ("Liszki", "krakowski"): (1, 1),
    }
    # importing again updates the gminy in the file and keeps the others
    again = rb_import(api, group, [["Skawina", "krakowski", "małopolskie", "", 2, 100, ""]])["message"]
    assert (again["created"], again["updated"]) == (0, 1)
    assert group_values(api, group)[0]["borough_name"] == "Skawina"


def test_an_unknown_gmina_fails_the_import_naming_the_row(api, gminy):
    group = add_group(api, add_rank(api))
    errors = rb_import(
        api,
        group,
        [
            ["Skawina", "krakowski", "małopolskie", "", 1, 1, ""],
            ["Nowa Wieś", "wadowicki", "małopolskie", "", 1, 1, ""],
            ["Gdzieśtam", "krakowski", "małopolskie", "", 1, 1, ""],
        ],
        status=422,
    )["errors"]
    assert errors[0]["name"] == "3:3" and "nie znaleziono gminy „Nowa Wieś”" in errors[0]["description"]
    assert "powiat kłodzki, województwo dolnośląskie" in errors[0]["description"]
    assert errors[1]["name"] == "4:4" and "nie ma gminy o tej nazwie" in errors[1]["description"]
    assert group_values(api, group) == []


def test_bad_cells_duplicates_and_missing_columns_write_nothing(api, gminy):
    group = add_group(api, add_rank(api))
    errors = rb_import(
        api,
        group,
        [
            ["Skawina", "krakowski", "małopolskie", "", "dużo", 1, ""],
            ["Liszki", "krakowski", "małopolskie", "", 1, "-", ""],
        ],
        status=422,
    )["errors"]
    assert errors[0]["name"] == "E2" and "nie jest liczbą" in errors[0]["description"]
    assert errors[1]["name"] == "F3" and "brak wartości" in errors[1]["description"]
    errors = rb_import(
        api,
        group,
        [
            ["Liszki", "krakowski", "małopolskie", "", 1, 1, ""],
            ["LISZKI", "krakowski", "małopolskie", "", 1, 1, ""],
        ],
        status=422,
    )["errors"]
    assert errors[0]["name"] == "3:3" and "występuje już w wierszu 2" in errors[0]["description"]
    missing = rb_import(
        api,
        group,
        [["Skawina", "krakowski", "małopolskie", 1]],
        status=422,
        header=["Gmina", "Powiat", "Województwo", "Wartość"],
    )["errors"]
    assert "Brak wymaganej kolumny „Punkty”" in missing[0]["description"]
    assert group_values(api, group) == []


def test_locked_rankings_import_the_places(api, gminy):
    group = add_group(api, add_rank(api, lock_place_refresh=1))
    errors = rb_import(api, group, [["Skawina", "krakowski", "małopolskie", "", 1, 1, ""]], status=422)["errors"]
    assert errors[0]["name"] == "G2"
    rb_import(
        api,
        group,
        [["Skawina", "krakowski", "małopolskie", "", 1, 1, 3], ["Liszki", "krakowski", "małopolskie", "", 1, 9, 5]],
    )
    assert {r["borough_name"]: r["place"] for r in group_values(api, group)} == {"Skawina": 2, "Liszki": 4}


def test_a_wrong_type_or_a_non_spreadsheet_is_refused(api, gminy):
    group = add_group(api, add_rank(api))
    body = import_file([RB_HEADER], rank_group_id=group["id"], type="RV_XLS")
    assert "RB_XLS" in api.post("/api/rank_value/import", body, status=400)["errors"][0]["description"]
    body = {
        "rank_group_id": group["id"],
        "type": "RB_XLS",
        "file": {"name": "a.xlsx", "data": "data:text/plain;base64,aGVsbG8="},
    }
    assert api.post("/api/rank_value/import", body, status=422)["success"] is False


def rv_rows(headers=ENTRY_NAMES, value=lambda row, col: (row + 1) * 10 + col):
    rows = [["Województwo", *headers]]
    rows += [[name, *(value(r, c) for c in range(len(headers)))] for r, (_, name) in enumerate(VOIVODESHIPS)]
    return rows


def test_rank_import_defines_a_group_with_the_five_entries(api):
    rank = add_rank(api, "voivodeships")
    answer = api.post("/api/rank/import", import_file(rv_rows(), name="2024", rank_id=rank["id"], type="RV_XLS"))[
        "message"
    ]
    assert (answer["created"], answer["skipped"]) == (80, [])
    groups = api.get(f"/api/rank_group/rank/{rank['id']}")["message"]["list"]
    assert [g["name"] for g in groups] == ["2024"]
    entries = api.get(f"/api/rank_entry/rank_group/{answer['id']}?order=id&asc=1")["message"]["list"]
    assert [e["name"] for e in entries] == list(ENTRY_NAMES)
    values = api.get(f"/api/rank_value/rank_entry/{entries[0]['id']}")["message"]["list"]
    assert (values[0]["voivodeship_name"], values[0]["value"], values[0]["place"]) == ("zachodniopomorskie", 160, 0)


def test_rank_import_2025_skips_titles_ordinals_and_totals_and_lists_missing_entries(api):
    rank = add_rank(api, "voivodeships")
    headers = ["Wnioski ogółem", "Liczba wniosków złożonych", "Liczba umów zawartych"]
    rows = [["Raport programu – stan na 31.12.2025"], [], ["Lp.", *rv_rows(headers)[0]]]
    rows += [[index + 1, *row] for index, row in enumerate(rv_rows(headers)[1:])]
    rows += [["", "Polska", 999, 999, 999]]
    answer = api.post("/api/rank/import", import_file(rows, name="2025", rank_id=rank["id"], type="RV_XLS_2025"))[
        "message"
    ]
    assert answer["created"] == 48
    assert [s["name"] for s in answer["skipped"]] == [ENTRY_NAMES[1], ENTRY_NAMES[4]]


def test_rank_import_needs_a_voivodeships_ranking_and_a_name(api):
    gminy_rank = add_rank(api)
    body = import_file(rv_rows(), name="2024", rank_id=gminy_rank["id"], type="RV_XLS")
    assert "tylko do rankingu województw" in api.post("/api/rank/import", body, status=400)["errors"][0]["description"]
    rank = add_rank(api, "voivodeships")
    body = import_file(rv_rows(), name="", rank_id=rank["id"], type="RV_XLS")
    assert api.post("/api/rank/import", body, status=400)["errors"][0]["name"] == "name"
    bad = rv_rows(value=lambda r, c: "x" if (r, c) == (3, 2) else 1)
    errors = api.post("/api/rank/import", import_file(bad, name="2024", rank_id=rank["id"], type="RV_XLS"), status=422)[
        "errors"
    ]
    assert errors[0]["name"] == "D5"
    assert api.get(f"/api/rank_group/rank/{rank['id']}")["message"]["list"] == []


def test_rv_values_import_fills_the_entries_named_like_columns(api):
    rank = add_rank(api, "voivodeships")
    group = add_group(api, rank)
    entry = api.post("/api/rank_entry/", {"name": ENTRY_NAMES[3], "rank_group_id": group["id"]})["message"]
    other = api.post("/api/rank_entry/", {"name": "Coś innego", "rank_group_id": group["id"]})["message"]
    answer = api.post("/api/rank_value/import", import_file(rv_rows(), rank_group_id=group["id"], type="RV_XLS"))[
        "message"
    ]
    assert answer["created"] == 16 and answer["skipped"][0]["name"] == "Coś innego"
    assert len(api.get(f"/api/rank_value/rank_entry/{entry['id']}")["message"]["list"]) == 16
    only = api.post(
        "/api/rank_value/import", import_file(rv_rows(), rank_entry_id=other["id"], type="RV_XLS"), status=422
    )["errors"]
    assert "Nic do zaimportowania" in only[0]["description"]


def test_rv_values_import_lists_the_columns_no_entry_takes(api):
    """A group with fewer entries than the file has columns: the columns left unread are named
    in `skipped`, so the operator sees what the file held that went nowhere."""
    group = add_group(api, add_rank(api, "voivodeships"))
    entry = api.post("/api/rank_entry/", {"name": ENTRY_NAMES[3], "rank_group_id": group["id"]})["message"]
    answer = api.post("/api/rank_value/import", import_file(rv_rows(), rank_group_id=group["id"], type="RV_XLS"))[
        "message"
    ]
    assert answer["created"] == 16
    skipped = {s["name"]: s["description"] for s in answer["skipped"]}
    assert set(skipped) == set(ENTRY_NAMES) - {ENTRY_NAMES[3]}
    assert skipped[ENTRY_NAMES[0]] == (f"Kolumna „{ENTRY_NAMES[0]}”: grupa nie ma pozycji o tej nazwie – pominięto ją.")
    # one entry's import reads its own column only: the others are listed too
    alone = api.post("/api/rank_value/import", import_file(rv_rows(), rank_entry_id=entry["id"], type="RV_XLS"))[
        "message"
    ]
    assert alone["updated"] == 16
    assert {s["name"] for s in alone["skipped"]} == set(ENTRY_NAMES) - {ENTRY_NAMES[3]}
    assert f"nie należy do pozycji „{ENTRY_NAMES[3]}”" in alone["skipped"][0]["description"]


def test_templates_come_from_the_registry(api, anonymous):
    for code, first in (("RB_XLS", "Gmina"), ("RV_XLS", "Województwo"), ("RV_XLS_2025", "Województwo")):
        response = anonymous.app.get(f"/api/import/{code}/template")
        sheet = load_workbook(io.BytesIO(response.body)).worksheets[0]
        assert sheet.cell(1, 1).value == first
    codes = {item["code"] for item in api.get("/api/import/")["message"]}
    assert {"RB_XLS", "RV_XLS", "RV_XLS_2025"} <= codes


# A spec audit's boundary values in the value cell (E2) of RB_XLS: what no form takes
# is refused naming the cell; rankings keep 4 decimal places.
@pytest.mark.parametrize(
    "cell, verdict",
    [
        (1e15, "od -999 999 999 999 999"),
        (1e16, "od -999 999 999 999 999"),
        (1e20, "od -999 999 999 999 999"),
        (-1e20, "od -999 999 999 999 999"),
        ("NaN", "nie jest liczbą"),
        ("inf", "nie jest liczbą"),
        (1e-20, 0),
        ("1 234,56", 1234.56),
        ("1.234,56", 1234.56),
    ],
)
def test_boundary_values_in_an_rb_xls_import(api, gminy, cell, verdict):
    group = add_group(api, add_rank(api))
    rows = [["Skawina", "krakowski", "małopolskie", "", cell, 1, ""]]
    if not isinstance(verdict, str):
        rb_import(api, group, rows)
        assert group_values(api, group)[0]["value"] == verdict
        return
    errors = rb_import(api, group, rows, status=422)["errors"]
    assert errors[0]["name"] == "E2" and verdict in errors[0]["description"]
    assert group_values(api, group) == []


def test_rb_xls_reports_every_problem_of_the_file_in_one_answer(api, gminy):
    """docs/imports.md: all bad cells at once. Empty cells, bad numbers and gminy not found come
    together, not one kind per try."""
    group = add_group(api, add_rank(api))
    errors = rb_import(
        api,
        group,
        [
            ["Skawina", "krakowski", "małopolskie", "", 1, "", ""],  # points empty
            ["Liszki", "krakowski", "małopolskie", "", "dużo", 1, ""],  # not a number
            ["Gdzieśtam", "krakowski", "małopolskie", "", 1, 1, ""],  # no such gmina
            ["", "krakowski", "małopolskie", "", 1, 1, ""],  # gmina empty: no lookup, one error
        ],
        status=422,
    )["errors"]
    assert [e["name"] for e in errors] == ["F2", "E3", "A5", "4:4"]
    assert "nie ma gminy o tej nazwie" in errors[3]["description"]
    # a missing required column and a gmina not found, together as well
    errors = rb_import(
        api,
        group,
        [["Gdzieśtam", "krakowski", "małopolskie", 1]],
        status=422,
        header=["Gmina", "Powiat", "Województwo", "Wartość"],
    )["errors"]
    assert "Brak wymaganej kolumny „Punkty”" in errors[0]["description"]
    assert errors[1]["name"] == "2:2" and "nie znaleziono gminy" in errors[1]["description"]
    assert group_values(api, group) == []
