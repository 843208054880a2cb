"""Review of publishing in a real browser, on a panel in `reviewed` mode: a super administrator
grants 'Może publikować' on the accounts screen; an editor without it asks for publication; the
account granted it finds the request under 'Prośby o publikację' and approves it, and the
record is public. The editor asks on the record's edit screen ('Poproś o publikację')."""

import re

import pytest
from playwright.sync_api import expect

from smogpanel.plugins.timers.tests.test_api import timer
from smogpanel.testing.browser import assert_accessible, sign_in, sign_out
from smogpanel.testing.serve import PASSWORD, add_accounts, query, start_live

ADMIN, ASKING, DECIDING = "szefowa@example.pl", "ewa@example.pl", "jan@example.pl"


@pytest.fixture(scope="module")
def reviewed_server(tmp_path_factory):
    live, server, app = start_live(tmp_path_factory, "live_review", threads=4, **{"smogpanel.publishing": "reviewed"})
    add_accounts(live.factory, [ADMIN], True, firstname="Barbara", lastname="Szefowa")
    add_accounts(live.factory, [ASKING], False, firstname="Ewa", lastname="Redaktorka")
    add_accounts(live.factory, [DECIDING], False, firstname="Jan", lastname="Wydawca")
    yield live
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()


@pytest.fixture
def reviewed_page(browser, reviewed_server):
    context = browser.new_context(base_url=reviewed_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def token(live, email):
    return live.sign_in(email, PASSWORD).body["message"]


def test_an_editor_asks_and_the_account_granted_publishing_approves(reviewed_page, reviewed_server):
    live, page = reviewed_server, reviewed_page
    server = type("Server", (), {"url": live.url, "password": PASSWORD, "admin_email": ADMIN})()
    sign_in(page, server, land="/account")
    row = page.get_by_role("row").filter(has_text=DECIDING)
    expect(row.get_by_role("cell", name="redaktor", exact=True)).to_be_visible()
    row.get_by_role("link", name="Uprawnienia").click()
    publish = page.get_by_label(re.compile("^Może publikować"))
    expect(publish).not_to_be_checked()
    assert_accessible(page)
    publish.check()
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/account$"))
    expect(
        page.get_by_role("row").filter(has_text=DECIDING).get_by_role("cell", name="redaktor, publikuje", exact=True)
    ).to_be_visible()
    assert query(live.database_url, "SELECT publish FROM user_account WHERE email = :e", e=DECIDING) == [(1,)]

    record = live.request("POST", "/api/timer/", timer(internal_name="prosba-przegladarka"), token(live, ADMIN))
    timer_id = record.body["message"]["id"]
    sign_out(page)  # the next account on this browser
    sign_in(page, server, email=ASKING, land=f"/timer/{timer_id}")
    expect(page.get_by_test_id("publication-state")).to_contain_text("Szkic")
    expect(page.get_by_role("button", name="Publikacja")).to_have_count(0)
    page.get_by_role("button", name="Poproś o publikację").click()
    page.get_by_label("Notatka dla osoby zatwierdzającej").fill("Gotowe do publikacji")
    assert_accessible(page)
    page.get_by_role("dialog").get_by_role("button", name="Poproś o publikację").click()
    expect(page.get_by_role("status")).to_contain_text("Prośba wysłana.")

    sign_out(page)
    sign_in(page, server, email=DECIDING, land="/publish-requests")
    expect(page.get_by_role("heading", name="Prośby o publikację")).to_be_visible()
    request_row = page.get_by_role("row").filter(has_text="Gotowe do publikacji")
    expect(request_row).to_contain_text(ASKING)
    assert_accessible(page)
    request_row.get_by_role("button", name=re.compile("^Zatwierdź i opublikuj")).click()
    expect(page.get_by_role("status")).to_have_text(re.compile(r"^Opublikowano: .* \(wersja 1\)\.$"))
    expect(page.get_by_text("Nikt nie czeka teraz na Twoją decyzję.")).to_be_visible()
    assert live.request("GET", "/api/public/timer/prosba-przegladarka").status == 200
