"""The search endpoints of SPEC section 7 as the panel calls them: list, read, create, edit with
keys, delete; the internal name fixed and unique; keys with entries' texts never lost."""

import pytest

from smogpanel.plugins.searches.tests.helpers import (
    add_entry,
    add_search,
    edit_body,
    gminy,
    key_named,
    search_keys,
    search_payload,
    value,
)


def test_create_and_read_a_search_with_its_keys(api):
    created = add_search(api)
    assert (created["name"], created["internal_name"], created["source"]) == (
        "Dotacje do wymiany pieca",
        "dotacje",
        "Urzędy gmin",
    )
    keys = created["search_keys"]
    assert [(k["name"], k["hide_name"], k["search_key_place_name"]) for k in keys] == [
        ("Dotacja", 0, "TOP"),
        ("Warunki", 0, "LEFT"),
        ("Kontakt", 1, "RIGHT"),
        ("Termin", 0, "BOTTOM"),
    ]
    assert {k["value_type_name"] for k in keys} == {"TEXT"}
    assert api.get(f"/api/search/{created['id']}")["message"]["search_keys"] == keys


def test_places_may_be_written_in_lower_case_as_the_spec_lists_them(api):
    created = add_search(api, keys=[{"name": "A", "hide_name": 0, "search_key_place_name": "left"}])
    assert created["search_keys"][0]["search_key_place_name"] == "LEFT"


def test_search_list_sorts_by_the_spec_fields_default_id_descending(api):
    add_search(api, "b-szukaj", name="Beta")
    add_search(api, "a-szukaj", name="Alfa")
    listed = api.get("/api/search/")["message"]
    assert (listed["order"], listed["asc"]) == ("id", False)
    assert [row["internal_name"] for row in listed["list"]] == ["a-szukaj", "b-szukaj"]
    by_name = api.get("/api/search/?order=name&asc=0")["message"]["list"]
    assert [row["name"] for row in by_name] == ["Beta", "Alfa"]
    for field in ("internal_name", "updated"):
        api.get(f"/api/search/?order={field}&asc=1")
    assert api.get("/api/search/?order=source", status=400)["errors"][0]["name"] == "order"


@pytest.mark.parametrize(
    "change, field",
    [
        ({"name": ""}, "name"),
        ({"internal_name": "Wielkie Litery"}, "internal_name"),
        ({"search_keys": [{"name": "", "search_key_place_name": "TOP"}]}, "search_keys.0.name"),
        ({"search_keys": [{"name": "A", "search_key_place_name": "MIDDLE"}]}, "search_keys.0.search_key_place_name"),
        ({"search_keys": [{"name": "A"}]}, "search_keys.0.search_key_place_name"),
        ({"search_keys": [{"name": "A", "search_key_place_name": "TOP", "hide_name": 3}]}, "search_keys.0.hide_name"),
        (
            {"search_keys": [{"name": "A", "search_key_place_name": "TOP", "value_type_name": "HTML"}]},
            "search_keys.0.value_type_name",
        ),
        (
            {
                "search_keys": [
                    {"name": "Kontakt", "search_key_place_name": "TOP"},
                    {"name": " kontakt ", "search_key_place_name": "LEFT"},
                ]
            },
            "search_keys.1",
        ),
        ({"search_keys": [{"name": "Powiat", "search_key_place_name": "TOP"}]}, "search_keys.0"),
    ],
)
def test_bad_searches_are_refused_in_polish_and_nothing_is_written(api, change, field):
    answer = api.post("/api/search/", dict(search_payload(), **change), status=400)
    assert answer["message"] == "VALIDATION_FAILED"
    assert field in [error["name"] for error in answer["errors"]]
    assert all(error["description"] for error in answer["errors"])
    assert api.get("/api/search/")["message"]["list"] == []


def test_internal_name_taken_is_409_and_fixed_after_creation(api):
    created = add_search(api)
    answer = api.post("/api/search/", search_payload(), status=409)
    assert answer["message"] == "CONFLICT" and answer["errors"][0]["name"] == "internal_name"
    edited = api.post(f"/api/search/{created['id']}", edit_body(created, internal_name="inna", name="Nowa"))["message"]
    assert (edited["internal_name"], edited["name"]) == ("dotacje", "Nowa")


def test_edit_renames_moves_adds_and_removes_keys_without_values(api):
    created = add_search(api)
    keys = [
        dict(key_named(created, "Termin"), search_key_place_name="TOP", hide_name=1),
        dict(key_named(created, "Dotacja"), name="Kwota dotacji"),
        {"name": "Nowa", "search_key_place_name": "LEFT"},
    ]
    edited = api.post(f"/api/search/{created['id']}", edit_body(created, search_keys=keys))["message"]
    assert [(k["name"], k["hide_name"], k["search_key_place_name"]) for k in edited["search_keys"]] == [
        ("Termin", 1, "TOP"),
        ("Kwota dotacji", 0, "TOP"),
        ("Nowa", 0, "LEFT"),
    ]
    assert edited["search_keys"][0]["id"] == key_named(created, "Termin")["id"]
    assert edited["updated"] >= created["updated"]


def test_edit_without_keys_keeps_them(api):
    created = add_search(api)
    body = edit_body(created, name="Inna nazwa")
    del body["search_keys"]
    edited = api.post(f"/api/search/{created['id']}", body)["message"]
    assert edited["search_keys"] == created["search_keys"]


def test_removing_a_key_with_texts_is_refused_with_the_count_unless_confirmed(api):
    places = gminy(api)
    created = add_search(api)
    contact = key_named(created, "Kontakt")
    for borough in ("zabierzow", "liszki"):
        add_entry(api, created, places[borough], [value(contact, "tel. 12 345 67 89")])
    without_contact = [key for key in created["search_keys"] if key["name"] != "Kontakt"]
    answer = api.post(f"/api/search/{created['id']}", edit_body(created, search_keys=without_contact), status=409)
    assert answer["message"] == "CONFLICT" and answer["errors"][0]["name"] == "search_keys"
    description = answer["errors"][0]["description"]
    assert "„Kontakt” (wartości w 2 gminach)" in description and description.endswith("potwierdź usunięcie.")
    assert api.get(f"/api/search/{created['id']}")["message"]["search_keys"] == created["search_keys"]
    confirmed = api.post(
        f"/api/search/{created['id']}", edit_body(created, search_keys=without_contact, remove_keys_with_values=1)
    )["message"]
    assert "Kontakt" not in [key["name"] for key in confirmed["search_keys"]]


def test_a_key_of_another_search_or_sent_twice_is_refused(api):
    first, second = add_search(api, "pierwsza"), add_search(api, "druga")
    foreign = dict(second["search_keys"][0])
    answer = api.post(f"/api/search/{first['id']}", edit_body(first, search_keys=[foreign]), status=400)
    assert answer["errors"][0]["name"] == "search_keys.0.id"
    twice = [first["search_keys"][0], dict(first["search_keys"][0], name="Inna")]
    answer = api.post(f"/api/search/{first['id']}", edit_body(first, search_keys=twice), status=400)
    assert answer["errors"][0]["name"] == "search_keys.1.id"


def test_delete_hides_the_search_and_its_entries(api):
    places = gminy(api)
    created = add_search(api)
    entry = add_entry(api, created, places["zabierzow"])
    assert api.delete(f"/api/search/{created['id']}")["message"] == {"id": created["id"]}
    assert api.get(f"/api/search/{created['id']}", status=404)["message"] == "NOT_FOUND"
    assert api.get(f"/api/search_entry/{entry['id']}", status=404)["message"] == "NOT_FOUND"
    assert api.get("/api/search/")["message"]["list"] == []
    add_search(api)  # the internal name is free again


def test_searches_need_a_signed_in_user(anonymous):
    assert anonymous.get("/api/search/", status=401)["message"] == "UNAUTHORISED"
    assert anonymous.post("/api/search/", search_payload(), status=401)["message"] == "UNAUTHORISED"
    assert anonymous.get("/api/search_entry/search/1", status=401)["message"] == "UNAUTHORISED"


def test_keys_named_as_the_form_sends_them_with_uuid_are_accepted(api):
    keys = [dict(key, uuid=f"u{index}") for index, key in enumerate(search_keys())]
    assert len(add_search(api, keys=keys)["search_keys"]) == 4
