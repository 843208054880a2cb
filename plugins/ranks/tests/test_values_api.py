"""Rank values (SPEC 7 "Rankings"): places from points with ties (1, 2, 2, 4) after every
create, edit and delete; locked places as entered; one value per gmina (voivodeship) per group
(entry); exact decimals in and out; list rows with the gmina's district and voivodeship."""

import json

import pytest

from .helpers import add_gmina, add_group, add_rank, add_value, group_values, voivodeship_id


@pytest.fixture
def gminy(api):
    return {name: add_gmina(api, name) for name in ("Skawina", "Liszki", "Zabierzów", "Wieliczka")}


def places(api, group):
    return {row["borough_name"]: row["place"] for row in group_values(api, group)}


def test_places_follow_points_ties_share_and_the_next_skips(api, gminy):
    group = add_group(api, add_rank(api))
    add_value(api, group, gminy["Skawina"], 1, 9)
    add_value(api, group, gminy["Liszki"], 1, 7)
    add_value(api, group, gminy["Zabierzów"], 1, 7)
    answer = add_value(api, group, gminy["Wieliczka"], 1, 5)["message"]
    assert answer["place"] == 3  # shown as 4
    assert places(api, group) == {"Skawina": 0, "Liszki": 1, "Zabierzów": 1, "Wieliczka": 3}


def test_edit_and_delete_recompute_places(api, gminy):
    group = add_group(api, add_rank(api))
    first = add_value(api, group, gminy["Skawina"], 1, 9)["message"]
    second = add_value(api, group, gminy["Liszki"], 1, 7)["message"]
    edited = api.post(f"/api/rank_value/{second['id']}", {"value": 1, "points": 10, "place": 5})["message"]
    assert edited["place"] == 0  # the sent place is ignored: places are computed
    assert places(api, group) == {"Skawina": 1, "Liszki": 0}
    api.delete(f"/api/rank_value/{second['id']}")
    assert api.get(f"/api/rank_value/{first['id']}")["message"]["place"] == 0


def test_a_locked_ranking_keeps_the_places_entered(api, gminy):
    group = add_group(api, add_rank(api, lock_place_refresh=1))
    errors = add_value(api, group, gminy["Skawina"], 1, 9, status=400)["errors"]
    assert errors[0]["name"] == "place" and "podaj miejsce" in errors[0]["description"]
    add_value(api, group, gminy["Skawina"], 1, 9, place=4)
    add_value(api, group, gminy["Liszki"], 1, 1, place=0)
    assert places(api, group) == {"Skawina": 4, "Liszki": 0}


def test_unlocking_recomputes_the_places(api, gminy):
    rank = add_rank(api, lock_place_refresh=1)
    group = add_group(api, rank)
    add_value(api, group, gminy["Skawina"], 1, 9, place=4)
    add_value(api, group, gminy["Liszki"], 1, 1, place=0)
    api.post(f"/api/rank/{rank['id']}", dict(rank, logo_path=None, lock_place_refresh=0))
    assert places(api, group) == {"Skawina": 0, "Liszki": 1}


def test_one_value_per_gmina_per_group(api, gminy):
    group = add_group(api, add_rank(api))
    add_value(api, group, gminy["Skawina"], 1, 9)
    answer = add_value(api, group, gminy["Skawina"], 2, 3, status=409)
    assert answer["errors"][0]["name"] == "borough_id"
    assert len(group_values(api, group)) == 1


def test_a_gmina_must_be_live(api, gminy):
    group = add_group(api, add_rank(api))
    api.delete(f"/api/borough/{gminy['Liszki']}")
    errors = add_value(api, group, gminy["Liszki"], 1, 1, status=400)["errors"]
    assert errors[0]["description"] == "Wybrana gmina nie istnieje albo została usunięta."
    errors = add_value(api, group, None, 1, 1, status=400)["errors"]
    assert errors[0]["name"] == "borough_id"


def test_value_and_points_are_required_numbers(api, gminy):
    group = add_group(api, add_rank(api))
    body = {"value": "dużo", "points": None, "rank_group_id": group["id"], "borough_id": gminy["Skawina"]}
    errors = {e["name"]: e["description"] for e in api.post("/api/rank_value/", body, status=400)["errors"]}
    assert set(errors) == {"value", "points"}
    assert "Wpisz liczbę" in errors["value"]
    body.update(value="1e20", points=1)
    assert "zakresie" in api.post("/api/rank_value/", body, status=400)["errors"][0]["description"]
    assert group_values(api, group) == []


def test_decimals_stay_exact_in_and_out(api, gminy):
    group = add_group(api, add_rank(api))
    body = (
        f'{{"value": 123456789012.3456, "points": 0.1, "rank_group_id": {group["id"]}, '
        f'"borough_id": {gminy["Skawina"]}}}'
    )
    answer = api.app.post("/api/rank_value/", body, content_type="application/json", headers=api.headers()).text
    assert '"value":123456789012.3456' in answer and '"points":0.1' in answer
    listing = api.app.get(f"/api/rank_value/rank_group/{group['id']}", headers=api.headers()).text
    assert '"value":123456789012.3456' in listing
    assert json.loads(listing)["message"]["list"][0]["points"] == 0.1
    # Polish text is accepted too
    second = add_value(api, group, gminy["Liszki"], "1 234,5", "0,25")["message"]
    assert (second["value"], second["points"]) == (1234.5, 0.25)


def test_list_rows_carry_the_names_and_sort_by_them(api, gminy):
    other = add_gmina(api, "Andrychów", district="wadowicki")
    group = add_group(api, add_rank(api))
    add_value(api, group, gminy["Skawina"], 5, 2)
    add_value(api, group, other, 7, 1)
    rows = group_values(api, group)
    assert [(r["borough_name"], r["district_name"], r["voivodeship_name"], r["place"]) for r in rows] == [
        ("Skawina", "krakowski", "małopolskie", 0),
        ("Andrychów", "wadowicki", "małopolskie", 1),
    ]
    by_name = api.get(f"/api/rank_value/rank_group/{group['id']}?order=borough_name&asc=1")["message"]
    assert [r["borough_name"] for r in by_name["list"]] == ["Andrychów", "Skawina"]
    by_value = group_values(api, group, "?order=value&asc=0")
    assert [r["value"] for r in by_value] == [7, 5]
    assert api.get(f"/api/rank_value/rank_group/{group['id']}?order=nope", status=400)["errors"][0]["name"] == "order"


def test_voivodeship_values_live_in_entries(api):
    group = add_group(api, add_rank(api, "voivodeships"))
    entry = api.post("/api/rank_entry/", {"name": "Wnioski", "rank_group_id": group["id"]})["message"]
    mp, sl = voivodeship_id(api, "małopolskie"), voivodeship_id(api, "śląskie")
    for vid, points in ((mp, 3), (sl, 8)):
        api.post(
            "/api/rank_value/", {"value": points, "points": points, "rank_entry_id": entry["id"], "voivodeship_id": vid}
        )
    rows = api.get(f"/api/rank_value/rank_entry/{entry['id']}")["message"]["list"]
    assert [(r["voivodeship_name"], r["place"], r["rank_group_id"]) for r in rows] == [
        ("śląskie", 0, group["id"]),
        ("małopolskie", 1, group["id"]),
    ]
    clash = api.post(
        "/api/rank_value/", {"value": 1, "points": 1, "rank_entry_id": entry["id"], "voivodeship_id": mp}, status=409
    )
    assert clash["errors"][0]["name"] == "voivodeship_id"
    wrong = api.post(
        "/api/rank_value/", {"value": 1, "points": 1, "rank_group_id": group["id"], "borough_id": 1}, status=400
    )
    assert wrong["errors"][0]["name"] == "rank_entry_id"
    missing = api.post(
        "/api/rank_value/", {"value": 1, "points": 1, "rank_entry_id": entry["id"], "voivodeship_id": 99999}, status=400
    )
    assert missing["errors"][0]["description"] == "Wybrane województwo nie istnieje albo zostało usunięte."


def test_names_sort_in_the_polish_alphabet(api):
    """'lubelskie' before 'łódzkie' before 'małopolskie', as the hierarchy's lists sort them:
    a reader looks for Ł after L, not among the Ls."""
    ids = {
        name: add_gmina(api, name, district=district, voivodeship=voivodeship)
        for name, district, voivodeship in (
            ("Łask", "łaski", "łódzkie"),
            ("Lublin", "Lublin", "lubelskie"),
            ("Mszana", "limanowski", "małopolskie"),
            ("Żabno", "tarnowski", "małopolskie"),
        )
    }
    group = add_group(api, add_rank(api))
    for points, borough_id in enumerate(ids.values()):
        add_value(api, group, borough_id, 1, points)
    for order, expected in (
        ("voivodeship_name", ["lubelskie", "łódzkie", "małopolskie", "małopolskie"]),
        ("borough_name", ["Lublin", "Łask", "Mszana", "Żabno"]),
        ("district_name", ["limanowski", "Lublin", "łaski", "tarnowski"]),
    ):
        rows = group_values(api, group, f"?order={order}&asc=1")
        assert [r[order] for r in rows] == expected
        descending = group_values(api, group, f"?order={order}&asc=0")
        assert [r[order] for r in descending] == expected[::-1]


def test_voivodeship_values_sort_in_the_polish_alphabet(api):
    group = add_group(api, add_rank(api, "voivodeships"))
    entry = api.post("/api/rank_entry/", {"name": "Wnioski", "rank_group_id": group["id"]})["message"]
    for name in ("łódzkie", "lubuskie", "lubelskie", "śląskie", "świętokrzyskie", "podlaskie"):
        api.post(
            "/api/rank_value/",
            {"value": 1, "points": 1, "rank_entry_id": entry["id"], "voivodeship_id": voivodeship_id(api, name)},
        )
    rows = api.get(f"/api/rank_value/rank_entry/{entry['id']}?order=voivodeship_name&asc=1")["message"]["list"]
    assert [r["voivodeship_name"] for r in rows] == [
        "lubelskie",
        "lubuskie",
        "łódzkie",
        "podlaskie",
        "śląskie",
        "świętokrzyskie",
    ]
