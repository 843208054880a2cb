"""The letters' sending tests: the SMTP server and the mail app are `smogpanel.testing.mail`'s
fixtures; here the confirmation link and the public API."""

import pytest

from smogpanel.testing.app import Api
from smogpanel.testing.mail import PUBLIC_URL, link_in  # noqa: F401 (tests import PUBLIC_URL from here)

CONFIRM = r"(/view/letter/[a-z0-9_-]+/confirm/\d+\?\S+)"


def confirm_path(inbox, address):
    """The confirmation link's path and query from the last mail to `address`."""
    return link_in(inbox.to(address)[-1], CONFIRM)


@pytest.fixture
def public(mail_app):
    return Api(mail_app)
