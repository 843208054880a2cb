"""The import registry as an operator meets it: the list of types, the template to download,
and an import endpoint of a test plugin (registered like any domain plugin's) fed with files
the tests make: good ones, and every kind of bad one, which answer 422 and write nothing."""

import io
import os

import pytest
import sqlalchemy as sa
from openpyxl import load_workbook
from pyramid.exceptions import ConfigurationError

from smogpanel.files import store_generated
from smogpanel.hookspecs import hookimpl
from smogpanel.models import StoredFile
from smogpanel.regions import VOIVODESHIPS
from smogpanel.spreadsheets.imports import Column, ImportFailed, ImportType, import_result, read_rows, run_import
from smogpanel.testing.app import Api, signed_in
from smogpanel.testing.files import upload, xls, xlsx

COLUMNS = (
    Column("voivodeship", "Województwo", kind="voivodeship", unique=True, help="Nazwa albo kod województwa."),
    Column("applications", "Liczba wniosków", required=False, kind="number", aliases=("Wnioski",)),
    Column("amount", "Kwota wypłat", required=False, kind="number"),
    Column("note", "Uwagi", required=False),
)
HEADERS = {column.key: column.header for column in COLUMNS}


def parse(table, context):
    """Like a domain parser: reads rows by the definition, writes one record per row (here a
    stored file), reports the columns the file lacks as skipped."""
    found, rows = read_rows(table, COLUMNS)
    for row in rows:
        store_generated(context["request"], f"{row.values['voivodeship']}.txt", "text/plain", repr(row.values).encode())
    if context.get("fail_after_writing"):
        raise ImportFailed.at("B2", "Komórka B2: wartość odrzucona na końcu importu.")
    skipped = [
        {"name": HEADERS[key], "description": f"Brak kolumny „{HEADERS[key]}” – pominięto ją."} for key in found.missing
    ]
    return import_result(created=len(rows), skipped=skipped, rows=[row.values for row in rows])


TEST_TYPE = ImportType(
    code="TEST_XLS",
    label="Testowy raport wojewódzki",
    description="Jeden wiersz na województwo: liczba wniosków i kwota wypłat.",
    columns=COLUMNS,
    parse=parse,
    template_rows=tuple((name,) for _, name in VOIVODESHIPS),
)
OTHER_TYPE = ImportType(code="OTHER_XLS", label="Inny raport", columns=COLUMNS[:1], parse=parse)


def import_view(request):
    body = request.json_body
    return run_import(
        request,
        body.get("type"),
        body.get("file"),
        allowed=("TEST_XLS",),
        context={"request": request, "fail_after_writing": body.get("fail")},
    )


class ImportsPlugin:
    @hookimpl
    def smogpanel_import_types(self):
        return [TEST_TYPE, OTHER_TYPE]

    @hookimpl
    def smogpanel_includeme(self, config):
        config.add_route("test-import", "/api/test-import/")
        config.add_view(import_view, route_name="test-import", request_method="POST", renderer="envelope")


class ClashingPlugin:
    @hookimpl
    def smogpanel_import_types(self):
        return [ImportType(code="TEST_XLS", label="Ten sam kod", columns=COLUMNS, parse=parse)]


IMPORTS_PLUGIN = (("testimports", ImportsPlugin()),)  # one object: one app for the module's tests


@pytest.fixture
def imports_api(make_app, admin):
    def build(**settings):
        app = make_app(**{"smogpanel.plugin_objects": IMPORTS_PLUGIN, **settings})
        return signed_in(app, admin)

    return build


@pytest.fixture
def client(imports_api):
    return imports_api()


# -- files the tests make ------------------------------------------------------------------------------
GOOD = [
    ("WOJEWÓDZTWO", "liczba wnioskow", "Kwota wypłat:", "Uwagi"),
    ("ŁÓDZKIE", 12, "1 234,5", None),
    ("Małopolskie", "7", 100, "bez zmian"),
    ("mz", None, "-", None),
]
EXPECTED = [
    {"voivodeship": "ld", "applications": 12, "amount": 1234.5, "note": None},
    {"voivodeship": "mp", "applications": 7, "amount": 100, "note": "bez zmian"},
    {"voivodeship": "mz", "applications": None, "amount": None, "note": None},
]


def records(db):
    return db.scalar(sa.select(sa.func.count()).select_from(StoredFile).where(StoredFile.content_type == "text/plain"))


def rejected(client, file, status=422, **body):
    answer = client.post("/api/test-import/", {"type": "TEST_XLS", "file": file, **body}, status=status)
    assert answer["success"] is False
    return answer


# -- good files ------------------------------------------------------------------------------------------
def test_a_good_xlsx_is_imported_matching_headers_and_voivodeships_loosely(client, db):
    before = records(db)
    answer = client.post("/api/test-import/", {"type": "TEST_XLS", "file": upload(xlsx(GOOD))})
    assert answer == {"success": True, "message": {"created": 3, "updated": 0, "skipped": [], "rows": EXPECTED}}
    assert records(db) == before + 3


def test_a_csv_in_windows_1250_with_semicolons_gives_the_same_result(client):
    text = "\r\n".join(";".join("" if v is None else str(v) for v in row) for row in GOOD)
    answer = client.post(
        "/api/test-import/", {"type": "TEST_XLS", "file": upload(text.encode("cp1250"), "raport.csv", "text/csv")}
    )
    assert answer["message"]["rows"] == EXPECTED


def test_an_xls_made_with_xlwt_gives_the_same_result(client):
    answer = client.post(
        "/api/test-import/", {"type": "TEST_XLS", "file": upload(xls(GOOD), "raport.xls", "application/vnd.ms-excel")}
    )
    assert answer["message"]["rows"] == EXPECTED


def test_missing_optional_columns_are_skipped_and_reported(client):
    answer = client.post(
        "/api/test-import/", {"type": "TEST_XLS", "file": upload(xlsx([("Województwo", "Wnioski"), ("op", 5)]))}
    )
    assert answer["message"]["rows"] == [{"voivodeship": "op", "applications": 5}]
    assert [item["name"] for item in answer["message"]["skipped"]] == ["Kwota wypłat", "Uwagi"]


# -- bad files: 422, nothing written -----------------------------------------------------------------------
def test_a_missing_required_column_is_named(client, db):
    before = records(db)
    answer = rejected(client, upload(xlsx([("Liczba wniosków", "Kwota wypłat"), (1, 2)])))
    assert answer["message"] == "IMPORT_FAILED"
    assert answer["errors"] == [
        {"name": "1:1", "description": "Brak wymaganej kolumny „Województwo” w wierszu nagłówka (wiersz 1)."}
    ]
    assert records(db) == before


def test_text_in_number_cells_names_every_bad_cell(client, db):
    rows = [("Województwo", "Liczba wniosków", "Kwota wypłat")] + [(code, 1, 2) for code, _ in VOIVODESHIPS[:10]]
    rows[6] = (rows[6][0], 1, "dużo")  # spreadsheet row 7, column C
    rows[8] = (rows[8][0], "abc", 2)  # row 9, column B
    before = records(db)
    answer = rejected(client, upload(xlsx(rows)))
    assert [error["name"] for error in answer["errors"]] == ["C7", "B9"]
    assert (
        answer["errors"][0]["description"] == "Komórka C7: „dużo” nie jest liczbą. Wpisz liczbę, np. 1234 albo 1 234,5."
    )
    assert records(db) == before


def test_an_unknown_voivodeship_is_named_with_its_cell(client):
    answer = rejected(client, upload(xlsx([("Województwo", "Liczba wniosków"), ("łódzkie", 1), ("Mazowsze", 2)])))
    assert answer["errors"][0]["name"] == "A3" and "„Mazowsze”" in answer["errors"][0]["description"]


def test_a_voivodeship_given_twice_points_at_both_rows(client):
    answer = rejected(client, upload(xlsx([("Województwo",), ("ŁÓDZKIE",), ("ld",)])))
    assert answer["errors"][0]["name"] == "A3" and "A2" in answer["errors"][0]["description"]


def test_an_empty_required_cell_is_named(client):
    answer = rejected(client, upload(xlsx([("Województwo", "Liczba wniosków"), ("łódzkie", 1), (None, 2)])))
    assert answer["errors"] == [
        {"name": "A3", "description": "Komórka A3: brak wartości w wymaganej kolumnie „Województwo”."}
    ]


@pytest.mark.parametrize("data", [os.urandom(4000), xlsx(GOOD)[:-300], b"PK\x03\x04" + os.urandom(300)])
def test_a_broken_file_named_xlsx_is_a_422_in_polish(client, db, data):
    before = records(db)
    answer = rejected(client, upload(data, "raport.xlsx"))
    assert answer["message"] == "IMPORT_FAILED" and answer["errors"][0]["name"] == "file"
    assert "raport.xlsx" in answer["errors"][0]["description"]
    assert records(db) == before


def test_an_image_sent_as_a_spreadsheet_is_a_422_saying_what_it_is(client):
    answer = rejected(client, upload(b"\x89PNG\r\n\x1a\n" + bytes(100), "raport.xlsx"))
    assert "formacie PNG" in answer["errors"][0]["description"]


def test_a_failure_after_the_parser_wrote_leaves_nothing_written(client, db):
    before = records(db)
    answer = rejected(client, upload(xlsx(GOOD)), fail=True)
    assert answer["errors"] == [{"name": "B2", "description": "Komórka B2: wartość odrzucona na końcu importu."}]
    assert records(db) == before


# -- bad requests ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("type_code", ["OTHER_XLS", "NIE_MA", None, 5])
def test_a_type_the_endpoint_does_not_take_is_a_400(client, type_code):
    answer = client.post("/api/test-import/", {"type": type_code, "file": upload(xlsx(GOOD))}, status=400)
    assert answer["errors"][0]["name"] == "type" and "TEST_XLS" in answer["errors"][0]["description"]


def test_garbage_instead_of_a_file_is_a_400(client):
    for file in [None, "raport.xlsx", {"name": "r.xlsx", "data": "data:;base64,###"}]:
        assert rejected(client, file, status=400)["errors"][0]["name"] == "file"


def test_an_oversized_file_is_a_413(imports_api):
    small = imports_api(**{"smogpanel.max_upload_bytes": "4096"})
    big = xlsx([("Województwo", "Uwagi")] + [(code, os.urandom(400).hex()) for code, _ in VOIVODESHIPS])
    answer = rejected(small, upload(big), status=413)
    assert answer["message"] == "FILE_TOO_LARGE" and "MB" in answer["errors"][0]["description"]


# -- the list and the templates ----------------------------------------------------------------------------------
def test_the_registered_types_are_listed_for_the_forms(client):
    listed = {item["code"]: item for item in client.get("/api/import/")["message"]}
    assert {"TEST_XLS", "OTHER_XLS"} <= set(listed)  # installed plugins add their own
    assert listed["TEST_XLS"]["label"] == "Testowy raport wojewódzki"
    assert listed["TEST_XLS"]["template"] == "/api/import/TEST_XLS/template"
    assert listed["TEST_XLS"]["columns"][0] == {
        "key": "voivodeship",
        "header": "Województwo",
        "required": True,
        "kind": "voivodeship",
    }


def test_the_list_needs_a_signed_in_user_but_a_template_is_a_plain_link(client):
    Api(client.app).get("/api/import/", status=401)
    response = client.app.get("/api/import/TEST_XLS/template")
    assert response.headers["Content-Disposition"] == 'attachment; filename="TEST_XLS.xlsx"'
    assert Api(client.app).get("/api/import/NO_SUCH/template", status=404)["message"] == "NOT_FOUND"


def test_the_template_is_an_xlsx_with_the_header_and_polish_instructions(client):
    response = client.app.get("/api/import/TEST_XLS/template", headers=client.headers())
    assert response.headers["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert response.headers["Content-Disposition"] == 'attachment; filename="TEST_XLS.xlsx"'
    workbook = load_workbook(io.BytesIO(response.body))
    assert workbook.sheetnames == ["Dane", "Instrukcja"]
    data = workbook["Dane"]
    assert [cell.value for cell in data[1]] == ["Województwo", "Liczba wniosków", "Kwota wypłat", "Uwagi"]
    assert all(cell.font.bold for cell in data[1])
    assert data.column_dimensions["B"].width >= len("Liczba wniosków")
    assert [row[0] for row in data.iter_rows(min_row=2, values_only=True)] == [name for _, name in VOIVODESHIPS]
    instructions = [value for row in workbook["Instrukcja"].iter_rows(values_only=True) for value in row if value]
    assert "Jeden wiersz na województwo: liczba wniosków i kwota wypłat." in instructions
    assert all(name in instructions and code in instructions for code, name in VOIVODESHIPS)


def test_a_filled_in_template_imports(client):
    template = client.app.get("/api/import/TEST_XLS/template", headers=client.headers()).body
    workbook = load_workbook(io.BytesIO(template))
    for row in range(2, 18):
        workbook["Dane"].cell(row=row, column=2, value=row * 10)
    buffer = io.BytesIO()
    workbook.save(buffer)
    answer = client.post("/api/test-import/", {"type": "TEST_XLS", "file": upload(buffer.getvalue())})["message"]
    assert answer["created"] == 16 and answer["skipped"] == []
    assert [row["applications"] for row in answer["rows"]] == [row * 10 for row in range(2, 18)]


def test_an_unknown_template_is_a_404_envelope(client):
    answer = client.get("/api/import/NIE_MA/template", status=404)
    assert answer["message"] == "NOT_FOUND"


# -- registration ---------------------------------------------------------------------------------------------
def test_two_plugins_claiming_one_type_code_stop_the_start(make_app):
    plugins = [("testimports", ImportsPlugin()), ("clashing", ClashingPlugin())]
    with pytest.raises(ConfigurationError, match="TEST_XLS.*testimports.*clashing"):
        make_app(**{"smogpanel.plugin_objects": plugins})


def test_a_plugin_returning_something_else_stops_the_start(make_app):
    class Wrong:
        @hookimpl
        def smogpanel_import_types(self):
            return [{"code": "X"}]

    with pytest.raises(ConfigurationError, match="ImportType"):
        make_app(**{"smogpanel.plugin_objects": [("wrong", Wrong())]})


def test_definitions_are_checked_when_written():
    with pytest.raises(ValueError):
        ImportType(code="cp xls", label="x", columns=(), parse=parse)
    with pytest.raises(ValueError):
        ImportType(code="X", label="x", columns=(Column("a", "A"), Column("a", "B")), parse=parse)
    with pytest.raises(ValueError):
        Column("a", "A", kind="date")
