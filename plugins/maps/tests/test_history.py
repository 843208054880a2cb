"""History of maps and measurements (smogpanel.history): a measurement's values, written by hand
beside the record, are in its history entry and come back when the entry is reverted."""

from smogpanel.testing.app import history_of

from .helpers import add_checkpoint, add_map, key_named, prop


def test_a_measurement_values_edit_is_recorded_and_reverted(api):
    a_map = add_map(api)
    key = key_named(a_map, a_map["property_keys"][0]["name"])
    point = add_checkpoint(api, a_map, properties=[prop(key, mp=10)])
    api.post(
        f"/api/checkpoint/{point['id']}",
        {"name": "Pomiar", "source": "", "map_id": a_map["id"], "hidden": 0, "properties": [prop(key, mp=12.5)]},
    )
    edit = history_of(api, "checkpoint", point["id"])[0]
    old, new = edit["changes"]["properties"]
    assert (old[0]["value"]["mp"], new[0]["value"]["mp"]) == (10, 12.5)
    api.post(f"/api/history/{edit['id']}/revert", {})
    again = api.get(f"/api/checkpoint/{point['id']}")["message"]
    assert again["properties"][0]["value"]["mp"] == 10


def test_a_measurement_import_is_one_entry_on_the_map(api):
    from smogpanel.testing.files import upload, xlsx

    from .helpers import report_rows

    a_map = add_map(api)
    answer = api.post(
        "/api/checkpoint/import",
        {
            "name": "2024",
            "source": "",
            "captured": None,
            "hidden": 0,
            "map_id": a_map["id"],
            "type": "CP_XLS",
            "file": upload(xlsx(report_rows())),
        },
    )["message"]
    entry = history_of(api, "map", a_map["id"])[0]
    assert entry["action"] == "import" and entry["changes"]["type"] == "CP_XLS"
    assert (entry["changes"]["created_kind"], entry["changes"]["created_id"]) == ("checkpoint", answer["id"])
