"""Search entries (SPEC 2.7, 3 Search entry, 7): one per live gmina per search, values keyed by
the search's keys, rows with the gmina's, district's and voivodeship's names."""

from smogpanel.plugins.searches.tests.helpers import add_entry, add_search, gminy, key_named, value


def test_create_read_and_edit_an_entry_with_values_keyed_by_search_key(api):
    places = gminy(api)
    search = add_search(api)
    grant, term = key_named(search, "Dotacja"), key_named(search, "Termin")
    entry = add_entry(api, search, places["zabierzow"], [value(grant, "do 15 000 zł"), value(term, "do 30 czerwca")])
    assert (entry["search_id"], entry["borough_id"]) == (search["id"], places["zabierzow"]["id"])
    assert (entry["borough_name"], entry["district_name"], entry["voivodeship_name"]) == (
        "Zabierzów",
        "krakowski",
        "małopolskie",
    )
    assert [(v["key"]["name"], v["key"]["value_type_name"], v["value"]["value"]) for v in entry["values"]] == [
        ("Dotacja", "TEXT", "do 15 000 zł"),
        ("Termin", "TEXT", "do 30 czerwca"),
    ]
    assert all(isinstance(v["value"]["id"], int) for v in entry["values"])
    assert api.get(f"/api/search_entry/{entry['id']}")["message"]["values"] == entry["values"]
    edited = api.post(f"/api/search_entry/{entry['id']}", {"values": [value(grant, "do 20 000 zł"), value(term, "")]})[
        "message"
    ]
    assert [(v["key"]["name"], v["value"]["value"]) for v in edited["values"]] == [("Dotacja", "do 20 000 zł")]
    assert edited["values"][0]["value"]["id"] == entry["values"][0]["value"]["id"]  # the row is updated in place


def test_one_entry_per_gmina_per_search_409(api):
    places = gminy(api)
    search, other = add_search(api), add_search(api, "inna")
    add_entry(api, search, places["liszki"])
    answer = add_entry(api, search, places["liszki"], status=409)
    assert answer["message"] == "CONFLICT" and answer["errors"][0]["name"] == "borough_id"
    assert "ma już wpis" in answer["errors"][0]["description"]
    add_entry(api, other, places["liszki"])  # another search may have it


def test_a_deleted_entry_frees_the_gmina_and_cannot_be_restored_over_a_new_one(api, db):
    places = gminy(api)
    search = add_search(api)
    first = add_entry(api, search, places["liszki"])
    api.delete(f"/api/search_entry/{first['id']}")
    add_entry(api, search, places["liszki"])
    from smogpanel.plugins.searches.models import SearchEntry

    resource = api.app.app.registry["smogpanel.resources"]["search_entry"]
    stored = db.execute(
        __import__("sqlalchemy")
        .select(SearchEntry)
        .where(SearchEntry.id == first["id"])
        .execution_options(include_deleted=True)
    ).scalar_one()
    assert "inny wpis" in resource.restore(db, stored)


def test_the_gmina_must_be_live_and_the_search_too(api):
    places = gminy(api)
    search = add_search(api)
    api.delete(f"/api/borough/{places['wieliczka']['id']}")
    answer = add_entry(api, search, places["wieliczka"], status=400)
    assert answer["errors"][0]["name"] == "borough_id" and "gmina" in answer["errors"][0]["description"]
    answer = add_entry(api, search, {"id": 999999}, status=400)
    assert answer["errors"][0]["name"] == "borough_id"
    answer = add_entry(api, {"id": 99999}, places["liszki"], status=400)
    assert answer["errors"][0]["name"] == "search_id"


def test_values_of_a_key_not_the_searchs_or_given_twice_are_refused_before_writing(api):
    places = gminy(api)
    search, other = add_search(api), add_search(api, "inna")
    grant = key_named(search, "Dotacja")
    answer = add_entry(api, search, places["liszki"], [value(key_named(other, "Dotacja"), "x")], status=400)
    assert answer["errors"][0]["name"] == "values.0.key.id"
    answer = add_entry(api, search, places["liszki"], [value(grant, "a"), value(grant, "b")], status=400)
    assert answer["errors"][0]["name"] == "values.1.key.id"
    answer = add_entry(api, search, places["liszki"], [value(grant, "x" * 5001)], status=400)
    assert answer["errors"][0]["name"] == "values.0.value.value"
    for bad in ("tel.\x00 12", 12):
        answer = add_entry(api, search, places["liszki"], [value(grant, bad)], status=400)
        assert answer["errors"][0]["name"] == "values.0.value.value" and answer["errors"][0]["description"]
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


def test_edit_cannot_move_an_entry_to_another_gmina(api):
    places = gminy(api)
    search = add_search(api)
    entry = add_entry(api, search, places["liszki"])
    edited = api.post(f"/api/search_entry/{entry['id']}", {"borough_id": places["lodz"]["id"], "values": []})
    assert edited["message"]["borough_id"] == places["liszki"]["id"]


def test_entry_list_default_id_ascending_with_names_sortable_in_polish_order(api):
    places = gminy(api)
    search = add_search(api)
    for name in ("wieliczka", "lodz", "zabierzow", "liszki"):
        add_entry(api, search, places[name])
    listed = api.get(f"/api/search_entry/search/{search['id']}")["message"]
    assert (listed["order"], listed["asc"]) == ("id", True)
    assert [row["borough_name"] for row in listed["list"]] == ["Wieliczka", "Łódź", "Zabierzów", "Liszki"]
    row = listed["list"][1]
    assert (row["district_name"], row["voivodeship_name"]) == ("Łódź", "łódzkie") and "updated" in row
    by_name = api.get(f"/api/search_entry/search/{search['id']}?order=borough_name&asc=1")["message"]["list"]
    assert [row["borough_name"] for row in by_name] == ["Liszki", "Łódź", "Wieliczka", "Zabierzów"]
    by_district = api.get(f"/api/search_entry/search/{search['id']}?order=district_name&asc=0")["message"]["list"]
    assert [row["district_name"] for row in by_district][:2] == ["wielicki", "Łódź"]
    assert api.get(f"/api/search_entry/search/{search['id']}?order=value", status=400)["errors"][0]["name"] == "order"


def test_entries_of_a_missing_search_are_404(api):
    assert api.get("/api/search_entry/search/4242", status=404)["message"] == "NOT_FOUND"


def test_a_key_removed_with_confirmation_leaves_the_entries_other_values(api):
    places = gminy(api)
    search = add_search(api)
    grant, contact = key_named(search, "Dotacja"), key_named(search, "Kontakt")
    entry = add_entry(api, search, places["lodz"], [value(grant, "tak"), value(contact, "urząd")])
    api.post(
        f"/api/search/{search['id']}", {"name": search["name"], "search_keys": [grant], "remove_keys_with_values": 1}
    )
    values = api.get(f"/api/search_entry/{entry['id']}")["message"]["values"]
    assert [(v["key"]["name"], v["value"]["value"]) for v in values] == [("Dotacja", "tak")]
