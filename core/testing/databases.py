"""SQLite files as `smogpanel init` leaves them, for tests that need a database file of their own
but are not about `init` (the command line's tests, a served database's): each kind is made once
per test process by the real command, then copied for each test with SQLite's backup API,
instead of migrating from nothing in every test (1–2 s each; `init --demo` writes every
plugin's demo records too). Tests of `init` itself still run it."""

import configparser
import contextlib
import io
import os
import sqlite3
from pathlib import Path

import pytest

SQLITE = "sqlite:///"
# Settings that say where a database and its mail go, not what `init` writes into it
PLACES = {"sqlalchemy.url", "smogpanel.mail_dir"}


def settings_of(ini):
    parser = configparser.RawConfigParser()
    parser.read(ini, encoding="utf-8")
    return dict(parser.items("app:main"))


def sqlite_file(url):
    import sqlalchemy as sa

    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        raise ValueError(f"initialised: an SQLite file's URL is needed, not {url}")
    return Path(parsed.database)


def copy_database(source, target):
    """`source` into `target` as one consistent database (what a WAL file holds included), made
    private as `init` makes it (smogpanel.private_files: the file 0600, its folders 0700)."""
    from smogpanel.private_files import create_private_file

    create_private_file(target)
    with contextlib.closing(sqlite3.connect(source)) as read, contextlib.closing(sqlite3.connect(target)) as write:
        read.backup(write)


class Initialised:
    """`initialised(ini, demo=False)`: the database file `ini` names, as `smogpanel -c ini init`
    (with `--demo`: `init --demo`) leaves it. One template per demo flag, other settings of the
    ini and `SMOGPANEL_*` environment (`smogpanel.publishing = reviewed` writes the demo as
    drafts, say), made by the command itself in a folder of the session's."""

    def __init__(self, folder):
        self.folder = folder
        self.templates = {}

    def __call__(self, ini, demo=False):
        settings = settings_of(ini)
        environment = {(name, value) for name, value in os.environ.items() if name.startswith("SMOGPANEL_")}
        kept = {(name, value) for name, value in settings.items() if name not in PLACES}
        key = (demo, frozenset(kept), frozenset(environment))
        if key not in self.templates:
            self.templates[key] = self.make(settings, demo, len(self.templates))
        copy_database(self.templates[key], sqlite_file(settings["sqlalchemy.url"]))

    def make(self, settings, demo, number):
        from smogpanel.cli import main as cli

        folder = self.folder / f"template-{number}"
        folder.mkdir()
        database = folder / "init.sqlite"
        parser = configparser.RawConfigParser()
        parser["app:main"] = dict(
            settings, **{"sqlalchemy.url": SQLITE + str(database), "smogpanel.mail_dir": str(folder)}
        )
        ini = folder / "init.ini"
        with open(ini, "w", encoding="utf-8") as out:
            parser.write(out)
        with contextlib.redirect_stdout(io.StringIO()) as said:  # the test's own output stays its own
            status = cli(["-c", str(ini), "init", *(["--demo"] if demo else [])])
        if status != 0:
            raise RuntimeError(f"initialised: `smogpanel init` ended with {status}: {said.getvalue()}")
        return database


@pytest.fixture(scope="session")
def initialised(tmp_path_factory):
    """`initialised(ini, demo=False)` writes the SQLite database the ini file names as `smogpanel
    init` (`--demo`) leaves it, copied from a template the command made once per test process."""
    return Initialised(tmp_path_factory.mktemp("initialised"))
