"""The testing kit's `sign_in` on a page where the panel of an earlier sign-in still runs, and the
browser log a failed test shows.

A whole PostgreSQL run once landed on the login screen right after a test's second `sign_in`:
the test emptied local storage while the panel it had opened was still loading, the panel's
next call went without a token, was answered UNAUTHORISED and signed out (SPEC 8), and that
sign-out removed the token `sign_in` had just put there. The old page's late sign-out is played
here on purpose: a script that, once the storage has been emptied, removes the token again as
soon as one lands."""

import time

from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in
from smogpanel.testing.serve import add_accounts

LATE_SIGN_OUT = """() => {
  let emptied = false;
  setInterval(() => {
    if (localStorage.getItem('token') === null) emptied = true;
    else if (emptied) localStorage.removeItem('token');
  }, 1);
}"""


def test_a_second_sign_in_is_not_undone_by_the_earlier_panels_sign_out(page, live_server):
    sign_in(page, live_server)
    expect(page.get_by_role("button", name="Barbara Szefowa")).to_be_visible()
    email = live_server.unique("drugie-konto").replace(" ", "-") + "@example.pl"
    add_accounts(live_server.session_factory, [email], password=live_server.password, firstname="Druga")
    page.evaluate(LATE_SIGN_OUT)
    page.evaluate("localStorage.clear()")

    sign_in(page, live_server, email)

    expect(page).to_have_url(f"{live_server.url}/voivodeship")
    expect(page.get_by_role("button", name="Druga Testowe")).to_be_visible()
    assert page.evaluate("localStorage.getItem('token')")


def test_a_second_sign_in_survives_the_earlier_panel_navigating_away_meanwhile(page, live_server):
    # The earlier panel's sign-out loads '/' while sign_in's own navigation is under way (held
    # here for a second, so the page's navigation starts first): a whole run once failed so
    # ("Navigation to …/healthz is interrupted by another navigation to …/").
    sign_in(page, live_server)
    expect(page.get_by_role("button", name="Barbara Szefowa")).to_be_visible()
    email = live_server.unique("trzecie-konto").replace(" ", "-") + "@example.pl"
    add_accounts(live_server.session_factory, [email], password=live_server.password, firstname="Trzecia")
    page.evaluate("() => setTimeout(() => location.assign('/'), 200)")
    page.route("**/healthz", lambda route: (time.sleep(1), route.continue_()), times=1)

    sign_in(page, live_server, email)

    expect(page).to_have_url(f"{live_server.url}/voivodeship")
    expect(page.get_by_role("button", name="Trzecia Testowe")).to_be_visible()


def test_the_page_log_a_failed_test_shows_has_the_navigations_api_answers_and_clicks(page, live_server):
    from smogpanel.testing.browser import page_logs

    sign_in(page, live_server)
    expect(page.get_by_role("button", name="Barbara Szefowa")).to_be_visible()
    [log] = page_logs()
    lines = "\n".join(log.lines)
    assert f"page at {live_server.url}/healthz" in lines and f"page at {live_server.url}/voivodeship" in lines
    assert f"200 GET {live_server.url}/api/plugins" in lines
    page.get_by_role("button", name="Barbara Szefowa").click()
    expect(page.get_by_role("link", name="Mój profil")).to_be_visible()
    for event in ("pointerdown", "pointerup", "click"):
        assert any(f"[pointer] {event} at " in line and 'on button "Barbara Szefowa"' in line for line in log.lines), (
            "\n".join(log.lines)
        )
