"""The shared definition: replace, exact decimals, versions and restore (SPEC 3, 5, 7)."""

import pytest

from smogpanel.plugins.calculators.seed import add_demo_data

from .helpers import calculator, demo_types, values


def replace(api, types, status=200):
    return api.post("/api/calculator/definition/", {"types": types}, status=status)


def test_no_definition_at_first(api):
    assert api.get("/api/calculator/definition/")["message"] == []
    assert api.get("/api/calculator/definition/version/")["message"] == []


def test_replace_and_read_the_definition(api):
    answer = replace(api, demo_types())["message"]
    assert [t["name"] for t in answer][:2] == ["Standard budynku", "Węgiel – kocioł zasypowy"]
    assert all(isinstance(t["id"], int) and all(isinstance(d["id"], int) for d in t["definitions"]) for t in answer)
    assert api.get("/api/calculator/definition/")["message"] == answer
    assert values(answer)[("Gaz ziemny", "sprawnosc")] == "0.96"


def test_decimals_are_kept_exact(api):
    types = [
        {
            "name": "Prąd",
            "definitions": [
                {"name": "cena_za_kwh", "value": "0.1234567891"},
                {"name": "ulamek", "value": 0.85},  # a JSON number: kept as written, not as the binary float
                {"name": "duza", "value": "123456789012345.5"},
                {"name": "przecinek", "value": "1 234,50"},
                {"name": "calkowita", "value": 1500},
            ],
        }
    ]
    stored = values(replace(api, types)["message"])
    assert stored == {
        ("Prąd", "cena_za_kwh"): "0.1234567891",
        ("Prąd", "ulamek"): "0.85",
        ("Prąd", "duza"): "123456789012345.5",
        ("Prąd", "przecinek"): "1234.5",
        ("Prąd", "calkowita"): "1500",
    }


@pytest.mark.parametrize(
    "definition, field, text",
    [
        ({"name": "Cena", "value": "1"}, "types.0.definitions.0.name", "małe litery"),
        ({"name": "cena_", "value": "1"}, "types.0.definitions.0.name", "małe litery"),
        ({"name": "cena", "value": ""}, "types.0.definitions.0.value", "Wymagane"),
        ({"name": "cena", "value": "abc"}, "types.0.definitions.0.value", "„abc” nie jest liczbą"),
        ({"name": "cena", "value": "NaN"}, "types.0.definitions.0.value", "nie jest liczbą"),
        ({"name": "cena", "value": "1e400"}, "types.0.definitions.0.value", "od -999 999 999 999 999"),
        ({"name": "cena", "value": "0.12345678901"}, "types.0.definitions.0.value", "cyfr po przecinku"),
        ({"name": "cena", "value": True}, "types.0.definitions.0.value", "Ta wartość nie jest liczbą"),
    ],
)
def test_a_bad_definition_is_refused_and_nothing_changes(api, definition, field, text):
    before = replace(api, demo_types())["message"]
    answer = replace(api, [{"name": "Prąd", "definitions": [definition]}], status=400)
    assert answer["message"] == "VALIDATION_FAILED"
    assert [e["name"] for e in answer["errors"]] == [field]
    assert text.lower() in answer["errors"][0]["description"].lower()
    assert api.get("/api/calculator/definition/")["message"] == before
    assert len(api.get("/api/calculator/definition/version/")["message"]) == 1


def test_a_bad_name_says_the_rule_once_after_its_label(api):
    answer = replace(api, [{"name": "Prąd", "definitions": [{"name": "Cena", "value": "1"}]}], status=400)
    assert answer["errors"][0]["description"] == (
        "Nazwa definicji: tylko małe litery, cyfry i „_” (np. cena_za_tone); polskie litery tylko w nazwach "
        "standardów budynku (np. dom_energooszczędny)."
    )


def test_building_standards_may_be_named_in_polish_and_the_widget_gets_that_text(api, anonymous):
    types = [
        {"name": "Standard budynku", "definitions": [{"name": "dom_energooszczędny", "value": "70"}]},
        {"name": "Prąd", "definitions": [{"name": "sprawnosc", "value": "1"}, {"name": "cena_za_kwh", "value": "1"}]},
    ]
    replace(api, types)
    api.post("/api/calculator/", calculator())
    definition = anonymous.get("/api/public/calculator/koszty-ogrzewania")["message"]["definition"]
    assert definition[0]["definitions"][0]["name"] == "dom_energooszczędny"
    # The names the widget reads stay without Polish letters: 'sprawność' would never be read.
    types[1]["definitions"][0]["name"] = "sprawność"
    error = replace(api, types, status=400)["errors"][0]
    assert error["name"] == "types.1.definitions.0.name"
    assert error["description"].startswith("Nazwa definicji „sprawność” typu „Prąd”: tylko małe litery")


def test_repeated_names_are_refused(api):
    types = [
        {"name": "Pellet", "definitions": [{"name": "sprawnosc", "value": "1"}, {"name": "sprawnosc", "value": "2"}]},
        {"name": "pellet", "definitions": [{"name": "sprawnosc", "value": "1"}]},
    ]
    answer = replace(api, types, status=400)
    assert {e["name"] for e in answer["errors"]} == {"types.0.definitions.1.name", "types.1.name"}


def test_empty_types_are_refused(api):
    assert replace(api, [], status=400)["errors"][0]["name"] == "types"
    assert (
        replace(api, [{"name": "Pellet", "definitions": []}], status=400)["errors"][0]["name"] == "types.0.definitions"
    )


def test_replacing_keeps_earlier_versions_and_one_can_be_restored(api):
    first = replace(api, demo_types())["message"]
    replace(api, [{"name": "Prąd", "definitions": [{"name": "cena_za_kwh", "value": "9"}]}])
    versions = api.get("/api/calculator/definition/version/")["message"]
    assert [(v["source"], v["current"], v["types"]) for v in versions] == [
        ("Formularz definicji", True, 1),
        ("Formularz definicji", False, 9),
    ]
    restored = api.post(f"/api/calculator/definition/version/{versions[1]['id']}/restore")["message"]

    def strip(types):
        return [(t["name"], [(d["name"], d["value"]) for d in t["definitions"]]) for t in types]

    assert strip(restored) == strip(first)
    after = api.get("/api/calculator/definition/version/")["message"]
    assert (
        len(after) == 3
        and after[0]["current"]
        and after[0]["source"].startswith(f"Przywrócenie wersji {versions[1]['id']} z ")
    )
    api.post("/api/calculator/definition/version/999999/restore", status=404)


def test_demo_data_holds_the_worked_example(db, api):
    add_demo_data(db)
    stored = values(api.get("/api/calculator/definition/")["message"])
    assert stored[("Standard budynku", "dom_ocieplony")] == "120"
    assert stored[("Standard budynku", "dom_energooszczędny")] == "70"  # the widget shows "dom energooszczędny"
    assert stored[("Pompa ciepła powietrzna", "dotacja")] == "30000"
    assert api.get("/api/public/calculator/koszty-ogrzewania")["message"]["calculator"]["show_refund"] is True
