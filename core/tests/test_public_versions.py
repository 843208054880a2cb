"""Public payload versions: every kind declares the tables its payload reads, and every way of
writing to such a table (ORM, bulk statements, a raw connection, text SQL) gives a new version
in the same transaction, so a cached widget can never be stale."""

import pytest
import sqlalchemy as sa

from smogpanel.data_versions import TABLE, data_version, track
from smogpanel.db import Base
from smogpanel.testing.app import TablesRead


def demo_names(db, tables):
    """The live internal names in the kind's tables (its root table has that column)."""
    names = []
    for name in sorted(tables):
        table = Base.metadata.tables.get(name)
        if table is not None and "internal_name" in table.c:
            query = sa.select(table.c.internal_name)
            if "deleted" in table.c:
                query = query.where(table.c.deleted.is_(None))
            names.extend(db.scalars(query))
    return names


def test_every_kind_declares_every_table_its_payload_reads(testapp, db, demo, connection):
    registry = testapp.app.registry
    kinds = registry["smogpanel.public_kinds"]
    assert {"timer", "map", "rank", "search", "calculator", "graph"} <= set(kinds)
    for kind, tables in registry["smogpanel.public_tables"].items():
        names = demo_names(db, tables)
        assert names, f"{kind}: no demo record to build a payload from (or `shows` misses its own table)"
        with TablesRead(connection.engine) as read:
            for name in names:
                testapp.get(f"/api/public/{kind}/{name}", status=200)
        undeclared = read.names - tables - {TABLE.name}
        assert not undeclared, (
            f"{kind}'s payload reads {sorted(undeclared)} but its PublicKind.shows does not name them"
        )


# -- the tracker, on tables of its own -----------------------------------------------------------
metadata = sa.MetaData()
SHOWN = sa.Table(
    "versions_test_shown", metadata, sa.Column("id", sa.Integer, primary_key=True), sa.Column("text", sa.String(20))
)
OTHER = sa.Table("versions_test_other", metadata, sa.Column("id", sa.Integer, primary_key=True))


@pytest.fixture
def tracked(connection):
    metadata.create_all(connection)
    track(connection.engine, {SHOWN.name})
    yield connection


def version(connection):
    return data_version(connection, {SHOWN.name})


def test_every_kind_of_write_to_a_shown_table_changes_its_version(tracked):
    seen = [version(tracked)]

    def changed_by(write):
        with tracked.begin_nested():
            write()
        seen.append(version(tracked))
        assert seen[-1] > seen[-2], write.__doc__

    def bulk_insert():
        """executemany insert"""
        tracked.execute(sa.insert(SHOWN), [{"id": 1, "text": "a"}, {"id": 2, "text": "b"}])

    def bulk_update():
        """executemany update with bind parameters"""
        tracked.execute(
            sa.update(SHOWN).where(SHOWN.c.id == sa.bindparam("row")).values(text=sa.bindparam("t")),
            [{"row": 1, "t": "c"}, {"row": 2, "t": "d"}],
        )

    def text_update():
        """a textual UPDATE"""
        tracked.execute(sa.text("UPDATE versions_test_shown SET text = 'e'"))

    def delete():
        """a DELETE"""
        tracked.execute(sa.delete(SHOWN).where(SHOWN.c.id == 2))

    for write in (bulk_insert, bulk_update, text_update, delete):
        changed_by(write)
    # A write elsewhere, a read, or a write that was rolled back leaves it as it was.
    with tracked.begin_nested():
        tracked.execute(sa.insert(OTHER), [{"id": 1}])
        tracked.execute(sa.select(SHOWN)).all()
    savepoint = tracked.begin_nested()
    tracked.execute(sa.insert(SHOWN), [{"id": 3, "text": "f"}])
    savepoint.rollback()
    assert version(tracked) == seen[-1]


def test_two_writes_in_one_transaction_bump_once(tracked):
    before = version(tracked)
    with tracked.begin_nested():
        tracked.execute(sa.insert(SHOWN), [{"id": 5, "text": "a"}])
        tracked.execute(sa.insert(SHOWN), [{"id": 6, "text": "b"}])
    assert version(tracked) == before + 1


def test_a_transaction_that_wrote_a_table_gets_no_version_to_cache_under(tracked):
    from smogpanel.data_versions import stable_version

    assert stable_version(tracked, {SHOWN.name}) == version(tracked)
    with tracked.begin_nested():
        tracked.execute(sa.insert(SHOWN), [{"id": 7, "text": "a"}])
        assert stable_version(tracked, {SHOWN.name}) is None  # not committed: never cached
        assert stable_version(tracked, {OTHER.name}) is not None
        with tracked.begin_nested():  # a savepoint inside still sees the enclosing write
            assert stable_version(tracked, {SHOWN.name}) is None
    assert stable_version(tracked, {SHOWN.name}) == version(tracked)


def test_transactions_writing_a_tables_first_rows_at_once_each_count_and_none_fails(tmp_path_factory):
    """The first write to a table creates its counter. Writers racing on that (a burst of new
    accounts on a fresh database) each count once and none fails: a counter another transaction
    created between this one's update and its look-up was once inserted again with no values
    (a NOT NULL error, a 500)."""
    import threading

    from smogpanel.data_versions import bump
    from smogpanel.db import make_engine
    from smogpanel.testing.serve import fresh_database

    engine = make_engine(fresh_database(tmp_path_factory, "versions_race"))
    rounds, writers, errors = 30, 6, []

    def write(round_number):
        try:
            with engine.begin() as connection:
                bump(connection, {f"race_{round_number}", "race_shared"})
        except Exception as error:  # noqa: BLE001 - every failure is the finding
            errors.append(repr(error))

    for round_number in range(rounds):
        threads = [threading.Thread(target=write, args=(round_number,)) for _ in range(writers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    with engine.connect() as connection:
        versions = dict(connection.execute(sa.select(TABLE.c.name, TABLE.c.version)).all())
    engine.dispose()
    assert errors == []
    assert versions["race_shared"] == rounds * writers
    assert all(versions[f"race_{n}"] == writers for n in range(rounds))
