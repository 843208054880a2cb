"""The hierarchy screens in a real browser, as an operator uses them."""

import re

from playwright.sync_api import expect

from smogpanel.regions import polish_sort_key
from smogpanel.testing.browser import sign_in

SUCCESS = "Operacja została zakończona :)"


def first_column_names(page):
    return page.locator("table tbody tr td:nth-child(2)").all_inner_texts()


def test_sorting_by_name_and_flipping(page, live_server):
    sign_in(page, live_server)
    header = page.get_by_role("columnheader", name=re.compile("^Nazwa"))
    header.get_by_role("button").click()
    expect(page.locator("table tbody tr").first).to_contain_text("dolnośląskie")
    ascending = first_column_names(page)
    assert ascending == sorted(ascending, key=polish_sort_key)  # 'łódzkie' right after 'lubuskie'
    expect(header).to_contain_text("▲")
    header.get_by_role("button").click()
    expect(page.locator("table tbody tr").first).to_contain_text(ascending[-1])
    assert first_column_names(page) == list(reversed(ascending))
    expect(header).to_contain_text("▼")
    expect(header).to_have_attribute("aria-sort", "descending")


def test_the_list_keeps_its_sort_when_coming_back(page, live_server):
    sign_in(page, live_server)
    page.get_by_role("columnheader", name=re.compile("^Nazwa")).get_by_role("button").click()
    expect(page.locator("table tbody tr").first).to_contain_text("dolnośląskie")
    page.get_by_role("link", name="małopolskie").click()
    page.wait_for_url(re.compile(r"/district$"))
    page.go_back()
    expect(page.locator("table tbody tr").first).to_contain_text("dolnośląskie")


def test_add_edit_and_delete_a_voivodeship(page, live_server):
    sign_in(page, live_server)
    name = live_server.unique("Województwo")
    page.get_by_role("link", name="Dodaj województwo").click()
    page.get_by_label("Nazwa").fill(name)
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/voivodeship$"))
    row = page.get_by_role("row").filter(has_text=name)
    expect(row).to_be_visible()

    row.get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Nazwa")).to_have_value(name)
    page.get_by_label("Nazwa").fill(name + " po zmianie")
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/voivodeship$"))
    row = page.get_by_role("row").filter(has_text=name + " po zmianie")
    expect(row.locator("em")).to_have_count(1)  # updated after creation: emphasised

    row.get_by_role("button", name="Usuń").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("może wyłącznie administrator systemu")
    expect(dialog).to_contain_text("Superadministratorzy panelu mogą go przywrócić z ekranu „Historia zmian”.")
    dialog.get_by_role("button", name="Nie, nie chcę.").click()
    expect(row).to_be_visible()
    row.get_by_role("button", name="Usuń").click()
    page.get_by_role("dialog").get_by_role("button", name="Tak, chcę.").click()
    expect(page.get_by_role("row").filter(has_text=name)).to_have_count(0)
    expect(page.get_by_text(SUCCESS)).to_be_visible()


def test_an_empty_name_shows_the_invalid_banner_and_sends_nothing(page, live_server):
    sign_in(page, live_server)
    requests = []
    page.on("request", lambda request: request.method == "POST" and requests.append(request.url))
    page.goto("/voivodeship/add")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text("Popraw dane w formularzu, gdyż wystąpił błąd.")).to_be_visible()
    assert requests == []


def test_districts_and_boroughs_of_a_voivodeship(page, live_server):
    sign_in(page, live_server)
    district = live_server.unique("powiat")
    borough = live_server.unique("Gmina")
    page.get_by_role("link", name="podlaskie", exact=True).click()
    page.wait_for_url(re.compile(r"/voivodeship/\d+/district$"))
    page.get_by_role("link", name=re.compile("Dodaj powiat")).click()
    page.get_by_label("Nazwa").fill(district)
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/district$"))

    page.get_by_role("link", name=district).click()
    page.wait_for_url(re.compile(r"/district/\d+/borough$"))
    expect(page.get_by_text("Dodaj nowy element do listy za pomocą operacji w nagłówku.")).to_be_visible()
    page.get_by_role("link", name=re.compile("Dodaj gminę")).click()
    page.get_by_label("Nazwa").fill(borough)
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/borough$"))
    expect(page.get_by_role("cell", name=borough)).to_be_visible()

    page.get_by_role("link", name=re.compile("Powrót")).click()
    page.wait_for_url(re.compile(r"/voivodeship/\d+/district$"))
    expect(page.get_by_role("link", name=district)).to_be_visible()


def test_deep_links_open_the_screen_directly(page, live_server):
    sign_in(page, live_server, land="/voivodeship/6")
    expect(page.get_by_label("Nazwa")).to_have_value("małopolskie")
    expect(page).to_have_title(re.compile(r"\| Smogpanel v3\.8\.0$"))
