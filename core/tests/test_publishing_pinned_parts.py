"""A pinned version's own parts (issue 44): a pinned search's embed asks its gmina cards at
`/api/public/search/<name>/v/<seq>/<id>`; they answer for a published version only, and stay
when the record is unpublished, as the pinned payload does; frozen with it, they are immutable
(test_publishing_frozen_parts.py)."""

import json
import re
from datetime import UTC, datetime, timedelta

from smogpanel.plugins.searches.tests.helpers import add_entry, add_search, gminy, key_named, value

CONFIG = re.compile(r'id="smogpanel-public">(.*?)</script>', re.S)


def test_a_pinned_search_embed_opens_its_cards_while_the_version_is_published(reviewed):
    api, app = reviewed
    places = gminy(api)
    search = add_search(api)
    add_entry(api, search, places["liszki"], [value(key_named(search, "Dotacja"), "Do 30 tys. zł")])
    liszki, zabierzow = places["liszki"]["id"], places["zabierzow"]["id"]
    app.get(f"/api/public/search/dotacje/v/1/{liszki}", status=404)  # not published yet
    api.post(f"/api/search/{search['id']}/publish")

    page = app.get("/view/search/dotacje/v/1/embed/abc")
    api_path = json.loads(CONFIG.search(page.text).group(1))["api"]
    assert api_path == "/api/public/search/dotacje/v/1"
    card = app.get(f"{api_path}/{liszki}")  # as the pinned widget asks for a card
    assert card.json["message"]["values"][0]["value"] == "Do 30 tys. zł"
    assert "immutable" in card.headers["Cache-Control"]  # frozen with the version
    app.get(f"{api_path}/{zabierzow}", status=404)  # no entry: no card
    app.get(f"/api/public/search/dotacje/v/2/{liszki}", status=404)  # no such version
    app.get(f"/api/public/search/nie-ma/v/1/{liszki}", status=404)

    # A version scheduled for tomorrow is embargoed: its cards are not served before it.
    add_entry(api, search, places["zabierzow"], [value(key_named(search, "Dotacja"), "Do 5 tys. zł")])
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).replace(microsecond=0)
    api.post(f"/api/search/{search['id']}/publish", {"at": tomorrow.isoformat()})
    app.get(f"/api/public/search/dotacje/v/2/{zabierzow}", status=404)

    # Unpublished: the live cards go, the pinned version's stay.
    api.delete(f"/api/search/{search['id']}/scheduled")
    api.post(f"/api/search/{search['id']}/unpublish")
    app.get(f"/api/public/search/dotacje/{liszki}", status=404)
    assert app.get(f"{api_path}/{liszki}").json["message"]["values"][0]["value"] == "Do 30 tys. zł"


def test_the_openapi_document_describes_a_pinned_version_part(testapp):
    paths = testapp.get("/api/openapi.json").json["paths"]
    assert "404" in paths["/api/public/{kind}/{internal_name}/v/{seq}/{part}"]["get"]["responses"]


def test_a_part_no_plugin_serves_is_404_in_the_envelope(api, testapp):
    from smogpanel.plugins.timers.tests.test_api import add as add_timer

    add_timer(api)  # immediate mode: published as version 1
    missing = testapp.get("/api/public/timer/koniec-sezonu/v/1/nie-ma", status=404)
    assert missing.json["success"] is False
