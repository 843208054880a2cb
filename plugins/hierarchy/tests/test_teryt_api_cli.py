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
    assert [c["header"] for c in types["TERYT_TERC"]["columns"]] == [
        "WOJ",
        "POW",
        "GMI",
        "RODZ",
        "NAZWA",
        "NAZWA_DOD",
        "STAN_NA",
    ]


@pytest.mark.parametrize("name", ["terc_sample.csv", "terc_sample_bom.csv", "terc_sample.xml"])
def test_importing_through_the_api_reports_and_a_second_time_changes_nothing(api, name):
    body = {"type": "TERYT_TERC", "file": upload(FIXTURES / name, name)}
    first = api.post("/api/hierarchy/import-teryt", body)["message"]
    assert (first["added"], first["renamed"], first["unchanged"], first["gone"]) == (47, 0, 16, 0)
    assert first["created"] == 47
    second = api.post("/api/hierarchy/import-teryt", body)["message"]
    assert (second["added"], second["renamed"], second["unchanged"], second["gone"]) == (0, 0, 63, 0)
    gminy = api.get("/api/borough/?order=name&asc=1")["message"]["list"]
    krakow = next(g for g in gminy if g["name"] == "Kraków")
    assert krakow["teryt"] == "1261011" and krakow["district_name"] == "Kraków"


def test_a_dry_run_through_the_api_writes_nothing(api):
    body = {"type": "TERYT_TERC", "file": upload(FIXTURES / "terc_sample.csv"), "dry_run": 1}
    answer = api.post("/api/hierarchy/import-teryt", body)["message"]
    assert answer["dry_run"] is True and answer["added"] == 47
    assert answer["max_gone_percent"] == 2.0  # the threshold the report shows as "2 %"
    assert not [g for g in api.get("/api/borough/")["message"]["list"] if g["teryt"]]


def test_a_file_that_is_no_terc_file_is_refused_in_polish_naming_the_line(api):
    before = api.get("/api/district/")["message"]["list"]
    body = {
        "type": "TERYT_TERC",
        "file": upload(
            b"WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n"
            b"12;;;;MA\xc5\x81OPOLSKIE;wojew\xc3\xb3dztwo;2025-01-01\n"
            b"12;06;;;krakowski;powiat;2025-01-01\n"
            b"12;06;01;6;Liszki;gmina wiejska;2025-01-01\n"
        ),
    }
    answer = api.post("/api/hierarchy/import-teryt", body, status=422)
    assert answer["message"] == "IMPORT_FAILED"
    assert answer["errors"] == [{"name": "file", "description": answer["errors"][0]["description"]}]
    assert answer["errors"][0]["description"].startswith("Wiersz 4: RODZ „6”")
    assert answer["errors"][-1]["description"].endswith(" Nic nie zapisano.")  # a refusal says so
    assert api.get("/api/district/")["message"]["list"] == before
    png = b"\x89PNG\r\n\x1a\n" + b"0" * 40
    refused = api.post("/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(png, "a.png")}, status=422)
    assert refused["message"] == "IMPORT_FAILED"
    wrong_type = api.post("/api/hierarchy/import-teryt", {"type": "CP_XLS", "file": upload(png)}, status=400)
    assert wrong_type["errors"][0]["name"] == "type"


def test_anonymous_users_cannot_import(anonymous):
    anonymous.post(
        "/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(FIXTURES / "terc_sample.csv")}, status=401
    )


@pytest.fixture
def ini(tmp_path):
    path = tmp_path / "cli.ini"
    path.write_text(
        "[app:main]\nuse = egg:smogpanel\n"
        f"sqlalchemy.url = sqlite:///{tmp_path / 'cli.sqlite'}\n"
        f"smogpanel.mail_dir = {tmp_path / 'mail'}\n",
        encoding="utf-8",
    )
    return str(path)


def count_gminy(tmp_path):
    with sa.create_engine(f"sqlite:///{tmp_path / 'cli.sqlite'}").connect() as connection:
        return connection.exec_driver_sql("SELECT count(*) FROM borough WHERE teryt IS NOT NULL").scalar()


def test_the_command_line_import_with_dry_run_report_and_a_broken_file(ini, tmp_path, capsys):
    assert cli(["-c", ini, "init"]) == 0
    sample = str(FIXTURES / "terc_sample.xml")
    assert cli(["-c", ini, "hierarchy", "import-teryt", sample, "--dry-run"]) == 0
    assert "Próba bez zapisu. Zostanie dodanych: 47, zmieni nazwę: 0" in capsys.readouterr().out
    assert count_gminy(tmp_path) == 0
    assert cli(["-c", ini, "hierarchy", "import-teryt", sample]) == 0
    assert "Dodano: 47, zmieniono nazwę: 0" in capsys.readouterr().out
    assert count_gminy(tmp_path) == 26
    renamed = tmp_path / "renamed.csv"
    renamed.write_bytes(
        (FIXTURES / "terc_sample.csv").read_bytes().replace("Zabierzów;".encode(), "Zabierzów Nowy;".encode())
    )
    assert cli(["-c", ini, "hierarchy", "import-teryt", str(renamed)]) == 0
    out = capsys.readouterr().out
    assert "zmieniono nazwę: 1" in out and "Zmiana nazwy: 1206032 „Zabierzów” → „Zabierzów Nowy”" in out
    broken = tmp_path / "broken.csv"
    broken.write_text("WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n12;;;;X;województwo\n", encoding="utf-8")
    assert cli(["-c", ini, "hierarchy", "import-teryt", str(broken)]) == 1
    assert "Wiersz 2: 6 kolumn zamiast 7" in capsys.readouterr().err
    assert cli(["-c", ini, "hierarchy", "import-teryt", str(tmp_path / "missing.csv")]) == 2


# -- wrong files, removals and retiring: the same Polish messages in the API and the CLI -----------
SAMPLE = (FIXTURES / "terc_sample.csv").read_bytes()
CUT = SAMPLE[: SAMPLE.index(b"16;;;;")]  # a download that stopped at a row end
SMALLER = b"".join(
    line for line in SAMPLE.splitlines(keepends=True) if not line.startswith((b"24;02;", b"24;17;", b"02;11;"))
)  # 8 of 63 units gone


def api_errors(api, data, status=422, **flags):
    answer = api.post(
        "/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(data), **flags}, status=status
    )
    return answer["errors"] if status == 422 else answer["message"]


def cli_errors(ini, tmp_path, capsys, data, *flags):
    path = tmp_path / "TERC.csv"
    path.write_bytes(data)
    code = cli(["-c", ini, "hierarchy", "import-teryt", str(path), *flags])
    captured = capsys.readouterr()
    return code, captured.err, captured.out


@pytest.mark.slow
def test_a_cut_file_and_too_many_removals_are_refused_alike_in_the_api_and_the_cli(api, ini, tmp_path, capsys):
    [cut] = api_errors(api, CUT)
    assert cut["name"] == "file" and cut["description"].startswith("Brak wierszy województw: opolskie (16)")
    assert cli(["-c", ini, "init"]) == 0
    code, err, _ = cli_errors(ini, tmp_path, capsys, CUT)
    assert code == 1 and "nic nie zapisano" in err and f"  {cut['description']}\n" in err
    assert count_gminy(tmp_path) == 0

    api_errors(api, SAMPLE, status=200)
    [removals] = api_errors(api, SMALLER)
    assert removals["name"] == "accept_removals"
    assert "8 z 63 jednostek" in removals["description"] and "dolnośląskie (3), śląskie (5)" in removals["description"]
    assert len([row for row in api.get("/api/borough/")["message"]["list"] if row["teryt"]]) == 26
    cli_errors(ini, tmp_path, capsys, SAMPLE)
    code, err, _ = cli_errors(ini, tmp_path, capsys, SMALLER)
    assert code == 1 and f"  {removals['description']}\n" in err
    code, _, out = cli_errors(ini, tmp_path, capsys, SMALLER, "--accept-removals")
    assert code == 0 and "nie ma już w rejestrze: 8" in out and "Nie ma już w rejestrze: 2417 „żywiecki”" in out
    code, _, out = cli_errors(ini, tmp_path, capsys, SMALLER, "--accept-removals", "--retire-gone")
    assert code == 0 and "Wycofano: 8, zostawiono (są odwołania): 0." in out and "  Wycofano: 2417 „żywiecki”" in out
    with sa.create_engine(f"sqlite:///{tmp_path / 'cli.sqlite'}").connect() as connection:
        live = connection.exec_driver_sql("SELECT count(*) FROM borough WHERE teryt IS NOT NULL AND deleted IS NULL")
        assert (live.scalar(), count_gminy(tmp_path)) == (21, 26)  # soft-deleted: kept in the table, with their codes
    code, _, out = cli_errors(ini, tmp_path, capsys, SMALLER)
    assert code == 0 and "nie ma już w rejestrze: 0" in out
    assert api_errors(api, SMALLER, status=200, accept_removals=1)["gone"] == 8


def test_retiring_keeps_what_a_ranking_or_a_search_refers_to_and_says_why(api):
    api_errors(api, SAMPLE, status=200)
    gminy = {row["teryt"]: row for row in api.get("/api/borough/?order=name&asc=1")["message"]["list"]}
    search = api.post(
        "/api/search/",
        {
            "name": "Dotacje",
            "internal_name": "dotacje",
            "source": "",
            "search_keys": [{"name": "Dotacja", "hide_name": 0, "search_key_place_name": "TOP"}],
        },
    )["message"]
    api.post("/api/search_entry/", {"search_id": search["id"], "borough_id": gminy["2402022"]["id"], "values": []})
    rank = api.post(
        "/api/rank/",
        {
            "name": "Ranking gmin",
            "internal_name": "ranking-gmin",
            "rank_type_name": "gminy",
            "search_value_title": "ton",
            "table_value_title": "ton",
        },
    )["message"]
    group = api.post("/api/rank_group/", {"name": "2024", "rank_id": rank["id"]})["message"]
    api.post(
        "/api/rank_value/",
        {"value": 1, "points": 1, "rank_group_id": group["id"], "borough_id": gminy["2417011"]["id"]},
    )
    api.post(
        "/api/item/",
        {
            "name": "Komunikat dla Jaworza",
            "internal_name": "jaworze",
            "item_type_id": "borough-note",
            "hooks": [
                {"item_type_hook_id": "gmina", "value": gminy["2402012"]["id"]},
                {"item_type_hook_id": "title", "value": "Sezon grzewczy"},
                {"item_type_hook_id": "text", "value": "Nie pal śmieci."},
            ],
        },
    )
    answer = api_errors(api, SMALLER, status=200, accept_removals=1, retire_gone=1)
    kept = {change["teryt"]: change["reasons"] for change in answer["changes"]["kept"]}
    assert kept == {
        "2402012": ["element „Komunikat dla Jaworza”"],
        "2402022": ["wyszukiwarka „Dotacje”"],
        "2417011": ["ranking „Ranking gmin”"],
        "2402": ["zostają w nim gminy: 2"],
        "2417": ["zostają w nim gminy: 1"],
    }
    assert {change["teryt"] for change in answer["changes"]["retired"]} == {"0211", "0211011", "0211022"}
    live = {row["teryt"] for row in api.get("/api/borough/?order=name&asc=1")["message"]["list"]}
    assert {"2402012", "2402022", "2417011"} <= live and not {"0211011", "0211022"} & live


def test_the_limit_on_gone_units_is_a_setting_and_a_bad_one_stops_the_start(make_app, admin):
    from smogpanel.testing.app import signed_in

    api = signed_in(make_app(**{"smogpanel.hierarchy.max_gone_percent": "15"}), admin)
    api_errors(api, SAMPLE, status=200)
    assert api_errors(api, SMALLER, status=200)["gone"] == 8  # 12.7% is under 15%
    for bad in ("dwa", "-1", "150", "inf", "nan"):
        with pytest.raises(ValueError, match="max_gone_percent"):
            make_app(**{"smogpanel.hierarchy.max_gone_percent": bad})


def test_a_limit_of_zero_is_kept_not_taken_for_the_default():
    from smogpanel.plugins.hierarchy.teryt_import import MAX_GONE_PERCENT, max_gone_percent

    assert [max_gone_percent({"smogpanel.hierarchy.max_gone_percent": value}) for value in (0, "0", "0,5%", "")] == [
        0,
        0,
        0.5,
        MAX_GONE_PERCENT,
    ]
    assert max_gone_percent({}) == MAX_GONE_PERCENT


def test_a_spreadsheet_copy_of_the_register_reports_every_problem_in_one_answer(api):
    """docs/imports.md: every bad cell at once, the spreadsheet copy of TERC too (an empty
    required cell used to hide the rows' bad codes until the next try)."""
    from smogpanel.testing.files import xlsx

    header = ["WOJ", "POW", "GMI", "RODZ", "NAZWA", "NAZWA_DOD", "STAN_NA"]
    data = xlsx(
        [
            header,
            ["12", "", "", "", "", "województwo", "2025-01-01"],
            ["99", "06", "", "", "krakowski", "powiat", "2025-01-01"],
            ["12", "06", "01", "6", "Liszki", "gmina wiejska", "2025-01-01"],
        ]
    )
    before = api.get("/api/district/")["message"]["list"]
    answer = api.post(
        "/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(data, "TERC.xlsx")}, status=422
    )
    descriptions = [error["description"] for error in answer["errors"]]
    assert len(descriptions) == 3, descriptions
    assert descriptions[0].startswith("Komórka E2: brak wartości w wymaganej kolumnie „NAZWA”")
    assert descriptions[1].startswith("Wiersz 3: „99” nie jest kodem województwa")
    assert descriptions[2].startswith("Wiersz 4: RODZ „6”")
    assert api.get("/api/district/")["message"]["list"] == before
