"""WPG_XLS with TERYT codes: a 'Kod TERYT' column finds a gmina by its code instead of the
names, and a name the hierarchy holds twice in one district is an error naming both gminy
with their codes (the hierarchy loaded from a TERC file through its API)."""

from pathlib import Path

from smogpanel.plugins.searches.tests.helpers import add_search, import_body
from smogpanel.testing.files import upload

# The hierarchy's TERC-shaped sample (made-up codes; read as a file, never imported): an urban
# and a rural gmina named Bolesławiec in one district, as the register has such pairs.
TERC = (Path(__file__).parents[2] / "hierarchy" / "fixtures" / "terc_sample.csv").read_bytes()
HEADER = ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Dotacja"]


def load_terc(api):
    api.post("/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(TERC, "TERC.csv")})


def test_a_teryt_code_tells_apart_gminy_of_one_name(api):
    load_terc(api)
    search = add_search(api)
    answer = api.post(
        "/api/search_entry/import",
        import_body(
            search,
            [
                HEADER,
                ["Bolesławiec", "bolesławiecki", "dolnośląskie", "0201022", "do 5 000 zł"],
                ["Bolesławiec", "bolesławiecki", "02", 201011, "do 7 000 zł"],
            ],
        ),
    )["message"]
    assert answer["created"] == 2
    listed = api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"]
    assert len({row["borough_id"] for row in listed}) == 2


def test_an_ambiguous_name_names_the_candidates_and_an_unknown_code_is_refused(api):
    load_terc(api)
    search = add_search(api)
    ambiguous = api.post(
        "/api/search_entry/import",
        import_body(
            search,
            [["Gmina", "Powiat", "Województwo", "Dotacja"], ["Bolesławiec", "bolesławiecki", "dolnośląskie", "x"]],
        ),
        status=422,
    )["errors"][0]["description"]
    assert "kod TERYT 0201011" in ambiguous and "kod TERYT 0201022" in ambiguous
    unknown = api.post(
        "/api/search_entry/import",
        import_body(search, [HEADER, ["Bolesławiec", "bolesławiecki", "dolnośląskie", "0201099", "x"]]),
        status=422,
    )["errors"][0]
    assert unknown["name"] == "D2" and "kodzie TERYT „0201099”" in unknown["description"]
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


def test_a_gmina_renamed_in_the_register_keeps_its_entry(api):
    load_terc(api)
    search = add_search(api)
    api.post(
        "/api/search_entry/import",
        import_body(search, [HEADER, ["Bolesławiec", "bolesławiecki", "dolnośląskie", "0201022", "do 5 000 zł"]]),
    )
    renamed = TERC.replace("02;01;02;2;Bolesławiec;".encode(), "02;01;02;2;Bolesławiec Wiejski;".encode())
    report = api.post("/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(renamed, "TERC.csv")})
    assert report["message"]["renamed"] == 1
    [entry] = api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"]
    assert entry["borough_name"] == "Bolesławiec Wiejski"
