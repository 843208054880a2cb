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
    # two of one name in one district, of unknown kind (added by hand): told apart by their ids
    assert places.boroughs_by_ids(db, [first["id"], gone["id"], 999999]) == {
        first["id"]: {
            "borough_name": f"Zabierzów (id {first['id']})",
            "district_name": "krakowski",
            "voivodeship_name": "małopolskie",
        }
    }
    assert set(places.all_boroughs(db)) >= {first["id"], twin["id"]} and gone["id"] not in places.all_boroughs(db)
    assert places.all_boroughs(db)[twin["id"]]["borough_name"] == f"Zabierzów (id {twin['id']})"
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


def test_gminy_by_their_teryt_codes(db, make_app):
    from pathlib import Path

    from smogpanel.gazetteer import find_gazetteer, teryt_gmina_code
    from smogpanel.plugins.hierarchy.terc import read_terc
    from smogpanel.plugins.hierarchy.teryt_import import import_terc

    import_terc(db, read_terc((Path(__file__).parents[1] / "fixtures" / "terc_sample.csv").read_bytes()))
    index = find_gazetteer(make_app().registry.plugin_manager).borough_index(db)
    [urban] = index.find_code("0201011")
    assert index.find_code(201011) == [urban] == index.find_code("02 01 01 1") == index.find_code(201011.0)
    assert index.find_code("0201099") == [] and teryt_gmina_code("abc") is None
    both = index.find("Bolesławiec", "bolesławiecki", "02")  # the voivodeship by its TERYT code
    assert len(both) == 2 and urban in both
    assert index.locate("Bolesławiec", "bolesławiecki", "ds", "0201022") == [i for i in both if i != urban]
    assert "kod TERYT 0201011" in index.describe(both) and "kod TERYT 0201022" in index.describe(both)


def test_the_list_of_every_gmina_is_kept_only_while_the_hierarchy_is_unchanged(api, testapp, db):
    voivodeship = api.get("/api/voivodeship/")["message"]["list"][0]
    district = add(api, "/api/district/", {"name": "powiat", "voivodeship_id": voivodeship["id"]})
    borough = add(api, "/api/borough/", {"name": "Stara nazwa", "district_id": district["id"]})
    places = testapp.app.registry["smogpanel.gazetteer"]
    read = testapp.app.registry["db.session_factory"]
    with read() as session:  # as a request reads it, in a transaction of its own
        first = places.all_boroughs(session)
        assert first[borough["id"]]["borough_name"] == "Stara nazwa"
        assert places.all_boroughs(session) is first  # kept
    api.post(f"/api/borough/{borough['id']}", {"name": "Nowa nazwa", "district_id": district["id"]})
    with read() as session:
        assert places.all_boroughs(session)[borough["id"]]["borough_name"] == "Nowa nazwa"
    api.delete(f"/api/district/{district['id']}")  # a deleted parent takes its gminy along
    with read() as session:
        assert borough["id"] not in places.all_boroughs(session)
