"""Transactional mail: delivered over real SMTP only when the request commits, to files when no
SMTP server is configured, and retried from the outbox when delivery failed."""

import shutil
import ssl
import stat
import subprocess
from email import message_from_bytes, policy

import pytest
import sqlalchemy as sa
import webtest
from aiosmtpd.smtp import AuthResult
from pyramid.exceptions import ConfigurationError
from pyramid.security import NO_PERMISSION_REQUIRED

from smogpanel.envelope import ApiError
from smogpanel.hookspecs import hookimpl
from smogpanel.mail import deliver_outbox, parse_smtp_url, send_mail, send_mails
from smogpanel.models import OutboxMail

SUBJECT = "Zażółć gęślą jaźń"
BODY = "Treść z polskimi znakami: żółw, źdźbło, łąka.\n"


class MailPlugin:
    """Views made for these tests: each queues a mail, then succeeds or fails."""

    @hookimpl
    def smogpanel_includeme(self, config):
        for name, view in (("ok", self.ok), ("refused", self.refused), ("crash", self.crash), ("many", self.many)):
            config.add_route(f"mail-test-{name}", f"/api/mail-test/{name}")
            config.add_view(
                view, route_name=f"mail-test-{name}", renderer="envelope", permission=NO_PERMISSION_REQUIRED
            )

    @staticmethod
    def ok(request):
        send_mail(request, "odbiorca@example.pl", SUBJECT, BODY)
        return "wysłano"

    @staticmethod
    def refused(request):
        send_mail(request, "odbiorca@example.pl", SUBJECT, BODY)
        raise ApiError.invalid("name", "Coś poszło nie tak po zapisaniu wiadomości.")

    @staticmethod
    def many(request):
        send_mails(
            request,
            [
                {
                    "to": f"radny{i}@example.org",
                    "subject": SUBJECT,
                    "body": BODY,
                    "html": f"<p>List {i}</p>",
                    "reply_to": "Ewa Żak <ewa@example.net>",
                }
                for i in range(3)
            ],
        )
        return "wysłano"

    @staticmethod
    def crash(request):
        send_mail(request, "odbiorca@example.pl", SUBJECT, BODY)
        raise RuntimeError("boom")


MAIL_PLUGIN = (("mail-test", MailPlugin()),)  # one object: one app for the module's tests


def plugin_app(make_app, **settings):
    settings["smogpanel.plugin_objects"] = MAIL_PLUGIN
    app = webtest.TestApp(make_app(**settings))
    return app, app.app.registry


def outbox(db):
    db.expire_all()
    return db.scalars(sa.select(OutboxMail).order_by(OutboxMail.id)).all()


def test_a_committed_request_delivers_a_proper_utf8_mail(make_app, smtp_server, db):
    app, _ = plugin_app(
        make_app, **{"smogpanel.smtp_url": smtp_server.url, "smogpanel.mail_from": "Smogpanel <panel@example.pl>"}
    )
    assert app.get("/api/mail-test/ok").json == {"success": True, "message": "wysłano"}
    [mail] = smtp_server.messages
    assert mail.envelope_to == ["odbiorca@example.pl"]
    assert (mail["From"], mail["To"], mail["Subject"]) == (
        "Smogpanel <panel@example.pl>",
        "odbiorca@example.pl",
        SUBJECT,
    )
    assert mail["Date"] and mail["Message-ID"].endswith("@example.pl>")
    assert mail.get_content_type() == "text/plain" and mail.get_content_charset() == "utf-8"
    assert mail.get_content().replace("\r\n", "\n") == BODY  # SMTP carries CRLF line ends
    [row] = outbox(db)
    assert row.sent is not None and row.attempts == 1 and row.last_error is None


@pytest.mark.parametrize("path, status", [("/api/mail-test/refused", 400), ("/api/mail-test/crash", 500)])
def test_a_failed_request_sends_nothing_and_leaves_no_outbox_row(make_app, smtp_server, db, path, status):
    app, _ = plugin_app(make_app, **{"smogpanel.smtp_url": smtp_server.url})
    assert app.get(path, status=status).json["success"] is False
    assert smtp_server.messages == [] and outbox(db) == []


def test_without_an_smtp_server_mails_are_written_as_files(make_app, tmp_path, db):
    app, _ = plugin_app(make_app, **{"smogpanel.smtp_url": "", "smogpanel.mail_dir": str(tmp_path / "var" / "poczta")})
    app.get("/api/mail-test/ok")
    [file] = (tmp_path / "var" / "poczta").glob("*.eml")
    mail = message_from_bytes(file.read_bytes(), policy=policy.default)
    assert mail["Subject"] == SUBJECT and mail.get_content() == BODY
    assert outbox(db)[0].sent is not None
    # Only the panel's own user reads them: the mails hold live password-reset links.
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    assert [stat.S_IMODE(folder.stat().st_mode) for folder in (file.parent, file.parent.parent)] == [0o700, 0o700]


def test_a_delivery_failure_never_reaches_the_request_and_send_mail_retries_it(make_app, db, dead_smtp_url, start_smtp):
    app, registry = plugin_app(make_app, **{"smogpanel.smtp_url": dead_smtp_url, "smogpanel.smtp_timeout": "2"})
    assert app.get("/api/mail-test/ok").json["success"] is True
    [row] = outbox(db)
    assert row.sent is None and row.attempts == 1 and "Connection" in row.last_error

    inbox = start_smtp()
    settings = dict(registry.settings, **{"smogpanel.smtp_url": inbox.url})
    assert deliver_outbox(registry["db.session_factory"], settings) == (1, 0)
    assert deliver_outbox(registry["db.session_factory"], settings) == (0, 0)  # nothing twice
    assert [m["Subject"] for m in inbox.messages] == [SUBJECT]
    [row] = outbox(db)
    assert row.sent is not None and row.attempts == 2 and row.last_error is None


def test_send_mail_gives_up_after_twelve_attempts(make_app, db, dead_smtp_url):
    app, registry = plugin_app(make_app, **{"smogpanel.smtp_url": dead_smtp_url})
    app.get("/api/mail-test/ok")
    factory, settings = registry["db.session_factory"], registry.settings
    assert [deliver_outbox(factory, settings) for _ in range(12)] == [(0, 1)] * 11 + [(0, 0)]
    assert outbox(db)[0].attempts == 12  # as many as the scheduler's retries (smogpanel_outbox_given_up)


def test_the_scheduled_retry_waits_longer_after_each_failure(make_app, db, dead_smtp_url, start_smtp):
    """The outbox job (a minute's tick): the n-th retry 2**n - 1 minutes after the mail was
    queued; a mail never tried (its process died) waits five minutes, so a delivery still under
    way in a request is not doubled."""
    from datetime import timedelta

    from smogpanel.mail import retry_outbox

    app, registry = plugin_app(make_app, **{"smogpanel.smtp_url": dead_smtp_url})
    app.get("/api/mail-test/ok")  # tried once after the commit: failed
    [row] = outbox(db)
    queued, factory = row.created, registry["db.session_factory"]
    assert retry_outbox(factory, registry.settings, 60, now=queued + timedelta(seconds=59)) == (0, 0)
    assert retry_outbox(factory, registry.settings, 60, now=queued + timedelta(minutes=1)) == (0, 1)
    assert retry_outbox(factory, registry.settings, 60, now=queued + timedelta(minutes=2)) == (0, 0)  # next at 3
    assert retry_outbox(factory, registry.settings, 60, now=queued + timedelta(minutes=3)) == (0, 1)
    assert retry_outbox(factory, registry.settings, 60, now=queued + timedelta(minutes=6)) == (0, 0)  # next at 7
    assert retry_outbox(factory, registry.settings, 60, now=queued + timedelta(minutes=7)) == (0, 1)
    inbox = start_smtp()
    settings = dict(registry.settings, **{"smogpanel.smtp_url": inbox.url})
    assert retry_outbox(factory, settings, 60, now=queued + timedelta(minutes=7, seconds=1)) == (1, 0)
    assert [m["Subject"] for m in inbox.messages] == [SUBJECT]

    db.add(OutboxMail(recipient="ktos@example.pl", subject="Nigdy nie próbowana", body="-", created=queued, attempts=0))
    db.commit()
    assert retry_outbox(factory, settings, 60, now=queued + timedelta(minutes=4)) == (0, 0)
    assert retry_outbox(factory, settings, 60, now=queued + timedelta(minutes=5)) == (1, 0)


def test_a_server_back_from_an_outage_gets_the_waiting_mail_at_the_next_tick(make_app, db, dead_smtp_url, start_smtp):
    """With the server down for a quarter of an hour the next retry is due at minute 31; once a
    probe opens a session again the mail leaves at the next tick (docs/deployment.md: within two
    minutes of SMTP coming back), and a probe that fails costs no attempt."""
    from datetime import timedelta

    from smogpanel.mail import retry_outbox

    app, registry = plugin_app(make_app, **{"smogpanel.smtp_url": dead_smtp_url})
    app.get("/api/mail-test/ok")
    app.get("/api/mail-test/ok")
    factory, settings = registry["db.session_factory"], registry.settings
    # Times count from the later mail: on a slow machine the second request may be queued a
    # second or more after the first, and the first mail's own schedule would leave it not yet due.
    queued = max(row.created for row in outbox(db))
    for minute in (1, 3, 7, 15):
        assert retry_outbox(factory, settings, 60, now=queued + timedelta(minutes=minute)) == (0, 2)
    db.expire_all()
    assert [row.attempts for row in outbox(db)] == [5, 5]
    assert all(row.last_error.startswith("SmtpUnreachable: 127.0.0.1:") for row in outbox(db))
    assert retry_outbox(factory, settings, 60, now=queued + timedelta(minutes=16)) == (0, 0)  # probed: still down
    db.expire_all()
    assert [row.attempts for row in outbox(db)] == [5, 5]
    inbox = start_smtp()
    settings = dict(settings, **{"smogpanel.smtp_url": inbox.url})
    assert retry_outbox(factory, settings, 60, now=queued + timedelta(minutes=17)) == (2, 0)
    assert [m["Subject"] for m in inbox.messages] == [SUBJECT, SUBJECT]
    assert len({m.peer for m in inbox.messages}) == 1  # both over one session


def test_a_mail_the_server_refused_keeps_its_doubling_wait(make_app, db):
    """A refusal of the message (here its recipient) is not an outage: probing would succeed
    every minute and use the mail's twelve attempts up within a quarter of an hour."""
    from datetime import timedelta

    from aiosmtpd.controller import Controller

    from smogpanel.mail import retry_outbox
    from smogpanel.testing.serve import free_port

    class Refusing:
        async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
            return "550 5.1.1 Nie ma takiej skrzynki"

    controller = Controller(Refusing(), hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        app, registry = plugin_app(make_app, **{"smogpanel.smtp_url": f"smtp://127.0.0.1:{controller.port}"})
        app.get("/api/mail-test/ok")
        factory, settings = registry["db.session_factory"], registry.settings
        [row] = outbox(db)
        assert row.attempts == 1 and "550" in row.last_error and not row.last_error.startswith("SmtpUnreachable")
        assert retry_outbox(factory, settings, 60, now=row.created + timedelta(seconds=59)) == (0, 0)
        assert retry_outbox(factory, settings, 60, now=row.created + timedelta(minutes=1)) == (0, 1)
        assert retry_outbox(factory, settings, 60, now=row.created + timedelta(minutes=2)) == (0, 0)  # next at 3
    finally:
        controller.stop()


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_credentials_in_the_smtp_url_sign_in_to_the_server(make_app, start_smtp):
    seen = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        seen.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"p@ss:word", auth_data=auth_data.login)

    inbox = start_smtp(authenticator=authenticator, auth_require_tls=False, auth_required=True)
    url = f"smtp://panel%40example.pl:p%40ss%3Aword@127.0.0.1:{inbox.port}"
    app, _ = plugin_app(make_app, **{"smogpanel.smtp_url": url})
    app.get("/api/mail-test/ok")
    assert seen == [(b"panel@example.pl", b"p@ss:word")]
    assert inbox.messages[0].auth_data == b"panel@example.pl"


@pytest.fixture
def certificate(tmp_path, monkeypatch):
    """A self-signed certificate for 127.0.0.1 that the client trusts (SSL_CERT_FILE)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


@pytest.mark.parametrize("scheme", ["smtps", "starttls"])
def test_mail_goes_over_tls(make_app, start_smtp, certificate, scheme):
    if scheme == "smtps":
        inbox = start_smtp(ssl_context=certificate)
        url = f"smtps://127.0.0.1:{inbox.port}"
    else:
        inbox = start_smtp(tls_context=certificate, require_starttls=True)
        url = f"smtp://127.0.0.1:{inbox.port}?starttls=1"
    app, _ = plugin_app(make_app, **{"smogpanel.smtp_url": url})
    app.get("/api/mail-test/ok")
    [mail] = inbox.messages
    assert mail.tls and mail["Subject"] == SUBJECT


def test_an_unusable_smtp_url_stops_the_start(make_app):
    with pytest.raises(ConfigurationError):
        make_app(**{"smogpanel.smtp_url": "http://mail.example.pl"})


def test_smtp_urls_are_read_as_documented():
    plain = parse_smtp_url("smtp://mail.example.pl")
    assert (plain.host, plain.port, plain.tls, plain.starttls, plain.username) == (
        "mail.example.pl",
        25,
        False,
        False,
        None,
    )
    secure = parse_smtp_url("smtps://ja:tajne%2F1@mail.example.pl")
    assert (secure.port, secure.tls, secure.username, secure.password) == (465, True, "ja", "tajne/1")
    assert parse_smtp_url("smtp://mail.example.pl:587?starttls=1").starttls is True
    assert parse_smtp_url("") is None


def test_a_long_polish_subject_keeps_its_spaces_and_html_and_reply_to_go_along():
    import email as email_module
    from email import policy

    from smogpanel.mail import build_message

    subject = "List „Apel mieszkańców o czyste powietrze w gminie” został już wysłany z tego adresu"
    message = build_message(
        {}, "radny@example.org", subject, "Treść", html="<p>Treść</p>", reply_to="Ewa Żak <ewa@example.net>"
    )
    parsed = email_module.message_from_bytes(message.as_bytes(), policy=policy.default)
    assert parsed["Subject"] == subject
    assert parsed["Reply-To"] == "Ewa Żak <ewa@example.net>"
    assert parsed.get_body(("html",)).get_content().strip() == "<p>Treść</p>"
    assert parsed.get_body(("plain",)).get_content().strip() == "Treść"


def test_send_mails_delivers_many_after_the_commit_over_one_connection(make_app, db, smtp_server, dead_smtp_url):
    app, registry = plugin_app(make_app, **{"smogpanel.smtp_url": smtp_server.url})
    assert app.get("/api/mail-test/many").json["success"] is True
    assert sorted(m["To"] for m in smtp_server.messages) == [f"radny{i}@example.org" for i in range(3)]
    assert len({m.peer for m in smtp_server.messages}) == 1  # one SMTP session for the three
    assert all(m["Reply-To"] == "Ewa Żak <ewa@example.net>" for m in smtp_server.messages)
    assert all(row.sent is not None and row.attempts == 1 for row in outbox(db))

    down, registry = plugin_app(make_app, **{"smogpanel.smtp_url": dead_smtp_url})
    down.get("/api/mail-test/many")
    failed = [row for row in outbox(db) if row.sent is None]
    assert len(failed) == 3 and all(row.attempts == 1 and row.last_error for row in failed)
    settings = dict(registry.settings, **{"smogpanel.smtp_url": smtp_server.url})
    assert deliver_outbox(registry["db.session_factory"], settings) == (3, 0)
    assert len(smtp_server.messages) == 6
