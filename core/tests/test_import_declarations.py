"""Import endpoints declared with `smogpanel.importing.Import` (docs/plugins.md, "Declaring
imports"): the forms learn from `GET /api/import/` which endpoint takes which type and how the
type is named in the choice, and the API document states each endpoint's types as the enum of
its `type`."""

import pytest

ENDPOINTS = {
    "/api/checkpoint/import": {"CP_XLS", "CP_XLS_2025"},
    "/api/rank/import": {"RV_XLS", "RV_XLS_2025"},
    "/api/rank_value/import": {"RB_XLS", "RV_XLS", "RV_XLS_2025"},
    "/api/search_entry/import": {"WPG_XLS"},
    "/api/hierarchy/import-teryt": {"TERYT_TERC"},
    "/api/calculator/definition/import": {
        "HC_DEFINITION_XLS",
        "POBE_HC_XLS_2022",
        "POBE_HC_XLS_FORECAST_2023",
        "POBE_HC_XLS_2023",
        "POBE_HC_XLS_2025",
    },
}


@pytest.fixture
def listed(api):
    return {item["code"]: item for item in api.get("/api/import/")["message"]}


def test_the_list_names_the_endpoints_that_take_each_type(listed):
    for endpoint, codes in ENDPOINTS.items():
        assert {code for code, item in listed.items() if endpoint in item["imports"]} == codes
    graph_types = {code for code, item in listed.items() if "/api/graph/import" in item["imports"]}
    assert "CP_CIRCLE_XLS_2025" in graph_types and "CP_XLS" not in graph_types


def test_a_type_is_named_in_the_choice_by_its_label_and_code(listed):
    assert listed["RB_XLS"]["choice"] == "Ranking gmin (RB_XLS)"
    assert listed["CP_XLS_2025"]["choice"] == "Raport Czyste Powietrze 2025 (CP_XLS_2025)"
    assert listed["POBE_HC_XLS_2025"]["choice"] == "POBE: standard 2025"  # declared by its type


def test_the_api_document_gives_each_declared_endpoint_its_types(anonymous):
    paths = anonymous.app.get("/api/openapi.json").json["paths"]
    for endpoint, codes in ENDPOINTS.items():
        body = paths[endpoint]["post"]["requestBody"]["content"]["application/json"]["schema"]
        node = body["properties"]["type"]
        enum = node.get("enum") or node["anyOf"][0]["enum"]  # TERYT_TERC's may be left out
        assert set(enum) == codes
        assert paths[endpoint]["post"]["summary"].startswith("POST " + endpoint)
