"""'Wszystkie gminy': every gmina in one list, searched as the other lists are (name, district,
voivodeship, TERYT code), with the best match first; a search that finds nothing says so."""

import re

from playwright.sync_api import expect

from smogpanel.testing.browser import add_gmina, sign_in


def test_every_gmina_listed_and_searched_and_an_empty_search_says_what_it_looked_for(page, live_server):
    sign_in(page, live_server)
    # The voivodeships' search box says what it searches: voivodeships, not gminy.
    expect(page.get_by_label("Szukaj")).to_have_attribute("placeholder", re.compile("^nazwa województwa"))
    name = live_server.unique("Zakopiec")
    add_gmina(page, name, district=live_server.unique("tatrzański"))
    add_gmina(page, name + " Dolny", district=live_server.unique("nowotarski"))

    page.get_by_role("link", name="Wszystkie gminy").click()
    page.wait_for_url(re.compile(r"/voivodeship/gminy$"))
    expect(page.locator("[data-list-count]")).to_contain_text("Wierszy:")
    page.get_by_label("Szukaj").fill(name.lower().replace("zakopiec", "ZAKOPIEC"))
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text(name)  # the name itself before the name it starts
    expect(rows.first).to_contain_text("małopolskie")
    expect(rows.nth(1)).to_contain_text(name + " Dolny")

    page.get_by_label("Szukaj").fill("zakop-nie-ma-takiej")
    expect(page.get_by_text("Brak wyników dla „zakop-nie-ma-takiej”")).to_be_visible()
    expect(page.get_by_text("Dodaj nowy element do listy")).to_have_count(0)

    page.get_by_label("Szukaj").fill(name)
    expect(rows).to_have_count(2)
    rows.first.get_by_role("link", name="Edytuj").click()
    page.wait_for_url(re.compile(r"/voivodeship/\d+/district/\d+/borough/\d+$"))
    expect(page.get_by_label("Nazwa")).to_have_value(name)
