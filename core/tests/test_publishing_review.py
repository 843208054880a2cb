"""Review of publishing (issue 44, item 7): the per-account `publish` permission, and an editor
without it asking for publication ('Poproś o publikację'); another account that may publish the
record approves (publishing the draft the request saw) or sends it back with a comment."""

import pytest
import sqlalchemy as sa
import webtest

from smogpanel.cli import main as cli
from smogpanel.plugins.items.tests.helpers import add_gmina, note_payload
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in, voivodeship_id
from smogpanel.testing.mail import PUBLIC_URL

REVIEWED = {"smogpanel.publishing": "reviewed"}
NO_PUBLISH = "Twoje konto nie może publikować. Poproś o publikację: opublikuje ją ktoś z tym uprawnieniem."


@pytest.fixture
def app(make_app):
    return webtest.TestApp(make_app(**REVIEWED))


def account(app, db, email, publish=0, **fields):
    user = create_user(db, email=email)
    user.publish = publish
    for field, value in fields.items():
        setattr(user, field, value)
    db.commit()
    return signed_in(app, user), user


def versions(api, kind, record_id):
    return api.get(f"/api/{kind}/{record_id}/versions")["message"]


def reason(answer):
    return answer["errors"][0]["description"]


def history(api, kind, record_id):
    return [entry["action"] for entry in api.get(f"/api/history/?kind={kind}&record_id={record_id}")["message"]["list"]]


def test_a_request_approved_by_another_account_publishes_the_draft(app, admin, db):
    api = signed_in(app, admin)
    timer = add_timer(api)
    app.get(f"/api/public/timer/{timer['internal_name']}", status=404)  # a draft
    ewa, ewa_user = account(app, db, "ewa@example.pl")
    jan, _ = account(app, db, "jan@example.pl", publish=1)

    assert reason(ewa.post(f"/api/timer/{timer['id']}/publish", status=403)) == NO_PUBLISH
    asked = ewa.post(f"/api/timer/{timer['id']}/publish-request", {"note": "Nowy tekst na sezon"})["message"]
    assert asked["requested"]["requested_by"] == "ewa@example.pl"
    shown = versions(jan, "timer", timer["id"])["request"]
    assert (shown["requested_by"], shown["note"], shown["current"]) == ("ewa@example.pl", "Nowy tekst na sezon", True)
    assert ewa.get("/api/publish-requests/")["message"]["count"] == 0  # nobody decides their own
    [row] = jan.get("/api/publish-requests/")["message"]["list"]
    assert (row["kind"], row["record_id"], row["name"], row["note"], row["current"]) == (
        "timer",
        timer["id"],
        timer["name"],
        "Nowy tekst na sezon",
        True,
    )
    assert row["path"] == f"/timer/{timer['id']}"

    approved = jan.post(f"/api/timer/{timer['id']}/publish-request/approve", {"note": "Sprawdzone"})["message"]
    assert (approved["published"], approved["live"], "request" in approved) == (1, 1, False)
    assert approved["list"][0]["published_by"] == "jan@example.pl"
    app.get(f"/api/public/timer/{timer['internal_name']}", status=200)
    assert jan.get("/api/publish-requests/")["message"]["count"] == 0
    assert history(api, "timer", timer["id"])[:3] == ["approve", "publish", "request"]
    again = jan.post(f"/api/timer/{timer['id']}/publish-request/approve", status=409)
    assert "Nikt nie prosi o publikację" in reason(again)
    # Nothing new in the draft: nothing to ask for.
    same = ewa.post(f"/api/timer/{timer['id']}/publish-request", status=409)
    assert reason(same) == "Szkic nie różni się od opublikowanej wersji: nie ma czego publikować."
    assert ewa_user.id != admin.id


def test_nobody_approves_or_sends_back_their_own_request(app, admin, db):
    api = signed_in(app, admin)
    timer = add_timer(api)
    jan, _ = account(app, db, "jan@example.pl", publish=1)
    jan.post(f"/api/timer/{timer['id']}/publish-request", {"note": "Proszę o drugie spojrzenie"})
    own = jan.post(f"/api/timer/{timer['id']}/publish-request/approve", status=403)
    assert reason(own).startswith("Nie możesz zatwierdzić własnej prośby o publikację")
    own = jan.post(f"/api/timer/{timer['id']}/publish-request/reject", {"comment": "Jednak nie"}, status=403)
    assert reason(own).startswith("Nie możesz odesłać własnej prośby o publikację")
    assert versions(api, "timer", timer["id"])["live"] is None  # nothing published
    assert api.get("/api/publish-requests/")["message"]["count"] == 1
    # Approved for a later time: scheduled, the request decided.
    scheduled = api.post(f"/api/timer/{timer['id']}/publish-request/approve", {"at": "2031-01-12T10:00"})["message"]
    assert (scheduled["live"], scheduled["published"], "request" in scheduled) == (None, 1, False)
    assert [(change["action"], change["seq"]) for change in scheduled["scheduled"]] == [("publish", 1)]


def test_a_draft_edited_after_the_request_is_not_approved_until_asked_again(app, admin, db):
    api = signed_in(app, admin)
    timer = add_timer(api)
    ewa, _ = account(app, db, "ewa@example.pl")
    ewa.post(f"/api/timer/{timer['id']}/publish-request", {"note": "Gotowe"})
    ewa.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Zmienione po prośbie"))
    assert versions(api, "timer", timer["id"])["request"]["current"] is False
    assert api.get("/api/publish-requests/")["message"]["list"][0]["current"] is False

    stale = api.post(f"/api/timer/{timer['id']}/publish-request/approve", status=412)
    assert stale["message"] == "CHANGED_MEANWHILE"
    assert "Poproś o publikację ponownie" in reason(stale)
    app.get(f"/api/public/timer/{timer['internal_name']}", status=404)  # nothing published

    ewa.post(f"/api/timer/{timer['id']}/publish-request", {"note": "Teraz na pewno"})
    [row] = api.get("/api/publish-requests/")["message"]["list"]  # the new one replaced the old
    assert (row["note"], row["current"]) == ("Teraz na pewno", True)
    api.post(f"/api/timer/{timer['id']}/publish-request/approve")
    public = app.get(f"/api/public/timer/{timer['internal_name']}").json["message"]
    assert public["text_above"] == "Zmienione po prośbie"


def test_a_request_sent_back_carries_the_comment_into_history(app, admin, db):
    api = signed_in(app, admin)
    timer = add_timer(api)
    ewa, _ = account(app, db, "ewa@example.pl")
    ewa.post(f"/api/timer/{timer['id']}/publish-request")
    empty = api.post(f"/api/timer/{timer['id']}/publish-request/reject", {"comment": "  "}, status=400)
    assert empty["errors"][0]["name"] == "comment"
    assert api.post(f"/api/timer/{timer['id']}/publish-request/reject", {"kiedy": 1}, status=400)
    sent_back = api.post(f"/api/timer/{timer['id']}/publish-request/reject", {"comment": "Popraw datę"})["message"]
    assert ("request" in sent_back, sent_back["live"]) == (False, None)
    entry = api.get(f"/api/history/?kind=timer&record_id={timer['id']}")["message"]["list"][0]
    assert entry["action"] == "reject"
    assert entry["changes"]["comment"] == [None, "Popraw datę"]
    assert entry["changes"]["requested_by"] == [None, "ewa@example.pl"]


def test_a_scoped_editors_request_reaches_only_those_who_may_publish_it(make_app, admin, db, smtp_server):
    settings = dict(REVIEWED, **{"smogpanel.smtp_url": smtp_server.url, "smogpanel.public_url": PUBLIC_URL})
    app = webtest.TestApp(make_app(**settings))
    api = signed_in(app, admin)
    gmina = add_gmina(api)  # in małopolskie
    item = api.post("/api/item/", note_payload(gmina["id"]))["message"]
    małopolskie, mazowieckie = (str(voivodeship_id(api, name)) for name in ("małopolskie", "mazowieckie"))
    ewa, _ = account(app, db, "ewa@example.pl", scope_voivodeships=małopolskie)
    local, _ = account(app, db, "lokalny@example.pl", publish=1, scope_voivodeships=małopolskie)
    other, _ = account(app, db, "mazowsze@example.pl", publish=1, scope_voivodeships=mazowieckie)
    chief, _ = account(app, db, "wszystko@example.pl", publish=1)
    plain, _ = account(app, db, "bez-publikacji@example.pl")
    timers_only, _ = account(app, db, "timery@example.pl", publish=1, scope_kinds="timers")
    smtp_server.messages.clear()

    ewa.post(f"/api/item/{item['id']}/publish-request", {"note": "Komunikat dla gminy"})
    for client, sees in ((local, 1), (chief, 1), (api, 1), (other, 0), (plain, 0), (timers_only, 0), (ewa, 0)):
        assert client.get("/api/publish-requests/")["message"]["count"] == sees
    mailed = sorted(address for message in smtp_server.messages for address in message.envelope_to)
    assert mailed == ["admin@example.pl", "lokalny@example.pl", "wszystko@example.pl"]
    body = smtp_server.to("lokalny@example.pl")[0].get_body(("plain",)).get_content()
    assert "ewa@example.pl prosi o publikację" in body and f"{PUBLIC_URL}/publish-requests" in body

    refused = other.post(f"/api/item/{item['id']}/publish-request/approve", status=403)
    assert "spoza zakresu" in reason(refused)
    smtp_server.messages.clear()
    local.post(f"/api/item/{item['id']}/publish-request/approve")
    app.get(f"/api/public/item/{item['internal_name']}", status=200)
    [mail] = smtp_server.messages
    assert mail.envelope_to == ["ewa@example.pl"] and "zatwierdzona" in mail["Subject"]


def test_the_permission_is_set_through_the_api_and_super_administrators_always_have_it(app, admin, db):
    api = signed_in(app, admin)
    timer = add_timer(api)
    ewa_user = create_user(db, email="ewa@example.pl")
    body = {"role": "editor", "scope_kinds": [], "scope_voivodeships": [], "personal_data": 0}
    assert api.get(f"/api/user/{ewa_user.id}")["message"]["publish"] == 0  # a new account asks

    assert api.post(f"/api/user/{ewa_user.id}/access", dict(body, publish=True))["message"]["publish"] == 1
    ewa = signed_in(app, ewa_user)
    assert ewa.get("/api/user/me")["message"]["publish"] is True
    assert "publish" in ewa.get("/api/user/me")["message"]["may"]["timer"]
    assert ewa.post(f"/api/timer/{timer['id']}/publish")["message"]["live"] == 1
    # Left out: unchanged (the screens of before send no `publish`).
    api.post(f"/api/user/{ewa_user.id}/access", dict(body, personal_data=1))
    assert api.get(f"/api/user/{ewa_user.id}")["message"]["publish"] == 1

    api.post(f"/api/user/{ewa_user.id}/access", dict(body, personal_data=1, publish=False))
    ewa = signed_in(app, ewa_user)
    assert "publish" not in ewa.get("/api/user/me")["message"]["may"]["timer"]
    assert reason(ewa.post(f"/api/timer/{timer['id']}/unpublish", status=403)) == NO_PUBLISH
    bad = api.post(f"/api/user/{ewa_user.id}/access", dict(body, publish="może"), status=400)
    assert bad["errors"][0]["name"] == "publish"
    rows = api.get(f"/api/history/?kind=user&record_id={ewa_user.id}")["message"]["list"][0]["rows"]
    assert {row["label"]: (row["before"], row["after"]) for row in rows} == {"Publikowanie": ("tak", "nie")}

    assert admin.publish == 0  # its own flag says no; a super administrator publishes anyway
    assert api.get("/api/user/me")["message"]["publish"] is True
    assert api.post(f"/api/timer/{timer['id']}/publish")["message"]["live"] == 2


def test_in_immediate_mode_a_save_publishes_so_nobody_asks_and_every_editor_publishes(api, testapp, db):
    timer = add_timer(api)
    ewa, _ = account(testapp, db, "ewa@example.pl")
    assert ewa.post(f"/api/timer/{timer['id']}/publish")["message"]["live"] == 2  # as before the permission
    refused = ewa.post(f"/api/timer/{timer['id']}/publish-request", status=409)
    assert "publikuje tu od razu" in reason(refused)


@pytest.mark.slow
def test_the_command_line_sets_the_permission(tmp_path, capsys, initialised):
    ini = tmp_path / "cli.ini"
    url = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    ini.write_text(f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url}\nsmogpanel.mail_dir = {tmp_path}\n")
    initialised(ini)
    assert cli(["-c", str(ini), "user", "add", "ewa@example.pl", "--password", "dobre-haslo"]) == 0

    def flag():
        with sa.create_engine(url).connect() as connection:
            return connection.exec_driver_sql("SELECT publish FROM user_account").scalar()

    assert flag() == 0
    capsys.readouterr()
    assert cli(["-c", str(ini), "user", "role", "ewa@example.pl", "editor", "--publish", "on"]) == 0
    assert "publikuje" in capsys.readouterr().out and flag() == 1
    assert cli(["-c", str(ini), "user", "role", "ewa@example.pl", "editor"]) == 0  # left out: unchanged
    assert flag() == 1
    assert cli(["-c", str(ini), "user", "role", "ewa@example.pl", "editor", "--publish", "off"]) == 0
    assert "prosi o publikację" in capsys.readouterr().out and flag() == 0
