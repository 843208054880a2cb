"""A real SMTP server (aiosmtpd) on 127.0.0.1 for tests that send mail, and an app delivering to
it with links under PUBLIC_URL. Fixtures of the pytest plugin (smogpanel.testing.plugin), shared
by the core's account tests and any plugin that mails (letters)."""

import email
import functools
import re
import socket
from email import policy

import pytest

from .app import signed_in
from .serve import free_port

PUBLIC_URL = "https://panel.example.pl"
RESET_LINK = r"/reset-password/([A-Za-z0-9_-]+)"


class Inbox:
    """The aiosmtpd handler: keeps every accepted message, parsed."""

    def __init__(self):
        self.messages = []
        self.port = self.url = None

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=policy.default)
        message.envelope_to = list(envelope.rcpt_tos)
        message.auth_data = session.auth_data  # what the authenticator accepted, if any
        message.tls = server.transport.get_extra_info("ssl_object") is not None
        message.peer = session.peer  # the client's (host, port): one per SMTP connection
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address):
        return [m for m in self.messages if m.envelope_to == [address]]

    def link_token(self, message):
        """The token of the core's set-password link in a mail's body."""
        return link_in(message, RESET_LINK)


def link_in(message, path_pattern):
    """The first group of `path_pattern` (a regex of the path after PUBLIC_URL) in a mail's
    plain-text body; the test fails showing the body when it is not there."""
    body = message.get_body(("plain",)).get_content()
    match = re.search(re.escape(PUBLIC_URL) + path_pattern, body)
    assert match, body
    return match.group(1)


def started(controllers, **options):
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), **options)
    controller.start()
    controllers.append(controller)
    inbox.port = controller.port
    inbox.url = f"smtp://127.0.0.1:{controller.port}"
    return inbox


@pytest.fixture
def start_smtp():
    """`start_smtp(**aiosmtpd_options)` starts one more server and gives its Inbox (with
    `.port` and `.url`); every server stops after the test."""
    controllers = []
    yield functools.partial(started, controllers)
    for controller in controllers:
        controller.stop()


@pytest.fixture(scope="session")
def session_smtp():
    """The plain server `smtp_server` lends each test: one per test session, so the apps that
    mail to it share one configuration (and `make_app` builds that app once, not per test)."""
    controllers = []
    yield started(controllers)
    for controller in controllers:
        controller.stop()


@pytest.fixture
def smtp_server(session_smtp):
    """A plain SMTP server whose Inbox holds only this test's messages (a request hands its mail
    over before it answers, so none arrives after its test)."""
    session_smtp.messages.clear()
    yield session_smtp
    session_smtp.messages.clear()


@pytest.fixture
def dead_smtp_url():
    """An SMTP URL nobody listens on: its port stays bound, without listening, for the whole test
    (connections are refused), so no other server (another suite running alongside) takes it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        yield f"smtp://127.0.0.1:{held.getsockname()[1]}"


@pytest.fixture
def mail_app(make_app, smtp_server):
    """The app delivering over SMTP to `smtp_server`, with links under PUBLIC_URL."""
    import webtest

    return webtest.TestApp(make_app(**{"smogpanel.smtp_url": smtp_server.url, "smogpanel.public_url": PUBLIC_URL}))


@pytest.fixture
def mail_api(mail_app, admin):
    """A super administrator on `mail_app`."""
    return signed_in(mail_app, admin)
