"""The plugin's own screen, as an operator finds it: 'Jakość powietrza' in the navigation
(before 'Elementy'), the remote built on the installable kit loaded by the shell like a
built-in plugin's, GIOŚ's index categories listed, and the screen accessible."""

import re

from playwright.sync_api import expect

from smogpanel.testing.browser import assert_accessible, sign_in


def test_the_plugins_screen_lists_the_index_categories(page, live_server):
    sign_in(page, live_server)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    nav.get_by_role("link", name="Jakość powietrza").click()
    page.wait_for_url(re.compile(r"/airquality$"))
    expect(page.get_by_role("heading", name="Indeks jakości powietrza GIOŚ")).to_be_visible()
    table = page.get_by_role("table", name="Kategorie indeksu jakości powietrza")
    expect(table.get_by_role("row")).to_have_count(8)  # the header and seven categories
    expect(table.get_by_role("row").nth(1)).to_have_text(re.compile(r"0\s*Bardzo dobry"))
    expect(table.get_by_role("row").last).to_have_text(re.compile(r"brak\s*Brak indeksu"))
    expect(page).to_have_title("Jakość powietrza | Smogpanel v3.8.0")
    expect(nav.get_by_role("link").last).to_have_text("Elementy")
    assert_accessible(page)
