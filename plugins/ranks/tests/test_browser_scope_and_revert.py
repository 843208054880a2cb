"""Rank values in a real browser: an editor limited to małopolskie sees another voivodeship's
value as 'Podgląd' (no 'Usuń') and its form read-only with a note naming why and its scope,
before any save; an import is reverted from 'Historia zmian' as one batch, after the question
saying what it will do."""

import re
import uuid

from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in, sign_out
from smogpanel.testing.files import upload, xlsx
from smogpanel.testing.serve import add_accounts

from .test_browser_ranks import api_post, bearer

SUCCESS = "Operacja została zakończona :)"
RB_HEADER = ["Gmina", "Powiat", "Województwo", "Wartość", "Punkty"]


def ranking_with_gminy(page, live_server):
    """A gminy ranking's group and a gmina in małopolskie and one in mazowieckie, of districts
    of their own (the live server is shared by the session)."""
    voivodeships = page.request.get("/api/voivodeship/", headers=bearer(page)).json()["message"]["list"]
    by_name = {row["name"]: row["id"] for row in voivodeships}
    places = {}
    for gmina, voivodeship in (("Skawina", "małopolskie"), ("Radom", "mazowieckie")):
        district = api_post(
            page, "/api/district/", {"name": live_server.unique("powiat"), "voivodeship_id": by_name[voivodeship]}
        )
        borough = api_post(page, "/api/borough/", {"name": gmina, "district_id": district["id"]})
        places[gmina] = (borough["id"], district["name"], voivodeship)
    rank = api_post(
        page,
        "/api/rank/",
        {
            "name": live_server.unique("Ranking"),
            "internal_name": f"zakres-{uuid.uuid4().hex[:8]}",
            "rank_type_name": "gminy",
            "search_value_title": "ton",
            "table_value_title": "ton",
        },
    )
    group = api_post(page, "/api/rank_group/", {"name": "2024", "rank_id": rank["id"]})
    return rank, group, places, by_name


def test_an_editor_sees_a_value_out_of_its_voivodeships_read_only(page, live_server):
    sign_in(page, live_server)
    rank, group, places, by_name = ranking_with_gminy(page, live_server)
    for gmina, points in (("Skawina", 9), ("Radom", 5)):
        body = {"value": points, "points": points, "rank_group_id": group["id"], "borough_id": places[gmina][0]}
        api_post(page, "/api/rank_value/", body)
    email = f"krakow-{uuid.uuid4().hex[:8]}@example.pl"
    add_accounts(
        live_server.session_factory,
        [email],
        password=live_server.password,
        firstname="Kamil",
        scope_voivodeships=str(by_name["małopolskie"]),
    )
    sign_out(page)
    sign_in(page, live_server, email, land=f"/rank/{rank['id']}/group/{group['id']}/value")
    ours = page.get_by_role("row").filter(has_text="Skawina")
    theirs = page.get_by_role("row").filter(has_text="Radom")
    expect(ours.get_by_role("link", name="Edytuj")).to_be_visible(timeout=15_000)
    expect(ours.get_by_role("button", name="Usuń")).to_be_visible()
    expect(theirs.get_by_role("link", name="Edytuj")).to_have_count(0)
    expect(theirs.get_by_role("button", name="Usuń")).to_have_count(0)

    theirs.get_by_role("link", name="Podgląd").click()
    expect(
        page.get_by_text(
            "Podgląd: Ten wiersz dotyczy województwa spoza zakresu Twojego konta: mazowieckie. "
            "Twoje konto zmienia tylko dane województw: małopolskie."
        )
    ).to_be_visible()
    expect(page.get_by_label("Punkty")).to_be_disabled()
    expect(page.get_by_role("button", name="Zapisz")).to_have_count(0)

    page.go_back()
    page.get_by_role("row").filter(has_text="Skawina").get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Punkty")).to_be_enabled()
    expect(page.get_by_role("button", name="Zapisz")).to_be_visible()


def test_an_import_is_reverted_as_one_batch_after_the_question(page, live_server):
    sign_in(page, live_server)
    rank, group, places, _ = ranking_with_gminy(page, live_server)
    skawina, radom = places["Skawina"], places["Radom"]
    api_post(
        page, "/api/rank_value/", {"value": 1, "points": 1, "rank_group_id": group["id"], "borough_id": skawina[0]}
    )
    rows = [RB_HEADER, ["Skawina", skawina[1], skawina[2], 4, 4], ["Radom", radom[1], radom[2], 2, 2]]
    answer = api_post(
        page, "/api/rank_value/import", {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(xlsx(rows))}
    )
    assert (answer["created"], answer["updated"]) == (1, 1)

    page.goto("/history?action=import")
    entry = page.locator("li").filter(has_text="2024").first
    entry.get_by_role("button", name="Przywróć tę wersję").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(
        "Cofnie cały import: usunie elementy utworzone tym importem (wartość: 1) i przywróci wartości sprzed "
        "importu w elementach, które zmienił (1)."
    )
    dialog.get_by_role("button", name=re.compile("^Tak")).click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    listed = page.request.get(f"/api/rank_value/rank_group/{group['id']}", headers=bearer(page)).json()["message"]
    assert [(row["borough_name"], row["points"]) for row in listed["list"]] == [("Skawina", 1)]
