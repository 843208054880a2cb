"""The TERC import as operators use it: the API behind 'Importuj TERYT' and the command
`smogpanel hierarchy import-teryt FILE [--dry-run]`."""
import base64
from pathlib import Path

import pytest
import sqlalchemy as sa

from smogpanel.cli import main as cli

FIXTURES = Path(__file__).parents[1] / "fixtures"


def upload(path_or_bytes, name="TERC.csv"):
    data = path_or_bytes.read_bytes() if isinstance(path_or_bytes, Path) else path_or_bytes
    return {"name": name, "data": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}


def test_the_import_type_is_in_the_registry(api):
    types = {t["code"]: t for t in api.get("/api/import/")["message"]}
    assert [c["header"] for c in types["TERYT_TERC"]["columns"]] == \
        ["WOJ", "POW", "GMI", "RODZ", "NAZWA", "NAZWA_DOD", "STAN_NA"]


@pytest.mark.parametrize("name", ["terc_sample.csv", "terc_sample_bom.csv", "terc_sample.xml"])
def test_importing_through_the_api_reports_and_a_second_time_changes_nothing(api, name):
    body = {"type": "TERYT_TERC", "file": upload(FIXTURES / name, name)}
    first = api.post("/api/hierarchy/import-teryt", body)["message"]
    assert (first["added"], first["renamed"], first["unchanged"], first["gone"]) == (23, 0, 16, 0)
    assert first["created"] == 23
    second = api.post("/api/hierarchy/import-teryt", body)["message"]
    assert (second["added"], second["renamed"], second["unchanged"], second["gone"]) == (0, 0, 39, 0)
    gminy = api.get("/api/borough/?order=name&asc=1")["message"]["list"]
    krakow = next(g for g in gminy if g["name"] == "Kraków")
    assert krakow["teryt"] == "1261011" and krakow["district_name"] == "Kraków"


def test_a_dry_run_through_the_api_writes_nothing(api):
    body = {"type": "TERYT_TERC", "file": upload(FIXTURES / "terc_sample.csv"), "dry_run": 1}
    answer = api.post("/api/hierarchy/import-teryt", body)["message"]
    assert answer["dry_run"] is True and answer["added"] == 23
    assert not [g for g in api.get("/api/borough/")["message"]["list"] if g["teryt"]]


def test_a_file_that_is_no_terc_file_is_refused_in_polish_naming_the_line(api):
    before = api.get("/api/district/")["message"]["list"]
    body = {"type": "TERYT_TERC", "file": upload(b"WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n"
                                                 b"12;;;;MA\xc5\x81OPOLSKIE;wojew\xc3\xb3dztwo;2025-01-01\n"
                                                 b"12;06;;;krakowski;powiat;2025-01-01\n"
                                                 b"12;06;01;6;Liszki;gmina wiejska;2025-01-01\n")}
    answer = api.post("/api/hierarchy/import-teryt", body, status=422)
    assert answer["message"] == "IMPORT_FAILED"
    assert answer["errors"] == [{"name": "file", "description": answer["errors"][0]["description"]}]
    assert answer["errors"][0]["description"].startswith("Wiersz 4: RODZ „6”")
    assert api.get("/api/district/")["message"]["list"] == before
    png = b"\x89PNG\r\n\x1a\n" + b"0" * 40
    refused = api.post("/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(png, "a.png")}, status=422)
    assert refused["message"] == "IMPORT_FAILED"
    wrong_type = api.post("/api/hierarchy/import-teryt", {"type": "CP_XLS", "file": upload(png)}, status=400)
    assert wrong_type["errors"][0]["name"] == "type"


def test_anonymous_users_cannot_import(anonymous):
    anonymous.post("/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(FIXTURES / "terc_sample.csv")},
                   status=401)


@pytest.fixture
def ini(tmp_path):
    path = tmp_path / "cli.ini"
    path.write_text("[app:main]\nuse = egg:smogpanel\n"
                    f"sqlalchemy.url = sqlite:///{tmp_path / 'cli.sqlite'}\n"
                    f"smogpanel.mail_dir = {tmp_path / 'mail'}\n", encoding="utf-8")
    return str(path)


def count_gminy(tmp_path):
    with sa.create_engine(f"sqlite:///{tmp_path / 'cli.sqlite'}").connect() as connection:
        return connection.exec_driver_sql("SELECT count(*) FROM borough WHERE teryt IS NOT NULL").scalar()


def test_the_command_line_import_with_dry_run_report_and_a_broken_file(ini, tmp_path, capsys):
    assert cli(["-c", ini, "init"]) == 0
    sample = str(FIXTURES / "terc_sample.xml")
    assert cli(["-c", ini, "hierarchy", "import-teryt", sample, "--dry-run"]) == 0
    assert "Próba bez zapisu. Dodano: 23" in capsys.readouterr().out
    assert count_gminy(tmp_path) == 0
    assert cli(["-c", ini, "hierarchy", "import-teryt", sample]) == 0
    assert "Dodano: 23, zmieniono nazwę: 0" in capsys.readouterr().out
    assert count_gminy(tmp_path) == 14
    renamed = tmp_path / "renamed.csv"
    renamed.write_bytes((FIXTURES / "terc_sample.csv").read_bytes().replace("Zabierzów;".encode(), "Zabierzów Nowy;".encode()))
    assert cli(["-c", ini, "hierarchy", "import-teryt", str(renamed)]) == 0
    out = capsys.readouterr().out
    assert "zmieniono nazwę: 1" in out and "Zmiana nazwy: 1206032 „Zabierzów” → „Zabierzów Nowy”" in out
    broken = tmp_path / "broken.csv"
    broken.write_text("WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n12;;;;X;województwo\n", encoding="utf-8")
    assert cli(["-c", ini, "hierarchy", "import-teryt", str(broken)]) == 1
    assert "Wiersz 2: 6 kolumn zamiast 7" in capsys.readouterr().err
    assert cli(["-c", ini, "hierarchy", "import-teryt", str(tmp_path / "missing.csv")]) == 2
