"""History of the hierarchy (smogpanel.history): a renamed district, put back."""
from smogpanel.testing import history_of


def test_a_rename_is_recorded_and_reverted(api):
    voivodeship = api.get("/api/voivodeship/?order=name&asc=1")["message"]["list"][0]
    district = api.post("/api/district/", {"name": "krakowski", "voivodeship_id": voivodeship["id"]})["message"]
    api.post(f"/api/district/{district['id']}", {"name": "wielicki"})
    edit = history_of(api, "district", district["id"])[0]
    assert edit["changes"] == {"name": ["krakowski", "wielicki"]}
    api.post(f"/api/history/{edit['id']}/revert", {})
    assert api.get(f"/api/district/{district['id']}")["message"]["name"] == "krakowski"
