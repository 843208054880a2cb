"""Items in a real browser: 'Elementy' last in the navigation, an item of each built-in type
created through the form whose fields follow the chosen type, edited, embedded on a partner
page, and deleted."""

import re
import uuid

from playwright.sync_api import expect

from smogpanel.testing.browser import add_gmina, sign_in

SUCCESS = "Operacja została zakończona :)"


def test_items_of_each_built_in_type_created_edited_embedded_and_deleted(page, live_server, partner_site):
    gmina = f"Zabierzów{uuid.uuid4().hex[:6]}"
    sign_in(page, live_server)
    add_gmina(page, gmina)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    expect(nav.get_by_role("link").last).to_have_text("Elementy")
    nav.get_by_role("link", name="Elementy").click()
    page.wait_for_url(re.compile(r"/item$"))

    # A note for a gmina: the searchable gmina select and two texts.
    name = live_server.unique("Komunikat")
    internal = f"komunikat-{uuid.uuid4().hex[:8]}"
    page.get_by_role("link", name="Dodaj element").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Typ").select_option(label="Komunikat dla województwa")
    expect(page.get_by_label("Województwo")).to_be_visible()
    page.get_by_label("Typ").select_option(label="Komunikat dla gminy")
    expect(page.get_by_label("Województwo")).to_have_count(0)
    page.get_by_placeholder("Szukaj gminy, np. Kraków").fill(gmina[:12].lower())
    page.get_by_label("Gmina: wybór").select_option(label=f"{gmina} (powiat krakowski, woj. małopolskie)")
    page.get_by_label("Tytuł").fill("Sezon grzewczy")
    page.get_by_label("Treść").fill("Nie pal śmieci. <b>To nie HTML</b>")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/item$"))
    row = page.get_by_role("row").filter(has_text=name)
    expect(row).to_contain_text("Komunikat dla gminy")
    expect(row.get_by_role("button", name="Osadź")).to_be_visible()
    expect(row.get_by_role("button", name="Odśwież")).to_have_count(0)  # a type with no integration: nothing to read

    # Edit: the type is fixed, the values are there.
    row.get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Typ")).to_have_value("Komunikat dla gminy")
    expect(page.get_by_label("Nazwa wewnętrzna")).to_be_disabled()
    expect(page.get_by_label("Tytuł")).to_have_value("Sezon grzewczy")
    page.get_by_label("Tytuł").fill("Sezon grzewczy 2026/27")
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/item$"))

    # A note for a voivodeship.
    other = live_server.unique("Województwo")
    page.get_by_role("link", name="Dodaj element").click()
    page.get_by_label("Nazwa", exact=True).fill(other)
    page.get_by_label("Nazwa wewnętrzna").fill(f"woj-{uuid.uuid4().hex[:8]}")
    page.get_by_label("Typ").select_option(label="Komunikat dla województwa")
    page.get_by_label("Województwo").select_option(label="pomorskie")
    page.get_by_label("Tytuł").fill("Uchwała antysmogowa")
    page.get_by_label("Treść").fill("Obowiązuje od 2025 r.")
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/item$"))
    expect(page.get_by_role("row").filter(has_text=other)).to_contain_text("Komunikat dla województwa")

    # Embedded on a partner page: plain text, the gmina's name from the hierarchy.
    page.get_by_role("row").filter(has_text=name).get_by_role("button", name="Osadź").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.frame_locator("iframe").locator("h1")).to_have_text(name)
    snippet = dialog.get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    (partner_site.folder / "index.html").write_text(
        f"<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title><body>{snippet}</body></html>",
        encoding="utf-8",
    )
    page.goto(f"{partner_site.url}/index.html")
    frame = page.frame_locator("iframe")
    expect(frame.locator("dd").nth(0)).to_have_text(
        re.compile(f"{gmina} \\(powiat krakowski, województwo małopolskie\\)")
    )
    expect(frame.locator("dd").nth(1)).to_have_text("Sezon grzewczy 2026/27")
    expect(frame.locator("dd").nth(2)).to_have_text("Nie pal śmieci. <b>To nie HTML</b>")
    expect(frame.locator("b")).to_have_count(0)

    page.goto("/item")
    row = page.get_by_role("row").filter(has_text=name)
    row.get_by_role("button", name="Usuń").click()
    page.get_by_role("dialog").get_by_role("button", name="Tak, chcę.").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=name)).to_have_count(0)
    assert page.request.get(f"/api/public/item/{internal}").status == 404
