"""The graph endpoints of SPEC section 7 as the panel calls them: the graph with its keys or key
groups by type, colours, the internal name, and key edits that never silently lose values."""

import pytest

from smogpanel.plugins.graphs.tests.helpers import add_graph, add_group, all_keys, edit_body, entry_body, graph_body


def test_a_bar_chart_keeps_its_key_groups_with_their_keys(api):
    graph = add_graph(api)
    assert (graph["graph_type_name"], graph["graph_style_name"], graph["unit"]) == ("BAR", "CLASSIC", "szt.")
    assert graph["graph_keys"] == []
    assert [(g["name"], g["color"], [k["short_name"] for k in g["graph_keys"]]) for g in graph["graph_key_groups"]] == [
        ("Wnioski złożone", "red", ["I", "II"]),
        ("Umowy podpisane", "#00ff00", ["I", "II"]),
    ]
    assert api.get(f"/api/graph/{graph['id']}")["message"] == graph


@pytest.mark.parametrize("graph_type", ["CIRCLE", "MULTILINE"])
def test_circle_and_multiline_charts_have_plain_keys_and_no_unit(api, graph_type):
    graph = add_graph(api, graph_type=graph_type, graph_style_name="modern")
    assert [(k["name"], k["short_name"]) for k in graph["graph_keys"]] == [
        ("Pompy ciepła", "PC"),
        ("Kotły gazowe", "KG"),
    ]
    assert (graph["graph_key_groups"], graph["unit"], graph["graph_style_name"]) == ([], "", "MODERN")


def test_a_key_group_given_to_a_circle_chart_is_refused(api):
    body = graph_body(graph_type="CIRCLE", graph_key_groups=graph_body()["graph_key_groups"])
    errors = api.post("/api/graph/", body, status=400)["errors"]
    assert errors[0]["name"] == "graph_key_groups"
    assert api.get("/api/graph/")["message"]["list"] == []


@pytest.mark.parametrize(
    "color",
    ["red", "RebeccaPurple", "rgb(255, 0, 0)", "rgba(0,0,0,0.5)", "#abc", "#a1b2c3", "#a1b2c3d4", "rgb(10%, 20%, 30%)"],
)
def test_colours_may_be_english_names_rgb_rgba_or_hex(api, color):
    groups = [{"name": "A", "color": color, "graph_keys": []}]
    assert add_graph(api, graph_key_groups=groups)["graph_key_groups"][0]["color"] == color.strip().lower()


@pytest.mark.parametrize(
    "color", ["czerwony", "rgb(256, 0, 0)", "rgba(0, 0, 0, 2)", "#abcde", "#ggg", "rgb(1,2)", "url(x)", ""]
)
def test_other_colours_are_refused_in_polish(api, color):
    groups = [{"name": "A", "color": color, "graph_keys": []}]
    errors = api.post("/api/graph/", graph_body(graph_key_groups=groups), status=400)["errors"]
    assert errors[0]["name"] == "graph_key_groups.0.color"
    assert "Kolor grupy" in errors[0]["description"]
    assert api.get("/api/graph/")["message"]["list"] == []


@pytest.mark.parametrize(
    "change, field",
    [
        ({"name": ""}, "name"),
        ({"internal_name": "Duże Litery"}, "internal_name"),
        ({"graph_type_name": "PIE"}, "graph_type_name"),
        ({"graph_style_name": "DARK"}, "graph_style_name"),
        ({"position_title": ""}, "position_title"),
        ({"value_title": ""}, "value_title"),
    ],
)
def test_required_and_enumerated_fields(api, change, field):
    errors = api.post("/api/graph/", graph_body(**change), status=400)["errors"]
    assert [e["name"] for e in errors] == [field]


def test_list_sorts_and_internal_name_is_unique_and_fixed(api):
    first = add_graph(api, "a-wykres", name="Alfa")
    add_graph(api, "b-wykres", name="Beta", graph_type="LINE")
    listed = api.get("/api/graph/")["message"]
    assert (listed["order"], listed["asc"]) == ("id", False)
    assert [row["internal_name"] for row in listed["list"]] == ["b-wykres", "a-wykres"]
    assert [r["graph_type_name"] for r in api.get("/api/graph/?order=graph_type_name&asc=1")["message"]["list"]] == [
        "BAR",
        "LINE",
    ]
    api.get("/api/graph/?order=graph_style_name&asc=0")
    assert api.post("/api/graph/", graph_body("a-wykres"), status=409)["errors"][0]["name"] == "internal_name"
    edited = api.post(f"/api/graph/{first['id']}", edit_body(first, name="Nowa", internal_name="zmiana"))["message"]
    assert (edited["name"], edited["internal_name"]) == ("Nowa", "a-wykres")


def test_keys_are_edited_in_place_added_and_removed_when_empty(api):
    graph = add_graph(api, graph_type="CIRCLE")
    keys = graph["graph_keys"]
    body = edit_body(
        graph,
        graph_keys=[{"id": keys[1]["id"], "name": "Gaz", "short_name": "G"}, {"name": "Biomasa", "short_name": "B"}],
    )
    edited = api.post(f"/api/graph/{graph['id']}", body)["message"]
    assert [(k["name"], k["short_name"]) for k in edited["graph_keys"]] == [("Gaz", "G"), ("Biomasa", "B")]
    assert edited["graph_keys"][0]["id"] == keys[1]["id"]


def _graph_with_values(api, graph_type="BAR"):
    graph = add_graph(api, graph_type=graph_type)
    group = add_group(api, graph)
    keys = all_keys(graph)
    api.post("/api/graph_entry/", entry_body(group, [(keys[0]["id"], 5), (keys[-1]["id"], "0,5")], color="blue"))
    api.post("/api/graph_entry/", entry_body(group, [(keys[0]["id"], 7)], name="Śląskie", color="blue"))
    return graph, keys


def test_removing_a_key_group_whose_keys_hold_values_is_refused_with_the_count(api):
    graph, keys = _graph_with_values(api)
    body = edit_body(graph, graph_key_groups=graph["graph_key_groups"][1:])
    error = api.post(f"/api/graph/{graph['id']}", body, status=409)["errors"][0]
    assert error["name"] == "graph_key_groups"
    assert "„Styczeń” (wartości w 2 wpisach)" in error["description"]
    assert api.get(f"/api/graph/{graph['id']}")["message"]["graph_key_groups"] == graph["graph_key_groups"]
    confirmed = api.post(f"/api/graph/{graph['id']}", dict(body, remove_keys_with_values=1))["message"]
    assert [g["name"] for g in confirmed["graph_key_groups"]] == ["Umowy podpisane"]


def test_removing_one_key_of_a_group_with_a_value_is_refused(api):
    graph, keys = _graph_with_values(api)
    groups = graph["graph_key_groups"]
    body = edit_body(graph, graph_key_groups=[groups[0], dict(groups[1], graph_keys=groups[1]["graph_keys"][:1])])
    error = api.post(f"/api/graph/{graph['id']}", body, status=409)["errors"][0]
    assert "„Luty” (wartości w 1 wpisie)" in error["description"]


def test_changing_the_type_to_the_other_family_guards_the_values_too(api):
    graph, keys = _graph_with_values(api, "CIRCLE")
    body = edit_body(graph, graph_type_name="BAR", graph_keys=[], graph_key_groups=[])
    assert api.post(f"/api/graph/{graph['id']}", body, status=409)["errors"][0]["name"] == "graph_key_groups"
    body = edit_body(graph, graph_type_name="MULTILINE")
    assert api.post(f"/api/graph/{graph['id']}", body)["message"]["graph_type_name"] == "MULTILINE"


def test_a_key_id_of_another_graph_is_refused(api):
    other = add_graph(api, "inny", graph_type="CIRCLE")
    graph = add_graph(api, graph_type="CIRCLE")
    body = edit_body(graph, graph_keys=[{"id": other["graph_keys"][0]["id"], "name": "X", "short_name": "X"}])
    assert api.post(f"/api/graph/{graph['id']}", body, status=400)["errors"][0]["name"] == "graph_keys.0.id"


def test_delete_removes_the_graph_from_lists(api):
    graph = add_graph(api)
    api.delete(f"/api/graph/{graph['id']}")
    assert api.get("/api/graph/")["message"]["list"] == []
    api.get(f"/api/graph/{graph['id']}", status=404)


@pytest.mark.parametrize("graph_type", ["CIRCLE", "MULTILINE"])
def test_a_short_name_used_twice_is_refused_naming_it(api, graph_type):
    keys = [{"name": "lubelskie", "short_name": "lu"}, {"name": "lubuskie", "short_name": "LU"}]
    error = api.post("/api/graph/", graph_body(graph_type=graph_type, graph_keys=keys), status=400)["errors"][0]
    assert error["name"] == "graph_keys.1"
    assert "Krótka nazwa „LU” występuje dwa razy (klucze „lubelskie” i „lubuskie”)" in error["description"]
    assert api.get("/api/graph/")["message"]["list"] == []


def test_a_short_name_used_twice_in_a_key_group_or_for_two_names_across_groups_is_refused(api):
    lubelskie, lubuskie = {"name": "lubelskie", "short_name": "lu"}, {"name": "lubuskie", "short_name": "lu"}
    groups = [{"name": "Wnioski", "color": "red", "graph_keys": [lubelskie, lubuskie]}]
    error = api.post("/api/graph/", graph_body(graph_type="LINE", graph_key_groups=groups), status=400)["errors"][0]
    assert error["name"] == "graph_key_groups.0.graph_keys.1"
    assert "„lu” występuje dwa razy" in error["description"]
    groups = [
        {"name": "Wnioski", "color": "red", "graph_keys": [lubelskie]},
        {"name": "Umowy", "color": "blue", "graph_keys": [dict(lubelskie), lubuskie]},
    ]
    error = api.post("/api/graph/", graph_body(graph_type="LINE", graph_key_groups=groups), status=400)["errors"][0]
    assert error["name"] == "graph_key_groups.1.graph_keys.1"
    assert "„lu” występuje dwa razy (klucze „lubelskie” i „lubuskie”)" in error["description"]
    assert api.get("/api/graph/")["message"]["list"] == []
    # The same key in two key groups is one category of the chart: its short name may repeat.
    groups[1]["graph_keys"] = [dict(lubelskie), {"name": "lubuskie", "short_name": "lb"}]
    assert (
        add_graph(api, graph_type="LINE", graph_key_groups=groups)["graph_key_groups"][1]["graph_keys"][0]["short_name"]
        == "lu"
    )


def test_a_group_of_a_missing_graph_is_refused_in_correct_polish(api):
    graph = add_graph(api)
    api.delete(f"/api/graph/{graph['id']}")
    error = api.post("/api/graph_group/", {"name": "2024", "graph_id": graph["id"]}, status=400)["errors"][0]
    assert error == {"name": "graph_id", "description": "Wybrany wykres nie istnieje albo został usunięty."}
