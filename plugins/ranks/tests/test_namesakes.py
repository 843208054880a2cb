"""Gminy of one name in one district (the register has Bolesławiec gmina miejska 0201011 and
gmina wiejska 0201022 in powiat bolesławiecki, and the two Lubins): the district shown beside
every gmina cannot tell them apart, so lists and public tables name their kind, and the panel's
gmina picker its TERYT code too. The fixture is the TERC-shaped sample (plugins/hierarchy/fixtures)."""

import base64
from pathlib import Path

import pytest

from smogpanel.plugins.hierarchy.models import Borough

from .helpers import add_gmina, add_group, add_rank, add_value, group_values

SAMPLE = Path(__file__).parents[2] / "hierarchy" / "fixtures" / "terc_sample.csv"


@pytest.fixture
def gminy(api):
    data = base64.b64encode(SAMPLE.read_bytes()).decode()
    api.post(
        "/api/hierarchy/import-teryt",
        {"type": "TERYT_TERC", "file": {"name": "TERC.csv", "data": "data:text/csv;base64," + data}},
    )
    listing = api.get("/api/borough/?order=name&asc=1")["message"]["list"]
    return {(row["name"], row["teryt"]): row for row in listing}


def test_the_gmina_picker_labels_namesakes_with_kind_and_code(api, gminy):
    assert gminy[("Bolesławiec", "0201011")]["label"] == "Bolesławiec (gmina miejska, kod TERYT 0201011)"
    assert gminy[("Bolesławiec", "0201022")]["label"] == "Bolesławiec (gmina wiejska, kod TERYT 0201022)"
    assert gminy[("Lubin", "0211022")]["label"] == "Lubin (gmina wiejska, kod TERYT 0211022)"
    assert gminy[("Skawina", "1206023")]["label"] == "Skawina"  # no namesake, nothing added
    # a district's own list tells them apart the same way
    district = gminy[("Bolesławiec", "0201011")]["district_id"]
    own = api.get(f"/api/borough/district/{district}")["message"]["list"]
    assert sorted(row["label"] for row in own) == [
        "Bolesławiec (gmina miejska, kod TERYT 0201011)",
        "Bolesławiec (gmina wiejska, kod TERYT 0201022)",
    ]


def test_value_lists_and_the_public_table_name_the_kind(api, anonymous, gminy):
    town, rural = gminy[("Bolesławiec", "0201011")]["id"], gminy[("Bolesławiec", "0201022")]["id"]
    skawina = gminy[("Skawina", "1206023")]["id"]
    group = add_group(api, add_rank(api))
    for points, borough_id in enumerate((town, rural, skawina)):
        add_value(api, group, borough_id, 1, points)
    names = {row["borough_id"]: row["borough_name"] for row in group_values(api, group)}
    assert names == {town: "Bolesławiec (gmina miejska)", rural: "Bolesławiec (gmina wiejska)", skawina: "Skawina"}
    one = api.get(f"/api/rank_value/{group_values(api, group)[0]['id']}")["message"]
    assert one["borough_name"] == "Skawina"
    public = anonymous.get("/api/public/rank/ranking-gmin")["message"]["gminy"]
    assert public[str(town)] == ["Bolesławiec (gmina miejska)", "bolesławiecki", "dolnośląskie"]
    assert public[str(rural)][0] == "Bolesławiec (gmina wiejska)"
    # the public table holds no code: the kind is what a resident knows
    assert "0201011" not in str(public)


def test_namesakes_in_other_districts_keep_their_plain_name(api):
    first = add_gmina(api, "Nowa Wieś", district="krakowski")
    second = add_gmina(api, "Nowa Wieś", district="kłodzki", voivodeship="dolnośląskie")
    group = add_group(api, add_rank(api))
    add_value(api, group, first, 1, 1)
    add_value(api, group, second, 1, 2)
    assert {row["borough_name"] for row in group_values(api, group)} == {"Nowa Wieś"}


def test_namesakes_of_unknown_kind_are_told_apart_by_id_then_by_their_kind(api, db):
    first = add_gmina(api, "Nowa Wieś", district="krakowski")
    second = add_gmina(api, "Nowa Wieś", district="krakowski")
    group = add_group(api, add_rank(api))
    add_value(api, group, first, 1, 1)
    add_value(api, group, second, 1, 2)
    assert {row["borough_name"] for row in group_values(api, group)} == {
        f"Nowa Wieś (id {first})",
        f"Nowa Wieś (id {second})",
    }
    db.get(Borough, first).kind = "1"  # the demo's gminy keep the register's kind without its code
    db.get(Borough, second).kind = "2"
    db.flush()
    assert {row["borough_name"] for row in group_values(api, group)} == {
        "Nowa Wieś (gmina miejska)",
        "Nowa Wieś (gmina wiejska)",
    }
