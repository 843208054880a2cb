"""Rankings, groups and entries (SPEC 7 "Rankings"): the fixed type and internal name, the
unit fields each type requires, the logo, groups and entries per ranking, cascading deletes."""

from smogpanel.testing.files import png, upload

from .helpers import GMINY_RANK, VOIVODESHIPS_RANK, add_gmina, add_group, add_rank, add_value


def test_a_gminy_ranking_is_created_listed_and_read(api):
    rank = add_rank(api)
    assert (rank["name"], rank["rank_type_name"], rank["lock_place_refresh"], rank["logo_url"]) == (
        "Ranking gmin",
        "gminy",
        0,
        None,
    )
    listing = api.get("/api/rank/?order=rank_type_name&asc=1")["message"]
    assert (listing["order"], listing["asc"]) == ("rank_type_name", True)
    assert [row["id"] for row in listing["list"]] == [rank["id"]]
    assert api.get(f"/api/rank/{rank['id']}")["message"]["search_value_title"] == "ton CO2"


def test_each_type_requires_its_unit_fields(api):
    body = dict(GMINY_RANK, search_value_title="")
    errors = api.post("/api/rank/", body, status=400)["errors"]
    assert [e["name"] for e in errors] == ["search_value_title"]
    assert "wymagane" in errors[0]["description"]
    body = dict(VOIVODESHIPS_RANK, table_value_title="")
    assert [e["name"] for e in api.post("/api/rank/", body, status=400)["errors"]] == ["table_value_title"]
    # a voivodeships ranking needs no search unit
    assert add_rank(api, "voivodeships")["search_value_title"] == ""
    assert api.get("/api/rank/")["message"]["list"][0]["rank_type_name"] == "voivodeships"


def test_an_unknown_type_is_refused_in_polish(api):
    errors = api.post("/api/rank/", dict(GMINY_RANK, rank_type_name="powiaty"), status=400)["errors"]
    assert errors[0]["name"] == "rank_type_name" and "gminy albo województwa" in errors[0]["description"]
    assert api.get("/api/rank/")["message"]["list"] == []


def test_type_and_internal_name_are_fixed_after_creation(api):
    rank = add_rank(api)
    edited = api.post(
        f"/api/rank/{rank['id']}",
        dict(GMINY_RANK, name="Nowa nazwa", rank_type_name="voivodeships", internal_name="inna"),
    )["message"]
    assert (edited["name"], edited["rank_type_name"], edited["internal_name"]) == (
        "Nowa nazwa",
        "gminy",
        "ranking-gmin",
    )


def test_internal_names_are_unique(api):
    add_rank(api)
    answer = api.post("/api/rank/", GMINY_RANK, status=409)
    assert answer["errors"][0]["name"] == "internal_name"


def test_the_logo_is_stored_kept_by_name_and_removed(api):
    rank = add_rank(api, logo_path=upload(png(), name="logo.png", declared="image/png"))
    assert rank["logo_path"] and rank["logo_url"].endswith(rank["logo_path"])
    kept = api.post(f"/api/rank/{rank['id']}", dict(GMINY_RANK, logo_path=rank["logo_path"]))["message"]
    assert kept["logo_path"] == rank["logo_path"]
    removed = api.post(f"/api/rank/{rank['id']}", dict(GMINY_RANK, logo_path=None))["message"]
    assert (removed["logo_path"], removed["logo_url"]) == (None, None)


def test_groups_belong_to_a_live_ranking(api):
    rank = add_rank(api)
    group = add_group(api, rank, "2024")
    add_group(api, rank, "2025")
    listing = api.get(f"/api/rank_group/rank/{rank['id']}")["message"]["list"]
    assert [row["name"] for row in listing] == ["2025", "2024"]  # id descending by default
    assert api.post(f"/api/rank_group/{group['id']}", {"name": "Rok 2024"})["message"]["name"] == "Rok 2024"
    errors = api.post("/api/rank_group/", {"name": "x", "rank_id": 99999}, status=400)["errors"]
    assert errors[0]["description"] == "Wybrany ranking nie istnieje albo został usunięty."


def test_entries_exist_only_in_voivodeships_rankings(api):
    gminy_group = add_group(api, add_rank(api))
    errors = api.post("/api/rank_entry/", {"name": "Wnioski", "rank_group_id": gminy_group["id"]}, status=400)["errors"]
    assert "tylko rankingi województw" in errors[0]["description"]
    group = add_group(api, add_rank(api, "voivodeships"))
    entry = api.post("/api/rank_entry/", {"name": "Wnioski", "hidden": 1, "rank_group_id": group["id"]})["message"]
    assert entry["hidden"] == 1
    edited = api.post(f"/api/rank_entry/{entry['id']}", {"name": "Umowy", "hidden": 0})["message"]
    assert (edited["name"], edited["hidden"]) == ("Umowy", 0)
    assert [row["name"] for row in api.get(f"/api/rank_entry/rank_group/{group['id']}")["message"]["list"]] == ["Umowy"]


def test_deleting_a_ranking_removes_its_groups_and_values(api):
    rank = add_rank(api)
    group = add_group(api, rank)
    value = add_value(api, group, add_gmina(api, "Skawina"), 10, 5)["message"]
    api.delete(f"/api/rank/{rank['id']}")
    api.get(f"/api/rank_group/{group['id']}", status=404)
    api.get(f"/api/rank_value/{value['id']}", status=404)
    assert api.get("/api/rank/")["message"]["list"] == []


def test_deleting_an_entry_removes_its_values(api):
    group = add_group(api, add_rank(api, "voivodeships"))
    entry = api.post("/api/rank_entry/", {"name": "Wnioski", "rank_group_id": group["id"]})["message"]
    vid = api.get("/api/voivodeship/")["message"]["list"][0]["id"]
    value = api.post(
        "/api/rank_value/", {"value": 3, "points": 3, "rank_entry_id": entry["id"], "voivodeship_id": vid}
    )["message"]
    api.delete(f"/api/rank_entry/{entry['id']}")
    api.get(f"/api/rank_value/{value['id']}", status=404)


def test_signed_out_visitors_get_nothing(anonymous):
    assert anonymous.get("/api/rank/", status=401)["message"] == "UNAUTHORISED"
