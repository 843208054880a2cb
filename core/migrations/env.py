"""Alembic environment: the core branch plus one version location per enabled plugin.
`smogpanel.migrate` builds the Config; a caller may hand over an open connection."""

from alembic import context
from sqlalchemy import pool

from smogpanel.db import Base, make_engine

config = context.config
target_metadata = Base.metadata


def record(ctx, step, heads, run_args):
    """Each revision applied, for the caller (`smogpanel init` says which it applied)."""
    applied = config.attributes.get("applied")
    if applied is not None and step.is_upgrade:
        applied.append((step.up_revision_id, step.up_revision.doc))


def run(connection):
    sqlite = connection.dialect.name == "sqlite" and not connection.in_transaction()
    if sqlite:
        # SQLite's batch migrations rebuild a table (copy, drop, rename). With foreign keys on,
        # dropping a table others reference fails, or with ON DELETE CASCADE empties theirs: off
        # for the migration (the pragma is ignored inside a transaction, so on the raw
        # connection before it begins), and every reference checked after it.
        connection.connection.dbapi_connection.execute("PRAGMA foreign_keys=OFF")
    try:
        migrate(connection)
    finally:
        if sqlite:
            raw = connection.connection.dbapi_connection
            broken = raw.execute("PRAGMA foreign_key_check").fetchall()
            raw.execute("PRAGMA foreign_keys=ON")
    if sqlite and broken:
        raise RuntimeError(f"the migration left rows referring to missing ones: {broken[:10]}")


def migrate(connection):
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        on_version_apply=record,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    engine = make_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool)
    with engine.connect() as connection:
        run(connection)
