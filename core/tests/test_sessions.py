"""Sign-in sessions (smogpanel.users.sessions): every sign-in is one, its owner sees and ends
them, a super administrator ends all of an account's, and a password change or a deleted
account ends them; a token of an ended session is refused at once."""

import time
from datetime import timedelta

import jwt
import sqlalchemy as sa
import webtest

from smogpanel.db import utcnow
from smogpanel.security import Tokens
from smogpanel.testing.app import TEST_SECRET, Api, create_user, signed_in
from smogpanel.users.sessions import UserSession, summarise_user_agent

PASSWORD = "Haslo-123!"
FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
CHROME_ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
)


def sign_in(app, email="ewa@example.pl", agent=FIREFOX_WINDOWS, address="198.51.100.7"):
    body = app.post_json(
        "/api/auth/login",
        {"email": email, "password": PASSWORD},
        headers={"User-Agent": agent},
        extra_environ={"REMOTE_ADDR": address},
    ).json
    return Api(app, body["message"])


def sid(api):
    return jwt.decode(api.token, TEST_SECRET, algorithms=["HS256"])["sid"]


def test_each_sign_in_is_a_session_its_owner_sees_with_address_and_browser(testapp, db):
    create_user(db, email="ewa@example.pl")
    laptop = sign_in(testapp)
    phone = sign_in(webtest.TestApp(testapp.app), agent=CHROME_ANDROID, address="203.0.113.9")
    listed = laptop.get("/api/user/sessions")["message"]
    assert [(s["browser"], s["address"], s["current"]) for s in listed] == [
        ("Firefox, Windows", "198.51.100.7", True),
        ("Chrome, Android", "203.0.113.9", False),
    ]
    assert listed[0]["method_label"] == "hasło" and listed[0]["created"] and listed[0]["last_seen"]
    assert [s["current"] for s in phone.get("/api/user/sessions")["message"]] == [True, False]


def test_ending_another_session_signs_that_browser_out_at_once(testapp, db):
    create_user(db, email="ewa@example.pl")
    laptop, phone = sign_in(testapp), sign_in(webtest.TestApp(testapp.app), agent=CHROME_ANDROID)
    assert laptop.delete(f"/api/user/sessions/{sid(phone)}")["message"] == "Sesja została zakończona."
    assert phone.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"  # its token, still unexpired
    assert phone.get("/api/auth/extend", status=401)["message"] == "UNAUTHORISED"
    assert laptop.get("/api/user/me")["message"]["email"] == "ewa@example.pl"
    assert [s["id"] for s in laptop.get("/api/user/sessions")["message"]] == [sid(laptop)]
    # Ended is ended: once more, or someone else's, is not found.
    assert laptop.delete(f"/api/user/sessions/{sid(phone)}", status=404)["message"] == "NOT_FOUND"


def test_one_cannot_end_or_see_another_accounts_sessions(testapp, db):
    create_user(db, email="ewa@example.pl")
    create_user(db, email="jan@example.pl")
    ewa, jan = sign_in(testapp), sign_in(webtest.TestApp(testapp.app), "jan@example.pl")
    body = ewa.delete(f"/api/user/sessions/{sid(jan)}", status=404)
    assert body["errors"][0]["description"] == "Nie ma takiej sesji albo nie należy do Ciebie."
    assert jan.get("/api/user/me")["message"]["email"] == "jan@example.pl"
    assert all(s["id"] != sid(jan) for s in ewa.get("/api/user/sessions")["message"])


def test_ending_the_others_keeps_this_browser_and_ending_this_one_signs_out(testapp, db):
    create_user(db, email="ewa@example.pl")
    here = sign_in(testapp)
    others = [sign_in(webtest.TestApp(testapp.app)) for _ in range(2)]
    assert here.post("/api/user/sessions/end-others")["message"] == {"ended": 2}
    assert all(other.get("/api/user/me", status=401) for other in others)
    assert here.delete(f"/api/user/sessions/{sid(here)}")["message"] == "Wylogowano z tego urządzenia."
    assert here.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"


def test_a_super_administrator_ends_all_of_an_accounts_sessions(testapp, db, admin):
    ewa = create_user(db, email="ewa@example.pl")
    create_user(db, email="jan@example.pl")
    browsers = [sign_in(webtest.TestApp(testapp.app)) for _ in range(2)]
    jan = sign_in(testapp, "jan@example.pl")
    assert jan.post(f"/api/user/{ewa.id}/sessions/end", status=403)["message"] == "FORBIDDEN"
    assert all(b.get("/api/user/me")["success"] for b in browsers)
    boss = signed_in(testapp, admin)
    assert boss.post(f"/api/user/{ewa.id}/sessions/end")["message"] == {"ended": 2}
    assert all(b.get("/api/user/me", status=401) for b in browsers)
    assert boss.post("/api/user/99999/sessions/end", status=404)["message"] == "NOT_FOUND"
    # Their own: every other browser, never the one asking.
    assert boss.post(f"/api/user/{admin.id}/sessions/end")["message"] == {"ended": 0}
    assert boss.get("/api/user/me")["success"]


def test_changing_the_password_ends_the_other_sessions_and_keeps_this_one(testapp, db):
    create_user(db, email="ewa@example.pl")
    here, other = sign_in(testapp), sign_in(webtest.TestApp(testapp.app))
    body = {"email": "ewa@example.pl", "password": "Nowe-haslo-9", "current_password": PASSWORD}
    answer = here.post("/api/user/update", body)["message"]
    assert other.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    fresh = Api(testapp, answer["token"])
    assert sid(fresh) == sid(here)  # the same session goes on
    assert [s["current"] for s in fresh.get("/api/user/sessions")["message"]] == [True]


def test_setting_a_password_from_a_link_ends_every_session(mail_app, smtp_server, db):
    create_user(db, email="ewa@example.pl")
    browser = sign_in(mail_app)
    mail_app.get("/api/auth/restore/ewa@example.pl")
    token = smtp_server.link_token(smtp_server.to("ewa@example.pl")[-1])
    mail_app.post_json("/api/auth/reset", {"token": token, "password": "Nowe-haslo-9"})
    assert browser.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    open_sessions = db.scalar(sa.select(sa.func.count()).where(UserSession.ended.is_(None)))
    assert open_sessions == 0


def test_deleting_an_account_ends_its_sessions(testapp, db, admin):
    ewa = create_user(db, email="ewa@example.pl")
    browser = sign_in(testapp)
    signed_in(testapp, admin).delete(f"/api/user/{ewa.id}")
    db.expire_all()
    assert db.scalar(sa.select(sa.func.count()).where(UserSession.user_id == ewa.id, UserSession.ended.is_(None))) == 0
    assert browser.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"


def test_extending_keeps_the_same_session(testapp, db):
    create_user(db, email="ewa@example.pl")
    browser = sign_in(testapp)
    time.sleep(1.05)  # a new second: a different token
    fresh = Api(testapp, browser.get("/api/auth/extend")["message"])
    assert fresh.token != browser.token and sid(fresh) == sid(browser)
    assert len(fresh.get("/api/user/sessions")["message"]) == 1


def test_a_token_without_a_session_is_refused(testapp, db, admin):
    now = int(time.time())
    claims = {"sub": str(admin.id), "ver": admin.token_version, "iat": now, "exp": now + 600}
    old = jwt.encode(claims, TEST_SECRET, algorithm="HS256")  # as tokens were before sessions
    assert Api(testapp, old).get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    # A session of another account does not do either.
    ewa = create_user(db, email="ewa@example.pl")
    theirs = sid(sign_in(testapp))
    forged = Tokens(TEST_SECRET, 600).issue(admin, theirs)
    assert Api(testapp, forged).get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    assert ewa.id != admin.id


def test_last_seen_moves_at_most_once_a_minute(testapp, db):
    create_user(db, email="ewa@example.pl")
    browser = sign_in(testapp)
    session_id = sid(browser)

    def set_last_seen(ago):
        db.execute(sa.update(UserSession).where(UserSession.id == session_id).values(last_seen=utcnow() - ago))
        db.commit()

    def last_seen():
        db.expire_all()
        return db.get(UserSession, session_id).last_seen

    set_last_seen(timedelta(seconds=30))
    before = last_seen()
    browser.get("/api/user/me")
    assert last_seen() == before  # seen less than a minute ago: no write
    set_last_seen(timedelta(minutes=5))
    browser.get("/api/user/me")  # a reading request
    assert utcnow() - last_seen() < timedelta(seconds=5)
    set_last_seen(timedelta(minutes=5))
    browser.post("/api/user/update", {"email": "ewa@example.pl", "password": ""})  # a writing one
    assert utcnow() - last_seen() < timedelta(seconds=5)


def test_user_agents_are_summarised_to_browser_and_system():
    assert summarise_user_agent(FIREFOX_WINDOWS) == "Firefox, Windows"
    assert summarise_user_agent(CHROME_ANDROID) == "Chrome, Android"
    edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131 Edg/131"
    assert summarise_user_agent(edge) == "Edge, Windows"
    iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
    assert summarise_user_agent(iphone) == "Safari, iOS"
    mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15"
    assert summarise_user_agent(mac) == "Safari, macOS"
    assert summarise_user_agent("curl/8.5.0") == "curl"
    assert summarise_user_agent("") == "nieznana przeglądarka"
