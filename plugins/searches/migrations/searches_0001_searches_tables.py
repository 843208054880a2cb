"""searches tables

Revision ID: searches_0001
Revises:
Create Date: 2026-11-22 14:30:00
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "searches_0001"
down_revision = None
branch_labels = ("searches",)
depends_on = None


def _record_columns():
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("updated", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("deleted", smogpanel.db.UTCDateTime(), nullable=True),
    ]


def upgrade():
    op.create_table(
        "search",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("internal_name", sa.String(length=100), nullable=False),
        sa.Column("source", sa.String(length=255), nullable=False),
        *_record_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search")),
    )
    with op.batch_alter_table("search", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_search_deleted"), ["deleted"], unique=False)
        batch_op.create_index(
            "uq_search_internal_name_alive",
            ["internal_name"],
            unique=True,
            sqlite_where=sa.text("deleted IS NULL"),
            postgresql_where=sa.text("deleted IS NULL"),
        )

    op.create_table(
        "search_key",
        sa.Column("search_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("hide_name", sa.SmallInteger(), nullable=False),
        sa.Column("search_key_place_name", sa.String(length=10), nullable=False),
        sa.Column("value_type_name", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(["search_id"], ["search.id"], name=op.f("fk_search_key_search_id_search")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_key")),
    )
    with op.batch_alter_table("search_key", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_search_key_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_search_key_search_id"), ["search_id"], unique=False)

    op.create_table(
        "search_entry",
        sa.Column("search_id", sa.Integer(), nullable=False),
        sa.Column("borough_id", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(["search_id"], ["search.id"], name=op.f("fk_search_entry_search_id_search")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_entry")),
    )
    with op.batch_alter_table("search_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_search_entry_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_search_entry_search_id"), ["search_id"], unique=False)
        batch_op.create_index(
            "uq_search_entry_search_id_borough_id_alive",
            ["search_id", "borough_id"],
            unique=True,
            sqlite_where=sa.text("deleted IS NULL"),
            postgresql_where=sa.text("deleted IS NULL"),
        )

    op.create_table(
        "search_value",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("key_id", sa.Integer(), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["entry_id"], ["search_entry.id"], name=op.f("fk_search_value_entry_id_search_entry")),
        sa.ForeignKeyConstraint(["key_id"], ["search_key.id"], name=op.f("fk_search_value_key_id_search_key")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_value")),
        sa.UniqueConstraint("entry_id", "key_id", name=op.f("uq_search_value_entry_id_key_id")),
    )
    with op.batch_alter_table("search_value", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_search_value_key_id"), ["key_id"], unique=False)


def downgrade():
    op.drop_table("search_value")
    op.drop_table("search_entry")
    op.drop_table("search_key")
    op.drop_table("search")
