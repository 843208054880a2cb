"""Releases (issue 44 item 5): several records published or withdrawn together, in one
transaction, all or none; each draft frozen when the release is prepared."""

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
import webtest
from sqlalchemy.orm import Session

from smogpanel.cli import main as cli
from smogpanel.models import HistoryEntry
from smogpanel.plugins.ranks.tests.helpers import add_rank
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.publication_releases import Release, ReleaseItem
from smogpanel.testing.app import create_user, signed_in
from smogpanel.testing.serve import fresh_database, process_apps

REVIEWED = {"smogpanel.publishing": "reviewed"}


@pytest.fixture
def reviewed(make_app, admin):
    """(signed-in API as a super administrator, anonymous client) of an app in `reviewed` mode."""
    app = webtest.TestApp(make_app(**REVIEWED))
    return signed_in(app, admin), app


def two_timers(api):
    first = add_timer(api, name="Licznik pierwszy", internal_name="licznik-1")
    second = add_timer(api, name="Licznik drugi", internal_name="licznik-2")
    return first, second


def release_of(api, name, *records, kind="timer", action="publish", status=200, **body):
    items = [{"kind": kind, "id": record["id"], "action": action} for record in records]
    return api.post("/api/release/", dict(body, name=name, items=items), status=status)


def is_public(app, name, kind="timer"):
    return app.get(f"/api/public/{kind}/{name}", expect_errors=True).status_int == 200


def release_entries(db, record_id):
    return db.scalars(
        sa.select(HistoryEntry.changes).where(
            HistoryEntry.kind == "timer", HistoryEntry.record_id == record_id, HistoryEntry.action == "publish"
        )
    ).all()


def test_a_release_of_two_records_is_published_in_one_go(reviewed, db):
    api, app = reviewed
    first, second = two_timers(api)
    prepared = release_of(api, "Sezon 2027", first, second)["message"]
    assert (prepared["state"], prepared["state_label"], prepared["items_count"]) == ("open", "Otwarta", 2)
    assert [(i["name"], i["kind_label"], i["action_label"], i["changed"]) for i in prepared["items"]] == [
        ("Licznik pierwszy", "licznik", "publikacja", False),
        ("Licznik drugi", "licznik", "publikacja", False),
    ]
    assert not is_public(app, "licznik-1") and not is_public(app, "licznik-2")

    done = api.post(f"/api/release/{prepared['id']}/publish")["message"]
    assert (done["state_label"], done["published_by"]) == ("Opublikowana", "admin@example.pl")
    assert [item["seq"] for item in done["items"]] == [1, 1]
    assert is_public(app, "licznik-1") and is_public(app, "licznik-2")
    for record in (first, second):
        assert api.get(f"/api/timer/{record['id']}/versions")["message"]["live"] == 1
        assert '"release":[null,"Sezon 2027"]' in release_entries(db, record["id"])[0]
    listed = api.get("/api/release/")["message"]
    assert [(r["name"], r["state_label"], r["items_count"]) for r in listed["list"]][0] == (
        "Sezon 2027",
        "Opublikowana",
        2,
    )
    assert {"kind": "timer", "label": "licznik"} in listed["kinds"]
    # Published: neither published again, nor changed, nor removed.
    again = api.post(f"/api/release/{prepared['id']}/publish", status=409)
    assert "jest już opublikowana" in again["errors"][0]["description"]
    api.delete(f"/api/release/{prepared['id']}", status=409)
    # Its records are in no open release any more.
    assert release_of(api, "Następna", first)["message"]["state"] == "open"


def test_a_draft_changed_after_preparing_publishes_nothing_and_is_named(reviewed):
    api, app = reviewed
    first, second = two_timers(api)
    release = release_of(api, "Zmiany", first, second)["message"]
    api.post(f"/api/timer/{second['id']}", timer_edit(second, text_above="Zmieniony po przygotowaniu"))
    shown = api.get(f"/api/release/{release['id']}")["message"]
    assert [item["changed"] for item in shown["items"]] == [False, True]

    refused = api.post(f"/api/release/{release['id']}/publish", status=412)
    assert refused["message"] == "CHANGED_MEANWHILE"
    assert [e["name"] for e in refused["errors"]] == ["items.1"]
    assert refused["errors"][0]["description"].startswith("„Licznik drugi” (licznik ")
    assert "szkic zmienił się od przygotowania publikacji" in refused["errors"][0]["description"]
    assert not is_public(app, "licznik-1") and not is_public(app, "licznik-2")
    assert api.get(f"/api/release/{release['id']}")["message"]["state"] == "open"

    # Prepared again (the change seen), it publishes, the changed text included.
    items = [{"kind": "timer", "id": r["id"]} for r in (first, second)]
    again = api.post(f"/api/release/{release['id']}", {"name": "Zmiany", "items": items})["message"]
    assert [item["changed"] for item in again["items"]] == [False, False]
    api.post(f"/api/release/{release['id']}/publish")
    assert app.get("/api/public/timer/licznik-2").json["message"]["text_above"] == "Zmieniony po przygotowaniu"


def test_an_item_that_cannot_be_published_fails_the_whole_release(reviewed, db):
    api, app = reviewed
    timer = add_timer(api, name="Licznik", internal_name="licznik")
    rank = add_rank(api)
    release = release_of(api, "Mieszana", timer)["message"]
    items = [{"kind": "timer", "id": timer["id"]}, {"kind": "rank", "id": rank["id"]}]
    api.post(f"/api/release/{release['id']}", {"name": "Mieszana", "items": items})

    # An editor of timers only may not publish the ranking: nothing is published.
    editor = create_user(db, email="liczniki@example.pl")
    editor.scope_kinds, editor.publish = "timers", 1  # may publish (reviewed mode): its timers only
    db.commit()
    refused = signed_in(app, editor).post(f"/api/release/{release['id']}/publish", status=409)
    assert [e["name"] for e in refused["errors"]] == ["items.1"]
    assert refused["errors"][0]["description"] == (
        "„Ranking gmin” (ranking " + str(rank["id"]) + "): Twoje konto nie może zmieniać tego rodzaju danych."
    )
    assert not is_public(app, "licznik")
    assert api.get(f"/api/timer/{timer['id']}/versions")["message"]["list"] == []

    # A record deleted since: named, nothing published.
    api.delete(f"/api/rank/{rank['id']}")
    gone = api.post(f"/api/release/{release['id']}/publish", status=409)
    assert gone["errors"] == [
        {"name": "items.1", "description": "„Ranking gmin” (ranking " + str(rank["id"]) + "): element został usunięty."}
    ]
    assert not is_public(app, "licznik")
    assert api.get(f"/api/release/{release['id']}")["message"]["items"][1]["problem"] == "element został usunięty."


def test_a_record_is_in_one_open_release_at_most(reviewed):
    api, _app = reviewed
    first, second = two_timers(api)
    release_of(api, "Pierwsza", first)
    refused = release_of(api, "Druga", second, first, status=409)
    assert refused["errors"][0]["description"] == (
        f"„Licznik pierwszy” (licznik {first['id']}) jest już w otwartej publikacji „Pierwsza”. "
        "Element może być w jednej otwartej publikacji naraz."
    )
    assert [r["name"] for r in api.get("/api/release/")["message"]["list"]] == ["Pierwsza"]
    # Removing the open release frees its records.
    first_release = api.get("/api/release/")["message"]["list"][0]
    api.delete(f"/api/release/{first_release['id']}")
    api.get(f"/api/release/{first_release['id']}", status=404)
    assert release_of(api, "Druga", second, first)["message"]["items_count"] == 2


def test_mistakes_are_refused_in_polish_and_nothing_is_written(reviewed, db):
    api, app = reviewed
    timer = add_timer(api)
    for body, field in (
        ({"items": [{"kind": "timer", "id": timer["id"]}]}, "name"),
        ({"name": "X", "items": []}, "items"),
        ({"name": "X", "items": [{"kind": "user", "id": 1}]}, "items.0.kind"),
        ({"name": "X", "items": [{"kind": "timer", "id": 999999}]}, "items.0.id"),
        ({"name": "X", "items": [{"kind": "timer", "id": timer["id"], "action": "skasuj"}]}, "items.0.action"),
        ({"name": "X", "items": [{"kind": "timer", "id": timer["id"]}] * 2}, "items.1.id"),
        ({"name": "X", "items": [{"kind": "timer", "id": timer["id"]}], "at": "2027-03-28T02:30"}, "at"),
        ({"name": "X", "items": [{"kind": "timer", "id": timer["id"]}], "kiedy": 1}, "kiedy"),
    ):
        refused = api.post("/api/release/", body, status=400)
        assert refused["errors"][0]["name"] == field, body
    assert api.get("/api/release/")["message"]["list"] == []
    viewer = create_user(db, email="podglad@example.pl")
    viewer.role = "viewer"
    db.commit()
    looker = signed_in(app, viewer)
    refused = release_of(looker, "Podgląd", timer, status=403)
    assert refused["errors"][0]["description"] == "Twoje konto ma tylko podgląd: nie może niczego zmieniać."
    assert looker.get("/api/release/")["message"]["list"] == []
    app.get("/api/release/", status=401)


def test_a_scheduled_release_goes_live_at_its_second_and_withdraws_too(reviewed):
    api, app = reviewed
    first, second = two_timers(api)
    api.post(f"/api/timer/{second['id']}/publish")
    assert is_public(app, "licznik-2")
    release = api.post(
        "/api/release/",
        {
            "name": "O czasie",
            "items": [
                {"kind": "timer", "id": first["id"]},
                {"kind": "timer", "id": second["id"], "action": "unpublish"},
            ],
        },
    )["message"]
    at = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=3)
    scheduled = api.post(f"/api/release/{release['id']}/publish", {"at": at.isoformat()})["message"]
    assert (scheduled["state"], scheduled["state_label"]) == ("scheduled", "Zaplanowana")
    assert scheduled["at"] == at.isoformat()
    assert not is_public(app, "licznik-1") and is_public(app, "licznik-2")
    while datetime.now(UTC) < at:
        time.sleep(0.05)
    assert is_public(app, "licznik-1") and not is_public(app, "licznik-2")
    assert api.get(f"/api/release/{release['id']}")["message"]["state_label"] == "Opublikowana"


def test_a_scheduled_release_called_off_publishes_nothing_and_is_open_again(reviewed, db):
    api, app = reviewed
    first, second = two_timers(api)
    release = release_of(api, "Odwołana", first, second)["message"]
    api.delete(f"/api/release/{release['id']}/scheduled", status=409)  # open: nothing to call off
    tomorrow = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    api.post(f"/api/release/{release['id']}/publish", {"at": tomorrow.isoformat()})
    assert versions_scheduled(api, first) == [1]

    user = create_user(db, email="podglad@example.pl")
    user.role = "viewer"
    db.commit()
    viewer = signed_in(webtest.TestApp(app.app), user)
    viewer.delete(f"/api/release/{release['id']}/scheduled", status=403)
    api.delete(f"/api/timer/{second['id']}/scheduled")  # one item called off on its own first
    called_off = api.delete(f"/api/release/{release['id']}/scheduled")["message"]
    assert (called_off["state"], called_off["state_label"]) == ("open", "Otwarta")
    assert versions_scheduled(api, first) == [] and versions_scheduled(api, second) == []
    entries = release_entries(db, first["id"])
    assert '"cancelled":[null,true]' in entries[-1] and '"release":["Odwołana",null]' in entries[-1]
    assert sum('"cancelled"' in entry for entry in release_entries(db, second["id"])) == 1  # not twice
    # Open again: its records stay in it, and it is published anew (a new version number).
    release_of(api, "Inna", first, status=409)
    published = api.post(f"/api/release/{release['id']}/publish")["message"]
    assert published["state"] == "published" and [i["seq"] for i in published["items"]] == [2, 2]
    assert is_public(app, "licznik-1") and is_public(app, "licznik-2")
    api.delete(f"/api/release/{release['id']}/scheduled", status=409)  # live: stays
    api.delete("/api/release/999999/scheduled", status=404)


def test_a_release_whose_record_is_in_another_open_one_now_is_not_called_off(reviewed):
    api, _app = reviewed
    first, _second = two_timers(api)
    release = release_of(api, "Pierwsza", first)["message"]
    tomorrow = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    api.post(f"/api/release/{release['id']}/publish", {"at": tomorrow.isoformat()})
    release_of(api, "Druga", first)  # scheduled items are in no open release
    refused = api.delete(f"/api/release/{release['id']}/scheduled", status=409)
    assert "jest już w innej otwartej publikacji" in refused["errors"][0]["description"]
    assert versions_scheduled(api, first) == [1]  # nothing called off
    assert api.get(f"/api/release/{release['id']}")["message"]["state"] == "scheduled"


def versions_scheduled(api, record):
    return [row["seq"] for row in api.get(f"/api/timer/{record['id']}/versions")["message"]["scheduled"]]


def test_the_openapi_document_describes_releases(testapp):
    paths = testapp.get("/api/openapi.json").json["paths"]
    for path, method in (
        ("/api/release/", "get"),
        ("/api/release/", "post"),
        ("/api/release/{id}", "get"),
        ("/api/release/{id}", "post"),
        ("/api/release/{id}", "delete"),
        ("/api/release/{id}/publish", "post"),
        ("/api/release/{id}/scheduled", "delete"),
    ):
        assert method in paths[path], path


# -- the command line -----------------------------------------------------------------------------
@pytest.fixture
def ini(tmp_path):
    url = f"sqlite:///{tmp_path / 'var' / 'cli.sqlite'}"
    path = tmp_path / "cli.ini"
    path.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url}\nsmogpanel.mail_dir = {tmp_path / 'mail'}\n"
        "smogpanel.publishing = reviewed\n",
        encoding="utf-8",
    )
    return str(path), url


@pytest.mark.slow
def test_releases_are_listed_and_published_from_the_command_line(initialised, ini, capsys):
    path, url = ini
    initialised(path, demo=True)
    engine = sa.create_engine(url)
    stamp = datetime(2026, 11, 28, 10, tzinfo=UTC)
    with Session(engine) as db, db.begin():
        timers = db.execute(sa.text("SELECT id FROM timer ORDER BY id LIMIT 2")).scalars().all()
        db.add(Release(id=7, name="Z konsoli", created=stamp, prepared=stamp))
        db.flush()
        for position, timer_id in enumerate(timers):
            db.add(
                ReleaseItem(
                    release_id=7,
                    position=position,
                    kind="timer",
                    record_id=timer_id,
                    action="publish",
                    name="x",
                    digest="nieaktualny",  # not the timer's draft
                    open_key=f"timer:{timer_id}",
                )
            )
    capsys.readouterr()
    assert cli(["-c", path, "releases"]) == 0
    assert "7\tOtwarta\tZ konsoli (elementów: 2)" in capsys.readouterr().out
    # The frozen drafts are not the timers': nothing is published.
    assert cli(["-c", path, "releases", "publish", "7"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Nie opublikowano niczego.\n")
    assert "szkic zmienił się od przygotowania publikacji" in err
    with engine.begin() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM publication").scalar() == 0
        connection.exec_driver_sql("UPDATE publication_release_item SET digest = NULL, action = 'unpublish'")
    assert cli(["-c", path, "releases", "publish", "7", "--at", "2027-03-28T02:30"]) == 2
    assert "nie istnieje w czasie polskim" in capsys.readouterr().err
    assert cli(["-c", path, "releases", "publish", "7"]) == 0
    assert capsys.readouterr().out.startswith("Opublikowana: Z konsoli (")
    with engine.begin() as connection:
        rows = connection.exec_driver_sql(
            "SELECT action, via, changes FROM history_entry WHERE kind = 'timer' AND action = 'unpublish'"
        ).all()
    assert len(rows) == 2 and all(
        via == "cli" and '"release":[null,"Z konsoli"]' in changes for _a, via, changes in rows
    )
    assert cli(["-c", path, "releases", "publish", "99"]) == 1
    assert "Nie ma publikacji o id 99." in capsys.readouterr().err

    # Calling off: only a scheduled release; it is then open again, each item's call-off in history.
    assert cli(["-c", path, "releases", "cancel", "7"]) == 1
    assert "nie jest zaplanowana" in capsys.readouterr().err
    with Session(engine) as db, db.begin():
        db.execute(sa.delete(Release))
        db.add(Release(id=8, name="Na później", created=stamp, prepared=stamp))
        db.flush()
        for position, timer_id in enumerate(timers):
            db.add(
                ReleaseItem(
                    release_id=8,
                    position=position,
                    kind="timer",
                    record_id=timer_id,
                    action="unpublish",
                    name="x",
                    open_key=f"timer:{timer_id}",
                )
            )
    assert cli(["-c", path, "releases", "publish", "8", "--at", "2099-01-12T10:00"]) == 0
    capsys.readouterr()
    assert cli(["-c", path, "releases", "cancel", "8"]) == 0
    assert "Odwołano publikację „Na później” (planowaną na 12.01.2099 10:00): jest znów otwarta." in (
        capsys.readouterr().out
    )
    with engine.begin() as connection:
        assert (
            connection.exec_driver_sql(
                "SELECT count(*) FROM publication WHERE at > '2098-01-01' AND cancelled IS NULL"
            ).scalar()
            == 0
        )
        called_off = (
            connection.exec_driver_sql(
                "SELECT via FROM history_entry WHERE kind = 'timer' AND changes LIKE '%\"cancelled\"%'"
            )
            .scalars()
            .all()
        )
    assert called_off == ["cli", "cli"]
    assert cli(["-c", path, "releases"]) == 0
    assert "8\tOtwarta\tNa później (elementów: 2)" in capsys.readouterr().out
    engine.dispose()


# -- two processes at once ------------------------------------------------------------------------
@pytest.fixture
def processes(tmp_path_factory, tmp_path, request):
    database = fresh_database(tmp_path_factory, "release_" + request.node.name[:40].lower())
    with process_apps(database, tmp_path / "mail", **REVIEWED) as make:
        yield make


@pytest.mark.slow
def test_two_processes_publishing_one_release_at_once_publish_it_once(processes):
    apps = processes(2)
    with apps[0].registry["db.session_factory"]() as db:
        admin = create_user(db, email="szef@example.pl", super=1)
        clients = [signed_in(webtest.TestApp(app), admin, db) for app in apps]
    first, second = two_timers(clients[0])
    release = release_of(clients[0], "Wyścig", first, second)["message"]
    answers = []

    def publish(client):
        answer = client.app.post_json(
            f"/api/release/{release['id']}/publish", {}, headers=client.headers(), expect_errors=True
        )
        answers.append((answer.status_int, answer.json))

    threads = [threading.Thread(target=publish, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    (done, _body), (refused, body) = sorted(answers, key=lambda answer: answer[0])
    assert (done, refused) == (200, 409)
    assert body["errors"][0]["description"].startswith("Publikacja „Wyścig” jest już opublikowana")
    for record in (first, second):
        found = clients[1].get(f"/api/timer/{record['id']}/versions")["message"]
        assert [version["seq"] for version in found["list"]] == [1]
