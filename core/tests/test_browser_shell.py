"""The shell in a real browser: signing in and out, restore, navigation, accounts, the rules
that send an operator back to the login screen. With the browser's animations on (`motion`),
as most operators see the panel; the other browser tests ask for reduced motion."""

import re

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from smogpanel.testing.browser import axe_violations, sign_in, sign_out

pytestmark = pytest.mark.motion

WRONG_LOGIN = "Wystąpił błąd! Sprawdź przekazane dane i ponów próbę."


def test_a_good_login_lands_on_the_voivodeships(page, live_server):
    page.goto("/")
    expect(page).to_have_title(re.compile(r"Logowanie.*\| Smogpanel v3\.8\.0"))
    sign_in(page, live_server, screen=True)
    expect(page.get_by_role("cell", name="małopolskie", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('token')")
    expect(page.get_by_text("System dumnie rozwijany w Krakowie")).to_be_visible()
    expect(page.get_by_text("Smogpanel v3.8.0").last).to_be_visible()


def test_a_bad_password_shows_the_error_and_stays_signed_out(page, live_server):
    page.goto("/")
    page.get_by_label("Adres e-mail").fill(live_server.admin_email)
    page.get_by_label("Hasło").fill("zle-haslo-123")
    page.get_by_role("button", name="Zaloguj się").click()
    expect(page.get_by_text(WRONG_LOGIN)).to_be_visible()
    assert page.evaluate("localStorage.getItem('token')") is None
    assert page.url.endswith("/")


def test_an_empty_form_shows_the_invalid_banner(page, live_server):
    page.goto("/")
    page.get_by_role("button", name="Zaloguj się").click()
    expect(page.get_by_text("Popraw dane w formularzu, gdyż wystąpił błąd.")).to_be_visible()


def test_a_restore_request_answers_and_returns_to_login(page, live_server):
    page.goto("/forgot-password")
    expect(page.get_by_role("heading", name="Przywracanie hasła")).to_be_visible()
    page.get_by_label("Adres e-mail").fill(live_server.user_email)
    page.get_by_role("button", name=re.compile("Przypomnij|Wyślij|Przywróć")).click()
    expect(page.get_by_text("Operacja została zakończona :)")).to_be_visible()
    page.wait_for_url(re.compile(r"/$"), timeout=5_000)


def test_the_navigation_and_the_user_menu(page, live_server):
    sign_in(page, live_server)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    expect(nav.get_by_role("link", name="Województwa")).to_be_visible()
    nav.get_by_role("button", name="Barbara Szefowa").click()
    support = nav.get_by_role("link", name="Wsparcie techniczne")
    href = support.get_attribute("href")
    assert href.startswith("https://pomoc.example.pl/zgloszenie?") and "szef%40example.pl" in href
    assert "3.8.0" in href and "Barbara" in href
    nav.get_by_role("link", name="Mój profil").click()
    expect(page).to_have_url(re.compile(r"/user/profile$"))


def test_accounts_as_a_super_administrator(page, live_server):
    sign_in(page, live_server, land="/account")
    expect(page.get_by_role("columnheader", name=re.compile("^Typ"))).to_be_visible()
    row = page.get_by_role("row").filter(has_text=live_server.user_email)
    expect(row.get_by_role("button", name="Usuń")).to_be_visible()

    page.goto("/user/add")
    expect(page).to_have_url(re.compile(r"/account/add$"))
    expect(page.get_by_text(re.compile("dostęp do całego panelu"))).to_be_visible()
    email = live_server.unique("nowy").replace(" ", "-") + "@example.pl"
    page.get_by_label("Adres e-mail").fill(email)
    page.get_by_label("Imię").fill("Nowa")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text("Operacja została zakończona :)")).to_be_visible()
    page.wait_for_url(re.compile(r"/account$"))
    expect(page.get_by_role("cell", name=email)).to_be_visible()

    own = page.get_by_role("row").filter(has_text=live_server.admin_email)
    own.get_by_role("button", name="Usuń").click()
    expect(page.get_by_text("Nie możesz usunąć siebie samego :) To nie ma zupełnie sensu!")).to_be_visible()


def test_accounts_as_a_plain_user_have_no_type_column_and_no_delete(page, live_server):
    sign_in(page, live_server, live_server.user_email, land="/account")
    expect(page.get_by_role("cell", name=live_server.admin_email)).to_be_visible()
    expect(page.get_by_role("columnheader", name=re.compile("^Typ"))).to_have_count(0)
    expect(page.get_by_role("button", name="Usuń")).to_have_count(0)


def test_the_profile_changes_names_without_touching_the_password(page, live_server):
    sign_in(page, live_server, live_server.user_email, land="/user/profile")
    expect(page.get_by_label("Nazwisko")).to_have_value("Pracownik")
    page.get_by_label("Nazwisko").fill("Pracowity")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text("Operacja została zakończona :)")).to_be_visible()
    from smogpanel.users.models import User

    with live_server.session_factory() as db:
        user = db.scalar(sa.select(User).where(User.email == live_server.user_email))
        assert user.lastname == "Pracowity"
        user.lastname = "Pracownik"
        db.commit()
    sign_out(page)
    sign_in(page, live_server, live_server.user_email)  # the old password still works


def test_changing_ones_own_password_keeps_one_signed_in(page, live_server):
    """The server retires older tokens on a new password; the panel keeps the fresh one."""
    from smogpanel.passwords import hash_password
    from smogpanel.users.models import User

    email = live_server.unique("haslo").replace(" ", "-").lower() + "@example.pl"
    with live_server.session_factory() as db:
        db.add(
            User(
                email=email,
                password_hash=hash_password(live_server.password),
                super=0,
                firstname="Hanna",
                lastname="Hasłowa",
            )
        )
        db.commit()
    sign_in(page, live_server, email, land="/user/profile")
    page.get_by_label("Hasło", exact=True).fill("zupelnie-nowe-haslo")
    # A new password asks for the current one: without it, the server's Polish reason under the field.
    current = page.get_by_label("Obecne hasło")
    expect(current).to_be_visible()
    current.fill("nie-to-haslo")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.locator("#field-current_password-error")).to_have_text("Obecne hasło jest niepoprawne.", timeout=15_000)
    current.fill(live_server.password)
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text("Operacja została zakończona :)")).to_be_visible(timeout=15_000)
    expect(page.get_by_label("Obecne hasło")).to_have_count(0)  # saved: nothing left to confirm
    expect(page).to_have_url(re.compile(r"/user/profile$"))
    page.reload()  # every later call goes with the stored token
    expect(page.get_by_label("Nazwisko")).to_have_value("Hasłowa", timeout=15_000)
    expect(page).to_have_url(re.compile(r"/user/profile$"))
    page.get_by_role("link", name="Województwa").click()
    page.wait_for_url(re.compile(r"/voivodeship$"))


def test_unknown_and_non_numeric_paths_go_to_the_start(page, live_server):
    sign_in(page, live_server, land="/no/such/screen")
    page.wait_for_url(re.compile(r"/voivodeship$"))
    page.goto("/voivodeship/abc/district")
    page.wait_for_url(re.compile(r"/voivodeship$"))


def test_a_stored_token_skips_the_login_screen(page, live_server):
    sign_in(page, live_server, land="/forgot-password")
    page.wait_for_url(re.compile(r"/voivodeship$"))


def test_logout_forgets_the_token_and_returns_to_the_site_root(page, live_server):
    sign_in(page, live_server)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    nav.get_by_role("button", name="Barbara Szefowa").click()
    nav.get_by_role("button", name="Wyloguj").click()
    page.wait_for_url(re.compile(r"/$"))
    assert page.evaluate("localStorage.getItem('token')") is None
    page.goto("/voivodeship")
    page.wait_for_url(re.compile(r"/$"))


def test_an_expired_token_sends_the_operator_back_to_login(page, live_server):
    import time

    import jwt

    from smogpanel.testing.app import TEST_SECRET

    now = int(time.time())
    expired = jwt.encode({"sub": "1", "ver": 1, "iat": now - 3600, "exp": now - 60}, TEST_SECRET, algorithm="HS256")
    page.goto("/")
    page.evaluate("token => localStorage.setItem('token', token)", expired)
    page.goto("/voivodeship")
    page.wait_for_url(re.compile(r"/$"))
    assert page.evaluate("localStorage.getItem('token')") is None
    expect(page.get_by_role("heading", name="Logowanie")).to_be_visible()


# How tall a header's text is, in its font's sizes: about 1.2 on one line, 2.4 and more on two.
HEADER_TEXT_HEIGHT = """th => {
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    let top = Infinity, bottom = -Infinity;
    while (walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        for (const rect of range.getClientRects()) {
            if (rect.width > 0) { top = Math.min(top, rect.top); bottom = Math.max(bottom, rect.bottom); }
        }
    }
    return (bottom - top) / parseFloat(getComputedStyle(th).fontSize);
}"""


def test_every_screen_of_the_menus_passes_axe(page, live_server):
    """Each list the navigation leads to (and the user menu's profile, accounts, 'Zadania',
    'Zasięg widżetów', 'Historia zmian'), as a super administrator sees it on a 1366 px wide
    screen: axe finds nothing, and a list's "ID" header with its sorting arrow stays on one line."""
    page.set_viewport_size({"width": 1366, "height": 768})
    sign_in(page, live_server)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    nav.get_by_role("button", name="Barbara Szefowa").click()
    paths = [
        href
        for href in nav.get_by_role("link").evaluate_all("links => links.map(link => link.getAttribute('href'))")
        if href and href.startswith("/") and href != "/"
    ]
    assert {"/voivodeship", "/timer", "/account", "/user/profile", "/history"} <= set(paths), paths
    for path in dict.fromkeys(paths):
        page.goto(path)
        expect(page.get_by_role("heading", level=1).or_(page.get_by_role("heading", level=2)).first).to_be_visible()
        page.wait_for_load_state("networkidle")
        violations = axe_violations(page)
        assert not violations, f"axe (WCAG 2.1 A/AA) on {path}: {violations}"
        ids = page.get_by_role("columnheader", name=re.compile(r"^ID\b"))
        if ids.count():
            assert ids.first.evaluate(HEADER_TEXT_HEIGHT) < 2, f"the ID header wraps on {path}"
