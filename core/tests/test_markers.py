"""The suite's markers as a plugin's tests get them (smogpanel.testing.markers): the fixture sets
the marker, and the PostgreSQL run leaves to the SQLite run only the tests that never reach the
test database."""

import pytest

pytest_plugins = ["pytester"]

TESTS = """
import pytest


def test_on_a_copy_of_init(initialised):
    pass


@pytest.mark.own_database
def test_marked_by_hand():
    pass


@pytest.mark.own_database
def test_marked_but_on_the_test_database_too(database_url):
    pass


def test_on_the_test_database(database_url):
    pass


def test_of_no_database():
    pass
"""


def as_a_run_of_its_own(monkeypatch, database):
    """The inner run is not an xdist worker, even when this test runs in one (it would make a
    worker database on the server the URL names)."""
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.setenv("SMOGPANEL_TEST_DATABASE_URL", database)


def collected(pytester, monkeypatch, database):
    as_a_run_of_its_own(monkeypatch, database)
    pytester.makepyfile(test_kinds=TESTS)
    result = pytester.runpytest_inprocess("--collect-only", "-q", "-p", "no:randomly")
    return {line.split("::")[1] for line in result.outlines if line.startswith("test_kinds.py::")}, result


def test_the_sqlite_run_runs_every_test(pytester, monkeypatch):
    names, _ = collected(pytester, monkeypatch, "")
    assert len(names) == 5


def test_the_postgresql_run_leaves_the_own_database_tests_to_the_sqlite_run(pytester, monkeypatch):
    names, result = collected(pytester, monkeypatch, "postgresql://postgres@127.0.0.1:5432/not_opened")
    assert names == {
        "test_marked_but_on_the_test_database_too",
        "test_on_the_test_database",
        "test_of_no_database",
    }
    result.stdout.fnmatch_lines(["*2 deselected*"])


@pytest.mark.parametrize("database", ["", "postgresql://postgres@127.0.0.1:5432/not_opened"])
def test_the_initialised_fixture_sets_the_marker(pytester, monkeypatch, database):
    as_a_run_of_its_own(monkeypatch, database)
    pytester.makepyfile(test_kinds=TESTS)
    result = pytester.runpytest_inprocess("--collect-only", "-q", "-p", "no:randomly", "-m", "own_database")
    expected = 3 if not database else 1  # on PostgreSQL only the one that reaches its database is left
    result.stdout.fnmatch_lines([f"*{expected}/5 tests collected*"])
