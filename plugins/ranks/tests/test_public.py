"""The public ranking (GET /api/public/rank/<name>, /view/rank/<name>): only what the table
shows, hidden entries left out, the summary as documented, show_empty, 404 once deleted; the
plugin's entry in the shell and its demo data."""

from smogpanel.gazetteer import find_gazetteer
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.plugins.ranks.seed import add_demo_data
from smogpanel.testing.app import embed_bundle_of

from .helpers import add_gmina, add_group, add_rank, add_value, voivodeship_id


def test_a_gminy_ranking_shows_its_groups_rows_and_summary(api, anonymous):
    skawina, liszki = add_gmina(api, "Skawina"), add_gmina(api, "Liszki")
    add_gmina(api, "Zabierzów")
    rank = add_rank(api, show_summary=1, summary_title="Razem %FIRST_ENTRY%–%LAST_ENTRY%", legend="Źródło: gminy")
    first, second = add_group(api, rank, "2024"), add_group(api, rank, "2025")
    add_value(api, first, skawina, "1.5", 5)
    add_value(api, first, liszki, 2, 9)
    add_value(api, second, skawina, "0.25", 10)
    payload = anonymous.get("/api/public/rank/ranking-gmin")["message"]
    assert set(payload) == {
        "type",
        "name",
        "subname",
        "choose_group_title",
        "search_value_title",
        "table_value_title",
        "show_empty",
        "legend",
        "logo",
        "summary",
        "gminy",
        "groups",
    }
    assert payload["gminy"] == {
        str(skawina): ["Skawina", "krakowski", "małopolskie"],
        str(liszki): ["Liszki", "krakowski", "małopolskie"],
    }
    assert payload["groups"] == [
        {"name": "2024", "rows": [[liszki, 0, 2, 9], [skawina, 1, 1.5, 5]]},
        {"name": "2025", "rows": [[skawina, 0, 0.25, 10]]},
    ]
    assert payload["summary"] == {"title": "Razem 2024–2025", "rows": [[skawina, 0, 1.75, 15], [liszki, 1, 2, 9]]}


def test_show_empty_lists_every_gmina(api, anonymous):
    skawina = add_gmina(api, "Skawina")
    other = add_gmina(api, "Zabierzów")
    rank = add_rank(api, show_empty=1)
    add_value(api, add_group(api, rank), skawina, 1, 1)
    payload = anonymous.get("/api/public/rank/ranking-gmin")["message"]
    assert set(payload["gminy"]) == {str(skawina), str(other)} and payload["summary"] is None


def test_a_voivodeships_ranking_leaves_hidden_entries_out(api, anonymous):
    group = add_group(api, add_rank(api, "voivodeships", show_summary=1))
    shown = api.post("/api/rank_entry/", {"name": "Wnioski", "rank_group_id": group["id"]})["message"]
    hidden = api.post("/api/rank_entry/", {"name": "Tajne", "hidden": 1, "rank_group_id": group["id"]})["message"]
    for entry in (shown, hidden):
        api.post(
            "/api/rank_value/",
            {"value": 7, "points": 7, "rank_entry_id": entry["id"], "voivodeship_id": voivodeship_id(api, "łódzkie")},
        )
    payload = anonymous.get("/api/public/rank/ranking-wojewodztw")["message"]
    assert payload["groups"] == [
        {"name": "2024", "entries": [{"name": "Wnioski", "rows": [["łódzkie", "ld", 0, 7, 7]]}]}
    ]
    assert payload["summary"]["title"] == "Wszystkie pozycje"
    assert [entry["name"] for entry in payload["summary"]["entries"]] == ["Wnioski"]
    assert "Tajne" not in str(payload)
    # every voivodeship once, for the map beside each entry's table, in Polish alphabetical order
    names = [item["name"] for item in payload["voivodeships"]]
    assert len(names) == 16 and {"code": "ld", "name": "łódzkie"} in payload["voivodeships"]
    assert names.index("lubuskie") < names.index("łódzkie") < names.index("małopolskie")


def test_the_public_page_and_a_deleted_ranking(api, anonymous):
    rank = add_rank(api)
    page = anonymous.app.get("/view/rank/ranking-gmin/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10")
    assert embed_bundle_of(anonymous.app, page, "ranks")
    api.delete(f"/api/rank/{rank['id']}")
    anonymous.get("/api/public/rank/ranking-gmin", status=404)
    anonymous.app.get("/view/rank/ranking-gmin", status=404)


def test_the_shell_lists_rankings_second(api):
    plugins = api.get("/api/plugins")["message"]
    ranks = next(item for item in plugins if item["name"] == "ranks")
    assert (ranks["label"], ranks["path"], ranks["order"]) == ("Rankingi", "/rank", 20)


def test_demo_data_has_both_types_with_places(db, api, anonymous):
    for name in ("Skawina", "Liszki", "Kozy"):
        add_gmina(api, name)
    add_demo_data(db, find_gazetteer(build_plugin_manager()))
    db.commit()
    gminy = anonymous.get("/api/public/rank/ranking-gmin")["message"]
    assert [group["name"] for group in gminy["groups"]] == ["2024", "2025"]
    assert len(gminy["groups"][0]["rows"]) == 3 and gminy["groups"][0]["rows"][0][1] == 0
    voivodeships = anonymous.get("/api/public/rank/ranking-wojewodztw")["message"]
    assert len(voivodeships["groups"][0]["entries"]) == 5
    assert len(voivodeships["groups"][0]["entries"][0]["rows"]) == 16
