"""The measurement endpoints of SPEC section 7: per-map list (captured descending by default),
read with properties, create with a default date, edit with `captured` fixed, delete; values
numeric, empty properties dropped, keys of other maps refused, nothing written on errors."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from smogpanel.plugins.maps.tests.helpers import (
    add_checkpoint,
    add_map,
    key_named,
    prop,
    values,
)
from smogpanel.regions import CODES

APPLICATIONS = "Liczba złożonych wniosków"
AGREEMENTS = "Liczba podpisanych umów"


@pytest.fixture
def cp_map(api):
    return add_map(api)


def test_create_and_read_a_measurement_with_its_values(api, cp_map):
    applications = key_named(cp_map, APPLICATIONS)
    created = add_checkpoint(
        api,
        cp_map,
        name="Stan na 31.12.2024",
        captured="2024-12-31",
        source="GUS",
        properties=[prop(applications, mp=1234, sl=10.5, ds=0)],
    )
    assert (created["name"], created["captured"], created["hidden"], created["source"]) == (
        "Stan na 31.12.2024",
        "2024-12-31",
        0,
        "GUS",
    )
    assert created["map_id"] == cp_map["id"]
    [stored] = api.get(f"/api/checkpoint/{created['id']}")["message"]["properties"]
    assert stored["key"] == {"id": applications["id"], "name": APPLICATIONS, "property_type_name": "STATISTIC"}
    assert isinstance(stored["value"]["id"], int)
    assert {code: stored["value"][code] for code in CODES} == values(mp=1234, sl=10.5, ds=0)


def test_the_date_defaults_to_today_in_poland(api, cp_map):
    created = add_checkpoint(api, cp_map, captured=None)
    assert created["captured"] == datetime.now(ZoneInfo("Europe/Warsaw")).date().isoformat()
    assert add_checkpoint(api, cp_map, captured="")["captured"] == created["captured"]


def test_properties_whose_sixteen_values_are_empty_are_dropped(api, cp_map):
    created = add_checkpoint(
        api,
        cp_map,
        properties=[
            prop(key_named(cp_map, APPLICATIONS)),
            {"key": {"id": key_named(cp_map, AGREEMENTS)["id"]}, "value": dict(values(), kp="", pm=None)},
            prop(key_named(cp_map, "Kotły gazowe"), wm=3),
        ],
    )
    assert [p["key"]["name"] for p in created["properties"]] == ["Kotły gazowe"]


def test_numbers_may_come_as_text_and_anything_else_is_a_polish_400(api, cp_map):
    applications = key_named(cp_map, APPLICATIONS)
    created = add_checkpoint(api, cp_map, properties=[prop(applications, mp="12.5", sl="7")])
    assert (created["properties"][0]["value"]["mp"], created["properties"][0]["value"]["sl"]) == (12.5, 7)
    for bad in ("dużo", True, [1], 10**16):
        answer = add_checkpoint(api, cp_map, name="Zły", properties=[prop(applications, mp=bad)], status=400)
        assert answer["errors"][0]["name"] == "properties.0.value.mp"
        assert answer["errors"][0]["description"].startswith("Województwo małopolskie:")
    names = [row["name"] for row in api.get(f"/api/checkpoint/map/{cp_map['id']}")["message"]["list"]]
    assert "Zły" not in names


def test_a_key_of_another_map_is_refused_and_nothing_is_written(api, cp_map):
    other = add_map(api, "inna")
    answer = add_checkpoint(api, cp_map, name="Obcy", status=400, properties=[prop(other["property_keys"][0], mp=1)])
    assert answer["errors"][0]["name"] == "properties.0.key.id"
    assert "nie należy do mapy" in answer["errors"][0]["description"]
    assert api.get(f"/api/checkpoint/map/{cp_map['id']}")["message"]["list"] == []
    key = key_named(cp_map, APPLICATIONS)
    answer = add_checkpoint(api, cp_map, status=400, properties=[prop(key, mp=1), prop(key, mp=2)])
    assert answer["errors"][0]["name"] == "properties.1.key.id"


@pytest.mark.parametrize(
    "change, field",
    [
        ({"name": ""}, "name"),
        ({"map_id": 999999}, "map_id"),
        ({"map_id": "x"}, "map_id"),
        ({"captured": "31.12.2024"}, "captured"),
        ({"hidden": 2}, "hidden"),
    ],
)
def test_bad_measurements_are_refused(api, cp_map, change, field):
    answer = add_checkpoint(api, cp_map, status=400, **change)
    assert field in [error["name"] for error in answer["errors"]]
    assert api.get(f"/api/checkpoint/map/{cp_map['id']}")["message"]["list"] == []


def test_edit_replaces_values_keeps_the_date_and_the_map(api, cp_map):
    applications, agreements = key_named(cp_map, APPLICATIONS), key_named(cp_map, AGREEMENTS)
    created = add_checkpoint(
        api, cp_map, captured="2024-06-30", properties=[prop(applications, mp=1), prop(agreements, mp=2)]
    )
    value_id = created["properties"][0]["value"]["id"]
    other = add_map(api, "inna")
    edited = api.post(
        f"/api/checkpoint/{created['id']}",
        {
            "name": "Poprawiony",
            "source": "",
            "hidden": 1,
            "map_id": other["id"],
            "captured": "2020-01-01",
            "properties": [prop(applications, mp=100, kp=3)],
        },
    )["message"]
    assert (edited["name"], edited["hidden"], edited["captured"], edited["map_id"]) == (
        "Poprawiony",
        1,
        "2024-06-30",
        cp_map["id"],
    )
    [only] = edited["properties"]
    assert only["value"]["id"] == value_id and (only["value"]["mp"], only["value"]["kp"]) == (100, 3)


def test_edit_without_properties_keeps_the_values(api, cp_map):
    created = add_checkpoint(api, cp_map, properties=[prop(key_named(cp_map, APPLICATIONS), mp=1)])
    edited = api.post(f"/api/checkpoint/{created['id']}", {"name": "Nowa nazwa", "map_id": cp_map["id"]})["message"]
    assert edited["properties"] == created["properties"]


def test_list_per_map_defaults_to_captured_descending_and_sorts_by_spec_fields(api, cp_map):
    for name, captured in (("B", "2024-06-30"), ("A", "2023-12-31"), ("C", "2025-03-31")):
        add_checkpoint(api, cp_map, name=name, captured=captured)
    add_checkpoint(api, add_map(api, "inna"), name="Obca")
    listed = api.get(f"/api/checkpoint/map/{cp_map['id']}")["message"]
    assert (listed["order"], listed["asc"]) == ("captured", False)
    assert [row["name"] for row in listed["list"]] == ["C", "B", "A"]
    assert [
        row["name"] for row in api.get(f"/api/checkpoint/map/{cp_map['id']}?order=name&asc=1")["message"]["list"]
    ] == ["A", "B", "C"]
    for field in ("id", "hidden", "updated", "captured"):
        api.get(f"/api/checkpoint/map/{cp_map['id']}?order={field}&asc=0")
    api.get(f"/api/checkpoint/map/{cp_map['id']}?order=source", status=400)
    api.get("/api/checkpoint/map/999999", status=404)


def test_delete_a_measurement(api, cp_map):
    created = add_checkpoint(api, cp_map)
    api.delete(f"/api/checkpoint/{created['id']}")
    api.get(f"/api/checkpoint/{created['id']}", status=404)
    api.post(f"/api/checkpoint/{created['id']}", {"name": "x", "map_id": cp_map["id"]}, status=404)
    assert api.get(f"/api/checkpoint/map/{cp_map['id']}")["message"]["list"] == []


def test_a_removed_key_vanishes_from_the_measurements(api, cp_map):
    applications = key_named(cp_map, APPLICATIONS)
    created = add_checkpoint(
        api, cp_map, properties=[prop(applications, mp=1), prop(key_named(cp_map, AGREEMENTS), mp=2)]
    )
    keys = [key for key in cp_map["property_keys"] if key["id"] != applications["id"]]
    body = {"name": cp_map["name"], "source": "x", "property_keys": keys, "remove_keys_with_values": 1}
    api.post(f"/api/map/{cp_map['id']}", body)
    assert [p["key"]["name"] for p in api.get(f"/api/checkpoint/{created['id']}")["message"]["properties"]] == [
        AGREEMENTS
    ]
