"""A live server (waitress, in this process, 8 threads) on a database of its own, for the
reliability harness: SQLite in a fresh file, or a fresh schema of the PostgreSQL database named
by SMOGPANEL_TEST_DATABASE_URL."""
import json
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass

import pytest
import sqlalchemy as sa

from smogpanel.db import make_engine, make_session_factory
from smogpanel.migrate import upgrade
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.security import hash_password
from smogpanel.testing.app import TEST_SECRET

PASSWORD = "Haslo-niezawodnosc-1"


@dataclass
class Answer:
    status: int
    body: dict | None
    headers: dict


@dataclass
class Live:
    url: str
    factory: object
    engine: object
    database_url: str = ""

    def request(self, method, path, body=None, token=None, headers=None, raw=None, timeout=60, base=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        sent = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        sent.update(headers or {})
        request = urllib.request.Request((base or self.url) + path, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, payload, answer_headers = response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as error:
            status, payload, answer_headers = error.code, error.read(), dict(error.headers)
        try:
            parsed = json.loads(payload)
        except ValueError:
            parsed = None
        return Answer(status, parsed, answer_headers)

    def sign_in(self, email, password=PASSWORD):
        return self.request("POST", "/api/auth/login", {"email": email, "password": password})

    def count(self, table, where="", **parameters):
        with self.engine.connect() as connection:
            return connection.execute(sa.text(f"SELECT count(*) FROM {table} {where}"), parameters).scalar_one()


def live_url(tmp_path_factory, schema):
    import os

    from smogpanel.settings import normalise_database_url

    url = os.environ.get("SMOGPANEL_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path_factory.mktemp(schema) / 'live.sqlite'}"
    url = normalise_database_url(url)
    with sa.create_engine(url, isolation_level="AUTOCOMMIT").connect() as connection:
        connection.exec_driver_sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}"


def add_accounts(factory, emails, is_super=False):
    """Accounts sharing one password hash (one argon2 run, not one per account)."""
    from smogpanel.users.models import User

    password_hash = hash_password(PASSWORD)
    with factory() as db, db.begin():
        for email in emails:
            db.add(User(email=email, firstname="Test", lastname="Niezawodności", super=int(is_super),
                        password_hash=password_hash))


# The bursts are forty clients that all come from 127.0.0.1: a sign-in's attempt counts against
# its address until its password is checked, so forty at once could meet the per-address limit
# (20) that one real address should. The per-e-mail limit stays as shipped.
MANY_CLIENTS_ONE_ADDRESS = 1000


def _serve(server):
    try:
        server.run()
    except OSError:  # the socket closed under select() when the test stopped the server
        pass


def start_live(tmp_path_factory, schema, **overrides):
    from waitress.server import create_server

    from smogpanel import main

    url = live_url(tmp_path_factory, schema)
    manager = build_plugin_manager()
    upgrade(url, manager)
    engine = make_engine(url)
    factory = make_session_factory(engine)
    with factory() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
    settings = {
        "sqlalchemy.url": url,
        "smogpanel.secret": TEST_SECRET,
        "smogpanel.environment": "testing",
        "smogpanel.smtp_url": "",
        "smogpanel.mail_dir": str(tmp_path_factory.mktemp("mail")),
        **overrides,
    }
    app = main({}, **settings)
    server = create_server(app, host="127.0.0.1", port=0, threads=8, connection_limit=200)
    thread = threading.Thread(target=_serve, args=(server,), daemon=True)
    thread.start()
    live = Live(f"http://127.0.0.1:{server.effective_port}", factory, engine, url)
    return live, server, app


@pytest.fixture
def second_process(live, tmp_path):
    """Another server process (`smogpanel serve`, waitress, 8 threads) on the same database:
    its base URL."""
    import os
    import socket
    import subprocess
    import sys
    import time
    from pathlib import Path

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "second.ini"
    config.write_text(f"[app:main]\nuse = egg:smogpanel\nsmogpanel.mail_dir = {tmp_path}/mail\n"
                      f"smogpanel.login_attempts_per_address = {MANY_CLIENTS_ONE_ADDRESS}\n")
    env = dict(os.environ, SMOGPANEL_DATABASE_URL=live.database_url, SMOGPANEL_SECRET=TEST_SECRET,
               SMOGPANEL_ENVIRONMENT="testing", SMOGPANEL_THREADS="8")
    command = [str(Path(sys.executable).with_name("smogpanel")), "-c", str(config), "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/api/import/", timeout=1)
        except urllib.error.HTTPError:
            break  # it answers (401: not signed in)
        except OSError:
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    live, server, app = start_live(tmp_path_factory, "live_reliability",
                                   **{"smogpanel.login_attempts_per_address": str(MANY_CLIENTS_ONE_ADDRESS)})
    yield live
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()
