"""graphs tables

Revision ID: graphs_0001
Revises:
Create Date: 2026-11-22 17:40:00
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "graphs_0001"
down_revision = None
branch_labels = ("graphs",)
depends_on = None

DECIMAL = sa.String(48)  # exact decimals as canonical text (smogpanel.db.DecimalText)


def _record_columns():
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("updated", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("deleted", smogpanel.db.UTCDateTime(), nullable=True),
    ]


def _indexes(table, *columns):
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_deleted"), ["deleted"], unique=False)
        for column in columns:
            batch_op.create_index(batch_op.f(f"ix_{table}_{column}"), [column], unique=False)


def upgrade():
    op.create_table(
        "graph",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("internal_name", sa.String(length=100), nullable=False),
        sa.Column("title", sa.String(length=255), nullable=False),
        sa.Column("subtitle", sa.String(length=255), nullable=False),
        sa.Column("subname", sa.String(length=255), nullable=False),
        sa.Column("unit", sa.String(length=100), nullable=False),
        sa.Column("source", sa.String(length=255), nullable=False),
        sa.Column("legend", sa.Text(), nullable=False),
        sa.Column("graph_type_name", sa.String(length=16), nullable=False),
        sa.Column("graph_style_name", sa.String(length=16), nullable=False),
        sa.Column("position_title", sa.String(length=255), nullable=False),
        sa.Column("value_title", sa.String(length=255), nullable=False),
        *_record_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_graph")),
    )
    _indexes("graph")
    with op.batch_alter_table("graph", schema=None) as batch_op:
        batch_op.create_index(
            "uq_graph_internal_name_alive",
            ["internal_name"],
            unique=True,
            sqlite_where=sa.text("deleted IS NULL"),
            postgresql_where=sa.text("deleted IS NULL"),
        )

    op.create_table(
        "graph_key_group",
        sa.Column("graph_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("color", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(["graph_id"], ["graph.id"], name=op.f("fk_graph_key_group_graph_id_graph")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_graph_key_group")),
    )
    _indexes("graph_key_group", "graph_id")

    op.create_table(
        "graph_key",
        sa.Column("graph_id", sa.Integer(), nullable=False),
        sa.Column("key_group_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("short_name", sa.String(length=100), nullable=False),
        sa.Column("value_type_name", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(["graph_id"], ["graph.id"], name=op.f("fk_graph_key_graph_id_graph")),
        sa.ForeignKeyConstraint(
            ["key_group_id"], ["graph_key_group.id"], name=op.f("fk_graph_key_key_group_id_graph_key_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_graph_key")),
    )
    _indexes("graph_key", "graph_id", "key_group_id")

    op.create_table(
        "graph_group",
        sa.Column("graph_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(["graph_id"], ["graph.id"], name=op.f("fk_graph_group_graph_id_graph")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_graph_group")),
    )
    _indexes("graph_group", "graph_id")

    op.create_table(
        "graph_entry",
        sa.Column("graph_group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("color", sa.String(length=64), nullable=False),
        sa.Column("with_goal", sa.SmallInteger(), nullable=False),
        sa.Column("goal", DECIMAL, nullable=True),
        sa.Column("goal_progress_info", sa.String(length=255), nullable=False),
        sa.Column("goal_value_info", sa.String(length=255), nullable=False),
        sa.Column("goal_value_subinfo", sa.String(length=255), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["graph_group_id"], ["graph_group.id"], name=op.f("fk_graph_entry_graph_group_id_graph_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_graph_entry")),
    )
    _indexes("graph_entry", "graph_group_id")

    op.create_table(
        "graph_value",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("key_id", sa.Integer(), nullable=False),
        sa.Column("value", DECIMAL, nullable=False),
        sa.ForeignKeyConstraint(["entry_id"], ["graph_entry.id"], name=op.f("fk_graph_value_entry_id_graph_entry")),
        sa.ForeignKeyConstraint(["key_id"], ["graph_key.id"], name=op.f("fk_graph_value_key_id_graph_key")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_graph_value")),
        sa.UniqueConstraint("entry_id", "key_id", name=op.f("uq_graph_value_entry_id_key_id")),
    )
    with op.batch_alter_table("graph_value", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_graph_value_key_id"), ["key_id"], unique=False)


def downgrade():
    for table in ("graph_value", "graph_entry", "graph_group", "graph_key", "graph_key_group", "graph"):
        op.drop_table(table)
