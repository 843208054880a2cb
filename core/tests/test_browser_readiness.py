"""The shell on a server whose database cannot serve it: signing in shows the
server's Polish reason, not the generic "check the data you sent"."""

import threading

import pytest
from playwright.sync_api import expect
from waitress.server import create_server

from smogpanel.ops.health import BEHIND
from smogpanel.testing.browser import is_policy_violation
from smogpanel.testing.serve import drop_schema, empty_database, live_app

GENERIC = "Wystąpił błąd! Sprawdź przekazane dane i ponów próbę."


@pytest.fixture
def unready_server(tmp_path_factory):
    """The panel served on an empty database (never initialised): its URL."""
    url = empty_database(tmp_path_factory, "browser_unready")
    app = live_app(url, tmp_path_factory.mktemp("mail"))
    server = create_server(app, host="127.0.0.1", port=0, threads=2)
    threading.Thread(target=server.run, daemon=True).start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    app.registry["db.engine"].dispose()
    drop_schema(url, "browser_unready")


def test_signing_in_on_a_database_behind_its_migrations_shows_the_reason(browser, unready_server):
    context = browser.new_context(base_url=unready_server, locale="pl-PL")
    context.set_default_timeout(10_000)
    messages = []
    context.on("console", lambda message: messages.append(message.text))
    page = context.new_page()
    try:
        page.goto("/")
        page.get_by_label("Adres e-mail").fill("ktos@example.pl")
        page.get_by_label("Hasło").fill("Haslo-testowe-1")
        page.get_by_role("button", name="Zaloguj się").click()
        alert = page.get_by_role("alert")
        expect(alert).to_have_text(BEHIND)
        expect(page.get_by_text(GENERIC)).to_have_count(0)
        assert not [text for text in messages if is_policy_violation(text)]
    finally:
        context.close()
