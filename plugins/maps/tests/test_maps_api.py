"""The map endpoints of SPEC section 7 as the panel calls them: list, read, create, edit with
property keys, delete; the internal name fixed and unique; keys with values never lost."""

import pytest

from smogpanel.plugins.maps.imports import PROPERTY_NAMES
from smogpanel.plugins.maps.tests.helpers import (
    add_checkpoint,
    add_map,
    cp_keys,
    key_named,
    map_payload,
    prop,
)


def edit_body(a_map, **changes):
    body = {name: a_map[name] for name in ("name", "source", "details", "show_summary", "summary_title")}
    body["property_keys"] = [dict(key, uuid=f"k{key['id']}") for key in a_map["property_keys"]]
    body.update(changes)
    return body


def test_create_and_read_a_map_with_its_property_keys(api):
    created = add_map(api)
    assert created["name"] == "Czyste Powietrze" and created["internal_name"] == "czyste-powietrze"
    assert created["source"] == "NFOŚiGW" and created["details"] == "Dane programu"
    assert created["show_summary"] == 0 and created["summary_title"] == ""
    assert [key["name"] for key in created["property_keys"]] == list(PROPERTY_NAMES)
    assert {key["property_type_name"] for key in created["property_keys"]} == {"STATISTIC", "PRECISE"}
    assert all(isinstance(key["id"], int) for key in created["property_keys"])
    read = api.get(f"/api/map/{created['id']}")["message"]
    assert read["property_keys"] == created["property_keys"]
    assert read["summary"]["title"] == "Wszystkie pomiary"


def test_create_accepts_the_summary_fields_when_sent(api):
    created = add_map(api, show_summary=1, summary_title="Od %FIRST_CHECKPOINT%")
    assert (created["show_summary"], created["summary_title"]) == (1, "Od %FIRST_CHECKPOINT%")


def test_map_list_sorts_by_the_spec_fields_and_refuses_others(api):
    add_map(api, "b-mapa", name="Beta")
    add_map(api, "a-mapa", name="Alfa")
    listed = api.get("/api/map/")["message"]
    assert (listed["order"], listed["asc"]) == ("id", False)
    assert [row["internal_name"] for row in listed["list"]][:2] == ["a-mapa", "b-mapa"]
    by_name = api.get("/api/map/?order=internal_name&asc=1")["message"]["list"]
    assert [row["internal_name"] for row in by_name][:2] == ["a-mapa", "b-mapa"]
    for field in ("id", "name", "updated"):
        api.get(f"/api/map/?order={field}&asc=0")
    assert api.get("/api/map/?order=source", status=400)["errors"][0]["name"] == "order"


@pytest.mark.parametrize(
    "change, field",
    [
        ({"name": ""}, "name"),
        ({"source": "  "}, "source"),
        ({"internal_name": "Duże Litery"}, "internal_name"),
        ({"property_keys": [{"name": "", "property_type_name": "STATISTIC"}]}, "property_keys.0.name"),
        ({"property_keys": [{"name": "A", "property_type_name": "OTHER"}]}, "property_keys.0.property_type_name"),
        (
            {
                "property_keys": [
                    {"name": "A", "property_type_name": "STATISTIC"},
                    {"name": " a ", "property_type_name": "PRECISE"},
                ]
            },
            "property_keys.1",
        ),
        ({"show_summary": 7}, "show_summary"),
    ],
)
def test_bad_maps_are_refused_in_polish_and_nothing_is_written(api, change, field):
    before = len(api.get("/api/map/")["message"]["list"])
    answer = api.post(
        "/api/map/", map_payload(**change) if "internal_name" in change else dict(map_payload(), **change), status=400
    )
    assert answer["message"] == "VALIDATION_FAILED"
    assert field in [error["name"] for error in answer["errors"]]
    assert len(api.get("/api/map/")["message"]["list"]) == before


def test_internal_name_taken_is_409_and_fixed_after_creation(api):
    created = add_map(api)
    answer = api.post("/api/map/", map_payload(), status=409)
    assert answer["message"] == "CONFLICT" and answer["errors"][0]["name"] == "internal_name"
    assert "zajęta" in answer["errors"][0]["description"]
    edited = api.post(f"/api/map/{created['id']}", edit_body(created, internal_name="inna", name="Nowa"))["message"]
    assert (edited["internal_name"], edited["name"]) == ("czyste-powietrze", "Nowa")


def test_the_internal_name_of_a_deleted_map_can_be_used_again(api):
    created = add_map(api)
    api.delete(f"/api/map/{created['id']}")
    assert add_map(api)["id"] != created["id"]


def test_edit_renames_adds_reorders_and_removes_keys_matched_by_id(api):
    created = add_map(api, keys=cp_keys()[:3])
    first, second, third = created["property_keys"]
    keys = [
        dict(third, display_name="Dotacje"),
        dict(first, name="Wnioski", property_type_name="INFORMATIVE"),
        {"uuid": "new", "name": "Nowa", "display_name": "", "property_type_name": "PRECISE"},
    ]
    edited = api.post(f"/api/map/{created['id']}", edit_body(created, property_keys=keys))["message"]
    assert [(k["id"], k["name"], k["display_name"], k["property_type_name"]) for k in edited["property_keys"]] == [
        (third["id"], third["name"], "Dotacje", "STATISTIC"),
        (first["id"], "Wnioski", "", "INFORMATIVE"),
        (edited["property_keys"][2]["id"], "Nowa", "", "PRECISE"),
    ]
    assert second["id"] not in [key["id"] for key in api.get(f"/api/map/{created['id']}")["message"]["property_keys"]]


def test_an_edit_without_property_keys_keeps_them(api):
    created = add_map(api)
    body = edit_body(created, name="Bez kluczy")
    del body["property_keys"]
    assert api.post(f"/api/map/{created['id']}", body)["message"]["property_keys"] == created["property_keys"]


def test_a_key_id_of_another_map_is_refused(api):
    one, other = add_map(api, "jedna"), add_map(api, "druga")
    keys = [dict(other["property_keys"][0])]
    answer = api.post(f"/api/map/{one['id']}", edit_body(one, property_keys=keys), status=400)
    assert answer["errors"][0]["name"] == "property_keys.0.id"
    assert api.get(f"/api/map/{one['id']}")["message"]["property_keys"] == one["property_keys"]


def test_removing_a_key_with_values_is_refused_unless_confirmed(api):
    created = add_map(api, keys=cp_keys()[:2])
    applications = key_named(created, "Liczba złożonych wniosków")
    add_checkpoint(api, created, properties=[prop(applications, mp=5)])
    keep_only_second = edit_body(created, property_keys=[created["property_keys"][1]], name="Zmieniona")
    answer = api.post(f"/api/map/{created['id']}", keep_only_second, status=409)
    assert answer["message"] == "CONFLICT" and answer["errors"][0]["name"] == "property_keys"
    description = answer["errors"][0]["description"]
    assert "„Liczba złożonych wniosków” (wartości w 1 pomiarze)" in description
    assert "remove_keys_with_values" not in description and description.endswith(
        "potwierdź usunięcie."
    )  # no API field names in a dialog
    unchanged = api.get(f"/api/map/{created['id']}")["message"]
    assert unchanged["name"] == "Czyste Powietrze" and len(unchanged["property_keys"]) == 2

    confirmed = api.post(f"/api/map/{created['id']}", dict(keep_only_second, remove_keys_with_values=1))["message"]
    assert [key["name"] for key in confirmed["property_keys"]] == ["Liczba podpisanych umów"]
    assert confirmed["name"] == "Zmieniona"


def test_removing_a_key_without_values_needs_no_confirmation(api):
    created = add_map(api, keys=cp_keys()[:2])
    add_checkpoint(api, created, properties=[prop(created["property_keys"][1], mp=5)])
    body = edit_body(created, property_keys=[created["property_keys"][1]])
    assert len(api.post(f"/api/map/{created['id']}", body)["message"]["property_keys"]) == 1


def test_delete_map_then_404_everywhere_and_its_measurements_go_with_it(api):
    created = add_map(api)
    checkpoint = add_checkpoint(api, created)
    assert api.delete(f"/api/map/{created['id']}")["message"] == {"id": created["id"]}
    for path in (
        f"/api/map/{created['id']}",
        f"/api/checkpoint/{checkpoint['id']}",
        f"/api/checkpoint/map/{created['id']}",
        f"/api/map/{created['id']}/export",
    ):
        assert api.get(path, status=404)["message"] == "NOT_FOUND"
    api.delete(f"/api/map/{created['id']}", status=404)
    api.post(f"/api/map/{created['id']}", edit_body(created), status=404)
    assert created["id"] not in [row["id"] for row in api.get("/api/map/")["message"]["list"]]
    api.get("/api/public/map/czyste-powietrze", status=404)


def test_maps_need_a_signed_in_user(anonymous):
    assert anonymous.get("/api/map/", status=401)["message"] == "UNAUTHORISED"
    anonymous.post("/api/map/", map_payload(), status=401)
    anonymous.post("/api/checkpoint/import", {}, status=401)
