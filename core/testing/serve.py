"""The panel really served, on a database of its own that really commits (a SQLite file, or a
schema of the PostgreSQL database named by SMOGPANEL_TEST_DATABASE_URL): in a thread of the
test's process (waitress: `start_live`, the browser tests' `live_server`), or as a `smogpanel
serve` (or `smogpanel worker`) process for what the server does on its own (the scheduler,
/healthz, /metrics).

    url = fresh_database(tmp_path_factory, "jobs_mail")
    with Served(tmp_path, url, {"smogpanel.smtp_url": ...}, workers=2) as panel:
        panel.get_json("/healthz")

    live, server, app = start_live(tmp_path_factory, "live_reliability")
    add_accounts(live.factory, ["burst@example.pl"], is_super=True)
    live.sign_in("burst@example.pl").status
"""

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import sqlalchemy as sa

from smogpanel.db import make_engine, make_session_factory
from smogpanel.migrate import upgrade
from smogpanel.plugin_manager import build_plugin_manager

from .app import TEST_SECRET
from .markers import require_marker

START_SECONDS = 120  # a loaded 2-core machine starts gunicorn's workers slowly
PASSWORD = "Haslo-testowe-1"  # of every account these helpers add
# How long a live test's writes may wait for the database before SERVICE_BUSY (5 s as shipped is a
# deployment's choice): on a CI machine running both databases' suites at once, the writers of a
# contention or backup test queue for SQLite's one write lock longer than that (seen: a 503 in a
# burst, and one among the backup-under-load test's four writers). The bounded wait has tests of
# its own (test_concurrency's and test_database_readiness's 503 tests).
PATIENT_WAIT = {"smogpanel.database_wait_ms": "60000"}


# -- databases of their own -----------------------------------------------------------------
def empty_database(tmp_path_factory, name):
    """The URL of an empty database of the run's kind: a new SQLite file, or a new schema
    `name` of the PostgreSQL database named by SMOGPANEL_TEST_DATABASE_URL."""
    from smogpanel.settings import normalise_database_url

    url = os.environ.get("SMOGPANEL_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path_factory.mktemp(name) / 'database.sqlite'}"
    url = normalise_database_url(url)
    drop_schema(url, name)
    with sa.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool).connect() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {name}")
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{name}"


def drop_schema(url, name):
    if url.startswith("postgresql"):
        base = url.split("options=")[0].rstrip("?&")
        with sa.create_engine(base, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool).connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def migrate_and_seed(url):
    """Migrates `url` to head and writes what every plugin seeds."""
    manager = build_plugin_manager()
    upgrade(url, manager)
    engine = make_engine(url)
    try:
        with make_session_factory(engine)() as db, db.begin():
            manager.hook.smogpanel_seed(db=db)
    finally:
        engine.dispose()


@contextlib.contextmanager
def process_apps(database_url, mail_dir, **defaults):
    """`make(count, **settings)`: `count` apps on one database, as that many server processes'
    registries would be (a scheduler's job, a scheduled publish raced by two), each with its
    own engine, disposed when the block ends."""
    from smogpanel import main

    apps = []

    def make(count=2, **settings):
        base = {
            "sqlalchemy.url": database_url,
            "smogpanel.secret": TEST_SECRET,
            "smogpanel.environment": "testing",
            "smogpanel.mail_dir": str(mail_dir),
        }
        apps.extend(main({}, **{**base, **defaults, **settings}) for _ in range(count))
        return apps[-count:]

    try:
        yield make
    finally:
        for app in apps:
            app.registry["db.engine"].dispose()


def fresh_database(tmp_path_factory, schema):
    """A migrated, seeded database of its own: its URL."""
    url = empty_database(tmp_path_factory, schema)
    migrate_and_seed(url)
    return url


def add_accounts(factory, emails, is_super=False, password=PASSWORD, firstname="Konto", lastname="Testowe", **access):
    """Accounts sharing one password hash (one argon2 run per password and test run). `access`:
    the account's role and scopes as stored (`role`, `scope_kinds`, `scope_voivodeships`: ids
    comma-separated, `personal_data`), e.g. `scope_voivodeships="6"` for an editor of one."""
    from smogpanel.testing.app import hash_of
    from smogpanel.users.models import User

    password_hash = hash_of(password)
    with factory() as db, db.begin():
        for email in emails:
            db.add(
                User(
                    email=email,
                    firstname=firstname,
                    lastname=lastname,
                    super=int(is_super),
                    password_hash=password_hash,
                    **access,
                )
            )


def add_account(database_url, email, is_super=True, password=PASSWORD):
    engine = make_engine(database_url)
    try:
        add_accounts(make_session_factory(engine), [email], is_super, password)
    finally:
        engine.dispose()


def query(database_url, sql, **parameters):
    """The rows of one SQL statement on the database (to check what a process wrote)."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text(sql), parameters).all()
    finally:
        engine.dispose()


# -- asking a served panel ------------------------------------------------------------------
@dataclass
class Answer:
    status: int
    body: dict | None  # the parsed JSON, None when the body is none
    headers: dict
    content: bytes = b""


def call(url, method="GET", body=None, token=None, headers=None, raw=None, timeout=60):
    """One HTTP request (`body` sent as JSON, or `raw` bytes as they are): its Answer, whatever
    the status."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    sent = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    sent.update(headers or {})
    request = urllib.request.Request(url, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, content, answer_headers = response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        status, content, answer_headers = error.code, error.read(), dict(error.headers)
    try:
        parsed = json.loads(content)
    except ValueError:
        parsed = None
    return Answer(status, parsed, answer_headers, content)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# -- the app in a thread of the test's process ----------------------------------------------
def live_settings(url, mail_dir, **overrides):
    return {
        "sqlalchemy.url": url,
        "smogpanel.secret": TEST_SECRET,
        "smogpanel.environment": "testing",
        "smogpanel.smtp_url": "",
        "smogpanel.mail_dir": str(mail_dir),
        **overrides,
    }


def live_app(url, mail_dir, **overrides):
    """The real app on `url` (mails as .eml files in `mail_dir`)."""
    from smogpanel import main

    return main({}, **live_settings(url, mail_dir, **overrides))


def _serve(server):
    try:
        server.run()
    except OSError:  # the socket closed under select() when the test stopped the server
        pass


@dataclass
class Live:
    """The app served in a thread (`start_live`), its database's session factory and engine."""

    url: str
    factory: object
    engine: object
    database_url: str = ""
    settings: dict = field(default_factory=dict)

    def request(self, method, path, body=None, token=None, headers=None, raw=None, timeout=60, base=None):
        return call((base or self.url) + path, method, body, token, headers, raw, timeout)

    def sign_in(self, email, password=PASSWORD):
        return self.request("POST", "/api/auth/login", {"email": email, "password": password})

    def count(self, table, where="", **parameters):
        with self.engine.connect() as connection:
            return connection.execute(sa.text(f"SELECT count(*) FROM {table} {where}"), parameters).scalar_one()


def start_live(tmp_path_factory, schema, threads=8, **overrides):
    """The app on a fresh database of its own (`schema`), served by waitress with `threads`
    threads in a daemon thread: (Live, the waitress server to close, the app)."""
    from waitress.server import create_server

    from smogpanel import main

    require_marker("live", "serves the app (start_live)")
    url = fresh_database(tmp_path_factory, schema)
    engine = make_engine(url)
    settings = live_settings(url, tmp_path_factory.mktemp("mail"), **overrides)
    app = main({}, **settings)
    server = create_server(app, host="127.0.0.1", port=0, threads=threads, connection_limit=200)
    threading.Thread(target=_serve, args=(server,), daemon=True).start()
    live = Live(f"http://127.0.0.1:{server.effective_port}", make_session_factory(engine), engine, url, settings)
    return live, server, app


# -- `smogpanel serve` as a process ---------------------------------------------------------
class Served:
    """A `smogpanel serve` process on `database_url` with `settings` in its ini file (`workers`
    None: as many as `serve` chooses itself)."""

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
        require_marker("live", f"starts `smogpanel {self.command}` (Served)")
        config = self.folder / f"panel-{self.port}.ini"
        lines = ["[app:main]", "use = egg:smogpanel", f"smogpanel.mail_dir = {self.folder / 'mail'}"]
        lines += [f"{key} = {value}" for key, value in self.settings.items()]
        config.write_text("\n".join(lines) + "\n", encoding="utf-8")
        env = dict(
            os.environ,
            SMOGPANEL_DATABASE_URL=self.database_url,
            SMOGPANEL_SECRET=TEST_SECRET,
            SMOGPANEL_ENVIRONMENT="testing",
            **self.environ,
        )
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        command = [str(Path(sys.executable).with_name("smogpanel")), "-c", str(config), self.command]
        if self.command == "serve":
            command += ["--port", str(self.port)]
            command += ["--workers", str(self.workers)] if self.workers else []
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
        answer = call(self.url + path, headers=headers, timeout=timeout)
        return answer.status, answer.headers, answer.content

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
