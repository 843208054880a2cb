"""Whether the database can serve this code, as every API request and the scheduler see it.

/healthz says so to a load balancer (smogpanel.ops.health); this module makes the rest of the
process act on it:

- `smogpanel serve` and `smogpanel worker` refuse to start on a database that does not answer
  or whose migrations are behind the code's (`refusal`): one Polish reason, the database URL
  without its password, and the command that fixes it.
- While the process runs, every /api request answers 503 with the envelope and the reason
  (DATABASE_UNAVAILABLE, MIGRATIONS_PENDING) instead of a 500 from whatever query fails first.
  The state is checked again at most every few seconds on the request that finds it old, and at
  once after a database error; a database waited for too long (SQLite's write lock, a
  PostgreSQL row lock, the connection pool) is SERVICE_BUSY with Retry-After.
- The scheduler skips its ticks while the database cannot serve it, and the process logs one
  line when an outage starts and one when it ends, not a traceback per job per tick.
"""

import logging
import threading
import time

import sqlalchemy as sa
from pyramid.events import ContextFound

from ..app_state import hold
from ..db import BUSY, is_locked_error
from ..envelope import error_response, is_api, unexpected_error_view
from .health import DATABASE_DOWN, database_state

log = logging.getLogger(__name__)

GATE = "smogpanel.database_gate"
RECHECK_READY_SECONDS = 2  # a restore of an older backup under a running server is seen this late at most
RECHECK_UNREADY_SECONDS = 1  # how soon an outage's end is seen (the requests between get the known answer)
RETRY_AFTER_SECONDS = 5
PG_LOCK_NOT_AVAILABLE = "55P03"  # lock_timeout ran out (smogpanel.db.make_engine sets it)


class DatabaseUnready(Exception):
    """Raised for an /api request while the database cannot serve this code."""

    def __init__(self, reason, message):
        super().__init__(reason)
        self.reason = reason
        self.message = message


class DatabaseGate:
    """The process's last known state of the database: (reason, message) or None when ready.

    `own_engine` False (an app on a test's shared connection, `db.bind`): never checked, so no
    check runs inside a test's transaction (between the queries a test watches, or on a
    transaction a failed statement has aborted)."""

    def __init__(self, registry, own_engine=True):
        self.registry = registry
        self.own_engine = own_engine
        self.lock = threading.Lock()
        self.state = None
        self.checked = None if own_engine else time.monotonic()

    def forget(self):
        """Back to a state not yet known (an app on a test's connection: never checked)."""
        with self.lock:
            self.state = None
            self.checked = None if self.own_engine else time.monotonic()

    def problem(self):
        """(reason, message) when the database cannot serve this code, else None; checked
        again when the last check is old (by one request: the others take the known state)."""
        checked = self.checked
        if checked is None:
            self.check_since(time.monotonic())
        elif self.own_engine and time.monotonic() - checked >= self._recheck_after():
            if self.lock.acquire(blocking=False):
                try:
                    self._check()
                finally:
                    self.lock.release()
        return self.state

    def after_error(self, error):
        """The state after a database error: checked now (the error may mean an outage), unless
        an outage is known already. Requests failing together wait for one check, not one each
        (each may take the connect timeout)."""
        if not self.own_engine:
            return self.state
        now = time.monotonic()
        if self.state is not None and now - self.checked < self._recheck_after():
            return self.state
        self.check_since(now)
        return self.state

    def check_since(self, moment):
        """Checks unless a check has ended since `moment` (another thread's, waited for)."""
        with self.lock:
            if self.checked is None or self.checked < moment:
                self._check()

    def _recheck_after(self):
        return RECHECK_UNREADY_SECONDS if self.state else RECHECK_READY_SECONDS

    def _check(self):
        reason, body, error = database_state(self.registry)
        self._record(reason, body, error)
        self.checked = time.monotonic()

    def _record(self, reason, body, error):
        was = self.state
        self.state = None if reason is None else (reason, body["message"])
        if reason is not None and (was is None or was[0] != reason):
            detail = first_line(error) if error is not None else "branches behind: " + ", ".join(body["branches"])
            log.warning(
                "the database cannot serve this code (%s: %s): API requests answer 503 and scheduled jobs "
                "wait until it can",
                reason,
                detail,
            )
        elif reason is None and was is not None:
            log.warning(
                "the database serves this code again (after %s): API requests and scheduled jobs resume", was[0]
            )


def first_line(error):
    text = str(getattr(error, "orig", None) or error).strip()
    return (text.splitlines() or [type(error).__name__])[0][:300]


def gate_of(registry):
    return registry.get(GATE)


# -- the start of `smogpanel serve` and `smogpanel worker` -----------------------------------
def refusal(registry, init_command="smogpanel init"):
    """The Polish text an operator reads when the process must not start (the database does
    not answer, or its migrations are behind), or None."""
    reason, body, error = database_state(registry)
    if reason is None:
        return None
    url = sa.engine.make_url(registry.settings["sqlalchemy.url"]).render_as_string(hide_password=True)
    lines = [f"Smogpanel nie został uruchomiony. {body['message']}", f"Baza danych: {url}"]
    if reason == "DATABASE_UNAVAILABLE":
        lines.append(f"Błąd: {first_line(error)}")
        lines.append(
            "Sprawdź adres bazy (SMOGPANEL_DATABASE_URL albo sqlalchemy.url w pliku ini) i czy baza działa, "
            f"a potem uruchom: {init_command}"
        )
    else:
        lines.append(f"Gałęzie bez najnowszych migracji: {', '.join(body['branches'])}")
        lines.append(f"Aby je zastosować, uruchom: {init_command}")
    return "\n".join(lines)


# -- API requests ------------------------------------------------------------------------------
def refuse_while_unready(event):
    """ContextFound: after routing (the access log and /metrics name the route), before the
    view and its first query."""
    request = event.request
    if not is_api(request):
        return
    gate = gate_of(request.registry)
    problem = gate.problem() if gate is not None else None
    if problem is not None:
        raise DatabaseUnready(*problem)


def unready_response(reason, message):
    response = error_response(reason, [{"name": "", "description": message}])
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.cache_control = "no-store"
    return response


def _unready_view(exc, request):
    return unready_response(exc.reason, exc.message)


def waited_too_long(error):
    """A database error that says only that the wait for it ran out: SQLite's write lock still
    held after every retry, PostgreSQL's lock_timeout, or no pooled connection free in time."""
    if isinstance(error, sa.exc.TimeoutError):
        return True
    orig = getattr(error, "orig", None)
    return is_locked_error(orig) or getattr(orig, "sqlstate", None) == PG_LOCK_NOT_AVAILABLE


def database_error_view(exc, request):
    """A database error in any request: SERVICE_BUSY when it only waited too long, the reason
    when the database cannot serve this code (it went away, or fell behind the code's
    migrations), else the 500 it is: a fault of the code, logged."""
    if waited_too_long(exc):
        response = error_response("SERVICE_BUSY", [{"name": "", "description": BUSY}])
        response.headers["Retry-After"] = "1"
        return response
    gate = gate_of(request.registry)
    problem = gate.after_error(exc) if gate is not None else None
    if problem is None and lost_connection(exc):  # back already (a failover done, a restart): this request still failed
        problem = ("DATABASE_UNAVAILABLE", DATABASE_DOWN)
    if problem is not None:
        return unready_response(*problem)
    return unexpected_error_view(exc, request)


def lost_connection(error):
    """The connection broke under the query (SQLAlchemy's disconnect detection): the database's
    fault, not the code's, whatever a check right after says."""
    return bool(getattr(error, "connection_invalidated", False))


def includeme(config):
    own_engine = config.registry.settings.get("db.bind") is None
    config.registry[GATE] = hold(config.registry, DatabaseGate(config.registry, own_engine=own_engine))
    config.add_subscriber(refuse_while_unready, ContextFound)
    config.add_exception_view(_unready_view, context=DatabaseUnready)
    config.add_exception_view(database_error_view, context=sa.exc.DBAPIError)
    config.add_exception_view(database_error_view, context=sa.exc.TimeoutError)
