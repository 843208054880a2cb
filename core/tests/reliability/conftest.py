"""The reliability harness's live servers: the app served by waitress in this process (8
threads) on a database of its own (smogpanel.testing.serve's `start_live`), and another
`smogpanel serve` process on the same database."""

import pytest

from smogpanel.testing.serve import PATIENT_WAIT, Served, start_live

# The bursts are forty clients that all come from 127.0.0.1: a sign-in's attempt counts against
# its address until its password is checked, so forty at once could meet the per-address limit
# (20) that one real address should. The per-e-mail limit stays as shipped.
MANY_CLIENTS_ONE_ADDRESS = 1000
HARNESS = {
    "smogpanel.login_attempts_per_address": str(MANY_CLIENTS_ONE_ADDRESS),
    **PATIENT_WAIT,  # the bursts check that contention loses nothing, not how long it may wait
}


@pytest.fixture
def second_process(live, tmp_path):
    """Another server process (`smogpanel serve`, as many workers as it chooses, 8 threads) on
    the same database: its base URL."""
    with Served(tmp_path, live.database_url, HARNESS, workers=None, environ={"SMOGPANEL_THREADS": "8"}) as served:
        yield served.url


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    live, server, app = start_live(tmp_path_factory, "live_reliability", **HARNESS)
    yield live
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()
