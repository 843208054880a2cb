"""History of the hierarchy (smogpanel.history): a renamed district, put back."""

from smogpanel.testing.app import history_of


def test_a_rename_is_recorded_and_reverted(api):
    voivodeship = api.get("/api/voivodeship/?order=name&asc=1")["message"]["list"][0]
    district = api.post("/api/district/", {"name": "krakowski", "voivodeship_id": voivodeship["id"]})["message"]
    api.post(f"/api/district/{district['id']}", {"name": "wielicki"})
    edit = history_of(api, "district", district["id"])[0]
    assert edit["changes"] == {"name": ["krakowski", "wielicki"]}
    api.post(f"/api/history/{edit['id']}/revert", {})
    assert api.get(f"/api/district/{district['id']}")["message"]["name"] == "krakowski"


def test_a_terc_import_is_one_entry_and_a_dry_run_none(api):
    from .test_teryt_api_cli import FIXTURES, upload

    body = {"type": "TERYT_TERC", "file": upload(FIXTURES / "terc_sample.csv", "terc.csv"), "dry_run": 1}
    api.post("/api/hierarchy/import-teryt", body)
    assert api.get("/api/history/?action=import")["message"]["total"] == 0
    created = api.post("/api/hierarchy/import-teryt", dict(body, dry_run=0))["message"]["created"]
    entry = api.get("/api/history/?action=import")["message"]["list"][0]
    assert created > 0  # the entry says what the import answered
    assert (entry["changes"]["file"], entry["changes"]["type"], entry["changes"]["created"]) == (
        "terc.csv",
        "TERYT_TERC",
        created,
    )
