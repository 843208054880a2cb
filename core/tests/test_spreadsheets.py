"""Reading the spreadsheets operators bring (xlsx, xls, csv), made here by the tests, and the
cell rules every import shares: header matching, numbers, voivodeships, cell addresses."""

import io
import os
from decimal import Decimal

import pytest
from openpyxl import Workbook

from smogpanel.spreadsheets.tables import (
    ImportFailed,
    find_columns,
    parse_number,
    parse_text,
    parse_voivodeship,
    read_table,
)
from smogpanel.testing.files import xls, xlsx


def failure(callable_, *args, **kwargs):
    with pytest.raises(ImportFailed) as caught:
        callable_(*args, **kwargs)
    assert caught.value.status == 422 and caught.value.code == "IMPORT_FAILED"
    return caught.value.errors


HEADER = ("Województwo", "Liczba wniosków", "Kwota")
ROWS = [HEADER, ("łódzkie", 12, 1234.5), ("mz", 3, None)]


# -- formats --------------------------------------------------------------------------------
def test_xlsx_is_read_with_values_as_typed():
    table = read_table(xlsx(ROWS), "raport.xlsx")
    assert table.sheet == "Arkusz1" and len(table) == 3
    assert table.rows[1][:3] == ("łódzkie", 12, 1234.5)
    assert table.value(2, 2) is None and table.value(2, 50) is None


def test_cell_addresses_are_the_ones_the_operator_sees_even_with_leading_blank_rows_and_columns():
    workbook = Workbook()
    sheet = workbook.active
    sheet["C3"] = "Województwo"
    sheet["D3"] = "Liczba"
    sheet["C7"] = "łódzkie"
    sheet["D7"] = "dużo"
    buffer = io.BytesIO()
    workbook.save(buffer)
    table = read_table(buffer.getvalue(), "x.xlsx")
    found = find_columns(table, {"voivodeship": "Województwo", "count": "Liczba"}, header_row=None)
    assert (found["voivodeship"], found["count"], found.header_row) == (2, 3, 2)
    assert table.cell_ref(6, 3) == "D7" and table.value(6, 3) == "dużo"
    errors = failure(table.number, 6, 3)
    assert errors == [
        {"name": "D7", "description": "Komórka D7: „dużo” nie jest liczbą. Wpisz liczbę, np. 1234 albo 1 234,5."}
    ]


def test_trailing_empty_rows_are_dropped():
    table = read_table(xlsx(ROWS + [(None, None), ("", " ")]), "x.xlsx")
    assert len(table) == 3


def test_first_sheet_by_default_or_a_named_one_matched_like_headers():
    data = xlsx(ROWS, title="Dane", extra_sheets=[("Podsumowanie 2025", [("Suma", 15)])])
    assert read_table(data, "x.xlsx").sheet == "Dane"
    other = read_table(data, "x.xlsx", sheet="PODSUMOWANIE  2025")
    assert other.sheet == "Podsumowanie 2025" and other.rows[0][:2] == ("Suma", 15)
    errors = failure(read_table, data, "x.xlsx", sheet="Brak")
    assert "Dane, Podsumowanie 2025" in errors[0]["description"]


@pytest.mark.parametrize(
    "text, encoding",
    [
        ("Województwo;Liczba wniosków;Kwota\r\nłódzkie;12;1 234,5\r\nmz;3;\r\n", "cp1250"),
        ("Województwo;Liczba wniosków;Kwota\nłódzkie;12;1 234,5\nmz;3;\n", "utf-8"),
        ("Województwo;Liczba wniosków;Kwota\nłódzkie;12;1 234,5\nmz;3;\n", "utf-8-sig"),
        ('Województwo,Liczba wniosków,Kwota\nłódzkie,12,"1 234,5"\nmz,3,\n', "utf-8"),
        ("Województwo\tLiczba wniosków\tKwota\nłódzkie\t12\t1 234,5\nmz\t3\t\n", "utf-16"),
    ],
)
def test_csv_delimiters_and_encodings_are_recognised(text, encoding):
    table = read_table(text.encode(encoding), "raport.csv")
    assert table.rows[0] == HEADER
    assert table.rows[1] == ("łódzkie", "12", "1 234,5") and table.rows[2] == ("mz", "3", None)
    assert [table.number(1, 1), table.number(1, 2), table.number(2, 2)] == [12, 1234.5, None]


def test_xls_is_read_through_xlrd():
    table = read_table(xls(ROWS), "raport.xls")
    assert table.sheet == "Dane"
    assert table.rows[1] == ("łódzkie", 12.0, 1234.5) and table.number(1, 1) == 12
    assert table.rows[2][:2] == ("mz", 3.0)


def test_the_content_decides_the_format_not_the_name():
    table = read_table(xlsx(ROWS), "raport.csv")
    assert table.rows[1][0] == "łódzkie"


@pytest.mark.parametrize(
    "data",
    [
        os.urandom(2000),
        xlsx(ROWS)[:-200],  # a truncated download
        b"PK\x03\x04" + os.urandom(500),
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + os.urandom(1000),  # an OLE2 header and garbage
        b"\x89PNG\r\n\x1a\n" + os.urandom(100),
    ],
)
def test_a_broken_or_foreign_file_fails_in_polish(data):
    errors = failure(read_table, data, "raport.xlsx")
    assert errors[0]["name"] == "file"
    assert "raport.xlsx" in errors[0]["description"] and "uszkodzony" in errors[0]["description"]


# -- header matching --------------------------------------------------------------------------
SPEC = {"voivodeship": ["Województwo", "Nazwa województwa"], "count": "Liczba wniosków", "amount": "Kwota"}


@pytest.mark.parametrize(
    "headers",
    [
        ("WOJEWÓDZTWO", "liczba wnioskow", "KWOTA"),
        ("  województwo ", "Liczba   Wniosków:", "Kwota*"),
        ("Nazwa województwa", "LICZBA WNIOSKÓW", "kwota"),
    ],
)
def test_headers_match_ignoring_case_diacritics_and_spacing(headers):
    table = read_table(xlsx([("Uwagi",) + headers, ("x", "ld", 1, 2)]), "x.xlsx")
    found = find_columns(table, SPEC, required=["voivodeship"])
    assert dict(found) == {"voivodeship": 1, "count": 2, "amount": 3}
    assert found.extra == [(0, "Uwagi")] and found.missing == []


def test_missing_required_columns_are_all_named_and_optional_ones_listed():
    table = read_table(xlsx([("Kwota",), (5,)]), "x.xlsx")
    errors = failure(find_columns, table, SPEC, required=["voivodeship", "count"])
    assert [e["name"] for e in errors] == ["1:1", "1:1"]
    assert "„Województwo”" in errors[0]["description"] and "„Liczba wniosków”" in errors[1]["description"]
    found = find_columns(table, SPEC)
    assert found.missing == ["voivodeship", "count"]


def test_a_column_given_twice_is_refused_naming_both_cells():
    table = read_table(xlsx([("Województwo", "Kwota", "wojewodztwo")]), "x.xlsx")
    errors = failure(find_columns, table, SPEC)
    assert errors[0]["name"] == "C1" and "A1 i C1" in errors[0]["description"]


def test_an_empty_sheet_has_no_header():
    table = read_table(b"\n\n", "x.csv")
    assert "pusty" in failure(find_columns, table, SPEC)[0]["description"]


# -- cell values ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "value, expected",
    [
        (12, 12),
        (12.0, 12),
        (0.5, 0.5),
        ("12", 12),
        (" 1 234,5 ", 1234.5),
        ("1\u00a0234", 1234),
        ("1.234,5", 1234.5),
        ("1,234.5", 1234.5),
        ("1.234.567", 1234567),
        ("-3,5", -3.5),
        ("\u22123", -3),
        ("1234.5", 1234.5),
        ("12 zł", 12),
        ("1 500 000,00 PLN", 1500000),
        ("1e3", 1000),
        (None, None),
        ("", None),
        ("   ", None),
        ("-", None),
        ("–", None),
    ],
)
def test_numbers_in_polish_and_plain_formats(value, expected):
    result = parse_number(value, "B2")
    assert result == expected
    assert type(result) is (type(None) if expected is None else Decimal)  # exact, as the one number validation gives


@pytest.mark.parametrize("value", ["abc", "12a", "1,2,3", "12%", True, float("nan"), "#DIV/0!", "1 2 3 , 4 ,5"])
def test_text_in_a_number_cell_names_the_cell(value):
    errors = failure(parse_number, value, "C7")
    assert errors[0]["name"] == "C7" and errors[0]["description"].startswith("Komórka C7:")


@pytest.mark.parametrize("value", ["ŁÓDZKIE", "lodzkie", "ld", "LD", "Łódzkie ", "woj. łódzkie", "Województwo Łódzkie"])
def test_voivodeships_by_name_in_any_case_or_by_code(value):
    assert parse_voivodeship(value, "A2") == "ld"


def test_an_unknown_voivodeship_names_the_cell_and_shows_how_to_write_it():
    errors = failure(parse_voivodeship, "Mazowsze", "A5")
    assert errors[0]["name"] == "A5"
    assert "„Mazowsze”" in errors[0]["description"] and "dwuliterowy kod" in errors[0]["description"]
    assert parse_voivodeship(None, "A6") is None and parse_voivodeship("  ", "A7") is None


def test_text_cells_are_trimmed_and_whole_numbers_shown_without_decimals():
    assert [parse_text(" Kraków "), parse_text(12.0), parse_text(2.5), parse_text(""), parse_text(None)] == [
        "Kraków",
        "12",
        "2.5",
        None,
        None,
    ]


def test_number_errors_can_be_collected_to_report_every_bad_cell_at_once():
    table = read_table(xlsx([("a", "b"), ("x", "y"), (1, 2)]), "x.xlsx")
    errors = []
    values = [table.number(r, c, errors) for r in range(3) for c in range(2)]
    assert values == [None] * 4 + [1, 2]
    assert [e["name"] for e in errors] == ["A1", "B1", "A2", "B2"]


@pytest.mark.parametrize("text, code", [("mazo\x1bwieckie", "U+001B"), ("a\x07b", "U+0007")])
def test_control_characters_in_a_text_cell_are_refused_naming_the_cell(text, code):
    table = read_table(xls([("Nazwa", "Liczba"), (text, 1)]), "x.xls")
    errors = failure(table.text, 1, 0)
    assert errors[0]["name"] == "A2" and code in errors[0]["description"]
    assert parse_text("dwa\nwiersze") == "dwa\nwiersze"  # a cell may hold line breaks
