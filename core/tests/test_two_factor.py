"""A second factor (smogpanel.users.factors): enrolling a TOTP app, the two-step sign-in with its
codes and the recovery codes, throttling of the second step, the setting that requires a
factor, and the record of every change in history and by mail (a real SMTP server)."""

import time

import jwt
import pyotp
import pytest
import sqlalchemy as sa
import webtest
from pyramid.exceptions import ConfigurationError

from smogpanel.testing.app import TEST_SECRET, Api, create_user, history_of, signed_in
from smogpanel.users.devices import COOKIE
from smogpanel.users.factors import RecoveryCode, TotpFactor

PASSWORD = "Haslo-123!"
EMAIL = "ewa@example.pl"


def code(secret, steps_ahead=0):
    """The app's code `steps_ahead` 30-second steps from now (the server takes one step
    either side; a step once used is spent)."""
    return pyotp.TOTP(secret).at(time.time() + 30 * steps_ahead)


def enrol(api):
    """Adds a TOTP app through the API: (secret, the ten recovery codes)."""
    started = api.post("/api/user/2fa/totp")["message"]
    confirmed = api.post("/api/user/2fa/totp/confirm", {"code": code(started["secret"])})["message"]
    return started["secret"], confirmed["recovery_codes"]


def password_step(app, email=EMAIL, status=200, **kw):
    return app.post_json("/api/auth/login", {"email": email, "password": PASSWORD}, status=status, **kw).json


def second_step(app, ticket, value, status=200):
    body = {"ticket": ticket, "code": value}
    return app.post_json("/api/auth/login/second-factor", body, status=status).json


def unused_step(db, user_id):
    """Forgets the last step used, so the test's next code is good again (as 30 s later)."""
    db.execute(sa.update(TotpFactor).where(TotpFactor.user_id == user_id).values(last_step=None))
    db.commit()


# -- enrolling ------------------------------------------------------------------------------------
def test_enrolling_a_totp_app_shows_a_qr_code_and_ten_recovery_codes_once(mail_app, smtp_server, db):
    user = create_user(db, email=EMAIL)
    api = signed_in(mail_app, user)
    assert api.get("/api/user/2fa")["message"] == {
        "policy": "off",
        "required": False,
        "must_enrol": False,
        "totp": False,
        "passkeys": [],
        "recovery_codes_left": 0,
        "methods": [],
    }
    started = api.post("/api/user/2fa/totp")["message"]
    assert started["qr"].startswith("data:image/svg+xml")  # an <img> the panel's CSP allows (img-src data:)
    assert started["uri"].startswith("otpauth://totp/Smogpanel:ewa%40example.pl?secret=")
    assert len(started["secret"]) == 32
    # A wrong code confirms nothing.
    wrong = api.post("/api/user/2fa/totp/confirm", {"code": "000000"}, status=400)
    assert wrong["errors"][0]["name"] == "code" and "Niepoprawny kod" in wrong["errors"][0]["description"]
    assert api.get("/api/user/2fa")["message"]["totp"] is False
    confirmed = api.post("/api/user/2fa/totp/confirm", {"code": code(started["secret"])})["message"]
    codes = confirmed["recovery_codes"]
    assert len(codes) == 10 and len(set(codes)) == 10
    assert all(len(c) == 19 and c.count("-") == 3 for c in codes)
    status = api.get("/api/user/2fa")["message"]
    assert status["totp"] is True and status["recovery_codes_left"] == 10
    assert "recovery_codes" not in status  # shown once, then only their count
    stored = db.scalars(sa.select(RecoveryCode.code_hash).where(RecoveryCode.user_id == user.id)).all()
    assert not set(codes) & set(stored)  # only hashes are kept
    # Recorded in the account's history and mailed to it.
    entry = history_of(api, "user", user.id)[0]
    assert entry["changes"] == {"totp": ["", "włączona"]} and entry["user_email"] == EMAIL
    mail = smtp_server.to(EMAIL)[-1]
    assert mail["Subject"] == "Smogpanel: zmiana zabezpieczeń konta"
    assert "Dodano aplikację uwierzytelniającą" in mail.get_body(("plain",)).get_content()
    # Starting again while one is confirmed is refused: remove it first.
    assert api.post("/api/user/2fa/totp", status=409)["message"] == "CONFLICT"


# -- the two-step sign-in --------------------------------------------------------------------------
def test_an_account_without_a_factor_keeps_the_one_step_answer(testapp, db):
    create_user(db, email=EMAIL)
    token = password_step(testapp)["message"]
    assert isinstance(token, str) and Api(testapp, token).get("/api/user/me")["success"]


def test_an_account_with_a_totp_app_signs_in_in_two_steps(testapp, db):
    user = create_user(db, email=EMAIL)
    secret, _ = enrol(signed_in(testapp, user))
    answer = password_step(testapp)["message"]
    assert answer["two_factor"] == "required" and answer["methods"] == ["totp", "recovery"]
    ticket = answer["ticket"]
    assert Api(testapp, ticket).get("/api/user/me", status=401)["message"] == "UNAUTHORISED"  # no token
    assert second_step(testapp, ticket, "123456", status=400)["errors"] == [
        {"name": "code", "description": "Niepoprawny kod."}
    ]
    used = code(secret, 1)
    token = second_step(testapp, ticket, used)["message"]
    assert Api(testapp, token).get("/api/user/me")["message"]["email"] == EMAIL
    # A code is good once, even within its half minute. The same digits, not a code asked for
    # again: past a 30-second boundary that would be the next step's, which is good.
    again = password_step(testapp)["message"]["ticket"]
    assert second_step(testapp, again, used, status=400)["message"] == "VALIDATION_FAILED"
    sessions = Api(testapp, token).get("/api/user/sessions")["message"]
    assert sessions[0]["method_label"] == "hasło i kod"


def test_a_wrong_password_never_reaches_the_second_step(testapp, db):
    user = create_user(db, email=EMAIL)
    enrol(signed_in(testapp, user))
    body = testapp.post_json("/api/auth/login", {"email": EMAIL, "password": "zle-haslo"}, status=401).json
    assert body["message"] == "UNAUTHORISED" and "ticket" not in str(body)


def test_a_forged_expired_or_stale_ticket_is_refused(testapp, db):
    user = create_user(db, email=EMAIL)
    secret, _ = enrol(signed_in(testapp, user))
    gone = "Minął czas na drugi krok logowania. Zaloguj się ponownie."
    assert second_step(testapp, "nie-bilet", code(secret, 1), status=400)["errors"][0]["description"] == gone
    now = int(time.time())
    claims = {"typ": "second-factor", "sub": str(user.id), "ver": user.token_version, "email": EMAIL}
    expired = jwt.encode(dict(claims, iat=now - 900, exp=now - 600), TEST_SECRET, algorithm="HS256")
    assert second_step(testapp, expired, code(secret, 1), status=400)["errors"][0]["description"] == gone
    forged = jwt.encode(dict(claims, iat=now, exp=now + 300), "inny-sekret-" + "x" * 40, algorithm="HS256")
    assert second_step(testapp, forged, code(secret, 1), status=400)["errors"][0]["name"] == "ticket"
    # A sign-in token is no ticket, and a ticket issued before a password change is void.
    ticket = password_step(testapp)["message"]["ticket"]
    db.execute(sa.text("UPDATE user_account SET token_version = token_version + 1 WHERE id = :id"), {"id": user.id})
    db.commit()
    assert second_step(testapp, ticket, code(secret, 1), status=400)["errors"][0]["description"] == gone


def test_a_recovery_code_signs_in_once_and_its_use_is_recorded_and_mailed(mail_app, smtp_server, db):
    user = create_user(db, email=EMAIL)
    _, codes = enrol(signed_in(mail_app, user))
    ticket = password_step(mail_app)["message"]["ticket"]
    token = second_step(mail_app, ticket, codes[3].upper().replace("-", " "))["message"]  # as typed
    api = Api(mail_app, token)
    assert api.get("/api/user/2fa")["message"]["recovery_codes_left"] == 9
    ticket = password_step(mail_app)["message"]["ticket"]
    assert second_step(mail_app, ticket, codes[3], status=400)["message"] == "VALIDATION_FAILED"
    entry = history_of(api, "user", user.id)[0]
    assert entry["changes"] == {"recovery_codes": ["", "Zalogowano się kodem odzyskiwania. Pozostało kodów: 9."]}
    assert entry["user_email"] == EMAIL  # the account itself, though not signed in yet
    assert "Pozostało kodów: 9" in smtp_server.to(EMAIL)[-1].get_body(("plain",)).get_content()
    # New codes: the old ones stop working.
    fresh = api.post("/api/user/2fa/recovery-codes")["message"]["recovery_codes"]
    ticket = password_step(mail_app)["message"]["ticket"]
    assert second_step(mail_app, ticket, codes[4], status=400)["message"] == "VALIDATION_FAILED"
    assert second_step(mail_app, ticket, fresh[0])["success"]


def test_five_wrong_codes_lock_the_second_step_but_not_the_owners_known_browser(testapp, db):
    user = create_user(db, email=EMAIL)
    secret, _ = enrol(signed_in(testapp, user))
    owner = webtest.TestApp(testapp.app)  # the owner's browser signs in fully once: a known device
    second_step(owner, password_step(owner)["message"]["ticket"], code(secret, 1))
    assert owner.cookies[COOKIE]
    unused_step(db, user.id)
    attacker = webtest.TestApp(testapp.app)  # knows the password, not the codes
    ticket = password_step(attacker)["message"]["ticket"]
    for guess in range(5):
        assert second_step(attacker, ticket, f"{guess:06d}", status=400)["message"] == "VALIDATION_FAILED"
    locked = second_step(attacker, ticket, code(secret, 1), status=429)  # even the right code
    assert locked["message"] == "TOO_MANY_ATTEMPTS"
    assert "Zbyt wiele błędnych kodów" in locked["errors"][0]["description"]
    fresh_ticket = password_step(attacker)["message"]["ticket"]  # a new ticket does not help
    assert second_step(attacker, fresh_ticket, code(secret, 1), status=429)["message"] == "TOO_MANY_ATTEMPTS"
    # The owner's browser still passes.
    token = second_step(owner, password_step(owner)["message"]["ticket"], code(secret, 1))["message"]
    assert Api(owner, token).get("/api/user/me")["success"]


def test_removing_the_app_makes_the_sign_in_one_step_again(mail_app, smtp_server, db):
    user = create_user(db, email=EMAIL)
    api = signed_in(mail_app, user)
    enrol(api)
    assert api.delete("/api/user/2fa/totp")["message"] == "Aplikacja uwierzytelniająca została usunięta."
    assert db.scalar(sa.select(sa.func.count()).where(RecoveryCode.user_id == user.id)) == 0
    assert isinstance(password_step(mail_app)["message"], str)
    assert history_of(api, "user", user.id)[0]["changes"] == {"totp": ["włączona", ""]}
    assert "Usunięto aplikację" in smtp_server.to(EMAIL)[-1].get_body(("plain",)).get_content()
    assert api.delete("/api/user/2fa/totp", status=404)["message"] == "NOT_FOUND"


# -- the setting ---------------------------------------------------------------------------------------
def test_the_setting_makes_super_administrators_enrol_before_anything_else(make_app, db, admin):
    app = webtest.TestApp(make_app(**{"smogpanel.two_factor": "super"}))
    create_user(db, email=EMAIL)  # an editor: not covered
    assert Api(app, password_step(app)["message"]).get("/api/timer/")["success"]
    token = password_step(app, "admin@example.pl")["message"]
    boss = Api(app, token)
    assert boss.get("/api/user/me")["message"]["must_enrol"] is True
    refused = boss.get("/api/timer/", status=403)
    assert refused["errors"][0]["name"] == "two_factor" and "Mój profil" in refused["errors"][0]["description"]
    assert boss.get("/api/user/2fa")["message"]["required"] is True
    assert boss.get("/api/public/timer/nie-ma", status=404)["message"] == "NOT_FOUND"  # public: as for anyone
    started = boss.post("/api/user/2fa/totp")["message"]
    done = boss.post("/api/user/2fa/totp/confirm", {"code": code(started["secret"])})["message"]
    enrolled = Api(app, done["token"])  # the same session, no longer limited
    assert enrolled.get("/api/timer/")["success"] and "must_enrol" not in enrolled.get("/api/user/me")["message"]
    # The last factor cannot be removed while the setting requires one.
    body = enrolled.delete("/api/user/2fa/totp", status=403)
    assert "drugi składnik logowania jest wymagany" in body["errors"][0]["description"]


def test_everyone_covers_editors_too_and_a_wrong_value_stops_the_start(make_app, db):
    app = webtest.TestApp(make_app(**{"smogpanel.two_factor": "everyone"}))
    create_user(db, email=EMAIL)
    assert Api(app, password_step(app)["message"]).get("/api/timer/", status=403)["message"] == "FORBIDDEN"
    on = webtest.TestApp(make_app(**{"smogpanel.two_factor": "on"}))  # `on`: super administrators
    assert Api(on, password_step(on)["message"]).get("/api/timer/")["success"]
    with pytest.raises(ConfigurationError, match="off, super"):
        make_app(**{"smogpanel.two_factor": "zawsze"})


def test_the_demo_default_stays_password_only(testapp, admin):
    token = password_step(testapp, "admin@example.pl")["message"]
    assert isinstance(token, str)
    assert "must_enrol" not in Api(testapp, token).get("/api/user/me")["message"]


# -- passkeys through the API (the ceremonies themselves: test_browser_two_factor.py) ---------------
def add_stored_passkey(db, user, name="Klucz testowy"):
    from smogpanel.db import utcnow
    from smogpanel.users.passkeys import Passkey

    passkey = Passkey(user_id=user.id, credential_id=f"cred-{name}", public_key=b"k", name=name, created=utcnow())
    db.add(passkey)
    db.commit()
    return passkey


def test_a_passkey_is_removed_by_its_owner_only_and_recorded(mail_app, smtp_server, db):
    ewa, jan = create_user(db, email=EMAIL), create_user(db, email="jan@example.pl")
    passkey = add_stored_passkey(db, ewa)
    assert password_step(mail_app)["message"]["methods"] == ["passkey"]
    jans = signed_in(mail_app, jan)
    assert jans.delete(f"/api/user/2fa/passkeys/{passkey.id}", status=404)["message"] == "NOT_FOUND"
    api = signed_in(mail_app, ewa)
    assert api.delete(f"/api/user/2fa/passkeys/{passkey.id}")["message"] == "Klucz dostępu został usunięty."
    assert history_of(api, "user", ewa.id)[0]["changes"] == {
        "passkeys": ["", "Usunięto klucz dostępu „Klucz testowy”."]
    }
    assert "Usunięto klucz dostępu" in smtp_server.to(EMAIL)[-1].get_body(("plain",)).get_content()
    assert isinstance(password_step(mail_app)["message"], str)  # one step again


def test_a_forged_credential_registers_nothing_and_spends_its_challenge(make_app, db):
    app = webtest.TestApp(make_app(**{"smogpanel.public_url": "https://panel.example.pl"}))
    api = signed_in(app, create_user(db, email=EMAIL))
    options = api.post("/api/user/2fa/passkeys/options")["message"]["options"]
    assert options["rp"] == {"id": "panel.example.pl", "name": "Smogpanel"}  # from the public address
    assert options["authenticatorSelection"]["residentKey"] == "required"
    forged = {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {"clientDataJSON": "e30"}}
    body = {"name": "Podróbka", "challenge": options["challenge"], "credential": forged}
    assert api.post("/api/user/2fa/passkeys", body, status=400)["errors"][0]["name"] == "credential"
    again = api.post("/api/user/2fa/passkeys", body, status=400)["errors"][0]["description"]
    assert again == "Minął czas na użycie klucza dostępu. Spróbuj ponownie."
    assert api.get("/api/user/2fa")["message"]["passkeys"] == []
    # A sign-in challenge is spent by a failed answer too.
    challenge = Api(app).post("/api/auth/passkey/options", {})["message"]["options"]["challenge"]
    answer = {"challenge": challenge, "credential": forged}
    assert Api(app).post("/api/auth/passkey", answer, status=400)["errors"][0]["description"].startswith("Ten klucz")
    assert "Minął czas" in Api(app).post("/api/auth/passkey", answer, status=400)["errors"][0]["description"]


def test_the_last_passkey_stays_while_the_setting_requires_a_factor(make_app, db, admin):
    app = webtest.TestApp(make_app(**{"smogpanel.two_factor": "super"}))
    passkey = add_stored_passkey(db, admin)
    api = signed_in(app, admin)
    body = api.delete(f"/api/user/2fa/passkeys/{passkey.id}", status=403)
    assert "drugi składnik logowania jest wymagany" in body["errors"][0]["description"]
