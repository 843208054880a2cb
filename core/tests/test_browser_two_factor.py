"""Sessions and second factors in a real browser: the profile's sessions ('Wyloguj',
'Wyloguj pozostałe'), adding an authenticator app with its QR code and recovery codes, the
second step of the sign-in, and passkeys in Chromium's virtual authenticator (DevTools'
WebAuthn domain) as a second factor and as a sign-in without a password."""

import re
import time
import uuid

import pyotp
import pytest
from playwright.sync_api import expect

from smogpanel.testing.browser import assert_accessible, sign_out, watch_policy_violations
from smogpanel.testing.serve import PASSWORD, add_accounts, start_live


def new_account(live_server, prefix="konto"):
    email = f"{prefix}-{uuid.uuid4().hex[:8]}@example.pl"
    add_accounts(live_server.session_factory, [email], False, firstname="Ola", lastname="Testowa")
    return email


def password_step(page, email):
    page.goto("/")
    page.get_by_label("Adres e-mail").fill(email)
    page.get_by_label("Hasło").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj się").click()


def signed_in(page):
    page.wait_for_url("**/voivodeship", timeout=15_000)
    assert page.evaluate("localStorage.getItem('token')")


def test_the_profile_lists_the_sessions_and_ends_the_others(browser, page, live_server):
    email = new_account(live_server)
    other = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    violations = watch_policy_violations(other)
    elsewhere = other.new_page()
    password_step(elsewhere, email)
    signed_in(elsewhere)
    password_step(page, email)
    signed_in(page)
    page.goto("/user/profile")
    table = page.get_by_test_id("sessions")
    expect(table.locator("tbody tr")).to_have_count(2)
    current = table.locator("tbody tr", has_text="to urządzenie")
    expect(current).to_have_count(1)
    expect(current).to_contain_text("Chrome, Linux")
    expect(current).to_contain_text("127.0.0.1")
    assert_accessible(page)  # the profile with its sessions
    page.get_by_role("button", name="Wyloguj pozostałe").click()
    dialog = page.get_by_role("dialog", name="Wylogować pozostałe urządzenia?")
    expect(dialog).to_contain_text("Zakończy sesje na pozostałych urządzeniach (1)")
    dialog.get_by_role("button", name="Nie, nie chcę.").click()  # asked first: nothing ended yet
    expect(table.locator("tbody tr")).to_have_count(2)
    page.get_by_role("button", name="Wyloguj pozostałe").click()
    dialog.get_by_role("button", name="Tak, wyloguj").click()
    expect(page.get_by_role("status")).to_have_text("Wylogowano pozostałe urządzenia (zakończone sesje: 1).")
    expect(table.locator("tbody tr")).to_have_count(1)
    # The other browser is signed out at its next call.
    elsewhere.goto("/user/profile")
    elsewhere.wait_for_url(re.compile(r"/$"), timeout=10_000)
    expect(elsewhere.get_by_role("button", name="Zaloguj się")).to_be_visible()
    other.close()
    assert not violations
    # 'Wyloguj' on this device's own session signs out here.
    current.get_by_role("button", name=re.compile("^Wyloguj sesję")).click()
    page.wait_for_url(re.compile(r"/$"), timeout=10_000)
    assert page.evaluate("localStorage.getItem('token')") is None


def test_a_super_administrator_signs_an_account_out_everywhere(browser, page, live_server):
    email = new_account(live_server)
    other = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    theirs = other.new_page()
    password_step(theirs, email)
    signed_in(theirs)
    password_step(page, live_server.admin_email)
    signed_in(page)
    page.goto("/account")
    row = page.get_by_role("row").filter(has_text=email)
    row.get_by_role("button", name="Wyloguj wszędzie").click()
    page.get_by_role("dialog").get_by_role("button", name="Tak, chcę.").click()
    expect(page.get_by_text(f"Zakończono sesje konta {email}: 1.")).to_be_visible()
    theirs.goto("/user/profile")
    theirs.wait_for_url(re.compile(r"/$"), timeout=10_000)
    other.close()


def test_adding_an_authenticator_app_and_signing_in_with_its_codes(page, live_server):
    email = new_account(live_server)
    password_step(page, email)
    signed_in(page)
    page.goto("/user/profile")
    page.get_by_role("button", name="Dodaj aplikację uwierzytelniającą").click()
    qr = page.get_by_role("img", name="Kod QR do zeskanowania w aplikacji uwierzytelniającej")
    expect(qr).to_be_visible()
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    assert page.evaluate("document.querySelector('img[alt^=\"Kod QR\"]').naturalWidth") > 0  # drawn, CSP allowed
    secret = page.get_by_test_id("totp-secret").inner_text()
    assert_accessible(page)  # adding the second factor: the QR code and its secret
    page.get_by_label("Kod z aplikacji").fill("000000")
    page.get_by_role("button", name="Potwierdź").click()
    expect(page.get_by_text("Niepoprawny kod.", exact=False)).to_be_visible()
    # The wrong code is the banner's headline, not "check the data you sent"
    expect(page.get_by_role("alert")).to_have_text(re.compile(r"^Niepoprawny kod\."))
    page.get_by_label("Kod z aplikacji").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Potwierdź").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    expect(codes).to_have_count(10)
    expect(page.get_by_text("nie zobaczysz ich ponownie")).to_be_visible()
    assert_accessible(page)  # the recovery codes
    expect(page.get_by_role("link", name="Pobierz (.txt)")).to_have_attribute("download", re.compile(r"\.txt$"))
    recovery = codes.nth(0).inner_text()
    page.get_by_role("button", name="Zapisałem(-am) kody").click()
    expect(page.get_by_test_id("recovery-codes")).to_have_count(0)
    expect(page.get_by_text("włączona")).to_be_visible()

    # The second step: a recovery code...
    sign_out(page)
    password_step(page, email)
    expect(page.get_by_role("heading", name="Weryfikacja dwuetapowa")).to_be_visible()
    assert_accessible(page)  # the second step of signing in
    page.get_by_role("button", name="Użyj kodu odzyskiwania").click()
    page.get_by_label("Kod odzyskiwania").fill(recovery)
    page.get_by_role("button", name="Zweryfikuj").click()
    signed_in(page)
    page.goto("/user/profile")
    expect(page.get_by_test_id("recovery-left")).to_have_text("9")
    # ...and, after a wrong one, the app's next code.
    sign_out(page)
    password_step(page, email)
    code = page.get_by_label("Kod z aplikacji")
    code.press_sequentially("000000")
    page.get_by_role("button", name="Zweryfikuj").click()
    expect(page.get_by_role("alert")).to_have_text(re.compile(r"^Niepoprawny kod\."))
    expect(page.get_by_role("alert")).not_to_contain_text("Sprawdź przekazane dane")
    code.fill(pyotp.TOTP(secret).at(time.time() + 30))
    page.get_by_role("button", name="Zweryfikuj").click()
    signed_in(page)


# -- passkeys: a server whose public address is http://localhost:PORT (browsers take no bare IP as
# a WebAuthn relying party) ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def localhost_server(tmp_path_factory):
    live, server, app = start_live(tmp_path_factory, "live_passkeys", threads=4)
    url = live.url.replace("127.0.0.1", "localhost")
    app.registry.settings["smogpanel.public_url"] = url  # the relying party: never the Host header
    email = "klucz@example.pl"
    add_accounts(live.factory, [email], True, firstname="Kasia", lastname="Kluczowa")
    yield url, email
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()


@pytest.fixture
def passkey_page(browser, localhost_server):
    context = browser.new_context(base_url=localhost_server[0], locale="pl-PL", timezone_id="Europe/Warsaw")
    context.set_default_timeout(10_000)
    violations = watch_policy_violations(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    devtools = context.new_cdp_session(page)
    devtools.send("WebAuthn.enable")
    devtools.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not violations, f"Content-Security-Policy violations: {violations}"


def test_a_passkey_is_a_second_factor_and_signs_in_without_a_password(passkey_page, localhost_server):
    page, (_, email) = passkey_page, localhost_server
    password_step(page, email)
    signed_in(page)
    page.goto("/user/profile")
    page.get_by_label("Nazwa nowego klucza").fill("Laptop testowy")
    page.get_by_role("button", name="Dodaj klucz dostępu").click()
    expect(page.get_by_test_id("passkeys")).to_contain_text("Laptop testowy")
    expect(page.get_by_test_id("recovery-codes").locator("li")).to_have_count(10)  # the first factor

    # The second step after the password.
    sign_out(page)
    password_step(page, email)
    expect(page.get_by_role("heading", name="Weryfikacja dwuetapowa")).to_be_visible()
    expect(page.get_by_label("Kod z aplikacji")).to_have_count(0)  # no app: no code asked
    page.get_by_role("button", name="Użyj klucza dostępu").click()
    signed_in(page)

    # No password at all.
    sign_out(page)
    page.goto("/")
    page.get_by_role("button", name="Zaloguj kluczem dostępu").click()
    signed_in(page)
    page.goto("/user/profile")
    expect(page.get_by_test_id("sessions").locator("tbody tr", has_text="to urządzenie")).to_contain_text(
        "klucz dostępu"
    )
    expect(page.get_by_test_id("passkeys")).to_contain_text("ostatnio użyto")

    # Removed, it signs in no more.
    page.get_by_role("button", name="Usuń klucz dostępu Laptop testowy").click()
    expect(page.get_by_test_id("passkeys")).to_have_count(0)
    sign_out(page)
    page.goto("/")
    page.get_by_role("button", name="Zaloguj kluczem dostępu").click()
    expect(page.get_by_text("nie jest zarejestrowany", exact=False)).to_be_visible()
    assert page.evaluate("localStorage.getItem('token')") is None
