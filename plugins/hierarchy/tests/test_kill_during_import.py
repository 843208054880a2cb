"""kill -9 in the middle of an import, then a restart: nothing partial. A real server process
(`smogpanel serve`, killed with its whole process group, whatever workers it runs) on a database
of its own (a SQLite file, or a schema of the run's PostgreSQL database) imports a full-size
TERC file that renames every gmina; it is killed at several moments of the import. After each
kill every gmina has the names of one file or the other, never a mix, and the restarted server
imports again."""

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import sqlalchemy as sa

from smogpanel.cli import main as cli
from smogpanel.plugins.hierarchy.testing import GMINY, register_shaped_terc
from smogpanel.testing.app import TEST_SECRET

pytestmark = pytest.mark.live  # `smogpanel serve` as a process, killed mid-import

EMAIL, PASSWORD = "import@example.pl", "Haslo-importu-1"
FILES = {prefix: register_shaped_terc(prefix) for prefix in ("Gmina", "Wieś")}


def database_url(tmp_path):
    url = os.environ.get("SMOGPANEL_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'kill.sqlite'}"
    from smogpanel.settings import normalise_database_url

    url = normalise_database_url(url)
    with sa.create_engine(url, isolation_level="AUTOCOMMIT").connect() as connection:
        connection.exec_driver_sql("DROP SCHEMA IF EXISTS kill_import CASCADE")
        connection.exec_driver_sql("CREATE SCHEMA kill_import")
    return url + ("&" if "?" in url else "?") + "options=-csearch_path%3Dkill_import"


class Server:
    def __init__(self, tmp_path, url):
        self.config = tmp_path / "kill.ini"
        self.config.write_text(f"[app:main]\nuse = egg:smogpanel\nsmogpanel.mail_dir = {tmp_path}/mail\n")
        self.env = dict(
            os.environ, SMOGPANEL_DATABASE_URL=url, SMOGPANEL_SECRET=TEST_SECRET, SMOGPANEL_ENVIRONMENT="testing"
        )
        self.process = None

    def start(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        command = [
            str(Path(sys.executable).with_name("smogpanel")),
            "-c",
            str(self.config),
            "serve",
            "--port",
            str(self.port),
        ]
        # A session of its own: the kill takes every process the server started.
        self.process = subprocess.Popen(
            command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        for _ in range(300):
            if self.request("GET", "/api/plugins") is not None:
                return
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self):
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def request(self, method, path, body=None, token=None, timeout=30):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
        except OSError:
            return None

    def sign_in(self):
        return self.request("POST", "/api/auth/login", {"email": EMAIL, "password": PASSWORD})[1]["message"]

    def import_file(self, token, prefix, timeout=120):
        body = {
            "type": "TERYT_TERC",
            "file": {"name": "terc.csv", "data": "data:text/csv;base64," + base64.b64encode(FILES[prefix]).decode()},
        }
        return self.request("POST", "/api/hierarchy/import-teryt", body, token, timeout)


def names_by_prefix(engine):
    with engine.connect() as connection:
        rows = connection.execute(
            sa.text(
                "SELECT substr(name, 1, 5), count(*) FROM borough WHERE deleted IS NULL AND name NOT LIKE :cities "
                "GROUP BY substr(name, 1, 5)"
            ),
            {"cities": "Miasto%"},
        ).all()
    return {prefix.strip(): count for prefix, count in rows}


@pytest.fixture
def server(tmp_path):
    url = database_url(tmp_path)
    ini = tmp_path / "init.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url.replace('%', '%%')}\n"
        f"smogpanel.mail_dir = {tmp_path}/mail\n"
    )
    assert cli(["-c", str(ini), "init"]) == 0
    assert cli(["-c", str(ini), "user", "add", EMAIL, "--password", PASSWORD, "--super"]) == 0
    server = Server(tmp_path, url)
    server.start()
    yield server, sa.create_engine(url)
    if server.process.poll() is None:
        server.kill()


def test_a_server_killed_during_an_import_leaves_one_file_or_the_other_never_a_mix(server):
    server, engine = server
    token = server.sign_in()
    assert server.import_file(token, "Gmina")[0] == 200
    started = time.perf_counter()  # a renaming import, as the ones killed below
    assert server.import_file(token, "Wieś")[0] == 200
    duration = time.perf_counter() - started
    rural = names_by_prefix(engine)["Wieś"]
    assert rural > GMINY // 2
    current, outcomes = "Wieś", []
    for fraction in (0.1, 0.3, 0.5, 0.7, 0.9, 0.97):
        other = "Wieś" if current == "Gmina" else "Gmina"
        body = {
            "type": "TERYT_TERC",
            "file": {"name": "terc.csv", "data": "data:text/csv;base64," + base64.b64encode(FILES[other]).decode()},
        }
        data = json.dumps(body).encode()
        # The request goes out on a socket of its own, so the kill can land while it runs.
        connection = socket.create_connection(("127.0.0.1", server.port))
        connection.sendall(
            f"POST /api/hierarchy/import-teryt HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
            + data
        )
        time.sleep(duration * fraction)
        server.kill()
        connection.close()
        counts = names_by_prefix(engine)
        # All of one file: the old names (the kill came first) or the new (the commit did).
        assert counts in ({current: rural}, {other: rural}), counts
        outcomes.append("committed" if other in counts else "rolled back")
        current = next(iter(counts))
        server.start()
        token = server.sign_in()
    assert "rolled back" in outcomes  # at least one kill landed before the commit
    # The restarted server works: the other file imports whole.
    other = "Wieś" if current == "Gmina" else "Gmina"
    assert server.import_file(token, other)[0] == 200
    assert names_by_prefix(engine) == {other: rural}
