"""Scheduled jobs on a real database (SQLite file, or a PostgreSQL schema): each tick runs once
however many processes ask (each app below is one process's registry), never two runs at
once, a crashed runner's lock is released, and every run is stored and shown to super
administrators ('Zadania', `smogpanel jobs`)."""

import subprocess
import threading
from datetime import timedelta

import pytest
import sqlalchemy as sa
import webtest

from smogpanel import main
from smogpanel.cli import main as cli
from smogpanel.db import own_transaction, utcnow
from smogpanel.hookspecs import ScheduledJob, hookimpl
from smogpanel.models import JobState
from smogpanel.ops.jobs import JobRunner, declared_jobs
from smogpanel.testing.app import TEST_SECRET, create_user, signed_in
from smogpanel.testing.serve import fresh_database, process_apps

MOMENT = 1_800_000_000  # a tick boundary of a minute and of an hour (unix time)


class Counting:
    """A plugin with one job, `test.count`, that counts its runs (and can be held or fail)."""

    def __init__(self):
        self.runs = 0
        self.lock = threading.Lock()
        self.hold = None  # an Event the run waits for
        self.started = threading.Event()
        self.failure = None

    def run(self, registry):
        with self.lock:
            self.runs += 1
        self.started.set()
        if self.hold is not None:
            self.hold.wait(30)
        if self.failure:
            raise self.failure
        return f"Przebieg {self.runs}."

    @hookimpl
    def smogpanel_jobs(self):
        return [ScheduledJob(code="test.count", title="Liczenie przebiegów", run=self.run, interval=60)]


@pytest.fixture
def database(tmp_path_factory, request):
    return fresh_database(tmp_path_factory, "jobs_" + request.node.name[:40].lower().replace("[", "_").strip("]"))


@pytest.fixture
def processes(database, tmp_path):
    """`processes(n)`: n apps (n processes' registries) sharing the database and one Counting."""
    plugin = Counting()
    with process_apps(database, tmp_path / "mail", **{"smogpanel.plugin_objects": [("counting", plugin)]}) as apps:

        def make(count=2, **settings):
            made = apps(count, **settings)
            return plugin, [JobRunner(app.registry) for app in made], made

        yield make


def state(app, code="test.count"):
    with app.registry["db.session_factory"]() as db:
        row = db.get(JobState, code)
        db.expunge_all()
        return row


def test_each_tick_runs_once_however_many_processes_ask_at_once(processes):
    plugin, runners, apps = processes(3)
    for tick in range(4):
        outcomes = []
        threads = [
            threading.Thread(target=lambda r=runner: outcomes.append(r.run_due("test.count", MOMENT + 60 * tick)))
            for runner in runners
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes, key=str) == [None, None, "ok"]
    assert plugin.runs == 4
    row = state(apps[0])
    assert (row.runs, row.failures, row.outcome, row.summary, row.running) == (4, 0, "ok", "Przebieg 4.", False)
    assert row.last_tick == MOMENT + 180  # the tick's start
    assert runners[1].run_due("test.count", MOMENT + 180) is None  # that tick is done, whoever asks later


def test_a_run_still_going_makes_the_next_tick_skip(processes):
    plugin, (first, second), apps = processes(2)
    plugin.hold = threading.Event()
    running = threading.Thread(target=first.run_due, args=("test.count", MOMENT))
    running.start()
    assert plugin.started.wait(30)
    assert state(apps[0]).running is True
    assert second.run_due("test.count", MOMENT + 60) is None  # never two at once
    plugin.hold.set()
    running.join()
    assert plugin.runs == 1
    assert second.run_due("test.count", MOMENT + 120) == "ok"


def test_a_crashed_runners_lock_is_released(processes, database):
    plugin, (survivor,), apps = processes(1)
    if survivor.lock_engine is not None:  # PostgreSQL: the lock dies with its connection
        crashed = sa.create_engine(survivor.engine.url, poolclass=sa.pool.NullPool).connect()
        crashed.execute(sa.text("SELECT pg_advisory_lock(:key)"), {"key": survivor.lock_key("test.count")})
        assert survivor.run_due("test.count", MOMENT) is None
        crashed.invalidate()  # the runner's process died: its connection is gone
        crashed.close()
    else:  # SQLite: a run marked by a process that no longer exists is taken over
        gone = subprocess.Popen(["true"])
        gone.wait()
        alive = subprocess.Popen(["sleep", "30"])
        try:
            with own_transaction(apps[0].registry) as db:
                host = survivor.owner.rpartition(":")[0]
                db.add(
                    JobState(
                        code="test.count",
                        last_tick=MOMENT - 60,
                        running=True,
                        owner=f"{host}:{alive.pid}",
                        started=utcnow(),
                        runs=0,
                        failures=0,
                    )
                )
            assert survivor.run_due("test.count", MOMENT) is None  # its process still runs it
        finally:
            alive.kill()
            alive.wait()
        with own_transaction(apps[0].registry) as db:
            db.get(JobState, "test.count").owner = f"{survivor.owner.rpartition(':')[0]}:{gone.pid}"
    assert survivor.run_due("test.count", MOMENT) == "ok"
    assert plugin.runs == 1


def test_a_run_whose_outcome_was_never_recorded_does_not_block_its_own_process(processes):
    plugin, (runner,), apps = processes(1)  # e.g. the database was away when the run ended
    with own_transaction(apps[0].registry) as db:
        db.add(
            JobState(
                code="test.count",
                last_tick=MOMENT - 60,
                running=True,
                owner=runner.owner,
                started=utcnow(),
                runs=0,
                failures=0,
            )
        )
    assert runner.run_due("test.count", MOMENT) == "ok"


def test_an_old_run_of_another_host_is_taken_over_after_its_lease(processes):
    plugin, (runner,), apps = processes(1)  # (PostgreSQL: the advisory lock decides, the mark is ignored)
    with own_transaction(apps[0].registry) as db:
        db.add(
            JobState(
                code="test.count",
                last_tick=0,
                running=True,
                owner="another-host:1234",
                started=utcnow() - timedelta(hours=7),
                runs=0,
                failures=0,
            )
        )
    assert runner.run_due("test.count", MOMENT) == "ok"


def test_a_failing_run_is_stored_and_shown_to_super_administrators(processes):
    plugin, (runner,), (app,) = processes(1)
    plugin.failure = RuntimeError("Źródło nie odpowiada")
    assert runner.run_due("test.count", MOMENT) == "error"
    plugin.failure = None
    testapp = webtest.TestApp(app)
    with app.registry["db.session_factory"]() as db:
        admin = signed_in(testapp, create_user(db, email="szef@example.pl", super=1))
        operator = signed_in(testapp, create_user(db, email="operator@example.pl", super=0))
    jobs = {row["code"]: row for row in admin.get("/api/job/")["message"]}
    assert sorted(jobs) == [
        "core.history_purge",
        "core.outbox",
        "core.publications",
        "core.reach_purge",
        "items.refresh",
        "letters.purge",
        "letters.retention",
        "test.count",
    ]
    failed = jobs["test.count"]
    assert failed["title"] == "Liczenie przebiegów" and failed["interval"] == 60
    assert (failed["outcome"], failed["runs"], failed["failures"]) == ("error", 1, 1)
    # in Polish, without the Python exception's name (that stays in the server's log)
    assert failed["error"] == "Nieoczekiwany błąd zadania. Szczegóły są w dzienniku serwera."
    assert failed["started"] and failed["duration_ms"] is not None and failed["running"] is False
    assert jobs["core.outbox"]["outcome"] is None and jobs["core.outbox"]["interval"] == 60
    assert operator.get("/api/job/", status=403)["message"] == "FORBIDDEN"
    assert testapp.get("/api/job/", status=401).json["message"] == "UNAUTHORISED"

    assert runner.run_due("test.count", MOMENT + 60) == "ok"  # the next good run clears the error
    row = next(row for row in admin.get("/api/job/")["message"] if row["code"] == "test.count")
    assert (row["outcome"], row["error"], row["summary"], row["runs"], row["failures"]) == (
        "ok",
        None,
        "Przebieg 2.",
        2,
        1,
    )
    # Monitoring reads the same row: runs and failures of every job in /metrics.
    metrics = testapp.get("/metrics", extra_environ={"REMOTE_ADDR": "127.0.0.1"}).text
    assert 'smogpanel_job_runs_total{job="test.count"} 2.0' in metrics
    assert 'smogpanel_job_failures_total{job="test.count"} 1.0' in metrics


def test_a_longer_interval_set_later_still_runs_on_its_next_tick(processes):
    plugin, (runner,), (app,) = processes(1, **{"smogpanel.jobs.test.count.interval": "60"})
    assert runner.run_due("test.count", MOMENT + 60 * 59) == "ok"  # the last minute of an hour
    app.registry.settings["smogpanel.jobs.test.count.interval"] = "3600"  # now hourly
    assert runner.run_due("test.count", MOMENT + 3599) is None  # that hour has run
    assert runner.run_due("test.count", MOMENT + 3600) == "ok"  # the next one runs
    assert plugin.runs == 2


def test_intervals_come_from_the_settings(processes):
    _plugin, (runner,), _apps = processes(
        1, **{"smogpanel.integrations.refresh_interval": "1200", "smogpanel.jobs.test.count.interval": "5"}
    )
    assert {code: runner.interval(code) for code in runner.jobs} == {
        "core.outbox": 60,
        "core.history_purge": 86400,
        "core.publications": 60,
        "core.reach_purge": 86400,
        "letters.purge": 86400,
        "letters.retention": 86400,
        "items.refresh": 1200,
        "test.count": 5,
    }


def test_the_command_line_lists_and_runs_jobs(database, tmp_path, capsys):
    ini = tmp_path / "jobs.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {database.replace('%', '%%')}\n"
        f"smogpanel.mail_dir = {tmp_path / 'mail'}\n",
        encoding="utf-8",
    )
    assert cli(["-c", str(ini), "jobs", "run", "letters.purge"]) == 0
    assert "Zadanie letters.purge: udane." in capsys.readouterr().out
    assert cli(["-c", str(ini), "jobs"]) == 0
    listed = {line.split("\t")[0]: line for line in capsys.readouterr().out.splitlines()}
    assert set(listed) == {
        "core.outbox",
        "core.history_purge",
        "core.publications",
        "core.reach_purge",
        "letters.purge",
        "letters.retention",
        "items.refresh",
    }
    assert "udane" in listed["letters.purge"] and "Usunięto niepotwierdzone zgłoszenia: 0." in listed["letters.purge"]
    assert "jeszcze nie uruchomione" in listed["core.outbox"] and "co 60 s" in listed["core.outbox"]
    assert "\tnastępnie 20" in listed["core.outbox"]  # the next tick, in UTC
    assert cli(["-c", str(ini), "jobs", "run", "nie.ma"]) == 2
    assert "Nieznane zadanie: nie.ma" in capsys.readouterr().err


def test_the_builtin_plugins_declare_their_jobs_through_the_hook(processes):
    _plugin, _runners, (app,) = processes(1)
    jobs = declared_jobs(app.registry)
    assert jobs["items.refresh"].interval == 3600 and jobs["letters.purge"].interval == 24 * 3600
    assert jobs["items.refresh"].title == "Odświeżanie integracji elementów"


def test_a_tick_behind_a_long_lock_is_one_warning_and_the_next_tick_runs(processes, database, caplog):
    """Another client holds the database longer than `smogpanel.database_wait_ms` (a long
    import): the tick is skipped with one line in the log, no traceback, and runs next time."""
    plugin, (runner,), apps = processes(1, **{"smogpanel.database_wait_ms": "200"})
    assert runner.run_due("test.count", MOMENT) == "ok"
    holder = sa.create_engine(database, poolclass=sa.pool.NullPool).connect()
    if holder.dialect.name == "sqlite":
        holder.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        holder.exec_driver_sql("LOCK TABLE scheduled_job IN ACCESS EXCLUSIVE MODE")
    try:
        with caplog.at_level("WARNING", logger="smogpanel.ops.jobs"):
            assert runner.run_due("test.count", MOMENT + 60) is None
    finally:
        holder.rollback()
        holder.close()
    lines = [record for record in caplog.records if record.name == "smogpanel.ops.jobs"]
    assert len(lines) == 1 and lines[0].exc_info is None, [record.getMessage() for record in lines]
    assert "test.count" in lines[0].getMessage()
    assert runner.run_due("test.count", MOMENT + 60) == "ok" and plugin.runs == 2


def wait_until(condition, seconds=30):
    """Waits for a background run (never asserts on time: the test fails by the condition)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


def test_run_now_runs_a_job_at_once_never_twice_and_only_for_super_administrators(processes):
    plugin, (runner,), (app,) = processes(1)
    testapp = webtest.TestApp(app)
    with app.registry["db.session_factory"]() as db:
        admin = signed_in(testapp, create_user(db, email="szef@example.pl", super=1))
        operator = signed_in(testapp, create_user(db, email="operator@example.pl", super=0))
    plugin.hold = threading.Event()
    assert admin.post("/api/job/test.count/run", {})["message"] == {"code": "test.count", "started": True}
    assert plugin.started.wait(30)
    errors = admin.post("/api/job/test.count/run", {}, status=409)["errors"]
    assert errors[0]["description"] == "Zadanie „Liczenie przebiegów” właśnie trwa. Poczekaj, aż się skończy."
    # the scheduler's own tick meanwhile is refused by the same claim
    assert runner.run_due("test.count", force=True) is None
    plugin.hold.set()
    assert wait_until(lambda: state(app).running is False and state(app).runs == 1)
    assert plugin.runs == 1 and state(app).summary == "Przebieg 1."
    operator.post("/api/job/test.count/run", {}, status=403)
    assert admin.post("/api/job/no.such/run", {}, status=404)["errors"][0]["description"] == "Nie ma zadania „no.such”."
    row = next(row for row in admin.get("/api/job/")["message"] if row["code"] == "test.count")
    assert row["next_run"] > row["started"]  # the next tick, after the run just made


def test_next_run_is_the_next_tick():
    from smogpanel.ops.jobs import next_run

    assert next_run(60, now=MOMENT + 5).timestamp() == MOMENT + 60
    assert next_run(3600, now=MOMENT).timestamp() == MOMENT + 3600


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"smogpanel.history.keep_days": "30 dni"}, "smogpanel.history.keep_days musi być dodatnią liczbą dni"),
        ({"smogpanel.reach.keep_days": "0"}, "smogpanel.reach.keep_days musi być liczbą dni od 1 do 36500, nie „0”"),
        (
            {"smogpanel.jobs.core.histroy_purge.interval": "3600"},
            "nie ma zadania „core.histroy_purge”. Zadania: core.history_purge, core.outbox, core.publications, "
            "core.reach_purge",
        ),
        ({"smogpanel.jobs.core.outbox.interval": "minuta"}, "musi być liczbą, nie „minuta”"),
        ({"smogpanel.integrations.refresh_interval": "1h"}, "smogpanel.integrations.refresh_interval (co ile"),
        ({"smogpanel.integrations.retries": "1.5"}, "musi być liczbą całkowitą"),
    ],
)
def test_a_setting_a_job_reads_is_checked_at_start(database, tmp_path, settings, reason):
    from pyramid.exceptions import ConfigurationError

    with pytest.raises(ConfigurationError) as refused:
        main(
            {},
            **{
                "sqlalchemy.url": database,
                "smogpanel.secret": TEST_SECRET,
                "smogpanel.environment": "testing",
                "smogpanel.mail_dir": str(tmp_path / "mail"),
                **settings,
            },
        )
    assert str(refused.value).startswith("Błędne ustawienia zadań okresowych: ")
    assert reason in str(refused.value)


def test_a_disabled_plugins_job_interval_may_stay_in_the_settings(database, tmp_path):
    app = main(
        {},
        **{
            "sqlalchemy.url": database,
            "smogpanel.secret": TEST_SECRET,
            "smogpanel.environment": "testing",
            "smogpanel.mail_dir": str(tmp_path / "mail"),
            "smogpanel.plugins": "hierarchy",
            "smogpanel.jobs.items.refresh.interval": "600",
        },
    )
    assert "items.refresh" not in declared_jobs(app.registry)
    app.registry["db.engine"].dispose()
