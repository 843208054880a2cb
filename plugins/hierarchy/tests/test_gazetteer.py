"""The hierarchy's gazetteer, as the plugins that must not import it use it: live gminy only,
found by name + district + voivodeship (name or code), ambiguity visible."""
from smogpanel.gazetteer import Gazetteer, find_gazetteer


def add(api, path, body):
    return api.post(path, body)["message"]


def test_gminy_by_ids_every_one_and_by_name_district_and_voivodeship(api, testapp, db):
    voivodeship = next(row for row in api.get("/api/voivodeship/")["message"]["list"] if row["name"] == "małopolskie")
    district = add(api, "/api/district/", {"name": "krakowski", "voivodeship_id": voivodeship["id"]})
    other = add(api, "/api/district/", {"name": "wielicki", "voivodeship_id": voivodeship["id"]})
    first = add(api, "/api/borough/", {"name": "Zabierzów", "district_id": district["id"]})
    twin = add(api, "/api/borough/", {"name": "Zabierzów", "district_id": district["id"]})
    gone = add(api, "/api/borough/", {"name": "Wieliczka", "district_id": other["id"]})
    api.delete(f"/api/district/{other['id']}")
    places = testapp.app.registry["smogpanel.gazetteer"]
    assert places.boroughs_by_ids(db, [first["id"], gone["id"], 999999]) == {
        first["id"]: {"borough_name": "Zabierzów", "district_name": "krakowski", "voivodeship_name": "małopolskie"}}
    assert set(places.all_boroughs(db)) >= {first["id"], twin["id"]} and gone["id"] not in places.all_boroughs(db)
    index = places.borough_index(db)
    assert index.find("ZABIERZOW", " Krakowski ", "MP") == [first["id"], twin["id"]]
    assert index.find("Zabierzów", "krakowski", "małopolskie") == [first["id"], twin["id"]]
    assert index.find("Zabierzów", "wielicki", "małopolskie") == []
    assert [row["district_name"] for row in index.candidates("zabierzow")] == ["krakowski", "krakowski"]
    assert places.voivodeships(db)[voivodeship["id"]] == {"name": "małopolskie", "code": "mp"}


def test_without_the_hierarchy_the_gazetteer_knows_no_gminy(db):
    from smogpanel.plugin_manager import build_plugin_manager

    empty = find_gazetteer(build_plugin_manager(enabled=["timers"]))
    assert type(empty) is Gazetteer
    assert empty.boroughs_by_ids(db, [1]) == {} and empty.borough_index(db).find("a", "b", "mp") == []
