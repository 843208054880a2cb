"""Roles in a real browser: a super administrator makes an account a viewer on the account
screen; signed in again, the viewer is offered no add, delete or save, a typed add address
answers the Polish refusal, and an edit form opens read-only."""

import re

from playwright.sync_api import expect

from smogpanel.testing.browser import assert_accessible, sign_in, watch_policy_violations
from smogpanel.testing.serve import add_accounts


def test_a_viewer_set_on_the_account_screen_is_offered_nothing_it_may_not_do(page, live_server, browser):
    email = f"podglad-{live_server.unique('x').split()[1]}@example.pl"
    add_accounts(live_server.session_factory, [email], False, firstname="Olga", lastname="Podgląd")

    sign_in(page, live_server, land="/account")
    row = page.get_by_role("row").filter(has_text=email)
    expect(row.get_by_role("cell", name="redaktor", exact=True)).to_be_visible()
    row.get_by_role("link", name="Uprawnienia").click()
    expect(page.get_by_role("heading", name="Uprawnienia konta")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Rola").select_option("viewer")
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/account$"))
    expect(
        page.get_by_role("row").filter(has_text=email).get_by_role("cell", name="podgląd", exact=True)
    ).to_be_visible()

    viewer = browser.new_context(base_url=live_server.url)
    violations = watch_policy_violations(viewer)
    try:
        other = viewer.new_page()
        sign_in(other, live_server, email=email, land="/timer")
        expect(other.get_by_label("Szukaj")).to_be_visible()
        expect(other.get_by_role("link", name=re.compile("^Dodaj"))).to_have_count(0)
        expect(other.get_by_role("button", name="Usuń")).to_have_count(0)
        other.goto("/timer/add")
        expect(other.get_by_text("Nie masz uprawnień do tej operacji.")).to_be_visible()
        other.goto("/voivodeship")
        # Its rows say what it may do: no 'Edytuj' or 'Usuń', a 'Podgląd'.
        expect(other.get_by_role("link", name="Podgląd").first).to_be_visible()
        expect(other.get_by_role("link", name="Edytuj")).to_have_count(0)
        expect(other.get_by_role("button", name="Usuń")).to_have_count(0)
        other.get_by_role("link", name="Podgląd").first.click()
        expect(other.get_by_text("Tylko podgląd: Twoje konto nie może zmieniać tych danych.")).to_be_visible()
        expect(other.get_by_role("button", name="Zapisz")).to_have_count(0)
        assert_accessible(other)
        assert violations == []
    finally:
        viewer.close()
