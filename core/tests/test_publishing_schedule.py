"""Scheduled publishing on a real database shared by two processes (each app below is one
process's registry): a version goes live at its second by itself, the scheduler's job records it
in history exactly once however many processes run it, and a change found long after its second
(the server was down) is recorded as late in history and in 'Zadania'. The clock is moved
(time-machine), not waited for: the apps share this Python process and so its clock, and a
schedule a minute ahead cannot be overtaken by a slow request on a busy machine."""

import threading
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
import time_machine
import webtest

from smogpanel.models import HistoryEntry
from smogpanel.ops.jobs import JobRunner
from smogpanel.plugins.timers.tests.test_api import timer
from smogpanel.publications import Publication
from smogpanel.publishing.schedule import JOB, record_due
from smogpanel.testing.app import create_user, signed_in
from smogpanel.testing.serve import fresh_database, process_apps


@pytest.fixture
def database(tmp_path_factory, request):
    return fresh_database(tmp_path_factory, "publish_" + request.node.name[:40].lower())


@pytest.fixture
def processes(database, tmp_path):
    with process_apps(database, tmp_path / "mail", **{"smogpanel.publishing": "reviewed"}) as make:
        yield make


@pytest.fixture
def clock():
    """The process's clock, running from now, moved forward by the test."""
    with time_machine.travel(datetime.now(UTC), tick=True) as traveller:
        yield traveller


def scheduled_timer(app, seconds=60):
    """A timer published `seconds` from now, by a super administrator of `app`: (api, its id, at)."""
    testapp = webtest.TestApp(app)
    with app.registry["db.session_factory"]() as db:
        api = signed_in(testapp, create_user(db, email="szef@example.pl", super=1))
    record = api.post("/api/timer/", timer())["message"]
    at = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=seconds)
    api.post(f"/api/timer/{record['id']}/publish", {"at": at.isoformat()})
    return api, record["id"], at


def scheduler_entries(app, record_id):
    with app.registry["db.session_factory"]() as db:
        return db.execute(
            sa.select(HistoryEntry.action, HistoryEntry.changes).where(
                HistoryEntry.kind == "timer", HistoryEntry.record_id == record_id, HistoryEntry.via == "scheduler"
            )
        ).all()


def test_two_processes_racing_a_scheduled_publish_record_it_once(processes, clock):
    first, second = processes(2)
    api, record_id, at = scheduled_timer(first)
    public = webtest.TestApp(second)
    public.get("/api/public/timer/koniec-sezonu", status=404)  # the embargo, in the other process too
    clock.move_to(at)
    # Live at its second without the scheduler, in both processes (their caches knew the time).
    for app in (first, second):
        webtest.TestApp(app).get("/api/public/timer/koniec-sezonu", status=200)
    summaries = []
    threads = [
        threading.Thread(target=lambda a=app: summaries.append(record_due(a.registry))) for app in (first, second)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(summaries) == [
        "Zapisano zaplanowane zmiany publikacji: 0.",
        "Zapisano zaplanowane zmiany publikacji: 1.",
    ]
    assert [action for action, _changes in scheduler_entries(first, record_id)] == ["publish"]
    with first.registry["db.session_factory"]() as db:
        assert db.scalars(sa.select(Publication.seq).where(Publication.record_id == record_id)).all() == [1]
    assert api.get(f"/api/timer/{record_id}/versions")["message"]["live"] == 1


def test_a_scheduler_stopped_past_the_due_time_catches_up_and_marks_it_late(processes, clock):
    (app,) = processes(1, **{f"smogpanel.jobs.{JOB}.interval": "1"})
    api, record_id, at = scheduled_timer(app)
    clock.move_to(at + timedelta(seconds=3))  # the server "down" for more than two ticks
    assert JobRunner(app.registry).run_due(JOB) == "ok"
    ((action, changes),) = scheduler_entries(app, record_id)
    assert action == "publish" and '"late":[null,true]' in changes
    jobs = {row["code"]: row for row in api.get("/api/job/")["message"]}
    assert "Z opóźnieniem (serwer nie działał w zaplanowanej chwili): publikacja timer" in jobs[JOB]["summary"]
    # What 'Zadania' offers 'Opublikuj teraz' beside: the run's late publishes, by record.
    assert jobs[JOB]["late"] == [
        {
            "kind": "timer",
            "record_id": record_id,
            "action": "publish",
            "seq": 1,
            "at": at.isoformat(),
            "name": "Do końca sezonu",
        }
    ]


def test_the_scheduler_names_the_release_of_a_scheduled_releases_items(processes, clock):
    (app,) = processes(1)
    api, record_id, at = scheduled_timer(app)
    api.delete(f"/api/timer/{record_id}/scheduled")  # one of its own first, called off
    other = api.post("/api/timer/", timer(name="Drugi licznik", internal_name="drugi-licznik"))["message"]
    api.post(f"/api/timer/{other['id']}/publish")
    release = api.post(
        "/api/release/",
        {
            "name": "Sezon zimowy",
            "items": [{"kind": "timer", "id": record_id}, {"kind": "timer", "id": other["id"], "action": "unpublish"}],
        },
    )["message"]
    api.post(f"/api/release/{release['id']}/publish", {"at": at.isoformat()})
    clock.move_to(at + timedelta(seconds=1))
    record_due(app.registry)
    for record in (record_id, other["id"]):
        ((action, changes),) = scheduler_entries(app, record)
        assert '"release":[null,"Sezon zimowy"]' in changes, (action, changes)
    single = api.post("/api/timer/", timer(name="Trzeci licznik", internal_name="trzeci-licznik"))["message"]
    alone = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=60)
    api.post(f"/api/timer/{single['id']}/publish", {"at": alone.isoformat()})
    clock.move_to(alone + timedelta(seconds=1))
    record_due(app.registry)
    ((_action, changes),) = scheduler_entries(app, single["id"])
    assert '"release"' not in changes  # a single record's scheduled publish names none
