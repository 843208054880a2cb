"""The calculator endpoints of SPEC 7 "Calculators" and the public payload."""

import pytest

from smogpanel.testing.app import embed_bundle_of

from .helpers import calculator, demo_types


def add(api, **changes):
    return api.post("/api/calculator/", calculator(**changes))["message"]


def test_create_read_list_edit_and_delete_a_calculator(api):
    created = add(api)
    assert created["calculator_type_name"] == "HEATING_COST" and created["show_refund"] == 1
    assert api.get(f"/api/calculator/{created['id']}")["message"] == created
    listed = api.get("/api/calculator/?order=calculator_type_name&asc=1")["message"]
    assert listed["order"] == "calculator_type_name" and [row["id"] for row in listed["list"]] == [created["id"]]
    edit = {k: v for k, v in calculator(name="Nowa nazwa", internal_name="ignored", footer="").items()}
    edited = api.post(f"/api/calculator/{created['id']}", edit)["message"]
    assert edited["name"] == "Nowa nazwa" and edited["footer"] == ""
    assert edited["internal_name"] == "koszty-ogrzewania"  # fixed after creation
    api.delete(f"/api/calculator/{created['id']}")
    api.get(f"/api/calculator/{created['id']}", status=404)
    assert api.get("/api/calculator/")["message"]["list"] == []


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"name": ""}, "name"),
        ({"internal_name": "Z Spacją"}, "internal_name"),
        ({"calculator_type_name": "OTHER"}, "calculator_type_name"),
        ({"show_refund": 7}, "show_refund"),
    ],
)
def test_a_bad_calculator_is_refused_naming_the_field(api, changes, field):
    answer = api.post("/api/calculator/", calculator(**changes), status=400)
    assert answer["success"] is False and answer["message"] == "VALIDATION_FAILED"
    assert [e["name"] for e in answer["errors"]] == [field]
    assert api.get("/api/calculator/")["message"]["list"] == []


def test_the_internal_name_is_unique_among_live_calculators(api):
    first = add(api)
    answer = api.post("/api/calculator/", calculator(name="Drugi"), status=409)
    assert answer["errors"][0]["description"] == "Ta nazwa wewnętrzna jest już zajęta. Wybierz inną."
    api.delete(f"/api/calculator/{first['id']}")
    add(api, name="Drugi")


def test_refund_checkbox_text_defaults_when_the_refund_is_shown(api):
    created = add(api, refund_checkbox="")
    assert created["refund_checkbox"] == "Uwzględnij dotację do wymiany źródła ciepła"


def test_the_public_payload_carries_the_calculator_and_the_current_definition(api, anonymous):
    api.post("/api/calculator/definition/", {"types": demo_types()})
    add(api)
    payload = anonymous.get("/api/public/calculator/koszty-ogrzewania")["message"]
    assert payload["calculator"] == {
        "name": "Koszty ogrzewania",
        "calculator_type_name": "HEATING_COST",
        "show_refund": True,
        "refund_checkbox": "Uwzględnij dotację",
        "legend": "Roczny koszt ogrzewania.",
        "footer": "Liczby przykładowe.",
    }
    coal = next(t for t in payload["definition"] if t["name"] == "Węgiel – kocioł zasypowy")
    assert coal == {
        "name": "Węgiel – kocioł zasypowy",
        "definitions": [
            {"name": "sprawnosc", "value": "0.6"},
            {"name": "cena_za_tone", "value": "1500"},
            {"name": "wartosc_opalowa_gj_t", "value": "24"},
        ],
    }
    page = anonymous.app.get("/view/calculator/koszty-ogrzewania/embed/abc")
    assert embed_bundle_of(anonymous.app, page, "calculators")


def test_a_deleted_calculator_has_no_public_view(api, anonymous):
    created = add(api)
    api.delete(f"/api/calculator/{created['id']}")
    anonymous.get("/api/public/calculator/koszty-ogrzewania", status=404)
    anonymous.app.get("/view/calculator/koszty-ogrzewania", status=404)


def test_calculators_need_a_signed_in_user(anonymous):
    assert anonymous.get("/api/calculator/", status=401)["message"] == "UNAUTHORISED"
    assert anonymous.get("/api/calculator/definition/", status=401)["message"] == "UNAUTHORISED"
