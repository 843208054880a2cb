"""History of calculators (smogpanel.history): a calculator's edit, put back; a new version of
the shared definition, named in history (its contents stay in the definition's own versions)."""

from smogpanel.testing.app import history_of

from .helpers import calculator, demo_types


def test_a_calculator_edit_is_recorded_and_reverted(api):
    record = api.post("/api/calculator/", calculator())["message"]
    api.post(f"/api/calculator/{record['id']}", calculator(footer="Nowa stopka"))
    edit = history_of(api, "calculator", record["id"])[0]
    assert edit["changes"]["footer"][1] == "Nowa stopka"
    api.post(f"/api/history/{edit['id']}/revert", {})
    assert api.get(f"/api/calculator/{record['id']}")["message"]["footer"] == record["footer"]


def test_a_new_definition_version_is_an_entry_that_is_not_reverted_from_history(api):
    api.post("/api/calculator/definition/", {"types": demo_types()})
    entry = api.get("/api/history/?kind=calculator_definition")["message"]["list"][0]
    assert (entry["action"], entry["record_name"], entry["changes"]) == (
        "update",
        "Formularz definicji",
        {"types": "changed"},
    )
    assert (
        "nie da się cofnąć"
        in api.post(f"/api/history/{entry['id']}/revert", {}, status=409)["errors"][0]["description"]
    )
