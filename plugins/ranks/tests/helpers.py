"""Shared by the rankings' tests: gminy made through the hierarchy's API, payloads as the panel
sends them."""

from smogpanel.testing.app import voivodeship_id
from smogpanel.testing.files import upload, xlsx

GMINY_RANK = {
    "name": "Ranking gmin",
    "internal_name": "ranking-gmin",
    "rank_type_name": "gminy",
    "search_value_title": "ton CO2",
    "table_value_title": "ton CO2 na mieszkańca",
    "choose_group_title": "Wybierz rok",
}
VOIVODESHIPS_RANK = {
    "name": "Ranking województw",
    "internal_name": "ranking-wojewodztw",
    "rank_type_name": "voivodeships",
    "table_value_title": "wniosków",
}


def add_gmina(api, name, district="krakowski", voivodeship="małopolskie"):
    """A borough (creating its district when needed) and its id."""
    vid = voivodeship_id(api, voivodeship)
    districts = api.get(f"/api/district/voivodeship/{vid}")["message"]["list"]
    district_id = next((row["id"] for row in districts if row["name"] == district), None)
    if district_id is None:
        district_id = api.post("/api/district/", {"name": district, "voivodeship_id": vid})["message"]["id"]
    return api.post("/api/borough/", {"name": name, "district_id": district_id})["message"]["id"]


def add_rank(api, kind="gminy", **extra):
    body = dict(GMINY_RANK if kind == "gminy" else VOIVODESHIPS_RANK, **extra)
    return api.post("/api/rank/", body)["message"]


def add_group(api, rank, name="2024"):
    return api.post("/api/rank_group/", {"name": name, "rank_id": rank["id"]})["message"]


def add_value(api, group, borough_id, value, points, place=None, status=200):
    body = {"value": value, "points": points, "place": place, "rank_group_id": group["id"], "borough_id": borough_id}
    return api.post("/api/rank_value/", body, status=status)


def group_values(api, group, query=""):
    return api.get(f"/api/rank_value/rank_group/{group['id']}{query}")["message"]["list"]


def import_file(rows, **body):
    return dict(body, file=upload(xlsx(rows)))
