"""Uploads as a form sends them ({name, data URL}), checked by size and real content, stored,
kept on edit, and served back at /files/<name>. A tiny test plugin gives the helpers endpoints,
as a domain plugin's forms would."""

import io
import re

import pytest
import sqlalchemy as sa
from pyramid.exceptions import ConfigurationError

from smogpanel.files import (
    IMAGES,
    SPREADSHEETS,
    detect,
    file_url,
    read_upload_bytes,
    resolve_upload,
    store_generated,
    store_upload,
)
from smogpanel.hookspecs import hookimpl
from smogpanel.models import StoredFile
from smogpanel.testing.app import signed_in
from smogpanel.testing.files import pixels, png, xlsx
from smogpanel.testing.files import upload as shared_upload

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


GIF = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
    b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)


def xlsx_bytes():
    return xlsx([["Województwo", "Liczba"]])


def upload(data, name="plik.png", declared="image/png"):
    return shared_upload(data, name, declared)


# -- the test plugin: endpoints using the helpers the way domain forms do ---------------------------
def _body(request):
    return request.json_body


class FilesPlugin:
    @hookimpl
    def smogpanel_includeme(self, config):
        views = {
            "logo": lambda r: {"name": store_upload(r, _body(r).get("logo"), IMAGES, field="logo")},
            "sheet": lambda r: {"name": store_upload(r, _body(r).get("file"), SPREADSHEETS)},
            "edit": lambda r: {"name": resolve_upload(r, _body(r).get("logo"), IMAGES, field="logo")},
            "check": lambda r: {"size": len(read_upload_bytes(r, _body(r).get("file"), SPREADSHEETS))},
            "export": lambda r: {
                "url": file_url(r, store_generated(r, "mapa województw.xlsx", XLSX_TYPE, xlsx_bytes()))
            },
        }
        for name, view in views.items():
            config.add_route(f"test-files-{name}", f"/api/test-files/{name}")
            config.add_view(view, route_name=f"test-files-{name}", request_method="POST", renderer="envelope")


FILES_PLUGIN = (("testfiles", FilesPlugin()),)  # one object: one app for the module's tests


@pytest.fixture
def files_api(make_app, admin):
    def build(**settings):
        app = make_app(**{"smogpanel.plugin_objects": FILES_PLUGIN, **settings})
        return signed_in(app, admin)

    return build


@pytest.fixture
def client(files_api):
    return files_api()


def stored(db, name):
    return db.execute(sa.select(StoredFile).where(StoredFile.name == name)).scalar_one_or_none()


def count_files(db):
    return db.scalar(sa.select(sa.func.count()).select_from(StoredFile))


# -- storing and serving ----------------------------------------------------------------------------
def test_an_uploaded_logo_is_stored_under_a_random_name_and_served_back(client, db):
    image = png(3, 2)
    name = client.post("/api/test-files/logo", {"logo": upload(image, "Logo firmy.png")})["message"]["name"]
    assert re.fullmatch(r"[0-9a-f]{32}\.png", name)
    row = stored(db, name)
    assert (row.original_name, row.content_type, row.size) == ("Logo firmy.png", "image/png", len(row.data))
    assert pixels(row.data) == pixels(image)  # re-encoded (smogpanel.images), the same picture

    response = client.app.get(f"/files/{name}")  # no token: public pages show logos
    assert response.body == row.data
    assert response.headers["Content-Type"] == "image/png"
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Disposition"] == "inline"
    assert client.app.get(f"/files/{name}", headers={"If-None-Match": response.headers["ETag"]}, status=304).body == b""


def test_the_same_file_twice_gets_two_unguessable_names(client):
    first = client.post("/api/test-files/logo", {"logo": upload(GIF, "a.gif")})["message"]["name"]
    second = client.post("/api/test-files/logo", {"logo": upload(GIF, "a.gif")})["message"]["name"]
    assert first != second and first.endswith(".gif") and second.endswith(".gif")


def test_the_real_content_decides_the_type_not_the_declared_one(client, db):
    name = client.post("/api/test-files/logo", {"logo": upload(png(), "zdjecie.jpg", declared="image/jpeg")})[
        "message"
    ]["name"]
    assert name.endswith(".png") and stored(db, name).content_type == "image/png"


def test_spreadsheets_are_served_as_downloads_with_their_original_name(client):
    name = client.post("/api/test-files/sheet", {"file": upload(xlsx_bytes(), "Raport łódzki.xlsx", XLSX_TYPE)})[
        "message"
    ]["name"]
    assert name.endswith(".xlsx")
    response = client.app.get(f"/files/{name}")
    assert response.headers["Content-Type"] == XLSX_TYPE
    assert response.headers["Content-Disposition"] == (
        "attachment; filename=\"Raport lodzki.xlsx\"; filename*=UTF-8''Raport%20%C5%82%C3%B3dzki.xlsx"
    )


def test_a_csv_keeps_its_encoding_when_served(client):
    data = "Województwo;Liczba\nłódzkie;1\n".encode("cp1250")
    name = client.post("/api/test-files/sheet", {"file": upload(data, "dane.csv", "text/csv")})["message"]["name"]
    response = client.app.get(f"/files/{name}")
    assert response.headers["Content-Type"] == "text/csv; charset=windows-1250"
    assert response.body.decode("cp1250").startswith("Województwo")


def test_a_generated_export_answers_a_url_the_browser_opens(client):
    url = client.post("/api/test-files/export")["message"]["url"]
    assert re.fullmatch(r"/files/[0-9a-f]{32}\.xlsx", url)
    response = client.app.get(url)
    assert response.headers["Content-Type"] == XLSX_TYPE and response.body.startswith(b"PK")
    assert "filename*=UTF-8''mapa%20wojew%C3%B3dztw.xlsx" in response.headers["Content-Disposition"]


@pytest.mark.parametrize(
    "path", ["/files/" + "0" * 32 + ".png", "/files/nie-ma-takiego.png", "/files/..%2Fetc%2Fpasswd"]
)
def test_an_unknown_file_is_a_404(client, path):
    client.app.get(path, status=404)


# -- refusals ------------------------------------------------------------------------------------------
def refusal(client, path, body, status=400):
    answer = client.post(path, body, status=status)
    assert answer["success"] is False
    return answer


def test_a_text_file_declared_as_an_image_is_refused_naming_the_allowed_formats(client, db):
    before = count_files(db)
    answer = refusal(client, "/api/test-files/logo", {"logo": upload(b"<svg onload=alert(1)>", "logo.png")})
    assert answer["message"] == "VALIDATION_FAILED" and answer["errors"][0]["name"] == "logo"
    description = answer["errors"][0]["description"]
    assert "logo.png" in description and "PNG, JPEG, GIF, WebP" in description
    assert count_files(db) == before


def test_an_html_page_sent_as_a_logo_is_called_a_text_file_not_a_csv(client):
    answer = refusal(
        client, "/api/test-files/logo", {"logo": upload(b"<!doctype html><html><body>x</body></html>", "logo.png")}
    )
    description = answer["errors"][0]["description"]
    assert "Plik „logo.png” jest plikiem tekstowym (sprawdzono jego zawartość)" in description
    assert "CSV" not in description


def test_a_png_declared_as_a_spreadsheet_is_refused_saying_what_it_is(client):
    answer = refusal(client, "/api/test-files/sheet", {"file": upload(png(), "raport.xlsx", XLSX_TYPE)})
    description = answer["errors"][0]["description"]
    assert "formacie PNG" in description and "XLSX, XLS, CSV" in description


@pytest.mark.parametrize(
    "logo",
    [
        "tylko tekst",
        {"name": "a.png"},
        {"name": "a.png", "data": 12},
        {"name": "a.png", "data": "image/png;base64,AAAA"},
        {"name": "a.png", "data": "data:image/png;base64,!!!nie-base64!!!"},
        {"name": "a.png", "data": "data:image/png;base64,ąę"},
        {"name": "a.png", "data": "data:image/png;base64,iVBORw0KGgo"},  # cut in the middle of a quantum
        ["data:image/png;base64,AAAA"],
    ],
)
def test_garbage_instead_of_a_data_url_is_a_400_in_polish(client, logo):
    answer = refusal(client, "/api/test-files/logo", {"logo": logo})
    assert answer["errors"][0]["name"] == "logo" and "plik" in answer["errors"][0]["description"].lower()


def test_an_empty_file_is_refused(client):
    answer = refusal(client, "/api/test-files/logo", {"logo": {"name": "a.png", "data": "data:image/png;base64,"}})
    assert "pusty" in answer["errors"][0]["description"]


def test_a_file_over_the_configured_limit_is_a_413_naming_the_limit(files_api, db):
    small = files_api(**{"smogpanel.max_upload_bytes": "2048"})
    before = count_files(db)
    answer = refusal(small, "/api/test-files/logo", {"logo": upload(png(padding=3000))}, status=413)
    assert answer["message"] == "FILE_TOO_LARGE" and answer["errors"][0]["name"] == "logo"
    assert "0,002 MB" in answer["errors"][0]["description"]
    assert count_files(db) == before
    assert small.post("/api/test-files/logo", {"logo": upload(png(padding=1500))})["success"] is True


def test_the_default_limit_is_5_mb(client):
    answer = refusal(client, "/api/test-files/logo", {"logo": upload(png(padding=5 * 1024 * 1024))}, status=413)
    assert "Największy dozwolony rozmiar pliku to 5 MB" in answer["errors"][0]["description"]


def test_a_bad_limit_setting_stops_the_start(make_app):
    with pytest.raises(ConfigurationError):
        make_app(**{"smogpanel.max_upload_bytes": "pięć megabajtów"})


def test_imports_can_check_a_file_without_storing_it(client, db):
    before = count_files(db)
    assert client.post("/api/test-files/check", {"file": upload(xlsx_bytes(), "r.xlsx")})["message"]["size"] > 0
    assert count_files(db) == before
    refusal(client, "/api/test-files/check", {"file": upload(GIF, "r.xlsx")})


# -- edit forms ----------------------------------------------------------------------------------------
def test_an_unchanged_logo_arrives_as_its_stored_name_and_is_kept(client, db):
    name = client.post("/api/test-files/logo", {"logo": upload(png())})["message"]["name"]
    before = count_files(db)
    assert client.post("/api/test-files/edit", {"logo": name})["message"]["name"] == name
    assert client.post("/api/test-files/edit", {"logo": f"/files/{name}"})["message"]["name"] == name
    assert count_files(db) == before


def test_a_new_logo_on_edit_is_stored_and_an_empty_one_clears_it(client, db):
    old = client.post("/api/test-files/logo", {"logo": upload(png())})["message"]["name"]
    new = client.post("/api/test-files/edit", {"logo": upload(GIF, "nowe.gif")})["message"]["name"]
    assert new != old and stored(db, new).content_type == "image/gif"
    assert client.post("/api/test-files/edit", {"logo": ""})["message"]["name"] is None
    assert client.post("/api/test-files/edit", {"logo": None})["message"]["name"] is None


def test_an_unknown_stored_name_or_a_spreadsheet_as_a_logo_is_refused(client):
    sheet = client.post("/api/test-files/sheet", {"file": upload(xlsx_bytes(), "r.xlsx")})["message"]["name"]
    for value in ["0" * 32 + ".png", "../../etc/passwd", sheet, 12]:
        answer = refusal(client, "/api/test-files/edit", {"logo": value})
        assert answer["errors"][0] == {
            "name": "logo",
            "description": "Wskazany plik nie istnieje. Wybierz plik ponownie.",
        }


# -- recognising content -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "data, kind",
    [
        (png(), "png"),
        (GIF, "gif"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(50), "jpeg"),
        (b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(30), "webp"),
        (xlsx_bytes(), "xlsx"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500), "xls"),
        ("a;b\nł;ó\n".encode(), "csv"),
        ("a;b\nł;ó\n".encode("cp1250"), "csv"),
        (b"\xef\xbb\xbfa;b\n", "csv"),
        ("a\tb\n".encode("utf-16"), "csv"),
        (b"PK\x03\x04" + bytes(100), None),
        (b"\x00\x01\x02binary", None),
        (b"text with a \x1b escape", None),
    ],
)
def test_content_is_recognised_by_its_bytes(data, kind):
    assert detect(data) == kind


def test_a_zip_that_is_not_a_workbook_is_not_a_spreadsheet():
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", "<w/>")
    assert detect(buffer.getvalue()) is None
