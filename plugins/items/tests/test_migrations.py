"""The items migration creates exactly the table the model declares (on SQLite and PostgreSQL)."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from smogpanel.db import Base
from smogpanel.plugins.items.models import Item


def test_the_migration_matches_the_model(engine):
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = [d for d in compare_metadata(context, Base.metadata) if Item.__tablename__ in repr(d)]
    assert differences == []
