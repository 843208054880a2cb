"""SMOGPANEL_TRUSTED_PROXIES under both servers `smogpanel serve` runs:
waitress 3 dropped X-Forwarded-For from every peer but its own `trusted_proxy`, so behind
nginx every client was the proxy: one client's wrong sign-ins locked sign-in for everyone, and
/metrics, allowed for 127.0.0.1, answered anyone. Here the test is the proxy at 127.0.0.1 and
the clients are whom it forwards. The access log (item 11) is read from the same servers."""

import re

import pytest

from smogpanel.testing.serve import PASSWORD, Served, add_account, call, drop_schema, fresh_database

pytestmark = pytest.mark.live  # `smogpanel serve` under waitress and gunicorn, behind a forwarding client

ATTACKERS = {1: "203.0.113.7", 2: "203.0.113.8"}
SOMEONE_ELSE = "198.51.100.1"
ATTEMPTS_PER_ADDRESS = 3


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    url = fresh_database(tmp_path_factory, "trusted_proxies")
    add_account(url, "operator@example.pl")
    yield url
    drop_schema(url, "trusted_proxies")


def sign_in(panel, forwarded_for, email="operator@example.pl", password=PASSWORD):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return call(panel.url + "/api/auth/login", "POST", {"email": email, "password": password}, headers=headers)


@pytest.mark.parametrize("workers", [1, 2], ids=["waitress", "gunicorn"])
def test_forwarded_clients_are_told_apart_and_metrics_refuse_an_outside_one(workers, database, tmp_path):
    settings = {"smogpanel.login_attempts_per_address": ATTEMPTS_PER_ADDRESS}
    environ = {"SMOGPANEL_TRUSTED_PROXIES": "127.0.0.1, ::1"}
    with Served(tmp_path, database, settings, workers=workers, environ=environ) as panel:
        attacker = ATTACKERS[workers]  # one database for both servers: an address of each's own
        for number in range(ATTEMPTS_PER_ADDRESS):
            assert sign_in(panel, attacker, f"proba{number}@example.pl", "zle-haslo").status == 401
        assert sign_in(panel, attacker).status == 429  # the forwarded client is limited...
        assert sign_in(panel, SOMEONE_ELSE).status == 200  # ...and nobody else
        assert sign_in(panel, None).status == 200  # nor the proxy's own requests

        assert call(panel.url + "/metrics", headers={"X-Forwarded-For": attacker}).status == 403
        assert call(panel.url + "/metrics", headers={"X-Forwarded-For": f"127.0.0.1, {attacker}"}).status == 403
        assert call(panel.url + "/metrics").status == 200  # a scrape from the machine itself

        call(panel.url + "/api/auth/restore/tajny.adres@example.pl")
        log = panel.log.read_text()
    # One line per request: method, route pattern (never the URL with its address), status, time.
    assert re.search(r"POST /api/auth/login 429 [\d.]+ ms", log), log
    assert re.search(r"GET /api/auth/restore/\{email\} 200 [\d.]+ ms", log), log
    assert "tajny.adres" not in log
