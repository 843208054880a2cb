"""ranks tables

Revision ID: ranks_0001
Revises:
Create Date: 2026-11-22 14:25:00
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "ranks_0001"
down_revision = None
branch_labels = ("ranks",)
depends_on = None

ALIVE = dict(sqlite_where=sa.text("deleted IS NULL"), postgresql_where=sa.text("deleted IS NULL"))


def _record_columns():
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("updated", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("deleted", smogpanel.db.UTCDateTime(), nullable=True),
    ]


def upgrade():
    op.create_table(
        "rank",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("internal_name", sa.String(length=100), nullable=False),
        sa.Column("rank_type_name", sa.String(length=16), nullable=False),
        sa.Column("subname", sa.String(length=255), nullable=False),
        sa.Column("choose_group_title", sa.String(length=255), nullable=False),
        sa.Column("show_empty", sa.SmallInteger(), nullable=False),
        sa.Column("search_value_title", sa.String(length=255), nullable=False),
        sa.Column("table_value_title", sa.String(length=255), nullable=False),
        sa.Column("logo_path", sa.String(length=64), nullable=True),
        sa.Column("legend", sa.Text(), nullable=False),
        sa.Column("show_summary", sa.SmallInteger(), nullable=False),
        sa.Column("summary_title", sa.String(length=255), nullable=False),
        sa.Column("lock_place_refresh", sa.SmallInteger(), nullable=False),
        *_record_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rank")),
    )
    with op.batch_alter_table("rank", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rank_deleted"), ["deleted"], unique=False)
        batch_op.create_index("uq_rank_internal_name_alive", ["internal_name"], unique=True, **ALIVE)

    op.create_table(
        "rank_group",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("rank_id", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(["rank_id"], ["rank.id"], name=op.f("fk_rank_group_rank_id_rank")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rank_group")),
    )
    with op.batch_alter_table("rank_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rank_group_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_rank_group_rank_id"), ["rank_id"], unique=False)

    op.create_table(
        "rank_entry",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("hidden", sa.SmallInteger(), nullable=False),
        sa.Column("rank_group_id", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["rank_group_id"], ["rank_group.id"], name=op.f("fk_rank_entry_rank_group_id_rank_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rank_entry")),
    )
    with op.batch_alter_table("rank_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rank_entry_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_rank_entry_rank_group_id"), ["rank_group_id"], unique=False)

    op.create_table(
        "rank_value",
        sa.Column("value", sa.Numeric(precision=20, scale=4), nullable=False),
        sa.Column("points", sa.Numeric(precision=20, scale=4), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("rank_group_id", sa.Integer(), nullable=False),
        sa.Column("rank_entry_id", sa.Integer(), nullable=True),
        sa.Column("borough_id", sa.Integer(), nullable=True),
        sa.Column("voivodeship_id", sa.Integer(), nullable=True),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["rank_entry_id"], ["rank_entry.id"], name=op.f("fk_rank_value_rank_entry_id_rank_entry")
        ),
        sa.ForeignKeyConstraint(
            ["rank_group_id"], ["rank_group.id"], name=op.f("fk_rank_value_rank_group_id_rank_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rank_value")),
    )
    with op.batch_alter_table("rank_value", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rank_value_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_rank_value_rank_entry_id"), ["rank_entry_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_rank_value_rank_group_id"), ["rank_group_id"], unique=False)
        batch_op.create_index(
            "uq_rank_value_rank_entry_id_voivodeship_id_alive",
            ["rank_entry_id", "voivodeship_id"],
            unique=True,
            **ALIVE,
        )
        batch_op.create_index(
            "uq_rank_value_rank_group_id_borough_id_alive", ["rank_group_id", "borough_id"], unique=True, **ALIVE
        )


def downgrade():
    op.drop_table("rank_value")
    op.drop_table("rank_entry")
    op.drop_table("rank_group")
    op.drop_table("rank")
