"""POST /api/graph/import with the six types: the year of the import name as the group, keys
matched by name, what is missing skipped and listed, every bad file a 422 naming the cell with
nothing written."""

import pytest

from smogpanel.plugins.graphs.imports import APPLICATION_GROUPS, CIRCLE_ITEMS, MULTILINE_ITEMS
from smogpanel.testing.files import XlsFormulaError, png, upload, xls, xlsx

from .helpers import add_graph

GROUP_NAMES = [classic for _, classic, _ in APPLICATION_GROUPS]


def line_graph(api, graph_type="LINE", groups=GROUP_NAMES[:3]):
    keys = [{"name": "małopolskie", "short_name": "mp"}, {"name": "Cała Polska", "short_name": "PL"}]
    key_groups = [{"name": name, "color": "red", "graph_keys": keys} for name in groups]
    return add_graph(api, "linia", graph_type=graph_type, graph_key_groups=key_groups)


def keyed_graph(api, graph_type, items):
    return add_graph(
        api,
        graph_type.lower(),
        graph_type=graph_type,
        graph_keys=[{"name": name, "short_name": f"{name[:5]} {index}"} for index, name in enumerate(items)],
    )


def send(api, graph, type_name, data, name="Raport 2024", status=200, filename="raport.xlsx"):
    body = {"name": name, "graph_id": graph["id"], "type": type_name, "file": upload(data, filename)}
    return api.post("/api/graph/import", body, status=status)


def groups_of(api, graph):
    return api.get(f"/api/graph_group/graph/{graph['id']}?order=id&asc=1")["message"]["list"]


def entries_of(api, group_id):
    rows = api.get(f"/api/graph_entry/graph_group/{group_id}")["message"]["list"]
    return [api.get(f"/api/graph_entry/{row['id']}")["message"] for row in rows]


LINE_ROWS = [
    ["Pozycja", *GROUP_NAMES],
    ["Małopolskie", 10, "2,5", 3, 4, 5],
    ["cała polska", 100, 20, 30, 40, 50],
    ["Mazowieckie", 1, 1, 1, 1, 1],
]


@pytest.mark.parametrize("graph_type", ["LINE", "BAR"])
def test_a_line_file_fills_the_key_groups_in_the_year_group(api, graph_type):
    graph = line_graph(api, graph_type)
    result = send(api, graph, "CP_LINE_XLS", xlsx(LINE_ROWS))["message"]
    groups = groups_of(api, graph)
    assert [g["name"] for g in groups] == ["2024"]
    assert (result["created"], result["graph_group_id"], result["values"]) == (2, groups[0]["id"], 6)
    skipped = [s["name"] for s in result["skipped"]]
    assert skipped == GROUP_NAMES[3:] + ["Mazowieckie"] * 3
    entry = entries_of(api, groups[0]["id"])[0]
    assert entry["name"] == "Raport 2024"
    assert [(v["group"]["name"], v["key"]["short_name"], v["value"]["value"]) for v in entry["values"]] == [
        (GROUP_NAMES[0], "mp", 10),
        (GROUP_NAMES[0], "PL", 100),
        (GROUP_NAMES[1], "mp", 2.5),
        (GROUP_NAMES[1], "PL", 20),
        (GROUP_NAMES[2], "mp", 3),
        (GROUP_NAMES[2], "PL", 30),
    ]


def test_importing_again_under_the_same_name_replaces_the_values(api):
    graph = line_graph(api)
    send(api, graph, "CP_LINE_XLS", xlsx(LINE_ROWS))
    rows = [LINE_ROWS[0], ["Małopolskie", 11, 0, 0, 0, 0]]
    result = send(api, graph, "CP_LINE_XLS", xlsx(rows))["message"]
    assert (result["created"], result["updated"]) == (0, 1)
    group = groups_of(api, graph)[0]
    assert [v["value"]["value"] for v in entries_of(api, group["id"])[0]["values"]] == [11, 0, 0]


def test_the_2025_line_file_has_title_rows_and_its_own_headers(api):
    graph = line_graph(api)
    headers = [edition_2025 for _, _, edition_2025 in APPLICATION_GROUPS]
    rows = [["Czyste Powietrze – stan na 2025-06-30"], [], ["Lp.", "Województwo", *headers], [1, "mp", 7, 7, 7, 7, 7]]
    result = send(api, graph, "CP_LINE_XLS_2025", xls(rows), name="Stan 2025", filename="r.xls")["message"]
    assert result["values"] == 3
    assert [g["name"] for g in groups_of(api, graph)] == ["2025"]


def test_multiline_and_circle_files_fill_the_keys(api):
    multiline = keyed_graph(api, "MULTILINE", MULTILINE_ITEMS)
    rows = [
        ["Pozycja", "Wartość"],
        *[[name, index] for index, name in enumerate(MULTILINE_ITEMS)],
        ["Kotły węglowe", 9],
    ]
    result = send(api, multiline, "CP_MULTILINE_XLS", xlsx(rows), name="Źródła 2023")["message"]
    assert [s["name"] for s in result["skipped"]] == ["Kotły węglowe"]
    group = groups_of(api, multiline)[0]
    entry = entries_of(api, group["id"])[0]
    assert (group["name"], entry["color"], len(entry["values"])) == ("2023", "#1f77b4", 6)
    circle = keyed_graph(api, "CIRCLE", CIRCLE_ITEMS)
    rows = [["Pozycja", "Wartość"], *[[name, "0,5"] for name in CIRCLE_ITEMS]]
    send(api, circle, "CP_CIRCLE_XLS_2025", xlsx(rows), name="Źródła 2023")
    group = groups_of(api, circle)[0]
    assert group["name"] == "Pozycje"  # SPEC 5: the year is the group for bar, line and multiline only
    assert [v["value"]["value"] for v in entries_of(api, group["id"])[0]["values"]] == [0.5] * 8


@pytest.mark.parametrize(
    "rows, cell",
    [
        ([["Pozycja", GROUP_NAMES[0]], ["Małopolskie", "abc"]], "B2"),
        ([["Pozycja", GROUP_NAMES[0]], ["Małopolskie", -1]], "B2"),
        ([["Pozycja", GROUP_NAMES[0]], ["Małopolskie", "1e20"]], "B2"),
        ([["Pozycja", GROUP_NAMES[0]], ["Małopolskie", 1], ["małopolskie", 2]], "A3"),
        ([["Nazwa kolumny", GROUP_NAMES[0]], ["Małopolskie", 1]], "1:1"),
    ],
)
def test_a_bad_cell_is_a_422_naming_it_and_nothing_is_written(api, rows, cell):
    graph = line_graph(api)
    errors = send(api, graph, "CP_LINE_XLS", xlsx(rows), status=422)["errors"]
    assert errors[0]["name"] == cell
    assert groups_of(api, graph) == []


def test_every_problem_of_the_file_comes_in_one_answer(api):
    """docs/imports.md: all bad cells at once. A cell that is no number, a negative value and an
    item given twice are reported together, not one kind per try."""
    graph = line_graph(api)
    rows = [
        ["Pozycja", GROUP_NAMES[0], GROUP_NAMES[1]],
        ["Małopolskie", "abc", -1],
        ["Cała Polska", 1, 2],
        ["małopolskie", 3, 4],
        [None, 5, 6],
    ]
    errors = send(api, graph, "CP_LINE_XLS", xlsx(rows), status=422)["errors"]
    assert [error["name"] for error in errors] == ["B2", "A5", "C2", "A4"]
    assert "nie jest liczbą" in errors[0]["description"] and "brak wartości" in errors[1]["description"]
    assert "mniejsza niż 0" in errors[2]["description"] and "występuje już w komórce A2" in errors[3]["description"]
    assert groups_of(api, graph) == []


def test_an_error_cell_of_a_legacy_xls_is_named_not_taken_for_a_blank(api):
    graph = line_graph(api)
    rows = [["Pozycja", GROUP_NAMES[0]], ["Małopolskie", XlsFormulaError("#DIV/0!")]]
    errors = send(api, graph, "CP_LINE_XLS", xls(rows), filename="raport.xls", status=422)["errors"]
    assert errors[0]["name"] == "B2" and "#DIV/0!" in errors[0]["description"]
    assert groups_of(api, graph) == []


def test_a_file_with_no_value_for_the_graph_is_a_422(api):
    graph = line_graph(api)
    errors = send(api, graph, "CP_LINE_XLS", xlsx([["Pozycja", GROUP_NAMES[4]], ["Małopolskie", 1]]), status=422)[
        "errors"
    ]
    assert errors[0]["name"] == "file"
    assert groups_of(api, graph) == []


def test_a_type_that_does_not_fit_the_chart_or_no_spreadsheet_is_refused(api):
    graph = line_graph(api)
    errors = send(api, graph, "CP_CIRCLE_XLS", xlsx(LINE_ROWS), status=400)["errors"]
    assert errors[0]["name"] == "type" and "CP_LINE_XLS" in errors[0]["description"]
    assert send(api, graph, "CP_LINE_XLS", png(), status=422)["errors"][0]["name"] == "file"
    body = {"name": "", "graph_id": 999, "type": "CP_LINE_XLS", "file": upload(xlsx(LINE_ROWS))}
    assert {e["name"] for e in api.post("/api/graph/import", body, status=400)["errors"]} == {"name"}
    assert api.post("/api/graph/import", dict(body, name="X"), status=400)["errors"][0]["name"] == "graph_id"
    assert groups_of(api, graph) == []


@pytest.mark.parametrize(
    "code",
    [
        "CP_LINE_XLS",
        "CP_LINE_XLS_2025",
        "CP_MULTILINE_XLS",
        "CP_MULTILINE_XLS_2025",
        "CP_CIRCLE_XLS",
        "CP_CIRCLE_XLS_2025",
    ],
)
def test_each_type_is_registered_with_a_template(anonymous, code, api):
    types = {t["code"]: t for t in api.get("/api/import/")["message"]}
    assert types[code]["columns"][0]["header"] == "Pozycja"
    response = anonymous.app.get(f"/api/import/{code}/template", status=200)
    assert response.body[:2] == b"PK"


@pytest.mark.parametrize(
    "cell, expected",
    [
        ("1 234,56", 1234.56),
        ("1.234,56", 1234.56),
        ("1e-20", 1e-20),
        (0, 0),
        (1e15, None),
        (1e16, None),
        ("NaN", None),
        ("inf", None),
        (-1e20, None),
    ],
)
def test_odd_values_are_kept_exact_or_refused_naming_the_cell(api, cell, expected):
    graph = keyed_graph(api, "CIRCLE", CIRCLE_ITEMS)
    rows = [["Pozycja", "Wartość"], ["Kotły gazowe", cell]]
    if expected is None:
        assert send(api, graph, "CP_CIRCLE_XLS", xlsx(rows), status=422)["errors"][0]["name"] == "B2"
        assert groups_of(api, graph) == []
    else:
        send(api, graph, "CP_CIRCLE_XLS", xlsx(rows))
        entry = entries_of(api, groups_of(api, graph)[0]["id"])[0]
        assert entry["values"][0]["value"]["value"] == expected
