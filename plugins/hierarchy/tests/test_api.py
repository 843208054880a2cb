"""The hierarchy endpoints of SPEC section 7, as an operator's client sees them."""

import pytest

from smogpanel.regions import VOIVODESHIPS


def names(body):
    return [row["name"] for row in body["message"]["list"]]


def add_district(api, voivodeship_id, name="krakowski"):
    return api.post("/api/district/", {"name": name, "voivodeship_id": voivodeship_id})["message"]


def add_borough(api, district_id, name="Liszki"):
    return api.post("/api/borough/", {"name": name, "district_id": district_id})["message"]


def voivodeship_id(api, name="małopolskie"):
    rows = api.get("/api/voivodeship/?order=name&asc=1")["message"]["list"]
    return next(row["id"] for row in rows if row["name"] == name)


def test_the_sixteen_voivodeships_are_there_with_their_polish_names(api):
    body = api.get("/api/voivodeship/?order=name&asc=1")
    assert body["success"] is True
    assert sorted(names(body)) == sorted(name for _, name in VOIVODESHIPS)


def test_voivodeship_list_defaults_to_id_descending(api):
    body = api.get("/api/voivodeship/")["message"]
    ids = [row["id"] for row in body["list"]]
    assert body["order"] == "id" and body["asc"] is False
    assert ids == sorted(ids, reverse=True)


def test_sorting_by_name_both_ways(api):
    up = names(api.get("/api/voivodeship/?order=name&asc=1"))
    down = names(api.get("/api/voivodeship/?order=name&asc=0"))
    # The Polish alphabet: 'łódzkie' after 'lubuskie', 'śląskie' after 'pomorskie'.
    assert up == [name for _, name in VOIVODESHIPS] and down == list(reversed(up))


def test_sorting_by_an_unknown_field_is_refused_in_polish(api):
    body = api.get("/api/voivodeship/?order=password_hash", status=400)
    assert body == {
        "success": False,
        "message": "VALIDATION_FAILED",
        "errors": [{"name": "order", "description": body["errors"][0]["description"]}],
    }
    assert "Nie można sortować" in body["errors"][0]["description"]
    api.get("/api/voivodeship/?order=name%3B%20DROP%20TABLE%20voivodeship", status=400)
    api.get("/api/voivodeship/?order=name&asc=maybe", status=400)


def test_create_read_edit_delete_a_voivodeship(api):
    created = api.post("/api/voivodeship/", {"name": "  Testowe  "})["message"]
    assert created["name"] == "Testowe" and created["created"] == created["updated"]
    assert api.get(f"/api/voivodeship/{created['id']}")["message"]["name"] == "Testowe"

    edited = api.post(f"/api/voivodeship/{created['id']}", {"name": "Zmienione"})["message"]
    assert edited["name"] == "Zmienione"

    api.delete(f"/api/voivodeship/{created['id']}")
    assert api.get(f"/api/voivodeship/{created['id']}", status=404)["message"] == "NOT_FOUND"
    assert "Zmienione" not in names(api.get("/api/voivodeship/"))


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": "   "}, {"name": "x" * 256}, {"name": None}])
def test_bad_voivodeship_names_are_refused_and_nothing_is_written(api, body):
    before = len(names(api.get("/api/voivodeship/")))
    answer = api.post("/api/voivodeship/", body, status=400)
    assert answer["message"] == "VALIDATION_FAILED"
    assert answer["errors"][0]["name"] == "name"
    assert answer["errors"][0]["description"].startswith("Nazwa:")
    assert len(names(api.get("/api/voivodeship/"))) == before


def test_a_body_that_is_not_json_is_a_clear_400(api):
    response = api.app.post(
        "/api/voivodeship/", "{nope", headers=api.headers({"Content-Type": "application/json"}), status=400
    )
    assert response.json["message"] == "VALIDATION_FAILED"
    assert "JSON" in response.json["errors"][0]["description"]
    response = api.app.post_json("/api/voivodeship/", ["a list"], headers=api.headers(), status=400)
    assert response.json["message"] == "VALIDATION_FAILED"


def test_districts_belong_to_a_voivodeship_and_list_per_parent(api):
    mp, sl = voivodeship_id(api), voivodeship_id(api, "śląskie")
    krakowski = add_district(api, mp, "krakowski")
    add_district(api, sl, "bielski")
    listed = api.get(f"/api/district/voivodeship/{mp}")["message"]["list"]
    assert [row["name"] for row in listed] == ["krakowski"]
    assert listed[0]["voivodeship_id"] == mp
    assert api.get(f"/api/district/{krakowski['id']}")["message"]["name"] == "krakowski"


def test_a_district_edit_keeps_its_voivodeship(api):
    mp, sl = voivodeship_id(api), voivodeship_id(api, "śląskie")
    district = add_district(api, mp)
    edited = api.post(f"/api/district/{district['id']}", {"name": "wielicki", "voivodeship_id": sl})["message"]
    assert edited == dict(district, name="wielicki", updated=edited["updated"])


def test_a_district_under_a_missing_voivodeship_is_refused(api):
    answer = api.post("/api/district/", {"name": "x", "voivodeship_id": 999999}, status=400)
    assert answer["errors"] == [
        {"name": "voivodeship_id", "description": "Wybrane województwo nie istnieje albo zostało usunięte."}
    ]
    answer = api.post("/api/district/", {"name": "x", "voivodeship_id": "abc"}, status=400)
    assert answer["errors"][0]["name"] == "voivodeship_id"
    api.post("/api/district/", {"name": "x", "voivodeship_id": 10**12}, status=400)


def test_a_borough_under_a_deleted_district_is_refused_in_the_districts_gender(api):
    district = add_district(api, voivodeship_id(api))
    api.delete(f"/api/district/{district['id']}")
    answer = api.post("/api/borough/", {"name": "Liszki", "district_id": district["id"]}, status=400)
    assert answer["errors"] == [
        {"name": "district_id", "description": "Wybrany powiat nie istnieje albo został usunięty."}
    ]


def test_listing_the_districts_of_a_missing_voivodeship_is_404(api):
    assert api.get("/api/district/voivodeship/999999", status=404)["message"] == "NOT_FOUND"


def test_boroughs_of_a_district_and_all_boroughs_by_name(api):
    mp = voivodeship_id(api)
    district = add_district(api, mp)
    for name in ("Zabierzów", "Liszki", "Skawina"):
        add_borough(api, district["id"], name)
    per_district = api.get(f"/api/borough/district/{district['id']}")["message"]
    assert per_district["order"] == "id" and per_district["asc"] is False
    assert [row["name"] for row in per_district["list"]] == ["Skawina", "Liszki", "Zabierzów"]

    everything = api.get("/api/borough/")["message"]
    assert everything["order"] == "name" and everything["asc"] is True
    assert [row["name"] for row in everything["list"]] == ["Liszki", "Skawina", "Zabierzów"]
    row = everything["list"][0]
    assert (row["district_name"], row["voivodeship_name"], row["voivodeship_id"]) == ("krakowski", "małopolskie", mp)


def test_deleting_a_voivodeship_hides_its_districts_and_boroughs_everywhere(api):
    created = api.post("/api/voivodeship/", {"name": "Nowe"})["message"]
    district = add_district(api, created["id"], "nowy")
    borough = add_borough(api, district["id"], "Nowa Gmina")
    api.delete(f"/api/voivodeship/{created['id']}")
    api.get(f"/api/district/{district['id']}", status=404)
    api.get(f"/api/borough/{borough['id']}", status=404)
    assert "Nowa Gmina" not in names(api.get("/api/borough/"))
    api.post("/api/borough/", {"name": "x", "district_id": district["id"]}, status=400)


def test_deleting_twice_and_editing_a_deleted_record_are_404(api):
    created = api.post("/api/voivodeship/", {"name": "Raz"})["message"]
    api.delete(f"/api/voivodeship/{created['id']}")
    api.delete(f"/api/voivodeship/{created['id']}", status=404)
    api.post(f"/api/voivodeship/{created['id']}", {"name": "x"}, status=404)


def test_ids_must_be_numbers_and_in_range(api):
    assert api.get("/api/voivodeship/abc", status=404)["message"] == "NOT_FOUND"
    assert api.get(f"/api/voivodeship/{2**31 - 1}", status=404)["message"] == "NOT_FOUND"
    # Past the id columns' integers no record can have the id: the address itself is wrong.
    assert api.get(f"/api/voivodeship/{2**31}", status=400)["errors"][0]["name"] == "id"
    assert api.get(f"/api/voivodeship/{10**20}", status=400)["errors"][0]["name"] == "id"


def test_the_list_has_an_etag_and_an_unchanged_list_costs_a_304(api):
    first = api.app.get("/api/voivodeship/", headers=api.headers())
    assert first.etag
    again = api.app.get("/api/voivodeship/", headers=api.headers({"If-None-Match": f'"{first.etag}"'}), status=304)
    assert again.body == b""
    api.post("/api/voivodeship/", {"name": "Zmiana"})
    api.app.get("/api/voivodeship/", headers=api.headers({"If-None-Match": f'"{first.etag}"'}), status=200)


def test_the_trailing_slash_is_forgiven(api):
    response = api.app.get("/api/voivodeship", headers=api.headers(), status=307)
    assert response.location.endswith("/api/voivodeship/")


def test_updated_moves_only_when_a_record_changes(api, db):
    import datetime

    from smogpanel.plugins.hierarchy.models import Voivodeship

    created = api.post("/api/voivodeship/", {"name": "Czas"})["message"]
    row = db.get(Voivodeship, created["id"])
    row.created = row.updated = row.created - datetime.timedelta(days=1)
    db.commit()
    edited = api.post(f"/api/voivodeship/{created['id']}", {"name": "Czas 2"})["message"]
    assert edited["updated"] > edited["created"]
