"""The database: declarative base, the common record mixin, the engine and `request.db`.

One request is one transaction: the session is joined to `request.tm` (pyramid_tm) through
zope.sqlalchemy, so a failed request leaves the database as it was.
"""

import sqlite3
from contextlib import contextmanager
from datetime import UTC, datetime
from decimal import Decimal

import sqlalchemy as sa
import zope.sqlalchemy
from pyramid_retry import mark_error_retryable
from sqlalchemy import event
from sqlalchemy.dialects import sqlite
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker, with_loader_criteria

from . import regions  # noqa: F401 (registers the Polish collation on every SQLite connection)

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["Base", "Record", "DecimalText", "UTCDateTime", "unique_while_alive", "utcnow", "own_transaction"]

# The largest integer an id (or any other sa.Integer column) holds: PostgreSQL's INTEGER is
# 32-bit signed (SQLite's would take 64). The one limit every check of an id or an integer a
# client sends follows: a route's numeric placeholder (smogpanel.malformed_requests), every
# integer field of a request body (smogpanel.validation), the lists' and history's filters.
MAX_ID = 2**31 - 1
MIN_INTEGER = -(2**31)

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow():
    return datetime.now(UTC).replace(microsecond=0)


# SQLite keeps timestamps as text: store them in the API's own ISO 8601 form, so list
# queries can hand the text straight to the client (see `api_timestamp`).
SQLITE_ISO_UTC = sqlite.DATETIME(
    storage_format="%(year)04d-%(month)02d-%(day)02dT%(hour)02d:%(minute)02d:%(second)02d+00:00",
    regexp=r"(\d+)-(\d+)-(\d+)T(\d+):(\d+):(\d+)",
)


class UTCDateTime(sa.types.TypeDecorator):
    """Stored as UTC without an offset (SQLite: ISO text ending in +00:00), whole seconds,
    always read back as aware UTC."""

    impl = sa.DateTime
    cache_ok = True

    def load_dialect_impl(self, dialect):
        if dialect.name == "sqlite":
            return dialect.type_descriptor(SQLITE_ISO_UTC)
        return dialect.type_descriptor(sa.DateTime())

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value, dialect):
        return None if value is None else value.replace(tzinfo=UTC)


def api_timestamp(column):
    """A UTC timestamp column as list queries select it: SQLite's stored text is already the
    API's format; other databases give naive UTC datetimes that the envelope writes with
    +00:00. Either way no conversion runs per cell in Python."""
    return sa.type_coerce(column, ApiTimestamp()).label(column.name)


class ApiTimestamp(sa.types.TypeDecorator):
    impl = sa.DateTime
    cache_ok = True

    def load_dialect_impl(self, dialect):
        if dialect.name == "sqlite":
            return dialect.type_descriptor(sa.String())
        return dialect.type_descriptor(sa.DateTime())


class DecimalText(sa.types.TypeDecorator):
    """An exact decimal kept as its canonical text ('0.85', '1500'): SQLite has no exact
    decimal type (SQLAlchemy would go through float), and the text is exact on both databases.
    For numbers that are shown, not sorted or summed in SQL (a definition's value, a chart's)."""

    impl = sa.String(48)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        return format(Decimal(value).normalize(), "f")

    def process_result_value(self, value, dialect):
        return None if value is None else Decimal(value)


class Base(DeclarativeBase):
    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


def _same_as_created(context):
    return context.get_current_parameters()["created"]


class Record:
    """id, created, updated and the soft-delete mark every domain record carries.

    `updated` equals `created` until the record is changed, so the panel can emphasise
    records edited after creation.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    updated: Mapped[datetime] = mapped_column(UTCDateTime, default=_same_as_created, onupdate=utcnow, nullable=False)
    deleted: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)


def unique_while_alive(table_name, *columns):
    """A unique index that ignores soft-deleted rows (both SQLite and PostgreSQL)."""
    condition = sa.text("deleted IS NULL")
    return sa.Index(
        f"uq_{table_name}_{'_'.join(columns)}_alive",
        *columns,
        unique=True,
        sqlite_where=condition,
        postgresql_where=condition,
    )


def _hide_deleted(execute_state):
    """Soft-deleted records vanish from every ORM query unless asked for explicitly."""
    if (
        execute_state.is_select
        and not execute_state.is_column_load
        and not execute_state.is_relationship_load
        and not execute_state.execution_options.get("include_deleted", False)
    ):
        execute_state.statement = execute_state.statement.options(
            with_loader_criteria(Record, lambda cls: cls.deleted.is_(None), include_aliases=True)
        )


# How long a request waits for the database before it answers 503 (smogpanel.ops.readiness):
# SQLite's write lock (the busy timeout), and on PostgreSQL a connection, a free pooled
# connection and a row or table lock. Seconds, not the HTTP client's patience: a request
# behind a long import gets SERVICE_BUSY with Retry-After instead of hanging.
DEFAULT_DATABASE_WAIT_MS = 5_000
DEFAULT_SQLITE_BUSY_TIMEOUT_MS = DEFAULT_DATABASE_WAIT_MS
# Execution option of the engine a writing transaction uses: on SQLite it begins with
# BEGIN IMMEDIATE (see `_prepare_sqlite`); other databases ignore it.
WRITE_OPTION = "smogpanel_write"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def make_engine(url, busy_timeout_ms=DEFAULT_SQLITE_BUSY_TIMEOUT_MS, wait_ms=None, **kwargs):
    """`wait_ms` (the app's engine): PostgreSQL waits that long at most for a connection, a
    pooled connection and a lock (unless the URL names its own connect_timeout or
    lock_timeout); without it, as long as the server lets it (migrations, tests, tools)."""
    url = sa.engine.make_url(url)
    bounded = wait_ms and url.get_backend_name() == "postgresql"
    if bounded:
        kwargs.setdefault("pool_timeout", int(wait_ms) / 1000)
        if "connect_timeout" not in url.query:
            kwargs["connect_args"] = {
                "connect_timeout": max(1, round(int(wait_ms) / 1000)),
                **kwargs.get("connect_args", {}),
            }
    engine = sa.create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        _prepare_sqlite(engine, int(busy_timeout_ms))
    elif bounded and "lock_timeout" not in str(url.query):
        _bound_postgresql_locks(engine, int(wait_ms))
    return engine


def _bound_postgresql_locks(engine, wait_ms):
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        autocommit = dbapi_connection.autocommit
        dbapi_connection.autocommit = True  # a SET outside any transaction, kept for the session
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {wait_ms}")
        dbapi_connection.autocommit = autocommit


def writer(bind):
    """The engine (or connection) to give a session that will write: on SQLite its
    transactions take the write lock when they begin (BEGIN IMMEDIATE), so two writers
    queue on the busy timeout instead of failing when a reader turns writer."""
    if isinstance(bind, sa.engine.Engine):
        return bind.execution_options(**{WRITE_OPTION: True})
    return bind


def is_locked_error(error):
    """True for SQLite's 'database is locked' / 'database table is locked' (SQLITE_BUSY,
    SQLITE_LOCKED): the transaction may simply be run again."""
    return isinstance(error, sqlite3.OperationalError) and (
        "locked" in str(error) or getattr(error, "sqlite_errorcode", None) in (5, 6, 261, 262, 517)
    )


def _prepare_sqlite(engine, busy_timeout_ms=DEFAULT_SQLITE_BUSY_TIMEOUT_MS):
    """Foreign keys on, WAL, a busy timeout, savepoints that work (pysqlite's own BEGIN
    handling breaks them: the docs' "Serializable isolation / Savepoints / Transactional DDL"
    recipe), writing transactions that begin IMMEDIATE, and a locked database marked as a
    retryable error for pyramid_retry (the request runs again instead of answering 500)."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if engine.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode=WAL")
            # With WAL, NORMAL never corrupts; a power cut may lose only the last commits.
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        immediate = connection.get_execution_options().get(WRITE_OPTION)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    @event.listens_for(engine, "handle_error")
    def _on_error(context):
        if context.sqlalchemy_exception is not None and is_locked_error(context.original_exception):
            # A writer's BEGIN IMMEDIATE that failed has waited the whole busy timeout behind a
            # long holder (an import): run again, the request would only wait again, so it
            # answers 503 now. The other lock errors come at once (a reader's snapshot gone
            # stale) and the request is run again.
            if (context.statement or "").strip().upper() != "BEGIN IMMEDIATE":
                mark_error_retryable(context.sqlalchemy_exception)


# `Session.info` key of the reads a request keeps until it writes (`kept_reads`).
KEPT_READS = "smogpanel.kept_reads"


def kept_reads(db):
    """A dict for what one request reads more than once (a rule's check, the edit's snapshot
    and the save itself each read a record's values), kept in the session only while nothing
    is written: a flush, a statement that is not a SELECT, a commit or a rollback empties it,
    and it is not used while the session holds unflushed changes (a query would flush them)."""
    if db.new or db.dirty or db.deleted:
        db.info.pop(KEPT_READS, None)
        return {}
    return db.info.setdefault(KEPT_READS, {})


def _forget_reads(session, *_args):
    session.info.pop(KEPT_READS, None)


def _forget_reads_on_write(execute_state):
    if not execute_state.is_select:
        execute_state.session.info.pop(KEPT_READS, None)


def make_session_factory(bind, **kwargs):
    factory = sessionmaker(bind=bind, **kwargs)
    event.listen(factory, "do_orm_execute", _hide_deleted)
    event.listen(factory, "do_orm_execute", _forget_reads_on_write)
    for name in ("after_flush", "after_commit", "after_rollback", "after_soft_rollback"):
        event.listen(factory, name, _forget_reads)
    return factory


WRITING_ROUTES = "db.writing_routes"


def add_writing_route(config, route_name):
    """Marks a route whose safe-method view writes (SPEC makes the password-restore request a
    GET): its `request.db` is the writer's, as a POST's is. On SQLite that transaction begins
    IMMEDIATE and so waits for the write lock, where a reader's could not take it once another
    writer had committed (SQLITE_BUSY_SNAPSHOT) and the request would be run again. By route,
    not by view: the security policy may open `request.db` before the view runs."""
    config.registry.setdefault(WRITING_ROUTES, set()).add(route_name)


def writes(request):
    """Whether the request writes: a method not in SAFE_METHODS, or a route added with `add_writing_route`."""
    if request.method not in SAFE_METHODS:
        return True
    route = request.matched_route
    return route is not None and route.name in request.registry.get(WRITING_ROUTES, ())


def _request_db(request):
    factory = request.registry["db.session_factory"]
    if not writes(request):
        session = factory()
        state = zope.sqlalchemy.datamanager.STATUS_ACTIVE
    else:
        session = factory(bind=request.registry["db.writer"])
        # A writing request commits even when it wrote with plain SQL only: zope.sqlalchemy
        # sees ORM changes alone and would otherwise roll such writes back without a word.
        state = zope.sqlalchemy.datamanager.STATUS_CHANGED
    zope.sqlalchemy.register(session, initial_state=state, transaction_manager=request.tm)
    return session


@contextmanager
def own_transaction(registry):
    """A session in a transaction of its own, committed when the block ends (rolled back on an
    exception), independent of the request's: for what must count even if the request fails
    (a sign-in attempt), and to keep SQLite's write lock only for a moment."""
    session = registry["db.session_factory"](bind=registry["db.writer"])
    try:
        with session.begin():
            yield session
    finally:
        session.close()


BUSY = "Serwer jest chwilowo przeciążony zapisami. Spróbuj ponownie za chwilę."


def includeme(config):
    """Engine and session factory from settings; tests may pass `db.bind` (a Connection)."""
    settings = config.registry.settings
    bind = settings.get("db.bind")
    if bind is not None:
        factory = make_session_factory(bind, join_transaction_mode="create_savepoint")
    else:
        wait_ms = int(settings.get("smogpanel.database_wait_ms") or DEFAULT_DATABASE_WAIT_MS)
        engine = make_engine(
            settings["sqlalchemy.url"],
            settings.get("smogpanel.sqlite_busy_timeout_ms") or wait_ms,  # the older name, SQLite only
            wait_ms=wait_ms,
        )
        config.registry["db.engine"] = engine
        factory = make_session_factory(engine)
        bind = engine
    config.registry["db.writer"] = writer(bind)
    config.registry["db.session_factory"] = factory
    settings.setdefault("tm.manager_hook", "pyramid_tm.explicit_manager")
    # pyramid_tm would read the signed-in user before the view to annotate the transaction (for
    # ZODB's undo log, unused here): on a POST that read opens the request's writing transaction,
    # so on SQLite the write lock was held from the start, and a view writing in a transaction
    # of its own (the sign-in's attempt count) waited for itself the whole busy timeout.
    settings.setdefault("tm.annotate_user", "false")
    config.include("pyramid_tm")
    config.include("pyramid_retry")
    config.add_request_method(_request_db, "db", reify=True)
