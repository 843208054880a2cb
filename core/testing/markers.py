"""The suite's markers, set where a test's needs show, so a new test cannot forget its own:

    browser   drives Chromium: every test using the `page` or `browser` fixture
    live      serves the app, in a thread (`live_server`, `start_live`) or as a `smogpanel`
              process (`Served`); a test that starts one without the marker fails, naming it
    postgres  needs PostgreSQL: skipped unless SMOGPANEL_TEST_DATABASE_URL names a database
    slow      takes over about 5 s on 2 cores (marked by hand; the run's summary lists the
              unmarked tests that took that long)
    motion    drives Chromium with its animations and transitions on: the `page` fixture's pages
              otherwise ask for reduced motion (smogpanel.testing.browser, `watched_page`)
    own_database  works on SQLite files of its own (or on no database), whatever
              SMOGPANEL_TEST_DATABASE_URL names: the PostgreSQL run would repeat the SQLite run's
              test byte for byte, so it leaves it to that run (set by the `initialised`
              fixture; by hand on the command line's modules). A test that also uses the test
              database (the `database_url` fixture or a served app) runs in both.

`make check` runs `-m "not browser and not live"`; `make test` runs everything, on SQLite and on
PostgreSQL (where the `own_database` tests, the same there, are deselected). Registered here
(and pytest runs with `--strict-markers`), so a plugin's tests outside this repository have
them too (docs/plugins.md, "Testing a plugin")."""

import os

import pytest

MARKERS = {
    "browser": "drives Chromium (set by the `page` and `browser` fixtures)",
    "live": "serves the app in a thread or a process (set by `live_server`; `start_live` and `Served` require it)",
    "postgres": "needs PostgreSQL: skipped unless SMOGPANEL_TEST_DATABASE_URL names a database",
    "slow": "takes over about 5 s on 2 cores",
    "own_database": "works on SQLite files of its own or none, whatever the test database: the SQLite run only",
    "motion": "the `page` fixture's page with the browser's animations on (otherwise it asks for reduced motion)",
}
OWN_DATABASE_FIXTURES = {"initialised"}
TEST_DATABASE_FIXTURES = {"database_url"}
BROWSER_FIXTURES = {"page", "browser"}
LIVE_FIXTURES = {"live_server"}
SLOW_SECONDS = 5.0

_running = None  # the test item being run, for `require_marker`


def pytest_configure(config):
    for name, text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")
    # One per run: a run inside this one (pytester's in-process runs) lists its own tests only
    config.pluginmanager.register(SlowTests(), "smogpanel-slow-tests")


def pytest_collection_modifyitems(config, items):
    on_postgresql = bool(os.environ.get("SMOGPANEL_TEST_DATABASE_URL"))
    repeated = []  # on PostgreSQL: tests that never reach it, run as they are in the SQLite run
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.live)  # the page is served by the live server
        elif fixtures & LIVE_FIXTURES:
            item.add_marker(pytest.mark.live)
        if fixtures & OWN_DATABASE_FIXTURES:
            item.add_marker(pytest.mark.own_database)
        if item.get_closest_marker("postgres") and not on_postgresql:
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL (SMOGPANEL_TEST_DATABASE_URL)"))
        if on_postgresql and never_reaches_the_test_database(item, fixtures):
            repeated.append(item)
    if repeated:
        config.hook.pytest_deselected(items=repeated)
        left = set(repeated)
        items[:] = [item for item in items if item not in left]


def never_reaches_the_test_database(item, fixtures):
    return (
        item.get_closest_marker("own_database") is not None
        and not fixtures & TEST_DATABASE_FIXTURES
        and item.get_closest_marker("live") is None
        and item.get_closest_marker("postgres") is None
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    global _running
    outer, _running = _running, item
    try:
        return (yield)
    finally:
        _running = outer  # a run inside a test (pytester) gives the outer test back


def require_marker(name, doing):
    """Fails the running test unless it carries the marker `name`: called by what `doing` names
    (e.g. 'serves the app'), so a test cannot do it unmarked and slip into `make check`."""
    if _running is not None and _running.get_closest_marker(name) is None:
        pytest.fail(f"{_running.nodeid} {doing}: mark it @pytest.mark.{name}", pytrace=False)


class SlowTests:
    """The run's summary names the tests over SLOW_SECONDS that carry none of the markers."""

    def __init__(self):
        self.durations = []

    def pytest_runtest_logreport(self, report):
        if report.when == "call" and report.duration >= SLOW_SECONDS:
            self.durations.append((report.duration, report.nodeid, set(report.keywords)))

    def pytest_terminal_summary(self, terminalreporter):
        unmarked = [(duration, nodeid) for duration, nodeid, keywords in self.durations if not keywords & set(MARKERS)]
        if unmarked:
            terminalreporter.section(f"tests over {SLOW_SECONDS:.0f} s without a marker (slow, live or browser)")
            for duration, nodeid in sorted(unmarked, reverse=True):
                terminalreporter.write_line(f"{duration:6.1f} s  {nodeid}")
