"""Signing in, tokens, throttling, and restoring a password through a real SMTP server."""

import base64
import json
import time
from datetime import timedelta

import jwt
import pytest
import sqlalchemy as sa
import webtest

from smogpanel.db import utcnow
from smogpanel.testing.app import TEST_SECRET, Api, create_user, signed_in
from smogpanel.users.models import LoginFailure, PasswordReset, User

PASSWORD = "Haslo-123!"  # the password create_user gives
WRONG = {
    "success": False,
    "message": "UNAUTHORISED",
    "errors": [{"name": "", "description": "Niepoprawny e-mail lub hasło."}],
}


def me(app, token, status=200):
    return Api(app, token).get("/api/user/me", status=status)


# -- signing in --------------------------------------------------------------------------
def test_login_returns_a_token_that_signs_the_user_in(testapp, admin, login):
    token = login(testapp, "admin@example.pl", PASSWORD)
    assert me(testapp, token)["message"]["email"] == "admin@example.pl"


def test_login_ignores_case_and_spaces_in_the_email(testapp, admin, login):
    token = login(testapp, "  Admin@EXAMPLE.pl ", PASSWORD)
    assert me(testapp, token)["message"]["id"] == admin.id


def test_a_wrong_password_and_an_unknown_email_get_the_same_answer(testapp, admin, login):
    assert login(testapp, "admin@example.pl", "zle-haslo", status=401) == WRONG
    assert login(testapp, "nikt@example.pl", PASSWORD, status=401) == WRONG


def test_a_deleted_account_or_one_without_a_password_cannot_sign_in(testapp, db, login):
    deleted = create_user(db, email="byly@example.pl")
    deleted.deleted = utcnow()
    db.add(User(email="zaproszony@example.pl", password_hash=None))
    db.commit()
    assert login(testapp, "byly@example.pl", PASSWORD, status=401) == WRONG
    assert login(testapp, "zaproszony@example.pl", "", status=400)["message"] == "VALIDATION_FAILED"
    assert login(testapp, "zaproszony@example.pl", "cokolwiek", status=401) == WRONG


def test_login_payload_is_validated(testapp, admin):
    body = Api(testapp).post("/api/auth/login", {"email": "to-nie-email", "password": "x"}, status=400)
    assert body["message"] == "VALIDATION_FAILED"
    assert body["errors"][0]["name"] == "email" and "e-mail" in body["errors"][0]["description"]
    body = Api(testapp).post("/api/auth/login", {"email": "admin@example.pl"}, status=400)
    assert [e["name"] for e in body["errors"]] == ["password"]


# -- throttling --------------------------------------------------------------------------
def test_after_five_failures_the_email_is_refused_even_with_the_right_password(testapp, admin, db, login):
    for _ in range(5):
        assert login(testapp, "admin@example.pl", "zle-haslo", status=401) == WRONG
    body = login(testapp, "admin@example.pl", PASSWORD, status=429)
    assert body["message"] == "TOO_MANY_ATTEMPTS"
    assert "Spróbuj ponownie" in body["errors"][0]["description"]
    # Another account is not affected.
    create_user(db, email="inna@example.pl")
    assert login(testapp, "inna@example.pl", PASSWORD)


@pytest.mark.slow
def test_failures_older_than_the_window_no_longer_count_and_success_clears_them(testapp, admin, db, login):
    for _ in range(5):
        login(testapp, "admin@example.pl", "zle-haslo", status=401)
    db.execute(sa.update(LoginFailure).values(at=utcnow() - timedelta(minutes=16)))
    db.commit()
    assert login(testapp, "admin@example.pl", PASSWORD)
    for _ in range(4):  # the old failures are gone: four more do not reach the limit
        login(testapp, "admin@example.pl", "zle-haslo", status=401)
    assert login(testapp, "admin@example.pl", PASSWORD)
    assert db.scalar(sa.select(sa.func.count()).where(LoginFailure.key == "email:admin@example.pl")) == 0


@pytest.mark.slow
def test_twenty_failures_from_one_address_block_that_address_only(testapp, admin, login):
    attacker = {"REMOTE_ADDR": "203.0.113.7"}
    for number in range(20):
        login(testapp, f"proba{number}@example.pl", "zle-haslo", status=401, extra_environ=attacker)
    body = login(testapp, "admin@example.pl", PASSWORD, status=429, extra_environ=attacker)
    assert body["message"] == "TOO_MANY_ATTEMPTS"
    assert login(testapp, "admin@example.pl", PASSWORD, extra_environ={"REMOTE_ADDR": "198.51.100.1"})


def test_the_limits_are_settings(make_app, admin, login):
    app = webtest.TestApp(make_app(**{"smogpanel.login_attempts_per_email": "2"}))
    login(app, "admin@example.pl", "zle-haslo", status=401)
    login(app, "admin@example.pl", "zle-haslo", status=401)
    assert login(app, "admin@example.pl", PASSWORD, status=429)["message"] == "TOO_MANY_ATTEMPTS"


# -- tokens --------------------------------------------------------------------------------
def test_extend_gives_a_fresh_token_that_works(testapp, admin, login):
    token = login(testapp, "admin@example.pl", PASSWORD)
    time.sleep(1.05)  # a new second: a new iat, a different token
    fresh = Api(testapp, token).get("/api/auth/extend")["message"]
    assert fresh != token
    assert (
        jwt.decode(fresh, TEST_SECRET, algorithms=["HS256"])["exp"]
        > jwt.decode(token, TEST_SECRET, algorithms=["HS256"])["exp"]
    )
    assert me(testapp, fresh)["message"]["id"] == admin.id
    assert Api(testapp).get("/api/auth/extend", status=401)["message"] == "UNAUTHORISED"


def test_a_tampered_token_is_refused(testapp, admin, db, login):
    other = create_user(db, email="inna@example.pl")
    token = login(testapp, "inna@example.pl", PASSWORD)
    header, payload, signature = token.split(".")
    claims = jwt.decode(token, options={"verify_signature": False})
    forged = base64.urlsafe_b64encode(json.dumps(dict(claims, sub=str(admin.id))).encode()).decode().rstrip("=")
    assert me(testapp, f"{header}.{forged}.{signature}", status=401)["message"] == "UNAUTHORISED"
    flipped = signature[:10] + ("A" if signature[10] != "A" else "B") + signature[11:]
    assert me(testapp, f"{header}.{payload}.{flipped}", status=401)["message"] == "UNAUTHORISED"
    assert me(testapp, token)["message"]["id"] == other.id  # the genuine one still works


def test_an_expired_token_is_refused(testapp, admin):
    past = int(time.time()) - 3600
    claims = {"sub": str(admin.id), "ver": admin.token_version, "iat": past - 600, "exp": past}
    assert me(testapp, jwt.encode(claims, TEST_SECRET, algorithm="HS256"), status=401)["message"] == "UNAUTHORISED"


def test_an_unsigned_alg_none_token_is_refused(testapp, admin):
    now = int(time.time())
    claims = {"sub": str(admin.id), "ver": admin.token_version, "iat": now, "exp": now + 600}
    unsigned = jwt.encode(claims, None, algorithm="none")
    assert unsigned.endswith(".")  # really no signature
    assert me(testapp, unsigned, status=401)["message"] == "UNAUTHORISED"


# -- restoring a password ----------------------------------------------------------------------
def test_the_restore_mail_link_sets_a_new_password(mail_app, smtp_server, admin, login):
    old_token = login(mail_app, "admin@example.pl", PASSWORD)
    answer = Api(mail_app).get("/api/auth/restore/admin@example.pl")
    assert answer["success"] is True

    [mail] = smtp_server.to("admin@example.pl")
    assert mail["Subject"] == "Smogpanel: ustawienie nowego hasła"
    assert "Odnośnik działa jednorazowo przez godzinę" in mail.get_content()
    token = smtp_server.link_token(mail)

    done = Api(mail_app).post("/api/auth/reset", {"token": token, "password": "Nowe-haslo-2026"})
    assert done["success"] is True
    new_token = login(mail_app, "admin@example.pl", "Nowe-haslo-2026")
    assert me(mail_app, new_token)["message"]["email"] == "admin@example.pl"
    assert login(mail_app, "admin@example.pl", PASSWORD, status=401) == WRONG
    assert me(mail_app, old_token, status=401)["message"] == "UNAUTHORISED"  # older sessions end


def restore_link(app, inbox, address="admin@example.pl"):
    Api(app).get(f"/api/auth/restore/{address}")
    return inbox.link_token(inbox.to(address)[-1])


def reset(app, token, password="Nowe-haslo-2026", status=200):
    return Api(app).post("/api/auth/reset", {"token": token, "password": password}, status=status)


def assert_bad_link(body):
    assert body["message"] == "VALIDATION_FAILED"
    assert body["errors"] == [
        {
            "name": "token",
            "description": (
                "Odnośnik do ustawienia hasła jest nieprawidłowy, został już użyty albo wygasł. Poproś o nowy."
            ),
        }
    ]


def test_a_reset_link_works_only_once(mail_app, smtp_server, admin, login):
    token = restore_link(mail_app, smtp_server)
    reset(mail_app, token, "Pierwsze-haslo")
    assert_bad_link(reset(mail_app, token, "Drugie-haslo", status=400))
    assert login(mail_app, "admin@example.pl", "Pierwsze-haslo")


def test_a_reset_link_expires_after_an_hour(mail_app, smtp_server, admin, db, login):
    token = restore_link(mail_app, smtp_server)
    link = db.scalars(sa.select(PasswordReset).where(PasswordReset.user_id == admin.id)).one()
    assert link.expires - link.created == timedelta(hours=1)
    link.created, link.expires = utcnow() - timedelta(hours=2), utcnow() - timedelta(seconds=1)
    db.commit()
    assert_bad_link(reset(mail_app, token, status=400))
    assert login(mail_app, "admin@example.pl", PASSWORD)  # the password did not change


def test_a_made_up_or_altered_reset_token_is_refused(mail_app, smtp_server, admin):
    token = restore_link(mail_app, smtp_server)
    assert_bad_link(reset(mail_app, "a" * 43, status=400))
    assert_bad_link(reset(mail_app, token[:-1] + ("A" if token[-1] != "A" else "B"), status=400))
    reset(mail_app, token)  # the genuine one still works


def test_the_database_keeps_only_a_hash_of_the_link(mail_app, smtp_server, admin, db):
    token = restore_link(mail_app, smtp_server)
    stored = db.scalars(sa.select(PasswordReset.token_hash)).all()
    assert len(stored) == 1 and token not in stored[0] and len(stored[0]) == 64


def test_a_too_short_password_is_refused_and_the_link_stays_usable(mail_app, smtp_server, admin, login):
    token = restore_link(mail_app, smtp_server)
    body = reset(mail_app, token, "krotkie", status=400)
    assert body["errors"][0]["name"] == "password"
    assert "co najmniej 8 znaków" in body["errors"][0]["description"]
    reset(mail_app, token, "Dosc-dlugie")
    assert login(mail_app, "admin@example.pl", "Dosc-dlugie")


def test_using_a_link_spends_the_older_ones(mail_app, smtp_server, admin):
    first = restore_link(mail_app, smtp_server)
    second = restore_link(mail_app, smtp_server)
    reset(mail_app, second)
    assert_bad_link(reset(mail_app, first, status=400))


def test_restore_answers_identically_for_an_unknown_email_and_sends_nothing(mail_app, smtp_server, admin, db):
    known = mail_app.get("/api/auth/restore/admin@example.pl")
    unknown = mail_app.get("/api/auth/restore/nikt@example.pl")
    assert unknown.status_int == known.status_int == 200
    assert unknown.body == known.body and known.json["success"] is True
    assert [m.envelope_to for m in smtp_server.messages] == [["admin@example.pl"]]
    assert db.scalar(sa.select(sa.func.count()).select_from(PasswordReset)) == 1


def test_restore_of_a_deleted_account_sends_nothing(mail_app, smtp_server, db):
    user = create_user(db, email="byly@example.pl")
    user.deleted = utcnow()
    db.commit()
    assert Api(mail_app).get("/api/auth/restore/byly@example.pl")["success"] is True
    assert smtp_server.messages == []


def test_restore_is_quietly_rate_limited(mail_app, smtp_server, admin):
    answers = [mail_app.get("/api/auth/restore/admin@example.pl").body for _ in range(5)]
    assert len(set(answers)) == 1  # every answer the same, success
    assert len(smtp_server.to("admin@example.pl")) == 3  # but only three mails went out


def test_restore_of_a_malformed_address_is_a_validation_error(mail_app, smtp_server):
    body = Api(mail_app).get("/api/auth/restore/nie-adres", status=400)
    assert body["message"] == "VALIDATION_FAILED" and body["errors"][0]["name"] == "email"
    assert smtp_server.messages == []


def test_a_restore_request_waits_for_another_writer_on_sqlite_instead_of_failing(tmp_path):
    """The restore request is a GET that writes. On a SQLite file, while another connection
    holds the write lock, it waits for it (its transaction begins IMMEDIATE, as a POST's does);
    a reader's transaction could not write once the other had committed. No second attempt is
    allowed here (retry.attempts = 1), so a failure would show."""
    import threading

    from smogpanel import main
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.db import writer as writer_of
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager

    url = f"sqlite:///{tmp_path / 'restore.sqlite'}"
    upgrade(url, build_plugin_manager())
    engine = make_engine(url)
    with make_session_factory(engine)() as session:
        create_user(session, email="zapominalska@example.pl")
    app = webtest.TestApp(
        main(
            {},
            **{
                "sqlalchemy.url": url,
                "smogpanel.secret": TEST_SECRET,
                "smogpanel.environment": "testing",
                "smogpanel.smtp_url": "",
                "smogpanel.mail_dir": str(tmp_path / "mail"),
                "retry.attempts": "1",
            },
        )
    )
    holding, release = threading.Event(), threading.Event()

    def other_writer():
        with writer_of(engine).begin() as connection:  # BEGIN IMMEDIATE, committed on leaving
            connection.exec_driver_sql(
                "UPDATE user_account SET firstname = 'Ala' WHERE email = 'zapominalska@example.pl'"
            )
            holding.set()
            release.wait(5)

    writer = threading.Thread(target=other_writer)
    writer.start()
    assert holding.wait(5), "the other writer never took the lock"
    threading.Timer(0.5, release.set).start()
    answer = app.get("/api/auth/restore/zapominalska@example.pl", expect_errors=True)
    writer.join()
    assert (answer.status_int, answer.json["success"]) == (200, True)
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(PasswordReset)).scalar_one() == 1
    engine.dispose()


def test_a_restore_request_carrying_a_token_is_answered_too(make_app, admin):
    """The security policy reads the token's user before the view runs: the request's
    transaction is already the writer's then (the route decides, not the view)."""
    answer = signed_in(make_app(), admin).get("/api/auth/restore/ktos@example.pl")
    assert answer["success"] is True
