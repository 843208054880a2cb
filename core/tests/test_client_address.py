"""The client address behind per-address limits: REMOTE_ADDR, unless the peer is a proxy the
settings trust; X-Forwarded-For from anyone else is ignored, so rotating it resets nothing."""

import pytest
import webtest
from pyramid.exceptions import ConfigurationError

from smogpanel.client_address import parse_trusted_proxies, resolve_client_address
from smogpanel.testing.app import Api

PROXIES = {"smogpanel.trusted_proxies": "10.0.0.0/8, 127.0.0.1"}


def spoofed(number):
    return f"192.0.2.{number % 250 + 1}"


@pytest.mark.slow
def test_rotating_x_forwarded_for_from_an_untrusted_peer_is_still_one_address(make_app, admin, login):
    for settings in ({}, PROXIES):  # with no proxy trusted, and with proxies this peer is not
        app = webtest.TestApp(make_app(**settings))
        attacker = "203.0.113.7" if not settings else "203.0.113.8"
        for number in range(20):
            login(
                app,
                f"proba{number}@example.pl",
                "zle-haslo",
                status=401,
                extra_environ={"REMOTE_ADDR": attacker},
                headers={"X-Forwarded-For": spoofed(number)},
            )
        body = login(
            app,
            "admin@example.pl",
            "Haslo-123!",
            status=429,
            extra_environ={"REMOTE_ADDR": attacker},
            headers={"X-Forwarded-For": spoofed(99)},
        )
        assert body["message"] == "TOO_MANY_ATTEMPTS"


@pytest.mark.slow
def test_behind_a_trusted_proxy_the_real_client_is_limited_and_others_are_not(make_app, admin, login):
    app = webtest.TestApp(make_app(**PROXIES))
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for number in range(20):
        # The client writes a fresh address each time; the proxy appends the one it saw.
        login(
            app,
            f"proba{number}@example.pl",
            "zle-haslo",
            status=401,
            extra_environ=proxy,
            headers={"X-Forwarded-For": f"{spoofed(number)}, 203.0.113.7"},
        )
    body = login(
        app,
        "admin@example.pl",
        "Haslo-123!",
        status=429,
        extra_environ=proxy,
        headers={"X-Forwarded-For": "203.0.113.7, 10.0.0.3"},
    )  # through a second trusted hop
    assert body["message"] == "TOO_MANY_ATTEMPTS"
    assert login(
        app, "admin@example.pl", "Haslo-123!", extra_environ=proxy, headers={"X-Forwarded-For": "198.51.100.1"}
    )


def test_restore_requests_from_one_address_stay_limited_whatever_it_forwards(make_app, smtp_server, admin, db):
    from smogpanel.users.models import User

    for number in range(12):
        db.add(User(email=f"osoba{number}@example.pl", password_hash="x", firstname="", lastname=""))
    db.commit()
    app = webtest.TestApp(
        make_app(**{"smogpanel.smtp_url": smtp_server.url, "smogpanel.public_url": "https://panel.example.pl"})
    )
    for number in range(12):
        Api(app).get(
            f"/api/auth/restore/osoba{number}@example.pl",
            extra_environ={"REMOTE_ADDR": "203.0.113.7"},
            headers={"X-Forwarded-For": spoofed(number)},
        )
    # Ten a window per address (the default): the last two were quietly not sent.
    assert len(smtp_server.messages) == 10


@pytest.mark.parametrize(
    "peer, forwarded, expected",
    [
        ("203.0.113.7", ["1.2.3.4"], "203.0.113.7"),  # untrusted peer: its own address
        ("10.0.0.2", ["1.2.3.4, 203.0.113.7"], "203.0.113.7"),  # right-most hop not a proxy
        ("10.0.0.2", ["1.2.3.4", "203.0.113.7, 10.0.0.3"], "203.0.113.7"),  # several headers, two proxies
        ("10.0.0.2", [], "10.0.0.2"),  # a trusted peer sending no header
        ("10.0.0.2", ["10.0.0.5, 10.0.0.3"], "10.0.0.5"),  # only proxies: the farthest
        ("", ["1.2.3.4"], "unknown"),
    ],
)
def test_the_rule(peer, forwarded, expected):
    assert resolve_client_address(peer, forwarded, parse_trusted_proxies("10.0.0.0/8")) == expected


def test_a_wrong_trusted_proxies_setting_stops_the_start(make_app):
    with pytest.raises(ConfigurationError, match="SMOGPANEL_TRUSTED_PROXIES"):
        make_app(**{"smogpanel.trusted_proxies": "10.0.0.0/8 nginx"})
