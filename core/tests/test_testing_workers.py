"""The testing kit's database per pytest-xdist worker (smogpanel.testing.workers): its name is
the run's database's followed by the worker's, on the same server, with the same options."""

import os

import pytest

from smogpanel.testing.workers import worker_database_url


def test_a_workers_database_is_named_after_the_runs_and_keeps_its_server_and_options():
    assert worker_database_url("postgresql://postgres@127.0.0.1:5432/smogpanel_ci_42", "gw1") == (
        "postgresql://postgres@127.0.0.1:5432/smogpanel_ci_42_gw1",
        "smogpanel_ci_42_gw1",
    )
    assert worker_database_url("postgresql+psycopg://u:p@db/ci?sslmode=disable", "gw0") == (
        "postgresql+psycopg://u:p@db/ci_gw0?sslmode=disable",
        "ci_gw0",
    )


def test_a_url_naming_no_database_is_refused():
    with pytest.raises(ValueError, match="names no database"):
        worker_database_url("postgresql://postgres@127.0.0.1:5432/", "gw0")


@pytest.mark.postgres
def test_a_run_inside_a_worker_never_drops_the_workers_database(monkeypatch):
    """pytester's in-process runs share the worker's modules: ending one dropped the worker's
    database once, and every later test of that worker failed to connect."""
    import types

    import sqlalchemy as sa

    from smogpanel.settings import normalise_database_url
    from smogpanel.testing import workers

    base = os.environ["SMOGPANEL_TEST_DATABASE_URL"]
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gwkit")
    worker, inner = types.SimpleNamespace(stash=pytest.Stash()), types.SimpleNamespace(stash=pytest.Stash())
    own, name = worker_database_url(base, "gwkit")

    def exists():
        engine = sa.create_engine(normalise_database_url(base), poolclass=sa.pool.NullPool)
        with engine.connect() as connection:
            found = connection.execute(sa.text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).all()
        engine.dispose()
        return bool(found)

    workers.pytest_configure(worker)
    try:
        assert os.environ["SMOGPANEL_TEST_DATABASE_URL"] == own and exists()
        workers.pytest_unconfigure(inner)  # a run of its own ends inside the worker
        assert exists()
    finally:
        workers.pytest_unconfigure(worker)
    assert not exists() and os.environ["SMOGPANEL_TEST_DATABASE_URL"] == base
