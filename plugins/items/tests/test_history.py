"""History of items (smogpanel.history): hooks in an edit, and the readings an 'Odśwież' wrote,
each an entry of the item."""

from smogpanel.testing.app import history_of

from .helpers import add_gmina, hook, meter_api, meter_payload, note_payload


def test_a_hook_edit_is_recorded_and_reverted(api):
    gmina = add_gmina(api)
    item = api.post("/api/item/", note_payload(gmina["id"]))["message"]
    body = note_payload(gmina["id"])
    body["hooks"][2]["value"] = "Wymień piec."
    api.post(f"/api/item/{item['id']}", body)
    edit = history_of(api, "item", item["id"])[0]
    old, new = edit["changes"]["hooks"]
    assert (hook({"hooks": old}, "text")["value"], hook({"hooks": new}, "text")["value"]) == (
        "Nie pal śmieci.",
        "Wymień piec.",
    )
    api.post(f"/api/history/{edit['id']}/revert", {})
    assert hook(api.get(f"/api/item/{item['id']}")["message"], "text")["value"] == "Nie pal śmieci."


def test_a_refresh_that_read_new_values_is_recorded(make_app, admin):
    from smogpanel.testing.http import LocalSource

    with LocalSource() as source:
        source.answer("/meter/m-1", {"level": 31.5, "at": "2026-11-24T10:00:00+01:00"})
        api = meter_api(make_app, admin, source.url)
        item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
        api.post(f"/api/item/{item['id']}/refresh")
    entry = history_of(api, "item", item["id"])[0]
    assert (entry["action"], entry["user_email"]) == ("update", "admin@example.pl")
    assert hook({"hooks": entry["changes"]["hooks"][1]}, "level")["value"] == 31.5
