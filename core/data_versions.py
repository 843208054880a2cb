"""Data versions: a counter per table that public payloads are built from, bumped in the same
transaction as every write to that table, so a cached payload is never served after a change.

What a public kind shows is declared on its `PublicKind` (`shows`: tables, models, or
`GAZETTEER` for the hierarchy the gazetteer reads). The kind's version for a record is the sum of
those tables' counters: every committed write adds at least one, so two different states never
share a version, and reading it is one indexed query (`data_version`).

The counters are bumped by an engine event on every INSERT, UPDATE and DELETE: ORM flushes,
bulk `session.execute(insert(...), rows)`, and statements on a raw `db.connection()` alike, so a
new write path cannot forget it. A textual DML statement (`sa.text("UPDATE ...")`) names no
table the event can read; it bumps every tracked table. One bump per table per transaction.
Caching under a version is safe only for what committed: see `stable_version`.

The granularity is the table, not the record: a write to one map's measurements changes the
version of every map. Writes are rare next to public reads (an operator's edit against
hundreds of widget views a second), a payload is rebuilt once per process after a change, and
the ETag is the payload's own hash, so a repeat visitor of an unchanged map still gets a 304.
"""

import re
import weakref

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.dml import UpdateBase
from sqlalchemy.sql.elements import TextClause

from .db import Base


class TableVersion(Base):
    __tablename__ = "table_version"

    name: Mapped[str] = mapped_column(sa.String(100), primary_key=True)
    version: Mapped[int] = mapped_column(sa.BigInteger, nullable=False, default=0)


TABLE = TableVersion.__table__
GAZETTEER = "gazetteer"  # in `PublicKind.shows`: the tables the gazetteer reads
_TEXT_DML = re.compile(r"^\s*(insert|update|delete|replace)\b", re.IGNORECASE)
_BUMPED = "smogpanel.bumped_tables"
# engine's pool -> the table names tracked on it (the union over the apps built on it; tests build many)
_TRACKED = weakref.WeakKeyDictionary()


def table_name(item):
    """A table's name from a Table, a mapped class or a name."""
    if isinstance(item, str):
        return item
    table = getattr(item, "__table__", item)
    return table.name


def resolve_shows(shows, gazetteer_tables):
    """The table names of a `shows` declaration, `GAZETTEER` expanded."""
    names = set()
    for item in shows:
        names.update(gazetteer_tables if item == GAZETTEER else (table_name(item),))
    return frozenset(names)


_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_VERSION_SQL = {}
_SEEN = "smogpanel.versions.seen"  # connection.info: {transaction: {tables: version}}


def _version_sql(tables):
    """The query as plain SQL, made once per set of tables: it runs on every public request,
    where building and compiling a statement would cost more than the indexed read itself.
    The names come from the code's table declarations and are checked to be identifiers."""
    sql = _VERSION_SQL.get(tables)
    if sql is None:
        names = sorted(tables)
        if not all(_NAME.match(name) for name in names):
            raise ValueError(f"not table names: {names}")
        quoted = ", ".join(f"'{name}'" for name in names)
        sql = _VERSION_SQL[tables] = f"SELECT coalesce(sum(version), 0) FROM {TABLE.name} WHERE name IN ({quoted})"
    return sql


def data_version(db, tables):
    """The version of what is built from `tables` (a frozenset): one indexed read, on a session
    or a connection."""
    if not tables:
        return 0
    connection = db if isinstance(db, sa.Connection) else db.connection()
    return int(connection.exec_driver_sql(_version_sql(frozenset(tables))).scalar())


def raw_data_version(engine, tables):
    """`data_version` on a pooled DB-API connection: the same read at a third of the cost of a
    SQLAlchemy connection's (no events, no transaction object); the pool rolls it back."""
    if not tables:
        return 0
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(_version_sql(frozenset(tables)))
        version = cursor.fetchone()[0]
        cursor.close()
    finally:
        connection.close()
    return int(version)


def request_version(request, tables):
    """The tables' version for a reading request, on a pooled DB-API connection of its own: no
    session, no transaction manager, for the request that most often needs nothing else (a
    cached answer, a 304). Tests, which run in one transaction, read it on their connection."""
    engine = request.registry.get("db.engine")
    if engine is None:
        return data_version(request.db, tables)
    return raw_data_version(engine, tables)


def _written_tables(statement, tracked):
    if isinstance(statement, UpdateBase):
        name = getattr(statement.table, "name", None)
        return {name} & tracked if name else set(tracked)
    if isinstance(statement, TextClause) and _TEXT_DML.match(statement.text):
        return set(tracked)
    return set()


def _bumped(connection):
    """{transaction: tables bumped in it} of the connection's transactions still active."""
    bumped = connection.info.setdefault(_BUMPED, {})
    for transaction in [t for t in bumped if not t.is_active]:
        del bumped[transaction]
    return bumped


def _current_transaction(connection):
    return connection.get_nested_transaction() or connection.get_transaction()


def stable_version(db, tables):
    """`data_version`, or None when this transaction has written to one of `tables` itself: what
    it reads there is not committed, so nothing may be cached under that version."""
    connection = db if isinstance(db, sa.Connection) else db.connection()
    if any(set(tables) & names for names in _bumped(connection).values()):
        return None
    # Read once per transaction and set of tables: a request naming gminy in its answer and in
    # its history entry asks twice, and the first answer holds for what it reads after.
    seen = connection.info.setdefault(_SEEN, {})
    transaction = _current_transaction(connection)
    versions = seen.get(transaction)
    if versions is None or not transaction.is_active:
        seen.clear()  # a new transaction: what the last one read is not this one's
        versions = seen[transaction] = {}
    key = frozenset(tables)
    if key not in versions:
        versions[key] = data_version(connection, key)
    return versions[key]


def _create_or_bump(connection, names):
    """One more for each of `names`, creating a counter at 1 where none exists yet: one upsert,
    so two transactions writing a table's first rows at once both count (neither finds the row
    missing after the other has made it)."""
    rows = [{"name": name, "version": 1} for name in names]
    dialect = connection.dialect.name
    if dialect in ("postgresql", "sqlite"):
        insert = (postgresql if dialect == "postgresql" else sqlite).insert(TABLE)
        connection.execute(
            insert.on_conflict_do_update(index_elements=[TABLE.c.name], set_={"version": TABLE.c.version + 1}), rows
        )
    else:  # pragma: no cover - the two supported databases are above
        connection.execute(sa.insert(TABLE), rows)


def bump(connection, names):
    """Adds one to the counters of `names` (creating missing ones) in the connection's transaction."""
    names = sorted(names)
    if not names:
        return
    # The usual case, every counter there: one UPDATE, which says which it found.
    found = set(
        connection.execute(
            sa.update(TABLE).where(TABLE.c.name.in_(names)).values(version=TABLE.c.version + 1).returning(TABLE.c.name)
        ).scalars()
    )
    missing = [name for name in names if name not in found]
    if missing:
        _create_or_bump(connection, missing)


def _after_execute(connection, statement, multiparams, params, execution_options, result):
    tracked = _TRACKED.get(connection.engine.pool)
    if not tracked:
        return
    written = _written_tables(statement, tracked)
    if not written:
        return
    bumped = _bumped(connection)
    # Once per table and transaction: a bump in an enclosing transaction commits with this one.
    fresh = written.difference(*bumped.values())
    if fresh:
        bumped.setdefault(_current_transaction(connection), set()).update(fresh)
        bump(connection, fresh)


def engine_of(registry):
    """The app's engine (tests: the engine of the connection they bind the app to)."""
    bind = registry.settings.get("db.bind")
    return bind.engine if bind is not None else registry["db.engine"]


def track(engine, names):
    """Bump the counters of `names` on every write through `engine` (idempotent; names add up).
    Kept by the engine's pool, which the engine's option copies (the writer) share."""
    _TRACKED[engine.pool] = frozenset(_TRACKED.get(engine.pool, frozenset()) | set(names))
    if not event.contains(engine, "after_execute", _after_execute):
        event.listen(engine, "after_execute", _after_execute)
