"""The public tool: the gminy with entries, one gmina's card on demand, plain text only, and
nothing of a deleted search, entry or gmina."""

from smogpanel.plugins.searches.tests.helpers import add_entry, add_search, gminy, key_named, value
from smogpanel.testing.app import embed_bundle_of


def test_the_payload_lists_the_gminy_with_entries_in_polish_order(api, anonymous):
    places = gminy(api)
    search = add_search(api)
    for name in ("zabierzow", "lodz", "liszki"):
        add_entry(api, search, places[name])
    answer = anonymous.app.get("/api/public/search/dotacje")
    assert "max-age" in answer.headers["Cache-Control"] and answer.headers.get("ETag")
    payload = answer.json["message"]
    assert (payload["name"], payload["source"]) == ("Dotacje do wymiany pieca", "Urzędy gmin")
    assert payload["boroughs"] == [
        [places["liszki"]["id"], "Liszki", "krakowski", "małopolskie"],
        [places["lodz"]["id"], "Łódź", "Łódź", "łódzkie"],
        [places["zabierzow"]["id"], "Zabierzów", "krakowski", "małopolskie"],
    ]


def test_a_card_has_the_values_by_place_in_the_keys_order(api, anonymous):
    places = gminy(api)
    search = add_search(api)
    add_entry(
        api,
        search,
        places["zabierzow"],
        [
            value(key_named(search, "Termin"), "do 30 czerwca"),
            value(key_named(search, "Kontakt"), "<b>tel.</b> 12 345"),
        ],
    )
    answer = anonymous.app.get(f"/api/public/search/dotacje/{places['zabierzow']['id']}")
    assert "max-age" in answer.headers["Cache-Control"]
    assert answer.json["message"] == {
        "id": places["zabierzow"]["id"],
        "name": "Zabierzów",
        "district": "krakowski",
        "voivodeship": "małopolskie",
        "values": [
            {"name": "Kontakt", "hide_name": 1, "place": "RIGHT", "value": "<b>tel.</b> 12 345"},
            {"name": "Termin", "hide_name": 0, "place": "BOTTOM", "value": "do 30 czerwca"},
        ],
    }


def test_missing_deleted_and_entryless_answer_404(api, anonymous):
    places = gminy(api)
    search = add_search(api)
    entry = add_entry(api, search, places["liszki"])
    add_entry(api, search, places["wieliczka"])
    assert anonymous.get("/api/public/search/brak", status=404)["message"] == "NOT_FOUND"
    assert anonymous.get(f"/api/public/search/dotacje/{places['lodz']['id']}", status=404)["message"] == "NOT_FOUND"
    assert anonymous.get("/api/public/search/dotacje/2147483647", status=404)["message"] == "NOT_FOUND"
    # past the id columns no gmina can have the id: the address itself is wrong
    assert anonymous.get("/api/public/search/dotacje/99999999999", status=400)["errors"][0]["name"] == "borough_id"
    api.delete(f"/api/search_entry/{entry['id']}")
    anonymous.get(f"/api/public/search/dotacje/{places['liszki']['id']}", status=404)
    api.delete(f"/api/borough/{places['wieliczka']['id']}")
    anonymous.get(f"/api/public/search/dotacje/{places['wieliczka']['id']}", status=404)
    assert anonymous.get("/api/public/search/dotacje")["message"]["boroughs"] == []
    api.delete(f"/api/search/{search['id']}")
    anonymous.get("/api/public/search/dotacje", status=404)


def test_the_public_page_and_its_embed_load_the_searches_bundle(api, anonymous):
    add_search(api)
    page = anonymous.app.get("/view/search/dotacje")
    assert embed_bundle_of(anonymous.app, page, "searches") and "<title>Wyszukiwarka</title>" in page.text
    embed = anonymous.app.get("/view/search/dotacje/embed/0b0e9c6e-1111-4222-8333-444455556666")
    assert "X-Frame-Options" not in embed.headers
    anonymous.app.get("/view/search/brak", status=404)


def test_the_card_and_every_searches_endpoint_are_described_in_openapi(anonymous):
    paths = anonymous.app.get("/api/openapi.json").json["paths"]
    for path in (
        "/api/public/search/{internal_name}/{borough_id}",
        "/api/search/",
        "/api/search/{id}",
        "/api/search_entry/",
        "/api/search_entry/{id}",
        "/api/search_entry/search/{parent_id}",
        "/api/search_entry/import",
    ):
        assert path in paths, path
