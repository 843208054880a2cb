"""A panel on a database it cannot use says so: `smogpanel serve` and `smogpanel
worker` refuse to start on a database that does not answer (a wrong SQLite path, a PostgreSQL
address nobody listens at) or that is behind the code's migrations (an empty one), with the
reason /healthz gives, the URL without its password and `smogpanel init`; a running server
whose database falls behind (a backup of an older release restored under it) answers every API
request 503 with the envelope and the reason, logs one line for the outage and resumes by
itself once `smogpanel init` has run. And a request waits for the database a few seconds at
most."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
import webtest
from alembic import command as alembic

from smogpanel import main
from smogpanel.cli import main as cli
from smogpanel.migrate import alembic_config
from smogpanel.ops.health import BEHIND, DATABASE_DOWN
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.testing.app import TEST_SECRET
from smogpanel.testing.serve import (
    PASSWORD,
    Served,
    add_account,
    call,
    drop_schema,
    empty_database,
    free_port,
    fresh_database,
    query,
    start_live,
    wait_for,
)

SMOGPANEL = str(Path(sys.executable).with_name("smogpanel"))
OUTAGE_LINE = "the database cannot serve this code"
BACK_LINE = "the database serves this code again"


def unreachable(kind, folder):
    """A database URL nothing answers at: a SQLite file in a folder that does not exist, or a
    PostgreSQL address where nothing listens (with a password that must not be shown)."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'nie-ma-takiego-folderu' / 'baza.sqlite'}"
    return f"postgresql+psycopg://tajny_uzytkownik:tajne-haslo@127.0.0.1:{free_port()}/baza_produkcyjna"


def run(command, database_url, *arguments):
    """`smogpanel serve|worker` as an operator starts it: (exit code, everything it printed)."""
    env = dict(os.environ, SMOGPANEL_DATABASE_URL=database_url, SMOGPANEL_SECRET=TEST_SECRET)
    env.pop("SMOGPANEL_CONFIG", None)
    finished = subprocess.run(
        [SMOGPANEL, "-c", "", command, *arguments], env=env, capture_output=True, text=True, timeout=120
    )
    return finished.returncode, finished.stdout + finished.stderr


def listening(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def app_on(url, **settings):
    return webtest.TestApp(
        main(
            {},
            **{"sqlalchemy.url": url, "smogpanel.secret": TEST_SECRET, "smogpanel.environment": "testing", **settings},
        )
    )


def refusal_of(code, description):
    return {"success": False, "message": code, "errors": [{"name": "", "description": description}]}


# -- refusing to start ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
@pytest.mark.parametrize("command", ["serve", "worker"])
def test_serve_and_worker_refuse_a_database_that_does_not_answer(kind, command, tmp_path):
    url = unreachable(kind, tmp_path)
    port = free_port()
    code, printed = run(command, url, *(["--port", str(port), "--workers", "2"] if command == "serve" else []))
    assert code != 0
    assert DATABASE_DOWN in printed and "uruchom: smogpanel init" in printed
    assert sa.engine.make_url(url).render_as_string(hide_password=True) in printed
    assert "tajne-haslo" not in printed and "Traceback" not in printed
    assert "Smogpanel działa" not in printed and "Zadania okresowe działają" not in printed
    assert not listening(port)


@pytest.mark.parametrize("command", ["serve", "worker"])
def test_serve_and_worker_refuse_an_empty_database_and_name_the_command_that_fills_it(
    command, tmp_path_factory, tmp_path
):
    url = empty_database(tmp_path_factory, "readiness_empty")
    try:
        code, printed = run(
            command, url, *(["--port", str(free_port()), "--workers", "1"] if command == "serve" else [])
        )
        assert code != 0
        assert BEHIND in printed  # "Baza danych nie ma najnowszych migracji: uruchom smogpanel init."
        assert "Gałęzie bez najnowszych migracji: " in printed and "core" in printed
        assert "Aby je zastosować, uruchom: smogpanel init" in printed
        assert "Traceback" not in printed and "Smogpanel działa" not in printed
    finally:
        drop_schema(url, "readiness_empty")


# -- answering while the database cannot serve ---------------------------------------------------
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_api_requests_on_a_database_that_does_not_answer_are_503_with_the_reason(kind, tmp_path):
    app = app_on(unreachable(kind, tmp_path))
    unavailable = refusal_of("DATABASE_UNAVAILABLE", DATABASE_DOWN)
    sign_in = app.post_json("/api/auth/login", {"email": "ktos@example.pl", "password": "Haslo-123!"}, status=503)
    assert sign_in.json == unavailable and sign_in.headers["Retry-After"]
    assert app.get("/api/plugins", status=503).json == unavailable
    assert app.get("/api/nie-ma-takiej-sciezki", status=503).json == unavailable
    assert app.get("/healthz", status=503).json["reason"] == "DATABASE_UNAVAILABLE"  # as it was


def test_api_requests_on_an_empty_database_are_503_migrations_pending(tmp_path_factory):
    url = empty_database(tmp_path_factory, "readiness_empty_api")
    try:
        app = app_on(url)
        pending = refusal_of("MIGRATIONS_PENDING", BEHIND)
        assert app.post_json("/api/auth/login", {"email": "a@example.pl", "password": "x"}, status=503).json == pending
        assert app.get("/api/public/search/1", status=503).json == pending
    finally:
        drop_schema(url, "readiness_empty_api")


def old_backup(tmp_path_factory, folder):
    """A backup of a database of an older release (the core's first revision only)."""
    old = empty_database(tmp_path_factory, "readiness_old")
    try:
        alembic.upgrade(alembic_config(old, build_plugin_manager()), "core_0001")
        path = folder / "stara.backup"
        assert in_process(old, "backup", str(path)) == 0
        return path
    finally:
        drop_schema(old, "readiness_old")


def in_process(url, *arguments):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SMOGPANEL_DATABASE_URL", url)
        return cli(["-c", "", *arguments])


@pytest.mark.live
def test_an_older_backup_restored_under_a_running_server_turns_every_api_request_into_503_until_init(
    tmp_path_factory, tmp_path
):
    url = fresh_database(tmp_path_factory, "readiness_live")
    saved = old_backup(tmp_path_factory, tmp_path)
    add_account(url, "operator@example.pl")
    settings = {"smogpanel.jobs.core.outbox.interval": 1}  # a tick every second: many during the outage
    try:
        with Served(tmp_path, url, settings, workers=1) as panel:
            token = call(panel.url + "/api/auth/login", "POST", {"email": "operator@example.pl", "password": PASSWORD})
            token = token.body["message"]
            assert call(panel.url + "/api/user/", token=token).status == 200

            assert in_process(url, "restore-backup", str(saved), "--yes") == 0
            assert wait_for(lambda: call(panel.url + "/api/user/", token=token).status == 503)
            pending = refusal_of("MIGRATIONS_PENDING", BEHIND)
            for method, path, body in [
                ("GET", "/api/user/", None),
                ("POST", "/api/auth/login", {"email": "operator@example.pl", "password": PASSWORD}),
                ("GET", "/api/plugins", None),
                ("GET", "/api/history/", None),
                ("POST", "/api/calculator/", {"name": "x"}),
                ("GET", "/api/job/", None),
            ]:
                answer = call(panel.url + path, method, body, token=token)
                assert (answer.status, answer.body) == (503, pending), (method, path)
                assert answer.headers["Retry-After"]
            assert panel.get_json("/healthz")[1]["reason"] == "MIGRATIONS_PENDING"
            assert wait_for(lambda: OUTAGE_LINE in panel.log.read_text())

            assert in_process(url, "init") == 0
            assert wait_for(lambda: call(panel.url + "/api/user/", token=token).status != 503)
            add_account(url, "operator@example.pl")  # the old backup had no accounts
            assert (
                call(
                    panel.url + "/api/auth/login", "POST", {"email": "operator@example.pl", "password": PASSWORD}
                ).status
                == 200
            )
            # The scheduler resumed by itself: the outbox job runs again on the restored database.
            assert wait_for(lambda: query(url, "SELECT runs FROM scheduled_job WHERE code = 'core.outbox'") != [])
            log = panel.log.read_text()
        assert log.count(OUTAGE_LINE) == 1, log
        assert log.count(BACK_LINE) == 1, log
        assert "Traceback" not in log, log
    finally:
        drop_schema(url, "readiness_live")


# -- waiting for the database a few seconds at most --------------------------
@pytest.fixture
def live(tmp_path_factory):
    live, server, app = start_live(tmp_path_factory, "readiness_wait", **{"smogpanel.database_wait_ms": "300"})
    yield live
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()
    drop_schema(live.database_url, "readiness_wait")


@pytest.mark.live
def test_signing_in_while_signed_in_does_not_wait_for_its_own_write_lock(live):
    """The shell (and schemathesis) send the token along with a new sign-in: the request's own
    transaction used to take SQLite's write lock before the view, and the attempt count, written
    in a transaction of its own, waited for it the whole busy timeout."""
    add_account(live.database_url, "znow@example.pl")
    token = live.sign_in("znow@example.pl").body["message"]
    again = live.request("POST", "/api/auth/login", {"email": "znow@example.pl", "password": PASSWORD}, token=token)
    assert again.status == 200 and again.body["success"] is True


@pytest.mark.live
def test_a_request_that_cannot_get_the_database_in_time_answers_503_and_then_works(live):
    """Another client holds the write lock (SQLite) or the accounts table (PostgreSQL) longer
    than `smogpanel.database_wait_ms`: the request answers SERVICE_BUSY, never hangs or 500s."""
    add_account(live.database_url, "czeka@example.pl")
    if live.engine.dialect.name == "sqlite":
        import sqlite3

        holder = sqlite3.connect(live.engine.url.database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
    else:
        holder = sa.create_engine(live.database_url, poolclass=sa.pool.NullPool).connect()
        holder.exec_driver_sql("LOCK TABLE user_account IN ACCESS EXCLUSIVE MODE")
    try:
        answer = live.sign_in("czeka@example.pl")
    finally:
        holder.rollback()
        holder.close()
    assert (answer.status, answer.body["message"]) == (503, "SERVICE_BUSY")
    assert answer.headers["Retry-After"] == "1"
    assert live.sign_in("czeka@example.pl").status == 200


@pytest.mark.live
@pytest.mark.postgres  # a SQLite file does not go away under open connections
def test_a_postgresql_server_that_goes_away_under_a_running_panel_is_503_until_it_is_back(tmp_path_factory, tmp_path):
    """A failover: the connection to PostgreSQL drops and new ones are refused for a while."""
    from smogpanel.testing.relay import Relay

    direct = fresh_database(tmp_path_factory, "readiness_failover")
    add_account(direct, "operator@example.pl")
    target = sa.engine.make_url(direct)
    try:
        with Relay(target.host or "127.0.0.1", target.port or 5432) as relay:
            url = relay.url_for(direct)
            with Served(tmp_path, url, {"smogpanel.jobs.core.outbox.interval": 1}, workers=1) as panel:
                signed = call(
                    panel.url + "/api/auth/login", "POST", {"email": "operator@example.pl", "password": PASSWORD}
                )
                token = signed.body["message"]
                assert call(panel.url + "/api/user/", token=token).status == 200

                relay.cut()
                assert wait_for(lambda: call(panel.url + "/api/user/", token=token).status == 503)
                unavailable = refusal_of("DATABASE_UNAVAILABLE", DATABASE_DOWN)
                for method, path, body in [
                    ("GET", "/api/user/", None),
                    ("POST", "/api/auth/login", {"email": "operator@example.pl", "password": PASSWORD}),
                    ("GET", "/api/public/search/1", None),
                    ("POST", "/api/calculator/", {"name": "x"}),
                ]:
                    answer = call(panel.url + path, method, body, token=token)
                    assert (answer.status, answer.body) == (503, unavailable), (method, path)
                runs = query(direct, "SELECT runs FROM scheduled_job WHERE code = 'core.outbox'")[0][0]

                relay.restore()
                assert wait_for(lambda: call(panel.url + "/api/user/", token=token).status == 200)
                assert wait_for(
                    lambda: query(direct, "SELECT runs FROM scheduled_job WHERE code = 'core.outbox'")[0][0] > runs
                )  # the scheduler resumed by itself
                log = panel.log.read_text()

                relay.cut()  # a blip: every pooled connection is dead, the database already back
                relay.restore()
                first = call(panel.url + "/api/user/", token=token)
                assert first.status in (200, 503), first  # a 503 for the broken connection, never a 500
                assert wait_for(lambda: call(panel.url + "/api/user/", token=token).status == 200)
                after_blip = panel.log.read_text()
        assert log.count(OUTAGE_LINE) == 1, log
        assert log.count(BACK_LINE) == 1, log
        assert "Traceback" not in after_blip, after_blip
    finally:
        drop_schema(direct, "readiness_failover")
