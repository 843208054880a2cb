"""Links in mails never come from the request's Host header: a real SMTP server (aiosmtpd)
receives what a forged `Host: evil.example` request makes the panel send."""

import webtest

from smogpanel.testing.app import Api, signed_in

EVIL = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}


def mails_after(app, smtp_server, action):
    before = len(smtp_server.messages)
    action()
    return [message.get_content() for message in smtp_server.messages[before:]]


def test_restore_link_uses_the_public_url_whatever_the_host(make_app, smtp_server, admin):
    app = webtest.TestApp(
        make_app(**{"smogpanel.smtp_url": smtp_server.url, "smogpanel.public_url": "https://panel.example.pl/"})
    )
    bodies = mails_after(app, smtp_server, lambda: Api(app).get("/api/auth/restore/admin@example.pl", headers=EVIL))
    assert len(bodies) == 1
    assert "https://panel.example.pl/reset-password/" in bodies[0]
    assert "evil.example" not in bodies[0]


def test_without_a_public_url_development_links_to_the_listen_address(make_app, smtp_server, admin):
    app = webtest.TestApp(
        make_app(
            **{
                "smogpanel.smtp_url": smtp_server.url,
                "smogpanel.public_url": "",
                "smogpanel.environment": "development",
                "smogpanel.listen": "127.0.0.1:6610",
            }
        )
    )
    bodies = mails_after(app, smtp_server, lambda: Api(app).get("/api/auth/restore/admin@example.pl", headers=EVIL))
    assert len(bodies) == 1
    assert "http://127.0.0.1:6610/reset-password/" in bodies[0]
    assert "evil.example" not in bodies[0]
    # An invitation (a new account) as well.
    api = signed_in(app, admin)
    bodies = mails_after(
        app,
        smtp_server,
        lambda: api.post(
            "/api/user/", {"email": "nowa@example.pl", "firstname": "Nowa", "lastname": "Osoba"}, headers=EVIL
        ),
    )
    assert len(bodies) == 1
    assert "http://127.0.0.1:6610/reset-password/" in bodies[0]
    assert "evil.example" not in bodies[0]
