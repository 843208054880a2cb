"""Periodic jobs run once per tick, however many processes or servers ask.

The jobs are the core's (the outbox retry) and the plugins' (`smogpanel_jobs`). A job's tick is
the wall-clock interval it falls in, named by its start in unix time (a multiple of the
interval, so a changed interval never leaves a newer-looking tick behind), and every process
wakes at the same boundaries (smogpanel.ops.scheduler). The first to claim a tick runs it:

- PostgreSQL: `pg_try_advisory_lock` on a connection of its own, held while the job runs; a
  crashed runner's connection closes and the server releases its lock. Holding it, the runner
  marks the tick in the job's row (`scheduled_job.last_tick`) unless the row already names it
  (another process ran this tick and has let go): so one run per tick, not one at a time.
- SQLite (one machine, one writer): the row is the lock. The tick is claimed in a BEGIN
  IMMEDIATE transaction when the row names an older tick and no run is going on; a run whose
  process is gone (same host, no such pid) or older than `LEASE_SECONDS` is taken over.

Each run's start, duration, outcome, error and summary are written to the row (`JobState`),
which `smogpanel jobs`, the panel's 'Zadania' and /metrics read. The error is a Polish reason
(`failure_reason`: a job's own `JobFailed` text, else what kind of failure it was); the
exception itself goes to the server's log. A super administrator may run a job at once
(`POST /api/job/<code>/run`, 'Uruchom teraz'), through the same claim as the scheduler.

The settings the jobs read are checked when the app starts (`check_job_settings`): a typo stops
the server with a Polish reason instead of a daily job failing quietly.
"""

import functools
import hashlib
import logging
import os
import smtplib
import socket
import threading
import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from ..db import own_transaction, utcnow
from ..envelope import ApiError
from ..history import purge_by_setting
from ..hookspecs import ScheduledJob
from ..mail import retry_outbox
from ..models import INSTALLATION_ID, JobState, Setting
from ..openapi import describe_route, envelope_responses
from ..publishing.schedule import DEFAULT_INTERVAL as PUBLICATIONS_INTERVAL
from ..publishing.schedule import JOB as PUBLICATIONS_JOB
from ..publishing.schedule import late_changes, record_due
from ..reach import retention
from ..security import SUPER
from .job_settings import check_job_settings
from .readiness import first_line, gate_of, lost_connection, waited_too_long

log = logging.getLogger(__name__)

OUTBOX_JOB = "core.outbox"
DEFAULT_OUTBOX_INTERVAL = 60
LEASE_SECONDS = 6 * 3600  # SQLite: a run still marked after this is a crashed runner's
MAX_ERROR = 2000
# The jobs this process is running now: a run marked as this process's that is not among them
# ended without its outcome recorded (the database away at that moment), and is over.
_active = set()
_active_lock = threading.Lock()


class JobFailed(Exception):
    """A job's failure with its Polish reason, shown in 'Zadania' as it is."""


DETAILS_LOGGED = "Szczegóły są w dzienniku serwera."


def failure_reason(error):
    """The Polish reason 'Zadania' shows for a failed run (the exception's name and text stay in the log)."""
    if isinstance(error, JobFailed):
        return str(error)
    if waited_too_long(error):
        reason = "Baza danych była zajęta innym zapisem (np. długim importem); zadanie wykona się w następnym terminie."
    elif isinstance(error, sa.exc.SQLAlchemyError):
        reason = "Błąd bazy danych."
    elif isinstance(error, smtplib.SMTPException):
        reason = "Serwer poczty odrzucił połączenie albo wiadomość."
    elif isinstance(error, TimeoutError):
        reason = "Upłynął czas oczekiwania na odpowiedź."
    elif isinstance(error, ConnectionError | socket.gaierror):
        reason = "Nie udało się połączyć z serwerem."
    elif isinstance(error, OSError):
        reason = "Błąd systemu (plik, katalog albo połączenie)."
    else:
        reason = "Nieoczekiwany błąd zadania."
    return f"{reason} {DETAILS_LOGGED}"


def _send_outbox(registry):
    factory = functools.partial(registry["db.session_factory"], bind=registry["db.writer"])
    result = retry_outbox(factory, registry.settings, interval_of(registry, OUTBOX_JOB))
    return f"Wysłano: {result.sent}, nieudane: {result.failed}."


def _purge_history(registry):
    return purge_by_setting(registry)


def _purge_reach(registry):
    return retention.purge_by_setting(registry)


CORE_JOBS = (
    ScheduledJob(
        code=OUTBOX_JOB,
        title="Ponowne wysyłanie wiadomości z kolejki",
        run=_send_outbox,
        interval=DEFAULT_OUTBOX_INTERVAL,
    ),
    ScheduledJob(
        code="core.history_purge",
        title="Usuwanie starych wpisów historii zmian",
        run=_purge_history,
        interval=24 * 3600,
    ),
    ScheduledJob(
        code=PUBLICATIONS_JOB,
        title="Zapisywanie zaplanowanych publikacji w historii",
        run=record_due,
        interval=PUBLICATIONS_INTERVAL,
        details=late_changes,
    ),
    ScheduledJob(
        code="core.reach_purge",
        title="Usuwanie starych liczników zasięgu widżetów",
        run=_purge_reach,
        interval=24 * 3600,
    ),
)


def declared_jobs(registry):
    """{code: ScheduledJob}: the core's and every enabled plugin's, in that order."""
    jobs = {job.code: job for job in CORE_JOBS}
    for declared in registry.plugin_manager.hook.smogpanel_jobs(settings=registry.settings):
        for job in declared or ():
            if job.code in jobs:
                raise ValueError(f"two scheduled jobs share the code {job.code!r}")
            jobs[job.code] = job
    return jobs


def interval_of(registry, code, job=None):
    """Seconds between the job's ticks: `smogpanel.jobs.<code>.interval`, else its own."""
    job = job or declared_jobs(registry)[code]
    return max(1, int(float(registry.settings.get(f"smogpanel.jobs.{code}.interval") or job.interval)))


def process_owner():
    return f"{socket.gethostname()}:{os.getpid()}"[:300]


def _owner_gone(owner):
    """True when `owner` ("host:pid") is a process of this host that no longer runs."""
    host, _, pid = (owner or "").rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


class JobRunner:
    """Runs the registry's jobs, each tick once across every process (see the module's text)."""

    def __init__(self, registry):
        self.registry = registry
        self.jobs = declared_jobs(registry)
        self.engine = registry["db.engine"]
        self.owner = process_owner()
        self.lock_engine = None
        if self.engine.dialect.name == "postgresql":
            # No pool: the lock's connection closes when the run ends, and with it any lock left.
            self.lock_engine = sa.create_engine(
                self.engine.url, poolclass=sa.pool.NullPool, isolation_level="AUTOCOMMIT"
            )
        self.installation = None  # read at the first run: the database may be away at start

    def _installation(self):
        if self.installation is None:
            with self.registry["db.session_factory"]() as db:
                setting = db.get(Setting, INSTALLATION_ID)
                self.installation = setting.value if setting else ""
        return self.installation

    def interval(self, code):
        return interval_of(self.registry, code, self.jobs[code])

    def lock_key(self, code):
        """A signed 64-bit advisory lock key for the job in this database (its installation id:
        two installations on one PostgreSQL server, in two schemas, never block each other)."""
        digest = hashlib.blake2b(f"smogpanel.job:{self._installation()}:{code}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)

    def run_due(self, code, now=None, force=False):
        """Runs job `code` for the current tick unless another process has or is running it.
        `force` (`smogpanel jobs run`): now, whatever the tick, still never two at once.
        Returns "ok" or "error", or None when this process did not run it."""
        now = time.time() if now is None else now
        interval = self.interval(code)
        tick = int(now // interval) * interval
        gate = gate_of(self.registry)
        if not force and gate is not None and gate.problem() is not None:
            return None  # the database cannot serve this code: the gate has logged it once; the next tick asks again
        try:
            if not force and self._done(code, tick):  # the common case: a pooled read, no lock taken
                return None
            if self.lock_engine is not None:
                return self._run_locked(code, tick, force)
            if not self._claim(code, tick, exclusive=False, force=force):
                return None
            return self._run(code)
        except Exception as error:
            if not force and gate is not None and gate.after_error(error) is not None:
                return None  # the database went away meanwhile: one line from the gate, not a traceback per tick
            if lost_connection(error) or waited_too_long(error):  # a broken connection, a long import's lock
                log.warning(
                    "scheduled job %s: the database could not be used (%s); the next tick tries again",
                    code,
                    first_line(error),
                )
                return None
            log.exception("scheduled job %s: claiming or recording the run failed", code)
            return None

    def _run_locked(self, code, tick, force):
        with self.lock_engine.connect() as lock:
            key = self.lock_key(code)
            if not lock.scalar(sa.text("SELECT pg_try_advisory_lock(:key)"), {"key": key}):
                return None
            try:
                if not self._claim(code, tick, exclusive=True, force=force):
                    return None
                return self._run(code)
            finally:
                lock.execute(sa.text("SELECT pg_advisory_unlock(:key)"), {"key": key})

    def _claim(self, code, tick, exclusive, force):
        """Marks the tick as this process's in the job's row; False when it is taken. The row is
        read FOR UPDATE (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises): a second
        claimant waits for the first's commit and then sees its tick."""
        with own_transaction(self.registry) as db:
            row = db.get(JobState, code, with_for_update=True)
            if row is None:
                row = JobState(code=code, runs=0, failures=0, running=False)
                db.add(row)
            elif not force and row.last_tick is not None and row.last_tick >= tick:
                return False
            elif not exclusive and row.running and not self._abandoned(row):
                return False
            if not force or row.last_tick is None or row.last_tick < tick:
                row.last_tick = tick
            row.running, row.owner, row.started = True, self.owner, utcnow()
            return True

    def _done(self, code, tick):
        with self.registry["db.session_factory"]() as db:
            last = db.scalar(sa.select(JobState.last_tick).where(JobState.code == code))
        return last is not None and last >= tick

    def _abandoned(self, row):
        if row.owner == self.owner:
            with _active_lock:
                return row.code not in _active
        expired = row.started is None or row.started < utcnow() - timedelta(seconds=LEASE_SECONDS)
        return expired or _owner_gone(row.owner)

    def _run(self, code):
        job = self.jobs[code]
        started = time.perf_counter()
        summary, error = None, None
        with _active_lock:
            _active.add(code)
        try:
            summary = job.run(self.registry)
        except Exception as exc:  # recorded on the row and shown in 'Zadania'
            gate = gate_of(self.registry)
            if isinstance(exc, sa.exc.DBAPIError) and (
                lost_connection(exc) or (gate is not None and gate.after_error(exc) is not None)
            ):
                raise  # an outage, not the job's fault: `run_due` says so in one line
            if waited_too_long(exc):  # behind a long import's lock: recorded, in one line
                log.warning("scheduled job %s: the database was busy (%s)", code, first_line(exc))
            else:
                log.exception("scheduled job %s failed", code)
            error = failure_reason(exc)[:MAX_ERROR]
        finally:
            with _active_lock:
                _active.discard(code)
        duration_ms = int((time.perf_counter() - started) * 1000)
        outcome = "error" if error else "ok"
        with own_transaction(self.registry) as db:
            row = db.get(JobState, code)
            row.running, row.finished, row.duration_ms = False, utcnow(), duration_ms
            row.outcome, row.error = outcome, error
            row.summary = None if summary is None else str(summary)[:MAX_ERROR]
            row.runs += 1
            row.failures += 1 if error else 0
        return outcome

    def dispose(self):
        if self.lock_engine is not None:
            self.lock_engine.dispose()


def next_run(interval, now=None):
    """When the scheduler next runs a job: the next tick's start (every process wakes at the
    ticks' boundaries, smogpanel.ops.scheduler)."""
    now = time.time() if now is None else now
    return datetime.fromtimestamp((int(now // interval) + 1) * interval, UTC)


def job_rows(registry):
    """Every declared job with its interval, last run and next run, as dicts (CLI, API), by code."""
    jobs = declared_jobs(registry)
    with registry["db.session_factory"]() as db:
        states = {row.code: row for row in db.scalars(sa.select(JobState))}
    rows = []
    for code, job in jobs.items():
        state = states.get(code)
        rows.append(
            {
                "code": code,
                "title": job.title,
                "interval": interval_of(registry, code, job),
                "next_run": next_run(interval_of(registry, code, job)),
                "running": bool(state and state.running),
                "started": state.started if state else None,
                "finished": state.finished if state else None,
                "duration_ms": state.duration_ms if state else None,
                "outcome": state.outcome if state else None,
                "error": state.error if state else None,
                "summary": state.summary if state else None,
                "runs": state.runs if state else 0,
                "failures": state.failures if state else 0,
            }
        )
        if job.details is not None and state is not None and state.started and state.finished:
            rows[-1].update(job.details(registry, state.started, state.finished))
    return rows


def list_jobs(request):
    """GET /api/job/: the scheduled jobs and their last runs (super administrators: 'Zadania')."""
    return job_rows(request.registry)


def is_running(registry, code):
    """True while a run of `code` is going on (a crashed runner's mark does not count)."""
    runner = JobRunner.__new__(JobRunner)  # only `_abandoned`'s needs: no lock engine
    runner.owner = process_owner()
    with registry["db.session_factory"]() as db:
        row = db.get(JobState, code)
        return bool(row is not None and row.running and not runner._abandoned(row))


def run_in_background(registry, code):
    """Runs job `code` now in a thread of its own (the request's transaction may hold SQLite's
    write lock, which the run's own transactions need), claimed as the scheduler claims it:
    never two runs at once, across processes too."""

    def run():
        runner = JobRunner(registry)
        try:
            if runner.run_due(code, force=True) is None:
                log.info("scheduled job %s: run now skipped, another run was going on", code)
        finally:
            runner.dispose()

    thread = threading.Thread(target=run, name=f"job-{code}", daemon=True)
    thread.start()
    return thread


def run_now(request):
    """POST /api/job/<code>/run: 'Uruchom teraz' (super administrators). 409 while it runs."""
    code = request.matchdict["code"]
    jobs = declared_jobs(request.registry)
    if code not in jobs:
        raise ApiError("NOT_FOUND", [{"name": "code", "description": f"Nie ma zadania „{code}”."}])
    if is_running(request.registry, code):
        raise ApiError(
            "CONFLICT",
            [{"name": "code", "description": f"Zadanie „{jobs[code].title}” właśnie trwa. Poczekaj, aż się skończy."}],
        )
    run_in_background(request.registry, code)
    return {"code": code, "started": True}


def includeme(config):
    check_job_settings(config.registry.settings, config.registry.plugin_manager, {job.code for job in CORE_JOBS})
    config.add_route("api-jobs", "/api/job/")
    config.add_view(list_jobs, route_name="api-jobs", request_method="GET", renderer="envelope", permission=SUPER)
    config.add_route("api-job-run", "/api/job/{code}/run")
    config.add_view(run_now, route_name="api-job-run", request_method="POST", renderer="envelope", permission=SUPER)
    describe_route(
        config,
        "/api/job/{code}/run",
        "POST",
        {
            "summary": "Uruchom teraz: zadanie rusza w tle, tą samą blokadą co harmonogram (nigdy dwa naraz); "
            "409, gdy właśnie trwa (tylko superadministrator).",
            "parameters": [{"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": envelope_responses(),
        },
    )
    describe_route(
        config,
        "/api/job/",
        "GET",
        {
            "summary": "Zadania okresowe: co ile, ostatnie uruchomienie, czas trwania, wynik i błąd "
            "(tylko superadministrator).",
            "responses": envelope_responses(),
        },
    )
