"""Every items endpoint of SPEC 7 and every rule of SPEC 5 "Item", through the API."""

from smogpanel.regions import polish_sort_key

from .helpers import add_gmina, hook, meter_api, meter_payload, note_payload, voivodeship_id


def test_item_types_are_the_enabled_plugins_sorted_by_name(api):
    answer = api.get("/api/item_type/")["message"]
    names = [row["display_name"] for row in answer["list"]]
    assert names == sorted(names, key=polish_sort_key)
    assert {"Komunikat dla gminy", "Komunikat dla województwa"} <= set(names)
    note = next(row for row in answer["list"] if row["id"] == "borough-note")
    assert note["id"] == "borough-note"
    assert [(h["name"], h["display_name"], h["type_name"]) for h in note["hooks"]] == [
        ("gmina", "Gmina", "BOROUGH"),
        ("title", "Tytuł", "TEXT"),
        ("text", "Treść", "TEXT"),
    ]
    reverse = api.get("/api/item_type/?order=name&asc=0")["message"]["list"]
    assert [row["display_name"] for row in reverse] == names[::-1]
    assert api.get("/api/item_type/?order=hooks", status=400)["message"] == "VALIDATION_FAILED"


def test_a_plugins_type_is_listed_among_the_others(make_app, admin):
    api = meter_api(make_app, admin)
    names = [row["display_name"] for row in api.get("/api/item_type/")["message"]["list"]]
    assert names.index("Czujnik testowy") < names.index("Komunikat dla gminy")


def test_create_read_list_edit_delete(api):
    gmina = add_gmina(api)
    created = api.post("/api/item/", note_payload(gmina["id"]))["message"]
    assert created["item_type_id"] == "borough-note" and created["item_type_name"] == "Komunikat dla gminy"
    assert created["item_type_available"] is True
    assert hook(created, "gmina") == {
        "item_type_hook_id": "gmina",
        "item_type_hook_name": "gmina",
        "item_type_hook_display_name": "Gmina",
        "item_type_hook_type_name": "BOROUGH",
        "value": gmina["id"],
        "available": True,
        "value_name": "Zabierzów (powiat krakowski, województwo małopolskie)",
    }
    assert hook(created, "text")["value"] == "Nie pal śmieci."
    read = api.get(f"/api/item/{created['id']}")["message"]
    assert read == created
    rows = api.get("/api/item/")["message"]["list"]
    assert [(r["id"], r["name"], r["internal_name"], r["item_type_name"]) for r in rows] == [
        (created["id"], "Komunikat dla Zabierzowa", "zabierzow", "Komunikat dla gminy")
    ]
    assert "hook_values" not in rows[0]

    edited = api.post(
        f"/api/item/{created['id']}",
        {
            "name": "Nowa nazwa",
            "internal_name": "inna",
            "hooks": [
                {"item_type_hook_id": "gmina", "value": gmina["id"]},
                {"item_type_hook_id": "title", "value": "Nowy tytuł"},
                {"item_type_hook_name": "text", "value": "Nowa treść"},
            ],
        },
    )["message"]
    assert (edited["name"], edited["internal_name"]) == ("Nowa nazwa", "zabierzow")
    assert hook(edited, "title")["value"] == "Nowy tytuł"
    renamed = api.post(f"/api/item/{created['id']}", {"name": "Tylko nazwa"})["message"]
    assert hook(renamed, "text")["value"] == "Nowa treść"

    api.delete(f"/api/item/{created['id']}")
    assert api.get("/api/item/")["message"]["list"] == []
    assert api.get(f"/api/item/{created['id']}", status=404)["message"] == "NOT_FOUND"


def test_list_sorts_by_whitelisted_fields(api):
    gmina = add_gmina(api)
    api.post("/api/item/", note_payload(gmina["id"], internal_name="b", name="Bbb"))
    api.post("/api/item/", note_payload(gmina["id"], internal_name="a", name="Aaa"))
    by_name = api.get("/api/item/?order=name&asc=1")["message"]["list"]
    assert [row["name"] for row in by_name] == ["Aaa", "Bbb"]
    assert [r["name"] for r in api.get("/api/item/")["message"]["list"]] == ["Aaa", "Bbb"]  # id descending
    api.get("/api/item/?order=item_type_name&asc=0")
    assert api.get("/api/item/?order=hook_values", status=400)["message"] == "VALIDATION_FAILED"


def test_non_integration_hooks_are_required(api):
    answer = api.post(
        "/api/item/",
        {
            "name": "X",
            "internal_name": "x",
            "item_type_id": "borough-note",
            "hooks": [{"item_type_hook_id": "title", "value": "   "}],
        },
        status=400,
    )
    names = {error["name"]: error["description"] for error in answer["errors"]}
    assert names == {
        "hooks.gmina": "Gmina: To pole jest wymagane.",
        "hooks.title": "Tytuł: To pole jest wymagane.",
        "hooks.text": "Treść: To pole jest wymagane.",
    }
    assert api.get("/api/item/")["message"]["list"] == []


def test_name_internal_name_and_type_are_required_and_checked(api):
    gmina = add_gmina(api)
    errors = api.post("/api/item/", {"hooks": []}, status=400)["errors"]
    assert {e["name"] for e in errors} >= {"name", "internal_name", "item_type_id"}
    bad = api.post("/api/item/", note_payload(gmina["id"], internal_name="Zła Nazwa"), status=400)
    assert bad["errors"][0]["name"] == "internal_name"
    unknown = api.post("/api/item/", note_payload(gmina["id"], item_type_id="nie-ma"), status=400)
    assert unknown["errors"] == [
        {"name": "item_type_id", "description": "Wybierz typ z listy. Typu „nie-ma” nie dodaje żadna włączona wtyczka."}
    ]
    api.post("/api/item/", note_payload(gmina["id"]))
    taken = api.post("/api/item/", note_payload(gmina["id"]), status=409)
    assert taken["errors"][0]["description"] == "Ta nazwa wewnętrzna jest już zajęta. Wybierz inną."


def test_borough_and_voivodeship_values_must_be_live(api):
    gmina = add_gmina(api)
    api.delete(f"/api/borough/{gmina['id']}")
    gone = api.post("/api/item/", note_payload(gmina["id"]), status=400)
    assert gone["errors"] == [
        {"name": "hooks.gmina", "description": "Gmina: Wybrana gmina nie istnieje albo została usunięta."}
    ]
    for value in ("abc", 0, -3, True, 10**12, [1]):
        answer = api.post("/api/item/", note_payload(value), status=400)
        assert answer["errors"][0]["name"] == "hooks.gmina", value

    mazowieckie = voivodeship_id(api, "mazowieckie")
    body = {
        "name": "Mazowsze",
        "internal_name": "mazowsze",
        "item_type_id": "voivodeship-note",
        "hooks": [
            {"item_type_hook_id": "voivodeship", "value": 999999},
            {"item_type_hook_id": "title", "value": "T"},
            {"item_type_hook_id": "text", "value": "Treść"},
        ],
    }
    wrong = api.post("/api/item/", body, status=400)
    assert wrong["errors"][0]["description"] == "Województwo: Wybrane województwo nie istnieje albo zostało usunięte."
    body["hooks"][0]["value"] = str(mazowieckie)
    created = api.post("/api/item/", body)["message"]
    assert (hook(created, "voivodeship")["value"], hook(created, "voivodeship")["value_name"]) == (
        mazowieckie,
        "mazowieckie",
    )


def test_texts_refuse_control_characters_and_length(api):
    gmina = add_gmina(api)
    body = note_payload(gmina["id"])
    body["hooks"][2]["value"] = "zły\x00znak"
    assert "U+0000" in api.post("/api/item/", body, status=400)["errors"][0]["description"]
    body["hooks"][2]["value"] = "x" * 2001
    assert "2000" in api.post("/api/item/", body, status=400)["errors"][0]["description"]
    body["hooks"][2]["value"] = {"html": "<b>"}
    assert api.post("/api/item/", body, status=400)["errors"][0]["name"] == "hooks.text"


def test_a_hook_the_type_does_not_have_is_refused(api):
    gmina = add_gmina(api)
    body = note_payload(gmina["id"])
    body["hooks"].append({"item_type_hook_id": "pm10", "value": "5"})
    answer = api.post("/api/item/", body, status=400)
    assert answer["errors"] == [
        {"name": "hooks.pm10", "description": "Typ „Komunikat dla gminy” nie ma właściwości „pm10”. Odśwież formularz."}
    ]
    assert api.post("/api/item/", {**body, "hooks": "nie lista"}, status=400)["message"] == "VALIDATION_FAILED"
    assert api.post("/api/item/", {**body, "hooks": [{"value": 1}]}, status=400)["message"] == "VALIDATION_FAILED"


def test_the_type_is_fixed_after_creation(api):
    gmina = add_gmina(api)
    item = api.post("/api/item/", note_payload(gmina["id"]))["message"]
    answer = api.post(f"/api/item/{item['id']}", {"name": "X", "item_type_id": "voivodeship-note"}, status=400)
    assert answer["errors"] == [
        {"name": "item_type_id", "description": "Typu elementu nie można zmienić po utworzeniu."}
    ]
    same = api.post(f"/api/item/{item['id']}", {"name": "X", "item_type_id": "borough-note"})["message"]
    assert same["item_type_id"] == "borough-note"


def test_integration_values_sent_by_the_form_are_ignored(make_app, admin):
    api = meter_api(make_app, admin)
    gmina = add_gmina(api)
    body = meter_payload(gmina["id"])
    body["hooks"].append({"item_type_hook_id": "level", "value": 999})
    item = api.post("/api/item/", body)["message"]
    level = hook(item, "level")
    assert level["value"] is None and level["item_type_hook_type_name"] == "INTEGRATION"
    assert level["read_at"] is None and level["error"] is None and level["unit"] == "µg/m³"


def test_a_hook_that_disappeared_stays_until_the_item_is_saved(make_app, admin):
    api = meter_api(make_app, admin)
    gmina = add_gmina(api)
    item = api.post("/api/item/", meter_payload(gmina["id"]))["message"]
    # A new version of the plugin without the 'level' hook.
    newer = meter_api(make_app, admin, with_level=False)
    shown = newer.get(f"/api/item/{item['id']}")["message"]
    level = hook(shown, "level")
    assert level["available"] is False and level["item_type_hook_display_name"] == "Poziom"
    assert [h["available"] for h in shown["hooks"]] == [True, True, False]
    newer.post(f"/api/item/{item['id']}", {"name": "Zapisany", "hooks": shown["hooks"]})
    saved = newer.get(f"/api/item/{item['id']}")["message"]
    assert [h["item_type_hook_name"] for h in saved["hooks"]] == ["gmina", "meter"]


def test_an_item_whose_type_plugin_is_gone_says_its_type_is_unavailable(make_app, admin, api):
    meter = meter_api(make_app, admin)
    gmina = add_gmina(meter)
    item = meter.post("/api/item/", meter_payload(gmina["id"]))["message"]
    shown = api.get(f"/api/item/{item['id']}")["message"]  # the app without the meter plugin
    assert shown["item_type_available"] is False and shown["item_type_name"] == "Czujnik testowy"
    assert hook(shown, "meter")["value"] == "m-1"
    row = api.get("/api/item/")["message"]["list"][0]
    assert row["item_type_available"] is False and row["item_type_name"] == "Czujnik testowy"
    refused = api.post(f"/api/item/{item['id']}", {"name": "X", "hooks": []}, status=400)
    assert "jest niedostępny" in refused["errors"][0]["description"]
    assert api.post(f"/api/item/{item['id']}", {"name": "Nowa nazwa"})["message"]["name"] == "Nowa nazwa"
    assert api.get("/api/public/item/czujnik")["message"]["type"] == "Czujnik testowy"


def test_items_need_a_signed_in_user(anonymous):
    assert anonymous.get("/api/item/", status=401)["message"] == "UNAUTHORISED"
    assert anonymous.get("/api/item_type/", status=401)["message"] == "UNAUTHORISED"
    assert anonymous.post("/api/item/1/refresh", status=401)["message"] == "UNAUTHORISED"


def test_unknown_ids_are_404(api):
    assert api.get("/api/item/99999", status=404)["message"] == "NOT_FOUND"
    assert api.post("/api/item/99999/refresh", status=404)["message"] == "NOT_FOUND"
    assert api.get("/api/item/99999999999", status=404)["message"] == "NOT_FOUND"
