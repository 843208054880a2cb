"""History of searches (smogpanel.history): an entry's texts, kept in rows of their own, are in
its history and come back on revert; an import is one entry on the search."""

from smogpanel.testing.app import history_of

from .helpers import add_entry, add_search, gminy, key_named, value


def test_an_entry_texts_edit_is_recorded_and_reverted(api):
    places = gminy(api)
    search = add_search(api)
    grant = key_named(search, "Dotacja")
    entry = add_entry(api, search, places["zabierzow"], [value(grant, "do 15 000 zł")])
    api.post(f"/api/search_entry/{entry['id']}", {"values": [value(grant, "do 20 000 zł")]})
    edit = history_of(api, "search_entry", entry["id"])[0]
    old, new = edit["changes"]["values"]
    assert (old[0]["value"]["value"], new[0]["value"]["value"]) == ("do 15 000 zł", "do 20 000 zł")
    api.post(f"/api/history/{edit['id']}/revert", {})
    assert api.get(f"/api/search_entry/{entry['id']}")["message"]["values"][0]["value"]["value"] == "do 15 000 zł"
