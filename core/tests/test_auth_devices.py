"""Someone who knows an operator's e-mail cannot keep the operator out (smogpanel.users.devices):
failed sign-ins from unknown clients lock out unknown clients only, the browser that signed in
before still signs in; restore requests from elsewhere cannot use up the owner's reset."""

from datetime import timedelta

import sqlalchemy as sa
import webtest

from smogpanel.db import utcnow
from smogpanel.testing.app import Api
from smogpanel.users.devices import COOKIE
from smogpanel.users.models import PasswordReset

PASSWORD = "Haslo-123!"
EMAIL = "admin@example.pl"


def sign_in(app, password=PASSWORD, status=200, **kw):
    return app.post_json("/api/auth/login", {"email": EMAIL, "password": password}, status=status, **kw).json


def attack(app, times=8):
    """Wrong passwords for the owner's e-mail from clients without the owner's cookie."""
    for number in range(times):
        stranger = webtest.TestApp(app.app)
        address = {"REMOTE_ADDR": f"203.0.113.{number + 1}"}
        status = sign_in(stranger, "zgadywane-1", status=(401, 429), extra_environ=address)
        assert status["success"] is False


def test_the_owners_browser_signs_in_during_an_attack_on_the_account(testapp, admin):
    owner = testapp  # a browser: webtest keeps its cookies
    sign_in(owner)
    cookie = owner.cookies[COOKIE]
    assert cookie
    attack(owner)
    stranger = webtest.TestApp(owner.app)
    assert sign_in(stranger, status=429)["message"] == "TOO_MANY_ATTEMPTS"  # the right password, unknown client
    token = sign_in(owner)["message"]  # the owner's browser is not locked out
    assert Api(owner, token).get("/api/user/me")["message"]["email"] == EMAIL
    assert owner.cookies[COOKIE] != cookie  # renewed at every sign-in


def test_a_device_that_guesses_wrong_five_times_locks_out_itself_alone(testapp, admin):
    owner = testapp
    sign_in(owner)
    for _ in range(5):
        sign_in(owner, "zle-haslo-1", status=401)
    assert sign_in(owner, status=429)["message"] == "TOO_MANY_ATTEMPTS"
    other_browser = webtest.TestApp(owner.app)
    assert sign_in(other_browser)["success"] is True  # unknown clients have not failed at all


def test_a_cookie_for_another_account_or_altered_counts_as_an_unknown_client(testapp, admin, db):
    from smogpanel.testing.app import create_user

    create_user(db, email="inna@example.pl")
    browser = testapp
    browser.post_json("/api/auth/login", {"email": "inna@example.pl", "password": PASSWORD})
    attack(browser)
    assert sign_in(browser, status=429)["message"] == "TOO_MANY_ATTEMPTS"  # another account's cookie
    forged = webtest.TestApp(browser.app)
    forged.set_cookie(COOKIE, "abc.0000")
    assert sign_in(forged, status=429)["message"] == "TOO_MANY_ATTEMPTS"


def test_the_device_cookie_is_http_only_strict_and_for_the_sign_in_endpoints(testapp, admin):
    header = next(
        value for name, value in sign_in_response(testapp).headerlist if name == "Set-Cookie" and COOKIE in value
    )
    assert "HttpOnly" in header and "SameSite=Strict" in header and "Path=/api/auth/" in header


def sign_in_response(app):
    return app.post_json("/api/auth/login", {"email": EMAIL, "password": PASSWORD})


# -- restore --------------------------------------------------------------------------------
def test_restore_requests_from_elsewhere_cannot_use_up_the_owners_reset(mail_app, smtp_server, admin, db):
    owner = webtest.TestApp(mail_app.app, extra_environ={"wsgi.url_scheme": "https"})  # the panel on HTTPS
    assert "; secure;" in sign_in_response(owner).headers["Set-Cookie"]
    for number in range(6):  # the e-mail's quota (3 an hour) spent by strangers
        stranger = webtest.TestApp(owner.app)
        stranger.get(f"/api/auth/restore/{EMAIL}", extra_environ={"REMOTE_ADDR": f"203.0.113.{number + 1}"})
    assert len(smtp_server.to(EMAIL)) == 3
    owner.get(f"/api/auth/restore/{EMAIL}")  # the owner's browser has a quota of its own
    assert len(smtp_server.to(EMAIL)) == 4

    # From a browser never signed in: past the quota, one more link a quarter hour.
    new_phone = webtest.TestApp(owner.app)
    new_phone.get(f"/api/auth/restore/{EMAIL}", extra_environ={"REMOTE_ADDR": "198.51.100.9"})
    assert len(smtp_server.to(EMAIL)) == 4
    db.execute(sa.update(PasswordReset).values(created=utcnow() - timedelta(minutes=16)))
    db.commit()
    new_phone.get(f"/api/auth/restore/{EMAIL}", extra_environ={"REMOTE_ADDR": "198.51.100.9"})
    assert len(smtp_server.to(EMAIL)) == 5
    new_phone.get(f"/api/auth/restore/{EMAIL}", extra_environ={"REMOTE_ADDR": "198.51.100.9"})
    assert len(smtp_server.to(EMAIL)) == 5  # and not more often
