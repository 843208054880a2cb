"""The public chart payload: placeholders, values by type, goals, and 404 when absent."""

from smogpanel.plugins.graphs.tests.helpers import add_graph, add_group, all_keys, entry_body

LABELS = {"goal_progress_info": "Postęp", "goal_value_info": "Cel", "goal_value_subinfo": "wniosków"}


def test_a_bar_chart_replaces_range_and_group_and_sums_toward_its_goal(api, anonymous):
    graph = add_graph(api)
    add_group(api, graph, "2022")
    group = add_group(api, graph, "2025")
    keys = all_keys(graph)
    api.post(
        "/api/graph_entry/",
        entry_body(group, [(keys[0]["id"], "0.1"), (keys[3]["id"], "0.2")], with_goal=1, goal=10, **LABELS),
    )
    payload = anonymous.get("/api/public/graph/wnioski")["message"]
    assert payload["name"] == "Wnioski 2022–2025"
    assert [g["value_title"] for g in payload["groups"]] == ["Liczba wniosków w 2022", "Liczba wniosków w 2025"]
    entry = payload["groups"][1]["entries"][0]
    assert entry["series"] == [[0.1, None], [None, 0.2]]
    assert entry["goal"] == {
        "goal": 10,
        "progress": 0.3,
        "progress_info": "Postęp",
        "value_info": "Cel",
        "value_subinfo": "wniosków",
    }
    assert [g["color"] for g in payload["key_groups"]] == ["red", "#00ff00"]


def test_a_multiline_chart_gives_each_entry_its_colour_and_the_last_value_as_progress(api, anonymous):
    graph = add_graph(api, "linie", graph_type="MULTILINE", name="Linie %RANGE%")
    group = add_group(api, graph)
    keys = all_keys(graph)
    api.post(
        "/api/graph_entry/",
        entry_body(group, [(keys[0]["id"], 4), (keys[1]["id"], 6)], color="navy", with_goal=1, goal=12, **LABELS),
    )
    payload = anonymous.get("/api/public/graph/linie")["message"]
    assert payload["name"] == "Linie %RANGE%"  # the placeholder belongs to bar charts
    entry = payload["groups"][0]["entries"][0]
    assert (entry["color"], entry["values"], entry["goal"]["progress"]) == ("navy", [4, 6], 6)
    # The chart matches values and places by key id: short names are only labels.
    assert [(k["id"], k["name"], k["short_name"]) for k in payload["keys"]] == [
        (keys[0]["id"], "Pompy ciepła", "PC"),
        (keys[1]["id"], "Kotły gazowe", "KG"),
    ]


def test_an_unknown_or_deleted_graph_is_404(api, anonymous):
    graph = add_graph(api)
    anonymous.get("/api/public/graph/brak", status=404)
    api.delete(f"/api/graph/{graph['id']}")
    anonymous.get("/api/public/graph/wnioski", status=404)
    assert "Nie znaleziono" in anonymous.app.get("/view/graph/wnioski", status=404).text
