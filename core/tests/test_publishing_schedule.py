"""Scheduled publishing on a real database shared by two processes (each app below is one
process's registry): a version goes live at its second by itself, the scheduler's job records it
in history exactly once however many processes run it, and a change found long after its second
(the server was down) is recorded as late in history and in 'Zadania'."""

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
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


def scheduled_timer(app, seconds):
    """A timer published `seconds` from now, by a super administrator of `app`: (api, its id, at)."""
    testapp = webtest.TestApp(app)
    with app.registry["db.session_factory"]() as db:
        api = signed_in(testapp, create_user(db, email="szef@example.pl", super=1))
    record = api.post("/api/timer/", timer())["message"]
    at = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=seconds)
    api.post(f"/api/timer/{record['id']}/publish", {"at": at.isoformat()})
    return api, record["id"], at


def wait_for(at):
    while datetime.now(UTC) < at:
        time.sleep(0.05)


def scheduler_entries(app, record_id):
    with app.registry["db.session_factory"]() as db:
        return db.execute(
            sa.select(HistoryEntry.action, HistoryEntry.changes).where(
                HistoryEntry.kind == "timer", HistoryEntry.record_id == record_id, HistoryEntry.via == "scheduler"
            )
        ).all()


def test_two_processes_racing_a_scheduled_publish_record_it_once(processes):
    first, second = processes(2)
    api, record_id, at = scheduled_timer(first, 2)
    public = webtest.TestApp(second)
    public.get("/api/public/timer/koniec-sezonu", status=404)  # the embargo, in the other process too
    wait_for(at)
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


def test_a_scheduler_stopped_past_the_due_time_catches_up_and_marks_it_late(processes):
    (app,) = processes(1, **{f"smogpanel.jobs.{JOB}.interval": "1"})
    api, record_id, at = scheduled_timer(app, 1)
    wait_for(at + timedelta(seconds=3))  # the server "down" for more than two ticks
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
