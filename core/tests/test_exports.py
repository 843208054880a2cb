"""smogpanel.spreadsheets.exports: text an operator typed is written as text, never as a formula;
a list's CSV writes numbers as the screen shows them."""

import csv
import io
import json
from urllib.parse import quote

from openpyxl import Workbook, load_workbook

from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value
from smogpanel.spreadsheets.exports import csv_value, header_row, row

TEXTS = ["=SUM(1,2)", "+48 123 456", "-2+3", "@SUM(A1)", "\t=1", "Zwykły tekst"]


def test_formula_like_text_stays_text_in_a_workbook():
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Dane")
    sheet.append(header_row(sheet, TEXTS))
    sheet.append(row(sheet, [1, 2.5, None, "=A1"]))
    buffer = io.BytesIO()
    workbook.save(buffer)
    read = load_workbook(io.BytesIO(buffer.getvalue()))["Dane"]
    assert [cell.value for cell in read[1]] == TEXTS
    assert all(cell.data_type == "s" for cell in read[1])
    assert [cell.quotePrefix for cell in read[1]] == [True] * 5 + [False]
    assert read[1][0].font.b
    assert [cell.value for cell in read[2]][:4] == [1, 2.5, None, "=A1"] and read[2][3].data_type == "s"


def test_formula_like_text_gets_an_apostrophe_in_a_csv():
    assert [csv_value(text) for text in TEXTS] == [
        "'=SUM(1,2)",
        "'+48 123 456",
        "'-2+3",
        "'@SUM(A1)",
        "'\t=1",
        "Zwykły tekst",
    ]
    assert csv_value(12) == 12 and csv_value(None) is None


def test_a_csv_export_writes_decimals_as_the_screen_shows_them(api):
    """A rank value stored as 99.9000 (four decimal places) reads 99,9 in the CSV, as on screen."""
    rank = add_rank(api)
    group = add_group(api, rank)
    for number, value in enumerate(("99.9", "12", "0.0005", "1000000")):
        add_value(api, group, add_gmina(api, f"Gmina {number}"), value, number)
    columns = quote(json.dumps([["value", "Wartość"]]))
    answer = api.app.get(
        f"/api/rank_value/rank_group/{group['id']}/export?format=csv&order=id&asc=1&columns={columns}",
        headers=api.headers(),
    )
    lines = list(csv.reader(io.StringIO(answer.body.decode("utf-8-sig")), delimiter=";"))
    assert lines == [["Wartość"], ["99,9"], ["12"], ["0,0005"], ["1000000"]]
