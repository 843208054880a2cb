"""A kind's own parts frozen with its versions (issue 44): a search's gmina cards are stored with
each version at publish time (a single publish, publishing an earlier version again, a release,
a scheduled publish, an immediate-mode save), so a pinned version's cards never change, and in
reviewed mode the live cards change only once published; a preview link shows the draft's."""

import time
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from smogpanel.plugins.searches.tests.helpers import add_entry, add_search, edit_body, gminy, key_named, value


def grant(app, path, status=200):
    """The card's first text at `path` (the public's answer), or the answer when it is not 200."""
    answer = app.get(path, status=status)
    return answer.json["message"]["values"][0]["value"] if status == 200 else answer


def set_grant(api, search, entry, text):
    api.post(f"/api/search_entry/{entry['id']}", {"values": [value(key_named(search, "Dotacja"), text)]})


def searched(api, places, text="Do 30 tys. zł"):
    search = add_search(api)
    entry = add_entry(api, search, places["liszki"], [value(key_named(search, "Dotacja"), text)])
    return search, entry


def test_a_pinned_search_keeps_its_cards_and_the_live_ones_change_once_published(reviewed):
    api, app = reviewed
    places = gminy(api)
    liszki, zabierzow = places["liszki"]["id"], places["zabierzow"]["id"]
    search, entry = searched(api, places)
    api.post(f"/api/search/{search['id']}/publish")
    pinned = app.get(f"/api/public/search/dotacje/v/1/{liszki}")
    assert pinned.json["message"]["values"][0]["value"] == "Do 30 tys. zł"
    assert pinned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert grant(app, f"/api/public/search/dotacje/{liszki}") == "Do 30 tys. zł"

    # A gmina's text edited and a gmina added: neither the pinned nor the live cards change.
    set_grant(api, search, entry, "Do 40 tys. zł")
    add_entry(api, search, places["zabierzow"], [value(key_named(search, "Dotacja"), "Do 5 tys. zł")])
    assert grant(app, f"/api/public/search/dotacje/v/1/{liszki}") == "Do 30 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/{liszki}") == "Do 30 tys. zł"
    grant(app, f"/api/public/search/dotacje/{zabierzow}", status=404)
    grant(app, f"/api/public/search/dotacje/v/1/{zabierzow}", status=404)
    # What publishing would change: the draft differs, though the list of gminy alone would not.
    assert api.get(f"/api/search/{search['id']}/versions")["message"]["draft_changed"] is True
    link = api.post(f"/api/search/{search['id']}/preview")["message"]
    preview_api = urlsplit(link["url"]).path.replace("/preview/", "/api/preview/") + "/1"
    assert grant(app, f"{preview_api}/{liszki}") == "Do 40 tys. zł"  # the draft's cards

    # Published again: the live cards are the new version's; version 1's stay as they were.
    assert api.post(f"/api/search/{search['id']}/publish")["message"]["published"] == 2
    assert grant(app, f"/api/public/search/dotacje/{liszki}") == "Do 40 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/{zabierzow}") == "Do 5 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/v/2/{liszki}") == "Do 40 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/v/1/{liszki}") == "Do 30 tys. zł"
    grant(app, f"/api/public/search/dotacje/v/1/{zabierzow}", status=404)
    assert api.get(f"/api/search/{search['id']}/versions")["message"]["draft_changed"] is False

    # Version 1 published again (as version 3): its cards with it.
    api.post(f"/api/search/{search['id']}/publish", {"seq": 1})
    assert grant(app, f"/api/public/search/dotacje/{liszki}") == "Do 30 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/v/3/{liszki}") == "Do 30 tys. zł"
    grant(app, f"/api/public/search/dotacje/{zabierzow}", status=404)


def test_an_edited_text_alone_may_be_asked_for_and_is_caught_by_a_release(reviewed):
    api, app = reviewed
    places = gminy(api)
    search, entry = searched(api, places)
    api.post(f"/api/search/{search['id']}/publish")
    api.post(f"/api/search/{search['id']}/publish-request", {}, status=409)  # nothing new to ask for
    set_grant(api, search, entry, "Do 40 tys. zł")
    api.post(f"/api/search/{search['id']}/publish-request", {})  # a card changed: something new

    release = api.post("/api/release/", {"name": "Karty", "items": [{"kind": "search", "id": search["id"]}]})
    set_grant(api, search, entry, "Do 50 tys. zł")  # after preparing: the release names it
    refused = api.post(f"/api/release/{release['message']['id']}/publish", status=412)
    assert refused["errors"][0]["name"] == "items.0"
    api.post(
        f"/api/release/{release['message']['id']}", {"name": "Karty", "items": [{"kind": "search", "id": search["id"]}]}
    )
    api.post(f"/api/release/{release['message']['id']}/publish")
    set_grant(api, search, entry, "Do 60 tys. zł")
    liszki = places["liszki"]["id"]
    assert grant(app, f"/api/public/search/dotacje/{liszki}") == "Do 50 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/v/2/{liszki}") == "Do 50 tys. zł"


def test_a_scheduled_search_goes_live_with_the_cards_it_was_scheduled_with(reviewed):
    api, app = reviewed
    places = gminy(api)
    search, entry = searched(api, places)
    at = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=3)
    api.post(f"/api/search/{search['id']}/publish", {"at": at.isoformat()})
    liszki = places["liszki"]["id"]
    grant(app, f"/api/public/search/dotacje/{liszki}", status=404)  # embargoed
    set_grant(api, search, entry, "Do 40 tys. zł")  # an edit before its second
    while datetime.now(UTC) < at:
        time.sleep(0.05)
    assert grant(app, f"/api/public/search/dotacje/{liszki}") == "Do 30 tys. zł"
    assert grant(app, f"/api/public/search/dotacje/v/1/{liszki}") == "Do 30 tys. zł"


def test_immediate_mode_shows_the_cards_as_they_are_and_pins_them_as_saved(api, testapp):
    places = gminy(api)
    search, entry = searched(api, places)  # the search saved first (version 1, no gmina yet)
    liszki = places["liszki"]["id"]
    assert grant(testapp, f"/api/public/search/dotacje/{liszki}") == "Do 30 tys. zł"  # at once
    grant(testapp, f"/api/public/search/dotacje/v/1/{liszki}", status=404)  # version 1 had none

    api.post(f"/api/search/{search['id']}", edit_body(search, name="Dotacje 2027"))  # version 2
    set_grant(api, search, entry, "Do 40 tys. zł")  # public at once, no version of its own
    assert grant(testapp, f"/api/public/search/dotacje/{liszki}") == "Do 40 tys. zł"
    pinned = testapp.get(f"/api/public/search/dotacje/v/2/{liszki}")
    assert pinned.json["message"]["values"][0]["value"] == "Do 30 tys. zł"
    assert "immutable" in pinned.headers["Cache-Control"]


def test_a_version_freezes_every_card_as_the_card_endpoint_answers_it(api, testapp):
    places = gminy(api)
    search = add_search(api)
    for name, texts in (("liszki", ("A", "B", "D")), ("lodz", ("C",)), ("zabierzow", ())):
        keys = ("Kontakt", "Dotacja", "Termin")
        add_entry(
            api, search, places[name], [value(key_named(search, k), t) for k, t in zip(keys, texts, strict=False)]
        )
    kept = [key for key in search["search_keys"] if key["name"] != "Termin"]  # a key removed, its texts kept
    body = edit_body(search, name="Dotacje 2027", search_keys=kept, remove_keys_with_values=1)
    api.post(f"/api/search/{search['id']}", body)  # a version of them all
    seq = api.get(f"/api/search/{search['id']}/versions")["message"]["live"]
    for place in places.values():
        live = testapp.get(f"/api/public/search/dotacje/{place['id']}", expect_errors=True)
        pinned = testapp.get(f"/api/public/search/dotacje/v/{seq}/{place['id']}", expect_errors=True)
        assert (pinned.status_int, pinned.json) == (live.status_int, live.json), place["name"]
