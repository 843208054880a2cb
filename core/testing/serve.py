"""`smogpanel serve` (or `smogpanel worker`) as a real process for tests of what the server does
on its own: the scheduler, /healthz, /metrics. A database of the test's own (SQLite file, or a
PostgreSQL schema when SMOGPANEL_TEST_DATABASE_URL is set), migrated and seeded.

    url = fresh_database(tmp_path_factory, "jobs_mail")
    with Served(tmp_path, url, {"smogpanel.smtp_url": ...}, workers=2) as panel:
        panel.get("/healthz")
"""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import sqlalchemy as sa

from smogpanel.db import make_engine, make_session_factory
from smogpanel.migrate import upgrade
from smogpanel.plugin_manager import build_plugin_manager
from .app import TEST_SECRET

START_SECONDS = 120  # a loaded 2-core machine starts gunicorn's workers slowly


def fresh_database(tmp_path_factory, schema):
    """A migrated, seeded database of its own: its URL."""
    url = os.environ.get("SMOGPANEL_TEST_DATABASE_URL")
    if not url:
        url = f"sqlite:///{tmp_path_factory.mktemp(schema) / 'panel.sqlite'}"
    else:
        from smogpanel.settings import normalise_database_url

        url = normalise_database_url(url)
        with sa.create_engine(url, isolation_level="AUTOCOMMIT").connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
        url = f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    manager = build_plugin_manager()
    upgrade(url, manager)
    engine = make_engine(url)
    with make_session_factory(engine)() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
    engine.dispose()
    return url


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """A `smogpanel serve` process on `database_url` with `settings` in its ini file."""

    def __init__(self, folder, database_url, settings=None, workers=1, command="serve", environ=None):
        self.folder = Path(folder)
        self.database_url = database_url
        self.settings = settings or {}
        self.workers = workers
        self.command = command
        self.environ = environ or {}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.log = self.folder / f"{command}-{self.port}.log"

    def start(self):
        config = self.folder / f"panel-{self.port}.ini"
        lines = ["[app:main]", "use = egg:smogpanel", f"smogpanel.mail_dir = {self.folder / 'mail'}"]
        lines += [f"{key} = {value}" for key, value in self.settings.items()]
        config.write_text("\n".join(lines) + "\n", encoding="utf-8")
        env = dict(os.environ, SMOGPANEL_DATABASE_URL=self.database_url, SMOGPANEL_SECRET=TEST_SECRET,
                   SMOGPANEL_ENVIRONMENT="testing", **self.environ)
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        command = [str(Path(sys.executable).with_name("smogpanel")), "-c", str(config), self.command]
        if self.command == "serve":
            command += ["--port", str(self.port), "--workers", str(self.workers)]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        if self.command == "serve":
            self.wait_until_answering()
        return self

    def wait_until_answering(self):
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text(errors="replace")
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=5)
                return
            except urllib.error.HTTPError:
                return  # it answers
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the server did not answer: {self.log.read_text(errors='replace')}")

    def request(self, path, headers=None, timeout=30):
        """(status, headers, body bytes)."""
        request = urllib.request.Request(self.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def get_json(self, path, headers=None):
        status, _headers, body = self.request(path, headers)
        return status, json.loads(body)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def wait_for(condition, seconds=90, every=0.2):
    """Polls `condition()` until it is true (returned) or `seconds` pass (then its last value):
    for what a background job does on its own, with a deadline far beyond the expected."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(every)


PASSWORD = "Haslo-zadania-1"


def add_account(database_url, email, is_super=True, password=PASSWORD):
    from smogpanel.security import hash_password
    from smogpanel.users.models import User

    engine = make_engine(database_url)
    with make_session_factory(engine)() as db, db.begin():
        db.add(User(email=email, firstname="Test", lastname="Zadań", super=int(is_super),
                    password_hash=hash_password(password)))
    engine.dispose()


def query(database_url, sql, **parameters):
    """The rows of one SQL statement on the database (to check what a process wrote)."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text(sql), parameters).all()
    finally:
        engine.dispose()
