"""History of graphs (smogpanel.history): an entry's values, written in bulk beside the record,
are in its history and come back on revert."""

from smogpanel.testing.app import history_of

from .helpers import add_graph


def test_an_entry_values_edit_is_recorded_and_reverted(api):
    graph = add_graph(api, graph_type="CIRCLE")
    group = api.post("/api/graph_group/", {"name": "2024", "graph_id": graph["id"]})["message"]
    keys = graph["graph_keys"]
    body = {
        "name": "Polska",
        "color": "",
        "with_goal": 0,
        "goal": None,
        "goal_progress_info": "",
        "goal_value_info": "",
        "goal_value_subinfo": "",
        "graph_group_id": group["id"],
        "values": [{"key": {"id": keys[0]["id"]}, "group": {"id": None}, "value": {"value": 5}}],
    }
    entry = api.post("/api/graph_entry/", body)["message"]
    body["values"][0]["value"]["value"] = 7.25
    api.post(f"/api/graph_entry/{entry['id']}", body)
    edit = history_of(api, "graph_entry", entry["id"])[0]
    old, new = edit["changes"]["values"]
    assert (old[0]["value"]["value"], new[0]["value"]["value"]) == (5, 7.25)
    api.post(f"/api/history/{edit['id']}/revert", {})
    assert api.get(f"/api/graph_entry/{entry['id']}")["message"]["values"][0]["value"]["value"] == 5
