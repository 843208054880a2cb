"""Sign-in helpers for the core's tests; the SMTP server and the mail app are
`smogpanel.testing.mail`'s fixtures."""

import pytest
import webtest

from smogpanel.testing.app import Api, signed_in


def _login(app, email_address, password, status=200, **kw):
    body = Api(app).post("/api/auth/login", {"email": email_address, "password": password}, status=status, **kw)
    return body["message"] if status == 200 else body


@pytest.fixture
def login():
    """`login(app, email, password, status=200, **kw)` signs in through the API and gives the
    token (or the whole error body when the status is not 200)."""
    return _login


@pytest.fixture
def demo(db, testapp):
    """Every plugin's demo data (`smogpanel init --demo`'s records), committed."""
    from smogpanel.gazetteer import find_gazetteer

    manager = testapp.app.registry.plugin_manager
    manager.hook.smogpanel_demo_data(db=db, gazetteer=find_gazetteer(manager))
    db.commit()


@pytest.fixture
def reviewed(make_app, admin):
    """(signed-in API, anonymous client) of an app in publishing's `reviewed` mode."""
    app = webtest.TestApp(make_app(**{"smogpanel.publishing": "reviewed"}))
    return signed_in(app, admin), app
