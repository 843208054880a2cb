"""Upgrades keep data. A database at every branch's first revision (the core's and each
plugin's), with rows in every table it has, is brought to head by `smogpanel init`: every row
is still there with the same values, and readable through the API (each record of each kind,
each public payload, each uploaded file, the administrator's password). Then each branch goes
down to its first revision again and the data is what it was at head (less what the newer
migrations added).

The old rows are the rows of a database populated at head (smogpanel.testing.data), less the
columns the old schema lacks. A migration that writes rows or changes what a column holds (not
only adds) gives the form before it in OLD_FORMS, so the test writes what the old release wrote."""

import pytest
import sqlalchemy as sa
import webtest
from alembic import command

from smogpanel.cli import main as cli
from smogpanel.migrate import alembic_config, script_directory
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.testing.data import contents, empty_tables, populate, raw_rows, sign_in
from smogpanel.testing.serve import drop_schema, empty_database, live_app

pytestmark = pytest.mark.slow  # old databases made and migrated to head and back

SCHEMAS = ("upgrade_head", "upgrade_old")
# revision -> {table: function(head's row) -> the row before that revision, or None: not there}
OLD_FORMS = {
    "core_0005": {"installation_setting": lambda row: None if row["key"] == "installation_id" else row},
}


def records(url):
    """{table: [row as a dict, as stored]} of every table."""
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            found = {}
            for table in sa.inspect(connection).get_table_names():
                columns, rows = raw_rows(connection, table)
                found[table] = [dict(zip(columns, row)) for row in rows]
            return found
    finally:
        engine.dispose()


def projected(rows_by_table, columns_by_table):
    """Every row of the tables in `columns_by_table`, with only those columns, sorted."""
    return {
        table: sorted((tuple(row[c] for c in columns) for row in rows_by_table[table]), key=repr)
        for table, columns in columns_by_table.items()
    }


def columns_of(url):
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        inspector = sa.inspect(engine)
        return {table: [c["name"] for c in inspector.get_columns(table)] for table in inspector.get_table_names()}
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def head_rows(tmp_path_factory):
    url = empty_database(tmp_path_factory, SCHEMAS[0])
    populate(url, tmp_path_factory.mktemp("mail"))
    rows = records(url)
    drop_schema(url, SCHEMAS[0])
    return rows


SCRIPT = script_directory("sqlite://", build_plugin_manager())


def below(revisions):
    """The revisions up to and including `revisions`, with what they depend on."""
    return {r.revision for revision in revisions for r in SCRIPT.iterate_revisions(revision, "base")}


def tips(revisions):
    """Each branch's newest revision among `revisions` (a whole history, dependencies included)."""
    parents = set()
    for revision in revisions:
        down = SCRIPT.get_revision(revision).down_revision
        parents.update(down if isinstance(down, tuple) else (down,))
    return sorted(set(revisions) - parents)


def old_states():
    """The oldest databases a release could leave: every branch at its first revision; and for
    a first revision that needs a later one of another branch (letters_0001 needs core_0004),
    a state of its own with it and what it needs. Each: the revisions to upgrade to."""
    bases = set(SCRIPT.get_bases())
    alone = sorted(base for base in bases if below([base]) <= bases)
    return [alone] + [sorted({*alone, base}) for base in sorted(bases - set(alone))]


def as_before(table, rows, revisions):
    """A table's rows as a database at `revisions` held them (OLD_FORMS)."""
    for revision, forms in OLD_FORMS.items():
        if revision not in below(revisions) and table in forms:
            rows = [old for old in map(forms[table], rows) if old is not None]
    return rows


def write_old_database(url, head_rows, manager, targets):
    """The branches at `targets`, every table holding the head's rows (the old columns).
    Returns the revisions the database is at."""
    config = alembic_config(url, manager)
    for target in targets:
        command.upgrade(config, target)
    bases = sorted(revision for (revision,) in contents(url, ["alembic_version"])["alembic_version"])
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        metadata = sa.MetaData()
        metadata.reflect(engine)
        with engine.begin() as connection:
            for table in reversed(metadata.sorted_tables):
                if table.name != "alembic_version":
                    connection.execute(table.delete())  # what a first migration itself wrote
            for table in metadata.sorted_tables:
                if table.name == "alembic_version":
                    continue
                rows = [{c.name: row[c.name] for c in table.columns} for row in head_rows[table.name]]
                rows = as_before(table.name, rows, bases)
                if rows:  # SQLite: untyped columns, so values go back exactly as they were stored
                    into = (
                        table
                        if engine.dialect.name == "postgresql"
                        else sa.table(table.name, *(sa.column(c.name) for c in table.columns))
                    )
                    connection.execute(into.insert(), rows)
            if engine.dialect.name == "postgresql":
                for table in metadata.sorted_tables:
                    if "id" in table.columns and isinstance(table.columns["id"].type, sa.Integer):
                        connection.exec_driver_sql(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), max(id)) FROM {table.name} "
                            f"HAVING max(id) IS NOT NULL AND pg_get_serial_sequence('{table.name}', 'id') IS NOT NULL"
                        )
    finally:
        engine.dispose()
    return bases


def read_everything_through_the_api(url, tmp_path):
    """Each live record of each kind, each public payload, each stored file, through the app."""
    app = live_app(url, tmp_path / "mail")
    client = webtest.TestApp(app)
    headers = sign_in(client)  # the demo administrator's password hash survived
    resources = app.registry["smogpanel.resources"]
    public_kinds = app.registry["smogpanel.public_kinds"]
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    read = {}
    try:
        with engine.connect() as connection:
            for kind, resource in sorted(resources.items()):
                table = resource.model.__table__
                live = connection.execute(sa.select(table).where(table.c.deleted.is_(None))).mappings().all()
                for row in live:
                    answer = client.get(f"/api/{kind}/{row['id']}", headers=headers).json["message"]
                    assert answer["id"] == row["id"], kind
                    if "name" in row:
                        assert answer["name"] == row["name"], kind
                    if kind in public_kinds and row.get("internal_name"):
                        client.get(f"/api/public/{kind}/{row['internal_name']}", status=200)
                if resource.list_all:
                    listed = client.get(f"/api/{kind}/", headers=headers).json["message"]["list"]
                    assert sorted(item["id"] for item in listed) == sorted(row["id"] for row in live), kind
                read[table.name] = len(live)
            for name, data in connection.execute(sa.text("SELECT name, data FROM stored_file")):
                assert client.get(f"/files/{name}").body == data
                read["stored_file"] = read.get("stored_file", 0) + 1
    finally:
        engine.dispose()
        app.registry["db.engine"].dispose()
    return read


STATES = old_states()


@pytest.mark.parametrize(
    "targets",
    STATES,
    ids=["first-revisions"] + ["with-" + "+".join(sorted(set(state) - set(STATES[0]))) for state in STATES[1:]],
)
def test_an_old_database_upgraded_to_head_keeps_and_serves_its_data_and_goes_down_again(
    targets, head_rows, tmp_path_factory, tmp_path, monkeypatch, capsys
):
    url = empty_database(tmp_path_factory, SCHEMAS[1])
    manager = build_plugin_manager()
    try:
        bases = write_old_database(url, head_rows, manager, targets)
        old_columns = columns_of(url)
        old = contents(url)
        assert [t for t in empty_tables(old) if t != "alembic_version"] == []

        monkeypatch.setenv("SMOGPANEL_DATABASE_URL", url)
        assert cli(["-c", "", "init"]) == 0
        out = capsys.readouterr().out
        heads = set(SCRIPT.get_heads())
        applied = [r.revision for r in SCRIPT.walk_revisions() if r.revision not in below(bases)]
        assert f"Zastosowane migracje ({len(applied)}):" in out
        for revision in applied:
            assert revision in out
        for revision in below(bases):
            assert f"  {revision} " not in out
        assert {revision for (revision,) in contents(url, ["alembic_version"])["alembic_version"]} == heads

        upgraded = {table: as_before(table, rows, bases) for table, rows in records(url).items()}
        assert projected(upgraded, {t: c for t, c in old_columns.items() if t != "alembic_version"}) == {
            t: rows for t, rows in old.items() if t != "alembic_version"
        }
        read = read_everything_through_the_api(url, tmp_path)
        assert [t for t, count in read.items() if t in old_columns and not count] == [] and read["stored_file"], read

        at_head = {table: as_before(table, rows, bases) for table, rows in records(url).items()}
        config = alembic_config(url, manager)
        for tip in tips(below(bases)):
            command.downgrade(config, tip)
        assert contents(url) == projected(at_head, old_columns) | {"alembic_version": [(b,) for b in bases]}
    finally:
        drop_schema(url, SCHEMAS[1])
