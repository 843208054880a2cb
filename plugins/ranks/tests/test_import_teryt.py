"""RB_XLS with TERYT codes: the 'Kod TERYT' column finds a gmina by its code, and a name the
hierarchy holds twice in one district is an error naming both with their codes."""

from pathlib import Path

from smogpanel.plugins.ranks.tests.helpers import add_group, add_rank, group_values, import_file
from smogpanel.testing.files import upload

# The hierarchy's TERC-shaped sample (made-up codes; read as a file, never imported): an urban
# and a rural gmina named Bolesławiec in one district, as the register has such pairs.
TERC = (Path(__file__).parents[2] / "hierarchy" / "fixtures" / "terc_sample.csv").read_bytes()
HEADER = ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Wartość", "Punkty"]


def test_gminy_of_one_name_by_their_teryt_codes_and_an_ambiguous_name_refused(api):
    api.post("/api/hierarchy/import-teryt", {"type": "TERYT_TERC", "file": upload(TERC, "TERC.csv")})
    group = add_group(api, add_rank(api))
    rows = [
        HEADER,
        ["Bolesławiec", "bolesławiecki", "dolnośląskie", "0201011", 10, 5],
        ["Bolesławiec", "bolesławiecki", "dolnośląskie", "0201022", 20, 7],
    ]
    answer = api.post("/api/rank_value/import", import_file(rows, rank_group_id=group["id"], type="RB_XLS"))
    assert answer["message"]["created"] == 2
    assert len({row["borough_id"] for row in group_values(api, group)}) == 2

    other = add_group(api, add_rank(api, internal_name="drugi"))
    rows = [HEADER, ["Bolesławiec", "bolesławiecki", "dolnośląskie", None, 10, 5]]
    refused = api.post(
        "/api/rank_value/import", import_file(rows, rank_group_id=other["id"], type="RB_XLS"), status=422
    )["errors"][0]["description"]
    assert "kod TERYT 0201011" in refused and "kod TERYT 0201022" in refused
    assert group_values(api, other) == []
