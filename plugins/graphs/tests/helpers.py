"""Shared by the graphs plugin's tests: payloads as the panel sends them."""


def bar_groups():
    return [
        {
            "name": "Wnioski złożone",
            "color": "red",
            "graph_keys": [{"name": "Styczeń", "short_name": "I"}, {"name": "Luty", "short_name": "II"}],
        },
        {
            "name": "Umowy podpisane",
            "color": "#00ff00",
            "graph_keys": [{"name": "Styczeń", "short_name": "I"}, {"name": "Luty", "short_name": "II"}],
        },
    ]


def graph_body(internal_name="wnioski", graph_type="BAR", **changes):
    body = {
        "title": "Czyste Powietrze",
        "subtitle": "",
        "name": "Wnioski %RANGE%",
        "internal_name": internal_name,
        "subname": "",
        "unit": "szt.",
        "source": "Dane przykładowe",
        "legend": "",
        "graph_type_name": graph_type,
        "graph_style_name": "CLASSIC",
        "position_title": "Miesiąc",
        "value_title": "Liczba wniosków w %GROUP%",
        "graph_keys": [],
        "graph_key_groups": [],
    }
    if graph_type in ("BAR", "LINE"):
        body["graph_key_groups"] = bar_groups()
    else:
        body["graph_keys"] = [
            {"name": "Pompy ciepła", "short_name": "PC"},
            {"name": "Kotły gazowe", "short_name": "KG"},
        ]
    body.update(changes)
    return body


def add_graph(api, *args, **kw):
    return api.post("/api/graph/", graph_body(*args, **kw))["message"]


def edit_body(graph, **changes):
    body = {
        name: graph[name]
        for name in (
            "title",
            "subtitle",
            "name",
            "subname",
            "unit",
            "source",
            "legend",
            "graph_type_name",
            "graph_style_name",
            "position_title",
            "value_title",
            "graph_keys",
            "graph_key_groups",
        )
    }
    body.update(changes)
    return body


def add_group(api, graph, name="2024"):
    return api.post("/api/graph_group/", {"name": name, "graph_id": graph["id"]})["message"]


def all_keys(graph):
    keys = list(graph["graph_keys"])
    for group in graph["graph_key_groups"]:
        keys += group["graph_keys"]
    return keys


def entry_body(group, values, **changes):
    body = {
        "name": "Małopolskie",
        "color": "",
        "with_goal": 0,
        "goal": None,
        "goal_progress_info": "",
        "goal_value_info": "",
        "goal_value_subinfo": "",
        "graph_group_id": group["id"],
        "values": [{"key": {"id": key_id}, "value": {"value": value}} for key_id, value in values],
    }
    body.update(changes)
    return body
