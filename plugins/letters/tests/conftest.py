"""A real SMTP server (aiosmtpd) for the sending tests, as the core's mail tests use one, and
an app delivering to it with links under PUBLIC_URL."""
import email
import re
import socket
from email import policy

import pytest
import webtest
from aiosmtpd.controller import Controller

from smogpanel.testing import Api, signed_in

PUBLIC_URL = "https://panel.example.pl"
CONFIRM = re.compile(r"https://panel\.example\.pl(/view/letter/[a-z0-9_-]+/confirm/\d+\?\S+)")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=policy.default)
        message.envelope_to = list(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address):
        return [m for m in self.messages if m.envelope_to == [address]]

    def confirm_path(self, address):
        """The confirmation link's path and query from the last mail to `address`."""
        body = self.to(address)[-1].get_body(("plain",)).get_content()
        match = CONFIRM.search(body)
        assert match, body
        return match.group(1)


@pytest.fixture
def smtp_server():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    inbox.url = f"smtp://127.0.0.1:{controller.port}"
    yield inbox
    controller.stop()


@pytest.fixture
def dead_smtp_url():
    return f"smtp://127.0.0.1:{free_port()}"


@pytest.fixture
def mail_app(make_app, smtp_server):
    return webtest.TestApp(make_app(**{"smogpanel.smtp_url": smtp_server.url, "smogpanel.public_url": PUBLIC_URL}))


@pytest.fixture
def mail_api(mail_app, admin):
    return signed_in(mail_app, admin)


@pytest.fixture
def public(mail_app):
    return Api(mail_app)
