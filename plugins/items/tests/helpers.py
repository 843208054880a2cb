"""Shared by the items plugin's tests: gminy made through the hierarchy API, a test plugin
adding an item type with an integration that reads a local source."""

from types import SimpleNamespace

from smogpanel.hookspecs import hookimpl
from smogpanel.item_types import BOROUGH, INTEGRATION, TEXT, Integration, ItemType, ItemTypeHook, Reading
from smogpanel.testing.app import signed_in, voivodeship_id


def add_gmina(api, name="Zabierzów", district="krakowski", voivodeship="małopolskie"):
    district = api.post("/api/district/", {"name": district, "voivodeship_id": voivodeship_id(api, voivodeship)})[
        "message"
    ]
    return api.post("/api/borough/", {"name": name, "district_id": district["id"]})["message"]


def hook(item, name):
    return next(row for row in item["hooks"] if row["item_type_hook_name"] == name)


def note_payload(gmina_id, internal_name="zabierzow", **extra):
    body = {
        "name": "Komunikat dla Zabierzowa",
        "internal_name": internal_name,
        "item_type_id": "borough-note",
        "hooks": [
            {"item_type_hook_id": "gmina", "value": gmina_id},
            {"item_type_hook_id": "title", "value": "Sezon grzewczy"},
            {"item_type_hook_id": "text", "value": "Nie pal śmieci."},
        ],
    }
    body.update(extra)
    return body


def meter_type(with_level=True):
    hooks = [
        ItemTypeHook("gmina", "Gmina", BOROUGH),
        ItemTypeHook("meter", "Czujnik", TEXT),
        ItemTypeHook("level", "Poziom", INTEGRATION, integration="meter", unit="µg/m³", display="number"),
    ]
    if with_level is False:
        hooks.pop()
    return ItemType(code="meter", display_name="Czujnik testowy", hooks=tuple(hooks))


def meter_plugin(url=None, with_level=True):
    """A plugin adding the type 'Czujnik testowy' and the integration 'meter' reading
    `<url>/meter/<meter>` ({"level": n, "at": ISO, "note"?: text} or, for a level the meter
    could not give, {"level_error": text, "at": ISO}) through the bounded client."""

    def fetch(call):
        from datetime import datetime

        document = call.http.get_json(f"{url}/meter/{call.inputs['meter']}")
        read_at = datetime.fromisoformat(document["at"])
        if "level_error" in document:
            return Reading(
                values={}, read_at=read_at, source="Czujniki testowe", errors={"level": document["level_error"]}
            )
        return Reading(
            values={"level": document["level"]},
            read_at=read_at,
            source="Czujniki testowe",
            notes={"level": document.get("note")},
        )

    @hookimpl
    def smogpanel_item_types():
        return [meter_type(with_level)]

    @hookimpl
    def smogpanel_integrations():
        return [Integration(code="meter", fetch=fetch, source="Czujniki testowe")]

    return SimpleNamespace(smogpanel_item_types=smogpanel_item_types, smogpanel_integrations=smogpanel_integrations)


FAST = {"smogpanel.integrations.timeout": "0.5", "smogpanel.integrations.retries": "1"}


def meter_api(make_app, admin, url=None, with_level=True, **settings):
    app = make_app(**{"smogpanel.plugin_objects": [("meter", meter_plugin(url, with_level))], **FAST, **settings})
    return signed_in(app, admin)


def meter_payload(gmina_id, meter="m-1", internal_name="czujnik"):
    return {
        "name": "Czujnik w Zabierzowie",
        "internal_name": internal_name,
        "item_type_id": "meter",
        "hooks": [{"item_type_hook_id": "gmina", "value": gmina_id}, {"item_type_hook_id": "meter", "value": meter}],
    }
