"""History in a real browser: an operator edits a timer; another opens the timer's 'Historia',
sees the change side by side and puts the earlier version back; 'Historia zmian' lists both."""
import re
import uuid
from datetime import datetime, timezone

from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in

from smogpanel.plugins.timers.models import Timer

SUCCESS = "Operacja została zakończona :)"


def test_an_edit_is_seen_and_reverted_by_another_operator(page, browser, live_server):
    name, internal = live_server.unique("Licznik"), f"licznik-{uuid.uuid4().hex[:8]}"
    with live_server.session_factory() as db, db.begin():
        timer = Timer(name=name, internal_name=internal, timer_style_name="SEA", text_above="Zostało",
                      deadline=datetime(2031, 1, 1, tzinfo=timezone.utc), countdown=True, text_below="Ogrzewaj czysto.",
                      hidden_brand=0)
        db.add(timer)
        db.flush()
        timer_id = timer.id

    sign_in(page, live_server, live_server.user_email)
    page.goto(f"/timer/{timer_id}")
    page.get_by_label("Tekst pod licznikiem").fill("Wietrz krótko.")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/timer$"))

    other = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw").new_page()
    errors = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(other, live_server)
    other.goto(f"/timer/{timer_id}")
    expect(other.get_by_label("Tekst pod licznikiem")).to_have_value("Wietrz krótko.")
    other.get_by_role("button", name="Historia").click()
    history = other.get_by_role("region", name="Historia")
    change = history.locator("li").filter(has_text="Zmiana")
    expect(change).to_contain_text(live_server.user_email)
    row = change.get_by_role("row").filter(has_text="Tekst pod licznikiem")
    expect(row.get_by_role("cell")).to_have_text(["Ogrzewaj czysto.", "Wietrz krótko."])

    change.get_by_role("button", name="Przywróć tę wersję").click()
    expect(other.get_by_label("Tekst pod licznikiem")).to_have_value("Ogrzewaj czysto.")
    revert = history.locator("li").filter(has_text="cofa wpis")
    expect(revert).to_contain_text(live_server.admin_email)

    other.goto("/history")
    expect(other.get_by_role("heading", name="Historia zmian")).to_be_visible()
    other.get_by_label("Rodzaj").select_option(label="licznik")
    entries = other.locator("li").filter(has_text=name)
    expect(entries.first).to_contain_text(live_server.admin_email)
    expect(entries.filter(has_text=live_server.user_email)).to_have_count(1)
    other.context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
