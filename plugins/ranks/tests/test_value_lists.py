"""A group's values as a long list is read: searched without Polish letters by the
gmina's, district's and voivodeship's names and the TERYT code, filtered by voivodeship and
district, paged with the total, sorted by name across pages, in the database. The gminy are
the TERC-shaped sample (plugins/hierarchy/fixtures)."""

import base64
from pathlib import Path

import pytest

from .helpers import add_group, add_rank, add_value, group_values

SAMPLE = Path(__file__).parents[2] / "hierarchy" / "fixtures" / "terc_sample.csv"


@pytest.fixture
def values(api):
    data = base64.b64encode(SAMPLE.read_bytes()).decode()
    api.post(
        "/api/hierarchy/import-teryt",
        {"type": "TERYT_TERC", "file": {"name": "TERC.csv", "data": "data:text/csv;base64," + data}},
    )
    gminy = api.get("/api/borough/?order=name&asc=1")["message"]["list"]
    group = add_group(api, add_rank(api))
    for points, gmina in enumerate(gminy):
        add_value(api, group, gmina["id"], points, points)
    return {"group": group, "gminy": {row["teryt"]: row for row in gminy}}


def names(rows):
    return [row["borough_name"] for row in rows]


def test_search_ignores_case_and_polish_letters(api, values):
    group = values["group"]
    assert names(group_values(api, group, "?q=lodz")) == ["Łódź"]
    assert names(group_values(api, group, "?q=%C5%81%C3%93D%C5%B9")) == ["Łódź"]
    assert names(group_values(api, group, "?q=%C5%81oDz")) == ["Łódź"]
    assert names(group_values(api, group, "?q=zabierz")) == ["Zabierzów"]
    # the district's and the voivodeship's names, and the TERYT code
    assert set(names(group_values(api, group, "?q=krakowski"))) == {"Liszki", "Skawina", "Zabierzów"}
    assert names(group_values(api, group, "?q=1206032")) == ["Zabierzów"]
    assert set(names(group_values(api, group, "?q=slaskie"))) == {
        "Bolesławiec (gmina miejska)",
        "Bolesławiec (gmina wiejska)",
        "Lubin (gmina miejska)",
        "Lubin (gmina wiejska)",
        "Wrocław",
        "Jaworze",
        "Kozy",
        "Żywiec",
        "Katowice",
    }
    # several words: each must be found (here one in the name, one in the voivodeship)
    assert names(group_values(api, group, "?q=lubin dolnoslaskie&order=id&asc=1")) == [
        "Lubin (gmina miejska)",
        "Lubin (gmina wiejska)",
    ]
    # a search for what is not there, or for SQL's own wildcards, finds nothing
    assert group_values(api, group, "?q=Atlantyda") == []
    assert group_values(api, group, "?q=%25") == []
    assert group_values(api, group, "?q=_") == []


def test_filters_by_voivodeship_and_district(api, values):
    group, gminy = values["group"], values["gminy"]
    krakow = gminy["1261011"]
    small = group_values(api, group, f"?voivodeship_id={krakow['voivodeship_id']}&order=borough_name&asc=1")
    assert names(small) == ["Kraków", "Liszki", "Skawina", "Zabierzów"]
    district = gminy["1206032"]["district_id"]
    assert names(group_values(api, group, f"?district_id={district}&q=ska")) == ["Skawina"]
    assert group_values(api, group, "?district_id=999999") == []


def test_pages_carry_the_total_and_keep_the_polish_order(api, values):
    group = values["group"]
    whole = group_values(api, group, "?order=borough_name&asc=1")
    pages = []
    for page in (1, 2, 3, 4):
        answer = api.get(f"/api/rank_value/rank_group/{group['id']}?order=borough_name&asc=1&page={page}&per_page=10")
        message = answer["message"]
        assert list(message) == ["order", "asc", "page", "per_page", "total", "list"]
        assert (message["page"], message["per_page"], message["total"]) == (page, 10, len(whole))
        pages.extend(message["list"])
    assert [row["id"] for row in pages] == [row["id"] for row in whole]
    # the Polish alphabet, on both databases: Ł after L, Ż last
    shown = names(whole)
    assert shown.index("Lublin") < shown.index("Łódź") < shown.index("Opole")
    assert shown[-1] == "Żywiec"
    # descending, searched and paged together
    found = names(group_values(api, group, "?order=borough_name&asc=0&q=ow"))
    assert found[:2] == ["Zabierzów", "Warszawa"] and len(found) > 3
    answer = api.get(f"/api/rank_value/rank_group/{group['id']}?order=borough_name&asc=0&q=ow&page=2&per_page=2")
    assert names(answer["message"]["list"]) == found[2:4]


def test_wrong_list_parameters_are_refused_in_polish(api, values):
    path = f"/api/rank_value/rank_group/{values['group']['id']}"
    body = api.get(f"{path}?voivodship_id=1", status=400)
    assert body["message"] == "INVALID_PARAMETER" or body["success"] is False
    assert "Nieznany parametr listy „voivodship_id”" in body["errors"][0]["description"]
    assert "voivodeship_id" in body["errors"][0]["description"]
    body = api.get(f"{path}?district_id=abc", status=400)
    assert body["errors"][0] == {
        "name": "district_id",
        "description": "Powiat: podaj identyfikator (liczbę całkowitą).",
    }
    body = api.get(f"{path}?page=0", status=400)
    assert body["errors"][0]["name"] == "page"
    body = api.get(f"{path}?per_page=5000&page=1", status=400)
    assert body["errors"][0]["name"] == "per_page"
    body = api.get(f"{path}?q=" + "a" * 101, status=400)
    assert body["errors"][0]["name"] == "q"
    body = api.get(f"{path}?q=a%00b", status=400)
    assert body["errors"][0]["description"] == "Szukany tekst nie może zawierać znaków sterujących."


def test_without_page_the_whole_list_as_before(api, values):
    message = api.get(f"/api/rank_value/rank_group/{values['group']['id']}")["message"]
    assert list(message) == ["order", "asc", "list"]
    assert len(message["list"]) == len(values["gminy"])
