"""A PostgreSQL database of its own for each pytest-xdist worker.

The suite's fixtures empty and migrate the database named by SMOGPANEL_TEST_DATABASE_URL
(`reset_database`), and the served apps write schemas of fixed names in it (`live_browser`,
...): two workers on one database would drop each other's tables. So under xdist each worker
(`PYTEST_XDIST_WORKER`: gw0, gw1, ...) creates the database `<name>_<worker>` on the same
server, points SMOGPANEL_TEST_DATABASE_URL at it before any fixture or subprocess reads it, and
drops it when it ends. Without xdist, or on SQLite (a temporary file per worker already),
nothing changes: `pytest -n 2` runs on PostgreSQL as on SQLite (`make test` does, docs/performance.md).
"""

import os
import re

import pytest

VARIABLE = "SMOGPANEL_TEST_DATABASE_URL"

# (server URL, database name) made for a pytest run: kept on its config, so a run inside the run
# (pytester's in-process runs) drops only its own, never the worker's database
CREATED = pytest.StashKey[list]()


def worker_database_url(url, worker):
    """`url` with its database name followed by `_<worker>`, and that name."""
    match = re.match(r"^(?P<base>[^?]*/)(?P<name>[^/?]+)(?P<query>\?.*)?$", url)
    if not match:
        raise ValueError(f"{VARIABLE} names no database: {url}")
    name = f"{match['name']}_{worker}"
    return f"{match['base']}{name}{match['query'] or ''}", name


def _server(url):
    import sqlalchemy as sa

    from smogpanel.settings import normalise_database_url

    return sa.create_engine(normalise_database_url(url), isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)


def pytest_configure(config):
    url = os.environ.get(VARIABLE)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not url or not worker or not url.startswith("postgres"):
        return
    own, name = worker_database_url(url, worker)
    engine = _server(url)
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # a killed run's
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    finally:
        engine.dispose()
    config.stash[CREATED] = [(url, name)]
    os.environ[VARIABLE] = own


def pytest_unconfigure(config):
    created = config.stash.get(CREATED, [])
    while created:
        url, name = created.pop()
        engine = _server(url)
        try:
            with engine.connect() as connection:
                connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            engine.dispose()
        os.environ[VARIABLE] = url
