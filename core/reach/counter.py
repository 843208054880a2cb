"""Counting views without slowing the answer or storing a visitor: in memory, per process,
written to the database in batches.

`ReachCounter.add` is a dict increment under a lock (no I/O): the request that counts (the
beacon `POST /api/reach/hit`, a letter's form, its confirmation) never waits for the database.
Every `smogpanel.reach_flush_seconds` (60 by default) a daemon thread of the process writes
what it holds, 500 rows per upsert (`INSERT … ON CONFLICT … DO UPDATE SET count = count +
excluded.count`, on PostgreSQL and SQLite alike), each batch in a transaction of its own (so
SQLite's write lock is held a batch at a time) and in the rows' key order (so two processes
flushing at once never deadlock); then at exit. Each process (each gunicorn worker) flushes its
own counts, so nothing depends on which process a view reached, and adding is commutative, so
nothing depends on the order of flushes either. The scheduler's once-per-tick jobs are not
used for this: they run in one process per tick, and the counts are in every process.

Bounded: at most `smogpanel.reach_max_keys` distinct (day, widget, site, event) keys wait in a
process (10 000 by default); beyond that new keys are dropped (and said so once in the log), so
a flood of made-up sites costs memory no one can grow. A flush that fails (the database away)
keeps its counts for the next one, within the same bound.

And bounded in the table: a record gets at most `smogpanel.reach_max_sites` (100 by default)
sites a day; the views of any site beyond them are counted under the site "inne" (OTHER). The
cap holds in memory (a process keeps no more than that many sites of a record and day) and when
writing, against the sites the table already has for the record and day, in the transaction
that writes them (on PostgreSQL under a lock taken for the flush, so two workers flushing at
once cannot both take the last free places). A flood of made-up sites for a real widget thus
adds at most the cap's rows a day, not a row per site.
"""

import atexit
import logging
import os
import threading
import time
import weakref
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from ..db import own_transaction
from .models import ReachCount
from .sites import DIRECT, OTHER

log = logging.getLogger(__name__)

WARSAW = ZoneInfo("Europe/Warsaw")
DEFAULT_FLUSH_SECONDS = 60
DEFAULT_MAX_KEYS = 10_000
DEFAULT_MAX_SITES = 100  # sites of one record and day; the rest are counted under OTHER
FLUSH_LOCK = 0x5EAC_0001  # PostgreSQL's advisory lock of a flush's batch (any fixed number of the app's)
BATCH = 500  # rows per INSERT statement
KEY = ("day", "kind", "record_id", "site", "event")

_counters = weakref.WeakSet()  # every counter of this process, for `flush_all` (tests, exit)


_day = (0.0, None)  # (unix time the day ends, the day): the time zone arithmetic once a day


def today():
    """The day a view is counted under: Polish readers' calendar, not UTC's."""
    global _day
    ends, day = _day
    if time.time() >= ends:
        now = datetime.now(WARSAW)
        midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), WARSAW)
        day, _day = now.date(), (midnight.timestamp(), now.date())
    return day


class ReachCounter:
    def __init__(
        self, registry, interval=DEFAULT_FLUSH_SECONDS, max_keys=DEFAULT_MAX_KEYS, max_sites=DEFAULT_MAX_SITES
    ):
        self.registry = registry
        self.interval = interval
        self.max_keys = max_keys
        self.max_sites = max_sites
        self.lock = threading.Lock()
        self.flushing = threading.Lock()  # one flush at a time in this process
        self.counts = {}  # (day, kind, name or None, record_id or None, site, event) -> count
        self.sites = {}  # (day, kind, name, record_id) -> the sites counted for it (not DIRECT or OTHER)
        self.dropped = 0
        self.pid = os.getpid()
        self.thread = None
        self.stopped = threading.Event()
        _counters.add(self)

    def add(self, kind, site, event="view", name=None, record_id=None, count=1):
        """Counts one view (or funnel step) of the widget `kind` named `name` (or the record
        `record_id`) on `site`. False when the key was dropped (the bound is reached)."""
        day = today()
        with self.lock:
            if os.getpid() != self.pid:  # forked after counting began: the parent's counts are its own
                self.counts, self.sites, self.pid, self.thread = {}, {}, os.getpid(), None
            site = self._capped(day, kind, name, record_id, site)
            key = (day, kind, name, record_id, site, event)
            if key not in self.counts and len(self.counts) >= self.max_keys:
                self.dropped += 1
                if self.dropped == 1:
                    log.warning("reach: %s keys wait to be written; new ones are dropped until then", self.max_keys)
                return False
            self.counts[key] = self.counts.get(key, 0) + count
            if self.thread is None and self.interval > 0:
                self.thread = threading.Thread(
                    target=_flush_loop,
                    args=(weakref.ref(self), self.interval, self.stopped),
                    name="smogpanel-reach-flush",
                    daemon=True,
                )
                self.thread.start()
        return True

    def _capped(self, day, kind, name, record_id, site):
        """`site`, or OTHER when the record has its `max_sites` sites of the day already."""
        if site in (DIRECT, OTHER):
            return site
        sites = self.sites.setdefault((day, kind, name, record_id), set())
        if site not in sites:
            if len(sites) >= self.max_sites:
                return OTHER
            sites.add(site)
        return site

    def take(self):
        with self.lock:
            counts, self.counts, self.sites, self.dropped = self.counts, {}, {}, 0
        return counts

    def forget(self):
        """Drops the counts not written yet (the app's state forgotten: smogpanel.app_state)."""
        self.take()

    def give_back(self, counts):
        with self.lock:
            for (day, kind, name, record_id, site, event), count in counts.items():
                key = (day, kind, name, record_id, self._capped(day, kind, name, record_id, site), event)
                if key in self.counts or len(self.counts) < self.max_keys:
                    self.counts[key] = self.counts.get(key, 0) + count

    def flush(self):
        """Writes the counts held so far; returns the number of rows written (upserted)."""
        with self.flushing:
            counts = self.take()
            if not counts:
                return 0
            try:
                return write_counts(self.registry, counts, self.max_sites)
            except UnwrittenCounts as unwritten:
                self.give_back(unwritten.counts)  # the batches written stay written
                raise
            except Exception:
                self.give_back(counts)
                raise

    def stop(self):
        self.stopped.set()


def _flush_loop(counter_ref, interval, stopped):
    """The flushing thread: holds its counter weakly, so an app that is gone (a test's) ends it."""
    while not stopped.wait(interval):
        counter = counter_ref()
        if counter is None:
            return
        try:
            counter.flush()
        except Exception:  # logged; the counts stay for the next flush
            log.warning("reach: writing the counts failed; they are kept for the next try", exc_info=True)
        del counter


def record_ids(db, registry, kind, names):
    """{internal_name: id} of the live records of `kind` among `names` (one query): a kind's
    records are its Resource's model (the same kind name), found by `internal_name`."""
    resource = registry.get("smogpanel.resources", {}).get(kind)
    model = getattr(resource, "model", None)
    if model is None or not hasattr(model, "internal_name"):
        return {}
    statement = sa.select(model.internal_name, model.id).where(model.internal_name.in_(sorted(names)))
    if hasattr(model, "deleted"):
        statement = statement.where(model.deleted.is_(None))
    return dict(db.execute(statement).all())


def rows_of(db, registry, counts):
    """The counts as rows keyed like the table: names resolved to ids (unknown names, made up
    or deleted since, are dropped), equal keys summed."""
    names = {}
    for _day, kind, name, record_id, _site, _event in counts:
        if record_id is None:
            names.setdefault(kind, set()).add(name)
    ids = {kind: record_ids(db, registry, kind, wanted) for kind, wanted in names.items()}
    rows = {}
    for (day, kind, name, record_id, site, event), count in counts.items():
        if record_id is None:
            record_id = ids[kind].get(name)
            if record_id is None:
                continue
        key = (day, kind, record_id, site, event)
        rows[key] = rows.get(key, 0) + count
    return [dict(zip(KEY, key), count=count) for key, count in sorted(rows.items())]


def capped(db, rows, max_sites):
    """`rows` with the sites beyond each record's `max_sites` of the day (counting those the
    table has already) counted under OTHER instead; summed again and in key order."""
    table = ReachCount.__table__.c
    records = sorted(
        {(row["day"], row["kind"], row["record_id"]) for row in rows if row["site"] not in (DIRECT, OTHER)}
    )
    known = {}
    for start in range(0, len(records), BATCH):
        for day, kind, record_id, site in db.execute(
            sa.select(table.day, table.kind, table.record_id, table.site)
            .distinct()
            .where(sa.tuple_(table.day, table.kind, table.record_id).in_(records[start : start + BATCH]))
            .where(table.site.not_in([DIRECT, OTHER]))
        ):
            known.setdefault((day, kind, record_id), set()).add(site)
    summed = {}
    for row in rows:
        site = row["site"]
        if site not in (DIRECT, OTHER):
            sites = known.setdefault((row["day"], row["kind"], row["record_id"]), set())
            if site not in sites:
                if len(sites) >= max_sites:
                    site = OTHER
                else:
                    sites.add(site)
        key = (row["day"], row["kind"], row["record_id"], site, row["event"])
        summed[key] = summed.get(key, 0) + row["count"]
    return [dict(zip(KEY, key), count=count) for key, count in sorted(summed.items())]


def upsert(db, rows, max_sites=DEFAULT_MAX_SITES):
    """Adds `rows` to the table, the sites capped (`capped`) in this same transaction."""
    postgres = db.get_bind().dialect.name == "postgresql"
    if postgres:  # the flushes of all workers take their sites' places one batch at a time
        db.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": FLUSH_LOCK})
    rows = capped(db, rows, max_sites)
    insert = postgresql.insert if postgres else sqlite.insert
    table = ReachCount.__table__
    for start in range(0, len(rows), BATCH):
        statement = insert(table).values(rows[start : start + BATCH])
        db.execute(
            statement.on_conflict_do_update(
                index_elements=list(KEY), set_={"count": table.c["count"] + statement.excluded["count"]}
            )
        )


def write_counts(registry, counts, max_sites=DEFAULT_MAX_SITES):
    """Writes `counts`, each batch in a transaction of its own (SQLite's write lock is held for
    one batch at a time, never the whole flush). Returns the rows written; on a failure the
    batches not written are raised with (`UnwrittenCounts`) for the counter to keep."""
    with registry["db.session_factory"]() as db:
        rows = rows_of(db, registry, counts)
    for start in range(0, len(rows), BATCH):
        try:
            with own_transaction(registry) as db:
                upsert(db, rows[start : start + BATCH], max_sites)
        except Exception as error:
            left = {tuple(row[k] for k in KEY): row["count"] for row in rows[start:]}
            raise UnwrittenCounts(left) from error
    return len(rows)


class UnwrittenCounts(Exception):
    def __init__(self, rows):
        super().__init__(f"{len(rows)} reach counts not written")
        # keyed as the counter keys them: (day, kind, name, record_id, site, event)
        self.counts = {
            (day, kind, None, record_id, site, event): n for (day, kind, record_id, site, event), n in rows.items()
        }


def flush_all():
    """Writes every counter's counts of this process now (tests; the exit handler)."""
    written = 0
    # Counters flushing on a thread of their own (a served app: its own engine, committing at
    # once) first, then a test's (a test's app writes on the test's connection, so on PostgreSQL
    # the flush's advisory lock is held until the test ends: a served app flushed after it would
    # wait for that lock until its timeout).
    for counter in sorted(_counters, key=lambda counter: counter.interval <= 0):
        written += counter.flush()
    return written


@atexit.register
def _flush_at_exit():
    for counter in list(_counters):
        if counter.interval <= 0:  # a test's counter: its connection is gone, its test wrote what counted
            continue
        try:
            counter.stop()
            counter.flush()
        except Exception:  # the database may be gone at exit: nothing to do about it then
            log.warning("reach: the last counts could not be written at exit", exc_info=True)
