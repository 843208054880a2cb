"""Graph groups and entries (SPEC 7 "Graphs"): values kept exact, the value and goal minimums,
the goal fields, the multiline colour, and lists per parent."""

import pytest

from smogpanel.plugins.graphs.tests.helpers import add_graph, add_group, all_keys, entry_body


def test_groups_belong_to_a_graph_and_list_by_it(api):
    graph = add_graph(api)
    add_group(api, graph, "2023")
    second = add_group(api, graph, "2024")
    listed = api.get(f"/api/graph_group/graph/{graph['id']}?order=name&asc=1")["message"]["list"]
    assert [row["name"] for row in listed] == ["2023", "2024"]
    assert api.post(f"/api/graph_group/{second['id']}", {"name": "2025"})["message"]["name"] == "2025"
    assert api.post("/api/graph_group/", {"name": "X", "graph_id": 999}, status=400)["errors"][0]["name"] == "graph_id"
    api.get("/api/graph_group/", status=405)


def test_an_entry_keeps_its_values_exact_with_their_key_and_group(api):
    graph = add_graph(api)
    group = add_group(api, graph)
    keys = all_keys(graph)
    body = entry_body(group, [(keys[0]["id"], "1 234,56"), (keys[1]["id"], 0.1), (keys[3]["id"], "0.000001")])
    entry = api.post("/api/graph_entry/", body)["message"]
    assert [(v["key"]["name"], v["group"]["name"], v["value"]["value"]) for v in entry["values"]] == [
        ("Styczeń", "Wnioski złożone", 1234.56),
        ("Luty", "Wnioski złożone", 0.1),
        ("Luty", "Umowy podpisane", 1e-06),
    ]
    assert entry["values"][0]["group"] == {
        "id": graph["graph_key_groups"][0]["id"],
        "name": "Wnioski złożone",
        "color": "red",
    }
    assert entry["values"][0]["key"]["short_name"] == "I"
    assert api.get(f"/api/graph_entry/{entry['id']}")["message"] == entry
    listed = api.get(f"/api/graph_entry/graph_group/{group['id']}")["message"]["list"]
    assert [row["name"] for row in listed] == ["Małopolskie"]


def test_editing_an_entry_replaces_its_values(api):
    graph = add_graph(api, graph_type="CIRCLE")
    group = add_group(api, graph)
    keys = all_keys(graph)
    entry = api.post("/api/graph_entry/", entry_body(group, [(keys[0]["id"], 3), (keys[1]["id"], 4)]))["message"]
    body = entry_body(group, [(keys[0]["id"], "2.5"), (keys[1]["id"], None)], name="Polska")
    del body["graph_group_id"]
    edited = api.post(f"/api/graph_entry/{entry['id']}", body)["message"]
    assert edited["name"] == "Polska"
    assert [(v["key"]["id"], v["value"]["value"]) for v in edited["values"]] == [(keys[0]["id"], 2.5)]
    assert "group" not in edited["values"][0]


@pytest.mark.parametrize("value", [-1, "-0,01", "abc", "1e20", "NaN"])
def test_values_below_zero_or_not_numbers_are_refused_and_nothing_is_written(api, value):
    graph = add_graph(api, graph_type="CIRCLE")
    group = add_group(api, graph)
    key_id = all_keys(graph)[0]["id"]
    errors = api.post("/api/graph_entry/", entry_body(group, [(key_id, value)]), status=400)["errors"]
    assert errors[0]["name"] == "values.0.value.value"
    assert api.get(f"/api/graph_entry/graph_group/{group['id']}")["message"]["list"] == []


def test_a_key_of_another_graph_or_group_is_refused(api):
    graph = add_graph(api)
    other = add_graph(api, "inny")
    group = add_group(api, graph)
    errors = api.post("/api/graph_entry/", entry_body(group, [(all_keys(other)[0]["id"], 1)]), status=400)["errors"]
    assert errors[0]["name"] == "values.0.key.id"
    body = entry_body(group, [])
    body["values"] = [
        {
            "key": {"id": all_keys(graph)[0]["id"]},
            "group": {"id": graph["graph_key_groups"][1]["id"]},
            "value": {"value": 1},
        }
    ]
    assert api.post("/api/graph_entry/", body, status=400)["errors"][0]["name"] == "values.0.group.id"


def test_a_goal_needs_a_value_of_at_least_one_and_its_three_labels(api):
    graph = add_graph(api)
    group = add_group(api, graph)
    errors = api.post("/api/graph_entry/", entry_body(group, [], with_goal=1), status=400)["errors"]
    assert {e["name"] for e in errors} == {"goal", "goal_progress_info", "goal_value_info", "goal_value_subinfo"}
    labels = {"goal_progress_info": "Postęp", "goal_value_info": "Cel", "goal_value_subinfo": "wniosków"}
    errors = api.post("/api/graph_entry/", entry_body(group, [], with_goal=1, goal="0,5", **labels), status=400)[
        "errors"
    ]
    assert errors[0]["name"] == "goal"
    entry = api.post("/api/graph_entry/", entry_body(group, [], with_goal=1, goal="1000,5", **labels))["message"]
    assert (entry["with_goal"], entry["goal"], entry["goal_value_subinfo"]) == (1, 1000.5, "wniosków")


def test_the_entry_colour_is_required_and_checked_for_multiline_only(api):
    multiline = add_graph(api, "linie", graph_type="MULTILINE")
    group = add_group(api, multiline)
    assert api.post("/api/graph_entry/", entry_body(group, []), status=400)["errors"][0]["name"] == "color"
    assert (
        api.post("/api/graph_entry/", entry_body(group, [], color="zielony"), status=400)["errors"][0]["name"]
        == "color"
    )
    assert api.post("/api/graph_entry/", entry_body(group, [], color=" Green "))["message"]["color"] == "green"
    bar_group = add_group(api, add_graph(api))
    assert api.post("/api/graph_entry/", entry_body(bar_group, [], color="zielony"))["message"]["color"] == ""


def test_deleting_a_group_deletes_its_entries(api):
    graph = add_graph(api)
    group = add_group(api, graph)
    entry = api.post("/api/graph_entry/", entry_body(group, []))["message"]
    api.delete(f"/api/graph_group/{group['id']}")
    api.get(f"/api/graph_entry/{entry['id']}", status=404)
