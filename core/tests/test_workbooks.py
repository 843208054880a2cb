"""Bounded reading of spreadsheets (smogpanel.spreadsheets.workbooks): zip bombs, a far cell, too many rows,
columns or cells, and a parse taking too long each answer 413 or 422 naming the limit, read in a
child process whose memory is capped; ordinary cells come back as the previous readers gave them."""

from datetime import datetime, time

import pytest

from smogpanel.envelope import ApiError
from smogpanel.spreadsheets.tables import ReadLimits, read_table
from smogpanel.testing import hostile
from smogpanel.testing.files import XlsError, XlsFormulaError, xls, xlsx


def refused(data, name="raport.xlsx", **limits):
    with pytest.raises(ApiError) as caught:
        read_table(data, name, limits=ReadLimits(**limits))
    error = caught.value
    assert error.status in (413, 422) and error.errors[0]["name"] == "file"
    return error.status, error.errors[0]["description"]


@pytest.mark.parametrize(
    "make,part",
    [
        (hostile.sheet_bomb, "xl/worksheets/sheet1.xml"),
        (hostile.shared_strings_bomb, "xl/sharedStrings.xml"),
        (hostile.content_types_bomb, "[Content_Types].xml"),
    ],
)
def test_a_zip_bomb_is_refused_from_its_directory_naming_the_limit(make, part):
    status, text = refused(make())
    assert status == 413
    assert part in text and "największa dozwolona to 64 MB" in text


def test_a_zip_lying_about_its_sizes_is_refused():
    status, text = refused(hostile.lying_bomb())
    assert status in (413, 422)


def test_a_cell_far_away_hits_the_memory_cap_of_the_reading_process_not_the_server():
    status, text = refused(hostile.far_cell())
    assert status == 413 and "256 MB pamięci" in text


def test_rows_columns_and_cells_are_limited_by_settings():
    wide = xlsx([tuple(f"k{n}" for n in range(30))] * 3)
    assert refused(wide, max_columns=20) == (
        422,
        "Arkusz ma 30 kolumn, a największa dozwolona liczba kolumn to 20. Usuń zbędne kolumny albo podziel plik.",
    )
    assert "90 (3 wierszy × 30 kolumn)" in refused(wide, max_cells=50)[1]
    assert "więcej niż 2 wierszy" in refused(wide, max_rows=2)[1]
    csv = "\n".join(";".join(f"k{n}" for n in range(30)) for _ in range(3)).encode()
    assert "największa dozwolona liczba kolumn to 20" in refused(csv, "a.csv", max_columns=20)[1]
    assert "największa dozwolona liczba komórek to 50" in refused(csv, "a.csv", max_cells=50)[1]


def test_a_million_rows_are_refused():
    assert "więcej niż 100000 wierszy" in refused(hostile.million_rows_csv(), "raport.csv")[1]


def test_a_parse_taking_too_long_is_stopped():
    status, text = refused(xlsx([("a", "b")] * 2000), parse_seconds=0.001)
    assert status == 422 and "dłużej niż 0.001 s" in text


def test_the_limits_are_settings(make_app):
    from pyramid.exceptions import ConfigurationError

    app = make_app(**{"smogpanel.import_max_rows": "7", "smogpanel.import_parse_seconds": "2.5"})
    limits = app.registry["smogpanel.import_limits"]
    assert (limits.max_rows, limits.parse_seconds, limits.max_columns) == (7, 2.5, ReadLimits().max_columns)
    with pytest.raises(ConfigurationError, match="import_max_cells"):
        make_app(**{"smogpanel.import_max_cells": "zero"})


def test_cells_come_back_as_before_ints_floats_dates_and_blanks():
    rows = [
        ("Tekst", "Liczba", "Ułamek", "Data", "Czas", "Puste", "Tak"),
        ("łódzkie", 2020, 2.5, datetime(2024, 1, 2), datetime(2024, 1, 2, 13, 5), None, True),
    ]
    for data, name in ((xlsx(rows), "a.xlsx"), (xls([rows[0], rows[1][:3]]), "a.xls")):
        table = read_table(data, name)
        assert table.rows[0] == rows[0][: len(table.rows[0])]
        assert table.rows[1][:3] == ("łódzkie", 2020, 2.5)
        assert type(table.rows[1][1]) is int
    table = read_table(xlsx(rows), "a.xlsx")
    assert table.rows[1][3:] == (datetime(2024, 1, 2), datetime(2024, 1, 2, 13, 5), None, True)
    assert read_table(xlsx([("a",), (time(12, 30),)]), "a.xlsx").rows[1] == (time(12, 30),)


def test_error_cells_keep_their_text_so_parsers_name_them():
    table = read_table(xlsx([("Kwota", "Uwagi"), ("#DIV/0!", "#N/A")]), "a.xlsx")
    assert table.rows[1] == ("#DIV/0!", "#N/A")


def test_error_cells_of_a_legacy_xls_keep_their_text_too():
    # python-calamine gives them as empty cells: a broken formula would import as a blank.
    errors = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A")
    data = xls(
        [
            ("Kwota",) * 9,
            tuple(XlsError(text) for text in errors) + (XlsFormulaError("#DIV/0!"), XlsFormulaError("#N/A")),
            (1, "", 2.5),
        ],
        extra_sheets=[("Druga", [("Uwagi",), (None,), (XlsError("#REF!"),)])],
    )
    table = read_table(data, "a.xls")
    assert table.rows[1] == errors + ("#DIV/0!", "#N/A")
    assert table.rows[2][:3] == (1, None, 2.5)
    assert read_table(data, "a.xls", sheet="Druga").rows == [("Uwagi",), (None,), ("#REF!",)]
