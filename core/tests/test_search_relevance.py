"""A search without a sort lists the best matches first: the name itself (or the TERYT code),
then names starting with the words, then names with a word starting with them, then names
holding them elsewhere, then rows found by their gmina's district, voivodeship or code, each tier
in the list's usual order. `order=` sorts as asked. The gminy are the register's shape
(2,477 in 380 districts), łódzkie's city named Łódź and three of its gminy renamed to match."""

import pytest

from smogpanel.plugins.hierarchy.terc import read_terc
from smogpanel.plugins.hierarchy.teryt_import import import_terc
from smogpanel.plugins.hierarchy.testing import GMINY, register_shaped_terc
from smogpanel.plugins.ranks.tests.helpers import add_group, add_rank, import_file
from smogpanel.plugins.searches.tests.helpers import add_search, import_body

RB_HEADER = ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Wartość", "Punkty", "Miejsce"]
# łódzkie is TERYT 10: its first city (powiat 61) becomes Łódź, three rural gminy of powiat 1001 match too
RENAMED = {
    "Miasto 1061": "Łódź",
    "Gmina 100101": "Łódzkie Pole",
    "Gmina 100102": "Stara Łódź",
    "Gmina 100103": "Włodzimierz",
}
BEST = ["Łódź", "Łódzkie Pole", "Stara Łódź", "Włodzimierz"]


@pytest.fixture
def register(db):
    terc = register_shaped_terc().decode()
    for old, new in RENAMED.items():
        terc = terc.replace(old + ";", new + ";")
    import_terc(db, read_terc(terc.encode()))
    db.commit()


@pytest.fixture
def gminy(api, register):
    rows = api.get("/api/borough/?order=name&asc=1")["message"]["list"]
    assert len(rows) == GMINY
    return rows


@pytest.fixture
def group(api, gminy):
    """A gminy ranking's group with a value for every gmina (points by name: the usual order,
    by place, is not the name's)."""
    group = add_group(api, add_rank(api))
    rows = [RB_HEADER] + [
        [g["name"], g["district_name"], g["voivodeship_name"], g["teryt"], index, index, None]
        for index, g in enumerate(gminy)
    ]
    answer = api.post("/api/rank_value/import", import_file(rows, rank_group_id=group["id"], type="RB_XLS"))
    assert answer["message"]["created"] == GMINY
    return group


def lodzkie(gminy):
    return [g for g in gminy if g["voivodeship_name"] == "łódzkie"]


def test_the_city_of_lodz_comes_first_in_the_gminy_and_the_rank_values(api, gminy, group):
    for q in ("lodz", "%C5%81%C3%B3d%C5%BA"):  # lodz, Łódź
        found = api.get(f"/api/borough/?q={q}")["message"]
        assert found["by_relevance"] is True
        names = [row["name"] for row in found["list"]]
        assert names[:4] == BEST
        assert len(names) == len(lodzkie(gminy))  # every gmina of łódzkie still matches, after the names
        # the rest in the list's usual order (by name in the Polish alphabet)
        rest = [g["name"] for g in gminy if g["voivodeship_name"] == "łódzkie" and g["name"] not in BEST]
        assert names[4:] == rest

        values = api.get(f"/api/rank_value/rank_group/{group['id']}?q={q}&page=1&per_page=50")["message"]
        assert [row["borough_name"] for row in values["list"][:4]] == BEST
        assert values["total"] == len(lodzkie(gminy))
        # the rest by place, the list's usual order
        places = [row["place"] for row in values["list"][4:]]
        assert places == sorted(places)


def test_an_explicit_order_sorts_as_asked(api, gminy, group):
    found = api.get("/api/borough/?q=lodz&order=id&asc=1")["message"]
    assert "by_relevance" not in found
    ids = [row["id"] for row in found["list"]]
    assert ids == sorted(ids)
    values = api.get(f"/api/rank_value/rank_group/{group['id']}?q=lodz&order=borough_name&asc=1")["message"]["list"]
    assert values[0]["borough_name"] != "Łódź"  # "Gmina 10…" comes before "Łódź" by name


def test_an_exact_teryt_code_comes_first(api, gminy):
    krakow_like = next(g for g in gminy if g["teryt"] == "1261011")
    found = api.get("/api/borough/?q=1261011")["message"]["list"]
    assert [row["id"] for row in found] == [krakow_like["id"]]
    # "Miasto 1261" is found by its name too; its own code "1261011" ranks it first
    found = api.get("/api/borough/?q=1261")["message"]["list"]
    assert found[0]["name"] == "Miasto 1261"


def test_a_word_of_a_name_ranks_after_a_prefix(api, gminy):
    names = [row["name"] for row in api.get("/api/borough/?q=stara")["message"]["list"]]
    assert names == ["Stara Łódź"]
    words = [row["name"] for row in api.get("/api/borough/?q=pole")["message"]["list"]]
    assert words == ["Łódzkie Pole"]


def test_search_entries_list_the_city_first_too(api, gminy):
    """A search's entries (listed by id by default): every gmina of łódzkie has one, added in the
    hierarchy's order, so Łódź, a city, comes after the rural gminy there."""
    search = add_search(api)
    header = ["Gmina", "Powiat", "Województwo", "Dotacja", "Warunki", "Kontakt", "Termin"]
    ordered = sorted(lodzkie(gminy), key=lambda g: g["teryt"])
    rows = [header] + [[g["name"], g["district_name"], g["voivodeship_name"], "tak", None, None, None] for g in ordered]
    assert api.post("/api/search_entry/import", import_body(search, rows))["message"]["created"] == len(ordered)
    path = f"/api/search_entry/search/{search['id']}"
    by_id = [
        row["borough_name"] for row in api.get(f"{path}?q=lodz&order=id&asc=1&page=1&per_page=50")["message"]["list"]
    ]
    assert "Łódź" not in by_id[:4]
    found = api.get(f"{path}?q=lodz&page=1&per_page=50")["message"]
    assert [row["borough_name"] for row in found["list"][:4]] == BEST
    assert found["total"] == len(ordered)
    rest = [row["id"] for row in found["list"][4:]]
    assert rest == sorted(rest)  # the list's usual order: by id
