"""/api/openapi.json is OpenAPI 3.1 that tools nobody here wrote accept (openapi-spec-validator),
and says what the server checks: null where a field may be empty, rules that depend on a type,
the item types of every enabled plugin (the example third-party plugin's too)."""

from urllib.parse import urlencode

import jsonschema
import pytest
from openapi_spec_validator import OpenAPIV31SpecValidator


@pytest.fixture
def document(anonymous):
    return anonymous.app.get("/api/openapi.json").json


def body_schema(document, path, method="post"):
    return document["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]


def test_the_description_is_openapi_3_1_with_no_error(document):
    assert document["openapi"] == "3.1.0"
    errors = [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in OpenAPIV31SpecValidator(document).iter_errors()
    ]
    assert errors == []


def schemas_in(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from schemas_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from schemas_in(value)


def test_every_default_is_a_value_its_own_schema_allows(document):
    wrong = []
    for schema in schemas_in(document["paths"]):
        if "default" in schema and isinstance(schema.get("type", ""), (str, list)):
            rules = {key: value for key, value in schema.items() if key != "default"}
            if not jsonschema.Draft202012Validator(rules).is_valid(schema["default"]):
                wrong.append((schema.get("title"), schema["default"]))
    assert wrong == []


def test_operations_have_unique_ids_and_public_ones_need_no_token(document):
    operations = [op for item in document["paths"].values() for op in item.values()]
    ids = [op["operationId"] for op in operations]
    assert len(ids) == len(set(ids)) > 100
    paths = document["paths"]
    assert paths["/api/timer/"]["post"]["operationId"] == "create_timer"
    assert paths["/api/public/{kind}/{internal_name}"]["get"]["security"] == []
    assert paths["/api/auth/login"]["post"]["security"] == []
    assert "security" not in paths["/api/timer/"]["post"]  # the document's bearer token


def test_an_optional_field_may_be_null_or_empty_and_the_server_agrees(document, api):
    rank = body_schema(document, "/api/rank/")
    assert rank["properties"]["subname"]["type"] == ["string", "null"]
    validator = jsonschema.Draft202012Validator(rank)
    body = {
        "name": "Wymiana kotłów",
        "internal_name": "kotly",
        "rank_type_name": "voivodeships",
        "table_value_title": "kotłów",
        "subname": None,
        "show_empty": "",
        "logo_path": None,
    }
    assert validator.is_valid(body)
    assert api.post("/api/rank/", body)["success"] is True
    required_null = dict(body, internal_name="kotly-2", name=None)
    assert not validator.is_valid(required_null)
    assert api.post("/api/rank/", required_null, status=400)["errors"][0]["name"] == "name"


def test_a_rankings_unit_titles_depend_on_its_type_in_the_description_as_on_the_server(document, api):
    validator = jsonschema.Draft202012Validator(body_schema(document, "/api/rank/"))
    gminy = {"name": "Dotacje", "internal_name": "dotacje", "rank_type_name": "gminy", "table_value_title": "zł"}
    assert not validator.is_valid(gminy)  # a gminy ranking's search unit is required
    assert api.post("/api/rank/", gminy, status=400)["errors"][0]["name"] == "search_value_title"
    voivodeships = dict(gminy, rank_type_name="voivodeships")
    assert validator.is_valid(voivodeships)
    assert api.post("/api/rank/", voivodeships)["success"] is True
    with_unit = dict(gminy, internal_name="dotacje-2", search_value_title="zł na mieszkańca")
    assert validator.is_valid(with_unit)
    assert api.post("/api/rank/", with_unit)["success"] is True


def test_a_graphs_key_groups_depend_on_its_type(document):
    validator = jsonschema.Draft202012Validator(body_schema(document, "/api/graph/"))
    graph = {
        "name": "Pyły",
        "internal_name": "pyly",
        "graph_type_name": "CIRCLE",
        "graph_style_name": "CLASSIC",
        "position_title": "Miasto",
        "value_title": "PM10",
    }
    group = {"name": "Zima", "color": "#112233", "graph_keys": [{"name": "Kraków", "short_name": "KRK"}]}
    key = group["graph_keys"][0]
    assert validator.is_valid(dict(graph, graph_keys=[key]))
    assert not validator.is_valid(dict(graph, graph_key_groups=[group]))  # CIRCLE: plain keys only
    assert validator.is_valid(dict(graph, graph_type_name="BAR", graph_key_groups=[group]))
    assert not validator.is_valid(dict(graph, graph_type_name="BAR", graph_keys=[key]))  # BAR: in groups


def test_every_enabled_plugins_item_types_and_their_hooks_are_described(document):
    """The example third-party plugin (smogpanel-airquality) adds an item type and nothing to the
    description: its hooks are described all the same."""
    schema = body_schema(document, "/api/item/")
    validator = jsonschema.Draft202012Validator(schema)
    item = {"name": "Kraków", "internal_name": "krakow", "item_type_id": "airquality"}
    assert "airquality" in schema["allOf"][0]["properties"]["item_type_id"]["enum"]
    assert not validator.is_valid(item)  # its gmina and station are required
    hooks = [
        {"item_type_hook_name": "gmina", "value": 1},
        {"item_type_hook_name": "station_id", "value": "400"},
    ]
    assert validator.is_valid(dict(item, hooks=hooks))
    assert not validator.is_valid(dict(item, hooks=[*hooks, {"item_type_hook_name": "nie-ma", "value": "x"}]))


def test_files_and_templates_are_binary(document):
    template = document["paths"]["/api/import/{type}/template"]["get"]["responses"]["200"]["content"]
    assert template["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]["schema"] == {
        "type": "string",
        "contentMediaType": "application/octet-stream",
    }
    stored = document["paths"]["/files/{name}"]["get"]["responses"]["200"]["content"]
    assert stored["image/png"]["schema"]["type"] == "string"


@pytest.mark.parametrize("path", ["/api/timer/", "/api/history/"])
def test_a_lists_search_text_is_described_as_the_server_checks_it(document, api, path):
    """`q`: its length and no control character, in the description as on the server."""
    (q,) = [p["schema"] for p in document["paths"][path]["get"]["parameters"] if p["name"] == "q"]
    validator = jsonschema.Draft202012Validator(q)
    for text, accepted in [("Kraków 2024", True), ("a\tb", False), ("a\x00", False), ("x" * 101, False)]:
        assert validator.is_valid(text) is accepted, text
        api.get(f"{path}?{urlencode({'q': text})}", status=200 if accepted else 400)
