"""Accounts: me, the list, creating (with an invitation mail), deleting, one's own profile."""

from datetime import timedelta

import sqlalchemy as sa

from smogpanel.db import utcnow
from smogpanel.testing.app import Api, create_user
from smogpanel.users.models import User

PASSWORD = "Haslo-123!"
FIELDS = {"id", "email", "firstname", "lastname", "super", "created", "updated"}
# What a super administrator sets beside them (smogpanel.authority): the role, the scopes, personal data,
# publishing (smogpanel.publishing.review).
FIELDS |= {"role", "scope_kinds", "scope_voivodeships", "personal_data", "publish"}
SELF_DELETE = "Nie możesz usunąć siebie samego :) To nie ma zupełnie sensu!"


def signed_in(app, login, email, password=PASSWORD):
    return Api(app, login(app, email, password))


def live_users(db):
    db.expire_all()
    return db.scalars(sa.select(User).order_by(User.id)).all()


def test_me_is_the_signed_in_user_without_secrets(api, admin):
    me = api.get("/api/user/me")["message"]
    may = me.pop("may")  # what the account may do, for the shell (smogpanel.users.access)
    assert me == {
        "id": admin.id,
        "email": "admin@example.pl",
        "firstname": "Adam",
        "lastname": "Admin",
        "super": 1,
        "role": "super",
        "scope_kinds": [],
        "scope_voivodeships": [],
        "personal_data": 1,
        "publish": True,
    }
    assert "restore" in may["timer"] and "delete" in may["user"]


# -- the list ------------------------------------------------------------------------------
def test_the_list_defaults_to_most_recently_updated_first(api, admin, db):
    now = utcnow()
    for email, days in (("a@example.pl", 3), ("b@example.pl", 1), ("c@example.pl", 2)):
        user = create_user(db, email=email)
        user.updated = now - timedelta(days=days)
    db.commit()
    message = api.get("/api/user/")["message"]
    assert (message["order"], message["asc"]) == ("updated", False)
    assert [row["email"] for row in message["list"]] == [
        "admin@example.pl",
        "b@example.pl",
        "c@example.pl",
        "a@example.pl",
    ]
    # no hash, no token version; what this account may do with each
    assert all(set(row) == FIELDS | {"may"} for row in message["list"])


def test_the_list_sorts_by_whitelisted_fields_only(api, admin, db):
    create_user(db, email="zofia@example.pl", firstname="Zofia")
    body = api.get("/api/user/?order=email&asc=1")["message"]
    assert [row["email"] for row in body["list"]] == ["admin@example.pl", "zofia@example.pl"]
    for field in ("password_hash", "token_version", "nonsense"):
        refused = api.get(f"/api/user/?order={field}", status=400)
        assert refused["message"] == "VALIDATION_FAILED" and refused["errors"][0]["name"] == "order"


def test_a_deleted_account_leaves_the_list(api, admin, db):
    gone = create_user(db, email="byly@example.pl")
    gone.deleted = utcnow()
    db.commit()
    assert [row["email"] for row in api.get("/api/user/")["message"]["list"]] == ["admin@example.pl"]
    assert api.get(f"/api/user/{gone.id}", status=404)["message"] == "NOT_FOUND"


def test_any_signed_in_user_reads_one_account(testapp, admin, db, login):
    create_user(db, email="anna@example.pl")
    body = signed_in(testapp, login, "anna@example.pl").get(f"/api/user/{admin.id}")["message"]
    assert set(body) == FIELDS | {"may", "refused"} and body["email"] == "admin@example.pl"


# -- creating ------------------------------------------------------------------------------
def test_a_new_account_gets_a_mail_to_set_its_password(mail_api, mail_app, smtp_server, login):
    created = mail_api.post("/api/user/", {"email": "Nowa@Example.pl", "firstname": "Ewa", "lastname": "Nowa"})
    assert set(created["message"]) == FIELDS | {"may", "refused"}
    assert created["message"]["email"] == "nowa@example.pl" and created["message"]["super"] == 0
    [mail] = smtp_server.to("nowa@example.pl")
    assert mail["Subject"] == "Smogpanel: zaproszenie do panelu"
    assert "Ewa Nowa" in mail.get_content() and "Adam Admin" in mail.get_content()
    # the link to ask for a new one is named as the login page names it
    assert "wybierz „Przywracanie hasła”" in mail.get_content()
    token = smtp_server.link_token(mail)
    Api(mail_app).post("/api/auth/reset", {"token": token, "password": "Haslo-Ewy-1"})
    assert (
        signed_in(mail_app, login, "nowa@example.pl", "Haslo-Ewy-1").get("/api/user/me")["message"]["firstname"]
        == "Ewa"
    )


def test_a_taken_email_is_a_conflict_and_nothing_is_sent(mail_api, smtp_server, db):
    body = mail_api.post("/api/user/", {"email": " ADMIN@example.pl", "firstname": "Drugi"}, status=409)
    assert body["message"] == "CONFLICT"
    assert body["errors"] == [{"name": "email", "description": "Konto z tym adresem e-mail już istnieje."}]
    assert len(live_users(db)) == 1 and smtp_server.messages == []


def test_an_invalid_account_is_refused_and_nothing_is_written(mail_api, smtp_server, db):
    body = mail_api.post("/api/user/", {"email": "nie-adres", "firstname": "X" * 101}, status=400)
    assert {e["name"] for e in body["errors"]} == {"email", "firstname"}
    assert len(live_users(db)) == 1 and smtp_server.messages == []


def test_the_api_never_makes_a_super_administrator(mail_app, mail_api, smtp_server, db, login):
    """SPEC 6 and 7: POST /user/ {email, firstname, lastname}; the system administrator grants
    super administrator rights (`smogpanel user super`), so `super` is ignored, whoever sends it."""
    create_user(db, email="anna@example.pl")
    anna = signed_in(mail_app, login, "anna@example.pl")
    assert anna.post("/api/user/", {"email": "kolega@example.pl", "super": 1})["message"]["super"] == 0
    assert mail_api.post("/api/user/", {"email": "szef@example.pl", "super": 1})["message"]["super"] == 0
    assert mail_api.post("/api/user/update", {"email": "admin@example.pl", "super": 0})["message"]["super"] == 1
    assert mail_api.get("/api/user/me")["message"]["super"] == 1
    assert [m.envelope_to for m in smtp_server.messages] == [["kolega@example.pl"], ["szef@example.pl"]]


def test_other_accounts_cannot_be_edited(api, db):
    other = create_user(db, email="anna@example.pl")
    response = api.app.post_json(
        f"/api/user/{other.id}",
        {"email": "przejete@example.pl", "super": 1},
        headers=api.headers(),
        status="*",
        expect_errors=True,
    )
    assert response.status_int in (404, 405) and response.json["success"] is False
    db.expire_all()
    assert (other.email, other.super) == ("anna@example.pl", 0)


# -- deleting ------------------------------------------------------------------------------
def test_nobody_deletes_their_own_account(api, admin, db):
    body = api.delete(f"/api/user/{admin.id}", status=403)
    assert body == {"success": False, "message": "FORBIDDEN", "errors": [{"name": "", "description": SELF_DELETE}]}
    assert [u.email for u in live_users(db)] == ["admin@example.pl"]


def test_a_plain_user_cannot_delete_accounts(testapp, admin, db, login):
    create_user(db, email="anna@example.pl")
    body = signed_in(testapp, login, "anna@example.pl").delete(f"/api/user/{admin.id}", status=403)
    assert body["message"] == "FORBIDDEN"
    assert len(live_users(db)) == 2


def test_a_deleted_account_is_signed_out_and_its_email_freed(testapp, api, db, login):
    create_user(db, email="anna@example.pl")
    anna = signed_in(testapp, login, "anna@example.pl")
    anna_id = anna.get("/api/user/me")["message"]["id"]
    assert api.delete(f"/api/user/{anna_id}")["message"] == {"id": anna_id}
    assert anna.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    assert login(testapp, "anna@example.pl", PASSWORD, status=401)["message"] == "UNAUTHORISED"
    assert api.post("/api/user/", {"email": "anna@example.pl"})["message"]["id"] != anna_id
    db.expire_all()
    assert (
        db.execute(
            sa.select(User.deleted).where(User.id == anna_id).execution_options(include_deleted=True)
        ).scalar_one()
        is not None
    )  # soft


# -- one's own profile ---------------------------------------------------------------------
def test_updating_the_profile_without_a_password_keeps_it(testapp, api, admin, login):
    body = api.post(
        "/api/user/update",
        {"email": "Szef@Example.pl", "password": "", "firstname": "Jan", "lastname": "", "current_password": PASSWORD},
    )["message"]
    assert {k: body[k] for k in ("email", "firstname", "lastname")} == {
        "email": "szef@example.pl",
        "firstname": "Jan",
        "lastname": "",
    }
    assert api.get("/api/user/me")["message"]["email"] == "szef@example.pl"  # the old token still works
    assert login(testapp, "szef@example.pl", PASSWORD)
    assert Api(testapp, body["token"]).get("/api/user/me")["message"]["id"] == admin.id


def test_a_new_password_ends_older_sessions_and_the_answer_keeps_this_one(testapp, api, login):
    body = api.post(
        "/api/user/update",
        {
            "email": "admin@example.pl",
            "password": "Zupelnie-nowe-1",
            "firstname": "Adam",
            "lastname": "Admin",
            "current_password": PASSWORD,
        },
    )["message"]
    assert api.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    assert Api(testapp, body["token"]).get("/api/user/me")["message"]["email"] == "admin@example.pl"
    assert login(testapp, "admin@example.pl", PASSWORD, status=401)["message"] == "UNAUTHORISED"
    assert login(testapp, "admin@example.pl", "Zupelnie-nowe-1")


def test_a_profile_update_is_validated_before_anything_changes(testapp, api, admin, db, login):
    create_user(db, email="anna@example.pl")
    taken = api.post("/api/user/update", {"email": "anna@example.pl", "firstname": "Inny"}, status=409)
    assert taken["errors"][0]["description"] == "Konto z tym adresem e-mail już istnieje."
    short = api.post("/api/user/update", {"email": "admin@example.pl", "password": "krotkie"}, status=400)
    assert "co najmniej 8 znaków" in short["errors"][0]["description"]
    db.expire_all()
    assert (admin.email, admin.firstname) == ("admin@example.pl", "Adam")
    assert login(testapp, "admin@example.pl", PASSWORD)
