"""What a stolen token or a known password cannot do any more: change the account's e-mail or
password without the current password (or a second factor's code), reuse a second-factor
ticket for another session, or make the server write a challenge row per anonymous call; and
what a scoped account can always do: change its own profile."""

import time

import pyotp
import pytest
import sqlalchemy as sa
import webtest

from smogpanel.testing.app import Api, create_user, signed_in
from smogpanel.users.passkeys import AuthChallenge

PASSWORD = "Haslo-123!"
EMAIL = "ewa@example.pl"
CONFIRM = (
    "Podaj obecne hasło, aby zmienić adres e-mail lub hasło "
    "(albo kod z aplikacji uwierzytelniającej lub kod odzyskiwania, jeśli masz drugi składnik logowania)."
)


def sign_in(app, email=EMAIL, password=PASSWORD, status=200):
    return app.post_json("/api/auth/login", {"email": email, "password": password}, status=status).json


def enrol(api):
    started = api.post("/api/user/2fa/totp")["message"]
    now = pyotp.TOTP(started["secret"]).at(time.time())
    confirmed = api.post("/api/user/2fa/totp/confirm", {"code": now})["message"]
    return started["secret"], confirmed["recovery_codes"]


# -- the profile: the current password for a new e-mail or password ------------------------------
def test_a_new_email_or_password_needs_the_current_password(testapp, db):
    user = create_user(db, email=EMAIL)
    thief = signed_in(testapp, user)  # holds a token, not the password
    for change in ({"email": "zlodziej@example.pl"}, {"email": EMAIL, "password": "Przejete-haslo-1"}):
        refused = thief.post("/api/user/update", change, status=400)
        assert refused["errors"] == [{"name": "current_password", "description": CONFIRM}]
        wrong = thief.post("/api/user/update", {**change, "current_password": "zgadywane"}, status=400)
        assert wrong["errors"] == [{"name": "current_password", "description": "Obecne hasło jest niepoprawne."}]
    db.expire_all()
    assert db.get(type(user), user.id).email == EMAIL
    assert sign_in(testapp)["success"]  # the password is what it was
    # The names alone, or the same e-mail in other letters' case: nothing to confirm.
    assert thief.post("/api/user/update", {"email": "EWA@example.pl", "firstname": "Ewa"})["success"]
    # With it: changed.
    changed = {"email": "ewa.nowa@example.pl", "password": "Nowe-haslo-12", "current_password": PASSWORD}
    token = thief.post("/api/user/update", changed)["message"]["token"]
    assert Api(testapp, token).get("/api/user/me")["message"]["email"] == "ewa.nowa@example.pl"
    assert sign_in(testapp, "ewa.nowa@example.pl", "Nowe-haslo-12")["success"]


def test_guessing_the_current_password_counts_as_failed_sign_ins(testapp, db):
    user = create_user(db, email=EMAIL)
    thief = signed_in(testapp, user)
    for guess in range(5):
        body = {"email": "zlodziej@example.pl", "current_password": f"zgadywane-{guess}"}
        thief.post("/api/user/update", body, status=400)
    body = {"email": "zlodziej@example.pl", "current_password": PASSWORD}
    assert thief.post("/api/user/update", body, status=429)["message"] == "TOO_MANY_ATTEMPTS"  # even the right one
    assert sign_in(webtest.TestApp(testapp.app), status=429)["message"] == "TOO_MANY_ATTEMPTS"


def test_an_account_with_a_second_factor_may_confirm_with_a_code_instead(testapp, db):
    user = create_user(db, email=EMAIL)
    api = signed_in(testapp, user)
    secret, codes = enrol(api)
    wrong = api.post("/api/user/update", {"email": "ewa2@example.pl", "code": "000000"}, status=400)
    assert wrong["errors"] == [{"name": "code", "description": "Niepoprawny kod."}]
    next_code = pyotp.TOTP(secret).at(time.time() + 30)
    assert api.post("/api/user/update", {"email": "ewa2@example.pl", "code": next_code})["success"]
    answer = api.post("/api/user/update", {"email": EMAIL, "password": "Nowe-haslo-12", "code": codes[0]})
    assert Api(testapp, answer["message"]["token"]).get("/api/user/2fa")["message"]["recovery_codes_left"] == 9
    # Without a factor a code is no confirmation.
    other = signed_in(testapp, create_user(db, email="jan@example.pl"))
    refused = other.post("/api/user/update", {"email": "jan2@example.pl", "code": "123456"}, status=400)
    assert refused["errors"] == [{"name": "current_password", "description": CONFIRM}]


def test_a_voivodeship_editor_changes_its_own_profile(testapp, db, api):
    """403 '…ze swojego zakresu' before: an account's own record lies in no voivodeship."""
    voivodeship = api.get("/api/voivodeship/?order=name&asc=1")["message"]["list"][0]["id"]
    user = create_user(db, email=EMAIL)
    user.scope_voivodeships = str(voivodeship)
    db.commit()
    editor = signed_in(testapp, user)
    named = editor.post("/api/user/update", {"email": EMAIL, "firstname": "Ewa", "lastname": "Z Krakowa"})
    assert named["message"]["lastname"] == "Z Krakowa"
    body = {"email": EMAIL, "password": "Nowe-haslo-12", "current_password": PASSWORD}
    token = editor.post("/api/user/update", body)["message"]["token"]
    assert sign_in(testapp, password="Nowe-haslo-12")["success"]
    # Still scoped: another account's record and a kind of no voivodeship stay out of reach.
    scoped = Api(testapp, token)
    assert scoped.post("/api/timer/", {"internal_name": "x", "name": "x"}, status=403)["message"] == "FORBIDDEN"


# -- the second-factor ticket: one sign-in ------------------------------------------------------------
def test_a_second_factor_ticket_signs_in_once(testapp, db):
    user = create_user(db, email=EMAIL)
    secret, codes = enrol(signed_in(testapp, user))
    ticket = sign_in(testapp)["message"]["ticket"]
    first = pyotp.TOTP(secret).at(time.time() + 30)
    token = testapp.post_json("/api/auth/login/second-factor", {"ticket": ticket, "code": first}).json["message"]
    sessions = len(Api(testapp, token).get("/api/user/sessions")["message"])
    # Another valid code (a recovery code) with the same ticket: refused, no second session.
    again = testapp.post_json("/api/auth/login/second-factor", {"ticket": ticket, "code": codes[0]}, status=400).json
    assert again["errors"] == [
        {"name": "ticket", "description": "Ten drugi krok logowania został już wykonany. Zaloguj się ponownie."}
    ]
    assert len(Api(testapp, token).get("/api/user/sessions")["message"]) == sessions
    assert Api(testapp, token).get("/api/user/2fa")["message"]["recovery_codes_left"] == 10  # not spent
    # A wrong code does not spend a ticket: the right one still signs in with it.
    fresh = sign_in(testapp)["message"]["ticket"]
    testapp.post_json("/api/auth/login/second-factor", {"ticket": fresh, "code": "000000"}, status=400)
    assert testapp.post_json("/api/auth/login/second-factor", {"ticket": fresh, "code": codes[1]}).json["success"]


# -- passkey challenges: throttled like sign-in -------------------------------------------------------
def challenges(db):
    return db.scalar(sa.select(sa.func.count()).select_from(AuthChallenge))


@pytest.mark.parametrize("per_address", [3])
def test_anonymous_passkey_challenges_are_throttled_per_address(make_app, db, per_address):
    app = webtest.TestApp(make_app(**{"smogpanel.login_attempts_per_address": str(per_address)}))
    here, elsewhere = {"REMOTE_ADDR": "203.0.113.5"}, {"REMOTE_ADDR": "203.0.113.6"}
    for _ in range(per_address):
        app.post_json("/api/auth/passkey/options", {}, extra_environ=here)
    refused = app.post_json("/api/auth/passkey/options", {}, extra_environ=here, status=429).json
    assert refused["errors"][0]["description"] == (
        "Zbyt wiele prób logowania kluczem dostępu. Spróbuj ponownie za kilkanaście minut."
    )
    for _ in range(20):
        app.post_json("/api/auth/passkey/options", {}, extra_environ=here, status=429)
    assert challenges(db) == per_address  # the refused calls wrote none
    assert app.post_json("/api/auth/passkey/options", {}, extra_environ=elsewhere).json["success"]
