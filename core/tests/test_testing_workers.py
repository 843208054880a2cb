"""The testing kit's database per pytest-xdist worker (smogpanel.testing.workers): its name is
the run's database's followed by the worker's, on the same server, with the same options."""

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
