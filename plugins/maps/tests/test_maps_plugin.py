"""The plugin as the application sees it: demo data, the shell entry, the API description,
and a disabled plugin leaving no trace."""

import webtest

from smogpanel.plugins.maps.imports import PROPERTY_NAMES
from smogpanel.plugins.maps.seed import add_demo_data


def test_demo_data_is_the_clean_air_map_with_the_eleven_properties(db, api, anonymous):
    add_demo_data(db)
    db.commit()
    [row] = [row for row in api.get("/api/map/")["message"]["list"] if row["internal_name"] == "czyste-powietrze"]
    a_map = api.get(f"/api/map/{row['id']}")["message"]
    assert [key["name"] for key in a_map["property_keys"]] == list(PROPERTY_NAMES)
    listed = api.get(f"/api/checkpoint/map/{row['id']}")["message"]["list"]
    assert len(listed) == 4 and sum(item["hidden"] for item in listed) == 1
    public = anonymous.get("/api/public/map/czyste-powietrze")["message"]
    assert len(public["checkpoints"]) == 3 and public["summary"]["title"].startswith("Razem: Stan na 31 grudnia 2023")
    assert api.get(f"/api/map/{row['id']}/export")["message"].startswith(f"/api/map/{row['id']}/export.xlsx?")


def test_the_remote_is_listed_for_the_shell(api):
    remotes = {remote["name"]: remote for remote in api.get("/api/plugins")["message"]}
    assert remotes["maps"] == {
        "name": "maps",
        "label": "Mapy",
        "path": "/map",
        "order": 40,
        "entry": "/plugins/maps/remote/remoteEntry.js",
        "scope": "smogpanel_maps",
        "module": "./routes",
    }


def test_the_api_description_lists_the_maps_endpoints(make_app):
    # Only this plugin (and the hierarchy): another plugin's schemas must not decide this test.
    app = webtest.TestApp(make_app(**{"smogpanel.plugins": "hierarchy,maps"}))
    paths = app.get("/api/openapi.json").json["paths"]
    for path in (
        "/api/map/",
        "/api/map/{id}",
        "/api/map/{id}/export",
        "/api/checkpoint/",
        "/api/checkpoint/{id}",
        "/api/checkpoint/map/{parent_id}",
        "/api/checkpoint/import",
    ):
        assert path in paths


def test_a_disabled_maps_plugin_has_no_endpoints_nor_import_types(make_app, admin):
    from smogpanel.testing.app import signed_in

    api = signed_in(make_app(**{"smogpanel.plugins": "hierarchy"}), admin)
    assert api.get("/api/map/", status=404)["message"] == "NOT_FOUND"
    assert "CP_XLS" not in [item["code"] for item in api.get("/api/import/")["message"]]
    api.get("/api/public/map/czyste-powietrze", status=404)
